//! Replay step views of finished games and seat counts per options, on SQLite and PostgreSQL.

mod common;

use common::*;
use engine::Viewer;
use serde_json::json;
use store::testdb::TestDb;

async fn replay_steps(db: &TestDb) {
    let srv = start(db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let id = a
        .create(
            json!({"game": "pebbles", "seats": [{"kind": "bot", "spec": "random"}, {"kind": "bot", "spec": "random"}]}),
        )
        .await;
    let early = a.get(&format!("/api/tables/{id}/replay/0")).await;
    assert_eq!(early.status, 409, "no steps of a game in progress");
    let mut watch = Sock::connect(srv.addr, &id, None).await;
    a.start(&id).await;
    watch.until(|m| m["table_status"] == "finished").await;
    let replay = engine::Replay::from_json(&a.get(&format!("/api/tables/{id}/replay")).await.body).unwrap();
    let total = replay.actions.len();
    assert!(total > 0);
    let entry = registry().get("pebbles").unwrap().to_owned();
    for n in [0, total / 2, total] {
        let r = a.get(&format!("/api/tables/{id}/replay/{n}")).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let step = r.json();
        let mut g = entry.create(&replay.options, Some(&replay.setup), replay.seed).unwrap();
        for act in &replay.actions[..n] {
            g.apply(act).unwrap();
        }
        assert_eq!(step["step"], n);
        assert_eq!(step["total"], total);
        assert_eq!(step["view"], g.view(Viewer::Omniscient), "the omniscient view after {n} actions");
        assert_eq!(step["render"], g.render(Viewer::Omniscient));
        assert_eq!(step["status"], serde_json::to_value(g.status()).unwrap());
        assert_eq!(step["action"], json!(n.checked_sub(1).map(|i| &replay.actions[i])));
    }
    let past = a.get(&format!("/api/tables/{id}/replay/{}", total + 1)).await;
    assert_eq!(past.status, 400, "{}", past.body);
    assert_eq!(a.get(&format!("/api/tables/{id}/replay/x")).await.status, 400);
    assert_eq!(a.get("/api/tables/nope/replay/0").await.status, 404);
    srv.task.abort();
}
on_both_databases!(replay_steps_on, replay_steps);

#[tokio::test]
async fn games_list_their_seats() {
    let db = TestDb::sqlite();
    let srv = start(&db).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let games = a.get("/api/games").await.json();
    assert_eq!(games[0]["name"], "pebbles");
    assert_eq!(games[0]["seats"], 2);
    let r = a.get("/api/games/pebbles/seats?options=%7B%22pile%22%3A9%7D").await;
    assert_eq!(r.json(), json!({"game": "pebbles", "seats": 2}), "{}", r.body);
    assert_eq!(a.get("/api/games/pebbles/seats").await.json()["seats"], 2);
    assert_eq!(a.get("/api/games/pebbles/seats?options=nope").await.status, 400);
    assert_eq!(a.get("/api/games/pebbles/seats?options=%7B%22pile%22%3A%22x%22%7D").await.status, 400, "a bad option");
    assert_eq!(a.get("/api/games/chess/seats").await.status, 404);
    srv.task.abort();
    db.cleanup().await;
}

/// Riftbound's seat count follows its mode (CR 481–489).
#[tokio::test]
async fn riftbound_seats_follow_the_mode() {
    let db = TestDb::sqlite();
    let reg = registry().with::<riftbound::RiftGame>();
    let srv = server_with(&db.url, test_limits(), reg, std::sync::Arc::new(server::RandomBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let games = a.get("/api/games").await.json();
    let rift = games.as_array().unwrap().iter().find(|g| g["name"] == "riftbound").expect("listed").clone();
    assert_eq!(rift["seats"], 2, "a Duel by default");
    for (mode, n) in [("duel", 2), ("ffa3", 3), ("ffa4", 4), ("two_vs_two", 4)] {
        let r = a.get(&format!("/api/games/riftbound/seats?options=%7B%22mode%22%3A%22{mode}%22%7D")).await;
        assert_eq!(r.json()["seats"], n, "{mode}: {}", r.body);
    }
    srv.task.abort();
    db.cleanup().await;
}
