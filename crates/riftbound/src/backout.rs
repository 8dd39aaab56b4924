//! Backing out of a play (`back`) and the engine bound that keeps it from looping.
//!
//! The Core Rules know no voluntary backing out: a card or ability once begun moves to the chain
//! (CR 354) and goes through its choices, costs and legality check to the end (CR 355–359); only
//! a failed legality check undoes it (CR 358.5), and a player may not choose their way into that
//! failure while they have another option (CR 355.16). The engine's `back` is that undo offered
//! as the prompt's cancel: the play is undone and the position is the one before it began.
//!
//! Undoing restores a position, so `back` alone could repeat one for ever — the Riftbound bot
//! ladder (seed 11001, game 6) stalled in P1's Main Phase on `act L` (Quell's "[2], [E]: create
//! a Cadet"), `back`, `act L`, `back`, … for 90,000 actions. *Engine bound:* after a back-out the
//! next play the player begins can't be backed out of — it goes to the end as the CR has it —
//! until the player takes any other action (finishing a play, moving, passing, ending the turn).
//! Each back-out is thus followed by an action that changes the position, and `back` can't loop.
//! When a play has no other option left, `back` stays open (CR 355.16: "unless you have no other
//! option").

use crate::action::RiftAction;
use crate::state::*;

impl RiftGame {
    /// Whether `back` is open at the build prompt `b`, given its other options `others` (CR 358.5
    /// and the engine bound above). A trigger can't be backed out of, nor an instruction's payment.
    pub(crate) fn back_open(&self, b: &Build, others: bool) -> bool {
        !b.item.trigger && !matches!(b.stage, Stage::PayInstr | Stage::EquipPip) && (!self.backed_out || !others)
    }

    /// `back` at a build prompt, without listing the options unless the bound applies.
    pub(crate) fn back_allowed(&self, b: &Build) -> bool {
        if !self.backed_out {
            return self.back_open(b, true);
        }
        let mut others = Vec::new();
        self.build_options(b, &mut others);
        self.back_open(b, !others.is_empty())
    }

    /// `back` while paying a Hide cost (the payment has `pay`, so another option always).
    pub(crate) fn hide_back_open(&self) -> bool {
        !self.backed_out
    }

    /// After an action was applied: a back-out sets the bound; any other action that leaves no
    /// play half-made (no build or Hide payment prompt) lifts it.
    pub(crate) fn track_back_out(&mut self, a: RiftAction) {
        if a == RiftAction::Back {
            self.backed_out = true;
        } else if !matches!(self.prompt, Some(Prompt::Build(_) | Prompt::HidePay { .. })) {
            self.backed_out = false;
        }
    }
}
