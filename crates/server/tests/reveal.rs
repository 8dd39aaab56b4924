//! Undo never crosses a reveal, and a slow bot never stalls other tables.
//!
//! `Peek` is a tiny game made for this test: two seats alternate; `peek` shows the seat a
//! secret number (a private log entry, with its public half for the others), `pass` does
//! nothing; the game ends after six actions.

mod common;

use common::*;
use engine::Viewer;
use engine::{
    ActionError, DynGame, EventLog, Game, GameRng, NotationError, Outcome, Registry, Seat, SetupError, Status,
};
use serde_json::json;
use server::{BotHost, RandomBots};
use std::sync::Arc;
use std::time::{Duration, Instant};
use store::testdb::TestDb;

#[derive(Clone, Debug, PartialEq)]
struct Peek {
    played: u8,
    secret: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum PeekAction {
    Peek,
    Pass,
}

impl std::fmt::Display for PeekAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if *self == PeekAction::Peek { "peek" } else { "pass" })
    }
}

impl std::str::FromStr for PeekAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        match s {
            "peek" => Ok(PeekAction::Peek),
            "pass" => Ok(PeekAction::Pass),
            _ => Err(NotationError::new(s, "expected peek or pass")),
        }
    }
}

impl Game for Peek {
    const NAME: &'static str = "peek";
    type Options = ();
    type Setup = ();
    type Action = PeekAction;
    type View = u8;
    type Event = String;
    type Cards = engine::NoCards;

    fn new(_: &(), _: &(), seed: u64) -> Result<Self, SetupError> {
        Ok(Peek { played: 0, secret: GameRng::new(seed).below(100) as u8 })
    }
    fn sample_setup(_: &(), _: &mut GameRng) -> Result<(), SetupError> {
        Ok(())
    }
    fn options(&self) -> &() {
        &()
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn status(&self) -> Status {
        if self.played >= 6 {
            Status::Over(Outcome::draw("six actions"))
        } else {
            Status::ToAct(Seat(self.played % 2))
        }
    }
    fn legal_actions(&self, out: &mut Vec<PeekAction>) {
        if self.played < 6 {
            out.extend([PeekAction::Peek, PeekAction::Pass]);
        }
    }
    fn apply(&mut self, action: &PeekAction, log: &mut EventLog<String>) -> Result<(), ActionError> {
        if self.played >= 6 {
            return Err(ActionError::game_over());
        }
        let seat = Seat(self.played % 2);
        match action {
            PeekAction::Peek => {
                let secret = self.secret;
                log.private(seat, || format!("saw {secret}"), || "peeked".into())
            }
            PeekAction::Pass => log.public(|| "passed".into()),
        }
        self.played += 1;
        Ok(())
    }
    fn view(&self, _: Viewer) -> u8 {
        self.played
    }
    fn determinize(&self, _: Seat, _: &mut GameRng) -> Self {
        self.clone()
    }
    fn max_actions(&self) -> usize {
        6
    }
    fn render(&self, _: Viewer) -> String {
        self.played.to_string()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_is_refused_after_a_private_log_entry() {
    let db = TestDb::sqlite();
    let srv = server_with(&db.url, test_limits(), Registry::new().with::<Peek>(), Arc::new(RandomBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    let id = a.create(json!({"game": "peek"})).await;
    let t0 = a.join(&id, 0).await;
    let t1 = b.join(&id, 1).await;
    a.start(&id).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    let mut s1 = Sock::connect(srv.addr, &id, Some(&t1)).await;
    s0.send(json!({"type": "act", "action": "peek", "seq": 0})).await;
    let mine = s0.at_seq(1).await;
    assert!(mine["log"][0]["event"].as_str().unwrap().starts_with("saw "), "{mine}");
    assert_eq!(s1.at_seq(1).await["log"][0]["event"], "peeked", "the other seat sees only the public half");
    s0.send(json!({"type": "request_undo"})).await;
    let e = s0.error().await;
    assert!(e["message"].as_str().unwrap().contains("revealed hidden information"), "{e}");
    // A public action can be taken back.
    s1.send(json!({"type": "act", "action": "pass", "seq": 1})).await;
    s1.at_seq(2).await;
    s1.send(json!({"type": "request_undo"})).await;
    s0.until(|m| m["type"] == "offer").await;
    s0.send(json!({"type": "accept_undo"})).await;
    let back = s1.until(|m| m["type"] == "state" && m["seq"] == 1).await;
    assert_eq!(back["log"].as_array().unwrap().len(), 1, "{back}");
    srv.task.abort();
    db.cleanup().await;
}

/// Issue #16 item 3: a bot accepts take-backs, but not one across hidden information: a peek
/// (a private log entry) answered by the bot cannot be taken back; a pass answered by the bot
/// can, together with the bot's reply.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_refuses_a_take_back_across_hidden_information() {
    let db = TestDb::sqlite();
    let srv = server_with(&db.url, test_limits(), Registry::new().with::<Peek>(), Arc::new(PassingBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let id = a.create(json!({"game": "peek", "seats": [{"kind": "open"}, {"kind": "bot", "spec": "random"}]})).await;
    let t0 = a.join(&id, 0).await;
    a.start(&id).await;
    let mut s = Sock::connect(srv.addr, &id, Some(&t0)).await;
    s.send(json!({"type": "act", "action": "pass", "seq": 0})).await;
    s.at_seq(2).await;
    s.send(json!({"type": "request_undo"})).await;
    let back = s.until(|m| m["type"] == "state" && m["seq"] == 0).await;
    assert_eq!(back["log"].as_array().unwrap().len(), 0, "{back}");
    s.send(json!({"type": "act", "action": "peek", "seq": 0})).await;
    s.at_seq(2).await;
    s.send(json!({"type": "request_undo"})).await;
    let e = s.error().await;
    assert!(e["message"].as_str().unwrap().contains("revealed hidden information"), "{e}");
    assert_eq!(s.latest().unwrap()["seq"], 2, "nothing was taken back");
    srv.task.abort();
    db.cleanup().await;
}

/// Bots that always pass (so the only private entries are the player's own peeks).
struct PassingBots;

impl BotHost for PassingBots {
    fn choose(&self, _game: &dyn DynGame, _seat: Seat, _spec: &str, _seed: u64) -> Result<String, String> {
        Ok("pass".into())
    }
    fn validate(&self, game: &str, spec: &str) -> Result<(), String> {
        RandomBots.validate(game, spec)
    }
}

/// Random bots that take their time.
struct SlowBots;

impl BotHost for SlowBots {
    fn choose(&self, game: &dyn DynGame, seat: Seat, spec: &str, seed: u64) -> Result<String, String> {
        std::thread::sleep(Duration::from_millis(400));
        RandomBots.choose(game, seat, spec, seed)
    }
    fn validate(&self, game: &str, spec: &str) -> Result<(), String> {
        RandomBots.validate(game, spec)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_bots_do_not_stall_other_tables() {
    let db = TestDb::sqlite();
    let srv = server_with(&db.url, test_limits(), registry(), Arc::new(SlowBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let b = Client::guest(srv.addr, "Bob").await;
    // Several bot tables thinking at once (more than the runtime has worker threads).
    for _ in 0..4 {
        let id = a.create(json!({"game": "pebbles", "seats": [{"kind": "bot", "spec": "random"}, {"kind": "bot", "spec": "random"}]})).await;
        a.start(&id).await;
    }
    let (id, [t0, t1]) = two_player_table(&a, &b, json!({"pile": 30})).await;
    let mut socks = [Sock::connect(srv.addr, &id, Some(&t0)).await, Sock::connect(srv.addr, &id, Some(&t1)).await];
    let mut worst = Duration::ZERO;
    for seq in 0..10u64 {
        let i = (seq % 2) as usize;
        let t = Instant::now();
        socks[i].send(json!({"type": "act", "action": "take1", "seq": seq})).await;
        socks[i].at_seq(seq + 1).await;
        worst = worst.max(t.elapsed());
    }
    assert!(worst < Duration::from_millis(300), "a move took {worst:?} while bots were thinking");
    srv.task.abort();
    db.cleanup().await;
}
