//! One suite, run against SQLite (a temp file) and PostgreSQL (a fresh database per test).

use serde_json::json;
use store::testdb::TestDb;
use store::{
    new_id, now_ms, ActionRecord, ArdentDeckFilter, NewArdentDeck, SeatKind, SeatRecord, Store, StoreError,
    TableRecord, TableStatus,
};

fn table(game: &str) -> TableRecord {
    TableRecord {
        id: new_id(),
        game: game.into(),
        options: json!({"pile": 9}),
        setup: None,
        seed: u64::MAX - 7,
        status: TableStatus::Lobby,
        result: None,
        clock_secs: Some(30),
        created_by: "ann".into(),
        creator_id: Some("ann-id".into()),
        dev_settings: true,
        created_at: now_ms(),
        updated_at: now_ms(),
        seats: vec![
            SeatRecord::open(0),
            SeatRecord { kind: SeatKind::Bot, bot_spec: Some("random".into()), ..SeatRecord::open(1) },
        ],
    }
}

fn action(seq: u64, notation: &str, seat: u8) -> ActionRecord {
    ActionRecord { seq, notation: notation.into(), seat, created_at: now_ms(), client_id: None }
}

async fn accounts_and_sessions(s: &Store) {
    let a = s.create_account("ann", "$argon2id$fake").await.unwrap();
    let again = s.create_account("ann", "x").await.unwrap_err();
    assert!(again.is_conflict(), "duplicate name must conflict, got {again}");
    let case = s.create_account("ANN", "x").await.unwrap_err();
    assert!(case.is_conflict(), "names are unique case-insensitively, got {case}");
    assert_eq!(s.account_by_name("Ann").await.unwrap().unwrap(), a);
    assert_eq!(s.account_by_name("ann").await.unwrap().unwrap(), a);
    assert_eq!(s.account(&a.id).await.unwrap().unwrap().name, "ann");
    assert!(s.account_by_name("bob").await.unwrap().is_none());

    let sess = s.create_session("tok1", Some(&a.id), None, 60_000).await.unwrap();
    assert_eq!((sess.name.as_str(), sess.guest), ("ann", false));
    let guest = s.create_session("tok2", None, Some("Zed"), 60_000).await.unwrap();
    assert_eq!((guest.name.as_str(), guest.guest), ("Zed", true));
    let gid = guest.guest_id.clone().expect("a guest has an id");
    assert_eq!(guest.user_id(), gid);
    assert_eq!(s.session("tok2").await.unwrap().unwrap().guest_id.as_deref(), Some(gid.as_str()));
    assert_eq!(s.live_guest_named("zed").await.unwrap().as_deref(), Some(gid.as_str()));
    // Tokens are stored hashed.
    let plain: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM sessions WHERE token = 'tok2'").fetch_one(s.pool()).await.unwrap();
    assert_eq!(plain, 0, "the session token is not stored in plain text");
    // A guest turned into an account keeps its id and its session.
    let acc = s.convert_guest(&gid, "Zedd", "$argon2id$fake").await.unwrap();
    assert_eq!(acc.id, gid);
    let now = s.session("tok2").await.unwrap().unwrap();
    assert_eq!((now.account_id.as_deref(), now.guest, now.name.as_str()), (Some(gid.as_str()), false, "Zedd"));
    assert!(s.live_guest_named("zed").await.unwrap().is_none());
    s.create_session("tok3", None, Some("Old"), -1).await.unwrap();
    assert!(s.session("tok3").await.unwrap().is_none(), "an expired session is not returned");
    s.delete_session("tok1").await.unwrap();
    assert!(s.session("tok1").await.unwrap().is_none());
    assert!(s.create_session("tok4", None, None, 1).await.is_err(), "a session needs an owner");
}

async fn decks(s: &Store) {
    let d = s.create_deck("ardent", "Aggro", Some(("g1", false)), false, &json!({"cards": ["a", "b"]})).await.unwrap();
    s.create_deck("fate", "Other", None, false, &json!([])).await.unwrap();
    assert_eq!(s.visible_decks("ardent", Some("g1")).await.unwrap().len(), 1);
    assert!(s.visible_decks("ardent", Some("g2")).await.unwrap().is_empty(), "a private deck is its owner's");
    s.set_deck_public(&d.id, true).await.unwrap();
    assert_eq!(s.visible_decks("ardent", None).await.unwrap().len(), 1, "a shared deck is everyone's to see");
    assert_eq!(s.deck(&d.id).await.unwrap().unwrap().owner.as_deref(), Some("g1"));
    assert_eq!(s.deck(&d.id).await.unwrap().unwrap().data, json!({"cards": ["a", "b"]}));
    assert_eq!(s.list_decks(Some("ardent")).await.unwrap().len(), 1);
    assert_eq!(s.list_decks(None).await.unwrap().len(), 2);
    s.update_deck(&d.id, "Aggro 2", &json!({"cards": []})).await.unwrap();
    assert_eq!(s.deck(&d.id).await.unwrap().unwrap().name, "Aggro 2");
    s.delete_deck(&d.id).await.unwrap();
    assert!(matches!(s.delete_deck(&d.id).await, Err(StoreError::NotFound(_))));
}

async fn tables_seats_and_actions(s: &Store) {
    let t = table("pebbles");
    s.create_table(&t).await.unwrap();
    let back = s.table(&t.id).await.unwrap().unwrap();
    assert_eq!(back, TableRecord { seats: back.seats.clone(), ..t.clone() });
    assert_eq!(back.seed, u64::MAX - 7, "seeds above i64::MAX survive");
    assert_eq!(back.seats[1].bot_spec.as_deref(), Some("random"));

    // Claiming a seat: only while it is free.
    let mine = SeatRecord {
        kind: SeatKind::Guest,
        player_name: Some("Zed".into()),
        guest_id: Some("g-zed".into()),
        token_hash: Some("seat-secret-hash".into()),
        ..SeatRecord::open(0)
    };
    s.update_seat(&t.id, &mine, &[SeatKind::Open, SeatKind::Invited]).await.unwrap();
    let err = s.update_seat(&t.id, &mine, &[SeatKind::Open, SeatKind::Invited]).await.unwrap_err();
    assert!(err.is_conflict(), "a taken seat cannot be claimed again: {err}");
    assert_eq!(s.table(&t.id).await.unwrap().unwrap().seats[0].token_hash.as_deref(), Some("seat-secret-hash"));
    assert_eq!(s.table(&t.id).await.unwrap().unwrap().seats[0].user_id(), Some("g-zed"));

    // Actions need a playing table and extend the log by exactly one.
    assert!(s.append_action(&t.id, &action(1, "take1", 0), None).await.unwrap_err().is_conflict());
    s.set_table_status(&t.id, TableStatus::Playing, None).await.unwrap();
    s.append_action(&t.id, &action(1, "take1", 0), None).await.unwrap();
    assert!(s.append_action(&t.id, &action(1, "take2", 1), None).await.unwrap_err().is_conflict());
    assert!(s.append_action(&t.id, &action(3, "take2", 1), None).await.unwrap_err().is_conflict());
    s.append_action(&t.id, &action(2, "take2", 1), None).await.unwrap();
    s.append_action(&t.id, &action(3, "bonus", 0), None).await.unwrap();
    let log: Vec<_> = s.actions(&t.id).await.unwrap().into_iter().map(|a| (a.seq, a.notation, a.seat)).collect();
    assert_eq!(log, [(1, "take1".into(), 0), (2, "take2".into(), 1), (3, "bonus".into(), 0)]);

    // Undo removes only the last action.
    assert!(s.pop_action(&t.id, 2).await.unwrap_err().is_conflict());
    s.pop_action(&t.id, 3).await.unwrap();
    assert_eq!(s.actions(&t.id).await.unwrap().len(), 2);

    // Unfinished tables are what a restart rebuilds.
    let other = table("pebbles");
    s.create_table(&other).await.unwrap();
    let ids: Vec<_> = s.unfinished_tables().await.unwrap().into_iter().map(|t| t.id).collect();
    assert!(ids.contains(&t.id) && ids.contains(&other.id));

    // The finishing action and the status change are one transaction.
    s.append_action(&t.id, &action(3, "take3", 0), Some(Some(&json!({"reason": "x"})))).await.unwrap();
    let done = s.table(&t.id).await.unwrap().unwrap();
    assert_eq!(done.status, TableStatus::Finished);
    assert_eq!(done.result, Some(json!({"reason": "x"})));
    assert!(s.append_action(&t.id, &action(4, "take1", 1), None).await.unwrap_err().is_conflict());
    let ids: Vec<_> = s.unfinished_tables().await.unwrap().into_iter().map(|t| t.id).collect();
    assert!(!ids.contains(&t.id));
    assert_eq!(s.list_tables(&[TableStatus::Finished], 10).await.unwrap().len(), 1);
    assert_eq!(
        s.list_tables(&[TableStatus::Lobby, TableStatus::Playing, TableStatus::Finished], 10).await.unwrap().len(),
        2
    );
}

async fn concurrent_appends_keep_one_log_per_table(s: &Store) {
    let mut ids = Vec::new();
    for _ in 0..4 {
        let t = table("pebbles");
        s.create_table(&t).await.unwrap();
        s.set_table_status(&t.id, TableStatus::Playing, None).await.unwrap();
        ids.push(t.id);
    }
    let mut tasks = Vec::new();
    for id in ids.clone() {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            for seq in 1..=25 {
                s.append_action(&id, &action(seq, "take1", (seq % 2) as u8), None).await.unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    for id in &ids {
        assert_eq!(s.actions(id).await.unwrap().len(), 25);
    }
    // Two writers racing for the same next action (they may share one group commit): exactly
    // one wins, and the other's conflict does not disturb the winner or other tables.
    let racers: Vec<_> = ["take1", "take2", "take3"]
        .into_iter()
        .map(|n| {
            let (s, id) = (s.clone(), ids[0].clone());
            tokio::spawn(async move { s.append_action(&id, &action(26, n, 1), None).await })
        })
        .collect();
    let other = {
        let (s, id) = (s.clone(), ids[1].clone());
        tokio::spawn(async move { s.append_action(&id, &action(26, "take1", 1), None).await })
    };
    let mut wins = 0;
    for r in racers {
        match r.await.unwrap() {
            Ok(()) => wins += 1,
            Err(e) => assert!(e.is_conflict(), "{e}"),
        }
    }
    assert_eq!(wins, 1);
    other.await.unwrap().unwrap();
    assert_eq!(s.actions(&ids[0]).await.unwrap().len(), 26);
    assert_eq!(s.actions(&ids[1]).await.unwrap().len(), 26);
}

fn ardent(serial: Option<i64>, name: &str, cards: &[&str], rarities: &[&str]) -> NewArdentDeck {
    NewArdentDeck {
        serial,
        recipe_version: serial.map(|_| 1),
        name: name.into(),
        name_zh: format!("{name}（中）"),
        cards: cards.iter().map(|c| c.to_string()).collect(),
        rarities: rarities.iter().map(|c| c.to_string()).collect(),
        owner: None,
        public: true,
    }
}

async fn ardent_deck_library(s: &Store) {
    let a = ardent(Some(7), "Marla Buff", &["OmegaCodex 044", "OmegaCodex 002"], &["Common"]);
    let b = ardent(Some(8), "Sigrid the Frequent", &["OmegaCodex 010", "OmegaCodex 002"], &["Common", "Rare"]);
    let added = s.add_ardent_decks(&[a.clone(), b]).await.unwrap();
    assert_eq!(added[0].cards, ["OmegaCodex 002", "OmegaCodex 044"], "cards are kept sorted (canonical)");
    assert_eq!(s.ardent_max_serial(1).await.unwrap(), Some(8));
    assert!(s.ardent_serial_exists(1, 7).await.unwrap());
    assert!(!s.ardent_serial_exists(1, 9).await.unwrap());

    // Uniqueness: the same serial, or the same cards under another serial, is a conflict, and a
    // batch holding one is written not at all.
    let fresh = ardent(Some(20), "Fresh", &["OmegaCodex 050"], &["Rare"]);
    let same_cards = ardent(Some(21), "Copy", &["OmegaCodex 002", "OmegaCodex 044"], &["Common"]);
    let err = s.add_ardent_decks(&[fresh, same_cards]).await.unwrap_err();
    assert!(err.is_conflict(), "{err}");
    assert!(!s.ardent_serial_exists(1, 20).await.unwrap(), "a failed batch leaves nothing behind");
    assert!(s.add_ardent_decks(&[ardent(Some(7), "Again", &["OmegaCodex 051"], &[])]).await.unwrap_err().is_conflict());

    let by_name = ArdentDeckFilter { name: Some("sigrid".into()), ..Default::default() };
    assert_eq!(s.list_ardent_decks(&by_name).await.unwrap().len(), 1);
    let by_card = ArdentDeckFilter { card: Some("OmegaCodex 002".into()), ..Default::default() };
    assert_eq!(s.list_ardent_decks(&by_card).await.unwrap().len(), 2);
    let by_rarity = ArdentDeckFilter { rarity: Some("Rare".into()), ..Default::default() };
    assert_eq!(s.list_ardent_decks(&by_rarity).await.unwrap()[0].name, "Sigrid the Frequent");
    assert_eq!(s.list_ardent_decks(&ArdentDeckFilter::default()).await.unwrap().len(), 2);

    assert_eq!(s.find_ardent_deck("Marla Buff").await.unwrap().id, added[0].id);
    assert_eq!(s.find_ardent_deck("Marla Buff（中）").await.unwrap().id, added[0].id);
    assert!(matches!(s.find_ardent_deck("nobody").await, Err(StoreError::NotFound(_))));
    s.delete_ardent_deck(&added[0].id).await.unwrap();
    assert!(matches!(s.delete_ardent_deck(&added[0].id).await, Err(StoreError::NotFound(_))));
    let imported = s.add_ardent_decks(&[ardent(None, "Imported", &["OmegaCodex 099"], &["Common"])]).await.unwrap();
    assert_eq!(imported[0].serial, None);
}

async fn reopen_keeps_data_and_migrations_are_idempotent(url: &str) {
    let s = Store::open(url).await.unwrap();
    assert!(s.account_by_name("ann").await.unwrap().is_some());
    s.close().await;
}

async fn suite(db: &TestDb) {
    let s = db.open().await;
    accounts_and_sessions(&s).await;
    decks(&s).await;
    ardent_deck_library(&s).await;
    tables_seats_and_actions(&s).await;
    concurrent_appends_keep_one_log_per_table(&s).await;
    s.close().await;
    reopen_keeps_data_and_migrations_are_idempotent(&db.url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_suite_on_sqlite() {
    let db = TestDb::sqlite();
    suite(&db).await;
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn store_suite_on_postgres() {
    let Some(db) = TestDb::postgres().await else { return };
    suite(&db).await;
    db.cleanup().await;
}

#[tokio::test]
async fn unsupported_url_names_the_problem() {
    let err = Store::open("mysql://x").await.err().expect("must fail");
    assert!(err.to_string().contains("unsupported database URL"), "{err}");
}

/// A database made by the previous schema (versions 1–2, plain tokens, names as identity) is
/// brought to version 3: tokens hashed in place, creators resolved to ids, guests signed out.
async fn migration_3_upgrades_old_data(url: &str) {
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new().max_connections(1).connect(url).await.unwrap();
    sqlx::query(
        "CREATE TABLE store_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)",
    )
    .execute(&pool)
    .await
    .unwrap();
    for (v, sql) in
        [(1, include_str!("../migrations/0001_init.sql")), (2, include_str!("../migrations/0002_ardent_decks.sql"))]
    {
        for stmt in sql.split(';').map(str::trim).filter(|s| !s.is_empty()) {
            sqlx::query(stmt).execute(&pool).await.unwrap();
        }
        sqlx::query("INSERT INTO store_migrations VALUES ($1, 'old', 0)").bind(v).execute(&pool).await.unwrap();
    }
    let far = now_ms() + 60_000;
    for stmt in [
        "INSERT INTO accounts (id, name, password_hash, created_at) VALUES ('acc-ann', 'Ann', 'x', 0)".to_string(),
        format!("INSERT INTO sessions (token, account_id, guest_name, created_at, expires_at) VALUES ('plain-ann', 'acc-ann', NULL, 0, {far})"),
        format!("INSERT INTO sessions (token, account_id, guest_name, created_at, expires_at) VALUES ('plain-zed', NULL, 'Zed', 0, {far})"),
        "INSERT INTO tables (id, game, options, setup, seed, status, result, clock_secs, created_by, created_at, updated_at) \
         VALUES ('t1', 'pebbles', '{}', NULL, 1, 'lobby', NULL, NULL, 'Ann', 0, 0)".to_string(),
        "INSERT INTO seats (table_id, seat_index, kind, player_name, account_id, bot_spec, token) \
         VALUES ('t1', 0, 'account', 'Ann', 'acc-ann', NULL, 'plain-seat')".to_string(),
    ] {
        sqlx::query(&stmt).execute(&pool).await.unwrap();
    }
    pool.close().await;

    let s = Store::open(url).await.unwrap();
    let ann = s.session("plain-ann").await.unwrap().expect("an account's session survives the upgrade");
    assert_eq!(ann.account_id.as_deref(), Some("acc-ann"));
    assert!(s.session("plain-zed").await.unwrap().is_none(), "guests (who had no id) sign in again");
    let tokens: Vec<String> = sqlx::query_scalar("SELECT token FROM sessions").fetch_all(s.pool()).await.unwrap();
    assert_eq!(tokens, [store::hash_token("plain-ann")]);
    let t = s.table("t1").await.unwrap().unwrap();
    assert_eq!(t.creator_id.as_deref(), Some("acc-ann"));
    assert!(!t.dev_settings);
    assert_eq!(t.seats[0].token_hash, Some(store::hash_token("plain-seat")));
    assert!(s.account_by_name("ANN").await.unwrap().is_some());
    s.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migration_3_on_sqlite() {
    let db = TestDb::sqlite();
    migration_3_upgrades_old_data(&db.url).await;
    db.cleanup().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn migration_3_on_postgres() {
    let Some(db) = TestDb::postgres().await else { return };
    migration_3_upgrades_old_data(&db.url).await;
    db.cleanup().await;
}
