//! Computer analysis of a played game (issue #14, "like a chess site's computer analysis";
//! docs/fate-solver.md): every position of the game after the setup is solved within the same
//! budget, and a move is a **blunder** when it turns a proved win of the seat that made it into
//! a position that is not a win: proved drawn or lost, or proved to have no win within the
//! horizon of the win that was thrown away (an `unknown` within the budget is never called a
//! blunder). The proof line of the lost win comes with the mark.
//!
//! Positions in setup (R-S2/R-S3) are not analysed: a setup is a choice among 496 × 496 and a
//! small budget answers `unknown` there. The analysis sees both hands (it comes after the game).

use super::{prove_goal, solve, Proof, SolveConfig, SolveReport, Value};
use crate::action::FateAction;
use crate::state::{FateGame, Step};
use engine::{EventLog, Game, Label, Replay};
use serde::Serialize;
use std::time::Instant;

/// What the solver says about one position, for the seat that moves from the position
/// before it (so `before` and `after` of a move speak for the same seat).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Judgement {
    pub value: Value,
    /// Plies to the end under best play, when proved.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plies: Option<u32>,
    /// The principal line from this position, in action notation.
    pub pv: Vec<String>,
    /// The solver's words: what is proved, or the bound reached.
    pub bound: String,
    pub nodes: u64,
}

/// One move of the game and what the solver says about it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveAnalysis {
    /// The move's number in the game's action list (1 is the first action).
    pub index: usize,
    pub ply: u32,
    /// The seat that made the move (`P1`/`P2`).
    pub seat: String,
    pub action: String,
    /// `None` for setup moves (not analysed).
    pub before: Option<Judgement>,
    pub after: Option<Judgement>,
    /// A proved win of `seat` before the move, none after it (see the module docs).
    pub blunder: bool,
    /// The verdict in words.
    pub label: Label,
}

/// The analysis of a whole game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    pub moves: Vec<MoveAnalysis>,
    /// Move numbers (`index`) of the blunders.
    pub blunders: Vec<usize>,
    /// Positions solved (setup positions are not).
    pub positions: usize,
    /// False when the time ran out before every position after the setup was solved.
    pub complete: bool,
    pub nodes: u64,
    pub max_nodes: u64,
    pub max_depth: u32,
}

fn seat(p: u8) -> String {
    format!("P{}", p + 1)
}

/// The report's value turned to speak for `mover`.
fn for_mover(r: &SolveReport, mover: u8) -> Judgement {
    let value = match r.value {
        Value::Win | Value::Loss if r.winner.as_deref() == Some(seat(mover).as_str()) => Value::Win,
        Value::Win | Value::Loss => Value::Loss,
        v => v,
    };
    Judgement { value, plies: r.depth.map(|d| d.plies), pv: r.pv.clone(), bound: r.bound.clone(), nodes: r.nodes }
}

/// The per-position solver settings of an analysis: `max_nodes` per position, one thread (the
/// result is deterministic), a small table.
pub fn analysis_config(max_nodes: u64) -> SolveConfig {
    SolveConfig { max_nodes, max_depth: 9, tt_mb: 4, threads: 1, ..SolveConfig::default() }
}

/// Analyse the game that starts at `start` and plays `actions` (each must be legal there).
/// Positions reached after `deadline` (if any) are left unanalysed and `complete` is false.
pub fn analyse(
    start: &FateGame,
    actions: &[FateAction],
    cfg: &SolveConfig,
    deadline: Option<Instant>,
) -> Result<Analysis, String> {
    let mut positions = vec![start.clone()];
    for (i, a) in actions.iter().enumerate() {
        let mut g = positions[i].clone();
        g.apply(a, &mut EventLog::disabled()).map_err(|e| format!("action {} '{a}': {e}", i + 1))?;
        positions.push(g);
    }
    let cfg = SolveConfig { threads: 1, ..cfg.clone() };
    let mut reports: Vec<Option<SolveReport>> = Vec::with_capacity(positions.len());
    for g in &positions {
        let late = deadline.is_some_and(|d| Instant::now() >= d);
        reports.push(if g.step == Step::Setup || late {
            None
        } else {
            Some(solve(g, &cfg).map_err(|e| e.to_string())?)
        });
    }
    let mut out = Analysis {
        moves: Vec::with_capacity(actions.len()),
        blunders: Vec::new(),
        positions: reports.iter().flatten().count(),
        complete: deadline.is_none_or(|d| Instant::now() < d),
        nodes: reports.iter().flatten().map(|r| r.nodes).sum(),
        max_nodes: cfg.max_nodes,
        max_depth: cfg.max_depth,
    };
    for (i, a) in actions.iter().enumerate() {
        let (g, next) = (&positions[i], &positions[i + 1]);
        let mover = g.to_act().unwrap_or(g.ap);
        let before = reports[i].as_ref().map(|r| for_mover(r, mover));
        let after = reports[i + 1].as_ref().map(|r| for_mover(r, mover));
        let mut blunder = false;
        if let (Some(b), Some(af)) = (&before, &after) {
            if b.value == Value::Win && af.value != Value::Win {
                blunder = match af.value {
                    Value::Loss | Value::Draw => true,
                    // Unknown within the budget: a blunder only if no win within the horizon
                    // of the lost one is proved.
                    _ => {
                        let horizon = g.ply + b.plies.unwrap_or(0);
                        let left = horizon.saturating_sub(next.ply);
                        let (p, n) = prove_goal(next, mover, left, &cfg).map_err(|e| e.to_string())?;
                        out.nodes += n;
                        p == Proof::No
                    }
                };
            }
        }
        if blunder {
            out.blunders.push(i + 1);
        }
        let label = label(
            &seat(mover),
            g.step == Step::Setup || next.step == Step::Setup,
            blunder,
            before.as_ref(),
            after.as_ref(),
        );
        out.moves.push(MoveAnalysis {
            index: i + 1,
            ply: g.ply,
            seat: seat(mover),
            action: a.to_string(),
            before,
            after,
            blunder,
            label,
        });
    }
    Ok(out)
}

/// Analyse a replay of Fate Deduction (docs/formats.md): rebuilt from its options and setup,
/// or from its start position.
pub fn analyse_replay(replay: &Replay, cfg: &SolveConfig, deadline: Option<Instant>) -> Result<Analysis, String> {
    if replay.game != <FateGame as Game>::NAME {
        return Err(format!("the solver analyses Fate Deduction games, not '{}'", replay.game));
    }
    let options: crate::FateOptions = if replay.options.is_null() {
        Default::default()
    } else {
        serde_json::from_value(replay.options.clone()).map_err(|e| format!("the replay's options: {e}"))?
    };
    let start = match &replay.position {
        Some(p) => FateGame::from_position(&options, p),
        None => {
            let setup = if replay.setup.is_null() {
                Default::default()
            } else {
                serde_json::from_value(replay.setup.clone()).map_err(|e| format!("the replay's setup: {e}"))?
            };
            FateGame::new(&options, &setup, replay.seed)
        }
    }
    .map_err(|e| format!("the replay's start: {e}"))?;
    let actions = replay
        .actions
        .iter()
        .enumerate()
        .map(|(i, a)| a.parse::<FateAction>().map_err(|e| format!("action {} '{a}': {e}", i + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    analyse(&start, &actions, cfg, deadline)
}

fn value_words(j: &Judgement) -> (String, String) {
    let n = j.plies.unwrap_or(0);
    match j.value {
        Value::Win => (format!("wins within {n} plies"), format!("{n} 回合内必胜")),
        Value::Loss => (format!("loses within {n} plies"), format!("{n} 回合内必败")),
        Value::Draw => (format!("draws within {n} plies"), format!("{n} 回合内必和")),
        Value::Unknown => ("no proof within the budget".into(), "预算内未能证明".into()),
    }
}

/// The verdict of one move in English and Chinese.
fn label(who: &str, setup: bool, blunder: bool, before: Option<&Judgement>, after: Option<&Judgement>) -> Label {
    match (before, after) {
        (Some(b), Some(a)) if blunder => {
            let (bw, bz) = value_words(b);
            let (aw, az) = value_words(a);
            let line = b.pv.join(" ");
            Label::new(
                format!("Blunder: {who} {bw} before this move ({line}); after it {who} {aw}"),
                format!("败着：此着之前 {who} {bz}（{line}）；此着之后 {who} {az}"),
            )
        }
        (Some(b), Some(a)) => {
            let (bw, bz) = value_words(b);
            let (aw, az) = value_words(a);
            Label::new(format!("{who}: before, {bw}; after, {aw}"), format!("{who}：此着之前{bz}；此着之后{az}"))
        }
        _ if setup => Label::new("Setup: not analysed", "布置阶段：不作分析"),
        _ => Label::new("Not analysed: the time ran out", "未分析：时间用完"),
    }
}
