//! The card table (spec §2.3–§2.5, Appendix A): every *Omega Codex* card as data, read once from
//! `data/omega_codex.tsv` (our own wording, card-text spec §3). Effects are parsed from the
//! small vocabulary in [`crate::effect`].

use crate::effect::{parse_abilities, Ability, Trigger};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// Cards in one deck (spec §2.1).
pub const DECK_SIZE: usize = 17;
/// Card instances in one game: both decks.
pub const MAX_CARDS: usize = 2 * DECK_SIZE;
/// The set id of *Omega Codex* (spec §8).
pub const OMEGA_CODEX: &str = "OmegaCodex";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CardType {
    Creature,
    Relic,
    Action,
}

impl CardType {
    /// The type as printed, in English and Chinese.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            CardType::Creature => ("Creature", "生物"),
            CardType::Relic => ("Relic", "遗物"),
            CardType::Action => ("Action", "行动"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rarity {
    Common,
    Rare,
    Variant,
    Linked,
}

/// Card states of a card in play (spec §2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum CardState {
    #[default]
    Dormant,
    Active,
    Mature,
}

impl CardState {
    pub const ALL: [CardState; 3] = [CardState::Dormant, CardState::Active, CardState::Mature];
    /// One stage clockwise (spec §4.3): Mature stays Mature.
    pub fn rotated(self) -> CardState {
        match self {
            CardState::Dormant => CardState::Active,
            _ => CardState::Mature,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            CardState::Dormant => "dormant",
            CardState::Active => "active",
            CardState::Mature => "mature",
        }
    }
    pub fn name_zh(self) -> &'static str {
        match self {
            CardState::Dormant => "休眠",
            CardState::Active => "活跃",
            CardState::Mature => "成熟",
        }
    }
    pub fn parse(s: &str) -> Option<CardState> {
        CardState::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// Skill keywords and constant abilities (spec §6.2, §6.3).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keywords {
    pub team_up: bool,
    pub bear_hug: bool,
    /// Sneak X (0 = none).
    pub sneak: i8,
    /// Resilient X (0 = none; no Omega Codex card has it).
    pub resilient: i8,
    /// Change to the controller's refill size (Bejewel, Cargo Pants).
    pub refill: i8,
    /// Change to the opponent's refill size (Parasite).
    pub opp_refill: i8,
    pub cannot_harvest: bool,
    /// May fight only Dormant creatures (Gregory Illinivich).
    pub only_dormant_targets: bool,
    /// The controller's opponent can't play Actions (Silent Master).
    pub opp_no_actions: bool,
    /// While Active, the opponent may play only Creatures (Silence Enforcer, A24).
    pub opp_only_creatures_while_active: bool,
    /// Friendly creatures' Power change (Sigil of Power).
    pub friendly_power: i8,
    /// Friendly creatures have Team-Up (The Buddy System).
    pub friendly_team_up: bool,
    /// Friendly creatures have Sneak X (Fog Machine).
    pub friendly_sneak: i8,
    /// First creature each player plays each turn enters Active (Ned's Ladder).
    pub neds_ladder: bool,
}

impl Keywords {
    fn parse(text: &str) -> Result<Keywords, String> {
        let mut k = Keywords::default();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let mut parts = item.split_whitespace();
            let name = parts.next().unwrap_or_default();
            let num = |p: Option<&str>| -> Result<i8, String> {
                p.ok_or_else(|| format!("keyword '{item}' needs a number"))?
                    .parse::<i8>()
                    .map_err(|_| format!("keyword '{item}': bad number"))
            };
            match name {
                "team_up" => k.team_up = true,
                "bear_hug" => k.bear_hug = true,
                "sneak" => k.sneak = num(parts.next())?,
                "resilient" => k.resilient = num(parts.next())?,
                "refill" => k.refill = num(parts.next())?,
                "opp_refill" => k.opp_refill = num(parts.next())?,
                "cannot_harvest" => k.cannot_harvest = true,
                "only_dormant_targets" => k.only_dormant_targets = true,
                "opp_no_actions" => k.opp_no_actions = true,
                "opp_only_creatures_while_active" => k.opp_only_creatures_while_active = true,
                "friendly_power" => k.friendly_power = num(parts.next())?,
                "friendly_team_up" => k.friendly_team_up = true,
                "friendly_sneak" => k.friendly_sneak = num(parts.next())?,
                "neds_ladder" => k.neds_ladder = true,
                other => return Err(format!("unknown keyword '{other}'")),
            }
        }
        Ok(k)
    }

    /// Keyword names for people (English, Chinese).
    pub fn describe(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        if self.team_up {
            v.push(("Team-Up".into(), "组队".into()));
        }
        if self.bear_hug {
            v.push(("Bear Hug".into(), "熊抱".into()));
        }
        if self.sneak > 0 {
            v.push((format!("Sneak {}", self.sneak), format!("伏击{}", self.sneak)));
        }
        if self.resilient > 0 {
            v.push((format!("Resilient {}", self.resilient), format!("坚韧{}", self.resilient)));
        }
        v
    }
}

/// One card of the pool.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardDef {
    pub set: String,
    /// `OmegaCodex 044`: the set and collector number, as deck lists write them.
    pub code: String,
    pub number: u16,
    pub name_en: String,
    pub name_zh: String,
    pub card_type: CardType,
    /// Printed Power (creatures only; 0 otherwise).
    pub power: i8,
    pub vp: i8,
    pub rarity: Rarity,
    pub keywords: Keywords,
    pub abilities: Vec<Ability>,
    pub text_en: String,
    pub text_zh: String,
}

impl CardDef {
    pub fn is_creature(&self) -> bool {
        self.card_type == CardType::Creature
    }
    pub fn is_relic(&self) -> bool {
        self.card_type == CardType::Relic
    }
    pub fn is_action(&self) -> bool {
        self.card_type == CardType::Action
    }
    /// `OmegaCodex 044`
    pub fn code(&self) -> String {
        self.code.clone()
    }
    pub fn ability_index(&self, trigger: Trigger) -> Option<usize> {
        self.abilities.iter().position(|a| a.trigger == trigger)
    }
    pub fn has_trigger(&self, trigger: Trigger) -> bool {
        self.ability_index(trigger).is_some()
    }
}

const OMEGA_CODEX_TSV: &str = include_str!("../data/omega_codex.tsv");

fn parse_type(s: &str) -> Result<CardType, String> {
    match s {
        "Creature" => Ok(CardType::Creature),
        "Relic" => Ok(CardType::Relic),
        "Action" => Ok(CardType::Action),
        o => Err(format!("unknown card type '{o}'")),
    }
}

fn parse_rarity(s: &str) -> Result<Rarity, String> {
    match s {
        "Common" => Ok(Rarity::Common),
        "Rare" => Ok(Rarity::Rare),
        "Variant" => Ok(Rarity::Variant),
        "Linked" => Ok(Rarity::Linked),
        o => Err(format!("unknown rarity '{o}'")),
    }
}

/// Parse a card table in our TSV format (header line, then one card per line).
pub fn parse_card_table(text: &str) -> Result<Vec<CardDef>, String> {
    let mut cards = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let at = |e: String| format!("card table line {}: {e}", i + 1);
        if f.len() != 12 {
            return Err(at(format!("expected 12 columns, found {}", f.len())));
        }
        let number: u16 = f[1].parse().map_err(|_| at(format!("bad number '{}'", f[1])))?;
        let card_type = parse_type(f[4]).map_err(at)?;
        let power = if f[5].is_empty() { 0 } else { f[5].parse().map_err(|_| at(format!("bad power '{}'", f[5])))? };
        let vp = f[6].parse().map_err(|_| at(format!("bad VP '{}'", f[6])))?;
        cards.push(CardDef {
            set: f[0].to_string(),
            code: format!("{} {:03}", f[0], number),
            number,
            name_en: f[2].to_string(),
            name_zh: f[3].to_string(),
            card_type,
            power,
            vp,
            rarity: parse_rarity(f[7]).map_err(at)?,
            keywords: Keywords::parse(f[8]).map_err(at)?,
            abilities: parse_abilities(f[9]).map_err(|e| at(format!("{} ({}): {e}", f[2], f[9])))?,
            text_en: f[10].to_string(),
            text_zh: f[11].to_string(),
        });
    }
    Ok(cards)
}

/// The whole card pool, indexed by card id (a `u8`): *Omega Codex* 001–100 are ids 0–99.
pub fn pool() -> &'static [CardDef] {
    static POOL: OnceLock<Vec<CardDef>> = OnceLock::new();
    POOL.get_or_init(|| match parse_card_table(OMEGA_CODEX_TSV) {
        Ok(cards) => cards,
        // The embedded table is part of the build; the card-table test proves it parses.
        Err(e) => panic!("embedded card table is broken: {e}"),
    })
}

/// The card with this id.
/// The pool as the contract's card catalogue, in collector order. The catalogue key is the
/// card's pool index (what views call `card`); `id` keeps it as a number for clients.
pub fn catalogue() -> Vec<engine::CardInfo> {
    pool()
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

pub fn def(id: u8) -> &'static CardDef {
    &pool()[id as usize]
}

/// Look a card up by set and collector number.
pub fn lookup(set: &str, number: u16) -> Option<u8> {
    let p = pool();
    let is = |c: &CardDef| c.number == number && c.set.eq_ignore_ascii_case(set);
    // The table is in collector order: try the direct slot first.
    match (number as usize).checked_sub(1).and_then(|i| p.get(i)) {
        Some(c) if is(c) => Some(number as u8 - 1),
        _ => p.iter().position(is).map(|i| i as u8),
    }
}

/// Look a card up by title (case and punctuation insensitive, ASCII apostrophes and quotes).
pub fn lookup_title(title: &str) -> Option<u8> {
    let key = normalise_title(title);
    pool().iter().position(|c| normalise_title(&c.name_en) == key).map(|i| i as u8)
}

fn normalise_title(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(|c| c.to_lowercase()).collect()
}
