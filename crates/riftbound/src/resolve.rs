//! Resolving chain items (CR 340, 359.3): instructions run top to bottom; instructions about
//! illegal targets are skipped (CR 359.3.e); values from vanished objects are null (no last-known
//! information, CR 359.3.e.12). Choices made during resolution pause at `pc`.

use crate::action::ObjId;
use crate::cards::{Cond, Instr, Op, To, Who};
use crate::ops::{AB_EQUIP, AB_TEMPORARY, AB_VISION};
use crate::state::*;

impl RiftGame {
    pub fn continue_resolve(&mut self, r: Resolving) {
        let item = r.item;
        if self.notes.on {
            self.notes.by = Some(self.by_of(item.src));
        }
        match item.ab {
            AB_VISION => {
                // Vision (CR 817): Predict 1 — look at the top card, may recycle it (CR 436).
                if r.pc == 0 {
                    if let Some(&top) = self.players[item.controller as usize].deck.first() {
                        self.prompt = Some(Prompt::Predict { seat: item.controller, card: top });
                        self.resolving = Some(Resolving { item, pc: 1 });
                        return;
                    }
                }
                self.after_resolve(&item);
                return;
            }
            AB_TEMPORARY => {
                // Temporary (CR 816): kill it at the start of its controller's Beginning Phase.
                if let ItemSrc::Obj(id) = item.src {
                    if self.obj(id).inc == item.src_inc {
                        self.kill(id);
                    }
                }
                self.after_resolve(&item);
                return;
            }
            AB_EQUIP => {
                // Equip (CR 818): attach to the target unit (not a move, CR 434).
                if let (ItemSrc::Obj(g), Some(u)) = (item.src, item.target(0).and_then(|t| self.live(t))) {
                    let spec = &self.specs(&item)[0];
                    if self.obj(g).inc == item.src_inc && self.target_ok(&item, spec, self.tgt(u)) {
                        let zone = self.obj(u).zone;
                        let gg = &mut self.objs[g as usize];
                        gg.attached_to = u;
                        gg.zone = zone;
                        self.objs[u as usize].set(flag::EQUIPPED, true);
                    }
                }
                self.after_resolve(&item);
                return;
            }
            _ => {}
        }
        let Some(ab) = self.ability(&item) else {
            self.after_resolve(&item);
            return;
        };
        let mut pc = r.pc as usize;
        while pc < ab.effects.len() {
            let ins = &ab.effects[pc];
            pc += 1;
            if !self.cond(&item, ins.cond) {
                continue;
            }
            self.exec(&item, ins);
            if self.outcome.is_some() {
                return;
            }
            if self.prompt.is_some() {
                self.resolving = Some(Resolving { item, pc: pc as u8 });
                return;
            }
        }
        self.after_resolve(&item);
    }

    /// A target of the item that is still legal (CR 359.3.e).
    fn legal_target(&self, item: &Item, slot: u8) -> Vec<ObjId> {
        let specs = self.specs(item);
        item.targets
            .iter()
            .filter(|(s, _)| *s == slot)
            .filter_map(|(_, t)| {
                let id = self.live(*t)?;
                match specs.get(slot as usize) {
                    Some(spec) if self.target_ok(item, spec, *t) => Some(id),
                    None if slot == 9 => Some(id),
                    _ => None,
                }
            })
            .collect()
    }

    fn slot_objs(&self, item: &Item, slot: u8) -> Vec<ObjId> {
        if slot == 9 {
            return item
                .subject
                .and_then(|t| self.live(t))
                .filter(|&u| self.obj(u).zone.on_board())
                .into_iter()
                .collect();
        }
        self.legal_target(item, slot)
    }

    fn cond(&self, item: &Item, c: Cond) -> bool {
        let seat = item.controller;
        let t0 = self.legal_target(item, 0).first().copied();
        match c {
            Cond::Always => true,
            Cond::Legion => self.players[seat as usize].finalized >= 2,
            Cond::HandEmpty => self.players[seat as usize].hand.is_empty(),
            Cond::ControlMighty => self.units().any(|u| self.obj(u).controller == seat && self.mighty(u)),
            Cond::NoMighty => !self.units().any(|u| self.obj(u).controller == seat && self.mighty(u)),
            Cond::TMighty => t0.is_some_and(|u| self.mighty(u)),
            Cond::TStunned => t0.is_some_and(|u| self.obj(u).has(flag::STUNNED)),
            Cond::TNotStunned => t0.is_some_and(|u| !self.obj(u).has(flag::STUNNED)),
            Cond::UnitAtT => t0.is_some_and(|u| self.has_units_at(seat, self.loc(u))),
        }
    }

    fn group(&self, item: &Item, who: Who) -> Vec<ObjId> {
        let seat = item.controller;
        let here = self.here_of(item);
        let me = match item.src {
            ItemSrc::Obj(id) if self.obj(id).inc == item.src_inc => Some(id),
            _ => None,
        };
        let t0 = self.legal_target(item, 0).first().copied();
        let at = |l: Loc| -> Vec<ObjId> {
            if l == Loc::Nowhere {
                Vec::new()
            } else {
                self.units_at(l).collect()
            }
        };
        match who {
            Who::None => Vec::new(),
            Who::Self_ => me.filter(|&u| self.obj(u).zone.on_board()).into_iter().collect(),
            // "Friendly" includes a teammate's objects in 2v2; "enemy" means an opponent's (CR 489.8.b).
            Who::EnemyHere => at(here).into_iter().filter(|&u| !self.friendly(self.obj(u).controller, seat)).collect(),
            Who::OtherFriendlyHere => {
                at(here).into_iter().filter(|&u| self.friendly(self.obj(u).controller, seat) && Some(u) != me).collect()
            }
            Who::FriendlyHere => {
                at(here).into_iter().filter(|&u| self.friendly(self.obj(u).controller, seat)).collect()
            }
            Who::FriendlyAtT => match item.target(0) {
                Some(Tgt::Bf(b)) => {
                    at(Loc::Bf(b)).into_iter().filter(|&u| self.friendly(self.obj(u).controller, seat)).collect()
                }
                _ => Vec::new(),
            },
            Who::EnemyAtT => match t0 {
                Some(t) => {
                    at(self.loc(t)).into_iter().filter(|&u| !self.friendly(self.obj(u).controller, seat)).collect()
                }
                None => Vec::new(),
            },
            Who::OtherEnemyAtT => match t0 {
                Some(t) => at(self.loc(t))
                    .into_iter()
                    .filter(|&u| !self.friendly(self.obj(u).controller, seat) && u != t)
                    .collect(),
                None => Vec::new(),
            },
            Who::DefendersHere => at(here).into_iter().filter(|&u| self.obj(u).has(flag::DEFENDER)).collect(),
        }
    }

    fn exec(&mut self, item: &Item, ins: &Instr) {
        let seat = item.controller;
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
            Op::Damage => {
                for u in self.slot_objs(item, ins.t) {
                    self.deal(u, ins.n);
                }
            }
            Op::DamageEach => {
                for u in self.group(item, ins.who) {
                    self.deal(u, ins.n);
                }
            }
            Op::Kill => {
                for u in self.slot_objs(item, ins.t) {
                    self.kill(u);
                }
            }
            Op::Stun => {
                for u in self.slot_objs(item, ins.t) {
                    self.objs[u as usize].set(flag::STUNNED, true);
                }
            }
            Op::Ready => {
                for u in self.slot_objs(item, ins.t) {
                    self.objs[u as usize].set(flag::EXHAUSTED, false);
                }
            }
            Op::ReadySelf => {
                for u in self.group(item, Who::Self_) {
                    self.objs[u as usize].set(flag::EXHAUSTED, false);
                }
            }
            Op::Might => {
                for u in self.slot_objs(item, ins.t) {
                    self.objs[u as usize].temp_might += ins.n as i16;
                }
            }
            Op::MightEach => {
                for u in self.group(item, ins.who) {
                    self.objs[u as usize].temp_might += ins.n as i16;
                }
            }
            Op::BuffEach => {
                // CR 426: a unit holds at most one buff.
                for u in self.group(item, ins.who) {
                    self.objs[u as usize].set(flag::BUFFED, true);
                }
            }
            Op::ReturnHand => {
                for u in self.slot_objs(item, ins.t) {
                    self.set_zone(u, Zone::Hand);
                    let (def, owner) = (self.obj(u).def, self.obj(u).owner);
                    self.notes.add(|| crate::notes::Note::Returned { card: u, def, owner });
                }
            }
            Op::Counter => {
                // CR 425: remove the spell from the chain without effect; it goes to the trash.
                for s in self.slot_objs(item, ins.t) {
                    if let Some(i) = self.chain.iter().position(|c| c.src == ItemSrc::Spell(s)) {
                        self.chain.remove(i);
                        self.set_zone(s, Zone::Trash);
                    }
                }
            }
            Op::Cadet => {
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
                for _ in 0..ins.n {
                    self.create_cadet(seat, at);
                }
            }
            Op::Channel => self.channel(seat, ins.n, true),
            Op::Move => {
                for u in self.slot_objs(item, ins.t) {
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
                for u in self.slot_objs(item, ins.t) {
                    self.objs[u as usize].set(flag::SAVE, true);
                }
            }
        }
    }
}
