//! Sideboards (TR 403, 601.1.c; spec §4 "Sideboard"): the deck list's `Sideboard:` section and
//! its checks. Swapping between the games of a match is in `match_play.rs`.

use crate::cards::{CardDb, DefId};
use crate::deck::DeckList;

/// Most cards in a sideboard by TR 2026-07-16 (TR 2026-05-02 allowed 8: the `sideboard_max`
/// option).
pub const SIDEBOARD_MAX: u8 = 10;

impl DeckList {
    /// Copies of `id` in the sideboard.
    pub(crate) fn side_copies(&self, id: DefId) -> usize {
        self.sideboard.iter().filter(|(d, _)| *d == id).map(|(_, n)| *n as usize).sum()
    }

    /// Copies of `id` in the Main Deck, the Chosen Champion included.
    fn main_copies(&self, id: DefId) -> usize {
        self.main.iter().filter(|(d, _)| *d == id).map(|(_, n)| *n as usize).sum::<usize>()
            + usize::from(self.champion == Some(id))
    }

    /// The sideboard's own problems (TR 601.1.c): at most `max` cards, only cards that may be in
    /// the Main Deck (kind, domain identity, CR 103.1.b–103.2), and the copy limits counting Main
    /// Deck and sideboard together (CR 103.2.b, 825) for the names the Main Deck lacks (the Main
    /// Deck's names are counted with their sideboard copies by the main check).
    pub(crate) fn check_sideboard(&self, db: &CardDb, max: u8, err: &mut impl FnMut(String)) {
        let total: usize = self.sideboard.iter().map(|(_, n)| *n as usize).sum();
        if total > max as usize {
            err(format!("Sideboard: {total} cards: at most {max} (TR 601.1.c; 8 before TR 2026-07-16)"));
        }
        let identity = self.legend.map(|l| db.get(l).domains).unwrap_or(0);
        for &(id, n) in &self.sideboard {
            let d = db.get(id);
            if !d.is_main_deck() {
                err(format!("Sideboard: '{}' can't be in a deck's Main Deck: it is a {:?} (TR 403)", d.name, d.kind));
            }
            if d.domains & !identity != 0 {
                err(format!("Sideboard: '{}' is outside the domain identity (CR 103.1.b, TR 403)", d.name));
            }
            if d.signature && !self.legend.is_some_and(|l| d.tags.iter().any(|t| db.get(l).has_tag(t))) {
                err(format!("Sideboard: Signature card '{}' lacks the legend's champion tag (CR 103.2.d)", d.name));
            }
            if self.main.iter().any(|(m, _)| *m == id) {
                continue;
            }
            let copies = n as usize + self.main_copies(id);
            if d.has(crate::cards::kw::UNIQUE) && copies > 1 {
                err(format!(
                    "Sideboard: {copies} copies of '{}' in deck and sideboard: it is Unique, at most 1 (CR 825)",
                    d.name
                ));
            } else if copies > 3 {
                err(format!(
                    "Sideboard: {copies} copies of '{}' in deck and sideboard: at most 3 per name (CR 103.2.b, TR 403)",
                    d.name
                ));
            }
        }
    }

    /// The sideboard, one entry per copy.
    pub fn side_cards(&self) -> Vec<DefId> {
        self.sideboard.iter().flat_map(|&(id, n)| std::iter::repeat_n(id, n as usize)).collect()
    }
}
