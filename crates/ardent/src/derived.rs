//! Derived values (Appendix B): effective Power, fight values, keywords granted by relics,
//! refill size and play legality, computed from printed data and constant abilities in play.

use crate::card::{CardState, CardType};
use crate::state::{bit, ArdentGame, Zone};
use engine::Seat;

/// Sneak X (A1): an attacker's value is the higher of its Power and X.
pub fn attack_value(power: i32, sneak: i32) -> i32 {
    power.max(sneak)
}

/// Resilient X (A2): a defender's value is the higher of its Power and X.
pub fn defense_value(power: i32, resilient: i32) -> i32 {
    power.max(resilient)
}

impl ArdentGame {
    fn relics_of(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        self.pile(seat, Zone::Relics).iter()
    }
    fn line_of(&self, seat: Seat) -> impl Iterator<Item = u8> + '_ {
        self.pile(seat, Zone::Line).iter()
    }

    /// Power with constant modifiers for a creature in play (§5.3 step 2, Sigil of Power);
    /// printed Power elsewhere (card-text §5).
    pub fn power(&self, c: u8) -> i32 {
        let base = self.card(c).power as i32;
        if !self.in_play(c) {
            return base;
        }
        let seat = self.controller(c);
        base + self.relics_of(seat).map(|r| self.card(r).keywords.friendly_power as i32).sum::<i32>()
    }

    /// Team-Up, printed or granted by The Buddy System (§6.2).
    pub fn has_team_up(&self, c: u8) -> bool {
        let k = &self.card(c).keywords;
        k.team_up
            || (self.in_play(c) && self.relics_of(self.controller(c)).any(|r| self.card(r).keywords.friendly_team_up))
    }

    pub fn has_bear_hug(&self, c: u8) -> bool {
        self.card(c).keywords.bear_hug
    }

    /// The highest Sneak X the creature has, printed or from Fog Machine (A1).
    pub fn sneak(&self, c: u8) -> i32 {
        let own = self.card(c).keywords.sneak as i32;
        let granted = if self.in_play(c) {
            self.relics_of(self.controller(c)).map(|r| self.card(r).keywords.friendly_sneak as i32).max().unwrap_or(0)
        } else {
            0
        };
        own.max(granted)
    }

    /// Attack value: max(effective Power, Sneak X) (A1).
    pub fn attack_value(&self, c: u8) -> i32 {
        attack_value(self.power(c), self.sneak(c))
    }

    /// Defense value: max(effective Power, Resilient X) (A2).
    pub fn defense_value(&self, c: u8) -> i32 {
        defense_value(self.power(c), self.card(c).keywords.resilient as i32)
    }

    /// May this creature be used to fight now (§5.3 "who can fight")?
    pub fn can_attack(&self, c: u8) -> bool {
        let seat = self.controller(c);
        self.loc(c).zone == Zone::Line
            && seat == self.current
            && matches!(self.state_of(c), CardState::Active | CardState::Mature)
            && !self.lasting.lullaby_by[seat.other().index()]
    }

    /// Can this creature start a fight now: free to fight, with an enemy it may fight?
    pub fn can_start_fight(&self, c: u8) -> bool {
        if !self.can_attack(c) {
            return false;
        }
        let enemies = self.pile(self.current.other(), Zone::Line);
        if self.card(c).keywords.only_dormant_targets {
            enemies.iter().any(|d| self.state_of(d) == CardState::Dormant)
        } else {
            !enemies.is_empty()
        }
    }

    /// Enemy creatures a group of attackers may fight (Gregory Illinivich: Dormant only).
    pub fn valid_defenders(&self, attackers: u64) -> u64 {
        let only_dormant = crate::state::cards_in(attackers).any(|a| self.card(a).keywords.only_dormant_targets);
        let mut m = 0;
        for d in self.line_of(self.current.other()) {
            if !only_dormant || self.state_of(d) == CardState::Dormant {
                m |= bit(d);
            }
        }
        m
    }

    /// Can this card be harvested now (§5.4)?
    pub fn can_harvest(&self, c: u8) -> bool {
        self.in_play(c)
            && self.controller(c) == self.current
            && self.state_of(c) == CardState::Mature
            && !self.card(c).keywords.cannot_harvest
    }

    /// Refill size (§4.4, A29): 3 plus friendly changes plus the opponent's changes, at least 0.
    pub fn refill_size(&self, seat: Seat) -> usize {
        let mut n = 3i32;
        for s in [seat, seat.other()] {
            for c in self.line_of(s).chain(self.relics_of(s)) {
                let k = &self.card(c).keywords;
                n += if s == seat { k.refill as i32 } else { k.opp_refill as i32 };
            }
        }
        n.max(0) as usize
    }

    /// Which card types `seat` may play now, indexed by `CardType as usize` (§4.2):
    /// Silent Room, Calm Down, Silent Master, an Active Silence Enforcer.
    pub fn playable_types(&self, seat: Seat) -> [bool; 3] {
        if self.lasting.no_cards[seat.index()] {
            return [false; 3];
        }
        let (mut actions, mut others) = (!self.lasting.no_actions[seat.index()], true);
        for c in self.line_of(seat.other()) {
            let k = &self.card(c).keywords;
            actions &= !k.opp_no_actions;
            others &= !(k.opp_only_creatures_while_active && self.state_of(c) == CardState::Active);
        }
        [true, others, actions && others]
    }

    /// May `seat` play a card of this type now (§4.2 restrictions)?
    pub fn may_play_type(&self, seat: Seat, t: CardType) -> bool {
        self.playable_types(seat)[t as usize]
    }

    /// Is any Ned's Ladder in play (either side)?
    pub fn ladder_in_play(&self) -> bool {
        [Seat(0), Seat(1)].into_iter().any(|s| self.relics_of(s).any(|r| self.card(r).keywords.neds_ladder))
    }

    /// Does `seat` have a legal play from hand?
    pub fn has_legal_play(&self, seat: Seat) -> bool {
        let ok = self.playable_types(seat);
        self.pile(seat, Zone::Hand).iter().any(|c| ok[self.card(c).card_type as usize])
    }
}
