//! Plays one arena game of Riftbound between two bots, exactly as `arena` plays game `G` of a
//! pairing (seed, setup and bot seeds from `GameRng::derive(SEED, G)`, the first bot in the first
//! seat when G is even), and reports how it went: the turn and phase every 500 actions; when one
//! turn runs past `STUCK` actions, the last `TAIL` actions with the board, then stops; at the end,
//! the outcome and the last `TAIL` actions.
//! Each action's index in the legal-action list is written to `OUT` (one a line) when given, so
//! that the game can be replayed without the bots (`REPLAY=OUT`, the bots take over after it).
//!
//! `cargo run --release -p ai --example rift_game -- SEED G 'A;B' [STUCK] [TAIL] [OUT]`
//! (the ladder's stuck game: `11001 6 'hard;medium'`).
use ai::AiGame;
use engine::{EventLog, Game, GameRng, Status, Viewer};
use riftbound::{RiftGame, RiftOptions};
use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(11001);
    let g: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(6);
    let list = args.get(2).map(String::as_str).unwrap_or("hard;medium");
    let stuck: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(3000);
    let tail: usize = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(300);
    // REPLAY=FILE: take the first actions from a file OUT wrote instead of asking the bots.
    let replay: Option<Vec<usize>> = std::env::var("REPLAY")
        .ok()
        .map(|p| std::fs::read_to_string(p).expect("REPLAY").lines().map(|l| l.parse().expect("an index")).collect());
    let mut out = args.get(5).map(|p| std::fs::File::create(p).expect("OUT"));
    let specs = ai::BotSpec::parse_list(list).expect("bots");
    let (a, b) = (&specs[0], &specs[1]);
    let seats = if g % 2 == 0 { [a, b] } else { [b, a] };
    let opts = RiftOptions::default();
    let kit = RiftGame::kit();
    let mut rng = GameRng::derive(seed, g);
    let game_seed = rng.next_u64();
    let setup = RiftGame::sample_setup(&opts, &mut rng).expect("setup");
    let mut state = RiftGame::new(&opts, &setup, game_seed).expect("new");
    let mut bots: Vec<_> = seats.iter().map(|s| s.build::<RiftGame>(&kit, rng.next_u64()).expect("bot")).collect();
    let mut log = EventLog::disabled();
    let mut history: Vec<String> = Vec::new();
    let (mut turn, mut turn_start) = (state.turn, 0usize);
    let start = std::time::Instant::now();
    let mut legal = Vec::new();
    for n in 0.. {
        let seat = match state.status() {
            Status::Over(o) => {
                println!("game over after {n} actions, turn {}: {o:?}; the last {tail}:", state.turn);
                for h in &history[history.len().saturating_sub(tail)..] {
                    println!("{h}");
                }
                return;
            }
            Status::ToAct(s) => s,
        };
        if state.turn != turn {
            turn = state.turn;
            turn_start = n;
        }
        if n % 500 == 0 {
            eprintln!(
                "{n} actions, turn {} phase {:?}, {:.0} s",
                state.turn,
                state.phase,
                start.elapsed().as_secs_f64()
            );
        }
        if n - turn_start >= stuck {
            println!("turn {turn} has run {} actions; the last {tail}:", n - turn_start);
            for h in &history[history.len().saturating_sub(tail)..] {
                println!("{h}");
            }
            println!("{}", state.render(Viewer::Omniscient));
            println!("{:?}", state.status());
            println!("prompt {:?}\nchain {:?}\nshowdown {:?}", state.prompt, state.chain, state.showdown);
            return;
        }
        legal.clear();
        state.legal_actions(&mut legal);
        let action = match replay.as_ref().and_then(|r| r.get(n)) {
            Some(&i) => legal[i],
            None => {
                let obs = ai::Observation::of_seat_to_act(&state).expect("observation");
                bots[seat.index()].choose(&obs).expect("choose")
            }
        };
        let index = legal.iter().position(|x| *x == action).expect("a legal choice");
        if let Some(f) = out.as_mut() {
            writeln!(f, "{index}").expect("write");
        }
        history.push(format!(
            "{n}: turn {} {:?} P{} {:?} {}   [{}]",
            state.turn,
            state.phase,
            seat.index() + 1,
            action,
            state.action_label(&action).en,
            legal.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
        ));
        state.apply(&action, &mut log).expect("apply");
    }
}
