//! Legion (CR 812, 726–727): "[Legion] …" is active if its controller has finalized another
//! main-deck card this turn (tokens, abilities and hiding do not count; countered cards do;
//! `Player::finalized` lists the turn's cards). "Another" is judged by what the ability is on:
//!
//! * A spell's text (`legion = true` on its `on = "spell"` block, or an `if = "legion"`
//!   instruction): judged as the spell resolves, leaving out the spell itself. Inactive, the text
//!   does nothing (its targets were chosen as for any spell) and the log says so
//!   (`Note::LegionInactive`).
//! * An activated ability, printed or granted, of a permanent: it can be activated only while
//!   active (CR 720–725: inactive text can't be activated); once activated it stays valid
//!   (CR 727). The permanent's own play this turn is not another card. A legend is no main-deck
//!   card: any card of its controller's makes its ability active.
//! * A trigger (`RiftGame::trigger_live`, checked as it would go pending), printed or granted,
//!   of a permanent: like an activated ability, any card other than the permanent counts — its
//!   own play ("When you play me") does not, the play of another card that triggers it ("When you
//!   play a Mighty unit", counted once finalized, spec §13: finalizing comes before resolving) does.

use crate::action::ObjId;
use crate::cards::{Ability, On};
use crate::state::*;

/// What a [Legion] check's "another card" is other than (CR 812).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LegionOf {
    /// This card: any other card finalized this turn (a card finalized twice is still this one).
    Card(ObjId),
    /// No main-deck card (a legend's ability): any card finalized this turn.
    Nothing,
}

impl RiftGame {
    /// Has `seat` finalized another main-deck card this turn than `of` (CR 812)?
    pub(crate) fn finalized_another(&self, seat: u8, of: LegionOf) -> bool {
        let f = &self.players[seat as usize].finalized;
        match of {
            LegionOf::Card(c) => f.iter().any(|&x| x != c),
            LegionOf::Nothing => !f.is_empty(),
        }
    }

    /// Is `ab`'s [Legion] condition met for `seat` (always, without Legion)?
    pub(crate) fn legion_met(&self, seat: u8, ab: &Ability, of: LegionOf) -> bool {
        !ab.legion || self.finalized_another(seat, of)
    }

    /// What an item's "another card" is other than: its spell, or its permanent (an activated or
    /// triggered ability).
    pub(crate) fn legion_of(&self, item: &Item) -> LegionOf {
        match item.src {
            ItemSrc::Spell(c) | ItemSrc::Obj(c) => LegionOf::Card(c),
            _ => LegionOf::Nothing,
        }
    }

    /// Is the spell's [Legion] text active as it resolves (always, for any other item)?
    pub(crate) fn spell_legion_active(&self, item: &Item, ab: &Ability) -> bool {
        ab.on != On::Spell
            || !matches!(item.src, ItemSrc::Spell(_))
            || self.legion_met(item.controller, ab, self.legion_of(item))
    }

    /// May a [Legion] activated ability of permanent `id` (a legend's: `None`) be activated by
    /// `seat` now (always, without Legion)?
    pub(crate) fn activated_legion_active(&self, seat: u8, id: Option<ObjId>, ab: &Ability) -> bool {
        self.legion_met(seat, ab, id.map_or(LegionOf::Nothing, LegionOf::Card))
    }
}
