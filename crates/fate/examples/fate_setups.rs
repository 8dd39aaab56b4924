//! The designer's question on a shared machine (docs/fate-solver.md, "Answers so far"): judge
//! the first-player setups of one shard within N plies with the library's own `judge` (the
//! same as `cardtable solve fate --setups`), appending one JSON line per judged setup to OUT,
//! so an interrupted run keeps what it finished and a rerun resumes (judged indices are
//! skipped). A release build of this example is far lighter than one of the whole CLI.
//!
//! `cargo run --release -p fate --example fate_setups -- PLIES NODES_PER_PAIR i/n OUT [OPTIONS_JSON]`
//!
//! `FATE_SETUPS_REPLIES=K` tries only the first K reply setups per setup (a setup none of them
//! refutes is then `unknown`, never `forced`), so a budget-limited run moves on.
//! `FATE_SETUPS_ONLY=93,95,…` judges only the listed setup indices of the shard (the ones an
//! earlier run left `unknown`).

use fate::solve::setups::{judge_against, setup_choices, SetupVerdict};
use fate::solve::SolveConfig;
use fate::FateOptions;
use std::io::Write;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [plies, nodes, shard, out, rest @ ..] = args.as_slice() else {
        return Err("usage: fate_setups PLIES NODES_PER_PAIR i/n OUT [OPTIONS_JSON]".into());
    };
    let plies: u32 = plies.parse().map_err(|e| format!("PLIES: {e}"))?;
    let nodes: u64 = nodes.parse().map_err(|e| format!("NODES_PER_PAIR: {e}"))?;
    let (i, n) = shard.split_once('/').ok_or("the shard is i/n")?;
    let (i, n): (usize, usize) =
        (i.parse().map_err(|e| format!("shard i: {e}"))?, n.parse().map_err(|e| format!("shard n: {e}"))?);
    if n == 0 || i >= n {
        return Err(format!("shard {shard}: need 0 <= i < n"));
    }
    let opts: FateOptions = match rest.first() {
        Some(j) => serde_json::from_str(j).map_err(|e| format!("OPTIONS_JSON: {e}"))?,
        None => FateOptions::default(),
    };
    let done: Vec<usize> = std::fs::read_to_string(out)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<SetupVerdict>(l).ok())
        .map(|v| v.index)
        .collect();
    let choices = setup_choices(&opts)?;
    let max_replies = match std::env::var("FATE_SETUPS_REPLIES") {
        Ok(k) => k.parse().map_err(|e| format!("FATE_SETUPS_REPLIES: {e}"))?,
        Err(_) => choices.len(),
    };
    let only: Option<Vec<usize>> = match std::env::var("FATE_SETUPS_ONLY") {
        Ok(list) => Some(
            list.split(',')
                .map(|x| x.trim().parse().map_err(|e| format!("FATE_SETUPS_ONLY {x:?}: {e}")))
                .collect::<Result<_, String>>()?,
        ),
        Err(_) => None,
    };
    let per_pair = SolveConfig { max_nodes: nodes, tt_mb: 64, want_line: false, ..SolveConfig::default() };
    let mut file =
        std::fs::OpenOptions::new().create(true).append(true).open(out).map_err(|e| format!("{out}: {e}"))?;
    for index in (i..choices.len()).step_by(n).filter(|x| !done.contains(x)) {
        if only.as_ref().is_some_and(|o| !o.contains(&index)) {
            continue;
        }
        let started = std::time::Instant::now();
        let v = judge_against(&opts, &choices, index, max_replies, plies, &per_pair)?;
        let line = serde_json::to_string(&v).map_err(|e| e.to_string())?;
        writeln!(file, "{line}").map_err(|e| format!("{out}: {e}"))?;
        eprintln!("{index:>3} {:<8} {:.0}s {}", v.status, started.elapsed().as_secs_f64(), v.setup);
    }
    Ok(())
}
