//! Determinization (design.md §2): resample what a seat cannot see, consistently with its view.
//! Hidden things are: the opponent's secret setup choices, the opponent's unknown hand
//! cards when `openHands` = false, and the active player's hidden buffs under
//! `buffOrder` = SIMULTANEOUS_HIDDEN.

use crate::card::{bit, card, owned_by, KING, KNIGHT, PAGE, QUEEN};
use crate::legal::composition_ok;
use crate::options::BuffOrder;
use crate::state::{CardState, FateGame, Step};
use engine::{GameRng, Seat, Viewer};

/// Every legal setup choice of player `p` as a card bitset (R-S2, R-S3).
fn for_each_setup(p: u8, must_spend_all: bool, mut f: impl FnMut(u32)) {
    for k in 0..4 {
        for q in 0..4 {
            let base = bit(card(p, k, KING)) | bit(card(p, q, QUEEN));
            for kn in 0u32..16 {
                for pg in 0u32..16 {
                    if composition_ok(must_spend_all, kn.count_ones() as u8, pg.count_ones() as u8) {
                        let mut set = base;
                        for s in 0..4u8 {
                            if kn & (1 << s) != 0 {
                                set |= bit(card(p, s, KNIGHT));
                            }
                            if pg & (1 << s) != 0 {
                                set |= bit(card(p, s, PAGE));
                            }
                        }
                        f(set);
                    }
                }
            }
        }
    }
}

impl FateGame {
    pub(crate) fn determinized(&self, seat: u8, rng: &mut GameRng) -> FateGame {
        let mut g = self.clone();
        let o = 1 - seat;
        if self.hidden_for(Viewer::Seat(Seat(seat)), o) {
            if self.step == Step::Setup {
                g.resample_partial_setup(o, rng);
            } else {
                g.resample_hidden_hand(o, rng);
            }
        }
        if self.step == Step::Buff && self.opts.buff_order == BuffOrder::SimultaneousHidden && seat != self.ap {
            g.resample_hidden_buffs(rng);
        }
        g
    }

    /// The hidden chooser's cards so far, redrawn for its (visible) setup stage.
    fn resample_partial_setup(&mut self, o: u8, rng: &mut GameRng) {
        let stage = self.players[o as usize].setup_stage;
        let mut hand = 0u32;
        if stage >= 1 {
            hand |= bit(card(o, rng.below(4) as u8, KING));
        }
        if stage >= 2 {
            hand |= bit(card(o, rng.below(4) as u8, QUEEN));
        }
        let mut comp = (0, 0);
        if stage >= 3 {
            // The composition must lead to this stage: stage 3 needs Knights; stage 4 Pages.
            let mut comps = Vec::new();
            for k in 0..=4u8 {
                for p in 0..=4u8 {
                    let fits = match stage {
                        3 => k > 0,
                        4 => p > 0,
                        _ => true,
                    };
                    if fits && composition_ok(self.opts.setup_must_spend_all, k, p) {
                        comps.push((k, p));
                    }
                }
            }
            if comps.is_empty() {
                return; // an impossible stage for these options: keep the truth
            }
            comp = comps[rng.index(comps.len())];
            if stage >= 4 || (stage == 5 && comp.0 > 0) {
                for i in rng.sample_indices(4, comp.0 as usize) {
                    hand |= bit(card(o, i as u8, KNIGHT));
                }
            }
            if stage == 5 {
                for i in rng.sample_indices(4, comp.1 as usize) {
                    hand |= bit(card(o, i as u8, PAGE));
                }
            }
        }
        let pl = &mut self.players[o as usize];
        pl.hand = hand;
        pl.known = 0;
        if stage >= 3 {
            pl.comp = comp;
        }
        self.aside &= !owned_by(o);
        if stage == 5 {
            self.aside |= owned_by(o) & !hand;
        }
    }

    /// `openHands` = false: redraw the opponent's unknown hand cards from the setups that fit
    /// everything public (one King, one Queen, a legal composition, the cards already seen).
    fn resample_hidden_hand(&mut self, o: u8, rng: &mut GameRng) {
        let pl = &self.players[o as usize];
        let unknown = pl.hand & !pl.known & owned_by(o);
        let h = unknown.count_ones();
        let chosen = owned_by(o) & !self.aside & !unknown & self.in_play_mask();
        let seen = chosen;
        let need = seen.count_ones() + h;
        let must = self.opts.setup_must_spend_all;
        let mut count = 0u64;
        for_each_setup(o, must, |s| {
            if s & seen == seen && s.count_ones() == need {
                count += 1;
            }
        });
        if count == 0 {
            return; // cannot happen for a state reached by play; keep the truth
        }
        let pick = rng.below(count);
        let mut i = 0u64;
        let mut chosen_set = 0u32;
        for_each_setup(o, must, |s| {
            if s & seen == seen && s.count_ones() == need {
                if i == pick {
                    chosen_set = s;
                }
                i += 1;
            }
        });
        let new_unknown = chosen_set & !seen;
        for c in crate::card::cards_of(unknown | new_unknown) {
            self.cards[c as usize] = CardState::default();
        }
        let pl = &mut self.players[o as usize];
        pl.hand = (pl.hand & !unknown) | new_unknown;
        let k = (new_unknown & crate::card::rank_mask(KNIGHT)).count_ones() as u8
            + (seen & crate::card::rank_mask(KNIGHT)).count_ones() as u8;
        pl.comp = (k, (chosen_set.count_ones() as u8).saturating_sub(2 + k));
        self.aside = (self.aside & !owned_by(o)) | (owned_by(o) & !chosen_set);
    }

    /// Cards in any hand, on any field, or eliminated.
    fn in_play_mask(&self) -> u32 {
        self.players[0].hand
            | self.players[1].hand
            | self.players[0].field_set()
            | self.players[1].field_set()
            | self.elim
    }

    fn resample_hidden_buffs(&mut self, rng: &mut GameRng) {
        let ap = self.ap as usize;
        let n = self.players[ap].row_len as usize;
        for i in 0..n {
            let c = self.players[ap].row[i];
            self.cards[c as usize].hidden_buff = 0;
        }
        if n == 0 {
            return;
        }
        let k = rng.below(self.players[ap].u[3] as u64 + 1);
        for _ in 0..k {
            let c = self.players[ap].row[rng.index(n)];
            self.cards[c as usize].hidden_buff += 1;
        }
    }
}
