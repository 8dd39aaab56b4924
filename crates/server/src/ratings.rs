//! Ardent deck ratings on the REST surface (docs/ardent-ratings.md §5, docs/protocol.md): each
//! library deck's rating — its stored simulated rating with the interval where it has one, else
//! the learned model's prediction (computed on the fly: microseconds a deck).

use crate::api_error::ApiError;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use store::{ArdentDeck, ArdentRating, Store};

/// The best stored rating of every rated deck: simulated over predicted.
pub async fn stored_ratings(store: &Store) -> Result<BTreeMap<String, ArdentRating>, ApiError> {
    let mut best = BTreeMap::new();
    for kind in ["predicted", "simulated"] {
        for r in store.all_ardent_ratings(kind).await? {
            best.insert(r.deck_id.clone(), r);
        }
    }
    Ok(best)
}

fn ids_of(d: &ArdentDeck) -> Option<Vec<u8>> {
    d.cards.iter().map(|c| ardent::deck::parse_code(ardent::CardDb::omega_codex(), c).ok()).collect()
}

/// The rating a deck shows: `{rating, low, high, kind, gauntlet, bot, games, model}`, or null
/// when the deck has no stored rating and its cards cannot be read.
pub fn rating_json(d: &ArdentDeck, stored: Option<&ArdentRating>) -> Value {
    if let Some(r) = stored {
        return json!({
            "rating": r.rating, "low": r.low, "high": r.high, "kind": r.kind, "gauntlet": r.gauntlet,
            "bot": r.bot, "games": r.games, "model": r.model,
        });
    }
    match (ardent_rate::Model::shipped(), ids_of(d)) {
        (Ok(m), Some(ids)) => json!({
            "rating": m.predict(&ids), "low": null, "high": null, "kind": "predicted", "gauntlet": m.gauntlet,
            "bot": m.bot, "games": null, "model": m.version,
        }),
        _ => Value::Null,
    }
}

/// The cards that move a deck's predicted rating most, largest effect first.
pub fn contributing(d: &ArdentDeck, n: usize) -> Value {
    match (ardent_rate::Model::shipped(), ids_of(d)) {
        (Ok(m), Some(ids)) => {
            let mut c = m.contributions(&ids);
            c.truncate(n);
            serde_json::to_value(c).unwrap_or(Value::Null)
        }
        _ => Value::Array(Vec::new()),
    }
}

/// A rating value of a JSON rating (for sorting and filtering).
pub fn value_of(v: &Value) -> Option<f64> {
    v.get("rating").and_then(Value::as_f64)
}

/// `POST /api/tables/ardent/fair-match`: create an Ardent table that deals two decks rated at
/// most `gap` apart — two library decks the caller may see (by their shown rating), or two
/// freshly generated decks (by predicted rating). Seats, options and clock as for `POST
/// /api/tables`. Answers the table summary plus `"fair": {gap, from, decks: [{name, code,
/// rating}, …]}`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FairBody {
    pub gap: f64,
    /// `library` (default) or `generated`.
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub options: Value,
    pub seats: Option<Vec<crate::lobby::SeatSpec>>,
    pub clock_secs: Option<u32>,
}

pub async fn fair_match(
    axum::extract::State(app): axum::extract::State<std::sync::Arc<crate::app::App>>,
    headers: axum::http::HeaderMap,
    crate::api_error::Body(b): crate::api_error::Body<FairBody>,
) -> Result<axum::Json<Value>, ApiError> {
    let who = crate::accounts::session(&app, &headers).await?;
    let mut rng = engine::GameRng::new(u64::from_str_radix(&crate::auth::new_token()[..16], 16).unwrap_or(0));
    let bad = |e: ardent_rate::RateError| ApiError::bad(e.to_string());
    let chosen: Vec<(String, String, Option<String>, Value)> = match b.from.as_deref().unwrap_or("library") {
        "library" => {
            let filter = store::ArdentDeckFilter { viewer: Some(who.user_id().to_string()), ..Default::default() };
            let decks = app.store.list_ardent_decks(&filter).await?;
            let stored = stored_ratings(&app.store).await?;
            let rated: Vec<(&ArdentDeck, Value)> = decks
                .iter()
                .map(|d| (d, rating_json(d, stored.get(&d.id))))
                .filter(|(_, r)| value_of(r).is_some())
                .collect();
            let values: Vec<f64> = rated.iter().filter_map(|(_, r)| value_of(r)).collect();
            let (i, j) = ardent_rate::fair::pick_pair(&values, b.gap, &mut rng).map_err(bad)?;
            [i, j]
                .iter()
                .map(|&k| {
                    let (d, r) = &rated[k];
                    (d.name.clone(), d.cards.join(","), d.serial.map(|s| format!("AR1-{s:09}")), r.clone())
                })
                .collect()
        }
        "generated" => {
            let g = ardent::deckgen::generator(ardent_rate::gauntlet::V1_RECIPE)
                .map_err(|e| ApiError::bad(e.to_string()))?;
            let m = ardent_rate::Model::shipped().map_err(bad)?;
            let (x, y) = ardent_rate::fair::pick_generated(g, m, b.gap, 1_000_000, &mut rng).map_err(bad)?;
            [x, y]
                .into_iter()
                .map(|d| {
                    let cards: Vec<String> = d.cards.iter().map(|&c| ardent::CardDb::omega_codex().def(c).code()).collect();
                    let r = json!({"rating": m.predict(&d.cards), "kind": "predicted", "model": m.version, "gauntlet": m.gauntlet});
                    (d.name_en.clone(), cards.join(","), Some(d.code()), r)
                })
                .collect()
        }
        other => return Err(ApiError::bad(format!("from '{other}': use library or generated"))),
    };
    let setup = json!({"decks": chosen.iter().map(|(name, cards, _, _)| json!({
        "name": name, "cards": cards.split(',').collect::<Vec<_>>()
    })).collect::<Vec<_>>()});
    let body = crate::lobby::CreateBody {
        game: "ardent".into(),
        options: b.options,
        setup: Some(setup),
        seats: b.seats,
        clock_secs: b.clock_secs,
        cards: None,
    };
    let mut table = crate::lobby::create_table(&app, &who, body).await?;
    table["fair"] = json!({
        "gap": b.gap,
        "from": b.from.unwrap_or_else(|| "library".into()),
        "decks": chosen.iter().map(|(name, _, code, r)| json!({"name": name, "code": code, "rating": r})).collect::<Vec<_>>(),
    });
    Ok(axum::Json(table))
}
