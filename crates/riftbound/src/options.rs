//! Options (every rules option of the spec, defaulting to §29's recommended resolutions).

use serde::{Deserialize, Serialize};

/// Mode of play (CR 481–489). Only 1v1 is implemented; the others fail setup loudly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// 1v1 Duel (CR 482): random battlefield of three each, second player channels one extra rune.
    #[default]
    Duel,
    /// Free-for-all with 3 players (CR 486) — not implemented yet.
    Ffa3,
    /// Free-for-all with 4 players (CR 487) — not implemented yet.
    Ffa4,
    /// 2v2 teams (CR 489) — not implemented yet.
    TwoVsTwo,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RiftOptions {
    pub mode: Mode,
    /// Victory Score (CR 193): 8 in 1v1.
    pub victory_score: u8,
    /// Main Deck of exactly 40 (TR 601.1.b) instead of at least 40 (CR 103.2).
    pub exact_forty: bool,
    /// Cards each player draws at setup (CR 116).
    pub opening_hand: u8,
    /// Cards a player may set aside in the mulligan (CR 117).
    pub mulligan_max: u8,
    /// Engine bound, not a rule: after this many turns the game ends in a draw ("turn limit"), so
    /// that random play always terminates. 0 = no limit.
    pub turn_limit: u16,
    /// §29 #3: allow Hide only in your own Main Phase in Neutral Open (recommended: true).
    pub hide_neutral_open_only: bool,
    /// §29 #2: when a non-combat showdown converts to a combat, the current Focus holder keeps Focus.
    pub converted_combat_keeps_focus: bool,
}

impl Default for RiftOptions {
    fn default() -> Self {
        RiftOptions {
            mode: Mode::Duel,
            victory_score: 8,
            exact_forty: true,
            opening_hand: 4,
            mulligan_max: 2,
            turn_limit: 60,
            hide_neutral_open_only: true,
            converted_combat_keeps_focus: true,
        }
    }
}
