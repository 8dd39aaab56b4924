//! Configuration options of spec §9, with the spec's bold defaults. Names are the spec's
//! camelCase names; enum values are the spec's SCREAMING_CASE values.

use serde::{Deserialize, Serialize};

macro_rules! option_enum {
    ($(#[$m:meta])* $name:ident { $first:ident $(, $rest:ident)* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
        #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
        pub enum $name {
            #[default]
            $first,
            $($rest,)*
        }
    };
}

option_enum!(/// SHARED is infeasible (the budget needs 16 points, one deck holds 12).
    DeckModel { PerPlayer, Shared });
option_enum!(
    SetupProtocol { SimultaneousSecretThenReveal, SequentialFirstPlayerFirst, SequentialSecondPlayerFirst });
option_enum!(
    NoCombatPlies { FirstPlyOnly, EachPlayersFirstTurn });
option_enum!(
    AutoRecover { AutoMax, Manual });
option_enum!(
    WandWindow { PreviousPly, SinceOwnLastTurnStart });
option_enum!(
    AtkPersistence { Persistent, ResetAtEndOfTurn });
option_enum!(
    BuffOrder { ApThenNap, NapThenAp, AlternatingUntilTwoPasses, SimultaneousHidden });
option_enum!(
    CombatMode { ApOnly, Mutual });
option_enum!(
    AttackerOrder { OutsideIn, Free, EdgeStrict });
option_enum!(
    ResDiscardChoice { VictimChooses, TappedFirst });
option_enum!(
    SwordRecovery { Both, ApOnly, OwnerOfDiscarded, OpponentOfDiscarded });
option_enum!(
    KingConditionTiming { BeforeCost, AfterCost });
option_enum!(
    QowAmount { TwoEach, TwoTotal });
option_enum!(
    KosScope { OneSuit, AllSuits });
option_enum!(
    KosDuration { Permanent, WhileSourceOnField, UntilEndOfOpponentNextTurn });
option_enum!(
    QosSubstitute { NextHigher, AnyHigher });
option_enum!(
    SknTiming { AfterEachCharacterAttack, OnceImmediately });
option_enum!(
    MutualKingLoss { Draw, ApWins, ApLoses });
option_enum!(
    MainPhaseOrder { Free, PlayThenSkills });
option_enum!(/// R-S1, A-4: who takes ply 1 (RANDOM: a coin from the game seed).
    FirstPlayer { P1, P2, Random });

/// Every option of spec §9. `Default` is the spec's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
pub struct FateOptions {
    pub deck_model: DeckModel,
    pub setup_must_spend_all: bool,
    pub setup_protocol: SetupProtocol,
    pub open_hands: bool,
    pub first_player: FirstPlayer,
    pub no_combat_plies: NoCombatPlies,
    pub auto_recover: AutoRecover,
    pub drawn_enter_tapped: bool,
    pub kop_draw_tapped: bool,
    pub wand_window: WandWindow,
    pub wand_counts_hand: bool,
    pub play_is_active: bool,
    pub skill_target_is_passive: bool,
    pub flags_follow_card: bool,
    pub atk_persistence: AtkPersistence,
    pub stolen_keeps_atk: bool,
    pub buff_order: BuffOrder,
    pub combat_mode: CombatMode,
    pub attacker_order: AttackerOrder,
    pub ra_suit_must_be_non_empty: bool,
    pub res_discard_choice: ResDiscardChoice,
    pub sword_recovery: SwordRecovery,
    pub sr_counts_hand_discards: bool,
    pub allow_null_activations: bool,
    pub king_condition_timing: KingConditionTiming,
    pub koc_distinct_choices: bool,
    pub stolen_returns_to_owner_hand: bool,
    pub knc_partial_pages: bool,
    pub qow_amount: QowAmount,
    pub kos_scope: KosScope,
    pub kos_duration: KosDuration,
    pub kos_stacking: bool,
    pub qos_substitute: QosSubstitute,
    /// 4 or 3.
    pub qos_max_x: u8,
    pub qos_king_immune_in_hand: bool,
    pub skn_stacking: bool,
    pub skn_timing: SknTiming,
    pub mutual_king_loss: MutualKingLoss,
    /// R-END2: the game is drawn when `ply > plyLimit`.
    pub ply_limit: u32,
    /// R-END3: the same turn-start position for the Nth time is a draw.
    pub repetition_limit: u32,
    /// R-END4: `null` (off) or N plies without a character discarded.
    pub no_progress_limit: Option<u32>,
    pub main_phase_order: MainPhaseOrder,
    pub skip_empty_combat: bool,
}

impl Default for FateOptions {
    fn default() -> Self {
        FateOptions {
            deck_model: DeckModel::PerPlayer,
            setup_must_spend_all: true,
            setup_protocol: SetupProtocol::SimultaneousSecretThenReveal,
            open_hands: true,
            first_player: FirstPlayer::P1,
            no_combat_plies: NoCombatPlies::FirstPlyOnly,
            auto_recover: AutoRecover::AutoMax,
            drawn_enter_tapped: false,
            kop_draw_tapped: false,
            wand_window: WandWindow::PreviousPly,
            wand_counts_hand: false,
            play_is_active: false,
            skill_target_is_passive: false,
            flags_follow_card: true,
            atk_persistence: AtkPersistence::Persistent,
            stolen_keeps_atk: true,
            buff_order: BuffOrder::ApThenNap,
            combat_mode: CombatMode::ApOnly,
            attacker_order: AttackerOrder::OutsideIn,
            ra_suit_must_be_non_empty: false,
            res_discard_choice: ResDiscardChoice::VictimChooses,
            sword_recovery: SwordRecovery::Both,
            sr_counts_hand_discards: true,
            allow_null_activations: false,
            king_condition_timing: KingConditionTiming::BeforeCost,
            koc_distinct_choices: false,
            stolen_returns_to_owner_hand: false,
            knc_partial_pages: true,
            qow_amount: QowAmount::TwoEach,
            kos_scope: KosScope::OneSuit,
            kos_duration: KosDuration::Permanent,
            kos_stacking: true,
            qos_substitute: QosSubstitute::NextHigher,
            qos_max_x: 4,
            qos_king_immune_in_hand: false,
            skn_stacking: true,
            skn_timing: SknTiming::AfterEachCharacterAttack,
            mutual_king_loss: MutualKingLoss::Draw,
            ply_limit: 200,
            repetition_limit: 3,
            no_progress_limit: None,
            main_phase_order: MainPhaseOrder::Free,
            skip_empty_combat: false,
        }
    }
}

impl FateOptions {
    /// Check values the spec does not allow, and options this engine refuses (named).
    pub fn validate(&self) -> Result<(), String> {
        if self.deck_model == DeckModel::Shared {
            return Err(
                "deckModel SHARED is infeasible (A-1: two 8-point budgets need 16 points, one deck holds 12)".into()
            );
        }
        if !(3..=4).contains(&self.qos_max_x) {
            return Err(format!("qosMaxX must be 4 or 3 (A-44), got {}", self.qos_max_x));
        }
        if self.ply_limit == 0 || self.ply_limit > 100_000 {
            return Err(format!("plyLimit must be in 1..=100000 (R-END2), got {}", self.ply_limit));
        }
        if self.repetition_limit < 2 {
            return Err(format!("repetitionLimit must be at least 2 (R-END3), got {}", self.repetition_limit));
        }
        if self.no_progress_limit == Some(0) {
            return Err("noProgressLimit must be null (off) or at least 1 (R-END4)".into());
        }
        Ok(())
    }
}
