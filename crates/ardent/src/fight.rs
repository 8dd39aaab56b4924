//! Fighting (spec §5.3, §6.3 Team-Up and Bear Hug, A1–A7) and harvesting (§5.4).

use crate::effect::Trigger;
use crate::event::{ArdentEvent, Log};
use crate::pile::Pile;
use crate::state::{bit, cards_in, owner, ArdentGame, Frame, PromptKind, Zone};
use engine::Seat;

impl ArdentGame {
    fn set_fight(&mut self, a: u64, d: u64, p: u8) {
        if let Some(Frame::FightBuild { attackers, defenders, phase }) = self.stack.last_mut() {
            *attackers = a;
            *defenders = d;
            *phase = p;
        }
    }

    /// Team-Up (A3): creatures that may join the attackers.
    pub(crate) fn extra_attackers(&self, attackers: u64) -> Pile {
        let mut out = Pile::default();
        if !cards_in(attackers).all(|a| self.has_team_up(a)) {
            return out;
        }
        for c in self.pile(self.current, Zone::Line).iter() {
            if attackers & bit(c) == 0
                && self.can_attack(c)
                && self.has_team_up(c)
                && self.valid_defenders(attackers | bit(c)) != 0
            {
                out.push(c);
            }
        }
        out
    }

    /// Bear Hug (A4): enemy creatures that may join the defenders.
    pub(crate) fn extra_defenders(&self, attackers: u64, defenders: u64) -> Pile {
        let mut out = Pile::default();
        let n = attackers.count_ones();
        let hug = if self.options.combine_team_up_and_bear_hug {
            cards_in(attackers).any(|a| self.has_bear_hug(a))
        } else {
            n == 1 && cards_in(attackers).all(|a| self.has_bear_hug(a))
        };
        if !hug {
            return out;
        }
        let valid = self.valid_defenders(attackers) & !defenders;
        let line = self.pile(self.current.other(), Zone::Line);
        for (i, c) in line.iter().enumerate() {
            if valid & bit(c) == 0 {
                continue;
            }
            if self.options.bear_hug_requires_adjacency {
                let left = i.checked_sub(1).and_then(|j| line.get(j));
                let right = line.get(i + 1);
                if ![left, right].into_iter().flatten().any(|x| defenders & bit(x) != 0) {
                    continue;
                }
            }
            out.push(c);
        }
        out
    }

    pub(crate) fn step_fight_build(&mut self, attackers: u64, defenders: u64, phase: u8, log: &mut Log) {
        match phase {
            0 => {
                let extra = self.extra_attackers(attackers);
                if extra.is_empty() {
                    self.set_fight(attackers, defenders, 1);
                } else {
                    self.ask(PromptKind::Card, extra, true);
                }
            }
            1 => {
                let valid = self.valid_defenders(attackers);
                let mut opts = Pile::default();
                for c in self.pile(self.current.other(), Zone::Line).iter() {
                    if valid & bit(c) != 0 {
                        opts.push(c);
                    }
                }
                match opts.len() {
                    // The defender left play meanwhile: nothing to fight.
                    0 => self.pop_frame(),
                    1 => self.set_fight(attackers, bit(opts.as_slice()[0]), 2),
                    _ => self.ask(PromptKind::Card, opts, false),
                }
            }
            _ => {
                let extra = self.extra_defenders(attackers, defenders);
                if extra.is_empty() {
                    self.stack.pop();
                    self.resolve_fight(attackers, defenders, log);
                } else {
                    self.ask(PromptKind::Card, extra, true);
                }
            }
        }
    }

    /// A `pick` while a fight is being declared.
    pub(crate) fn pick_for_fight(&mut self, c: u8) {
        if let Some(Frame::FightBuild { attackers, defenders, phase }) = self.stack.last().cloned() {
            match phase {
                0 => self.set_fight(attackers | bit(c), defenders, 0),
                1 => self.set_fight(attackers, bit(c), 2),
                _ => self.set_fight(attackers, defenders | bit(c), 2),
            }
        }
    }

    /// `done` while a fight is being declared: stop adding attackers or defenders.
    pub(crate) fn done_for_fight(&mut self, log: &mut Log) {
        if let Some(Frame::FightBuild { attackers, defenders, phase }) = self.stack.last().cloned() {
            if phase == 0 {
                self.set_fight(attackers, defenders, 1);
            } else {
                self.stack.pop();
                self.resolve_fight(attackers, defenders, log);
            }
        }
    }

    /// §5.3 steps 2–4: compare values (ties to the attacker, fixed now, A5), then the
    /// attackers' Bonuses and both sides' win/lose constants, in the current player's order.
    fn resolve_fight(&mut self, attackers: u64, defenders: u64, log: &mut Log) {
        let attack: i32 = cards_in(attackers).map(|a| self.attack_value(a)).sum();
        let defense: i32 = cards_in(defenders).map(|d| self.defense_value(d)).sum();
        let attackers_win = attack >= defense;
        let winner = if attackers_win { self.current } else { self.current.other() };
        if log.is_enabled() {
            let a = cards_in(attackers).map(|c| self.card_ref(c)).collect();
            let d = cards_in(defenders).map(|c| self.card_ref(c)).collect();
            let by = self.current;
            log.public(|| ArdentEvent::Fight { attackers: a, defenders: d, attack, defense, attackers_win, by });
        }
        self.stack.push(Frame::FightFinish { attackers, defenders, attackers_win, winner });
        let mut items = Vec::new();
        let order = |g: &Self, mask: u64| -> Vec<u8> {
            let mut v: Vec<u8> = Vec::new();
            for s in [g.current, g.current.other()] {
                v.extend(g.pile(s, Zone::Line).iter().filter(|&c| mask & bit(c) != 0));
            }
            v
        };
        let wanted: &[Trigger] = if attackers_win { &[Trigger::Bonus, Trigger::Wins] } else { &[Trigger::Bonus] };
        for a in order(self, attackers) {
            self.triggers_of(a, wanted, &mut items);
        }
        let losers = if attackers_win { defenders } else { attackers };
        for l in order(self, losers) {
            self.triggers_of(l, &[Trigger::Loses], &mut items);
        }
        if !items.is_empty() {
            self.stack.push(Frame::Batch { items });
        }
    }

    /// §5.3 step 5: winners to their owners' discard piles, losers to the winning controller's
    /// score pile, all at once; fighters that already left play are skipped (A7).
    pub(crate) fn finish_fight(
        &mut self,
        attackers: u64,
        defenders: u64,
        attackers_win: bool,
        winner: Seat,
        log: &mut Log,
    ) {
        let (winners, losers) = if attackers_win { (attackers, defenders) } else { (defenders, attackers) };
        for c in cards_in(winners) {
            if self.loc(c).zone == Zone::Line {
                self.move_card(c, owner(c), Zone::Discard, true);
                if log.is_enabled() {
                    let card = self.card_ref(c);
                    log.public(|| ArdentEvent::FightWon { card, owner: owner(c) });
                }
            }
        }
        for c in cards_in(losers) {
            if self.loc(c).zone == Zone::Line {
                self.move_card(c, winner, Zone::Score, true);
                if log.is_enabled() {
                    let (card, vp, total) = (self.card_ref(c), self.card(c).vp, self.score(winner));
                    log.public(|| ArdentEvent::Defeated { card, by: winner, vp, total });
                }
            }
        }
        self.pop_frame();
    }

    /// §5.4: Bonuses (plain and "if harvested"), then the card to the harvester's score pile.
    pub(crate) fn start_harvest(&mut self, c: u8, log: &mut Log) {
        let seat = self.current;
        if log.is_enabled() {
            let card = self.card_ref(c);
            log.public(|| ArdentEvent::Harvested { seat, card });
        }
        self.stack.push(Frame::HarvestFinish { card: c, seat });
        let mut items = Vec::new();
        self.triggers_of(c, &[Trigger::Bonus, Trigger::Harvested], &mut items);
        if !items.is_empty() {
            self.stack.push(Frame::Batch { items });
        }
    }
}
