//! Rematch of a finished table, and the outcome of a finished table in words (issue #12).

mod common;

use common::*;
use serde_json::json;
use store::testdb::TestDb;

/// A client signed in to a new account.
async fn account(addr: std::net::SocketAddr, name: &str) -> Client {
    let body = json!({"name": name, "password": "correct horse battery"});
    let r = server::http::request(addr, "POST", "/api/register", None, Some(&body)).await.unwrap();
    assert_eq!(r.status, 200, "{}", r.body);
    Client { addr, cookie: r.cookies().join("; ") }
}

async fn rematch_seats_the_same_players(db: &TestDb) {
    let srv = start(db).await;
    let a = account(srv.addr, "Ann").await;
    let b = account(srv.addr, "Bob").await;
    let c = Client::guest(srv.addr, "Cid").await;
    let (id, [t0, t1]) = two_player_table(&a, &b, json!({"pile": 2})).await;
    let path = format!("/api/tables/{id}/rematch");

    // Not over yet: 409 for a seat holder, 403 for someone who had no seat.
    let r = a.post(&path, json!({"token": t0})).await;
    assert_eq!(r.status, 409, "{}", r.body);
    let r = c.post(&path, json!({})).await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = a.get(&format!("/api/tables/{id}/outcome")).await;
    assert_eq!(r.status, 409, "{}", r.body);

    // Ann takes the last two pebbles and wins.
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    s0.send(json!({"type": "act", "action": "take2", "seq": 0})).await;
    s0.until(|m| m["table_status"] == "finished").await;
    let o = a.get(&format!("/api/tables/{id}/outcome")).await;
    assert_eq!(o.status, 200, "{}", o.body);
    let o = o.json();
    assert_eq!(o["winners"], json!([{"seat": 0, "name": "Ann"}]), "{o}");
    assert!(!o["label"]["en"].as_str().unwrap().is_empty(), "{o}");
    assert!(!o["label"]["zh"].as_str().unwrap().is_empty(), "{o}");

    // Someone who held no seat may not; no session: 401; a wrong token: 403.
    assert_eq!(c.post(&path, json!({})).await.status, 403);
    assert_eq!(c.post(&path, json!({"token": "nope"})).await.status, 403);
    let anon = Client { addr: srv.addr, cookie: String::new() };
    assert_eq!(anon.post(&path, json!({"token": t0})).await.status, 401);

    // Ann asks: a new table, same game and options, both players invited by name.
    let r = a.post(&path, json!({"token": t0})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let new = r.json()["id"].as_str().unwrap().to_string();
    assert_ne!(new, id);
    // Bob asks too: the same new table.
    let r = b.post(&path, json!({"token": t1})).await;
    assert_eq!(r.json()["id"], new.as_str(), "{}", r.body);
    let o = a.get(&format!("/api/tables/{id}/outcome")).await.json();
    assert_eq!(o["rematch"], new.as_str());
    let t = a.get(&format!("/api/tables/{new}")).await.json();
    assert_eq!(t["game"], "pebbles");
    assert_eq!(t["status"], "lobby");
    assert_eq!(t["options"]["pile"], 2);
    assert_eq!(t["seats"][0]["kind"], "invited");
    assert_eq!(t["seats"][0]["name"], "Ann");
    assert_eq!(t["seats"][1]["name"], "Bob");
    // Cid cannot take Bob's invited seat; Ann and Bob take theirs and play again.
    let r = c.post(&format!("/api/tables/{new}/join"), json!({"seat": 1})).await;
    assert_eq!(r.status, 409, "{}", r.body);
    a.join(&new, 0).await;
    b.join(&new, 1).await;
    a.start(&new).await;
    assert_eq!(a.get(&format!("/api/tables/{new}")).await.json()["status"], "playing");

    // Against a bot: Ann concedes; the rematch seats the bot again.
    let id = a.create(json!({"game": "pebbles", "seats": [{"kind": "open"}, {"kind": "bot", "spec": "random"}]})).await;
    let t0 = a.join(&id, 0).await;
    a.start(&id).await;
    let mut s0 = Sock::connect(srv.addr, &id, Some(&t0)).await;
    s0.send(json!({"type": "concede"})).await;
    s0.until(|m| m["table_status"] == "finished").await;
    let o = a.get(&format!("/api/tables/{id}/outcome")).await.json();
    assert_eq!(o["reason"], "P1 conceded");
    assert_eq!(o["label"]["en"], "Ann conceded");
    assert_eq!(o["winners"][0]["seat"], 1);
    let r = a.post(&format!("/api/tables/{id}/rematch"), json!({"token": t0})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let new = r.json()["id"].as_str().unwrap().to_string();
    let t = a.get(&format!("/api/tables/{new}")).await.json();
    assert_eq!(t["seats"][1]["kind"], "bot");
    assert_eq!(t["seats"][1]["bot"], "random");
    assert_eq!(t["seats"][0]["name"], "Ann");

    // Guests cannot be invited (invitations name accounts): their seats are open again, and the
    // guest who asked takes theirs back.
    let g = Client::guest(srv.addr, "Gus").await;
    let id = g.create(json!({"game": "pebbles", "seats": [{"kind": "bot", "spec": "random"}, {"kind": "open"}]})).await;
    let tg = g.join(&id, 1).await;
    g.start(&id).await;
    let mut sg = Sock::connect(srv.addr, &id, Some(&tg)).await;
    sg.send(json!({"type": "concede"})).await;
    sg.until(|m| m["table_status"] == "finished").await;
    assert_eq!(c.post(&format!("/api/tables/{id}/rematch"), json!({})).await.status, 403);
    let r = g.post(&format!("/api/tables/{id}/rematch"), json!({"token": tg})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let new = r.json()["id"].as_str().unwrap().to_string();
    let t = g.get(&format!("/api/tables/{new}")).await.json();
    assert_eq!(t["seats"][0]["kind"], "bot");
    assert_eq!(t["seats"][1]["kind"], "open");
    g.join(&new, 1).await;
    srv.task.abort();
}
on_both_databases!(rematch_on, rematch_seats_the_same_players);
