//! The Fate Deduction solver (docs/fate-solver.md). Fate Deduction has no randomness and, with
//! open hands, perfect information after the setup (§2.6), so positions can be proved.
//!
//! [`solve`] runs iterative deepening over plies: for d = 1, 2, … it asks whether the side to
//! act can force a win within d plies, whether the opponent can, and whether both can force at
//! least a draw (repetition R-END3, ply limit R-END2 and mutual Kings R-END1/A-49 included),
//! each as an exact AND/OR proof search over the atomic actions of §8.1/§8.2 with a shared
//! transposition table ([`search`]). The first d that settles one of them is the distance to
//! the end under best play. Search-only pruning: mirror rows are one (C-4).

pub mod analysis;
mod order;
mod relax;
mod relax_combat;
#[cfg(test)]
mod relax_tests;
mod search;
pub mod setups;
mod tt;
mod zobrist;

use crate::state::{End, FateGame, Step};
use search::{principal_line, prove, Goal, Res, Shared};
use serde::Serialize;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// The search budget and resources.
#[derive(Clone, Debug, PartialEq)]
pub struct SolveConfig {
    /// The deepest horizon tried, in plies (the current ply counts as 1).
    pub max_depth: u32,
    /// The first horizon tried (1 proves the shortest result; larger skips shallow proofs and
    /// then the reported depth is only an upper bound).
    pub min_depth: u32,
    /// Nodes (atomic positions visited) over the whole solve, threads together.
    pub max_nodes: u64,
    /// Wall-clock budget (never used by tests; they use nodes).
    pub max_seconds: Option<f64>,
    pub threads: usize,
    /// Transposition table size.
    pub tt_mb: usize,
    /// Rebuild the principal line after a proof.
    pub want_line: bool,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            max_depth: 9,
            min_depth: 1,
            max_nodes: 5_000_000,
            max_seconds: None,
            threads: 1,
            tt_mb: 64,
            want_line: true,
        }
    }
}

/// A proved (or not) value, for the side to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Win,
    Loss,
    Draw,
    Unknown,
}

/// Distance to the end under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Depth {
    /// Plies, the current one counted as 1.
    pub plies: u32,
    /// Atomic actions of the principal line (absent if the line was not rebuilt).
    pub actions: Option<usize>,
}

/// What [`solve`] found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    pub value: Value,
    /// The seat (`P1`/`P2`) that wins under best play, if the value is a win or a loss.
    pub winner: Option<String>,
    /// The seat to act at the position.
    pub to_act: String,
    pub depth: Option<Depth>,
    /// The principal line in action notation.
    pub pv: Vec<String>,
    /// Horizons (plies) completely searched with no result: no forced result within this many.
    pub searched_plies: u32,
    /// In words: what is proved, or the best bound found.
    pub bound: String,
    pub nodes: u64,
    pub nodes_per_sec: f64,
    pub tt_probes: u64,
    pub tt_hits: u64,
    pub tt_hit_rate: f64,
    pub tt_slots: usize,
    pub threads: usize,
    pub seconds: f64,
}

/// Why a position cannot be solved.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SolveError {
    #[error("the position is still in setup: solve positions after setup, or use the setups analysis")]
    InSetup,
    #[error("bad solver settings: {0}")]
    Config(String),
}

/// The answer to one goal question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Proof {
    Yes,
    No,
    Unknown,
}

/// Can `side` force a win within `plies` plies of `g` (the current ply counted)? One proof
/// search, no deepening; also returns the nodes spent.
pub fn prove_goal(g: &FateGame, side: u8, plies: u32, cfg: &SolveConfig) -> Result<(Proof, u64), SolveError> {
    prove_goal_with(g, side, plies, cfg, true).map(|(p, n, _)| (p, n))
}

/// [`prove_goal`] with the pruning by relaxation on or off (off only to check it against the
/// plain search); also returns the nodes the relaxation answered.
pub fn prove_goal_with(
    g: &FateGame,
    side: u8,
    plies: u32,
    cfg: &SolveConfig,
    relax: bool,
) -> Result<(Proof, u64, u64), SolveError> {
    if g.step == Step::Setup {
        return Err(SolveError::InSetup);
    }
    if cfg.threads == 0 || cfg.threads > 256 {
        return Err(SolveError::Config(format!("threads must be 1..256, not {}", cfg.threads)));
    }
    std::thread::scope(|s| {
        let run = || {
            let mut sh = Shared::new(cfg, Instant::now());
            sh.relax = relax;
            let r = prove(&sh, g, Goal { side: side.min(1), draw_ok: false }, g.ply + plies, cfg.threads);
            let p = match r {
                Res::Yes => Proof::Yes,
                Res::No => Proof::No,
                Res::Abort => Proof::Unknown,
            };
            (p, sh.nodes.load(Relaxed), sh.pruned.load(Relaxed))
        };
        std::thread::Builder::new()
            .stack_size(search::STACK)
            .spawn_scoped(s, run)
            .map_err(|e| SolveError::Config(format!("cannot start the search thread: {e}")))?
            .join()
            .map_err(|_| SolveError::Config("the search thread failed".into()))
    })
}

fn seat_name(p: u8) -> String {
    format!("P{}", p + 1)
}

/// Prove the value of `g` for the side to act within the budget. The search runs on its own
/// thread(s) with a deep stack (one frame per atomic action of a line).
pub fn solve(g: &FateGame, cfg: &SolveConfig) -> Result<SolveReport, SolveError> {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(search::STACK)
            .spawn_scoped(s, || solve_here(g, cfg))
            .map_err(|e| SolveError::Config(format!("cannot start the search thread: {e}")))?
            .join()
            .map_err(|_| SolveError::Config("the search thread failed".into()))?
    })
}

fn solve_here(g: &FateGame, cfg: &SolveConfig) -> Result<SolveReport, SolveError> {
    if cfg.threads == 0 || cfg.threads > 256 {
        return Err(SolveError::Config(format!("threads must be 1..256, not {}", cfg.threads)));
    }
    if cfg.max_depth == 0 || cfg.max_depth > 200 || cfg.min_depth > cfg.max_depth {
        return Err(SolveError::Config(format!(
            "depths must satisfy 1 <= min-depth <= max-depth <= 200 (got {}..{})",
            cfg.min_depth, cfg.max_depth
        )));
    }
    let started = Instant::now();
    let sh = Shared::new(cfg, started);
    let me = g.to_act().unwrap_or(g.ap);
    // From the start (or during the setup) the setup choices are atomic actions like any
    // other (R-S2, R-S3), so the search covers them. A secret setup is searched as if
    // the later chooser saw the earlier one's choices: while both seats still have to choose,
    // only a win of the seat choosing first is sound (its opponent only gets stronger), so
    // only that is asked, and a failure proves nothing.
    let secret = g.step == Step::Setup
        && g.opts.setup_protocol == crate::options::SetupProtocol::SimultaneousSecretThenReveal
        && me == g.first_chooser();
    let mut found: Option<(Value, Goal, u32)> = None;
    let mut searched = 0;
    let mut aborted = false;
    if g.is_over() {
        // The goal's side is the winner (the report names it), or `me` for a draw.
        found = Some(match g.end {
            End::Win(s) if s == me => (Value::Win, Goal { side: s, draw_ok: false }, 0),
            End::Win(s) => (Value::Loss, Goal { side: s, draw_ok: false }, 0),
            _ => (Value::Draw, Goal { side: me, draw_ok: true }, 0),
        });
    }
    'deepen: for d in cfg.min_depth.max(1)..=cfg.max_depth {
        if found.is_some() {
            break;
        }
        let horizon = g.ply + d;
        let tries = [
            (Value::Win, vec![Goal { side: me, draw_ok: false }]),
            (Value::Loss, vec![Goal { side: 1 - me, draw_ok: false }]),
            (Value::Draw, vec![Goal { side: me, draw_ok: true }, Goal { side: 1 - me, draw_ok: true }]),
        ];
        for (value, goals) in tries.into_iter().take(if secret { 1 } else { 3 }) {
            let mut all = true;
            for &goal in &goals {
                match prove(&sh, g, goal, horizon, cfg.threads) {
                    Res::Yes => {}
                    Res::No => {
                        all = false;
                        break;
                    }
                    Res::Abort => {
                        aborted = true;
                        break 'deepen;
                    }
                }
            }
            if all {
                found = Some((value, goals[0], d));
                continue 'deepen;
            }
        }
        searched = d;
    }
    // The principal line gets its own budget: as many nodes again.
    let mut line = None;
    let search_nodes = sh.nodes.load(Relaxed);
    if let Some((_, goal, d)) = found {
        if cfg.want_line && d > 0 {
            sh.nodes.store(0, Relaxed);
            sh.stop.store(false, Relaxed);
            line = principal_line(&sh, g, goal, g.ply + d);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let nodes = search_nodes + if found.is_some() { sh.nodes.load(Relaxed) } else { 0 };
    let (probes, hits) = (sh.probes.load(Relaxed), sh.hits.load(Relaxed));
    let (value, winner, depth, bound) = match found {
        Some((v, goal, d)) => {
            let winner = match v {
                Value::Win | Value::Loss => Some(seat_name(goal.side)),
                _ => None,
            };
            let first = cfg.min_depth.max(1);
            let what = match v {
                Value::Win => format!("{} to act wins", seat_name(me)),
                Value::Loss => format!("{} to act loses", seat_name(me)),
                _ => "draw".to_string(),
            };
            let exact = if first > 1 && d > 0 {
                format!(" (horizons below {first} plies not tried: the depth is an upper bound)")
            } else {
                String::new()
            };
            let depth = Depth { plies: d, actions: line.as_ref().map(|l| l.len()) };
            (v, winner, Some(depth), format!("proved: {what} within {d} plies{exact}"))
        }
        None => {
            let why = if aborted { "budget exhausted" } else { "max depth reached" };
            let b = if searched == 0 {
                format!("{why} before any horizon was completed")
            } else if secret {
                format!(
                    "{why}: no forced win for {} within {searched} plies against an opponent who sees the \
                     secret setup choices (A-64); nothing else is claimed during a secret setup",
                    seat_name(me)
                )
            } else {
                format!("{why}: no forced win, loss or draw within {searched} plies for either side")
            };
            (Value::Unknown, None, None, b)
        }
    };
    Ok(SolveReport {
        value,
        winner,
        to_act: seat_name(me),
        depth,
        pv: line.unwrap_or_default().iter().map(|a| a.to_string()).collect(),
        searched_plies: searched,
        bound,
        nodes,
        nodes_per_sec: if seconds > 0.0 { nodes as f64 / seconds } else { 0.0 },
        tt_probes: probes,
        tt_hits: hits,
        tt_hit_rate: if probes > 0 { hits as f64 / probes as f64 } else { 0.0 },
        tt_slots: sh.tt.len(),
        threads: cfg.threads,
        seconds,
    })
}
