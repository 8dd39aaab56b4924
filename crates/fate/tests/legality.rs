//! The legal-action list is exactly the set of actions `apply` accepts: over sampled states of
//! random games, every action of the whole action space is tried.

use engine::{EventLog, Game, GameRng};
use fate::options::*;
use fate::{FateAction, FateGame, FateOptions, KocOption, SkillArg, Target};

fn action_space() -> Vec<FateAction> {
    use FateAction::*;
    let mut v = Vec::new();
    for s in 0..4 {
        v.extend([ChooseKing(s), ChooseQueen(s), Draw(s), BonusAttack(s)]);
    }
    for k in 0..=5 {
        for p in 0..=5 {
            v.push(ChooseComposition(k, p));
        }
    }
    for m in 1..16 {
        v.extend([ChooseKnights(m), ChoosePages(m)]);
    }
    for k in 0..=10 {
        v.extend([UntapPentacles(k), UntapWands(k), UntapCups(k), UntapSwords(k), Split(k)]);
    }
    v.extend([
        EndDraw,
        EndMain,
        DoneBuffing,
        EndCombat,
        DeclineBonus,
        KopDraw(true),
        KopDraw(false),
        Koc(KocOption::Cup),
    ]);
    let mut args = vec![SkillArg::None];
    args.extend((1..=4).map(SkillArg::X));
    args.extend((0..4).map(SkillArg::Suit));
    for a in 0..4 {
        for b in a..4 {
            args.push(SkillArg::Suits(a, b));
        }
    }
    args.extend((0..32).map(SkillArg::Card));
    for a in 0..32 {
        for b in a + 1..32 {
            if a % 4 == 0 && b % 4 == 0 {
                args.push(SkillArg::Cards(a, b)); // two Pages
            }
        }
    }
    for c in 0..32u8 {
        v.extend([Play(c), Return(c), PlaceNext(c), Buff(c), StandDown(c), HandDiscard(c), QosVictim(c)]);
        v.extend([Koc(KocOption::Return(c)), Koc(KocOption::Hand(c))]);
        for t in [Target::Left, Target::Right, Target::Suit(0), Target::Suit(1), Target::Suit(2), Target::Suit(3)] {
            v.push(Attack(c, t));
        }
        for &a in &args {
            v.push(Activate(c, a));
        }
    }
    v
}

fn check_states(opts: &FateOptions, games: u64, every: usize) {
    let space = action_space();
    let mut log = EventLog::disabled();
    let mut legal = Vec::new();
    let mut checked = 0;
    for seed in 0..games {
        let mut rng = GameRng::new(seed + 99);
        let mut g = FateGame::new(opts, &Default::default(), seed).unwrap();
        let mut step = 0;
        loop {
            legal.clear();
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            if step % every == 0 {
                for a in &space {
                    let mut probe = g.clone();
                    let ok = probe.apply(a, &mut log).is_ok();
                    assert_eq!(
                        ok,
                        legal.contains(a),
                        "seed {seed} step {step}: '{a}' accepted={ok}\n{}",
                        g.position().unwrap()
                    );
                    if !ok {
                        assert!(probe == g, "refused '{a}' changed the state");
                    }
                }
                checked += 1;
            }
            let a = legal[rng.index(legal.len())];
            g.apply(&a, &mut log).unwrap();
            step += 1;
        }
    }
    assert!(checked > 50);
}

#[test]
fn legal_actions_are_exactly_the_accepted_actions_under_defaults() {
    check_states(&FateOptions::default(), 12, 7);
}

#[test]
fn legal_actions_are_exactly_the_accepted_actions_under_variants() {
    let opts = FateOptions {
        auto_recover: AutoRecover::Manual,
        qow_amount: QowAmount::TwoTotal,
        kos_scope: KosScope::AllSuits,
        attacker_order: AttackerOrder::Free,
        buff_order: BuffOrder::AlternatingUntilTwoPasses,
        knc_partial_pages: false,
        allow_null_activations: true,
        setup_must_spend_all: false,
        ..FateOptions::default()
    };
    check_states(&opts, 12, 7);
}
