//! Issue #16 item 1: the named levels are bot specs everywhere, each a deterministic iteration
//! budget in every game, and the level table is the one place that says what they play.

use ai::{games, level_spec, BotSpec, Level};

#[test]
fn every_level_name_parses_and_resolves_in_every_game() {
    for g in games::games() {
        for level in Level::ALL {
            let spec: BotSpec = level.name().parse().unwrap();
            assert_eq!(spec, BotSpec::Level(level));
            assert_eq!(spec.to_string(), level.name());
            let concrete = spec.resolve(g.name).unwrap();
            assert_eq!(concrete.to_string(), level_spec(g.name, level).parse::<BotSpec>().unwrap().to_string());
            assert!(!matches!(concrete, BotSpec::Level(_)), "{} {level} resolves to a concrete bot", g.name);
            assert!(concrete.is_deterministic(), "{} {level}: an iteration budget", g.name);
            assert!(!concrete.reads_files(), "{} {level} reads no file", g.name);
            let (ms, _) = spec.per_move_budget_in(g.name).unwrap();
            assert_eq!(ms, 0, "{} {level} has no time budget", g.name);
        }
    }
}

#[test]
fn levels_climb_in_budget_in_every_game() {
    for g in games::games() {
        let budgets: Vec<u64> =
            Level::ALL.iter().map(|l| BotSpec::Level(*l).per_move_budget_in(g.name).unwrap().1).collect();
        assert!(budgets.windows(2).all(|w| w[0] < w[1]), "{}: {budgets:?}", g.name);
    }
}

#[test]
fn every_level_builds_a_bot_at_a_hosted_table_of_every_game() {
    for g in games::games() {
        for level in Level::ALL {
            let bot = games::dyn_bot(g.name, level.name(), 1).unwrap_or_else(|e| panic!("{} {level}: {e}", g.name));
            assert!(!bot.name().is_empty());
        }
    }
}

#[test]
fn levels_take_no_arguments_and_unknown_names_list_the_levels() {
    let e = "hard:5".parse::<BotSpec>().unwrap_err().to_string();
    assert!(e.contains("takes no arguments"), "{e}");
    let e = "grandmaster".parse::<BotSpec>().unwrap_err().to_string();
    for name in ["easy", "medium", "hard", "expert"] {
        assert!(e.contains(name), "{e} names {name}");
    }
}

#[test]
fn a_game_without_learned_weights_refuses_eval_learned_by_name() {
    let e = games::dyn_bot("pebbles", "mcts:10,eval=learned", 1).err().unwrap().to_string();
    assert!(e.contains("pebbles has no learned evaluator"), "{e}");
    let e = games::dyn_bot("fate", "mcts:10,eval=/no/such/weights.json", 1).err().unwrap().to_string();
    assert!(e.contains("/no/such/weights.json"), "{e}");
}
