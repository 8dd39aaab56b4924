//! REST: deck libraries. This is the one game-specific module of the server: the Ardent Reapers
//! deck library (generated decks kept in the store's `ardent_decks`; docs/ardent-decks.md), the
//! Ardent card pool for the client, and Riftbound deck lists (validated by CR 103, kept in the
//! store's generic `decks` table). Everything else in the server stays game-agnostic.

use crate::accounts::{session, session_opt};
use crate::api_error::{ApiError, Body};
use crate::app::App;
use ardent::deck::{parse_code, DeckList};
use ardent::deckgen::{self, Recipe};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use store::{ArdentDeck, ArdentDeckFilter, NewArdentDeck, Session};

/// Most decks one request may generate.
pub const MAX_GENERATE: u64 = 50;
/// The game name Riftbound deck lists are stored under.
const RIFTBOUND: &str = "riftbound";
/// Longest Riftbound deck list text accepted.
const MAX_LIST_CHARS: usize = 20_000;

// ---------- the Ardent deck library ----------

fn serial_code(d: &ArdentDeck) -> Option<String> {
    match (d.recipe_version, d.serial) {
        (Some(v), Some(s)) => Some(format!("AR{v}-{s:09}")),
        _ => None,
    }
}

fn deck_summary(d: &ArdentDeck) -> Value {
    json!({
        "id": d.id,
        "name": d.name,
        "name_zh": d.name_zh,
        "serial": d.serial,
        "recipe_version": d.recipe_version,
        "code": serial_code(d),
        "rarities": d.rarities,
        "cards": d.cards,
        "created_at": d.created_at,
        "owner": d.owner,
        "public": d.public,
    })
}

// ---------- ownership (decks have an owner: an account or guest id) ----------

/// Whether `who` may see and play a deck: it is shared, or theirs.
fn may_see(owner: Option<&str>, public: bool, who: Option<&Session>) -> bool {
    public || owner.is_some_and(|o| who.is_some_and(|w| w.user_id() == o))
}

/// Only the owner edits or deletes a deck (403 otherwise; a deck the operator added has no
/// owner and is removed with `cardtable deck`).
fn check_owner(owner: Option<&str>, who: &Session, name: &str) -> Result<(), ApiError> {
    match owner {
        Some(o) if o == who.user_id() => Ok(()),
        Some(_) => {
            Err(ApiError::forbidden(format!("deck '{name}' belongs to someone else: only its owner may change it")))
        }
        None => Err(ApiError::forbidden(format!(
            "deck '{name}' belongs to the server's library: only the operator may change it"
        ))),
    }
}

/// An Ardent deck `who` may see (a private deck of someone else is not found).
async fn visible_ardent(app: &App, headers: &HeaderMap, id: &str) -> Result<ArdentDeck, ApiError> {
    let who = session_opt(app, headers).await;
    let d = app.store.find_ardent_deck(id).await?;
    if !may_see(d.owner.as_deref(), d.public, who.as_ref()) {
        return Err(ApiError::not_found(format!("no Ardent Reapers deck with id or name '{id}'")));
    }
    Ok(d)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShareBody {
    public: bool,
}

/// The library entry of a generated deck (shared with `cardtable deck generate`).
pub fn library_entry(g: &ardent::deckgen::GeneratedDeck) -> NewArdentDeck {
    NewArdentDeck {
        serial: Some(g.serial as i64),
        recipe_version: Some(i64::from(g.recipe_version)),
        name: g.name_en.clone(),
        name_zh: g.name_zh.clone(),
        cards: g.cards.iter().map(|&i| ardent::CardDb::omega_codex().def(i).code()).collect(),
        rarities: rarities(&g.cards),
        owner: None,
        public: true,
    }
}

/// The distinct rarities among the cards, sorted: what the library filters on.
pub fn rarities(ids: &[u8]) -> Vec<String> {
    let mut r: Vec<String> =
        ids.iter().map(|&i| format!("{:?}", ardent::CardDb::omega_codex().def(i).rarity)).collect();
    r.sort();
    r.dedup();
    r
}

/// The deck's checked card ids (a library deck that no longer resolves is reported, not hidden).
fn deck_list(d: &ArdentDeck) -> Result<(DeckList, Vec<u8>), ApiError> {
    let list = DeckList { name: d.name.clone(), cards: d.cards.clone() };
    let ids = list
        .resolve(ardent::CardDb::omega_codex())
        .map_err(|e| ApiError::internal(format!("library deck {}: {e}", d.id)))?;
    Ok((list, ids))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateBody {
    #[serde(default = "one")]
    count: u64,
    /// The first serial (default: one past the library's highest).
    serial: Option<u64>,
    /// Recipe version (default: the latest).
    recipe: Option<u32>,
    /// Share the new decks with everyone (default: shared, as the library is; `false` keeps
    /// them to their owner). Only the owner deletes them either way.
    #[serde(default = "yes")]
    public: bool,
}

fn one() -> u64 {
    1
}

fn yes() -> bool {
    true
}

/// `POST /api/decks/ardent/generate`: generate `count` (1..=50) unique decks into the library.
pub async fn ardent_generate(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(b): Body<GenerateBody>,
) -> Result<Json<Value>, ApiError> {
    let who = session(&app, &headers).await?;
    if !(1..=MAX_GENERATE).contains(&b.count) {
        return Err(ApiError::bad(format!("count must be between 1 and {MAX_GENERATE}")));
    }
    let recipe = b.recipe.unwrap_or(Recipe::latest().version);
    let generator = deckgen::generator(recipe).map_err(|e| ApiError::bad(e.to_string()))?;
    let first = match b.serial {
        Some(s) => s,
        None => app.store.ardent_max_serial(recipe as i64).await?.map(|m| m as u64 + 1).unwrap_or(0),
    };
    let end = first.checked_add(b.count).ok_or_else(|| ApiError::bad("serial range overflows"))?;
    if end > generator.capacity() || end > i64::MAX as u64 {
        return Err(ApiError::bad(format!(
            "serials {first}..{end} exceed recipe v{recipe}'s capacity of {}",
            generator.capacity()
        )));
    }
    let mut batch = Vec::with_capacity(b.count as usize);
    for s in first..end {
        if app.store.ardent_serial_exists(recipe as i64, s as i64).await? {
            return Err(ApiError::conflict(format!("serial {s} of recipe v{recipe} is already in the library")));
        }
        let g = generator.generate(s).map_err(|e| ApiError::internal(e.to_string()))?;
        batch.push(NewArdentDeck { owner: Some(who.user_id().to_string()), public: b.public, ..library_entry(&g) });
    }
    let added = app.store.add_ardent_decks(&batch).await?;
    Ok(Json(Value::Array(added.iter().map(deck_summary).collect())))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    name: Option<String>,
    card: Option<String>,
    rarity: Option<String>,
    limit: Option<i64>,
    /// `rating`: highest rating first (docs/ardent-ratings.md §5); otherwise oldest first.
    sort: Option<String>,
    min_rating: Option<f64>,
    max_rating: Option<f64>,
}

fn nonempty(s: Option<String>) -> Option<String> {
    s.map(|x| x.trim().to_string()).filter(|x| !x.is_empty())
}

/// `GET /api/decks/ardent?name=&card=&rarity=&limit=`: the library, oldest first: the shared
/// decks and the caller's own.
pub async fn ardent_list(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Query(q): Query<ListQuery>,
) -> Result<Json<Value>, ApiError> {
    let viewer = session_opt(&app, &headers).await.map(|s| s.user_id().to_string());
    let card = nonempty(q.card)
        .map(|c| {
            parse_code(ardent::CardDb::omega_codex(), &c)
                .map(|id| ardent::CardDb::omega_codex().def(id).code())
                .map_err(|e| ApiError::bad(e.to_string()))
        })
        .transpose()?;
    let rarity = nonempty(q.rarity)
        .map(|r| {
            let mut c = r.chars();
            let cap = c.next().map(|f| f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase());
            match cap.as_deref() {
                Some(x @ ("Common" | "Rare" | "Variant" | "Linked")) => Ok(x.to_string()),
                _ => Err(ApiError::bad(format!("unknown rarity '{r}': use Common, Rare, Variant or Linked"))),
            }
        })
        .transpose()?;
    let limit = q.limit.unwrap_or(500).clamp(1, 5000);
    let filter = ArdentDeckFilter { name: nonempty(q.name), card, rarity, limit: Some(limit), viewer, all: false };
    let by_rating = match nonempty(q.sort).as_deref() {
        None | Some("created") => false,
        Some("rating") => true,
        Some(other) => return Err(ApiError::bad(format!("unknown sort '{other}': use created or rating"))),
    };
    let decks = app.store.list_ardent_decks(&filter).await?;
    let stored = crate::ratings::stored_ratings(&app.store).await?;
    let mut out: Vec<Value> = decks
        .iter()
        .map(|d| {
            let mut v = deck_summary(d);
            v["rating"] = crate::ratings::rating_json(d, stored.get(&d.id));
            v
        })
        .filter(|v| {
            let r = crate::ratings::value_of(&v["rating"]);
            q.min_rating.is_none_or(|m| r.is_some_and(|r| r >= m))
                && q.max_rating.is_none_or(|m| r.is_some_and(|r| r <= m))
        })
        .collect();
    if by_rating {
        out.sort_by(|a, b| {
            let key = |v: &Value| crate::ratings::value_of(&v["rating"]).unwrap_or(f64::NEG_INFINITY);
            key(b).total_cmp(&key(a))
        });
    }
    Ok(Json(Value::Array(out)))
}

/// `GET /api/decks/ardent/{id}`: one deck (by id or exact name) with every card's data.
pub async fn ardent_show(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let d = visible_ardent(&app, &headers, &id).await?;
    let (_, ids) = deck_list(&d)?;
    let mut out = deck_summary(&d);
    let pool = ardent::CardDb::omega_codex().catalogue();
    out["card_data"] = Value::Array(
        ids.iter()
            .filter_map(|&i| pool.get(i as usize))
            .map(|c| serde_json::to_value(c).unwrap_or(Value::Null))
            .collect(),
    );
    out["total_vp"] = json!(ids.iter().map(|&i| ardent::CardDb::omega_codex().def(i).vp as i64).sum::<i64>());
    let stored = app.store.ardent_ratings(&d.id).await?;
    let best = stored.iter().find(|r| r.kind == "simulated").or_else(|| stored.first());
    out["rating"] = crate::ratings::rating_json(&d, best);
    out["ratings"] = serde_json::to_value(&stored).unwrap_or(Value::Null);
    out["contributing"] = crate::ratings::contributing(&d, 6);
    Ok(Json(out))
}

/// `DELETE /api/decks/ardent/{id}`: only by its owner.
pub async fn ardent_delete(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let who = session(&app, &headers).await?;
    let d = visible_ardent(&app, &headers, &id).await?;
    check_owner(d.owner.as_deref(), &who, &d.name)?;
    app.store.delete_ardent_deck(&d.id).await?;
    Ok(Json(json!({"deleted": d.id, "name": d.name})))
}

/// `PATCH /api/decks/ardent/{id}` `{public}`: share a deck or stop sharing it; only by its owner.
pub async fn ardent_share(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(b): Body<ShareBody>,
) -> Result<Json<Value>, ApiError> {
    let who = session(&app, &headers).await?;
    let d = visible_ardent(&app, &headers, &id).await?;
    check_owner(d.owner.as_deref(), &who, &d.name)?;
    app.store.set_ardent_deck_public(&d.id, b.public).await?;
    Ok(Json(json!({"id": d.id, "public": b.public})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PdfQuery {
    paper: Option<String>,
}

fn file_name(d: &ArdentDeck, ext: &str) -> String {
    let stem: String = serial_code(d)
        .unwrap_or_else(|| d.name.clone())
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' })
        .collect();
    format!("{stem}.{ext}")
}

/// `GET /api/decks/ardent/{id}/pdf?paper=a4|letter`: the print-and-play PDF.
pub async fn ardent_pdf(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<PdfQuery>,
) -> Result<Response, ApiError> {
    let paper = match q.paper.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None | Some("a4") => ardent_print::Paper::A4,
        Some("letter") => ardent_print::Paper::Letter,
        Some(p) => return Err(ApiError::bad(format!("unknown paper '{p}': use a4 or letter"))),
    };
    let d = visible_ardent(&app, &headers, &id).await?;
    let (_, ids) = deck_list(&d)?;
    let print = ardent_print::PrintDeck {
        name_en: d.name.clone(),
        name_zh: (d.name_zh != d.name).then(|| d.name_zh.clone()),
        code: serial_code(&d),
        cards: ids,
        rating: rating_line(&app.store.ardent_ratings(&d.id).await?),
    };
    let pdf = tokio::task::spawn_blocking(move || ardent_print::deck_pdf(&print, paper))
        .await
        .map_err(|e| ApiError::internal(e.to_string()))?
        .map_err(ApiError::internal)?;
    let disposition = format!("inline; filename=\"{}\"", file_name(&d, "pdf"));
    Ok(([(header::CONTENT_TYPE, "application/pdf".to_string()), (header::CONTENT_DISPOSITION, disposition)], pdf)
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExportQuery {
    format: Option<String>,
}

/// `GET /api/decks/ardent/{id}/export?format=text|json`: our deck formats (docs/formats.md).
pub async fn ardent_export(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<ExportQuery>,
) -> Result<Response, ApiError> {
    let d = visible_ardent(&app, &headers, &id).await?;
    let (list, _) = deck_list(&d)?;
    let (body, kind, ext) = match q.format.as_deref().unwrap_or("text") {
        "text" => (list.to_text(ardent::CardDb::omega_codex()), "text/plain; charset=utf-8", "txt"),
        "json" => (
            serde_json::to_string_pretty(&list).map_err(|e| ApiError::internal(e.to_string()))?,
            "application/json",
            "json",
        ),
        f => return Err(ApiError::bad(format!("unknown format '{f}': use text or json"))),
    };
    let disposition = format!("attachment; filename=\"{}\"", file_name(&d, ext));
    Ok(([(header::CONTENT_TYPE, kind.to_string()), (header::CONTENT_DISPOSITION, disposition)], body).into_response())
}

// ---------- Riftbound deck lists ----------

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValidateBody {
    list: String,
    #[serde(default)]
    tournament: bool,
}

/// The problems of a Riftbound deck list (CR 103; TR 601.1.b when `tournament`): a list that
/// does not parse is one problem naming the line.
fn rift_problems(list: &str, tournament: bool) -> Result<Vec<String>, ApiError> {
    if list.chars().count() > MAX_LIST_CHARS {
        return Err(ApiError::bad(format!("the deck list is longer than {MAX_LIST_CHARS} characters")));
    }
    Ok(match riftbound::DeckList::parse(list) {
        Ok(deck) => deck.problems(tournament),
        Err(e) => vec![e.to_string()],
    })
}

/// `POST /api/decks/riftbound/validate` `{list, tournament?}` → `{ok, problems}`.
pub async fn rift_validate(Body(b): Body<ValidateBody>) -> Result<Json<Value>, ApiError> {
    let problems = rift_problems(&b.list, b.tournament)?;
    Ok(Json(json!({"ok": problems.is_empty(), "problems": problems})))
}

fn rift_deck_json(d: &store::Deck) -> Value {
    json!({
        "id": d.id,
        "name": d.name,
        "saved_by": d.data.get("saved_by").cloned().unwrap_or(Value::Null),
        "list": d.data.get("list").cloned().unwrap_or(Value::Null),
        "owner": d.owner,
        "public": d.public,
        "starter": false,
        "created_at": d.created_at,
    })
}

/// `GET /api/decks/riftbound`: the saved deck lists the caller may see (their own and the
/// shared ones) and the starter decks.
pub async fn rift_list(State(app): State<Arc<App>>, headers: HeaderMap) -> Result<Json<Value>, ApiError> {
    let who = session_opt(&app, &headers).await;
    let saved = app.store.visible_decks(RIFTBOUND, who.as_ref().map(|w| w.user_id())).await?;
    let starters: Vec<Value> = riftbound::starter::STARTER_DECKS
        .iter()
        .map(|(name, list)| json!({"id": null, "name": name, "list": list, "starter": true}))
        .collect();
    Ok(Json(json!({"saved": saved.iter().map(rift_deck_json).collect::<Vec<_>>(), "starters": starters})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveBody {
    name: String,
    list: String,
    /// Share the list so others may see and play it (default: only its owner).
    #[serde(default)]
    public: bool,
}

/// `POST /api/decks/riftbound` `{name, list}`: save a legal deck list (an illegal one is refused
/// with every problem).
pub async fn rift_save(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Body(b): Body<SaveBody>,
) -> Result<Json<Value>, ApiError> {
    let who = session(&app, &headers).await?;
    let name = b.name.trim();
    if name.is_empty() || name.chars().count() > 80 {
        return Err(ApiError::bad("the deck name must hold 1 to 80 characters"));
    }
    let problems = rift_problems(&b.list, false)?;
    if !problems.is_empty() {
        return Err(ApiError::bad(format!("the deck is not legal: {}", problems.join("; "))));
    }
    let data = json!({"list": b.list, "saved_by": who.name});
    let d = app.store.create_deck(RIFTBOUND, name, Some((who.user_id(), !who.guest)), b.public, &data).await?;
    Ok(Json(rift_deck_json(&d)))
}

/// The saved Riftbound list `id`, if the caller owns it (an account or guest id; never matched
/// by name): 404 for no such list, 403 for someone else's.
async fn owned_rift_deck(app: &App, headers: &HeaderMap, id: &str) -> Result<(), ApiError> {
    let who = session(app, headers).await?;
    let d = match app.store.deck(id).await? {
        Some(d) if d.game == RIFTBOUND => d,
        _ => return Err(ApiError::not_found(format!("no Riftbound deck {id}"))),
    };
    check_owner(d.owner.as_deref(), &who, &d.name)
}

/// `DELETE /api/decks/riftbound/{id}`: only by who saved it.
pub async fn rift_delete(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    owned_rift_deck(&app, &headers, &id).await?;
    app.store.delete_deck(&id).await?;
    Ok(Json(json!({"deleted": id})))
}

/// `PATCH /api/decks/riftbound/{id}` `{public}`: share a list or stop sharing it; only by its
/// owner.
pub async fn rift_share(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Body(b): Body<ShareBody>,
) -> Result<Json<Value>, ApiError> {
    owned_rift_deck(&app, &headers, &id).await?;
    app.store.set_deck_public(&id, b.public).await?;
    Ok(Json(json!({"id": id, "public": b.public})))
}

/// The list page's rating line (docs/ardent-ratings.md): the simulated rating with its interval
/// where there is one, else the predicted; `None` for an unrated deck.
pub fn rating_line(ratings: &[store::ArdentRating]) -> Option<String> {
    let r = ratings.iter().find(|r| r.kind == "simulated").or_else(|| ratings.first())?;
    Some(match (r.low, r.high) {
        (Some(lo), Some(hi)) => format!(
            "Rating {:.3} (95% interval {lo:.3}–{hi:.3}): win rate against gauntlet v{}, {} games, bot {}",
            r.rating,
            r.gauntlet,
            r.games.unwrap_or(0),
            r.bot.as_deref().unwrap_or("?")
        ),
        _ => format!(
            "Rating {:.3} (predicted by model v{}): win rate against gauntlet v{}",
            r.rating,
            r.model.unwrap_or(0),
            r.gauntlet
        ),
    })
}
