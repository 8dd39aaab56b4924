//! Multiplayer actions (CR 481–489, 649–652): the 2v2 invitation and conceding.

use crate::action::ObjId;
use crate::state::*;
use engine::Outcome;

impl RiftGame {
    /// 2v2 (CR 316.5.b.1, 489.8.a): the turn player, holding Priority in their Main Phase in
    /// Neutral Open, may invite their teammate to act with it (play a card or activate an ability,
    /// non-Action ones included). After a declined invitation the turn player must do something
    /// else before inviting again (an engine bound, so that invite/decline can't loop).
    pub fn can_invite(&self, seat: u8) -> bool {
        self.opts.mode.teams()
            && self.own_neutral_open(seat)
            && self.invited == NOBODY
            && !self.invite_declined
            && self.ally(seat).is_some_and(|a| !self.players[a as usize].left)
    }

    /// Conceding (CR 649) is allowed at any time, behind `allow_concede`: the seat to act finds it
    /// among its legal actions, and any other seat concedes out of turn through
    /// `Game::out_of_turn_actions` (in a match: the current game or the whole match) — also halfway through the resolution of an item and while another
    /// player makes a choice (see `concede` for what happens to that item and that choice).
    pub fn can_concede(&self, seat: u8) -> bool {
        self.opts.allow_concede && self.outcome.is_none() && self.players.get(seat as usize).is_some_and(|p| !p.left)
    }

    /// `seat` concedes (CR 649–652). In 1v1 the opponent wins; in 2v2 the team concedes together
    /// and the other team wins (CR 652); in FFA, with one player left that player wins, otherwise
    /// the leaving player's permanents, runes and facedown cards are banished, the battlefields they
    /// own become blank battlefield tokens (other players' units there stay), their chain items are
    /// countered, their pending triggers and choices vanish, and turn, Focus and Priority move on.
    pub fn concede(&mut self, seat: u8) {
        self.notes.add(|| crate::notes::Note::Conceded { seat });
        for s in 0..self.n() {
            if self.friendly(seat, s) {
                self.players[s as usize].left = true;
            }
        }
        let remaining: Vec<u8> = (0..self.n()).filter(|&s| !self.players[s as usize].left).collect();
        if remaining.iter().all(|&s| self.friendly(s, remaining[0])) {
            let mut o = match remaining.first() {
                Some(&w) => self.outcome_for(w, "opponents conceded"),
                None => Outcome::draw("everyone conceded"),
            };
            o.scores = self.players.iter().map(|p| p.points as i64).collect();
            self.outcome = Some(o);
            self.prompt = None;
            return;
        }
        // FFA with two or more players left. Control effects giving the leaver objects end (an
        // object never goes back to a player who left, `control.rs`), and the permanents they
        // own leave with those they control (their control would go back to its owner).
        self.effects.retain(|l| l.effect != crate::layers::Effect::Control(seat));
        for i in 0..self.objs.len() as ObjId {
            let o = self.obj(i);
            let gone = match o.zone {
                Zone::Base | Zone::Bf(_) => o.controller == seat || o.owner == seat,
                Zone::Facedown(_) => o.controller == seat,
                // Their chain items are countered (CR 651); a card being played is on the chain too.
                Zone::Chain => o.controller == seat || o.owner == seat,
                _ => false,
            };
            if gone {
                self.set_zone(i, Zone::Banished);
            }
        }
        self.chain.retain(|it| it.controller != seat);
        self.pending.retain(|p| p.item.controller != seat);
        // Their item being resolved is countered too (CR 651): the rest of its instructions don't
        // happen, and a choice it asked another player for is dropped (a burn-out point owed by
        // a draw it made is still given).
        if self.resolving.as_ref().is_some_and(|r| r.item.controller == seat) {
            if let Some(r) = self.resolving.take() {
                if !matches!(self.prompt, Some(Prompt::BurnOut { .. })) {
                    self.prompt = None;
                }
                self.after_resolve(&r.item);
            }
        }
        self.burnout_owed.retain(|&s| s != seat);
        // Repeat granted to the leaver's legend's abilities goes with it (CR 651, 820).
        self.ability_repeats.retain(|g| g.at != crate::keywords::Holder::Legend(seat));
        // Their draws held up by a burn-out are not made (they have left); others' still are.
        if self.draw_rest.first().is_some_and(|&(s, _)| s == seat) {
            self.draw_again = false;
        }
        self.draw_rest.retain(|&(s, _)| s != seat);
        // A battlefield replaced by a blank token loses its counters: the token is a new object
        // (CR 651, 746); the leaver's legend keeps none either.
        let owned: Vec<u8> = (0..self.bfs.len() as u8).filter(|&b| self.bfs[b as usize].owner == seat).collect();
        self.counters.retain(|c| match c.at {
            crate::keywords::Holder::Bf(b) => !owned.contains(&b),
            crate::keywords::Holder::Legend(s) => s != seat,
            crate::keywords::Holder::Obj(_) => true,
        });
        for b in self.bfs.iter_mut() {
            if b.owner == seat {
                b.blank = true;
            }
            if b.controller == seat {
                b.controller = NOBODY;
            }
            if b.contested_by == seat {
                b.contested_by = NOBODY;
            }
        }
        // Chosen Powers queued for the leaver are not added (CR 651); the others' still are.
        if let Some(Prompt::AddDomain { then, .. }) = self.prompt.as_mut() {
            then.retain(|&(s, _)| s != seat);
        }
        if self.prompt.as_ref().is_some_and(|p| p.seat() == seat) {
            let was = self.prompt.take();
            if let Some(Prompt::AddDomain { then, .. }) = &was {
                self.prompt = Self::next_domain_prompt(then.clone());
            }
            // The play-first choice (`choose_first`) passes to the next player still in.
            if let Some(Prompt::PlayFirst { .. }) = was {
                self.prompt = Some(Prompt::PlayFirst { seat: self.next_seat(seat) });
            }
            if let Some(Prompt::Mulligan { .. }) = was {
                self.players[seat as usize].mulliganed = true;
                let next = self.next_seat(seat);
                if self.players[next as usize].mulliganed {
                    self.phase = Phase::Beginning;
                    self.turn = 1;
                } else {
                    self.prompt = Some(Prompt::Mulligan { seat: next, aside: Vec::new() });
                }
            }
        }
        if self.priority == seat {
            self.priority = self.next_seat(seat);
        }
        if let Some(sd) = self.showdown.as_mut() {
            // Their Focus moves on as if they passed. A showdown never ends abruptly (CR 347): a
            // combat whose participant left goes on until everyone passes, then finds one side
            // missing (CR 465–466).
            if sd.focus == seat {
                sd.focus = NOBODY;
            }
        }
        if let Some(sd) = &self.showdown {
            if sd.focus == NOBODY {
                let f = self.next_seat(seat);
                if let Some(sd) = self.showdown.as_mut() {
                    sd.focus = f;
                }
            }
        }
        // The chain rests with whoever is left: restart the round of passes.
        self.passes = self.passes.min(self.active_n().saturating_sub(1));
        if self.turn_player == seat {
            if self.phase == Phase::Mulligan {
                self.first_player = self.next_seat(seat);
                self.turn_player = self.first_player;
            } else {
                // The turn moves on (CR 652): its Ending Phase follows once the showdown and chain
                // (if any) are done.
                self.phase = Phase::Ending;
            }
        }
        self.invited = NOBODY;
        self.settle_prompt_after_leaving();
    }

    /// Another player's choice goes on without the leaver's objects (CR 651): combat damage is
    /// assigned among the units still there; a choice left with no option ends (a card or
    /// ability being played is backed out of, CR 358.5; a trigger is removed, CR 402.1).
    fn settle_prompt_after_leaving(&mut self) {
        match &self.prompt {
            Some(Prompt::Assign { .. }) => self.auto_assign(),
            // A damage batch's question is asked again of whoever it now belongs to: the leaver's
            // units and statics are gone (`replace_ask.rs`).
            Some(Prompt::Replacement { .. }) if !self.dmg_batch.is_empty() => {
                self.prompt = None;
                self.settle_damage_batch();
            }
            Some(p) => {
                let mut v = Vec::new();
                self.prompt_options(p, &mut v);
                if v.is_empty() {
                    match &self.prompt {
                        Some(Prompt::Build(b)) if !b.item.trigger => self.back_out(),
                        _ => {
                            self.prompt = None;
                            // A damage batch waiting for the leaver's choice goes on (`replace.rs`).
                            self.settle_damage_batch();
                        }
                    }
                }
            }
            // The leaver's own choice is gone: a damage batch waiting for it goes on, and a death
            // waiting for it is looked at again without their replacements (`replace_death.rs`).
            None => {
                self.settle_damage_batch();
                self.settle_deaths_after_leaving();
            }
        }
    }
}
