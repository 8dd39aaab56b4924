//! `cargo bench -p fate --bench solve`: the solver on a fixed set of positions (the ones the
//! tests prove), reporting nodes/s, the transposition-table hit rate and the time to prove
//! each, for 1 and 2 threads; then one reply proof of the setup question at N = 5 (the first
//! setup against the first reply, P1 to win) with the pruning by relaxation on and off. A small
//! harness of our own (no criterion): figures, not asserts.

use engine::Game;
use fate::solve::setups::{after_setups, setup_choices};
use fate::solve::{prove_goal_with, solve, SolveConfig};
use fate::{FateGame, FateOptions};

const BASE: &str = "fate ply=3 ap=P1 first=P1 step=main actor=P1 setup1=5:4:0 setup2=5:4:0";
const PASSIVE: &str = "res2=0:0,0:9,0:9,0:9 hand2=kc,qc,nc,jc";

fn main() {
    let shielded = FateOptions { ra_suit_must_be_non_empty: true, ..FateOptions::default() };
    let positions: Vec<(&str, String, u32)> = vec![
        ("win in 1 ply", format!("{BASE} row1=QS res1=0:0,0:0,1:0,4:0 hand1=KS {PASSIVE}"), 3),
        ("win in 3 plies", format!("{BASE} row1=QS res1=0:1,0:0,0:1,3:0 hand1=KS {PASSIVE}"), 5),
        ("win in 5 plies", format!("{BASE} row1=QS res1=0:1,0:0,0:1,2:0 hand1=KS {PASSIVE}"), 5),
        ("loss in 2 plies", format!("{BASE} res1=0:0,0:0,0:0,0:0 hand1=KS row2=qs res2=0:0,0:0,1:0,4:0 hand2=ks"), 4),
        ("draw by repetition", format!("{BASE} res1=0:0,0:0,0:0,0:0 hand1=KS res2=0:0,0:0,0:0,0:0 hand2=ks"), 8),
        (
            "Appendix A, passive B",
            format!(
                "fate ply=1 ap=P1 first=P1 step=draw actor=P1 budget=1 setup1=5:4:0 setup2=5:4:0 \
                 res1=1:0,1:0,1:0,1:0 hand1=KP,QS,JP {PASSIVE}"
            ),
            9,
        ),
    ];
    println!(
        "{:<24} {:>7} {:>6} {:>10} {:>12} {:>8} {:>8}",
        "position", "threads", "value", "nodes", "nodes/s", "tt hit", "seconds"
    );
    for threads in [1, 2] {
        let (mut nodes, mut secs) = (0u64, 0f64);
        for (name, text, depth) in &positions {
            let g = FateGame::from_position(&shielded, text).expect("bench position");
            let cfg =
                SolveConfig { max_depth: *depth, max_nodes: 50_000_000, threads, tt_mb: 64, ..SolveConfig::default() };
            let r = solve(&g, &cfg).expect("solve");
            nodes += r.nodes;
            secs += r.seconds;
            println!(
                "{name:<24} {threads:>7} {:>6} {:>10} {:>12.0} {:>7.1}% {:>8.3}",
                format!("{:?}", r.value).to_lowercase(),
                r.nodes,
                r.nodes_per_sec,
                100.0 * r.tt_hit_rate,
                r.seconds
            );
        }
        println!(
            "{:<24} {threads:>7} {:>6} {nodes:>10} {:>12.0} {:>8} {secs:>8.3}",
            "total",
            "",
            nodes as f64 / secs,
            ""
        );
    }
    println!(
        "\n{:<34} {:>8} {:>10} {:>10} {:>12} {:>8}",
        "reply proof (setups 0 v 0, N = 5)", "proof", "nodes", "pruned", "nodes/s", "seconds"
    );
    let opts = FateOptions::default();
    let choices = setup_choices(&opts).expect("setups");
    let g = after_setups(&opts, &choices[0], &choices[0]).expect("setup pair");
    for relax in [true, false] {
        let cfg = SolveConfig { max_nodes: 20_000_000, tt_mb: 64, want_line: false, ..SolveConfig::default() };
        let t = std::time::Instant::now();
        let (proof, n, pruned) = prove_goal_with(&g, 0, 5, &cfg, relax).expect("prove");
        let secs = t.elapsed().as_secs_f64();
        let name = if relax { "relaxation on" } else { "relaxation off (plain)" };
        println!(
            "{name:<34} {:>8} {n:>10} {pruned:>10} {:>12.0} {secs:>8.2}",
            format!("{proof:?}").to_lowercase(),
            n as f64 / secs
        );
    }
}
