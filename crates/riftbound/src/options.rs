//! Options (every rules option of the spec, defaulting to §29's recommended resolutions) and the
//! profiles of spec §28: the mode of play (CR 481–489) and the rules edition (§26).

use serde::{Deserialize, Serialize};

/// Mode of play (CR 481–489).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// 1v1 Duel (CR 482): random battlefield of three each, second player channels one extra rune.
    #[default]
    #[serde(alias = "Duel", alias = "1v1")]
    Duel,
    /// Free-for-all with 3 players, "Skirmish" (CR 486): three battlefields, the first player skips
    /// their first draw, the last player channels one extra rune.
    #[serde(alias = "FFA3")]
    Ffa3,
    /// Free-for-all with 4 players, "War" (CR 487): the first player's battlefields are not used.
    #[serde(alias = "FFA4")]
    Ffa4,
    /// 2v2 teams, "Magma Chamber" (CR 489): turn order alternates teams, shared points, 11 to win.
    #[serde(alias = "TwoVsTwo", alias = "2v2")]
    TwoVsTwo,
}

impl Mode {
    /// Number of players (CR 481–489).
    pub fn seats(self) -> usize {
        match self {
            Mode::Duel => 2,
            Mode::Ffa3 => 3,
            Mode::Ffa4 | Mode::TwoVsTwo => 4,
        }
    }
    /// Victory Score (CR 193, 489.8): 8, or 11 in 2v2.
    pub fn victory_score(self) -> u8 {
        match self {
            Mode::TwoVsTwo => 11,
            _ => 8,
        }
    }
    pub fn teams(self) -> bool {
        self == Mode::TwoVsTwo
    }
    /// The team a seat plays for: in 2v2 the teams alternate in turn order (CR 489: A1 B1 A2
    /// B2), in every other mode each player is their own team.
    pub fn team_of_seat(self, seat: u8) -> u8 {
        if self.teams() {
            seat % 2
        } else {
            seat
        }
    }
}

/// Rules edition (spec §26, §28 "profiles"). The engine implements the Core Rules dated
/// 2026-07-16 ("Vendetta"); the older editions are named so that asking for one fails loudly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Edition {
    /// CR 2026-07-16 (community name "RUP4", the Vendetta update): the baseline.
    #[default]
    #[serde(rename = "2026-07-16", alias = "cr_2026_07_16")]
    Cr20260716,
    /// CR 1.3 (2026-03-30, "Unleashed") — not implemented: setup refuses it.
    #[serde(rename = "1.3", alias = "cr_1_3")]
    Cr13,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RiftOptions {
    /// The card set (design.md §2.6): ST1 unless a set file was loaded (docs/riftbound-cards.md).
    #[serde(default, skip_serializing_if = "engine::Cards::is_builtin")]
    pub cards: engine::Cards<crate::cards::CardDb>,
    pub mode: Mode,
    pub edition: Edition,
    /// Victory Score (CR 193); none (null) = the mode's (8, or 11 in 2v2).
    pub victory_score: Option<u8>,
    /// Main Deck of exactly 40 (TR 601.1.b) instead of at least 40 (CR 103.2).
    pub exact_forty: bool,
    /// Cards each player draws at setup (CR 116).
    pub opening_hand: u8,
    /// Cards a player may set aside in the mulligan (CR 117).
    pub mulligan_max: u8,
    /// Engine bound, not a rule: after this many turns per two players (30 rounds at the default,
    /// whatever the number of players) the game ends in a draw ("turn limit"), so that random
    /// play always terminates. 0 = no limit.
    pub turn_limit: u16,
    /// §29 #3: allow Hide only in your own Main Phase in Neutral Open (recommended: true).
    pub hide_neutral_open_only: bool,
    /// §29 #2: when a non-combat showdown converts to a combat, the current Focus holder keeps Focus.
    pub converted_combat_keeps_focus: bool,
    /// Conceding (CR 649–652) is offered as `concede` to the seat to act. Off by default so that
    /// random playouts and simulations are not dominated by concessions; servers turn it on.
    pub allow_concede: bool,
    /// The rune abilities and Add gear are offered as actions (`exhaust cN`, `recycle cN`) whenever
    /// a player holds Priority, and a cost the rune pool doesn't cover stops for manual payment
    /// (`pay` = the auto-pay) (CR 164.2, 429, 444). Off by default so that random playouts, `sim`
    /// and bots keep the auto-pay; servers turn it on for people.
    pub rune_actions: bool,
    /// A 1v1 match of several games (TR 407, spec §5 "1v1 Match"): `bo1` (one game, the
    /// default), `bo3` or `bo5`, played inside one game state (`match_play.rs`); or
    /// `bo1_variant`, one game with the Bo1 variant setup of spec §25 (random battlefields, the
    /// play-first choice, then sideboarding).
    #[serde(rename = "match")]
    pub match_of: MatchFormat,
    /// Most cards a sideboard may hold: 10 (TR 2026-07-16, the default) or 8 (TR 2026-05-02).
    pub sideboard_max: u8,
    /// Tournament play-first choice (TR; spec §6 step 4): a randomly designated player chooses to
    /// go first or last (a prompt), instead of the random or `first` seat going first; in 2v2 their
    /// team picks the seat that starts (`t pN`), and in FFA4 and 2v2 the battlefields are drawn
    /// after the choice (the first player's are not used, CR 487–489). In a Bo3/Bo5 match the loser of the previous game always chooses (TR 407.4).
    pub choose_first: bool,
}

/// The games of a 1v1 match (TR 407; spec §5, decision table row 28 "Format config").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum MatchFormat {
    /// One game.
    #[default]
    Bo1,
    /// Best of three: the first to two game wins.
    Bo3,
    /// Best of five: the first to three game wins; battlefields may be reused once all three
    /// were shown, at most twice each.
    Bo5,
    /// The Bo1 variant setup of tournaments (spec §25): one game; a random battlefield each, then
    /// the play-first choice, then sideboarding as if between games.
    Bo1Variant,
}

impl MatchFormat {
    /// Game wins that take the match.
    pub fn wins_needed(self) -> u8 {
        match self {
            MatchFormat::Bo1 | MatchFormat::Bo1Variant => 1,
            MatchFormat::Bo3 => 2,
            MatchFormat::Bo5 => 3,
        }
    }
    /// Games at most (drawn games count): 1, 3 or 5.
    pub fn games(self) -> u8 {
        self.wins_needed() * 2 - 1
    }
}

impl RiftOptions {
    pub fn victory(&self) -> u8 {
        self.victory_score.unwrap_or(self.mode.victory_score())
    }
}

impl Default for RiftOptions {
    fn default() -> Self {
        RiftOptions {
            cards: engine::Cards::builtin(),
            mode: Mode::Duel,
            edition: Edition::Cr20260716,
            victory_score: None,
            exact_forty: true,
            opening_hand: 4,
            mulligan_max: 2,
            turn_limit: 60,
            hide_neutral_open_only: true,
            converted_combat_keeps_focus: true,
            allow_concede: false,
            rune_actions: false,
            match_of: MatchFormat::Bo1,
            sideboard_max: 10,
            choose_first: false,
        }
    }
}
