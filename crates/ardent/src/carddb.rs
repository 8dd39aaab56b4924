//! A card set as a value (design.md §2.6): the pool a game is played with, by card id (a `u8`
//! pool index), with lookups by set and collector number and by title. The built-in set is
//! *Omega Codex* (`data/omega_codex.toml`, our own wording, card-text spec §3), read once; any
//! other set is read from a file in the same format ([`crate::cardfile`], docs/ardent-cards.md).

use crate::card::CardDef;
use std::sync::{Arc, OnceLock};

/// The most cards a set may hold: card ids are `u8`.
pub const MAX_SET_CARDS: usize = 255;

/// A set's header (`[set]` in the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetInfo {
    pub id: String,
    pub name: String,
    pub version: String,
}

/// A checked set of cards: every card parsed, no duplicate id, at most [`MAX_SET_CARDS`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDb {
    pub(crate) info: SetInfo,
    pub(crate) cards: Vec<CardDef>,
}

pub(crate) const OMEGA_CODEX_TOML: &str = include_str!("../data/omega_codex.toml");

impl CardDb {
    /// The built-in set, *Omega Codex*, parsed once per process.
    pub fn builtin() -> Arc<CardDb> {
        CardDb::builtin_arc().clone()
    }

    /// The built-in set by reference, for tools about it (print, deck library, tests).
    pub fn omega_codex() -> &'static CardDb {
        CardDb::builtin_arc()
    }

    fn builtin_arc() -> &'static Arc<CardDb> {
        static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
        DB.get_or_init(|| {
            match crate::cardfile::parse_set(OMEGA_CODEX_TOML, engine::CardFormat::Toml, "omega_codex.toml") {
                Ok(db) => Arc::new(db),
                // The embedded file is part of the build; the card-table tests prove it parses.
                Err(e) => panic!("embedded card set is broken:\n{e}"),
            }
        })
    }

    pub fn info(&self) -> &SetInfo {
        &self.info
    }

    /// Every card, by id.
    pub fn cards(&self) -> &[CardDef] {
        &self.cards
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The card with this id, if the set has it.
    pub fn get(&self, id: u8) -> Option<&CardDef> {
        self.cards.get(id as usize)
    }

    /// The card with this id. Ids come from [`CardDb::lookup`] or a checked deck; rules code
    /// never holds an id the set does not have (setup resolves decks against the set).
    pub fn def(&self, id: u8) -> &CardDef {
        &self.cards[id as usize]
    }

    /// Look a card up by set and collector number.
    pub fn lookup(&self, set: &str, number: u16) -> Option<u8> {
        let is = |c: &CardDef| c.number == number && c.set.eq_ignore_ascii_case(set);
        // A set in collector order: try the direct slot first.
        match (number as usize).checked_sub(1).and_then(|i| self.cards.get(i)) {
            Some(c) if is(c) => Some(number as u8 - 1),
            _ => self.cards.iter().position(is).map(|i| i as u8),
        }
    }

    /// Look a card up by its code (`OmegaCodex 044`, exactly as [`CardDef::code`] writes it).
    pub fn by_code(&self, code: &str) -> Option<u8> {
        self.cards.iter().position(|c| c.code == code).map(|i| i as u8)
    }

    /// Look a card up by title (case and punctuation insensitive).
    pub fn lookup_title(&self, title: &str) -> Option<u8> {
        let key = normalise_title(title);
        self.cards.iter().position(|c| normalise_title(&c.name_en) == key).map(|i| i as u8)
    }

    /// The set as the contract's card catalogue, in id order. The catalogue key is the card's
    /// id (what views call `card`); `id` keeps it as a number for clients.
    pub fn catalogue(&self) -> Vec<engine::CardInfo> {
        self.cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let (type_en, type_zh) = c.card_type.names();
                engine::CardInfo {
                    key: i.to_string(),
                    name_en: c.name_en.clone(),
                    name_zh: c.name_zh.clone(),
                    type_en: type_en.into(),
                    type_zh: type_zh.into(),
                    cost: None,
                    power: c.is_creature().then_some(c.power as i64),
                    power_name: None,
                    keywords: c.keywords.describe().into_iter().map(|(en, zh)| engine::Label::new(en, zh)).collect(),
                    text_en: c.text_en.clone(),
                    text_zh: c.text_zh.clone(),
                    extra: Default::default(),
                }
                .with("id", i)
                .with("code", c.code.clone())
                .with("set", c.set.clone())
                .with("number", c.number)
                .with("vp", c.vp)
                .with("rarity", format!("{:?}", c.rarity))
            })
            .collect()
    }
}

fn normalise_title(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(|c| c.to_lowercase()).collect()
}

impl engine::CardSet for CardDb {
    fn builtin() -> Arc<Self> {
        CardDb::builtin()
    }
    fn parse(text: &str, format: engine::CardFormat, origin: &str) -> Result<Self, engine::CardSetError> {
        crate::cardfile::parse_set(text, format, origin)
    }
    fn export(&self, format: engine::CardFormat) -> String {
        crate::cardfile::export_set(self, format)
    }
    fn with_cards(&self, cards: &[serde_json::Value], origin: &str) -> Result<Self, engine::CardSetError> {
        crate::cardfile::with_cards(self, cards, origin)
    }
    fn catalogue(&self) -> Vec<engine::CardInfo> {
        CardDb::catalogue(self)
    }
}
