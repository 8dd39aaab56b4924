//! Rules options (spec §9: the resolutions the spec calls switches). `Default` = the spec's
//! recommendations.

use crate::carddb::CardDb;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ArdentOptions {
    /// A4: Bear Hug's extra defenders must be adjacent in the line to one already chosen.
    pub bear_hug_requires_adjacency: bool,
    /// A4: a Team-Up group may also Bear Hug (several attackers against several defenders).
    pub combine_team_up_and_bear_hug: bool,
    /// A8: "then end your turn" (Gynormica) skips the Rotate and Draw Cards steps.
    pub end_turn_skips_rotate_and_draw: bool,
    /// A13: "your opponent discards N cards" lets the opponent choose instead of random.
    pub opponent_chooses_own_discards: bool,
    /// §7, A34: the game ends after this many turns (scored as usual; ties to the second
    /// player). `None` = no cap (then `max_actions` cannot bound the game).
    pub turn_cap: Option<u32>,
    /// §7, A34: offer concede and draw-offer actions to the seat to act in the Main step.
    pub table_actions: bool,
    /// The card set the game is played with (design.md §2.6): Omega Codex unless a set file
    /// was loaded (docs/ardent-cards.md). Not written for the built-in set.
    #[serde(default, skip_serializing_if = "engine::Cards::is_builtin")]
    pub cards: engine::Cards<CardDb>,
}

impl Default for ArdentOptions {
    fn default() -> Self {
        ArdentOptions {
            bear_hug_requires_adjacency: false,
            combine_team_up_and_bear_hug: false,
            end_turn_skips_rotate_and_draw: true,
            opponent_chooses_own_discards: false,
            turn_cap: Some(DEFAULT_TURN_CAP),
            table_actions: false,
            cards: engine::Cards::builtin(),
        }
    }
}

/// The default turn cap: far beyond any game seen in random play (see docs/ardent.md).
pub const DEFAULT_TURN_CAP: u32 = 200;
