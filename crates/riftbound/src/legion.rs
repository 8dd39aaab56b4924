//! Legion (CR 812, 726–727) on the abilities that are not triggers: "[Legion] …" is active if
//! its controller has finalized another main-deck card this turn (tokens, abilities and hiding
//! do not count; countered cards do; `Player::finalized`). Triggers check it as they would go
//! pending (`RiftGame::trigger_live`).
//!
//! * A spell's text (`legion = true` on its `on = "spell"` block): judged as the spell resolves;
//!   the spell itself was finalized, so another card makes two. Inactive, the text does nothing
//!   (its targets were chosen as for any spell) and the log says so (`Note::LegionInactive`).
//! * An activated ability, printed or granted, of a permanent or a legend: it can be activated
//!   only while active (CR 720–725: inactive text can't be activated); once activated it stays
//!   valid (CR 727). One card finalized this turn makes it active — the permanent's own play
//!   included when it was played this turn (the turn's count does not say which cards).

use crate::cards::{Ability, On};
use crate::state::*;

impl RiftGame {
    /// Is `ab`'s [Legion] condition met for `seat` (always, without Legion)? It needs another
    /// main-deck card finalized this turn; `counts_itself`: the ability's own card is among the
    /// turn's count (a resolving spell, a trigger), so "another" makes two.
    pub(crate) fn legion_met(&self, seat: u8, ab: &Ability, counts_itself: bool) -> bool {
        !ab.legion || self.players[seat as usize].finalized >= if counts_itself { 2 } else { 1 }
    }

    /// Is the spell's [Legion] text active as it resolves (always, for any other item)?
    pub(crate) fn spell_legion_active(&self, item: &Item, ab: &Ability) -> bool {
        ab.on != On::Spell || !matches!(item.src, ItemSrc::Spell(_)) || self.legion_met(item.controller, ab, true)
    }

    /// May a [Legion] activated ability be activated by `seat` now (always, without Legion)?
    pub(crate) fn activated_legion_active(&self, seat: u8, ab: &Ability) -> bool {
        self.legion_met(seat, ab, false)
    }
}
