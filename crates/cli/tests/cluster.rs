//! The work queue (docs/deploy.md) with real processes of the binary and the NATS server on
//! 127.0.0.1:4222: a sim split over workers gives, byte for byte, what one process gives, and a
//! worker killed with SIGKILL mid-shard loses nothing (its shard is redelivered).
//!
//! Without a reachable NATS these tests say so loudly and pass, unless CT_REQUIRE_NATS=1
//! (scripts/test.sh sets it after starting nats-server), which makes them fail.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

mod common;
use common::{nats, nats_url, unique_name};

const BIN: &str = env!("CARGO_BIN_EXE_cardtable");

/// Remove the queue's streams when the test ends (pass or fail).
struct QueueGuard {
    url: String,
    name: String,
}

impl Drop for QueueGuard {
    fn drop(&mut self) {
        let config = cluster::QueueConfig { url: self.url.clone(), name: self.name.clone() };
        if let Ok(rt) = tokio::runtime::Runtime::new() {
            let _ = rt.block_on(async { cluster::Queue::connect(config).await?.delete().await });
        }
    }
}

/// A worker process; killed when dropped. Its log lines arrive on `lines`.
struct Worker {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Worker {
    fn start(url: &str, queue: &str, ack_wait: u64) -> Worker {
        let mut child = Command::new(BIN)
            .args(["worker", "--nats", url, "--queue", queue, "--threads", "1", "--ack-wait", &ack_wait.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let w = Worker { child, lines };
        w.wait_for("ready");
        w
    }

    /// The first log line containing `what` (panics after two minutes).
    fn wait_for(&self, what: &str) -> String {
        loop {
            match self.lines.recv_timeout(Duration::from_secs(120)) {
                Ok(line) if line.contains(what) => return line,
                Ok(_) => continue,
                Err(e) => panic!("the worker never logged '{what}': {e}"),
            }
        }
    }

    /// Every line logged so far.
    fn log(&self) -> Vec<String> {
        self.lines.try_iter().collect()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn sim_args(game: &str, games: &str, seed: &str, bots: &str) -> Vec<String> {
    ["sim", game, "--games", games, "--seed", seed, "--bots", bots, "--json"].iter().map(|s| s.to_string()).collect()
}

fn one_process(args: &[String]) -> Output {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(out.status.success(), "one-process sim: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn submit(args: &[String], url: &str, queue: &str, shards: usize) -> Child {
    Command::new(BIN)
        .args(args)
        .args(["--nats", url, "--queue", queue, "--shards", &shards.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn finish(child: Child) -> Output {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "sim --nats: {}", String::from_utf8_lossy(&out.stderr));
    out
}

#[test]
fn sim_over_two_workers_equals_one_process() {
    let Some(url) = nats("the work-queue tests") else { return };
    let queue = unique_name("test", "two");
    let _guard = QueueGuard { url: url.clone(), name: queue.clone() };
    let a = Worker::start(&url, &queue, 10);
    let b = Worker::start(&url, &queue, 10);
    let args = sim_args("fate", "300", "11", "random,greedy");
    let queued = finish(submit(&args, &url, &queue, 6));
    let alone = one_process(&args);
    assert!(!alone.stdout.is_empty());
    assert!(queued.stdout == alone.stdout, "the queued run's JSON differs from one process's");
    // Each worker logs a shard's end before storing its result; give the log readers a moment.
    let mut log = Vec::new();
    for _ in 0..50 {
        log.extend(a.log());
        log.extend(b.log());
        if log.iter().filter(|l| l.contains(" done in ")).count() >= 6 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(log.iter().filter(|l| l.contains(" done in ")).count(), 6, "six shards done between them: {log:#?}");
}

#[test]
fn killed_worker_mid_shard_loses_nothing() {
    let Some(url) = nats("the work-queue tests") else { return };
    let queue = unique_name("test", "kill");
    let _guard = QueueGuard { url: url.clone(), name: queue.clone() };
    // MCTS bots make each shard take a while, so the first worker dies in the middle of one.
    let args = sim_args("fate", "12", "5", "mcts:100");
    let mut first = Worker::start(&url, &queue, 2);
    let run = submit(&args, &url, &queue, 2);
    let started = first.wait_for("started");
    let part = started.split_whitespace().find(|w| w.contains('/')).unwrap().to_string();
    first.child.kill().unwrap(); // SIGKILL: no goodbye, no ack
    first.child.wait().unwrap();
    let second = Worker::start(&url, &queue, 2);
    let queued = finish(run);
    let log = second.log();
    assert!(
        log.iter().any(|l| l.contains(&format!("part {part} started")) && l.contains("(delivery 2)")),
        "the killed worker's part {part} was redelivered to the second worker: {log:#?}"
    );
    let alone = one_process(&args);
    assert!(queued.stdout == alone.stdout, "the run with a killed worker differs from one process's");
}

#[test]
fn sim_nats_refuses_shard_and_bad_queue_names() {
    let out = Command::new(BIN)
        .args(["sim", "fate", "--games", "10", "--nats", &nats_url(), "--shard", "1/2"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("leave out --shard"), "{out:?}");
    let Some(url) = nats("the work-queue tests") else { return };
    let out = Command::new(BIN)
        .args(["sim", "fate", "--games", "10", "--nats", &url, "--queue", "no.dots"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("queue name 'no.dots'"), "{out:?}");
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cardtable-cluster-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run_ok(args: &[String]) -> Output {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// Issue #17 item 3: the same two workers run a deck rating's shards and a Fate setup
/// analysis's parts (a worker runs every kind of job), and each joined result is byte for byte
/// the one-process result (docs/deploy.md, work queue).
#[test]
fn deck_ratings_and_solver_setups_over_two_workers_equal_one_process() {
    let Some(url) = nats("the work-queue tests") else { return };
    let queue = unique_name("test", "kinds");
    let _guard = QueueGuard { url: url.clone(), name: queue.clone() };
    let a = Worker::start(&url, &queue, 10);
    let b = Worker::start(&url, &queue, 10);
    let dir = tmp("kinds");
    let db = ardent::CardDb::omega_codex();
    let generated = ardent::deckgen::generate(7, 1).unwrap();
    let deck = dir.join("deck.txt");
    std::fs::write(&deck, ardent::deck::DeckList::from_ids(db, "Queued deck", &generated.cards).to_text(db)).unwrap();

    // A deck rating: 96 games in 5 shards (uneven: 20, 19, 19, 19, 19 games).
    let rate =
        strings(&["deck", "rate", deck.to_str().unwrap(), "--games", "96", "--seed", "4", "--bot", "random", "--json"]);
    let queued = finish(submit_to(&rate, &url, &queue, &["--shards", "5"]));
    let alone = run_ok(&rate);
    assert!(
        String::from_utf8_lossy(&alone.stdout).contains("\"games\": 96"),
        "{}",
        String::from_utf8_lossy(&alone.stdout)
    );
    assert!(queued.stdout == alone.stdout, "the queued rating differs from one process's");

    // The setup analysis of 8 first-player setups (shard 0/62), in 3 parts.
    let (one, two) = (dir.join("one.json"), dir.join("two.json"));
    let solve = |out: &std::path::Path| {
        strings(&[
            "solve",
            "fate",
            "--setups",
            "--max-plies",
            "1",
            "--tt-mb",
            "1",
            "--shard",
            "0/62",
            "--json",
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let queued = finish(submit_to(&solve(&two), &url, &queue, &["--parts", "3"]));
    let alone = run_ok(&solve(&one));
    assert!(
        String::from_utf8_lossy(&alone.stdout).contains("\"judged\": 8"),
        "{}",
        String::from_utf8_lossy(&alone.stdout)
    );
    assert!(queued.stdout == alone.stdout, "the queued analysis's summary differs from one process's");
    assert_eq!(std::fs::read_to_string(&two).unwrap(), std::fs::read_to_string(&one).unwrap());

    let mut log = Vec::new();
    for _ in 0..50 {
        log.extend(a.log());
        log.extend(b.log());
        if log.iter().filter(|l| l.contains(" done in ")).count() >= 8 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(log.iter().filter(|l| l.contains(" done in ")).count(), 8, "5 + 3 parts done between them: {log:#?}");
    assert!(log.iter().any(|l| l.contains("deck rating")) && log.iter().any(|l| l.contains("fate setups")), "{log:#?}");
}

/// Submit `args` with `--nats` and the given split flags.
fn submit_to(args: &[String], url: &str, queue: &str, split: &[&str]) -> Child {
    Command::new(BIN)
        .args(args)
        .args(["--nats", url, "--queue", queue])
        .args(split)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn solve_nats_refuses_what_it_cannot_split() {
    let out = Command::new(BIN).args(["solve", "fate", "--position", "x", "--nats", &nats_url()]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("use it with --setups"), "{out:?}");
    let out = Command::new(BIN)
        .args(["solve", "fate", "--setups", "--max-plies", "1", "--max-seconds", "5", "--nats", &nats_url()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("leave it out with --nats"), "{out:?}");
}
