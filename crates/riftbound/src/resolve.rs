//! Resolving chain items (CR 340, 359.3): instructions run top to bottom; instructions about
//! illegal targets are skipped (CR 359.3.e); values from vanished objects are null (no last-known
//! information, CR 359.3.e.12). Choices made during resolution pause at `pc`.

use crate::action::ObjId;
use crate::cards::{Cond, Instr, Op, To, Who, Whose};
use crate::keywords::Holder;
use crate::state::*;

impl RiftGame {
    pub fn continue_resolve(&mut self, r: Resolving) {
        let mut item = r.item;
        if self.notes.on {
            self.notes.by = Some(self.by_of(item.src));
        }
        let db = self.db_arc();
        let Some(ab) = self.ability_in(&db, &item) else {
            self.after_resolve(&item);
            return;
        };
        // A spell's [Legion] text, judged as it resolves: inactive, it does nothing (CR 812, 726).
        if r.pc == 0 && r.after == NOBODY && !self.spell_legion_active(&item, ab) {
            if let ItemSrc::Spell(card) = item.src {
                let (seat, def) = (item.controller, self.obj(card).def);
                self.notes.add(|| crate::notes::Note::LegionInactive { seat, card, def });
            }
            self.after_resolve(&item);
            return;
        }
        let mut pc = r.pc as usize;
        // Resuming an instruction for each opponent after `after`'s choice (its condition was
        // checked when it began).
        let mut after = r.after;
        // Repeat (CR 820): the instructions execute 1 + `repeat` times, each execution with its
        // own targets (`repeat.rs`); `pc` counts across executions.
        let len = ab.effects.len();
        let total = len * (1 + item.repeat as usize);
        while pc < total {
            let k = pc / len;
            let ins = &ab.effects[pc % len];
            pc += 1;
            let view_owned;
            let view: &Item = if item.repeat == 0 {
                &item
            } else {
                view_owned = self.exec_view(&item, k as u16);
                &view_owned
            };
            if after == NOBODY && !self.cond(view, ins) {
                continue;
            }
            // "N for each counter on …" (CR 741–749): counted as the instruction begins (again
            // when it resumes for the next opponent after a choice).
            let counted = self.for_each_instr(view, ins);
            let ins = counted.as_ref().unwrap_or(ins);
            if ins.op == Op::Pay && pc == 1 && self.trigger_lead_pay(&item).is_some() {
                // A trigger's leading cost was paid as it was finalized (CR 204.3, 383.3.b).
                continue;
            }
            if ins.op == Op::Pay {
                // A cost inside the instruction (CR 204.3): pause for it, or skip the rest of
                // this execution if it can't be paid.
                if self.begin_instr_pay(view, ins) {
                    self.resolving = Some(Resolving { item, pc: pc as u32, after: NOBODY, pip: 0 });
                    return;
                }
                pc = (k + 1) * len;
                continue;
            }
            if ins.op == Op::EquipToMe && self.begin_equip_pay(view, ins) {
                // Weaponmaster's Equip cost, paid like a cost inside an instruction (CR 821).
                self.resolving = Some(Resolving { item, pc: pc as u32, after: NOBODY, pip: 0 });
                return;
            }
            // CR 462: a third player's unit created "here", at a combat between two others, goes
            // to its controller's base, and "here" then refers to the base for the rest of the item.
            let to_base = ins.op == Op::CreateToken
                && ins.to == To::Here
                && matches!(self.here_of(view), Loc::Bf(b) if self.combat_of_others(view.controller, b));
            let paused = self.exec(view, ins, after);
            if to_base {
                item.here_base = true;
            }
            after = NOBODY;
            if self.outcome.is_some() {
                return;
            }
            if self.prompt.is_some() {
                self.resolving = Some(match paused {
                    Some(p) => Resolving { item, pc: (pc - 1) as u32, after: p, pip: 0 },
                    None => Resolving { item, pc: pc as u32, after: NOBODY, pip: 0 },
                });
                return;
            }
        }
        self.after_resolve(&item);
    }

    /// The targets of the item in `slot` that are still legal (CR 359.3.e).
    pub(crate) fn legal_target(&self, item: &Item, slot: u8) -> Vec<ObjId> {
        let specs = self.specs(item);
        item.targets
            .iter()
            .filter(|(s, _)| *s == Slot::from(slot))
            .filter_map(|(_, t)| {
                let id = self.live(*t)?;
                match specs.get(slot as usize) {
                    Some(spec) if self.target_ok(item, spec, *t) => Some(id),
                    _ => None,
                }
            })
            .collect()
    }

    /// The instruction's condition (`if`), judged as it begins (CR 359.3).
    pub(crate) fn cond(&self, item: &Item, ins: &Instr) -> bool {
        let seat = item.controller;
        let t0 = || self.legal_target(item, 0).first().copied();
        // Counters on a battlefield (CR 741–749): at least `at_least` of them.
        let enough = |b: Option<u8>| {
            b.is_some_and(|b| self.counter_count_at(Holder::Bf(b), ins.counter_ix) >= ins.at_least.max(1))
        };
        match ins.cond {
            Cond::Always => true,
            Cond::Legion => self.finalized_another(seat, self.legion_of(item)),
            Cond::HandEmpty => self.players[seat as usize].hand.is_empty(),
            Cond::ControlMighty => self.units().any(|u| self.obj(u).controller == seat && self.mighty(u)),
            Cond::NoMighty => !self.units().any(|u| self.obj(u).controller == seat && self.mighty(u)),
            Cond::TMighty => t0().is_some_and(|u| self.mighty(u)),
            Cond::TStunned => t0().is_some_and(|u| self.obj(u).has(flag::STUNNED)),
            Cond::TNotStunned => t0().is_some_and(|u| !self.obj(u).has(flag::STUNNED)),
            Cond::UnitAtT => t0().is_some_and(|u| self.has_units_at(seat, self.loc(u))),
            Cond::CountersHere => enough(self.bf_here(item)),
            Cond::CountersAtT => enough(self.bf_at_t(item, ins.t)),
        }
    }

    /// The objects an instruction's selector picks (CR 359.3): the chosen target, the trigger's
    /// subject, the source, or every unit of a group. "Friendly" includes a teammate's objects in
    /// 2v2; "enemy" means an opponent's (CR 489.8.b).
    pub(crate) fn select(&self, item: &Item, ins: &Instr) -> Vec<ObjId> {
        let seat = item.controller;
        let here = self.here_of(item);
        let me = match item.src {
            ItemSrc::Obj(id) if self.obj(id).inc == item.src_inc => Some(id),
            _ => None,
        };
        let friendly = |u: ObjId| self.friendly(self.obj(u).controller, seat);
        let at = |l: Loc| -> Vec<ObjId> {
            if l == Loc::Nowhere {
                Vec::new()
            } else {
                self.units_at(l).collect()
            }
        };
        // The location of the target in slot t: a battlefield chosen as such, or a unit's place.
        let at_t = || -> Loc {
            match item.target(ins.t) {
                Some(Tgt::Bf(b)) => Loc::Bf(b),
                _ => self.legal_target(item, ins.t).first().map(|&u| self.loc(u)).unwrap_or(Loc::Nowhere),
            }
        };
        match ins.who {
            Who::Target => self.legal_target(item, ins.t),
            Who::Subject => {
                item.subject.and_then(|t| self.live(t)).filter(|&u| self.obj(u).zone.on_board()).into_iter().collect()
            }
            Who::Self_ => me.filter(|&u| self.obj(u).zone.on_board()).into_iter().collect(),
            Who::EnemyHere => at(here).into_iter().filter(|&u| !friendly(u)).collect(),
            Who::OtherFriendlyHere => at(here).into_iter().filter(|&u| friendly(u) && Some(u) != me).collect(),
            Who::FriendlyHere => at(here).into_iter().filter(|&u| friendly(u)).collect(),
            Who::DefendersHere => at(here).into_iter().filter(|&u| self.obj(u).has(flag::DEFENDER)).collect(),
            Who::EachFriendly => self.units().filter(|&u| friendly(u)).collect(),
            Who::EachEnemy => self.units().filter(|&u| !friendly(u)).collect(),
            Who::UnitsAtT => at(at_t()),
            // "Friendly units at that battlefield": only a battlefield target names one (ST1-034).
            Who::FriendlyAtT => match item.target(ins.t) {
                Some(Tgt::Bf(b)) => at(Loc::Bf(b)).into_iter().filter(|&u| friendly(u)).collect(),
                _ => Vec::new(),
            },
            Who::EnemyAtT => {
                let t = self.legal_target(item, ins.t).first().copied();
                t.map(|t| at(self.loc(t)).into_iter().filter(|&u| !friendly(u)).collect()).unwrap_or_default()
            }
            // Legends and battlefields are not objects: `holders.rs` names them.
            Who::YourLegend | Who::Here | Who::AtT => Vec::new(),
            Who::OtherEnemyAtT => {
                let t = self.legal_target(item, ins.t).first().copied();
                match t {
                    Some(t) => at(self.loc(t)).into_iter().filter(|&u| !friendly(u) && u != t).collect(),
                    None => Vec::new(),
                }
            }
        }
    }

    /// The players an instruction acts on: you, the controller of the target in slot t, or each
    /// opponent in turn order (CR 489.8.b). At most four seats: no allocation.
    fn players_of(&self, item: &Item, ins: &Instr) -> ([u8; 4], usize) {
        let seat = item.controller;
        let mut out = [NOBODY; 4];
        let mut n = 0;
        match ins.player {
            Whose::You => {
                out[0] = seat;
                n = 1;
            }
            Whose::ItsController => {
                let t = match ins.who {
                    Who::Subject => item.subject.and_then(|t| self.live(t)),
                    _ => self.legal_target(item, ins.t).first().copied(),
                };
                // A legend target's controller is its player (CR 173–176).
                let legend = || match self.place_target(item, ins.t) {
                    Some(Holder::Legend(s)) if ins.who != Who::Subject => Some(s),
                    _ => None,
                };
                if let Some(s) = t.map(|u| self.obj(u).controller).or_else(legend) {
                    out[0] = s;
                    n = 1;
                }
            }
            Whose::EachOpponent => {
                let mut s = self.next_seat(seat);
                while s != seat && n < out.len() && !out[..n].contains(&s) {
                    if !self.friendly(s, seat) && !self.players[s as usize].left {
                        out[n] = s;
                        n += 1;
                    }
                    s = self.next_seat(s);
                }
            }
        }
        (out, n)
    }

    /// Execute one instruction. On players, those after `after` in turn order from the
    /// controller act (all, with `after = NOBODY`); if one's choice pauses resolution, returns that
    /// player, so the rest choose in turn once it is made (CR 489.8.b, spec §24).
    pub(crate) fn exec(&mut self, item: &Item, ins: &Instr, after: u8) -> Option<u8> {
        if matches!(ins.op, Op::AddCounter | Op::RemoveCounter | Op::MoveCounter) {
            self.exec_counters(item, ins);
            return None;
        }
        if matches!(ins.op, Op::Ready | Op::Exhaust) {
            self.ready_legends(item, ins);
        }
        if ins.op == Op::GrantAbilityRepeat {
            self.legend_repeats(item, ins);
        }
        if ins.op.takes_selector() {
            let objs = self.select(item, ins);
            self.exec_on(item, ins, objs);
            return None;
        }
        let seat = item.controller;
        match ins.op {
            Op::DamageSplit => self.start_split(item, ins.t, ins.n),
            Op::HuntXp => self.hunt_xp(item),
            Op::CreateToken => {
                let at = match ins.to {
                    To::Here => self.here_of(item),
                    To::Base => Loc::Base(seat),
                    To::T0 => match item.target(0) {
                        Some(Tgt::Base(_)) => Loc::Base(seat),
                        Some(Tgt::Bf(b)) if self.bfs[b as usize].controller == seat => Loc::Bf(b),
                        _ => Loc::Nowhere,
                    },
                    _ => Loc::Nowhere,
                };
                // "Your effects create twice that many tokens" (CR 367, 375; `replace.rs`).
                for _ in 0..self.tokens_created(seat, ins.n) {
                    self.create_token(ins.token_def, seat, at);
                }
            }
            _ => {
                // Ops on players, in turn order from the controller: a choice pauses
                // resolution (one prompt at a time) and the next player acts once it is made.
                let (seats, n) = self.players_of(item, ins);
                let n_seats = self.n();
                let rank = move |s: u8| (s + n_seats - seat) % n_seats;
                for &p in &seats[..n] {
                    if after != NOBODY && rank(p) <= rank(after) {
                        continue;
                    }
                    self.exec_player(ins, p);
                    if self.outcome.is_some() {
                        return None;
                    }
                    if self.prompt.is_some() {
                        return Some(p);
                    }
                }
            }
        }
        None
    }

    fn exec_player(&mut self, ins: &Instr, seat: u8) {
        match ins.op {
            Op::Draw => self.draw(seat, ins.n),
            Op::Discard => {
                let left = (ins.n as usize).min(self.players[seat as usize].hand.len()) as u8;
                if left > 0 {
                    self.prompt = Some(Prompt::Discard { seat, left });
                }
            }
            Op::RecycleHand => {
                let left = (ins.n as usize).min(self.players[seat as usize].hand.len()) as u8;
                if left > 0 {
                    self.prompt = Some(Prompt::Recycle { seat, left });
                }
            }
            Op::DiscardHand => {
                let hand = self.players[seat as usize].hand.clone();
                for h in hand {
                    self.discard(seat, h);
                }
            }
            Op::Channel => self.channel(seat, ins.n, true),
            Op::GainXp => self.gain_xp(seat, ins.n.max(0) as u16),
            // Predict N > 1 (CR 436, `predict.rs`).
            Op::Predict if ins.n > 1 => self.start_predict(seat, ins.n),
            // Predict 1 (CR 436): the player looks at the top card and may recycle it.
            Op::Predict => {
                if let Some(&top) = self.players[seat as usize].deck.first() {
                    self.prompt = Some(Prompt::Predict { seat, card: top });
                }
            }
            Op::ExtraTurn => self.add_extra_turn(seat),
            Op::Add => self.add_instr(ins, seat),
            Op::GrantRepeat => {
                let cost = crate::payment::Cost::new(ins.n.clamp(0, 255) as u8, &ins.pip_masks);
                let this_turn = ins.spells == crate::cards::RepeatSpells::ThisTurn;
                self.grant_spell_repeat(seat, GrantedRepeat { cost, this_turn });
            }
            _ => {}
        }
    }

    fn exec_on(&mut self, item: &Item, ins: &Instr, objs: Vec<ObjId>) {
        match ins.op {
            Op::Damage => {
                // One game action: simultaneous events with their replacements (CR 373).
                let events: Vec<(ObjId, i32)> = objs.iter().map(|&u| (u, ins.n)).collect();
                self.deal_batch(&events, false);
            }
            Op::PreventDamage | Op::DoubleDamage => {
                use crate::replace::WardKind;
                let kind = match (ins.op, ins.n) {
                    (Op::DoubleDamage, _) => WardKind::Double,
                    (_, n) if n <= 0 => WardKind::PreventAll,
                    (_, n) => WardKind::PreventNext(n.min(u8::MAX as i32) as u8),
                };
                for u in objs {
                    self.add_ward(u, kind, item.controller, ins.once_each_turn, ins.may);
                }
            }
            Op::Kill => {
                for u in objs {
                    self.kill(u);
                }
            }
            Op::Stun => {
                for u in objs {
                    self.objs[u as usize].set(flag::STUNNED, true);
                }
            }
            Op::Ready | Op::Exhaust => {
                for u in objs {
                    self.objs[u as usize].set(flag::EXHAUSTED, ins.op == Op::Exhaust);
                }
            }
            Op::Might => {
                for u in objs {
                    let n = self.limited_might_change(u, ins.n, ins.limit);
                    self.objs[u as usize].add_temp_might(n as i16);
                }
            }
            Op::Buff => {
                // CR 426: a unit holds at most one buff.
                for u in objs {
                    self.objs[u as usize].set(flag::BUFFED, true);
                }
            }
            Op::ReturnHand => {
                for u in objs {
                    self.set_zone(u, Zone::Hand);
                    let (def, owner) = (self.obj(u).def, self.obj(u).owner);
                    self.notes.add(|| crate::notes::Note::Returned { card: u, def, owner });
                }
            }
            Op::Counter => {
                // CR 425: remove the spell from the chain without effect; it goes to the trash.
                for s in objs {
                    if let Some(i) = self.chain.iter().position(|c| c.src == ItemSrc::Spell(s)) {
                        self.chain.remove(i);
                        self.set_zone(s, Zone::Trash);
                    }
                }
            }
            Op::Move => {
                for u in objs {
                    let to = match ins.to {
                        To::Here => self.here_of(item),
                        To::OwnerBase => Loc::Base(self.obj(u).owner),
                        To::T1 => match item.target(1) {
                            Some(Tgt::Bf(b)) => Loc::Bf(b),
                            _ => Loc::Nowhere,
                        },
                        _ => Loc::Nowhere,
                    };
                    if to == Loc::Base(self.obj(u).owner) && self.obj(u).controller == self.obj(u).owner {
                        if self.can_move_to(u, to) {
                            self.move_unit(u, to);
                        }
                    } else if to != Loc::Nowhere {
                        if self.can_move_to(u, to) {
                            self.move_unit(u, to);
                        } else if matches!(to, Loc::Bf(_)) && !matches!(self.loc(u), Loc::Base(_)) {
                            // CR 447.2.c: a forced illegal move recalls instead.
                            self.recall(u);
                        }
                    }
                }
            }
            Op::Save => {
                for u in objs {
                    self.add_death_repl(u, false, ins.may, item.controller);
                }
            }
            Op::Empower => {
                for u in objs {
                    self.empower(u);
                }
            }
            Op::Disempower => {
                // CR 442: remove the status (nothing happens if it isn't Empowered).
                for u in objs {
                    self.objs[u as usize].set(flag::EMPOWERED, false);
                }
            }
            Op::Attach => {
                // Equip (CR 818): the source, still the same object on the board, attaches to the
                // unit (not a move, CR 434); it shares the unit's location.
                let ItemSrc::Obj(g) = item.src else { return };
                for u in objs {
                    if self.obj(g).inc != item.src_inc || !self.obj(g).zone.on_board() {
                        return;
                    }
                    let zone = self.obj(u).zone;
                    let gg = &mut self.objs[g as usize];
                    gg.attached_to = u;
                    gg.zone = zone;
                    self.objs[u as usize].set(flag::EQUIPPED, true);
                    self.relayer_dynamic_control();
                }
            }
            Op::EquipToMe => self.equip_to_me(item, objs, false),
            Op::SaveToHand => {
                for u in objs {
                    self.add_death_repl(u, true, ins.may, item.controller);
                }
            }
            Op::GainControl | Op::GainControlThisTurn => {
                for u in objs {
                    self.gain_control(u, item.controller, ins.op == Op::GainControlThisTurn);
                }
            }
            Op::Copy | Op::CopyThisTurn => {
                // The copied unit's current copyable traits (a copy's copy, CR 477.1); without a
                // legal unit in slot n nothing happens (CR 359.3.e). "This turn": a copy for a
                // limited time, ended in the Expiration Step (CR 317).
                let Some(src) = self.legal_target(item, ins.n as u8).first().copied() else { return };
                let def = self.obj(src).def;
                let this_turn = ins.op == Op::CopyThisTurn;
                for u in objs {
                    if u != src && self.copy_fits(u, src) {
                        self.add_effect(u, crate::layers::Effect::Copy { def, printed: def }, this_turn);
                    }
                }
            }
            Op::GrantAbility | Op::GrantAbilityThisTurn => {
                // Layer 2 (CR 477.2): the block `n` of the card this ability is on (`grant.rs`).
                let Some(def) = self.item_def(item) else { return };
                let e = crate::layers::Effect::GrantAbility { def, ab: ins.n.clamp(0, 255) as u8 };
                for u in objs {
                    if self.card(u).is_unit() {
                        self.add_effect(u, e, ins.op == Op::GrantAbilityThisTurn);
                    }
                }
            }
            Op::SetTrait | Op::SetTraitThisTurn => {
                // Layer 1 (CR 477.1.a): one trait, in timestamp order with copies (`traits.rs`).
                let Some(t) = ins.trait_val else { return };
                for u in objs {
                    self.add_effect(u, crate::layers::Effect::SetTrait(t), ins.op == Op::SetTraitThisTurn);
                }
            }
            Op::SetMight => {
                for u in objs {
                    self.add_effect(u, crate::layers::Effect::SetMight(ins.n as i16), true);
                }
            }
            Op::GainKeyword | Op::LoseKeyword => {
                let e = if ins.op == Op::GainKeyword {
                    crate::layers::Effect::Grant(ins.kw)
                } else {
                    crate::layers::Effect::Lose(ins.kw)
                };
                for u in objs {
                    self.add_effect(u, e, true);
                }
            }
            Op::GrantAbilityRepeat => {
                let cost = crate::payment::Cost::new(ins.n.clamp(0, 255) as u8, &ins.pip_masks);
                for u in objs {
                    self.grant_ability_repeat(u, cost);
                }
            }
            _ => {}
        }
    }
}
