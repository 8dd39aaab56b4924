//! Print a game position by position while applying the actions given on the command line
//! (a debugging aid): `cargo run -p fate --example fate_walk -- king=S queen=S ...`.

use engine::{EventLog, Game, Viewer};
use fate::{FateGame, FateOptions};

fn main() {
    let mut g = FateGame::new(&FateOptions::default(), &Default::default(), 0).expect("setup");
    let mut log = EventLog::disabled();
    for a in std::env::args().skip(1) {
        if let Err(e) = g.apply_notation(&a, &mut log) {
            println!("refused {a}: {e}");
            break;
        }
    }
    println!("{}", g.render(Viewer::Omniscient));
    println!("{}", g.position().unwrap_or_default());
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    println!("legal: {}", legal.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(" "));
}
