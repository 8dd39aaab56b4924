//! The turn (spec §4): Main step actions and restrictions, the Rotate and Draw Cards steps,
//! and the end of the game (§7).

use crate::action::ArdentAction;
use crate::card::CardState;
use crate::event::{ArdentEvent, Log};
use crate::resolve::NAMEABLE;
use crate::state::{bit, ArdentGame, Frame, PromptKind, TurnFlags, Zone};
use engine::{ActionError, Outcome, Seat};

impl ArdentGame {
    /// §4.2: the play requirement is met (a card played, the hand revealed, or an empty hand).
    pub fn may_end_main(&self) -> bool {
        self.flags.played || self.flags.revealed || self.pile(self.current, Zone::Hand).is_empty()
    }

    /// §4.2: the discard lock is open.
    pub fn discards_unlocked(&self) -> bool {
        self.flags.played || self.flags.revealed
    }

    /// Every legal action of the seat to act, in a fixed order.
    pub(crate) fn for_each_legal(&self, f: &mut impl FnMut(ArdentAction)) {
        if self.outcome.is_some() {
            return;
        }
        if let Some(p) = &self.prompt {
            match p.kind {
                PromptKind::Card => {
                    p.options.iter().for_each(|c| f(ArdentAction::Pick(c)));
                    if p.optional {
                        f(ArdentAction::Done);
                    }
                }
                PromptKind::Side => {
                    f(ArdentAction::Left);
                    f(ArdentAction::Right);
                }
                PromptKind::Mode(n) => (1..=n).for_each(|m| f(ArdentAction::Mode(m))),
                PromptKind::Number => NAMEABLE.for_each(|n| f(ArdentAction::Number(n))),
                PromptKind::State => {
                    p.options.iter().for_each(|s| f(ArdentAction::To(CardState::ALL[s as usize])));
                }
                PromptKind::Trigger => p.options.iter().for_each(|c| f(ArdentAction::Trigger(c))),
                PromptKind::DrawOffer => {
                    f(ArdentAction::AcceptDraw);
                    f(ArdentAction::DeclineDraw);
                }
            }
            return;
        }
        let seat = self.current;
        let hand = self.pile(seat, Zone::Hand);
        let first_of_kind =
            |i: usize, c: u8| !hand.as_slice()[..i].iter().any(|&o| self.defs[o as usize] == self.defs[c as usize]);
        let playable = self.playable_types(seat);
        let mut any_play = false;
        for (i, c) in hand.iter().enumerate() {
            if playable[self.card(c).card_type as usize] {
                any_play = true;
                if first_of_kind(i, c) {
                    f(ArdentAction::Play(c));
                }
            }
        }
        if self.discards_unlocked() {
            for (i, c) in hand.iter().enumerate() {
                if first_of_kind(i, c) {
                    f(ArdentAction::Discard(c));
                }
            }
        }
        for c in self.pile(seat, Zone::Line).iter() {
            if self.can_start_fight(c) {
                f(ArdentAction::Fight(c));
            }
        }
        for z in [Zone::Line, Zone::Relics] {
            for c in self.pile(seat, z).iter() {
                if self.can_harvest(c) {
                    f(ArdentAction::Harvest(c));
                }
            }
        }
        if !self.may_end_main() && !any_play {
            f(ArdentAction::Reveal);
        }
        if self.may_end_main() {
            f(ArdentAction::End);
        }
        if self.options.table_actions {
            f(ArdentAction::OfferDraw);
            f(ArdentAction::Concede);
        }
    }

    /// Is this action among [`Self::for_each_legal`]'s? Checked directly for Main-step actions.
    pub(crate) fn is_legal(&self, action: ArdentAction) -> bool {
        use ArdentAction::*;
        if self.outcome.is_some() {
            return false;
        }
        if self.prompt.is_some() {
            let mut found = false;
            self.for_each_legal(&mut |a| found |= a == action);
            return found;
        }
        let seat = self.current;
        let hand = self.pile(seat, Zone::Hand);
        let first_in_hand = |c: u8| hand.iter().find(|&o| self.defs[o as usize] == self.defs[c as usize]) == Some(c);
        match action {
            Play(c) => first_in_hand(c) && self.may_play_type(seat, self.card(c).card_type),
            Discard(c) => self.discards_unlocked() && first_in_hand(c),
            Fight(c) => self.loc(c).zone == Zone::Line && self.can_start_fight(c),
            Harvest(c) => self.can_harvest(c),
            Reveal => !self.may_end_main() && !self.has_legal_play(seat),
            End => self.may_end_main(),
            OfferDraw | Concede => self.options.table_actions,
            _ => false,
        }
    }

    /// Why an action is refused, naming the rule.
    pub(crate) fn refusal(&self, action: ArdentAction) -> ActionError {
        use ArdentAction::*;
        if self.outcome.is_some() {
            return ActionError::game_over();
        }
        if let Some(p) = &self.prompt {
            let what = match p.kind {
                PromptKind::Card => "choose a card (pick cN) for the effect resolving (§5.5)",
                PromptKind::Side => "choose an end of the line: left or right (§5.1, A22)",
                PromptKind::Mode(_) => "choose one mode (mode N)",
                PromptKind::Number => "name a number (number N) from -2 to 4",
                PromptKind::State => "choose a different state (to STATE)",
                PromptKind::Trigger => "choose which trigger resolves next (trigger cN, §5.5)",
                PromptKind::DrawOffer => "answer the draw offer (accept-draw / decline-draw, §7)",
            };
            return ActionError::illegal(format!("'{action}' is not a legal answer now: {what}"));
        }
        let seat = self.current;
        let in_hand = |c: u8| self.loc(c).zone == Zone::Hand && self.controller(c) == seat;
        let msg = match action {
            Play(c) if !in_hand(c) => format!("play c{c}: not a card in your hand (§5.1)"),
            Play(c) if !self.may_play_type(seat, self.card(c).card_type) => {
                format!("play c{c}: an effect forbids playing this card (§4.2)")
            }
            Discard(c) if !in_hand(c) => format!("discard c{c}: not a card in your hand (§5.2)"),
            Discard(_) if !self.discards_unlocked() => {
                "discarding is locked until you play a card or reveal an unplayable hand (§4.2)".into()
            }
            Play(_) | Discard(_) => format!("{action}: use the first identical card in your hand instead"),
            Fight(c) => format!("fight c{c}: needs an Active or Mature creature you control, free to fight, and an enemy creature it may fight (§5.3)"),
            Harvest(c) => format!("harvest c{c}: needs a Mature card you control that can be harvested (§5.4)"),
            Reveal => "reveal: only when you have cards but no legal play and have not played yet (§4.2)".into(),
            End => "end: you must play a card first, or reveal a hand you cannot play (§4.2)".into(),
            Concede | OfferDraw => "concede and draw offers are off (option table_actions)".into(),
            _ => format!("'{action}' answers a decision, but none is pending"),
        };
        ActionError::illegal(msg)
    }

    /// Apply a legal action (checked by the caller).
    pub(crate) fn dispatch(&mut self, action: ArdentAction, log: &mut Log) {
        use ArdentAction::*;
        let prompt = self.prompt.take();
        match action {
            Play(c) => self.start_play(c, self.current, log),
            Discard(c) => {
                self.move_card(c, crate::state::owner(c), Zone::Discard, true);
                if log.is_enabled() {
                    let (seat, card) = (self.current, self.card_ref(c));
                    log.public(|| ArdentEvent::Discarded { seat, card });
                }
            }
            Fight(c) => self.stack.push(Frame::FightBuild { attackers: bit(c), defenders: 0, phase: 0 }),
            Harvest(c) => self.start_harvest(c, log),
            Reveal => {
                self.flags.revealed = true;
                self.log_reveal(log, self.current);
            }
            End => {
                self.end_turn(false, log);
            }
            Pick(c) => match self.stack.last() {
                Some(Frame::FightBuild { .. }) => self.pick_for_fight(c),
                _ => self.pick_for_ability(c, log),
            },
            Done => match self.stack.last() {
                Some(Frame::FightBuild { .. }) => self.done_for_fight(log),
                _ => self.done_for_ability(),
            },
            Left | Right => {
                let right = action == Right;
                match self.stack.last() {
                    Some(Frame::PlayCard { .. }) => self.place_played(right, log),
                    _ => self.place_controlled(right, log),
                }
            }
            Mode(m) => {
                if let Some(Frame::Ability { ctx, .. }) = self.stack.last_mut() {
                    ctx.mode = m;
                }
            }
            Number(n) => {
                let seat = self.current;
                log.public(|| ArdentEvent::NamedNumber { seat, number: n });
                if let Some(Frame::Ability { ctx, .. }) = self.stack.last() {
                    let mut ctx = *ctx;
                    ctx.number = n;
                    self.set_ctx(self.stack.len() - 1, ctx, 1);
                }
            }
            To(s) => self.rotate_last_to(s, log),
            Trigger(c) => {
                if let Some(Frame::Batch { items }) = self.stack.last() {
                    if let Some(i) = items.iter().position(|it| it.source == c) {
                        self.start_trigger(i);
                    }
                }
            }
            Concede => {
                let loser = self.current;
                self.finish(Outcome::win(loser.other(), format!("{loser} conceded")), log);
            }
            OfferDraw => {
                let seat = self.current;
                log.public(|| ArdentEvent::DrawOffered { seat });
                self.ask_as(seat.other(), PromptKind::DrawOffer, crate::pile::Pile::default(), false);
            }
            AcceptDraw => self.finish(Outcome::draw("draw agreed"), log),
            DeclineDraw => {
                let seat = prompt.map(|p| p.actor).unwrap_or(self.current);
                log.public(|| ArdentEvent::DrawDeclined { seat });
            }
        }
        self.run(log);
    }

    /// §4.3 Rotate step, §4.4 Draw Cards step, then the turn passes. `skip` skips both steps
    /// (A8, Gynormica).
    pub(crate) fn end_turn(&mut self, skip: bool, log: &mut Log) {
        let seat = self.current;
        if !skip {
            let mut turned = Vec::new();
            for z in [Zone::Line, Zone::Relics] {
                let cards = *self.pile(seat, z);
                for c in cards.iter() {
                    let (was, now) = (self.cstate[c as usize], self.cstate[c as usize].rotated());
                    self.cstate[c as usize] = now;
                    if was != now && log.is_enabled() {
                        turned.push((self.card_ref(c), now));
                    }
                }
            }
            if !turned.is_empty() {
                log.public(|| ArdentEvent::RotateStep { seat, cards: turned });
            }
            if self.check_end(log) {
                return;
            }
            let want = self.refill_size(seat);
            let have = self.pile(seat, Zone::Hand).len();
            if want > have {
                self.draw(seat, want - have, log);
            }
        }
        // Lasting effects on this seat "during its next turn" are spent.
        self.lasting.no_actions[seat.index()] = false;
        self.lasting.no_cards[seat.index()] = false;
        log.public(|| ArdentEvent::TurnEnded { seat });
        if self.check_end(log) {
            return;
        }
        self.start_turn(seat.other(), log);
    }

    pub(crate) fn start_turn(&mut self, seat: Seat, log: &mut Log) {
        self.current = seat;
        self.turn += 1;
        self.flags = TurnFlags::default();
        // Lullaby lasts until the start of its caster's next turn.
        self.lasting.lullaby_by[seat.index()] = false;
        if let Some(cap) = self.options.turn_cap {
            if self.turn > cap {
                let o = self.scored_outcome("turn cap");
                self.finish(o, log);
                return;
            }
        }
        let turn = self.turn;
        log.public(|| ArdentEvent::TurnStarted { seat, turn });
    }

    /// The winner by score; ties go to the second player (§7, A38).
    pub(crate) fn scored_outcome(&self, reason: &str) -> Outcome {
        let (a, b) = (self.score(Seat(0)), self.score(Seat(1)));
        let second = self.first.other();
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Seat(0),
            std::cmp::Ordering::Less => Seat(1),
            std::cmp::Ordering::Equal => second,
        };
        let mut o = Outcome::win(winner, format!("{reason}: {a} to {b}"));
        o.scores = vec![a as i64, b as i64];
        o
    }

    pub(crate) fn finish(&mut self, mut o: Outcome, log: &mut Log) {
        if o.scores.is_empty() {
            o.scores = vec![self.score(Seat(0)) as i64, self.score(Seat(1)) as i64];
        }
        let (reason, scores) = (o.reason.clone(), o.scores.clone());
        log.public(|| ArdentEvent::GameOver { reason, scores });
        self.prompt = None;
        self.outcome = Some(o);
    }

    /// §7: the game ends when a player owns no card outside the score piles.
    pub(crate) fn check_end(&mut self, log: &mut Log) -> bool {
        if self.outcome.is_some() {
            return true;
        }
        if self.owned_outside_score(Seat(0)) == 0 || self.owned_outside_score(Seat(1)) == 0 {
            let o = self.scored_outcome("all of a player's cards are scored");
            self.finish(o, log);
            return true;
        }
        false
    }
}
