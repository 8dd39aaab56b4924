//! Monte Carlo tree search over atomic actions, for games with hidden information:
//! single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).
//!
//! Each iteration samples a determinization of the bot's information set, then walks one tree
//! whose edges are actions keyed by equality (which is notation equality). An edge is
//! "available" in an iteration when its action is legal in that determinization; selection uses
//! UCB1 with availability counts in place of the parent's visits. A rollout plays random (or
//! evaluator-greedy, or the game's rollout policy's) actions up to a cap; a finished game scores `Outcome::reward`, a cut-off one
//! scores the evaluator. Every edge backs up the reward of the seat that chose it.
//!
//! Root parallelism: with `threads` T, T independent trees are searched (on rayon), tree `t`
//! with a generator derived from (decision seed, t) and an even share of the iterations; their
//! root statistics are summed in tree order. So an iteration budget gives the same choice for
//! the same seed and thread count, whatever the machine; a different thread count searches
//! different trees. A time budget depends on the clock and is for interactive play only.

use crate::bot::Bot;
use crate::bots::greedy::score_after;
use crate::error::AiError;
use crate::eval::{EvalChoice, Evaluator, RolloutPolicy};
use crate::observation::Observation;
use engine::{EventLog, Game, GameRng, Seat, Status};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Budget {
    /// A number of iterations, shared among the threads: deterministic.
    Iterations(u32),
    /// Wall-clock time per decision: for interactive play only, not reproducible.
    Time(Duration),
}

/// How a rollout chooses its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rollout {
    /// Uniformly random legal actions.
    Random,
    /// The evaluator's best action after one ply, with a random one 10% of the time.
    Greedy,
    /// The game's rollout policy ([`RolloutPolicy`], from its kit): its best-scored action
    /// without playing any, with a random one 10% of the time. Cheap: no action is tried.
    Policy,
}

impl Rollout {
    pub fn name(self) -> &'static str {
        match self {
            Rollout::Random => "random",
            Rollout::Greedy => "greedy",
            Rollout::Policy => "policy",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsConfig {
    pub budget: Budget,
    /// Independent root-parallel trees (at least 1).
    pub threads: usize,
    /// UCB1 exploration constant (rewards lie in 0..=1).
    pub exploration: f64,
    pub rollout: Rollout,
    /// At most this many rollout actions; then the evaluator scores the state.
    pub rollout_cap: usize,
    /// Which evaluator of the game's kit scores cut-off rollouts (and greedy rollout steps).
    #[serde(default)]
    pub eval: EvalChoice,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            budget: Budget::Iterations(1000),
            threads: 1,
            exploration: 0.7,
            rollout: Rollout::Random,
            rollout_cap: 200,
            eval: EvalChoice::Hand,
        }
    }
}

/// What a search found for one legal root action.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStat<A> {
    pub action: A,
    pub visits: u64,
    /// Sum of the rewards backed up through this action, for the seat choosing it.
    pub reward: f64,
}

impl<A> RootStat<A> {
    pub fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / self.visits as f64
        }
    }
}

pub struct MctsBot<G: Game> {
    config: MctsConfig,
    evaluator: Arc<dyn Evaluator<G>>,
    policy: Option<Arc<dyn RolloutPolicy<G>>>,
    rng: GameRng,
    name: String,
}

impl<G: Game> MctsBot<G> {
    pub fn new(config: MctsConfig, evaluator: Arc<dyn Evaluator<G>>, seed: u64, name: impl Into<String>) -> Self {
        MctsBot { config, evaluator, policy: None, rng: GameRng::new(seed), name: name.into() }
    }

    /// The rollout policy `Rollout::Policy` plays (a search with that rollout and no policy
    /// is an error naming it).
    pub fn with_policy(mut self, policy: Option<Arc<dyn RolloutPolicy<G>>>) -> Self {
        self.policy = policy;
        self
    }

    /// Search this information set and return the statistics of every legal action, in the
    /// order of the legal actions. Advances the bot's generator by one draw.
    pub fn analyse(&mut self, obs: &Observation<'_, G>) -> Result<Vec<RootStat<G::Action>>, AiError> {
        let legal = obs.legal_actions();
        if legal.is_empty() {
            return Err(AiError::GameOver);
        }
        let seed = self.rng.next_u64();
        search(
            |rng: &mut GameRng| obs.determinize(rng),
            &legal,
            &self.config,
            self.evaluator.as_ref(),
            self.policy.as_deref(),
            seed,
        )
    }
}

impl<G: Game> Bot<G> for MctsBot<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, obs: &Observation<'_, G>) -> Result<G::Action, AiError> {
        let legal = obs.legal_actions();
        if legal.len() == 1 {
            return Ok(legal[0].clone());
        }
        let stats = self.analyse(obs)?;
        best_action(&stats).ok_or(AiError::GameOver)
    }
}

/// The most visited action; ties go to the higher mean reward, then to the earlier action.
pub fn best_action<A: Clone>(stats: &[RootStat<A>]) -> Option<A> {
    let mut best: Option<&RootStat<A>> = None;
    for s in stats {
        let better = match best {
            None => true,
            Some(b) => s.visits > b.visits || (s.visits == b.visits && s.mean() > b.mean()),
        };
        if better {
            best = Some(s);
        }
    }
    best.map(|s| s.action.clone())
}

/// Root-parallel search from states drawn by `sample` (a determinizer of the information set).
/// `legal` are the root's legal actions in order; the result follows that order.
pub(crate) fn search<G: Game, F>(
    sample: F,
    legal: &[G::Action],
    config: &MctsConfig,
    evaluator: &dyn Evaluator<G>,
    policy: Option<&dyn RolloutPolicy<G>>,
    seed: u64,
) -> Result<Vec<RootStat<G::Action>>, AiError>
where
    F: Fn(&mut GameRng) -> G + Sync,
{
    if config.rollout == Rollout::Policy && policy.is_none() {
        return Err(no_policy::<G>());
    }
    let threads = config.threads.max(1);
    // One deadline for every tree, fixed before any starts.
    let deadline = Instant::now()
        + match config.budget {
            Budget::Time(d) => d,
            Budget::Iterations(_) => Duration::ZERO,
        };
    let run = |t: usize| {
        let mut rng = GameRng::derive(seed, t as u64);
        let limit = match config.budget {
            Budget::Iterations(n) => Limit::Iterations(n / threads as u32 + u32::from((t as u32) < n % threads as u32)),
            Budget::Time(_) => Limit::Until(deadline),
        };
        grow_tree(&sample, config, evaluator, policy, &mut rng, limit)
    };
    let trees: Vec<Result<Vec<RootStat<G::Action>>, AiError>> =
        if threads == 1 { vec![run(0)] } else { (0..threads).into_par_iter().map(run).collect() };
    let mut out: Vec<RootStat<G::Action>> =
        legal.iter().map(|a| RootStat { action: a.clone(), visits: 0, reward: 0.0 }).collect();
    for tree in trees {
        for child in tree? {
            if let Some(slot) = out.iter_mut().find(|s| s.action == child.action) {
                slot.visits += child.visits;
                slot.reward += child.reward;
            }
        }
    }
    Ok(out)
}

enum Limit {
    Iterations(u32),
    Until(Instant),
}

struct Node<A> {
    action: Option<A>,
    /// The seat that chose `action`.
    mover: Seat,
    children: Vec<u32>,
    visits: u32,
    avail: u32,
    reward: f64,
}

fn apply_in_search<G: Game>(state: &mut G, action: &G::Action) -> Result<(), AiError> {
    state
        .apply(action, &mut EventLog::disabled())
        .map_err(|e| AiError::RulesBug { action: action.to_string(), reason: e.message })
}

/// One tree: returns its root children's statistics.
fn grow_tree<G: Game, F>(
    sample: &F,
    config: &MctsConfig,
    evaluator: &dyn Evaluator<G>,
    policy: Option<&dyn RolloutPolicy<G>>,
    rng: &mut GameRng,
    limit: Limit,
) -> Result<Vec<RootStat<G::Action>>, AiError>
where
    F: Fn(&mut GameRng) -> G,
{
    let mut nodes: Vec<Node<G::Action>> =
        vec![Node { action: None, mover: Seat(0), children: Vec::new(), visits: 0, avail: 0, reward: 0.0 }];
    let mut legal: Vec<G::Action> = Vec::new();
    let mut untried: Vec<usize> = Vec::new();
    let mut path: Vec<usize> = Vec::new();
    let mut values: Vec<f64> = Vec::new();
    let mut scores: Vec<f64> = Vec::new();
    let mut done: u32 = 0;
    loop {
        match limit {
            Limit::Iterations(n) if done >= n => break,
            Limit::Until(t) if done > 0 && Instant::now() >= t => break,
            _ => {}
        }
        done += 1;
        let mut state = sample(rng);
        path.clear();
        path.push(0);
        let mut node = 0usize;

        // Selection and expansion, within this determinization.
        while let Status::ToAct(seat) = state.status() {
            legal.clear();
            state.legal_actions(&mut legal);
            untried.clear();
            for (i, a) in legal.iter().enumerate() {
                if !nodes[node].children.iter().any(|&c| nodes[c as usize].action.as_ref() == Some(a)) {
                    untried.push(i);
                }
            }
            if !untried.is_empty() {
                let action = legal[untried[rng.index(untried.len())]].clone();
                apply_in_search(&mut state, &action)?;
                let id = nodes.len();
                nodes.push(Node {
                    action: Some(action),
                    mover: seat,
                    children: Vec::new(),
                    visits: 0,
                    avail: 0,
                    reward: 0.0,
                });
                nodes[node].children.push(id as u32);
                path.push(id);
                break;
            }
            let mut best = usize::MAX;
            let mut best_score = f64::NEG_INFINITY;
            for k in 0..nodes[node].children.len() {
                let c = nodes[node].children[k] as usize;
                let available = nodes[c].action.as_ref().is_some_and(|a| legal.contains(a));
                if !available {
                    continue;
                }
                nodes[c].avail += 1;
                let n = &nodes[c];
                let visits = f64::from(n.visits.max(1));
                let score = n.reward / visits + config.exploration * (f64::from(n.avail).ln() / visits).sqrt();
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
            if best == usize::MAX {
                break; // unreachable: a non-empty legal list is either untried or available
            }
            let action = nodes[best].action.clone().ok_or(AiError::GameOver)?;
            apply_in_search(&mut state, &action)?;
            node = best;
            path.push(best);
        }

        // Rollout. Under a time budget a rollout also stops at the deadline (checked every 16
        // steps) and the evaluator scores where it got to, so one long rollout cannot overrun
        // the stated time by more than a few actions.
        let mut steps = 0;
        while steps < config.rollout_cap {
            if let Limit::Until(t) = limit {
                if steps % 16 == 15 && Instant::now() >= t {
                    break;
                }
            }
            let Status::ToAct(seat) = state.status() else { break };
            legal.clear();
            state.legal_actions(&mut legal);
            let action = match config.rollout {
                Rollout::Greedy if !rng.chance(1, 10) => greedy_pick(&state, &legal, evaluator, seat, rng)?,
                Rollout::Policy if !rng.chance(1, 10) => {
                    let policy = policy.ok_or_else(no_policy::<G>)?;
                    policy_pick(&state, &legal, policy, &mut scores, rng)?
                }
                _ => rng.pick(&legal).cloned().ok_or(AiError::GameOver)?,
            };
            apply_in_search(&mut state, &action)?;
            steps += 1;
        }

        // Backpropagation: every edge gets the reward of the seat that chose it.
        values.clear();
        match state.status() {
            Status::Over(o) => values.extend((0..state.num_seats()).map(|s| o.reward(Seat(s as u8)))),
            Status::ToAct(_) => evaluator.evaluate_seats(&state, &mut values),
        }
        for &id in &path {
            nodes[id].visits += 1;
            if id != 0 {
                nodes[id].reward += values.get(nodes[id].mover.index()).copied().unwrap_or(0.5);
            }
        }
    }
    Ok(nodes[0]
        .children
        .iter()
        .filter_map(|&c| {
            let n = &nodes[c as usize];
            let action = n.action.clone()?;
            Some(RootStat { action, visits: u64::from(n.visits), reward: n.reward })
        })
        .collect())
}

/// The error of `rollout=policy` in a game whose kit has no rollout policy.
pub fn no_policy<G: Game>() -> AiError {
    AiError::Config(format!("{} has no rollout policy: use rollout=random or rollout=greedy", G::NAME))
}

/// The policy's best-scored action, ties at random.
fn policy_pick<G: Game>(
    state: &G,
    legal: &[G::Action],
    policy: &dyn RolloutPolicy<G>,
    scores: &mut Vec<f64>,
    rng: &mut GameRng,
) -> Result<G::Action, AiError> {
    scores.clear();
    policy.scores(state, legal, scores);
    if scores.len() != legal.len() {
        return Err(AiError::Config(format!(
            "{}'s rollout policy scored {} of {} legal actions",
            G::NAME,
            scores.len(),
            legal.len()
        )));
    }
    let best_score = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties = scores.iter().filter(|&&s| s >= best_score - 1e-12).count();
    let mut k = rng.index(ties.max(1));
    for (a, &s) in legal.iter().zip(scores.iter()) {
        if s >= best_score - 1e-12 {
            if k == 0 {
                return Ok(a.clone());
            }
            k -= 1;
        }
    }
    rng.pick(legal).cloned().ok_or(AiError::GameOver)
}

fn greedy_pick<G: Game>(
    state: &G,
    legal: &[G::Action],
    evaluator: &dyn Evaluator<G>,
    seat: Seat,
    rng: &mut GameRng,
) -> Result<G::Action, AiError> {
    let mut best: Vec<usize> = Vec::new();
    let mut best_score = f64::NEG_INFINITY;
    for (i, a) in legal.iter().enumerate() {
        let s = score_after(state, a, evaluator, seat)?;
        if s > best_score + 1e-12 {
            best_score = s;
            best.clear();
            best.push(i);
        } else if (s - best_score).abs() <= 1e-12 {
            best.push(i);
        }
    }
    let i = *rng.pick(&best).ok_or(AiError::GameOver)?;
    Ok(legal[i].clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Neutral;
    use engine::testgame::{Pebbles, PebblesOptions, PebblesSetup};
    use engine::Viewer;

    fn pebbles(pile: u8, seed: u64) -> Pebbles {
        Pebbles::new(&PebblesOptions::pile(pile), &PebblesSetup {}, seed).unwrap()
    }

    fn legal(g: &Pebbles) -> Vec<engine::testgame::PebblesAction> {
        let mut v = Vec::new();
        g.legal_actions(&mut v);
        v
    }

    fn leaves_multiple_of_four(g: &Pebbles, a: &engine::testgame::PebblesAction) -> bool {
        let mut h = g.clone();
        h.apply(a, &mut EventLog::disabled()).unwrap();
        h.view(Viewer::Spectator).pile % 4 == 0
    }

    #[test]
    fn search_finds_the_nim_move_from_nine() {
        let config = MctsConfig { budget: Budget::Iterations(400), ..MctsConfig::default() };
        for seed in 0..10 {
            let g = pebbles(9, seed);
            let stats =
                search(|r: &mut GameRng| g.determinize(Seat(0), r), &legal(&g), &config, &Neutral, None, seed).unwrap();
            assert_eq!(stats.iter().map(|s| s.visits).sum::<u64>(), 400);
            assert!(leaves_multiple_of_four(&g, &best_action(&stats).unwrap()), "seed {seed}: {stats:?}");
        }
    }

    #[test]
    fn iterations_are_shared_among_threads_and_results_repeat() {
        let g = pebbles(15, 1);
        let config = MctsConfig { budget: Budget::Iterations(301), threads: 3, ..MctsConfig::default() };
        let run =
            || search(|r: &mut GameRng| g.determinize(Seat(0), r), &legal(&g), &config, &Neutral, None, 5).unwrap();
        let a = run();
        assert_eq!(a.iter().map(|s| s.visits).sum::<u64>(), 301);
        assert_eq!(a, run());
    }

    /// The hidden-information test (tests/hidden_info.rs) can fail: a search handed the true
    /// states, instead of determinizations of the seat's information set, does tell the twins
    /// apart.
    #[test]
    fn searching_true_states_would_tell_hidden_twins_apart() {
        let base = pebbles(15, 0);
        let twin = (1..1000)
            .map(|s| pebbles(15, s))
            .find(|t| t.view(Viewer::Seat(Seat(0))) == base.view(Viewer::Seat(Seat(0))) && t != &base)
            .unwrap();
        let config = MctsConfig { budget: Budget::Iterations(300), ..MctsConfig::default() };
        let cheat = |g: &Pebbles| search(|_: &mut GameRng| g.clone(), &legal(g), &config, &Neutral, None, 3).unwrap();
        let honest = |g: &Pebbles| {
            search(|r: &mut GameRng| g.determinize(Seat(0), r), &legal(g), &config, &Neutral, None, 3).unwrap()
        };
        assert_ne!(cheat(&base), cheat(&twin));
        assert_eq!(honest(&base), honest(&twin));
    }
}
