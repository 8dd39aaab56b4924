//! Response decisions (§8.2): King of Cups choices, and the per-kind legality of every pending
//! decision (splits, hand discards, Queen of Swords victims, manual Sword recovery, KoP draws).

use crate::action::KocOption;
use crate::card::{bit, cards_of, Card, CUPS, SWORDS};
use crate::flow::ids_from;
use crate::present::Why;
use crate::skills::Check;
use crate::state::{FateGame, Pending};

fn need(ok: bool, why: &'static str) -> Check {
    if ok {
        Ok(())
    } else {
        Err(why)
    }
}

impl FateGame {
    /// KOC_CHOICE options for the victim (§5.1 #5, A-38, A-57).
    pub(crate) fn koc_options(&self, v: u8, prev: u8, out: &mut Vec<KocOption>) {
        let pl = &self.players[v as usize];
        let distinct = self.opts.koc_distinct_choices;
        let allowed = |k: u8| !distinct || k != prev;
        if allowed(1) {
            let mut row: Vec<Card> = pl.row().to_vec();
            row.sort_unstable();
            out.extend(row.into_iter().map(KocOption::Return));
        }
        if allowed(2) && pl.u[CUPS as usize] > 0 {
            out.push(KocOption::Cup);
        }
        if allowed(3) {
            out.extend(cards_of(pl.hand).map(KocOption::Hand));
        }
    }

    pub(crate) fn check_koc(&self, o: KocOption) -> Check {
        let Some(Pending::KocChoice { victim, prev, .. }) = self.pending_top() else {
            return Err("no King of Cups choice is pending");
        };
        need(
            !self.opts.koc_distinct_choices || o.kind() != prev,
            "A-38 kocDistinctChoices: choose a different option",
        )?;
        let pl = &self.players[victim as usize];
        match o {
            KocOption::Return(c) => need(pl.row_index(c).is_some(), "King of Cups (a): that card is not in your row"),
            KocOption::Cup => need(pl.u[CUPS as usize] > 0, "King of Cups (b): you have no untapped Cup (A-57)"),
            KocOption::Hand(c) => need(pl.hand & bit(c) != 0, "King of Cups (c): that card is not in your hand"),
        }
    }

    pub(crate) fn apply_koc(&mut self, o: KocOption) {
        let Some(Pending::KocChoice { victim, left, .. }) = self.pending_top() else { return };
        self.koc_next(victim, left, o.kind());
        match o {
            KocOption::Return(c) => {
                self.return_to_hand(c, true);
                self.note_returned(victim, c, Some(crate::card::card(self.ap, CUPS, crate::card::KING)));
            }
            KocOption::Cup => {
                self.players[victim as usize].u[CUPS as usize] -= 1;
                self.note(|_| crate::present::FateEvent::ResourcesDiscarded {
                    seat: victim,
                    suit: crate::present::suit_code(CUPS),
                    count: 1,
                    untapped: 1,
                    reason: "king_of_cups".into(),
                });
            }
            KocOption::Hand(c) => self.discard_character(c, Why::KingOfCups),
        }
    }

    /// One King of Cups choice is made (or lapses).
    pub(crate) fn koc_next(&mut self, victim: u8, left: u8, kind: u8) {
        if left <= 1 {
            self.pop_pending();
        } else {
            self.set_top(Pending::KocChoice { victim, left: left - 1, prev: kind });
        }
    }

    pub(crate) fn check_split(&self, k: u8) -> Check {
        let Some(Pending::Split { victim, suit, m, .. }) = self.pending_top() else {
            return Err("no resource discard is pending");
        };
        let (lo, hi) = self.split_range(victim, suit, m);
        need(k >= lo && k <= hi, "R-RDISC: that many untapped cards cannot be among those discarded")
    }

    /// HAND_DISCARD: picks in increasing id order, leaving enough later cards (§8.2).
    pub(crate) fn check_hand_discard(&self, c: Card) -> Check {
        let Some(Pending::HandDiscard { victim, left, after }) = self.pending_top() else {
            return Err("no hand discard is pending");
        };
        let hand = self.players[victim as usize].hand;
        need(hand & bit(c) != 0, "R-C4: that card is not in your hand")?;
        need(c >= after, "HAND_DISCARD: pick cards in increasing order (§8.2)")?;
        need(
            (hand & ids_from(c + 1)).count_ones() + 1 >= left as u32,
            "HAND_DISCARD: later picks must stay possible (increasing order)",
        )
    }

    pub(crate) fn apply_hand_discard(&mut self, c: Card) {
        let Some(Pending::HandDiscard { victim, left, .. }) = self.pending_top() else { return };
        if left <= 1 {
            self.pop_pending();
        } else {
            self.set_top(Pending::HandDiscard { victim, left: left - 1, after: c + 1 });
        }
        self.discard_character(c, Why::ResourceAttack);
    }

    pub(crate) fn check_qos_victim(&self, c: Card) -> Check {
        let Some(Pending::QosVictim { victim, rank, any_higher }) = self.pending_top() else {
            return Err("no Queen of Swords discard is pending");
        };
        need(
            self.qos_candidates(victim, rank, any_higher) & bit(c) != 0,
            "§5.1 #14: discard a card of the required rank from your field or hand",
        )
    }

    pub(crate) fn check_sword_rec(&self, k: u8) -> Check {
        let Some(Pending::SwordRec { player, count }) = self.pending_top() else {
            return Err("no Sword recovery is pending");
        };
        need(
            k <= count.min(self.players[player as usize].t[SWORDS as usize]),
            "R-SR: untap at most one Sword per discard",
        )
    }

    pub(crate) fn apply_sword_rec(&mut self, k: u8) {
        let Some(Pending::SwordRec { player, .. }) = self.pending_top() else { return };
        self.pop_pending();
        self.untap(player, SWORDS, k);
        self.note_untap(player, SWORDS, k, "sword_recovery", None);
    }
}
