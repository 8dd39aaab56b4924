//! Ardent Reapers through the AI: smoke tests with small budgets.

use ai::{arena, simulate, ArenaConfig, BotSpec, SimConfig};

fn specs(names: &[&str]) -> Vec<BotSpec> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

#[test]
fn greedy_and_mcts_beat_random_at_ardent() {
    let r = arena(&ArenaConfig::new("ardent", specs(&["greedy", "mcts:60", "random"]), 12, 1), None).unwrap();
    // Pairings in order: greedy–mcts, greedy–random, mcts–random.
    assert!(r.pairings[1].a_wins >= 9, "greedy vs random: {r}");
    assert!(r.pairings[2].a_wins >= 9, "mcts vs random: {r}");
    assert!(r.players[2].elo < r.players[0].elo && r.players[2].elo < r.players[1].elo, "{r}");
}

#[test]
fn ardent_simulation_counts_cards_played() {
    let r = simulate(&SimConfig::new("ardent", specs(&["random"]), 10, 2), None).unwrap();
    assert_eq!(r.summary.games, 10);
    let rates = r.counters.win_rates();
    assert!(rates.len() > 5 && rates.iter().all(|w| w.subject.starts_with("card ") && w.won <= w.games), "{rates:?}");
    // Each game's cards are counted once per seat that played them.
    let seat_games: i64 = rates.iter().map(|w| w.games).sum();
    assert!(seat_games <= r.counters.get("cards played") && r.counters.get("cards played") > 10);
}

/// A few games of random play, to give the rollout policy real positions.
fn random_game_states(seed: u64, games: usize) -> Vec<ardent::ArdentGame> {
    use engine::{EventLog, Game, GameRng, Status};
    let options = ardent::ArdentOptions::default();
    let mut rng = GameRng::new(seed);
    let mut states = Vec::new();
    for _ in 0..games {
        let setup = ardent::ArdentGame::sample_setup(&options, &mut rng).unwrap();
        let mut g = ardent::ArdentGame::new(&options, &setup, rng.next_u64()).unwrap();
        let mut legal = Vec::new();
        for _ in 0..3000 {
            let Status::ToAct(_) = g.status() else { break };
            states.push(g.clone());
            legal.clear();
            g.legal_actions(&mut legal);
            let a = *rng.pick(&legal).unwrap();
            g.apply(&a, &mut EventLog::disabled()).unwrap();
        }
    }
    states
}

/// `rollout=policy` (issue #16): the Ardent policy scores every legal action, and its best
/// action is legal (the rules accept it) in every position of several random games, prompts
/// (fight defenders, Bear Hug, Team-Up, line ends …) included.
#[test]
fn ardent_rollout_policy_scores_every_legal_action_and_picks_a_legal_one() {
    use ai::eval::RolloutPolicy;
    use engine::{EventLog, Game};
    let policy = ai::eval::ardent::ArdentPolicy;
    let states = random_game_states(3, 6);
    assert!(states.len() > 300, "{} positions", states.len());
    let (mut prompts, mut fights) = (0, 0);
    for g in &states {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let mut scores = Vec::new();
        policy.scores(g, &legal, &mut scores);
        assert_eq!(scores.len(), legal.len());
        assert!(scores.iter().all(|s| s.is_finite()), "{scores:?}");
        let best = (0..legal.len()).max_by(|&i, &j| scores[i].total_cmp(&scores[j])).unwrap();
        let mut next = g.clone();
        next.apply(&legal[best], &mut EventLog::disabled()).unwrap();
        prompts += usize::from(legal.iter().any(|a| matches!(a, ardent::ArdentAction::Pick(_))));
        fights += usize::from(g.fight_declaration().is_some());
    }
    assert!(prompts > 0 && fights > 0, "prompts {prompts}, fight declarations {fights}");
}

/// MCTS with policy rollouts plays whole games (every rollout action and every choice legal,
/// or the arena stops with an error) and repeats itself for a seed.
#[test]
fn policy_rollouts_play_legal_games_and_are_deterministic() {
    let run = || arena(&ArenaConfig::new("ardent", specs(&["mcts:40,rollout=policy", "random"]), 4, 9), None).unwrap();
    let a = run();
    assert_eq!(a.pairings[0].a_wins + a.pairings[0].b_wins + a.pairings[0].draws, 4, "{a}");
    let b = run();
    assert_eq!(
        (a.pairings[0].a_wins, a.pairings[0].b_wins, a.pairings[0].draws),
        (b.pairings[0].a_wins, b.pairings[0].b_wins, b.pairings[0].draws)
    );
}

/// The same search twice from one seed gives the same statistics.
#[test]
fn policy_search_statistics_repeat_for_a_seed() {
    use ai::{AiGame, Observation};
    let kit = ardent::ArdentGame::kit();
    let states = random_game_states(5, 1);
    let g = &states[states.len() / 3];
    let obs = Observation::of_seat_to_act(g).unwrap();
    let config: ai::MctsConfig = match "mcts:300,rollout=policy".parse::<BotSpec>().unwrap() {
        BotSpec::Mcts(c) => c,
        other => panic!("{other}"),
    };
    let stats = || {
        ai::MctsBot::new(config.clone(), kit.evaluator.clone(), 17, "m")
            .with_policy(kit.policy.clone())
            .analyse(&obs)
            .unwrap()
    };
    let a = stats();
    assert_eq!(a.iter().map(|s| s.visits).sum::<u64>(), 300);
    assert_eq!(a, stats());
}

/// A game without a rollout policy refuses `rollout=policy`, naming what is missing.
#[test]
fn a_game_without_a_policy_refuses_policy_rollouts() {
    use ai::AiGame;
    let spec: BotSpec = "mcts:10,rollout=policy".parse().unwrap();
    let err = spec.build(&fate::FateGame::kit(), 1).err().unwrap().to_string();
    assert!(err.contains("fate has no rollout policy"), "{err}");
    assert!(spec.build(&ardent::ArdentGame::kit(), 1).is_ok());
}
