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
    d.cards.iter().map(|c| ardent::deck::parse_code(c).ok()).collect()
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
