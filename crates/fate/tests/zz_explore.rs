use engine::{EventLog, Game, GameRng};
use fate::solve::{solve, SolveConfig, Value};
use fate::{FateGame, FateOptions};
#[test]
fn explore() {
    for seed in 2..3u64 {
        let mut rng = GameRng::new(seed);
        let t = std::time::Instant::now();
        let mut g = FateGame::new(&FateOptions::default(), &Default::default(), 0).unwrap();
        let cfg = SolveConfig { max_depth: 9, max_nodes: 5_000, tt_mb: 4, want_line: false, ..Default::default() };
        let mut acts = Vec::new();
        let mut done = false;
        loop {
            let mut l = Vec::new();
            g.legal_actions(&mut l);
            if l.is_empty() {
                break;
            }
            let mut pick = l[rng.index(l.len())];
            let setup = g.position().unwrap().contains("step=setup");
            if !done && !setup {
                let r = solve(&g, &cfg).unwrap();
                if r.value == Value::Win {
                    let me = r.to_act.clone();
                    for a in &l {
                        let mut c = g.clone();
                        c.apply(a, &mut EventLog::disabled()).unwrap();
                        let q = solve(&c, &cfg).unwrap();
                        let lost = q.value == Value::Draw
                            || (matches!(q.value, Value::Win | Value::Loss)
                                && q.winner.as_deref() != Some(me.as_str()));
                        if lost {
                            pick = *a;
                            done = true;
                            eprintln!("BLUNDER at {} {a}", acts.len() + 1);
                            break;
                        }
                    }
                }
            }
            g.apply(&pick, &mut EventLog::disabled()).unwrap();
            acts.push(pick.to_string());
            if acts.len() > 3000 {
                break;
            }
        }
        eprintln!("{} actions, {:?}, {:?}", acts.len(), t.elapsed(), g.status());
        eprintln!("SEED {seed} ACTS {}", acts.join(" "));
    }
}
