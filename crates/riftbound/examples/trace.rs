//! Replays a conformance game's random walk and prints the board at the end (debugging aid).
use engine::{EventLog, Game, GameRng, Viewer};
use riftbound::{RiftGame, RiftOptions};

fn main() {
    let seed: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let stop: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(usize::MAX);
    let opts = RiftOptions::default();
    let mut rng = GameRng::derive(seed, 1);
    let setup = RiftGame::sample_setup(&opts, &mut rng).unwrap();
    let mut g = RiftGame::new(&opts, &setup, seed).unwrap();
    let mut log = EventLog::disabled();
    let mut legal = Vec::new();
    let mut foreign = 0usize;
    for step in 0.. {
        legal.clear();
        g.legal_actions(&mut legal);
        if legal.is_empty() || step >= stop {
            break;
        }
        let a = legal[rng.index(legal.len())];
        if foreign < 256 {
            foreign += 1;
        } else {
            rng.index(256);
        }
        println!(
            "{step}: {:?} {a}   [{}]",
            g.status(),
            legal.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
        );
        g.apply(&a, &mut log).unwrap();
    }
    println!("{}", g.render(Viewer::Omniscient));
    println!("{:?}", g.status());
    println!("prompt {:?}", g.prompt);
}
