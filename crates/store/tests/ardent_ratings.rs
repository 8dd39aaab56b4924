//! Ratings of Ardent library decks (migration 4), on SQLite and PostgreSQL.

use store::testdb::TestDb;
use store::{ArdentRating, NewArdentDeck, Store, StoreError};

fn deck(serial: i64, card: &str) -> NewArdentDeck {
    NewArdentDeck {
        serial: Some(serial),
        recipe_version: Some(1),
        name: format!("Deck {serial}"),
        name_zh: format!("牌组 {serial}"),
        cards: vec![card.to_string()],
        rarities: vec!["Common".into()],
        owner: None,
        public: true,
    }
}

fn simulated(deck_id: &str, rating: f64) -> ArdentRating {
    ArdentRating {
        deck_id: deck_id.into(),
        kind: "simulated".into(),
        rating,
        low: Some(rating - 0.05),
        high: Some(rating + 0.05),
        games: Some(256),
        bot: Some("random".into()),
        seed: Some(u64::MAX.to_string()),
        gauntlet: 1,
        model: None,
        rated_at: 0,
    }
}

async fn ratings_round_trip(s: &Store) {
    let added = s.add_ardent_decks(&[deck(1, "OmegaCodex 001"), deck(2, "OmegaCodex 002")]).await.unwrap();
    let (a, b) = (&added[0].id, &added[1].id);
    let predicted = ArdentRating {
        kind: "predicted".into(),
        low: None,
        high: None,
        games: None,
        bot: Some("random".into()),
        seed: None,
        model: Some(1),
        ..simulated(a, 0.61)
    };
    s.set_ardent_ratings(&[simulated(a, 0.625), predicted.clone(), simulated(b, 0.4)]).await.unwrap();
    let got = s.ardent_ratings(a).await.unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].kind, "simulated", "simulated first");
    assert_eq!(got[0].rating, 0.625);
    assert_eq!(got[0].low, Some(0.575));
    assert_eq!(got[0].seed.as_deref(), Some("18446744073709551615"), "a u64 seed survives");
    assert!(got[0].rated_at > 0);
    assert_eq!(got[1], ArdentRating { rated_at: got[1].rated_at, ..predicted });

    // A new rating of a kind replaces the old one.
    s.set_ardent_ratings(&[simulated(a, 0.5)]).await.unwrap();
    let all = s.all_ardent_ratings("simulated").await.unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all.iter().find(|r| &r.deck_id == a).unwrap().rating, 0.5);

    // Bad input changes nothing.
    let bad_kind = ArdentRating { kind: "guessed".into(), ..simulated(b, 0.9) };
    assert!(matches!(s.set_ardent_ratings(&[simulated(b, 0.9), bad_kind]).await, Err(StoreError::Invalid(_))));
    let nan = simulated(b, f64::NAN);
    assert!(matches!(s.set_ardent_ratings(&[nan]).await, Err(StoreError::Invalid(_))));
    let unknown = simulated("no-such-deck", 0.9);
    assert!(matches!(s.set_ardent_ratings(&[simulated(b, 0.9), unknown]).await, Err(StoreError::NotFound(_))));
    assert_eq!(s.ardent_ratings(b).await.unwrap()[0].rating, 0.4, "a failed batch writes nothing");

    // Deleting a deck deletes its ratings.
    s.delete_ardent_deck(a).await.unwrap();
    assert!(s.ardent_ratings(a).await.unwrap().is_empty());
    assert_eq!(s.all_ardent_ratings("simulated").await.unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ardent_ratings_on_sqlite() {
    let db = TestDb::sqlite();
    let s = db.open().await;
    ratings_round_trip(&s).await;
    s.close().await;
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ardent_ratings_on_postgres() {
    let Some(db) = TestDb::postgres().await else { return };
    let s = db.open().await;
    ratings_round_trip(&s).await;
    s.close().await;
    db.cleanup().await;
}
