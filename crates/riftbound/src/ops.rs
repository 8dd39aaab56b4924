//! Game actions (CR 407–444): zone changes, draw, discard, damage, kill, channel, move, recall,
//! create tokens, scoring and points. Triggers they cause become pending (CR 383).

use crate::action::ObjId;
use crate::cards::{DefId, On};
use crate::notes::{By, Note};
use crate::state::*;
use engine::Outcome;

impl RiftGame {
    /// Move an object to another zone. Leaving or entering a non-board zone makes a new object
    /// (CR 124): statuses, damage and "this turn" changes are lost. Tokens leaving the board cease to
    /// exist (CR 186.1). Equipment attached to a unit leaving the board stays behind (CR 435).
    pub fn set_zone(&mut self, id: ObjId, zone: Zone) {
        let old = self.obj(id).zone;
        // Flow (CR 829): a spell played for its Flow cost is banished instead when it leaves the chain.
        let zone = self.flow_destination(id, old, zone);
        if old == zone {
            return;
        }
        let owner = self.obj(id).owner as usize;
        match old {
            Zone::Hand => self.players[owner].hand.retain(|&x| x != id),
            Zone::Deck => self.players[owner].deck.retain(|&x| x != id),
            Zone::RuneDeck => self.players[owner].rune_deck.retain(|&x| x != id),
            Zone::Facedown(b) if self.bfs[b as usize].facedown == id => self.bfs[b as usize].facedown = NONE,
            _ => {}
        }
        let board_change = !(old.on_board() && zone.on_board());
        // Only objects on the board are attached (leaving it detaches them, below): the board
        // index's candidates are read, not every object (debug builds check it, `check_board_index`).
        if old.on_board() && !zone.on_board() {
            for e in self.board_ids() {
                if self.objs[e as usize].attached_to == id {
                    self.objs[e as usize].attached_to = NONE;
                }
            }
        }
        let token = self.obj(id).has(flag::TOKEN);
        if board_change && !(self.effects.is_empty() && self.static_copies.is_empty()) {
            // CR 124: a new object; continuous effects on the old one end (layers.rs).
            self.end_effects_of(id);
        }
        let o = &mut self.objs[id as usize];
        if board_change {
            o.inc = o.inc.wrapping_add(1);
            o.flags &= !flag::TRANSIENT;
            o.save_by = 0;
            o.damage = 0;
            o.temp_might = 0;
            o.temp_down = 0;
            o.attached_to = NONE;
            o.controller = o.owner;
        }
        o.zone = if token && !zone.on_board() { Zone::Gone } else { zone };
        match o.zone {
            Zone::Hand => self.players[owner].hand.push(id),
            Zone::Deck => self.players[owner].deck.push(id),
            Zone::RuneDeck => self.players[owner].rune_deck.push(id),
            Zone::Facedown(b) => self.bfs[b as usize].facedown = id,
            _ => {}
        }
        self.index_zone(id);
        // Equipment travels with its unit (CR 446.1): attached gear shares the unit's location.
        if old.on_board() && zone.on_board() {
            for e in self.board_ids() {
                if self.objs[e as usize].attached_to == id {
                    self.objs[e as usize].zone = zone;
                }
            }
        }
        // Leaving the board ends its control statics and the control effects on it (layer 1,
        // `control.rs`): the units it controlled go back.
        if old.on_board() && !zone.on_board() {
            self.relayer_control();
        }
    }

    /// Draw (CR 413); an empty deck burns out first (CR 431). A draw that another draw's burn-out
    /// is holding up waits behind it (`draw_rest`), so that cards are drawn in order.
    pub fn draw(&mut self, seat: u8, n: i32) {
        if self.draw_rest.is_empty() {
            self.draw_now(seat, n, false);
        } else if n > 0 {
            self.draw_rest.push((seat, n));
        }
    }

    /// Draw `n` now (CR 413). An empty deck burns out (CR 431: "do as much as possible, shuffle,
    /// choose an opponent who gains 1 point, then finish the action"): in FFA the burning player's
    /// choice is asked at once, in the middle of the draw — the rest of the draw (`draw_rest`) is
    /// made once the point is given, before anything else happens. With deck and trash both empty
    /// the player burns out again for the card still to draw (`again`: a burn-out of the same
    /// draw), until an opponent wins at once or no opponent can gain a point; then the rest of the
    /// draw is not made (it never could be).
    pub(crate) fn draw_now(&mut self, seat: u8, n: i32, again: bool) {
        let mut again = again;
        for k in 0..n {
            while self.players[seat as usize].deck.is_empty() && self.outcome.is_none() {
                if again && !self.burn_out_can_repeat(seat) {
                    return;
                }
                self.burn_out(seat);
                again = true;
                if let Some(&first) = self.burnout_owed.first() {
                    // The point waits for a choice: this card and the rest wait for the point.
                    self.draw_rest.insert(0, (seat, n - k));
                    self.draw_again = true;
                    if self.prompt.is_none() {
                        self.burn_out_point(first);
                    }
                    return;
                }
            }
            if self.outcome.is_some() {
                return;
            }
            again = false;
            if let Some(&top) = self.players[seat as usize].deck.first() {
                self.set_zone(top, Zone::Hand);
                let d = self.obj(top).def;
                self.notes.add(|| Note::Drew { seat, card: Some(top), def: Some(d) });
            }
        }
    }

    /// The rest of a draw held up by a burn-out point (CR 431), once that point is given.
    pub(crate) fn finish_draw(&mut self) {
        if self.draw_rest.is_empty() {
            return;
        }
        let (seat, n) = self.draw_rest.remove(0);
        let again = std::mem::take(&mut self.draw_again);
        self.draw_now(seat, n, again);
    }

    /// Another burn-out can give a point: the player is in the game and some opponent still in
    /// the game can gain one (points are capped by their counter, so the repetition always ends).
    fn burn_out_can_repeat(&self, seat: u8) -> bool {
        !self.players[seat as usize].left
            && self.burn_out_choices(seat).iter().any(|&o| self.players[o as usize].points < u8::MAX)
    }

    /// Burn Out (CR 431): shuffle the trash into the deck and an opponent, chosen by the burning
    /// player, gains 1 point. A player reaching the Victory Score this way with the lead wins at once.
    pub fn burn_out(&mut self, seat: u8) {
        let mut trash: Vec<ObjId> = (0..self.objs.len() as ObjId)
            .filter(|&i| self.obj(i).owner == seat && self.obj(i).zone == Zone::Trash)
            .collect();
        self.rng.shuffle(&mut trash);
        for id in trash {
            self.set_zone(id, Zone::Deck);
        }
        self.notes.add(|| Note::BurnOut { seat });
        self.notes.add(|| Note::Shuffled { seat });
        match self.burn_out_choices(seat).as_slice() {
            // One opposing team (1v1, 2v2: its players share their points): no choice to make.
            [opp, ..] if !self.burn_out_choice_matters(seat) => {
                let opp = *opp;
                self.gain_point_burn_out(opp);
            }
            // FFA with several opponents: the burning player chooses, as soon as no other choice is
            // open (the `BurnOut` prompt raised by `advance`).
            [_, _, ..] => self.burnout_owed.push(seat),
            _ => {}
        }
    }

    /// Opponents still in the game, in turn order from the burning player.
    pub fn burn_out_choices(&self, seat: u8) -> Vec<u8> {
        let n = self.n();
        (1..n).map(|k| (seat + k) % n).filter(|&o| !self.players[o as usize].left && !self.friendly(seat, o)).collect()
    }

    fn burn_out_choice_matters(&self, seat: u8) -> bool {
        let c = self.burn_out_choices(seat);
        c.iter().any(|&o| !self.friendly(o, c[0]))
    }

    /// Raise the burn-out choice for the oldest owed point (FFA).
    pub fn burn_out_point(&mut self, seat: u8) {
        if self.burn_out_choice_matters(seat) {
            self.prompt = Some(Prompt::BurnOut { seat });
            return;
        }
        self.burnout_owed.remove(0);
        if let Some(&o) = self.burn_out_choices(seat).first() {
            self.gain_point_burn_out(o);
        }
    }

    pub fn gain_point_burn_out(&mut self, opp: u8) {
        self.gain_point(opp);
        if let Some(w) = self.winner() {
            self.outcome = Some(self.outcome_for(w, "victory score reached by burn out"));
        }
    }

    /// Gain a point (CR 194). In 2v2 points are the team's (CR 489.8.d): both teammates' totals
    /// move together.
    pub fn gain_point(&mut self, seat: u8) {
        for s in 0..self.n() {
            if self.friendly(seat, s) {
                let p = &mut self.players[s as usize];
                p.points = p.points.saturating_add(1);
            }
        }
        let total = self.players[seat as usize].points;
        self.notes.add(|| Note::Point { seat, total, gained: 1 });
    }

    /// CR 194–196: a player (team) still in the game with points ≥ the Victory Score and more than
    /// every opponent still in the game.
    pub fn winner(&self) -> Option<u8> {
        let vs = self.opts.victory();
        // Most of the time nobody has the victory score: no winner, without the team checks.
        if self.players.iter().all(|p| p.points < vs) {
            return None;
        }
        (0..self.n()).find(|&s| {
            let p = self.players[s as usize].points;
            !self.players[s as usize].left
                && p >= vs
                && (0..self.n()).all(|o| {
                    self.friendly(s, o) || self.players[o as usize].left || self.players[o as usize].points < p
                })
        })
    }

    /// The seat wins, with its teammate in 2v2 (CR 489.8.d).
    pub fn outcome_for(&self, w: u8, reason: &str) -> Outcome {
        let mut o = Outcome::win(engine::Seat(w), reason);
        o.winners = (0..self.n()).filter(|&s| self.friendly(w, s)).map(engine::Seat).collect();
        o.scores = self.players.iter().map(|p| p.points as i64).collect();
        o
    }

    /// Discard (CR 422) and "when you discard" triggers.
    pub fn discard(&mut self, seat: u8, id: ObjId) {
        self.set_zone(id, Zone::Trash);
        let def = self.obj(id).def;
        self.notes.add(|| Note::Discarded { seat, card: id, def });
        self.fire_controlled(seat, On::YouDiscard, None);
    }

    /// Recycle a card from hand to the bottom of its deck (CR 416).
    pub fn recycle_card(&mut self, id: ObjId) {
        let from_hand = self.obj(id).zone == Zone::Hand;
        self.set_zone(id, Zone::Deck);
        let (seat, def) = (self.obj(id).owner, self.obj(id).def);
        if from_hand {
            self.notes.add(|| Note::RecycledHand { seat, def: Some(def) });
        }
    }

    pub fn deal(&mut self, id: ObjId, n: i32) {
        if n > 0 && self.obj(id).zone.on_board() {
            self.objs[id as usize].damage = self.obj(id).damage.saturating_add(n as i16);
            if self.notes.on {
                let o = self.obj(id);
                let (def, controller, by) = (o.def, o.controller, self.notes.by.unwrap_or(By::Unknown));
                self.notes.add(|| Note::Damage { by, unit: id, def, controller, amount: n as i16 });
            }
        }
    }

    /// Kill (CR 428), unless a replacement replaces the death (Stubborn Hide's heal and stun, a
    /// return to hand; `replace_death.rs`).
    /// Deathknell triggers are made pending first, noting where the unit died (CR 808).
    pub fn kill(&mut self, id: ObjId) {
        let o = self.obj(id).clone();
        if !o.zone.on_board() {
            return;
        }
        if o.has(flag::REPLACING) {
            return;
        }
        // A replacement of the death (`replace_death.rs`, CR 367–375).
        if self.death_replaced(id) {
            return;
        }
        let here = self.loc(id);
        let db = self.db_arc();
        let d = db.get(o.def);
        for (i, _) in d.ability_on(On::Deathknell) {
            self.push_trigger(o.controller, ItemSrc::Obj(id), i as u8, here, None);
        }
        // A granted Deathknell: the unit still has it as it dies (CR 808, `grant.rs`).
        self.push_granted_triggers(id, On::Deathknell, None);
        self.fire_unit_dies(id);
        self.set_zone(id, Zone::Trash);
        let unit = d.is_unit();
        self.notes.add(|| {
            if unit {
                Note::Died { unit: id, def: o.def, controller: o.controller }
            } else {
                Note::Destroyed { card: id, def: o.def, controller: o.controller }
            }
        });
    }

    /// "When a [friendly Cadet] dies" (`on = "unit_dies"` with a `subject` filter): every board
    /// object whose filter the dying unit (still on the board) meets, for that object's controller;
    /// a unit's granted ones too (`grant.rs`).
    fn fire_unit_dies(&mut self, dying: ObjId) {
        let db = self.db_arc();
        let t = self.tgt(dying);
        for w in self.board_ids() {
            if !self.obj(w).zone.on_board()
                || (db.get(self.obj(w).def).ability_on(On::UnitDies).next().is_none()
                    && !self.has_granted_on(w, On::UnitDies))
            {
                continue;
            }
            let o = self.obj(w).clone();
            let own = db.get(o.def).ability_on(On::UnitDies).map(|(i, _)| (i as u8, None));
            let granted: Vec<(u8, Option<DefId>)> =
                self.granted_with(w, On::UnitDies).map(|(d, a)| (a, Some(d))).collect();
            for (i, ab_of) in own.chain(granted) {
                let ab = &db.get(ab_of.unwrap_or(o.def)).abilities[i as usize];
                if ab_of.is_some() && !self.trigger_live(o.controller, w, ab) {
                    continue;
                }
                let probe = Item {
                    controller: o.controller,
                    src: ItemSrc::Obj(w),
                    ab: i,
                    targets: Vec::new(),
                    here: self.loc(w),
                    subject: None,
                    src_inc: o.inc,
                    restrict_bf: NOBODY,
                    trigger: true,
                    repeat: 0,
                    ab_of,
                    here_base: false,
                };
                if ab.subject.as_ref().is_none_or(|s| self.target_ok(&probe, s, t)) {
                    self.push_trigger(probe.controller, probe.src, probe.ab, probe.here, None);
                    if let Some(p) = self.pending.last_mut() {
                        p.item.ab_of = ab_of;
                    }
                }
            }
        }
    }

    /// Objects on the board controlled by `seat` with an ability on `on`.
    pub fn board_with(&self, seat: u8, on: On) -> Vec<ObjId> {
        // A rune without abilities of its own (`BoardSet::inert`) has one only if granted, and
        // nothing is granted while no layered effect exists: those runes are not looked at.
        let ids = if self.effects.is_empty() { self.active_ids() } else { self.board_ids() };
        ids.filter(|&i| {
            let o = self.obj(i);
            o.zone.on_board()
                && o.controller == seat
                && (self.def(o.def).ability_on(on).next().is_some() || self.has_granted_on(i, on))
        })
        .collect()
    }

    pub fn push_trigger(&mut self, controller: u8, src: ItemSrc, ab: u8, here: Loc, subject: Option<Tgt>) {
        let src_inc = match src {
            ItemSrc::Obj(id) | ItemSrc::Spell(id) => self.obj(id).inc,
            _ => 0,
        };
        self.pending.push(Pending {
            item: Item {
                controller,
                src,
                ab,
                targets: Vec::new(),
                here,
                subject,
                src_inc,
                restrict_bf: NOBODY,
                trigger: true,
                repeat: 0,
                ab_of: None,
                here_base: false,
            },
        });
    }

    /// Fire every `on` ability of a board object (its controller controls the trigger).
    pub fn push_trigger_obj(&mut self, id: ObjId, on: On, subject: Option<Tgt>) {
        let o = self.obj(id);
        let (c, here) = (o.controller, self.loc(id));
        let abs: Vec<u8> = self.def(o.def).ability_on(on).map(|(i, _)| i as u8).collect();
        for i in abs {
            if self.trigger_live(c, id, &self.card(id).abilities[i as usize]) {
                self.push_trigger(c, ItemSrc::Obj(id), i, here, subject);
            }
        }
        self.push_granted_triggers(id, on, subject);
    }

    /// Does this triggered ability of object `id` (its own or granted, controller `c`) go pending?
    /// Legion needs another card than `id` played this turn (CR 812); dependent abilities (Level, Empowered) trigger
    /// only while active (CR 726–727); a keyword's row while the keyword is there (Weaponmaster,
    /// CR 821).
    pub(crate) fn trigger_live(&self, c: u8, id: ObjId, ab: &crate::cards::Ability) -> bool {
        self.legion_met(c, ab, crate::legion::LegionOf::Card(id))
            && self.ability_active(c, Some(id), ab)
            && ab.keyword.is_none_or(|k| self.keyword_row_live(id, k))
    }

    pub fn fire_controlled(&mut self, seat: u8, on: On, subject: Option<Tgt>) {
        for w in self.board_with(seat, on) {
            self.push_trigger_obj(w, on, subject);
        }
    }

    /// A battlefield's ability; uncontrolled battlefields' abilities are the turn player's (CR 190.6).
    pub fn fire_bf(&mut self, b: u8, on: On, controller: u8, subject: Option<Tgt>) {
        let db = self.db_arc();
        let Some(d) = (!self.bfs[b as usize].blank).then(|| db.get(self.bfs[b as usize].def)) else { return };
        for (i, ab) in d.ability_on(on) {
            // [Level N] abilities of a battlefield: its controller's XP (CR 824; an uncontrolled
            // battlefield's abilities are the turn player's, CR 190.6).
            if !self.ability_active(controller, None, ab) {
                continue;
            }
            self.push_trigger(controller, ItemSrc::Bf(b), i as u8, Loc::Bf(b), subject);
        }
    }

    /// Channel (CR 430): top runes of the rune deck onto the board.
    pub fn channel(&mut self, seat: u8, n: i32, exhausted: bool) {
        for _ in 0..n {
            let Some(&r) = self.players[seat as usize].rune_deck.first() else { return };
            self.set_zone(r, Zone::Base);
            self.objs[r as usize].controller = seat;
            self.index_zone(r);
            self.objs[r as usize].set(flag::EXHAUSTED, exhausted);
            let def = self.obj(r).def;
            self.notes.add(|| Note::Channeled { seat, def });
        }
    }

    /// Create a token of card `token` (CR 439): enters exhausted like any unit (CR 143.4). A unit that may
    /// not arrive at that battlefield (a combat between two others, CR 462; three players or the
    /// teammate's units, CR 447.2) goes to its controller's base instead.
    pub fn create_token(&mut self, token: crate::cards::DefId, seat: u8, at: Loc) {
        let zone = match at {
            Loc::Base(_) => Zone::Base,
            Loc::Bf(b) if !self.may_enter(seat, b) => Zone::Base,
            Loc::Bf(b) => Zone::Bf(b),
            Loc::Nowhere => return,
        };
        let obj = Obj {
            def: token,
            owner: seat,
            controller: seat,
            zone: Zone::Gone,
            damage: 0,
            temp_might: 0,
            temp_down: 0,
            flags: flag::TOKEN,
            attached_to: NONE,
            inc: 0,
            hidden_turn: 0,
            save_by: 0,
        };
        let id = match self.objs.iter().position(|o| o.zone == Zone::Gone) {
            Some(i) => {
                let inc = self.objs[i].inc.wrapping_add(1);
                self.objs[i] = Obj { inc, ..obj };
                i as ObjId
            }
            None => {
                self.objs.push(obj);
                (self.objs.len() - 1) as ObjId
            }
        };
        self.enter_board(id, seat, zone, true);
    }

    /// Put a permanent onto the board under `seat`'s control; a unit arriving at a battlefield its
    /// controller does not control applies Contested (CR 190.3, 450).
    pub fn enter_board(&mut self, id: ObjId, seat: u8, zone: Zone, exhausted: bool) {
        self.set_zone(id, zone);
        self.objs[id as usize].controller = seat;
        self.index_zone(id);
        // "I enter ready" and "units you control enter ready" replace entering exhausted
        // (CR 367, 370; `replace.rs`).
        let exhausted = exhausted && !self.card(id).enters_ready && !self.static_enters_ready(id);
        let o = &mut self.objs[id as usize];
        o.set(flag::EXHAUSTED, exhausted);
        // The timestamp of its trait, control and limited statics (CR 479, `layers.rs`); then
        // layer 1's control with it on the board (`control.rs`).
        self.stamp_statics(id);
        self.relayer_control();
        let seat = self.obj(id).controller;
        if let Zone::Bf(b) = zone {
            if self.card(id).is_unit() {
                self.contest(b, seat);
            }
        }
    }

    pub fn contest(&mut self, b: u8, seat: u8) {
        let bf = &mut self.bfs[b as usize];
        if bf.controller != seat && bf.contested_by == NOBODY {
            bf.contested_by = seat;
        }
    }

    /// Is moving `unit` to `to` legal (CR 447.2; Sinking Mire)?
    pub fn can_move_to(&self, unit: ObjId, to: Loc) -> bool {
        let from = self.loc(unit);
        if from == to || from == Loc::Nowhere {
            return false;
        }
        match to {
            Loc::Bf(b) => {
                if matches!(from, Loc::Bf(_)) && self.bf_def(b).is_some_and(|d| d.no_move_from_bf) {
                    return false;
                }
                self.may_enter(self.obj(unit).controller, b)
            }
            Loc::Base(s) => s == self.obj(unit).controller,
            Loc::Nowhere => false,
        }
    }

    /// May a unit of `me` arrive at battlefield `b`? A battlefield can never hold units of three
    /// players (CR 447.2.a); in team modes not one occupied by your teammate (CR 447.2.b, 489.8.f);
    /// not one with a combat between two other players (CR 462).
    pub fn may_enter(&self, me: u8, b: u8) -> bool {
        // Two players without a teammate: at most one other player's units can be there and no
        // third player's combat exists, so nothing to count (speed only).
        if self.n() <= 2 && self.ally(me).is_none() {
            return true;
        }
        let mut others = 0u8;
        for u in self.units_at(Loc::Bf(b)) {
            let c = self.obj(u).controller;
            if c != me {
                if self.friendly(c, me) {
                    return false;
                }
                others |= 1 << c;
            }
        }
        others.count_ones() < 2 && !self.combat_of_others(me, b)
    }

    /// CR 447.2, 462: in 3+ player games a battlefield with a staged or ongoing combat between two
    /// other players is closed to `seat`, unless `seat` already has units there.
    pub fn combat_of_others(&self, seat: u8, b: u8) -> bool {
        if self.n() <= 2 || self.has_units_at(seat, Loc::Bf(b)) {
            return false;
        }
        if let Some(sd) = &self.showdown {
            if let Some(c) = &sd.combat {
                if sd.bf == b && c.attacker != seat && c.defender != seat {
                    return true;
                }
            }
        }
        // Staged: contested by a player while an opponent of theirs has units there.
        let cb = self.bfs[b as usize].contested_by;
        cb != NOBODY
            && cb != seat
            && self.has_units_at(cb, Loc::Bf(b))
            && self.units_at(Loc::Bf(b)).any(|u| {
                let c = self.obj(u).controller;
                c != seat && !self.friendly(c, cb)
            })
    }

    /// Move a unit (CR 445–453): not a recall; fires "moves" triggers; may apply Contested.
    pub fn move_unit(&mut self, unit: ObjId, to: Loc) {
        let from = self.loc(unit);
        let zone = match to {
            Loc::Base(_) => Zone::Base,
            Loc::Bf(b) => Zone::Bf(b),
            Loc::Nowhere => return,
        };
        self.set_zone(unit, zone);
        let seat = self.obj(unit).controller;
        let def = self.obj(unit).def;
        self.notes.add(|| Note::Moved { unit, def, controller: seat, to });
        if let Loc::Bf(b) = to {
            self.contest(b, seat);
            if let Loc::Bf(_) = from {
                let t = self.tgt(unit);
                self.push_trigger_obj(unit, On::MovedBfToBf, None);
                let ctrl = match self.bfs[b as usize].controller {
                    NOBODY => self.turn_player,
                    c => c,
                };
                self.fire_bf(b, On::UnitMovedHereFromBf, ctrl, Some(t));
            }
        }
    }

    /// Recall (CR 454–458): to its controller's base; not a move, statuses unchanged.
    pub fn recall(&mut self, id: ObjId) {
        if let Zone::Bf(_) = self.obj(id).zone {
            let (def, controller) = (self.obj(id).def, self.obj(id).controller);
            self.notes.add(|| Note::Recalled { unit: id, def, controller });
            self.objs[id as usize].zone = Zone::Base;
            for e in self.objs.iter_mut() {
                if e.attached_to == id {
                    e.zone = Zone::Base;
                }
            }
        }
    }

    /// Score a battlefield by Conquer or Hold (CR 468–471), once per battlefield per turn. The final
    /// point by Conquer needs every battlefield scored this turn, else the player draws instead.
    pub fn score(&mut self, seat: u8, b: u8, conquer: bool) {
        let bit = 1u8 << b;
        if self.players[seat as usize].scored & bit != 0 {
            return;
        }
        // CR 489.8.g: a battlefield the ally controlled during the scoring step can't be conquered
        // by the team this turn; the final point doesn't need those the ally occupied then.
        let team_turn = self.friendly(seat, self.turn_player);
        let held = if team_turn { self.ally_held } else { 0 };
        if conquer && held & bit != 0 {
            return;
        }
        self.players[seat as usize].scored |= bit;
        let excluded = if team_turn { self.ally_held | self.ally_occupied } else { 0 };
        let all = ((1u8 << self.bfs.len()) - 1) & !excluded;
        let p = &self.players[seat as usize];
        let def = self.bfs[b as usize].def;
        self.notes.add(|| if conquer { Note::Conquered { seat, bf: b, def } } else { Note::Held { seat, bf: b, def } });
        if conquer && p.points + 1 >= self.opts.victory() && p.scored & all != all {
            self.notes.add(|| Note::FinalPointDenied { seat, bf: b, def });
            self.draw(seat, 1);
        } else {
            self.gain_point(seat);
        }
        let on = if conquer { On::ConquerHere } else { On::HoldHere };
        let here: Vec<ObjId> = self.units_at(Loc::Bf(b)).filter(|&u| self.obj(u).controller == seat).collect();
        for u in here {
            self.push_trigger_obj(u, on, None);
            self.hunt_trigger(u);
        }
        self.fire_bf(b, on, seat, None);
    }
}
