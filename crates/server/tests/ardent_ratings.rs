//! Ardent deck ratings over REST (docs/ardent-ratings.md §5, §7): every listed deck has a rating
//! (predicted until a simulated one is stored), sorting and filtering by it, the deck page's
//! contributing cards, and fair-match tables.

mod common;

use common::*;
use serde_json::json;
use store::testdb::TestDb;

async fn ratings(db: &TestDb) {
    let games = registry().with::<ardent::ArdentGame>();
    let srv = server_with(&db.url, test_limits(), games, std::sync::Arc::new(server::RandomBots)).await;
    let a = Client::guest(srv.addr, "Ann").await;
    let made = a.post("/api/decks/ardent/generate", json!({"count": 12})).await;
    assert_eq!(made.status, 200, "{}", made.body);
    let list = a.get("/api/decks/ardent?sort=rating").await.json();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 12);
    let values: Vec<f64> = list.iter().map(|d| d["rating"]["rating"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "highest first: {values:?}");
    assert!(list.iter().all(|d| d["rating"]["kind"] == "predicted" && d["rating"]["model"] == 1));
    let mid = values[6];
    let high = a.get(&format!("/api/decks/ardent?min_rating={mid}")).await.json();
    assert_eq!(high.as_array().unwrap().len(), values.iter().filter(|&&v| v >= mid).count());
    assert_eq!(a.get("/api/decks/ardent?sort=wrong").await.status, 400);

    let id = list[0]["id"].as_str().unwrap();
    let shown = a.get(&format!("/api/decks/ardent/{id}")).await.json();
    assert_eq!(shown["rating"]["rating"].as_f64(), Some(values[0]));
    let why = shown["contributing"].as_array().unwrap();
    assert!(!why.is_empty() && why.len() <= 6);
    assert!(why[0]["name_zh"].is_string() && why[0]["effect"].is_number());

    // Fair matches: two library decks, or two generated ones, within the gap.
    let t = a.post("/api/tables/ardent/fair-match", json!({"gap": 0.2})).await;
    assert_eq!(t.status, 200, "{}", t.body);
    let fair = t.json()["fair"].clone();
    let r: Vec<f64> =
        fair["decks"].as_array().unwrap().iter().map(|d| d["rating"]["rating"].as_f64().unwrap()).collect();
    assert_eq!(r.len(), 2);
    assert!((r[0] - r[1]).abs() <= 0.2, "{fair}");
    let g = a.post("/api/tables/ardent/fair-match", json!({"gap": 0.01, "from": "generated"})).await;
    assert_eq!(g.status, 200, "{}", g.body);
    let gf = g.json()["fair"].clone();
    let r: Vec<f64> = gf["decks"].as_array().unwrap().iter().map(|d| d["rating"]["rating"].as_f64().unwrap()).collect();
    assert!((r[0] - r[1]).abs() <= 0.01, "{gf}");
    assert_eq!(a.post("/api/tables/ardent/fair-match", json!({"gap": 2.0})).await.status, 400);
    assert_eq!(a.post("/api/tables/ardent/fair-match", json!({"gap": 0.1, "from": "moon"})).await.status, 400);
    let nobody = Client { addr: srv.addr, cookie: String::new() };
    assert_eq!(nobody.post("/api/tables/ardent/fair-match", json!({"gap": 0.1})).await.status, 401);
}

on_both_databases!(ardent_ratings_on, ratings);
