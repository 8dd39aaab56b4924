//! Bot specs: bots named in text, as the CLI, the server and arena files write them.
//!
//! ```text
//! random
//! greedy            greedy:8          (score each action on 8 determinizations)
//! mcts              (1000 iterations)
//! mcts:2000         (iterations)       mcts:100ms   mcts:2s   (time: interactive play only)
//! mcts:2000x4       (4 root-parallel threads)
//! mcts:2000,c=1.0,rollout=greedy,cap=50
//! mcts:2000,rollout=policy          (rollouts by the game's cheap rule-based policy: Ardent Reapers)
//! solver            solver:200000,depth=3,mcts=1000   (Fate Deduction: proofs, then MCTS)
//! mcts:3000,eval=learned   greedy:8,eval=learned   (the learned evaluator; eval=hand is the default)
//! mcts:3000,eval=FILE.json                         (weights from a file, as `cardtable train` writes)
//! easy  medium  hard  expert                       (named levels: crate::levels::level_spec)
//! ```

use crate::bot::Bot;
use crate::bots::greedy::GreedyBot;
use crate::bots::mcts::{no_policy, Budget, MctsBot, MctsConfig, Rollout};
use crate::bots::random::RandomBot;
use crate::bots::solver::{SolverBot, SolverConfig};
use crate::error::AiError;
use crate::eval::{EvalChoice, Kit, RolloutPolicy};
use crate::levels::{level_spec, Level};
use engine::Game;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq)]
pub enum BotSpec {
    Random,
    Greedy {
        samples: u32,
        eval: EvalChoice,
    },
    Mcts(MctsConfig),
    Solver(SolverConfig),
    /// A named level: the spec [`level_spec`] gives for the game.
    Level(Level),
}

impl BotSpec {
    /// The concrete spec this one plays in `game`: a level's entry in the level table, or itself.
    pub fn resolve(&self, game: &str) -> Result<BotSpec, AiError> {
        match self {
            BotSpec::Level(level) => level_spec(game, *level)
                .parse::<BotSpec>()
                .map_err(|e| AiError::Config(format!("the level table gives {game} {level} a bad spec: {e}"))),
            other => Ok(other.clone()),
        }
    }

    /// Build the bot, seeded. Greedy and MCTS use the evaluator their spec names from `kit`
    /// (an error if the game has none of that kind, or a weights file does not load).
    pub fn build<G: Game>(&self, kit: &Kit<G>, seed: u64) -> Result<Box<dyn Bot<G>>, AiError> {
        let name = self.to_string();
        Ok(match self.resolve(G::NAME)? {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy { samples, eval } => Box::new(GreedyBot::new(kit.evaluator_for(&eval)?, samples, seed)),
            BotSpec::Mcts(config) => {
                let evaluator = kit.evaluator_for(&config.eval)?;
                let policy = policy_for(kit, &config)?;
                Box::new(MctsBot::new(config, evaluator, seed, name).with_policy(policy))
            }
            BotSpec::Solver(config) => {
                let evaluator = kit.evaluator_for(&config.mcts.eval)?;
                Box::new(SolverBot::new(config, evaluator, seed, name))
            }
            BotSpec::Level(_) => return Err(AiError::Config("a level resolved to a level".into())),
        })
    }

    /// The evaluator this spec names, if it is not the hand-written one.
    pub fn eval_choice(&self) -> Option<&EvalChoice> {
        match self {
            BotSpec::Greedy { eval, .. } | BotSpec::Mcts(MctsConfig { eval, .. }) if *eval != EvalChoice::Hand => {
                Some(eval)
            }
            _ => None,
        }
    }

    /// Whether building this bot reads a file (`eval=FILE`): hosts that take specs from
    /// strangers (the server) refuse those.
    pub fn reads_files(&self) -> bool {
        matches!(self.eval_choice(), Some(EvalChoice::File(_)))
    }

    /// What one move may cost, for a host's cap: (thinking time, in core-milliseconds: time
    /// budget × threads; search iterations per move: MCTS iterations or greedy
    /// determinizations). Zero where the bot has no such budget. A level's budget is that of
    /// its spec in `game` ([`BotSpec::resolve`]).
    pub fn per_move_budget_in(&self, game: &str) -> Result<(u64, u64), AiError> {
        Ok(self.resolve(game)?.per_move_budget())
    }

    /// [`BotSpec::per_move_budget_in`] for a concrete spec; a level (which depends on the game)
    /// reports the largest budget any game gives it.
    pub fn per_move_budget(&self) -> (u64, u64) {
        match self {
            BotSpec::Level(_) => crate::games::games()
                .iter()
                .filter_map(|g| self.per_move_budget_in(g.name).ok())
                .fold((0, 0), |a, b| (a.0.max(b.0), a.1.max(b.1))),
            BotSpec::Random => (0, 0),
            BotSpec::Greedy { samples, .. } => (0, u64::from(*samples)),
            BotSpec::Solver(c) => (0, c.nodes),
            BotSpec::Mcts(c) => match c.budget {
                Budget::Iterations(n) => (0, u64::from(n)),
                Budget::Time(d) => {
                    (u64::try_from(d.as_millis()).unwrap_or(u64::MAX).saturating_mul(c.threads.max(1) as u64), 0)
                }
            },
        }
    }

    /// Whether the same seed always gives the same choices (false for time budgets; every
    /// level has an iteration budget, which a test checks for every game).
    pub fn is_deterministic(&self) -> bool {
        !matches!(self, BotSpec::Mcts(MctsConfig { budget: Budget::Time(_), .. }))
    }
}

/// The kit's rollout policy when `config` asks for one (an error if the game has none).
fn policy_for<G: Game>(kit: &Kit<G>, config: &MctsConfig) -> Result<Option<Arc<dyn RolloutPolicy<G>>>, AiError> {
    match config.rollout {
        Rollout::Policy => kit.policy.clone().map(Some).ok_or_else(no_policy::<G>),
        _ => Ok(None),
    }
}

impl BotSpec {
    /// A list of bot specs as one text, as `--bots` takes it ([`split_list`]); every spec must
    /// parse.
    pub fn parse_list(text: &str) -> Result<Vec<BotSpec>, AiError> {
        split_list(text)?.iter().map(|s| s.parse()).collect()
    }
}

/// Split a list of specs written as one text: specs separated by `;`, or by `,` where a piece
/// holding `=` is an option of the spec before it (no spec's name holds `=`), so `random,greedy`,
/// `mcts:1000,cap=40,eval=learned,hard` and `mcts:1000,cap=40;mcts:1000,cap=40,eval=learned` all
/// read as meant. An option never reaches across a `;`. The pieces are not parsed (a seat list
/// may name `human`).
pub fn split_list(text: &str) -> Result<Vec<String>, AiError> {
    let mut specs: Vec<String> = Vec::new();
    for group in text.split(';') {
        let first = specs.len();
        for piece in group.split(',').map(str::trim) {
            if piece.is_empty() {
                return Err(bad(text, "an empty spec in the list"));
            }
            let in_group = specs.len() > first;
            match specs.last_mut() {
                Some(last) if in_group && piece.contains('=') => {
                    last.push(',');
                    last.push_str(piece);
                }
                _ if piece.contains('=') => {
                    return Err(bad(text, format!("the option '{piece}' comes before any spec it could belong to")))
                }
                _ => specs.push(piece.to_string()),
            }
        }
    }
    Ok(specs)
}

fn bad(spec: &str, reason: impl Into<String>) -> AiError {
    AiError::BadSpec { spec: spec.to_string(), reason: reason.into() }
}

fn parse_budget(spec: &str, text: &str) -> Result<Budget, AiError> {
    let number = |digits: &str| {
        digits
            .parse::<u64>()
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| bad(spec, format!("'{text}' is not a positive budget")))
    };
    if let Some(ms) = text.strip_suffix("ms") {
        Ok(Budget::Time(Duration::from_millis(number(ms)?)))
    } else if let Some(s) = text.strip_suffix('s') {
        Ok(Budget::Time(Duration::from_secs(number(s)?)))
    } else {
        let n = number(text)?;
        u32::try_from(n).map(Budget::Iterations).map_err(|_| bad(spec, "too many iterations"))
    }
}

fn parse_mcts(spec: &str, args: Option<&str>) -> Result<MctsConfig, AiError> {
    let mut config = MctsConfig::default();
    let Some(args) = args else { return Ok(config) };
    let mut parts = args.split(',');
    let head = parts.next().unwrap_or_default();
    if !head.is_empty() {
        let (budget, threads) = match head.split_once('x') {
            Some((b, t)) => (b, Some(t)),
            None => (head, None),
        };
        config.budget = parse_budget(spec, budget)?;
        if let Some(t) = threads {
            config.threads = t
                .parse::<usize>()
                .ok()
                .filter(|&t| (1..=256).contains(&t))
                .ok_or_else(|| bad(spec, format!("'{t}' is not a thread count (1..=256)")))?;
        }
    }
    for part in parts {
        let (key, value) = part.split_once('=').ok_or_else(|| bad(spec, format!("'{part}' is not key=value")))?;
        match key {
            "c" => {
                config.exploration = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| bad(spec, format!("c={value} is not a non-negative number")))?
            }
            "rollout" => {
                config.rollout = match value {
                    "random" => Rollout::Random,
                    "greedy" => Rollout::Greedy,
                    "policy" => Rollout::Policy,
                    _ => return Err(bad(spec, format!("rollout={value}: use random, greedy or policy"))),
                }
            }
            "cap" => {
                config.rollout_cap =
                    value.parse::<usize>().map_err(|_| bad(spec, format!("cap={value} is not a number")))?
            }
            "eval" => config.eval = parse_eval(spec, value)?,
            _ => return Err(bad(spec, format!("unknown mcts option '{key}': use c, rollout, cap or eval"))),
        }
    }
    Ok(config)
}

fn parse_eval(spec: &str, value: &str) -> Result<EvalChoice, AiError> {
    match value {
        "hand" => Ok(EvalChoice::Hand),
        "learned" => Ok(EvalChoice::Learned),
        "" => Err(bad(spec, "eval= needs hand, learned or a weights file")),
        path if path.ends_with(".json") => Ok(EvalChoice::File(path.to_string())),
        _ => Err(bad(spec, format!("eval={value}: use hand, learned or a weights FILE.json"))),
    }
}

fn parse_greedy(spec: &str, args: Option<&str>) -> Result<BotSpec, AiError> {
    let mut samples = 1;
    let mut eval = EvalChoice::Hand;
    let Some(args) = args else { return Ok(BotSpec::Greedy { samples, eval }) };
    let mut parts = args.split(',');
    let head = parts.next().unwrap_or_default();
    if !head.is_empty() {
        samples = head
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=10_000).contains(&n))
            .ok_or_else(|| bad(spec, format!("greedy:{head}: give a number of determinizations (1..=10000)")))?;
    }
    for part in parts {
        match part.split_once('=') {
            Some(("eval", value)) => eval = parse_eval(spec, value)?,
            _ => return Err(bad(spec, format!("unknown greedy option '{part}': use eval=hand|learned|FILE.json"))),
        }
    }
    Ok(BotSpec::Greedy { samples, eval })
}

impl FromStr for BotSpec {
    type Err = AiError;
    fn from_str(text: &str) -> Result<Self, AiError> {
        let spec = text.trim();
        let (name, args) = match spec.split_once(':') {
            Some((n, a)) => (n, Some(a)),
            None => (spec, None),
        };
        match name.to_ascii_lowercase().as_str() {
            "random" => match args {
                None => Ok(BotSpec::Random),
                Some(_) => Err(bad(spec, "random takes no arguments")),
            },
            "greedy" => parse_greedy(spec, args),
            "mcts" => Ok(BotSpec::Mcts(parse_mcts(spec, args)?)),
            "solver" => Ok(BotSpec::Solver(parse_solver(spec, args)?)),
            other => match (other.parse::<Level>(), args) {
                (Ok(level), None) => Ok(BotSpec::Level(level)),
                (Ok(level), Some(_)) => Err(bad(spec, format!("the level {level} takes no arguments"))),
                (Err(_), _) => Err(AiError::UnknownBot(spec.to_string())),
            },
        }
    }
}

/// `solver[:NODES][,depth=D][,mcts=ITERATIONS]`.
fn parse_solver(spec: &str, args: Option<&str>) -> Result<SolverConfig, AiError> {
    let mut c = SolverConfig::default();
    let number = |k: &str, v: &str, max: u64| {
        v.parse::<u64>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| bad(spec, format!("solver {k}={v}: give a number in 1..={max}")))
    };
    for (i, part) in args.unwrap_or("").split(',').filter(|p| !p.is_empty()).enumerate() {
        match part.split_once('=') {
            None if i == 0 => c.nodes = number("nodes", part, 1_000_000_000)?,
            Some(("depth", v)) => c.depth = number("depth", v, 40)? as u32,
            Some(("mcts", v)) => c.mcts.budget = Budget::Iterations(number("mcts", v, 10_000_000)? as u32),
            _ => return Err(bad(spec, format!("unknown solver option '{part}': use NODES, depth=D or mcts=N"))),
        }
    }
    Ok(c)
}

impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Solver(c) => {
                let mcts = match c.mcts.budget {
                    Budget::Iterations(n) => n,
                    Budget::Time(_) => 0,
                };
                write!(f, "solver:{},depth={},mcts={mcts}", c.nodes, c.depth)
            }
            BotSpec::Random => f.write_str("random"),
            BotSpec::Level(level) => f.write_str(level.name()),
            BotSpec::Greedy { samples, eval } => {
                f.write_str("greedy")?;
                match (samples, eval) {
                    (1, EvalChoice::Hand) => Ok(()),
                    (n, EvalChoice::Hand) => write!(f, ":{n}"),
                    (1, e) => write!(f, ":,eval={e}"),
                    (n, e) => write!(f, ":{n},eval={e}"),
                }
            }
            BotSpec::Mcts(c) => {
                f.write_str("mcts:")?;
                match c.budget {
                    Budget::Iterations(n) => write!(f, "{n}")?,
                    Budget::Time(d) if d.subsec_millis() == 0 && d.as_secs() > 0 => write!(f, "{}s", d.as_secs())?,
                    Budget::Time(d) => write!(f, "{}ms", d.as_millis())?,
                }
                if c.threads != 1 {
                    write!(f, "x{}", c.threads)?;
                }
                let d = MctsConfig::default();
                if c.exploration != d.exploration {
                    write!(f, ",c={}", c.exploration)?;
                }
                if c.rollout != d.rollout {
                    write!(f, ",rollout={}", c.rollout.name())?;
                }
                if c.rollout_cap != d.rollout_cap {
                    write!(f, ",cap={}", c.rollout_cap)?;
                }
                if c.eval != EvalChoice::Hand {
                    write!(f, ",eval={}", c.eval)?;
                }
                Ok(())
            }
        }
    }
}

impl Serialize for BotSpec {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for BotSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_move_budgets_name_the_cost_of_a_move() {
        let budget = |s: &str| s.parse::<BotSpec>().unwrap().per_move_budget();
        assert_eq!(budget("random"), (0, 0));
        assert_eq!(budget("greedy:8"), (0, 8));
        assert_eq!(budget("mcts"), (0, 1000));
        assert_eq!(budget("mcts:2000x4"), (0, 2000));
        assert_eq!(budget("mcts:100ms"), (100, 0));
        assert_eq!(budget("mcts:2sx4"), (8000, 0));
        assert_eq!(budget("mcts:99999999s"), (99_999_999_000, 0));
    }

    #[test]
    fn specs_parse_and_print_back() {
        for text in [
            "random",
            "greedy",
            "greedy:8",
            "mcts:2000",
            "mcts:100ms",
            "mcts:2s",
            "mcts:2000x4",
            "mcts:500,c=1.2,rollout=greedy,cap=30",
            "mcts:2000,rollout=policy",
            "mcts:3000,cap=40,eval=learned",
            "mcts:100,eval=weights/fate.json",
            "greedy:,eval=learned",
            "greedy:4,eval=learned",
            "easy",
            "medium",
            "hard",
            "expert",
        ] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
            assert_eq!(spec.to_string().parse::<BotSpec>().unwrap(), spec);
        }
        assert_eq!("mcts".parse::<BotSpec>().unwrap().to_string(), "mcts:1000");
    }

    #[test]
    fn bot_lists_keep_options_with_their_spec() {
        let list = |s: &str| BotSpec::parse_list(s).map(|v| v.iter().map(|b| b.to_string()).collect::<Vec<_>>());
        assert_eq!(list("random,greedy").unwrap(), ["random", "greedy"]);
        assert_eq!(list("mcts:1000,cap=40,eval=learned,hard").unwrap(), ["mcts:1000,cap=40,eval=learned", "hard"]);
        assert_eq!(
            list("mcts:1000,cap=40;mcts:1000,cap=40,eval=learned").unwrap(),
            ["mcts:1000,cap=40", "mcts:1000,cap=40,eval=learned"]
        );
        assert_eq!(list("solver:500,depth=3,mcts=100,easy").unwrap(), ["solver:500,depth=3,mcts=100", "easy"]);
        assert_eq!(list(" expert ; medium ").unwrap(), ["expert", "medium"]);
        // An option never jumps a `;` to the spec before it, and a list never has holes.
        assert!(list("mcts:100;cap=40").unwrap_err().to_string().contains("before any spec"));
        assert!(list("cap=40,random").unwrap_err().to_string().contains("before any spec"));
        assert!(list("random,,greedy").unwrap_err().to_string().contains("empty"));
        assert!(list("random,mcts:100,cap=x").is_err());
        assert_eq!(list("random,alphazero").unwrap_err(), AiError::UnknownBot("alphazero".into()));
    }

    #[test]
    fn budgets_and_threads_are_read() {
        let BotSpec::Mcts(c) = "mcts:100msx2".parse().unwrap() else { panic!("not mcts") };
        assert_eq!(c.budget, Budget::Time(Duration::from_millis(100)));
        assert_eq!(c.threads, 2);
        assert!(!"mcts:100ms".parse::<BotSpec>().unwrap().is_deterministic());
        assert!("mcts:100".parse::<BotSpec>().unwrap().is_deterministic());
    }

    #[test]
    fn unknown_bot_names_list_what_exists() {
        let e = "alphazero".parse::<BotSpec>().unwrap_err();
        assert_eq!(e, AiError::UnknownBot("alphazero".into()));
        let msg = e.to_string();
        for known in ["random", "greedy", "mcts:2000", "mcts:100ms", "mcts:2000x4"] {
            assert!(msg.contains(known), "{msg} should mention {known}");
        }
    }

    #[test]
    fn malformed_specs_say_what_is_wrong() {
        for (text, needle) in [
            ("mcts:abc", "not a positive budget"),
            ("mcts:0", "not a positive budget"),
            ("mcts:100x0", "thread count"),
            ("mcts:100,foo=1", "unknown mcts option 'foo'"),
            ("mcts:100,rollout=smart", "use random, greedy or policy"),
            ("greedy:zero", "number of determinizations"),
            ("random:5", "takes no arguments"),
        ] {
            let msg = text.parse::<BotSpec>().unwrap_err().to_string();
            assert!(msg.contains(needle), "'{text}' gave '{msg}'");
        }
    }
}
