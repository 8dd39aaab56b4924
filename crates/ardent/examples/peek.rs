//! Print a seeded game of the two bundled decks after some actions: `peek SEED [ACTION;...]`,
//! or `peek SEED random N` to play N random actions and print their notation.

use ardent::{ArdentGame, ArdentOptions, ArdentSetup};
use engine::{EventLog, Game, GameRng, Viewer};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let setup = ArdentSetup { decks: ardent::sample_decks(ardent::CardDb::omega_codex()).unwrap() };
    println!("{}", serde_json::to_string(&setup).unwrap());
    let mut g = ArdentGame::new(&ArdentOptions::default(), &setup, seed).unwrap();
    let mut log = EventLog::disabled();
    if args.get(2).map(String::as_str) == Some("random") {
        let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(10_000);
        let mut rng = GameRng::new(seed);
        let mut played = Vec::new();
        let mut legal = Vec::new();
        while played.len() < n && !g.status().is_over() {
            legal.clear();
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            g.apply(&a, &mut log).unwrap();
            played.push(format!("\"{a}\""));
        }
        println!("{}", played.join(", "));
    } else if let Some(acts) = args.get(2) {
        for a in acts.split(';').filter(|s| !s.trim().is_empty()) {
            g.apply_notation(a, &mut log).unwrap();
        }
    }
    println!("{}", g.render(Viewer::Omniscient));
    println!("{:?}", g.status());
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    println!("legal: {}", legal.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(" | "));
}
