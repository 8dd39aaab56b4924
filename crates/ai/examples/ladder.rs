//! The measurements of docs/bots.md (level ladder, learned against hand-written evaluation) and
//! training, without the server: a small release binary for a shared machine.
//!
//! ```text
//! cargo run --release -p ai --example ladder -- train GAME GAMES SEED OUT.json
//! cargo run --release -p ai --example ladder -- arena GAME GAMES SEED 'BOT;BOT[;…]'
//! cargo run --release -p ai --example ladder -- seats GAME GAMES SEED 'BOT;BOT;…' [OPTIONS]
//! ```
//! `arena` is `cardtable arena GAME --bots … --games GAMES --seed SEED` (same library call); the
//! bots are a `--bots` list (`ai::BotSpec::parse_list`: `;` or `,` between specs). After the
//! table it prints each pairing's share with its 95% Wilson interval (draws count half).
//!
//! `seats` plays a game of as many seats as bots are listed, one bot per seat (Riftbound's
//! multiplayer modes: OPTIONS is the rules options as JSON, e.g. `{"mode":"ffa4"}`), rotating
//! the list by one seat every game (game g of the run is game g div N of rotation g mod N, its
//! seed `SEED + rotation`), so every bot sits in every seat equally often. It prints, for each
//! listed bot, the games its seat won (a team's win counts for both teammates) with the 95%
//! Wilson interval, beside the even share 1/N.
//!
//! ```text
//! cargo run --release -p ai --example ladder -- pair GAME GAMES SEED 'A;B' [OPTIONS]
//! cargo run --release -p ai --example ladder -- table riftbound GAMES SEED 'A;B;…' OPTIONS
//! cargo run --release -p ai --example ladder -- time GAME MOVES SEED 'BOT;BOT;…' [OPTIONS]
//! ```
//! `pair` is the two-bot arena played in chunks of 20 games (chunk c: `arena` with 20 games per
//! pairing and seed `SEED * 1000 + c`, seats alternating within it), printing A's running share
//! with its 95% Wilson interval after every chunk: a run stopped early still says what it
//! measured.
//!
//! `table` measures the Riftbound multiplayer ladder. The list holds two specs, A (the higher
//! level) and B, one per seat (e.g. FFA3 `A;B;B`, FFA4 and 2v2 `A;B;A;B`); the list rotates by
//! one seat every game. Every game gives one comparison per (A seat, B seat) pair on opposing
//! sides: A finishes ahead when its side won and B's did not, or, with neither side winning,
//! when it has more points; a tie counts half. It prints A's share of the comparisons (and of
//! the games its side won) with 95% Wilson intervals. In 2v2 `A;B;A;B` puts A's two seats in
//! one team (teammates sit two apart), so the share is the A team's share of games.
//!
//! `time` plays each listed bot against `greedy` (seats alternating, game g seeded from SEED)
//! until it has made MOVES moves, and prints its user-CPU milliseconds per move (mean over the
//! moves) and the largest wall-clock time of one move (an upper bound on a loaded machine).

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

const USE: &str = "use: train GAME GAMES SEED OUT.json | arena GAME GAMES SEED 'BOT;BOT' | seats GAME GAMES SEED \
    'BOT;BOT;…' [OPTIONS] | pair GAME GAMES SEED 'A;B' [OPTIONS] | table riftbound GAMES SEED 'A;B;…' OPTIONS | \
    time GAME MOVES SEED 'BOT;…' [OPTIONS]";

fn run(args: &[String]) -> Result<(), String> {
    let (what, game, games, seed, rest, options) = match args {
        [w, g, n, s, r] => (w, g, n, s, r, serde_json::Value::Null),
        [w, g, n, s, r, o] => (w, g, n, s, r, serde_json::from_str(o).map_err(|e| format!("OPTIONS: {e}"))?),
        _ => return Err(USE.into()),
    };
    let games: usize = games.parse().map_err(|_| format!("'{games}' is not a number of games"))?;
    let seed: u64 = seed.parse().map_err(|_| format!("'{seed}' is not a seed"))?;
    let ai = ai::games::game(game).map_err(|e| e.to_string())?;
    let progress = |done: usize, total: usize| {
        if done % 10 == 0 || done == total {
            eprint!("\r{done}/{total}");
        }
    };
    match what.as_str() {
        "train" => {
            let train = ai.train.ok_or("this game has no learned evaluator")?;
            // OPTIONS for train: the rules options, or {"policy": "mcts:100", "options": {…}}.
            let policy = options.get("policy").and_then(|p| p.as_str()).map(str::to_string);
            let rules = match policy {
                Some(_) => options.get("options").cloned().unwrap_or(serde_json::Value::Null),
                None => options,
            };
            let config = ai::TrainConfig { games, seed, options: rules };
            let w = match (game.as_str(), policy) {
                (_, None) => train(&config, Some(&progress)),
                ("fate", Some(p)) => ai::train::train_with::<fate::FateGame>(&config, &p, Some(&progress)),
                ("ardent", Some(p)) => ai::train::train_with::<ardent::ArdentGame>(&config, &p, Some(&progress)),
                ("riftbound", Some(p)) => ai::train::train_with::<riftbound::RiftGame>(&config, &p, Some(&progress)),
                (g, Some(_)) => return Err(format!("{g}: no learned evaluator to train")),
            }
            .map_err(|e| e.to_string())?;
            std::fs::write(rest, w.to_json()).map_err(|e| e.to_string())?;
            eprintln!(
                "\n{rest}: {} positions, log-loss {} (constant {})",
                w.trained.samples, w.trained.log_loss, w.trained.baseline_log_loss
            );
        }
        "arena" => {
            let bots = ai::BotSpec::parse_list(rest).map_err(|e| e.to_string())?;
            let mut config = ai::ArenaConfig::new(game, bots, games, seed);
            config.options = options;
            let r = (ai.arena)(&config, Some(&progress)).map_err(|e| e.to_string())?;
            eprintln!();
            print!("{r}");
            for p in &r.pairings {
                let n = (p.a_wins + p.b_wins + p.draws) as f64;
                let points = p.a_wins as f64 + 0.5 * p.draws as f64;
                let (lo, hi) = ai::wilson_interval(points, n);
                println!(
                    "share {} vs {}: {points}/{n} = {:.1}% (95% {:.1}–{:.1}%)",
                    p.a,
                    p.b,
                    100.0 * points / n,
                    100.0 * lo,
                    100.0 * hi
                );
            }
        }
        "seats" => seats(game, games, seed, rest, options, &progress)?,
        "pair" => pair(game, games, seed, rest, options)?,
        "table" => table(game, games, seed, rest, options)?,
        "time" => time(game, games, seed, rest, options)?,
        _ => return Err(format!("unknown command '{what}'; {USE}")),
    }
    Ok(())
}

fn seats(
    game: &str,
    games: usize,
    seed: u64,
    list: &str,
    options: serde_json::Value,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<(), String> {
    let bots = ai::BotSpec::parse_list(list).map_err(|e| e.to_string())?;
    let n = bots.len();
    if n < 2 {
        return Err("seats needs one bot per seat (two or more)".into());
    }
    let (mut played, mut won) = (vec![0usize; n], vec![0usize; n]);
    for rotation in 0..n {
        // Games rotation, rotation + n, … of the run.
        let count = (games + n - 1 - rotation) / n;
        if count == 0 {
            continue;
        }
        let rotated: Vec<ai::BotSpec> = (0..n).map(|i| bots[(i + rotation) % n].clone()).collect();
        let mut config = ai::SimConfig::new(game, rotated, count, seed + rotation as u64);
        config.options = options.clone();
        let r = ai::simulate(&config, Some(progress)).map_err(|e| e.to_string())?;
        for record in &r.records {
            for seat in 0..n {
                let listed = (seat + rotation) % n;
                played[listed] += 1;
                if record.winners.contains(&(seat as u8)) {
                    won[listed] += 1;
                }
            }
        }
        eprintln!(" (rotation {} of {n} done)", rotation + 1);
    }
    println!(
        "{game} {options}, {games} games, seed {seed}, one bot per seat, rotating; even share {:.1}%",
        100.0 / n as f64
    );
    for (i, b) in bots.iter().enumerate() {
        let (lo, hi) = ai::wilson_interval(won[i] as f64, played[i] as f64);
        println!(
            "seat list {}: {b}: won {}/{} = {:.1}% (95% {:.1}–{:.1}%)",
            i + 1,
            won[i],
            played[i],
            100.0 * won[i] as f64 / played[i].max(1) as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    Ok(())
}

/// Games per chunk of `pair` (even, so seats alternate within a chunk).
const CHUNK: usize = 20;

fn pair(game: &str, games: usize, seed: u64, list: &str, options: serde_json::Value) -> Result<(), String> {
    use std::io::Write;
    let bots = ai::BotSpec::parse_list(list).map_err(|e| e.to_string())?;
    let [a, b] = bots.as_slice() else { return Err("pair takes two bots".into()) };
    let ai = ai::games::game(game).map_err(|e| e.to_string())?;
    let (mut points, mut played, mut a_first) = (0.0f64, 0usize, 0.0f64);
    let start = std::time::Instant::now();
    for chunk in 0..games.div_ceil(CHUNK) {
        let n = CHUNK.min(games - chunk * CHUNK);
        let mut config = ai::ArenaConfig::new(game, vec![a.clone(), b.clone()], n, seed * 1000 + chunk as u64);
        config.options = options.clone();
        let r = (ai.arena)(&config, None).map_err(|e| e.to_string())?;
        let p = &r.pairings[0];
        points += p.a_wins as f64 + 0.5 * p.draws as f64;
        played += n;
        a_first += p.first_seat_wins as f64;
        let (lo, hi) = ai::wilson_interval(points, played as f64);
        println!(
            "{game} {a} vs {b}: after {played} games {points}/{played} = {:.1}% (95% {:.1}–{:.1}%); first seat won {a_first}; {:.0} s",
            100.0 * points / played as f64,
            100.0 * lo,
            100.0 * hi,
            start.elapsed().as_secs_f64()
        );
        std::io::stdout().flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn table(game: &str, games: usize, seed: u64, list: &str, options: serde_json::Value) -> Result<(), String> {
    use ai::AiGame;
    use engine::{Game, GameRng, Viewer};
    use riftbound::RiftGame;
    use std::io::Write;
    if game != "riftbound" {
        return Err("table is for riftbound's multiplayer modes".into());
    }
    let bots = ai::BotSpec::parse_list(list).map_err(|e| e.to_string())?;
    let n = bots.len();
    let a = bots.first().ok_or("an empty list")?.clone();
    let b = bots.iter().find(|x| **x != a).ok_or("table needs two different specs")?.clone();
    if bots.iter().any(|x| *x != a && *x != b) {
        return Err("table takes two specs, one per seat".into());
    }
    let options: <RiftGame as Game>::Options = serde_json::from_value(options).map_err(|e| format!("OPTIONS: {e}"))?;
    let kit = RiftGame::kit();
    let (mut ahead, mut comparisons, mut a_won, mut a_games) = (0.0f64, 0usize, 0usize, 0usize);
    let start = std::time::Instant::now();
    for g in 0..games {
        let rotation = g % n;
        let seat_bot: Vec<&ai::BotSpec> = (0..n).map(|i| &bots[(i + rotation) % n]).collect();
        let mut rng = GameRng::derive(seed, g as u64);
        let game_seed = rng.next_u64();
        let setup = RiftGame::sample_setup(&options, &mut rng).map_err(|e| e.to_string())?;
        let state = RiftGame::new(&options, &setup, game_seed).map_err(|e| e.to_string())?;
        if state.num_seats() != n {
            return Err(format!("the mode has {} seats; list {n} bots", state.num_seats()));
        }
        let mut players = seat_bot
            .iter()
            .map(|s| s.build::<RiftGame>(&kit, rng.next_u64()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let (end, played) = ai::play::play_game(state, &mut players, None, g).map_err(|e| e.to_string())?;
        let view = end.view(Viewer::Omniscient);
        let team = |s: usize| view.players.get(s).map_or(s as u8, |p| p.team);
        let won = |s: usize| played.outcome.winners.contains(&engine::Seat(s as u8));
        let points = |s: usize| view.players.get(s).map_or(0, |p| p.points);
        let a_seats: Vec<usize> = (0..n).filter(|&s| *seat_bot[s] == a).collect();
        if a_seats.iter().any(|&s| won(s)) {
            a_won += 1;
        }
        a_games += 1;
        for &i in &a_seats {
            for j in (0..n).filter(|&j| *seat_bot[j] == b && team(j) != team(i)) {
                comparisons += 1;
                ahead += match (won(i), won(j)) {
                    (true, false) => 1.0,
                    (false, true) => 0.0,
                    _ if points(i) > points(j) => 1.0,
                    _ if points(i) < points(j) => 0.0,
                    _ => 0.5,
                };
            }
        }
        if (g + 1) % 10 == 0 || g + 1 == games {
            let (lo, hi) = ai::wilson_interval(ahead, comparisons as f64);
            let (wlo, whi) = ai::wilson_interval(a_won as f64, a_games as f64);
            println!(
                "{game} {list}: after {} games {a} ahead of {b} in {ahead}/{comparisons} = {:.1}% (95% {:.1}–{:.1}%); {a} won {a_won}/{a_games} = {:.1}% (95% {:.1}–{:.1}%); {:.0} s",
                g + 1,
                100.0 * ahead / comparisons.max(1) as f64,
                100.0 * lo,
                100.0 * hi,
                100.0 * a_won as f64 / a_games as f64,
                100.0 * wlo,
                100.0 * whi,
                start.elapsed().as_secs_f64()
            );
            std::io::stdout().flush().map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn time(game: &str, moves: usize, seed: u64, list: &str, options: serde_json::Value) -> Result<(), String> {
    let bots = ai::BotSpec::parse_list(list).map_err(|e| e.to_string())?;
    let timed = match game {
        "fate" => time_game::<fate::FateGame>,
        "ardent" => time_game::<ardent::ArdentGame>,
        "riftbound" => time_game::<riftbound::RiftGame>,
        _ => return Err(format!("time knows fate, ardent and riftbound, not '{game}'")),
    };
    for bot in &bots {
        let (n, cpu, max_wall) = timed(bot, moves, seed, &options)?;
        println!(
            "{game} {bot}: {n} moves, {:.2} ms user CPU per move (mean), longest move {:.1} ms wall clock",
            1000.0 * cpu / n.max(1) as f64,
            1000.0 * max_wall
        );
    }
    Ok(())
}

/// Play `bot` against greedy until it made `moves` moves: (moves, user CPU s in them, longest wall s).
fn time_game<G: ai::AiGame>(
    bot: &ai::BotSpec,
    moves: usize,
    seed: u64,
    options: &serde_json::Value,
) -> Result<(usize, f64, f64), String> {
    use engine::{EventLog, GameRng, Status};
    let options: G::Options = serde_json::from_value(options.clone()).unwrap_or_default();
    let kit = G::kit();
    let cpu = || engine::bench::user_cpu_seconds().unwrap_or(0.0);
    let (mut n, mut total, mut longest) = (0usize, 0.0f64, 0.0f64);
    let mut g = 0u64;
    while n < moves {
        let mut rng = GameRng::derive(seed, g);
        let game_seed = rng.next_u64();
        let setup = G::sample_setup(&options, &mut rng).map_err(|e| e.to_string())?;
        let mut state = G::new(&options, &setup, game_seed).map_err(|e| e.to_string())?;
        let timed_seat = (g % 2) as usize;
        let mut players = (0..state.num_seats())
            .map(|s| if s == timed_seat { Ok(bot.clone()) } else { "greedy".parse::<ai::BotSpec>() })
            .map(|s| s.and_then(|s| s.build::<G>(&kit, rng.next_u64())))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        let mut log = EventLog::disabled();
        while let Status::ToAct(seat) = state.status() {
            let obs = ai::Observation::of_seat_to_act(&state).map_err(|e| e.to_string())?;
            let (c0, w0) = (cpu(), std::time::Instant::now());
            let action = players[seat.index()].choose(&obs).map_err(|e| e.to_string())?;
            if seat.index() == timed_seat {
                total += cpu() - c0;
                longest = longest.max(w0.elapsed().as_secs_f64());
                n += 1;
                if n >= moves {
                    break;
                }
            }
            state.apply(&action, &mut log).map_err(|e| e.message)?;
        }
        g += 1;
    }
    Ok((n, total, longest))
}
