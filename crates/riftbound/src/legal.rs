//! Legal actions for the seat to act (deterministic order) and applying them.

use crate::action::{ObjId, Ref, RiftAction, Src};
use crate::cards::On;
use crate::state::*;
use engine::ActionError;

impl RiftGame {
    /// The seat that must decide now (CR 312–313): a prompt's seat, the priority holder while the
    /// chain exists, the Focus holder in a showdown, else the turn player.
    pub fn acting(&self) -> Option<u8> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some(p) = &self.prompt {
            return Some(p.seat());
        }
        if !self.chain.is_empty() {
            return Some(self.priority);
        }
        if let Some(sd) = &self.showdown {
            return Some(sd.focus);
        }
        if self.invited_open(self.invited) {
            return Some(self.invited);
        }
        Some(self.turn_player)
    }

    pub fn legal(&self, out: &mut Vec<RiftAction>) {
        let Some(seat) = self.acting() else { return };
        if let Some(p) = &self.prompt {
            self.prompt_options(p, out);
            self.concessions(seat, out);
            return;
        }
        let me = &self.players[seat as usize];
        // Every cost below is asked of one unchanged state: the payment sources are read once.
        let pay = crate::payment::PayCache::new(seat);
        // Cards: hand (in id order), Champion Zone, facedown (CR 419, 811).
        let mut sorted = [0 as ObjId; 24];
        let sorted_long: Vec<ObjId>;
        let hand: &[ObjId] = if me.hand.len() <= sorted.len() {
            let h = &mut sorted[..me.hand.len()];
            h.copy_from_slice(&me.hand);
            h.sort_unstable();
            h
        } else {
            let mut h = me.hand.clone();
            h.sort_unstable();
            sorted_long = h;
            &sorted_long
        };
        for &c in hand {
            if self.can_play_in(&pay, c) {
                out.push(RiftAction::Play(c));
            }
        }
        for (i, o) in self.playable_zone_ids().map(|i| (i, self.obj(i))) {
            // Flow (CR 829): a spell with a Flow cost is played from its owner's trash.
            if ((o.zone == Zone::ChampionZone && o.owner == seat)
                || (matches!(o.zone, Zone::Facedown(_)) && o.controller == seat)
                || (o.zone == Zone::Trash && o.owner == seat && self.def(o.def).flow.is_some()))
                && self.can_play_in(&pay, i)
            {
                out.push(RiftAction::Play(i));
            }
        }
        if self.can_activate_in(&pay, Src::Legend) {
            out.push(RiftAction::Act(Src::Legend));
        }
        // Runes without an ability of their own are not looked at (`BoardSet::inert`), nor the
        // other players' objects.
        for i in self.active_ids_of(seat) {
            let o = self.obj(i);
            let d = self.def(o.def);
            if !o.zone.on_board() || o.controller != seat {
                continue;
            }
            // Its activated abilities, its own and the granted ones (`activated.rs`); most of the
            // board is runes without abilities: nothing to ask.
            if d.abilities.is_empty() && (self.effects.is_empty() || !self.has_granted_on(i, On::Activated)) {
                continue;
            }
            // A card with only triggered or static abilities and nothing granted has nothing to
            // count (speed: `activated_count` reads the card's abilities twice and the grants).
            let own = d.abilities.iter().any(|a| a.on == On::Activated || a.keyword.is_some());
            let count = if own || self.has_granted_on(i, On::Activated) { self.activated_count(i) } else { 0 };
            debug_assert_eq!(count, self.activated_count(i), "activated count shortcut");
            for k in 0..count.min(256) {
                let src = crate::activated::src_nth(i, k as u8);
                if self.can_activate_in(&pay, src) {
                    out.push(RiftAction::Act(src));
                }
            }
            // Empower [cost] (CR 827), units included.
            if d.empower.is_some() && self.can_activate_in(&pay, Src::Empower(i)) {
                out.push(RiftAction::Act(Src::Empower(i)));
            }
        }
        for &c in &me.hand {
            for b in 0..self.bfs.len() as u8 {
                if self.can_hide_in(&pay, c, b) {
                    out.push(RiftAction::Hide(c, b));
                }
            }
        }
        self.pool_actions(seat, out);
        if self.own_neutral_open(seat) {
            for u in self.units() {
                self.each_route(seat, u, |r| out.push(RiftAction::Move(u, loc_ref(r))));
            }
            if self.can_invite(seat) {
                out.push(RiftAction::Invite);
            }
            out.push(RiftAction::End);
        } else {
            out.push(RiftAction::Pass);
        }
        self.concessions(seat, out);
    }

    /// The concessions of `seat`, to act or not (`Game::out_of_turn_actions`): the game (CR 649)
    /// and, in a Bo3/Bo5 match, the match.
    pub(crate) fn concessions(&self, seat: u8, out: &mut Vec<RiftAction>) {
        if self.can_concede(seat) {
            out.push(RiftAction::Concede(seat));
            if self.several_games() {
                out.push(RiftAction::ConcedeMatch(seat));
            }
        }
    }

    pub(crate) fn prompt_options(&self, p: &Prompt, out: &mut Vec<RiftAction>) {
        match p {
            Prompt::Mulligan { seat, aside } => {
                if aside.len() < self.opts.mulligan_max as usize {
                    for &h in &self.players[*seat as usize].hand {
                        if !aside.contains(&h) {
                            out.push(RiftAction::Mull(h));
                        }
                    }
                }
                out.push(RiftAction::Keep);
            }
            Prompt::Build(b) => {
                let before = out.len();
                self.build_options(b, out);
                if self.back_open(b, out.len() > before) {
                    out.push(RiftAction::Back);
                }
            }
            Prompt::TriggerOrder { seat } => {
                for (i, pd) in self.pending.iter().enumerate() {
                    if pd.item.controller == *seat && !self.pending[..i].iter().any(|q| q.item == pd.item) {
                        out.push(RiftAction::First(i as u8));
                    }
                }
            }
            Prompt::Discard { seat, .. } | Prompt::Recycle { seat, .. } => {
                for &h in &self.players[*seat as usize].hand {
                    out.push(RiftAction::Pick(Ref::Obj(h)));
                }
            }
            Prompt::Predict { .. } => {
                out.push(RiftAction::Yes);
                out.push(RiftAction::No);
            }
            Prompt::PredictMany { cards, order, .. } => self.predict_options(cards, *order, out),
            Prompt::AddDomain { mask, .. } => Self::domain_options(*mask, out),
            Prompt::Assign { seat, left } => {
                for u in self.assign_candidates(*seat, *left) {
                    out.push(RiftAction::Pick(Ref::Obj(u)));
                }
            }
            Prompt::Showdown { .. } => {
                for b in self.staged_showdowns() {
                    out.push(RiftAction::Pick(Ref::Bf(b)));
                }
            }
            Prompt::Split { left, slot, points, .. } => {
                if let Some(item) = self.split_item() {
                    for u in self.split_options(&item, *slot, *left, points) {
                        out.push(RiftAction::Pick(Ref::Obj(u)));
                    }
                }
            }
            Prompt::Replacement { .. } if !self.dmg_batch.is_empty() => {
                // Damage: which replacement applies next (CR 372), whether another player's
                // optional one put next applies (CR 374), or which event a "once each turn" one
                // applies to (CR 373.a; `replace_ask.rs`).
                for i in 0..self.damage_choices() {
                    out.push(RiftAction::First(i as u8));
                }
                // An optional replacement may be declined (CR 371).
                if self.damage_may_decline() {
                    out.push(RiftAction::No);
                }
            }
            Prompt::EnterReady { unit, .. } => {
                // Which enter-ready static applies (CR 372), or decline the optional ones (CR 371).
                for i in 0..self.enter_ready_choices(*unit).len() {
                    out.push(RiftAction::First(i as u8));
                }
                if self.enter_may_decline(*unit) && self.obj(*unit).zone.on_board() {
                    out.push(RiftAction::No);
                }
            }
            Prompt::Replacement { unit, .. } => {
                // A death: which replacement applies (CR 372), or decline the optional ones (CR 371).
                for i in 0..self.death_choices(*unit).len() {
                    out.push(RiftAction::First(i as u8));
                }
                if self.death_may_decline(*unit) {
                    out.push(RiftAction::No);
                }
            }
            Prompt::Sideboard { .. } | Prompt::ChooseField { .. } | Prompt::PlayFirst { .. } => {
                self.match_options(p, out)
            }
            Prompt::BurnOut { seat } => {
                for o in self.burn_out_choices(*seat) {
                    out.push(RiftAction::Pick(Ref::Seat(o)));
                }
            }
            Prompt::HidePay { seat, bf, .. } => {
                self.pool_actions_paying(*seat, &self.hide_cost(*bf), &[], out);
                out.push(RiftAction::AutoPay);
                if self.hide_back_open() {
                    out.push(RiftAction::Back);
                }
            }
            Prompt::MoveGroup { seat, dest, units } => {
                for u in self.units() {
                    if !units.contains(&u) && self.has_route(*seat, u, *dest) {
                        out.push(RiftAction::Add(u));
                    }
                }
                out.push(RiftAction::Go);
            }
        }
    }

    /// Apply a legal action. Returns an error naming the rule otherwise (state unchanged).
    pub fn apply_action(&mut self, a: RiftAction) -> Result<(), ActionError> {
        let Some(seat) = self.acting() else { return Err(ActionError::game_over()) };
        if let RiftAction::Concede(s) | RiftAction::ConcedeMatch(s) = a {
            // CR 649: a player may concede at any time, out of turn too
            // (`Game::out_of_turn_actions`); in a match, the current game or the whole match.
            let whole = matches!(a, RiftAction::ConcedeMatch(_));
            let s = if s == NOBODY { seat } else { s };
            let ok = self.can_concede(s) && (!whole || self.several_games());
            if !ok {
                return Err(self.explain(s, if whole { RiftAction::ConcedeMatch(s) } else { RiftAction::Concede(s) }));
            }
            self.actions += 1;
            self.concede(s);
            self.advance();
            if whole {
                self.after_match_concession(s);
            } else {
                self.after_game();
            }
            #[cfg(debug_assertions)]
            self.check_board_index();
            return Ok(());
        }
        if !self.is_legal(seat, a) {
            return Err(self.explain(seat, a));
        }
        self.actions += 1;
        if seat == self.turn_player && a != RiftAction::Invite {
            self.invite_declined = false;
        }
        let invitee = self.invited_open(seat);
        // The prompt's lists are moved out, not copied (every arm sets the prompt anew); a build
        // (Err) is changed in place.
        let prompt = match self.prompt {
            Some(Prompt::Build(_)) => Err(()),
            Some(Prompt::Mulligan { .. } | Prompt::MoveGroup { .. }) => Ok(self.prompt.take()),
            ref p => Ok(p.clone()),
        };
        match prompt {
            Err(()) if a == RiftAction::Back => self.back_out(),
            Err(()) => self.step_build(Some(a)),
            Ok(Some(Prompt::Mulligan { seat, mut aside })) => match a {
                RiftAction::Mull(h) => {
                    aside.push(h);
                    self.prompt = Some(Prompt::Mulligan { seat, aside });
                }
                _ => self.finish_mulligan(seat, aside),
            },
            Ok(Some(Prompt::Build(_))) => {}
            Ok(Some(Prompt::TriggerOrder { .. })) => {
                if let RiftAction::First(i) = a {
                    self.prompt = None;
                    let p = self.pending.remove(i as usize);
                    self.begin_trigger(p.item);
                }
            }
            Ok(Some(Prompt::Discard { seat, left })) => {
                if let RiftAction::Pick(Ref::Obj(h)) = a {
                    self.prompt = (left > 1).then_some(Prompt::Discard { seat, left: left - 1 });
                    self.discard(seat, h);
                    if self.players[seat as usize].hand.is_empty() {
                        self.prompt = None;
                    }
                }
            }
            Ok(Some(Prompt::Recycle { seat, left })) => {
                if let RiftAction::Pick(Ref::Obj(h)) = a {
                    self.prompt = (left > 1).then_some(Prompt::Recycle { seat, left: left - 1 });
                    self.recycle_card(h);
                    if self.players[seat as usize].hand.is_empty() {
                        self.prompt = None;
                    }
                }
            }
            Ok(Some(Prompt::Predict { seat, card })) => {
                self.prompt = None;
                let def = self.obj(card).def;
                self.notes.add(|| crate::notes::Note::Predicted {
                    seat,
                    def: Some(def),
                    recycled: a == RiftAction::Yes,
                });
                if a == RiftAction::Yes {
                    let deck = &mut self.players[seat as usize].deck;
                    deck.retain(|&x| x != card);
                    deck.push(card);
                }
            }
            Ok(Some(Prompt::PredictMany { seat, cards, order })) => self.predict_apply(seat, cards, order, a),
            Ok(Some(Prompt::AddDomain { seat, left, mask, then })) => self.domain_apply(seat, left, mask, then, a),
            Ok(Some(Prompt::Assign { .. })) => {
                if let RiftAction::Pick(Ref::Obj(u)) = a {
                    self.assign_to(u);
                }
            }
            Ok(Some(Prompt::Showdown { .. })) => {
                if let RiftAction::Pick(Ref::Bf(b)) = a {
                    self.prompt = None;
                    self.start_showdown(b);
                }
            }
            Ok(Some(Prompt::Split { .. })) => {
                if let RiftAction::Pick(Ref::Obj(u)) = a {
                    self.split_pick(u);
                }
            }
            Ok(Some(p @ (Prompt::Sideboard { .. } | Prompt::ChooseField { .. } | Prompt::PlayFirst { .. }))) => {
                self.match_apply(&p, a)
            }
            Ok(Some(Prompt::Replacement { .. })) if !self.dmg_batch.is_empty() => match a {
                RiftAction::First(i) => self.answer_damage(Some(i as usize)),
                RiftAction::No => self.answer_damage(None),
                _ => {}
            },
            Ok(Some(Prompt::EnterReady { unit, .. })) => match a {
                RiftAction::First(i) => self.answer_enter_ready(unit, Some(i as usize)),
                RiftAction::No => self.answer_enter_ready(unit, None),
                _ => {}
            },
            Ok(Some(Prompt::Replacement { unit, .. })) => match a {
                RiftAction::First(i) => self.choose_replacement(unit, i as usize),
                RiftAction::No => self.decline_death_replacements(unit),
                _ => {}
            },
            Ok(Some(Prompt::BurnOut { .. })) => {
                if let RiftAction::Pick(Ref::Seat(o)) = a {
                    self.prompt = None;
                    self.burnout_owed.remove(0);
                    self.gain_point_burn_out(o);
                }
            }
            Ok(Some(Prompt::HidePay { seat, card, bf })) => match a {
                RiftAction::Back => self.prompt = None,
                RiftAction::AutoPay => {
                    self.prompt = None;
                    self.hide(seat, card, bf);
                }
                _ => {
                    self.add_to_pool(seat, a);
                    self.hide_or_ask(seat, card, bf);
                }
            },
            Ok(Some(Prompt::MoveGroup { seat, dest, mut units })) => match a {
                RiftAction::Add(u) => {
                    units.push(u);
                    self.prompt = Some(Prompt::MoveGroup { seat, dest, units });
                }
                _ => {
                    self.prompt = None;
                    // CR 144: one game action; the cost (exhaust) is paid for all units together.
                    for &u in &units {
                        self.objs[u as usize].set(flag::EXHAUSTED, true);
                    }
                    for &u in &units {
                        self.move_unit(u, dest);
                    }
                }
            },
            Ok(None) => match a {
                RiftAction::Play(c) => self.start_play(seat, c),
                RiftAction::Act(src) => self.start_activate(seat, src),
                RiftAction::Move(u, r) => {
                    let dest = match r {
                        Ref::Bf(b) => Loc::Bf(b),
                        _ => Loc::Base(seat),
                    };
                    self.prompt = Some(Prompt::MoveGroup { seat, dest, units: vec![u] });
                }
                RiftAction::Hide(c, b) => self.hide_or_ask(seat, c, b),
                RiftAction::Exhaust(..) | RiftAction::Recycle(..) => self.add_to_pool(seat, a),
                RiftAction::End => self.phase = Phase::Ending,
                RiftAction::Invite => self.invited = self.ally(seat).unwrap_or(NOBODY),
                RiftAction::Pass if invitee => {
                    // The invited teammate declines (CR 316.5.b.1): Priority returns.
                    self.invited = NOBODY;
                    self.invite_declined = true;
                }
                RiftAction::Pass => {
                    if !self.chain.is_empty() {
                        self.passes += 1;
                        self.priority = self.next_seat(self.priority);
                    } else if let Some(f) = self.showdown.as_ref().map(|s| s.focus) {
                        // Focus passes in turn order among the players still in the game (CR 347).
                        let nf = self.next_seat(f);
                        if let Some(sd) = self.showdown.as_mut() {
                            sd.passes += 1;
                            sd.focus = nf;
                        }
                    }
                }
                _ => {}
            },
        }
        self.track_back_out(a);
        // The invitation covers one item (CR 316.5.b.1): once the teammate's choices are made,
        // Priority is the turn player's again.
        if invitee && !a.is_pool() && !matches!(&self.prompt, Some(Prompt::Build(b)) if b.seat == seat) {
            self.invited = NOBODY;
        }
        self.advance();
        // Control statics chosen by Might or attachment (CR 476, 478; `control.rs`).
        self.relayer_dynamic_control();
        self.after_game();
        #[cfg(debug_assertions)]
        self.check_board_index();
        Ok(())
    }

    /// Exactly "`a` is in `legal()`", without building the whole list. Debug builds (every
    /// test, the conformance runs included) check the answer against the list itself, so a
    /// prompt, stage or action added to the listing but not to these checks fails loudly.
    fn is_legal(&self, seat: u8, a: RiftAction) -> bool {
        let fast = self.is_legal_unchecked(seat, a);
        #[cfg(debug_assertions)]
        {
            let mut all = Vec::new();
            self.legal(&mut all);
            assert_eq!(
                fast,
                all.contains(&a),
                "is_legal({a}) disagrees with the legal actions {all:?} at {:?}",
                self.prompt
            );
        }
        fast
    }

    fn is_legal_unchecked(&self, seat: u8, a: RiftAction) -> bool {
        if let Some(p) = &self.prompt {
            return self.prompt_allows(p, a);
        }
        let n = self.objs.len();
        match a {
            RiftAction::Play(c) => (c as usize) < n && self.can_play(seat, c),
            RiftAction::Act(Src::Legend) => self.can_activate(seat, Src::Legend),
            RiftAction::Act(Src::Empower(i)) => (i as usize) < n && self.can_activate(seat, Src::Empower(i)),
            RiftAction::Act(Src::Obj(i)) => (i as usize) < n && self.can_activate(seat, Src::Obj(i)),
            RiftAction::Act(Src::Nth(i, k)) => (i as usize) < n && k > 0 && self.can_activate(seat, Src::Nth(i, k)),
            RiftAction::Move(u, r) => {
                if (u as usize) >= n || !self.own_neutral_open(seat) {
                    return false;
                }
                let dest = match r {
                    Ref::Bf(b) => Loc::Bf(b),
                    Ref::Base => Loc::Base(seat),
                    Ref::Obj(_) | Ref::Seat(_) => return false,
                };
                self.has_route(seat, u, dest)
            }
            RiftAction::Hide(c, b) => (c as usize) < n && self.can_hide(seat, c, b),
            RiftAction::End => self.own_neutral_open(seat),
            RiftAction::Pass => !self.own_neutral_open(seat),
            RiftAction::Invite => self.can_invite(seat),
            RiftAction::Exhaust(..) | RiftAction::Recycle(..) => self.opts.rune_actions && self.is_pool_source(seat, a),
            _ => false,
        }
    }

    /// Exactly "`a` is in `prompt_options(p)`", without listing the options.
    fn prompt_allows(&self, p: &Prompt, a: RiftAction) -> bool {
        let in_hand = |seat: u8, h: ObjId| self.players[seat as usize].hand.contains(&h);
        match (p, a) {
            (Prompt::Mulligan { .. }, RiftAction::Keep) => true,
            (Prompt::Mulligan { seat, aside }, RiftAction::Mull(h)) => {
                aside.len() < self.opts.mulligan_max as usize && in_hand(*seat, h) && !aside.contains(&h)
            }
            (Prompt::Build(b), RiftAction::Back) => self.back_allowed(b),
            (Prompt::Build(b), a) => self.build_allows(b, a),
            (Prompt::TriggerOrder { seat }, RiftAction::First(i)) => self.pending.get(i as usize).is_some_and(|pd| {
                pd.item.controller == *seat && !self.pending[..i as usize].iter().any(|q| q.item == pd.item)
            }),
            (Prompt::Discard { seat, .. } | Prompt::Recycle { seat, .. }, RiftAction::Pick(Ref::Obj(h))) => {
                in_hand(*seat, h)
            }
            (Prompt::Predict { .. }, RiftAction::Yes | RiftAction::No) => true,
            (Prompt::Assign { seat, left }, RiftAction::Pick(Ref::Obj(u))) => {
                self.assign_candidates(*seat, *left).contains(&u)
            }
            (Prompt::Showdown { .. }, RiftAction::Pick(Ref::Bf(b))) => self.staged_showdowns().contains(&b),
            (Prompt::BurnOut { seat }, RiftAction::Pick(Ref::Seat(o))) => self.burn_out_choices(*seat).contains(&o),
            (Prompt::MoveGroup { .. }, RiftAction::Go) => true,
            (Prompt::MoveGroup { seat, dest, units }, RiftAction::Add(u)) => {
                (u as usize) < self.objs.len()
                    && self.obj(u).zone.on_board()
                    && self.card(u).is_unit()
                    && !units.contains(&u)
                    && self.has_route(*seat, u, *dest)
            }
            // Any other prompt (or an action no arm above takes): the listing decides.
            (p, a) => {
                let mut all = Vec::new();
                self.prompt_options(p, &mut all);
                all.contains(&a)
            }
        }
    }

    /// Mulligan (CR 117): draw as many as were set aside, then recycle them in random order.
    fn finish_mulligan(&mut self, seat: u8, mut aside: Vec<ObjId>) {
        self.prompt = None;
        self.draw(seat, aside.len() as i32);
        self.rng.shuffle(&mut aside);
        for h in aside {
            self.recycle_card(h);
        }
        self.players[seat as usize].mulliganed = true;
        let next = self.next_seat(seat);
        if self.players[next as usize].mulliganed {
            self.phase = Phase::Beginning;
            self.turn = 1;
        } else {
            self.prompt = Some(Prompt::Mulligan { seat: next, aside: Vec::new() });
        }
    }

    /// Why an action is refused, citing the rule.
    fn explain(&self, seat: u8, a: RiftAction) -> ActionError {
        let who = engine::Seat(seat);
        if a.is_pool() {
            return ActionError::illegal(self.pool_refusal(seat, a));
        }
        let msg = match (&self.prompt, a) {
            (_, RiftAction::Concede(_) | RiftAction::ConcedeMatch(_)) if !self.opts.allow_concede => {
                "conceding is turned off by the 'allow_concede' option (CR 649)".into()
            }
            (_, RiftAction::Concede(s) | RiftAction::ConcedeMatch(s))
                if (s as usize) >= self.players.len() || self.players[s as usize].left =>
            {
                format!("P{} is not in the game (CR 649)", s.wrapping_add(1))
            }
            (_, RiftAction::ConcedeMatch(_)) if !self.several_games() => {
                "'concede match' is for a Bo3/Bo5 match; this is a single game: 'concede' (CR 649)".into()
            }
            (Some(Prompt::Mulligan { .. }), _) => "during the mulligan choose 'mull cN' (up to 2) or 'keep' (CR 117)".into(),
            (Some(Prompt::Build(b)), RiftAction::AutoPay) if !matches!(b.stage, Stage::Pay | Stage::PayInstr | Stage::EquipPip) => {
                "'pay' pays a cost: there is none to pay now (CR 357)".into()
            }
            (Some(Prompt::Build(_) | Prompt::HidePay { .. }), RiftAction::Back) if self.backed_out => {
                "you backed out of a play and took no other action since: this one goes to the end (CR 354–359; engine bound, so that 'back' can't loop)".into()
            }
            (Some(Prompt::Build(_)), _) => "finish the choices of the item being played first (CR 355)".into(),
            (Some(Prompt::TriggerOrder { .. }), _) => "choose which trigger goes on the chain first (CR 383.3.d)".into(),
            (Some(Prompt::Discard { .. }), _) => "choose a card of your hand to discard (CR 422)".into(),
            (Some(Prompt::Recycle { .. }), _) => "choose a card of your hand to recycle (CR 416)".into(),
            (Some(Prompt::Predict { .. }), _) => "answer 'yes' (recycle it) or 'no' (CR 436)".into(),
            (Some(Prompt::AddDomain { .. }), _) => {
                "name the domain of the Power being added, one the prompt offers: 'domain fury' (calm, mind, body, chaos, order; CR 429)".into()
            }
            (Some(Prompt::PredictMany { order: false, .. }), _) => {
                "predict: 't cN' recycles a looked-at card to the bottom, 'done' keeps the rest (CR 436)".into()
            }
            (Some(Prompt::PredictMany { order: true, .. }), _) => {
                "predict: 't cN' puts a kept card back next from the top (CR 436)".into()
            }
            (Some(Prompt::Split { .. }), _) => {
                "place the next point of split damage on a target; every target gets at least one (CR 355.14)".into()
            }
            (Some(Prompt::Assign { .. }), _) => {
                "assign combat damage: lethal first, Tank before others, Backline last (CR 465.2)".into()
            }
            (Some(Prompt::MoveGroup { .. }), _) => "add units sharing the destination, or 'go' (CR 144)".into(),
            (Some(Prompt::Showdown { .. }), _) => "choose the battlefield whose showdown begins first (CR 323.9)".into(),
            (Some(Prompt::HidePay { .. }), _) => {
                "pay the Hide cost: add to your rune pool, 'pay' the rest automatically or 'back' (CR 421, 444)".into()
            }
            (Some(Prompt::BurnOut { .. }), _) => "choose the opponent who gains the burn-out point: 't pN' (CR 431)".into(),
            (Some(p @ (Prompt::Sideboard { .. } | Prompt::ChooseField { .. } | Prompt::PlayFirst { .. })), _)
                if !matches!(a, RiftAction::Concede(_) | RiftAction::ConcedeMatch(_)) =>
            {
                self.match_refusal(p)
            }
            (Some(Prompt::Replacement { .. }), _) if !self.dmg_batch.is_empty() => self.damage_refusal(),
            (Some(Prompt::EnterReady { unit, .. }), _) => format!(
                "choose which 'enter ready' applies: 'first 0'…'first {}'{} (CR 372, 371)",
                self.enter_ready_choices(*unit).len().saturating_sub(1),
                if self.enter_may_decline(*unit) { ", or 'no' to enter exhausted" } else { "" }
            ),
            (Some(Prompt::Replacement { unit, .. }), _) => {
                let repls = self.death_choices(*unit);
                let firsts: Vec<String> =
                    repls.iter().enumerate().map(|(i, r)| format!("'first {i}' {}", r.text().0)).collect();
                let no = if self.death_may_decline(*unit) { ", or 'no' to decline the optional ones" } else { "" };
                format!("choose which replacement applies to the death: {}{no} (CR 372, 371)", firsts.join(", "))
            }
            (None, RiftAction::Invite) => {
                "invite: 2v2 only, your Main Phase in Neutral Open, teammate still playing, not right after a declined invitation (CR 316.5.b.1, 489.8.a)".into()
            }
            (None, RiftAction::Play(c)) if (c as usize) >= self.objs.len() => format!("there is no card c{c}"),
            (None, RiftAction::Play(c)) => {
                let o = self.obj(c);
                if !matches!(o.zone, Zone::Hand | Zone::ChampionZone | Zone::Facedown(_)) || o.owner != seat {
                    format!("{who} can't play c{c}: not in their hand, Champion Zone or facedown (CR 419)")
                } else if !self.can_pay(seat, &self.base_cost(c)) {
                    format!("{who} can't pay for {} (CR 357)", self.def(o.def).name)
                } else {
                    format!("{who} can't play {} now: timing or no legal choices (CR 308–309, 355.8)", self.def(o.def).name)
                }
            }
            (None, RiftAction::Move(..)) => {
                "Standard Move: a ready unit you control, in your Main Phase with Neutral Open, along a legal route (CR 144, 447)".into()
            }
            (None, RiftAction::Hide(..)) => {
                "Hide: a Hidden card, your Neutral Open main phase, a battlefield you control with a free facedown slot, paying [A] (CR 811)".into()
            }
            (None, RiftAction::End) => "you can end your turn only in your Main Phase with Neutral Open (CR 316.9)".into(),
            (None, RiftAction::Pass) => "nothing to pass: it is your Main Phase (CR 312)".into(),
            (None, RiftAction::AutoPay) => "'pay' pays a cost: there is none to pay now (CR 357)".into(),
            (None, RiftAction::Act(_)) => "that ability can't be activated now (CR 377, 145.2)".into(),
            _ => format!("'{a}' is not a legal action for {who} now"),
        };
        ActionError::illegal(msg)
    }
}

pub fn loc_ref(l: Loc) -> Ref {
    match l {
        Loc::Bf(b) => Ref::Bf(b),
        _ => Ref::Base,
    }
}
