//! The card-set file (docs/ardent-cards.md, docs/cards/ardent.schema.json): one schema, written
//! as TOML or JSON. A `[set]` header and `[[card]]` entries; abilities are written in the text
//! form of the effect vocabulary ([`crate::effect`]), one string per ability.
//!
//! A set with any problem is refused whole, with every problem found (one
//! [`engine::CardProblem`] each): syntax and type errors carry the line and column; the checks
//! after that carry a JSON pointer (`/card/12/abilities/0`), the card's id and the field.

use crate::card::{CardDef, CardType, Keywords, Rarity};
use crate::carddb::{CardDb, SetInfo, MAX_SET_CARDS};
use crate::effect::{parse_abilities, Trigger};
use engine::{CardFormat, CardProblem, CardSetError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Printed Power a card file may give a creature (Omega Codex uses 1 to 10, spec §2.5).
pub const POWER_RANGE: std::ops::RangeInclusive<i64> = 0..=20;
/// Printed VP a card file may give a card (Omega Codex uses −2 to +4, spec §2.5).
pub const VP_RANGE: std::ops::RangeInclusive<i64> = -10..=10;
/// Collector numbers are three digits (spec §2.5).
pub const NUMBER_RANGE: std::ops::RangeInclusive<u16> = 1..=999;
/// The rules text of a card with none (a vanilla creature).
pub const NO_RULES_TEXT: &str = "No rules text.";

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetFile {
    pub set: SetHeader,
    #[serde(default, rename = "card")]
    pub cards: Vec<CardEntry>,
}

/// `[set]`: the set's id (the first word of every card code), name and version.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetHeader {
    pub id: String,
    pub name: String,
    pub version: String,
}

/// One `[[card]]`. Its id is its code, `SET NNN` (the set defaults to the header's id).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<String>,
    pub number: u16,
    pub name_en: String,
    pub name_zh: String,
    #[serde(rename = "type")]
    pub card_type: CardType,
    /// Creatures only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i64>,
    pub vp: i64,
    pub rarity: Rarity,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    pub text_en: String,
    pub text_zh: String,
}

/// Read a set file.
pub fn parse_set(text: &str, format: CardFormat, origin: &str) -> Result<CardDb, CardSetError> {
    let file: SetFile = match format {
        CardFormat::Toml => toml::from_str(text).map_err(|e| CardProblem::from_toml(origin, text, &e))?,
        CardFormat::Json => serde_json::from_str(text).map_err(|e| CardProblem::from_json(origin, &e))?,
    };
    build(&file, origin)
}

/// Check a whole file and build the set, or every problem found.
pub fn build(file: &SetFile, origin: &str) -> Result<CardDb, CardSetError> {
    let mut problems = Vec::new();
    let h = &file.set;
    if let Err(m) = check_set_id(&h.id) {
        problems.push(CardProblem::new(origin, m).pointer("/set/id").field("id"));
    }
    if h.name.trim().is_empty() {
        problems.push(CardProblem::new(origin, "the set has no name").pointer("/set/name").field("name"));
    }
    if h.version.trim().is_empty() {
        problems.push(CardProblem::new(origin, "the set has no version").pointer("/set/version").field("version"));
    }
    let mut cards = Vec::with_capacity(file.cards.len());
    for (i, entry) in file.cards.iter().enumerate() {
        if let Some(def) = check_card(entry, &h.id, &format!("/card/{i}"), origin, &mut problems) {
            cards.push(def);
        }
    }
    check_unique(&file.cards, &h.id, origin, &mut problems);
    if file.cards.len() > MAX_SET_CARDS {
        problems.push(
            CardProblem::new(
                origin,
                format!("the set has {} cards; a set holds at most {MAX_SET_CARDS}", file.cards.len()),
            )
            .pointer("/card"),
        );
    }
    if !problems.is_empty() {
        return Err(CardSetError { problems });
    }
    let info = SetInfo { id: h.id.clone(), name: h.name.clone(), version: h.version.clone() };
    Ok(CardDb { info, cards })
}

/// Write a set in the file format; [`parse_set`] reads it back to an equal set, and writing
/// that again gives the same text.
pub fn export_set(db: &CardDb, format: CardFormat) -> String {
    let file = to_file(db);
    match format {
        CardFormat::Toml => toml::to_string(&file).unwrap_or_else(|e| format!("# card set not writable: {e}\n")),
        CardFormat::Json => {
            let mut s =
                serde_json::to_string_pretty(&file).unwrap_or_else(|e| format!("\"card set not writable: {e}\""));
            s.push('\n');
            s
        }
    }
}

/// The file a set is written as.
pub fn to_file(db: &CardDb) -> SetFile {
    let info = db.info();
    SetFile {
        set: SetHeader { id: info.id.clone(), name: info.name.clone(), version: info.version.clone() },
        cards: db.cards().iter().map(|c| to_entry(c, &info.id)).collect(),
    }
}

fn to_entry(c: &CardDef, set_id: &str) -> CardEntry {
    CardEntry {
        set: (c.set != set_id).then(|| c.set.clone()),
        number: c.number,
        name_en: c.name_en.clone(),
        name_zh: c.name_zh.clone(),
        card_type: c.card_type,
        power: c.is_creature().then_some(c.power as i64),
        vp: c.vp as i64,
        rarity: c.rarity,
        keywords: c.keywords.words(),
        abilities: c.ability_text.clone(),
        text_en: c.text_en.clone(),
        text_zh: c.text_zh.clone(),
    }
}

/// This set with cards added or replaced by id (a scenario's inline `[[card]]` tables, as JSON).
pub fn with_cards(db: &CardDb, cards: &[serde_json::Value], origin: &str) -> Result<CardDb, CardSetError> {
    let mut file = to_file(db);
    let mut problems = Vec::new();
    let mut added = Vec::new();
    for (i, v) in cards.iter().enumerate() {
        let pointer = format!("/card/{i}");
        match serde_json::from_value::<CardEntry>(v.clone()) {
            Ok(entry) => {
                if check_card(&entry, &file.set.id, &pointer, origin, &mut problems).is_some() {
                    added.push(entry);
                }
            }
            Err(e) => problems.push(CardProblem::new(origin, e.to_string()).pointer(pointer)),
        }
    }
    check_unique(&added, &file.set.id, origin, &mut problems);
    if !problems.is_empty() {
        return Err(CardSetError { problems });
    }
    for entry in added {
        let code = code_of(&entry, &file.set.id);
        match file.cards.iter().position(|c| code_of(c, &file.set.id) == code) {
            Some(i) => file.cards[i] = entry,
            None => file.cards.push(entry),
        }
    }
    build(&file, origin)
}

fn code_of(entry: &CardEntry, set_id: &str) -> String {
    format!("{} {:03}", entry.set.as_deref().unwrap_or(set_id), entry.number)
}

fn check_set_id(id: &str) -> Result<(), String> {
    if id.is_empty() {
        Err("a set id is needed (the first word of every card code)".into())
    } else if !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Err(format!("set id '{id}' may hold only letters, digits and '_' (card codes are 'SET NNN')"))
    } else {
        Ok(())
    }
}

/// Two cards with one id: the later one is at fault.
fn check_unique(cards: &[CardEntry], set_id: &str, origin: &str, problems: &mut Vec<CardProblem>) {
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (i, c) in cards.iter().enumerate() {
        let code = code_of(c, set_id).to_ascii_lowercase();
        if let Some(first) = seen.get(&code) {
            problems.push(
                CardProblem::new(origin, format!("duplicate id: card /card/{first} has the same set and number"))
                    .pointer(format!("/card/{i}/number"))
                    .card(code_of(c, set_id))
                    .field("number"),
            );
        } else {
            seen.insert(code, i);
        }
    }
}

/// Check one card; its problems go to `problems`, and the card comes back only if it has none.
fn check_card(
    e: &CardEntry,
    set_id: &str,
    base: &str,
    origin: &str,
    problems: &mut Vec<CardProblem>,
) -> Option<CardDef> {
    let before = problems.len();
    let code = code_of(e, set_id);
    let problem = |problems: &mut Vec<CardProblem>, path: &str, field: &str, message: String| {
        problems.push(CardProblem::new(origin, message).pointer(format!("{base}/{path}")).card(&code).field(field));
    };
    let set = e.set.clone().unwrap_or_else(|| set_id.to_string());
    if let Err(m) = check_set_id(&set) {
        problem(problems, "set", "set", m);
    }
    if !NUMBER_RANGE.contains(&e.number) {
        problem(problems, "number", "number", format!("collector number {} is out of range 1 to 999", e.number));
    }
    for (path, value) in
        [("name_en", &e.name_en), ("name_zh", &e.name_zh), ("text_en", &e.text_en), ("text_zh", &e.text_zh)]
    {
        if value.trim().is_empty() {
            problem(problems, path, path, format!("{path} is empty"));
        }
    }
    let power = match (e.card_type, e.power) {
        (CardType::Creature, Some(p)) if POWER_RANGE.contains(&p) => p as i8,
        (CardType::Creature, Some(p)) => {
            problem(problems, "power", "power", format!("power {p} is out of range 0 to 20"));
            0
        }
        (CardType::Creature, None) => {
            problem(problems, "power", "power", "a creature needs a power".into());
            0
        }
        (t, Some(_)) => {
            problem(problems, "power", "power", format!("only creatures have power, not a {}", t.names().0));
            0
        }
        (_, None) => 0,
    };
    if !VP_RANGE.contains(&e.vp) {
        problem(problems, "vp", "vp", format!("VP {} is out of range -10 to 10", e.vp));
    }
    let mut keywords = Keywords::default();
    for (j, k) in e.keywords.iter().enumerate() {
        if let Err(m) = keywords.add(k) {
            problem(problems, &format!("keywords/{j}"), &format!("keywords[{j}]"), m);
        }
    }
    let creature_only = [
        (keywords.team_up, "team_up"),
        (keywords.bear_hug, "bear_hug"),
        (keywords.sneak != 0, "sneak"),
        (keywords.resilient != 0, "resilient"),
        (keywords.only_dormant_targets, "only_dormant_targets"),
    ];
    if e.card_type != CardType::Creature {
        for (_, name) in creature_only.iter().filter(|(on, _)| *on) {
            problem(
                problems,
                "keywords",
                "keywords",
                format!("'{name}' would do nothing: only creatures fight (a {} never does)", e.card_type.names().0),
            );
        }
    }
    let mut abilities = Vec::new();
    for (j, text) in e.abilities.iter().enumerate() {
        let (path, field) = (format!("abilities/{j}"), format!("abilities[{j}]"));
        if text.contains(" || ") {
            problem(problems, &path, &field, "one ability per string: split it at ' || '".into());
            continue;
        }
        match text.split_once(':') {
            Some((_, body)) if body.trim().is_empty() => {
                problem(problems, &path, &field, format!("ability '{text}' has no steps: it would do nothing"));
                continue;
            }
            _ => {}
        }
        match parse_abilities(text) {
            Ok(a) if a.len() == 1 => abilities.extend(a),
            Ok(_) => problem(problems, &path, &field, "an ability is needed here, not an empty string".into()),
            Err(m) => problem(problems, &path, &field, m),
        }
    }
    // Play and leaves-play abilities resolve once each (the first of its kind): a second would
    // never run.
    for t in [Trigger::Play, Trigger::Leaves] {
        let of_kind: Vec<usize> = (0..abilities.len()).filter(|&j| abilities[j].trigger == t).collect();
        if let Some(&j) = of_kind.get(1) {
            let field = format!("abilities[{j}]");
            problem(problems, &format!("abilities/{j}"), &field, format!("a second {t:?} ability would never run"));
        }
    }
    // A card printed blank ("No rules text.", like 100 Nothing to See) is a deliberate blank.
    let blank = e.text_en.trim() == NO_RULES_TEXT;
    if e.card_type == CardType::Action {
        if !blank && !abilities.iter().any(|a| a.trigger == Trigger::Play) {
            problem(
                problems,
                "abilities",
                "abilities",
                "an action card needs a 'play:' ability: it would do nothing".into(),
            );
        }
        for (j, a) in abilities.iter().enumerate().filter(|(_, a)| a.trigger != Trigger::Play) {
            let field = format!("abilities[{j}]");
            problem(
                problems,
                &format!("abilities/{j}"),
                &field,
                format!("a {:?} ability on an action would never run: actions never stay in play", a.trigger),
            );
        }
    }
    if e.card_type == CardType::Relic {
        for (j, a) in abilities.iter().enumerate().filter(|(_, a)| matches!(a.trigger, Trigger::Wins | Trigger::Loses))
        {
            let field = format!("abilities[{j}]");
            problem(
                problems,
                &format!("abilities/{j}"),
                &field,
                format!("a {:?} ability on a relic would never run: relics never fight", a.trigger),
            );
        }
    }
    if !blank && !keywords.any() && e.abilities.is_empty() {
        problem(
            problems,
            "abilities",
            "abilities",
            format!("the card has rules text but no keyword or ability: it would do nothing (write '{NO_RULES_TEXT}' for none)"),
        );
    }
    if e.card_type == CardType::Relic && !blank && !keywords.any() && e.abilities.is_empty() {
        problem(problems, "abilities", "abilities", "a relic with no keyword or ability would do nothing".into());
    }
    if problems.len() > before {
        return None;
    }
    Some(CardDef {
        code: format!("{set} {:03}", e.number),
        set,
        number: e.number,
        name_en: e.name_en.clone(),
        name_zh: e.name_zh.clone(),
        card_type: e.card_type,
        power,
        vp: e.vp as i8,
        rarity: e.rarity,
        keywords,
        abilities,
        ability_text: e.abilities.iter().map(|s| s.trim().to_string()).collect(),
        text_en: e.text_en.clone(),
        text_zh: e.text_zh.clone(),
    })
}
