//! One reply proof of the setup question (docs/fate-solver.md, "Pruning by relaxation"): can the
//! first player, with setup FIRST, force a win within PLIES plies against setup REPLY? Run with
//! the relaxation on and off to measure it (same answer, fewer nodes).
//!
//! `cargo run --release -p fate --example fate_reply -- PLIES NODES FIRST REPLY [relax|plain] [OPTIONS_JSON]`
//! (FIRST and REPLY are indices into the setup enumeration, 0..496 under the defaults).

use fate::solve::setups::{after_setups, setup_choices};
use fate::solve::{prove_goal_with, SolveConfig};
use fate::FateOptions;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [plies, nodes, first, reply, rest @ ..] = args.as_slice() else {
        return Err("usage: fate_reply PLIES NODES FIRST REPLY [relax|plain] [OPTIONS_JSON]".into());
    };
    let num = |s: &str, what: &str| s.parse::<u64>().map_err(|e| format!("{what}: {e}"));
    let relax = rest.first().is_none_or(|m| m != "plain");
    let opts: FateOptions = match rest.get(1) {
        Some(j) => serde_json::from_str(j).map_err(|e| format!("OPTIONS_JSON: {e}"))?,
        None => FateOptions::default(),
    };
    let choices = setup_choices(&opts)?;
    let pick = |i: u64| choices.get(i as usize).ok_or_else(|| format!("setup {i} out of range"));
    let (mine, theirs) = (pick(num(first, "FIRST")?)?, pick(num(reply, "REPLY")?)?);
    // after_setups gives ply 1 to P1 (seat 0), the seat of the first setup.
    let g = after_setups(&opts, mine, theirs)?;
    let cfg = SolveConfig { max_nodes: num(nodes, "NODES")?, tt_mb: 64, want_line: false, ..SolveConfig::default() };
    let started = std::time::Instant::now();
    let (proof, n, pruned) =
        prove_goal_with(&g, 0, num(plies, "PLIES")? as u32, &cfg, relax).map_err(|e| e.to_string())?;
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{:?} plies={plies} first={} reply={} relax={relax} nodes={n} pruned={pruned} seconds={secs:.2} nodes/s={:.0}",
        proof,
        mine.notation(),
        theirs.notation(),
        n as f64 / secs.max(1e-9)
    );
    Ok(())
}
