//! Deck lists (spec §8): our text and JSON formats, the official site's deck JSON, the two
//! bundled sample decks, validation and a simple random deck sampler.
//!
//! Text format (one card per line; blank lines and `#` comments ignored):
//! ```text
//! Name: Marla "Buff" Grafani
//! OmegaCodex 002 Jater
//! OmegaCodex 026 Payday
//! ...                      (17 card lines)
//! ```
//! The name after the number is checked against the card set. Every function here reads
//! cards from the set it is given (the game's `options.cards`, or [`CardDb::builtin`]).

use crate::card::{CardType, DECK_SIZE};
use crate::carddb::CardDb;
use engine::GameRng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Why a deck list is not usable. The message names the problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct DeckError(pub String);

/// A deck list: a name and 17 cards as `Set NNN` codes (our JSON format).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckList {
    pub name: String,
    pub cards: Vec<String>,
}

/// Read a card code: `OmegaCodex 044`, `OmegaCodex-044` or just `044` (the set's own id).
pub fn parse_code(db: &CardDb, code: &str) -> Result<u8, DeckError> {
    let t = code.trim();
    let (set, num) = match t.split_once([' ', '-', '/']) {
        Some((s, n)) => (s.trim(), n.trim()),
        None => (db.info().id.as_str(), t),
    };
    let number: u16 =
        num.parse().map_err(|_| DeckError(format!("'{code}' is not a card code like 'OmegaCodex 044'")))?;
    db.lookup(set, number).ok_or_else(|| DeckError(format!("unknown card '{code}': no card {set} {number:03}")))
}

impl DeckList {
    /// The card ids, checked: exactly 17 known cards.
    pub fn resolve(&self, db: &CardDb) -> Result<Vec<u8>, DeckError> {
        let mut ids = Vec::with_capacity(self.cards.len());
        let mut unknown = Vec::new();
        for c in &self.cards {
            match parse_code(db, c) {
                Ok(id) => ids.push(id),
                Err(_) => unknown.push(c.clone()),
            }
        }
        if !unknown.is_empty() {
            return Err(DeckError(format!("deck '{}': unknown cards: {}", self.name, unknown.join(", "))));
        }
        if ids.len() != DECK_SIZE {
            return Err(DeckError(format!(
                "deck '{}' has {} cards; a deck has exactly {DECK_SIZE} (spec §2.1)",
                self.name,
                ids.len()
            )));
        }
        Ok(ids)
    }

    /// A deck list from card ids.
    pub fn from_ids(db: &CardDb, name: impl Into<String>, ids: &[u8]) -> DeckList {
        DeckList { name: name.into(), cards: ids.iter().map(|&i| db.def(i).code()).collect() }
    }

    /// Read our text format.
    pub fn from_text(db: &CardDb, text: &str) -> Result<DeckList, DeckError> {
        let mut name = None;
        let mut cards = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(n) = line.strip_prefix("Name:") {
                name = Some(n.trim().to_string());
                continue;
            }
            let mut words = line.splitn(3, ' ');
            let (set, num, title) = (words.next().unwrap_or(""), words.next().unwrap_or(""), words.next());
            let id = parse_code(db, &format!("{set} {num}")).map_err(|e| DeckError(format!("line {}: {e}", i + 1)))?;
            if let Some(t) = title {
                if db.lookup_title(t) != Some(id) {
                    return Err(DeckError(format!(
                        "line {}: card {set} {num} is '{}', not '{}'",
                        i + 1,
                        db.def(id).name_en,
                        t.trim()
                    )));
                }
            }
            cards.push(db.def(id).code());
        }
        let name = name.ok_or_else(|| DeckError("deck text has no 'Name:' line".into()))?;
        let deck = DeckList { name, cards };
        deck.resolve(db)?;
        Ok(deck)
    }

    /// Write our text format.
    pub fn to_text(&self, db: &CardDb) -> String {
        let mut s = format!("Name: {}\n", self.name);
        for c in &self.cards {
            match parse_code(db, c) {
                Ok(id) => s.push_str(&format!("{} {}\n", db.def(id).code(), db.def(id).name_en)),
                Err(_) => s.push_str(&format!("{c}\n")),
            }
        }
        s
    }

    /// Read our JSON format (`{"name": …, "cards": ["OmegaCodex 044", …]}`), checked.
    pub fn from_json(db: &CardDb, text: &str) -> Result<DeckList, DeckError> {
        let deck: DeckList = serde_json::from_str(text).map_err(|e| DeckError(format!("not a deck JSON: {e}")))?;
        deck.resolve(db)?;
        Ok(deck)
    }

    /// Import the official site's deck JSON (`id`, `name`, `cards[]` with `title`, `type`,
    /// `rarity`, `victory_points`; spec §8), matching cards by title.
    pub fn from_official_json(db: &CardDb, text: &str) -> Result<DeckList, DeckError> {
        #[derive(Deserialize)]
        struct OfficialCard {
            title: String,
        }
        #[derive(Deserialize)]
        struct OfficialDeck {
            #[serde(default)]
            error: Option<serde_json::Value>,
            #[serde(default)]
            name: Option<String>,
            #[serde(default)]
            cards: Option<Vec<OfficialCard>>,
        }
        let d: OfficialDeck =
            serde_json::from_str(text).map_err(|e| DeckError(format!("not an official deck JSON: {e}")))?;
        if let Some(e) = d.error {
            return Err(DeckError(format!("the site returned an error: {e}")));
        }
        let name = d.name.ok_or_else(|| DeckError("official deck JSON has no 'name'".into()))?;
        let cards = d.cards.ok_or_else(|| DeckError("official deck JSON has no 'cards'".into()))?;
        let mut ids = Vec::new();
        let mut unmatched = Vec::new();
        for c in &cards {
            match db.lookup_title(&c.title) {
                Some(id) => ids.push(id),
                None => unmatched.push(c.title.clone()),
            }
        }
        if !unmatched.is_empty() {
            return Err(DeckError(format!("deck '{name}': no card titled {}", unmatched.join(", "))));
        }
        let deck = DeckList::from_ids(db, name, &ids);
        deck.resolve(db)?;
        Ok(deck)
    }
}

/// Read a deck in any of our formats: our JSON, the official site's JSON, or our text format.
pub fn parse_any(db: &CardDb, text: &str) -> Result<DeckList, DeckError> {
    if text.trim_start().starts_with('{') {
        DeckList::from_json(db, text).or_else(|ours| {
            DeckList::from_official_json(db, text)
                .map_err(|official| DeckError(format!("{ours}; as the official site's JSON: {official}")))
        })
    } else {
        DeckList::from_text(db, text)
    }
}

/// The bundled sample decks: the real lists from Argel `src/decks.ts` (Omega Codex cards; a set
/// without them refuses them, naming the missing cards).
pub fn sample_decks(db: &CardDb) -> Result<Vec<DeckList>, DeckError> {
    [include_str!("../data/decks/marla_buff_grafani.txt"), include_str!("../data/decks/sigridr_the_frequent.txt")]
        .iter()
        .map(|t| DeckList::from_text(db, t))
        .collect()
}

/// A random legal deck: 17 cards drawn from the pool (duplicates allowed), at least two of
/// them creatures so setup can find its two (spec §3). The real generator lives elsewhere.
/// A set without a creature has no such deck: an error says so.
pub fn random_deck(db: &CardDb, rng: &mut GameRng, name: &str) -> Result<DeckList, DeckError> {
    let n = db.len();
    if !db.cards().iter().any(|c| c.card_type == CardType::Creature) {
        return Err(DeckError(format!("set '{}' has no creature: no deck can be dealt from it", db.info().id)));
    }
    loop {
        let ids: Vec<u8> = (0..DECK_SIZE).map(|_| rng.index(n) as u8).collect();
        if ids.iter().filter(|&&i| db.def(i).card_type == CardType::Creature).count() >= 2 {
            return Ok(DeckList::from_ids(db, name, &ids));
        }
    }
}
