//! The engine's conformance harness (design.md §4) over random games, under the defaults and
//! under option sets that hide information (openHands = false, SIMULTANEOUS_HIDDEN buffs) or
//! add decisions (MANUAL recoveries).

use engine::conformance::{run, Config};
use fate::options::*;
use fate::{FateGame, FateOptions};

#[test]
fn conformance_defaults_10000_games() {
    let report = run::<FateGame>(&FateOptions::default(), &Config::new(10_000).presentation(true));
    assert_eq!(report.games, 10_000);
    eprintln!("defaults: {report:?}");
}

#[test]
fn conformance_hidden_hands_manual_recoveries() {
    let opts = FateOptions { open_hands: false, auto_recover: AutoRecover::Manual, ..FateOptions::default() };
    let report = run::<FateGame>(&opts, &Config::new(500).seed(7).deep(20, 16).presentation(true));
    assert_eq!(report.games, 500);
}

#[test]
fn conformance_hidden_buffs_sequential_setup_and_variants() {
    let opts = FateOptions {
        buff_order: BuffOrder::SimultaneousHidden,
        setup_protocol: SetupProtocol::SequentialSecondPlayerFirst,
        setup_must_spend_all: false,
        qow_amount: QowAmount::TwoTotal,
        kos_scope: KosScope::AllSuits,
        kos_duration: KosDuration::WhileSourceOnField,
        attacker_order: AttackerOrder::Free,
        res_discard_choice: ResDiscardChoice::VictimChooses,
        koc_distinct_choices: true,
        ..FateOptions::default()
    };
    let report = run::<FateGame>(&opts, &Config::new(500).seed(11).deep(20, 16).presentation(true));
    assert_eq!(report.games, 500);
}

#[test]
fn conformance_more_variants() {
    let opts = FateOptions {
        buff_order: BuffOrder::AlternatingUntilTwoPasses,
        attacker_order: AttackerOrder::EdgeStrict,
        combat_mode: CombatMode::Mutual,
        wand_window: WandWindow::SinceOwnLastTurnStart,
        wand_counts_hand: true,
        kos_duration: KosDuration::UntilEndOfOpponentNextTurn,
        qos_substitute: QosSubstitute::AnyHigher,
        skn_timing: SknTiming::OnceImmediately,
        allow_null_activations: true,
        stolen_returns_to_owner_hand: true,
        sword_recovery: SwordRecovery::OwnerOfDiscarded,
        no_progress_limit: Some(30),
        open_hands: false,
        qos_king_immune_in_hand: true,
        first_player: FirstPlayer::Random,
        ..FateOptions::default()
    };
    let report = run::<FateGame>(&opts, &Config::new(500).seed(13).deep(20, 16).presentation(true));
    assert_eq!(report.games, 500);
}

#[test]
fn positions_round_trip_at_random_points_of_random_games() {
    let report = run::<FateGame>(&FateOptions::default(), &Config::new(300).seed(17).deep(20, 8).positions(true));
    assert_eq!(report.games, 300);
}
