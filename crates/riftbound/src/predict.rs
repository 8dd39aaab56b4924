//! Predict N > 1 (CR 436, spec §20: "look at the top N, recycle any of them, put the rest back in
//! any order; never burns out"). Predict 1 (and Vision, CR 817) keeps its one yes/no question
//! (`Prompt::Predict`); with N > 1 the player, who alone sees the cards (the view's `looked`):
//!
//! 1. recycles any of them, one at a time (`t cN`: to the bottom of the deck, CR 416 — the order
//!    of the picks is the order they go under), or keeps the rest (`done`);
//! 2. puts the kept ones back on top in any order: `t cN` is the next card from the top, the last
//!    one goes back by itself.
//!
//! With fewer than N cards in the deck the player looks at them all (Predict never burns out).
//! The looked-at cards stay in the deck throughout: the undecided ones are always the top cards
//! below those already put back, so the position notation needs nothing but the prompt.

use crate::action::ObjId;
use crate::notes::Note;
use crate::state::*;

impl RiftGame {
    /// `seat` predicts `n` (n > 1): look at the top `n` cards of their deck.
    pub(crate) fn start_predict(&mut self, seat: u8, n: i32) {
        let take = n.clamp(0, u8::MAX as i32) as usize;
        let cards: Vec<ObjId> = self.players[seat as usize].deck.iter().take(take).copied().collect();
        if !cards.is_empty() {
            self.prompt = Some(Prompt::PredictMany { seat, cards, order: false });
        }
    }

    /// The choices of a Predict N prompt: each undecided card, and `done` while recycling.
    pub(crate) fn predict_options(&self, cards: &[ObjId], order: bool, out: &mut Vec<crate::RiftAction>) {
        use crate::action::{Ref, RiftAction};
        out.extend(cards.iter().map(|&c| RiftAction::Pick(Ref::Obj(c))));
        if !order {
            out.push(RiftAction::Done);
        }
    }

    /// Apply a legal choice `a` to the Predict N prompt of `seat`.
    pub(crate) fn predict_apply(&mut self, seat: u8, mut cards: Vec<ObjId>, order: bool, a: crate::RiftAction) {
        use crate::action::{Ref, RiftAction};
        self.prompt = None;
        match a {
            RiftAction::Pick(Ref::Obj(c)) if !order => {
                // Recycle it (CR 416): to the bottom, under those recycled before.
                let def = self.obj(c).def;
                self.notes.add(|| Note::Predicted { seat, def: Some(def), recycled: true });
                let deck = &mut self.players[seat as usize].deck;
                deck.retain(|&x| x != c);
                deck.push(c);
                cards.retain(|&x| x != c);
                if !cards.is_empty() {
                    self.prompt = Some(Prompt::PredictMany { seat, cards, order: false });
                }
            }
            RiftAction::Pick(Ref::Obj(c)) => {
                // Put it back next from the top: just above the other undecided cards.
                let deck = &mut self.players[seat as usize].deck;
                let at = deck.iter().position(|x| cards.contains(x)).unwrap_or(0);
                deck.retain(|&x| x != c);
                deck.insert(at.min(deck.len()), c);
                cards.retain(|&x| x != c);
                if cards.len() > 1 {
                    self.prompt = Some(Prompt::PredictMany { seat, cards, order: true });
                }
            }
            _ => {
                // `done`: the rest are kept on top; two or more are put back in any order.
                for &c in &cards {
                    let def = self.obj(c).def;
                    self.notes.add(|| Note::Predicted { seat, def: Some(def), recycled: false });
                }
                if cards.len() > 1 {
                    self.prompt = Some(Prompt::PredictMany { seat, cards, order: true });
                }
            }
        }
    }

    /// Is the Predict N prompt consistent with the deck (the position reader's check)? The
    /// undecided cards must be in the deck, next to each other: on top while recycling, right
    /// under the cards already put back while ordering.
    pub(crate) fn predict_problem(&self, seat: u8, cards: &[ObjId], order: bool) -> Option<String> {
        let deck = &self.players[seat as usize].deck;
        if cards.is_empty() {
            return Some("a predict prompt needs the looked-at cards (cards=)".into());
        }
        if let Some(c) = cards.iter().find(|c| !deck.contains(c)) {
            return Some(format!("c{c} is not in the predicting player's deck"));
        }
        let at = deck.iter().position(|x| cards.contains(x)).unwrap_or(0);
        if !order && at != 0 {
            return Some("while recycling, the looked-at cards are the top of the deck (CR 436)".into());
        }
        if order && cards.len() < 2 {
            return Some("putting back in order needs two or more cards".into());
        }
        if deck[at..].iter().take(cards.len()).any(|x| !cards.contains(x)) {
            return Some("the looked-at cards are not next to each other in the deck (CR 436)".into());
        }
        None
    }
}
