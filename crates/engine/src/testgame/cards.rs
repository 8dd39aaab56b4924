//! Pebbles' card set: the take sizes a seat may choose, one card each. The built-in set is
//! {1, 2, 3}; a set file (docs/formats.md, "Card sets") may give others (1 to 9, and always a
//! take of 1, so that every pile can be emptied), so that the
//! hosts' card-set paths (files, options, scenarios, replays, tables) are tested on a game
//! without a rules crate.
//!
//! ```toml
//! game = "pebbles"          # optional; names the game for `cardtable cards check`
//! [[card]]
//! id = "take2"
//! take = 2
//! name_en = "Take two"
//! name_zh = "拿两颗"
//! ```

use crate::cards::{CardFormat, CardProblem, CardSet, CardSetError};
use crate::label::Label;
use crate::present::CardInfo;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::{Arc, OnceLock};
use toml::Spanned;

/// The largest take a card may give (the notation is `take1` … `take9`).
pub const MAX_TAKE: u8 = 9;

/// One card: take this many pebbles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakeCard {
    pub id: String,
    pub take: u8,
    pub name_en: String,
    pub name_zh: String,
}

/// A Pebbles card set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PebbleCards {
    /// Always `pebbles` in a written file.
    #[serde(default)]
    pub game: Option<String>,
    #[serde(rename = "card")]
    pub cards: Vec<TakeCard>,
}

impl PebbleCards {
    /// The take sizes, smallest first.
    pub fn takes(&self) -> Vec<u8> {
        let mut t: Vec<u8> = self.cards.iter().map(|c| c.take).collect();
        t.sort_unstable();
        t
    }
    pub fn allows(&self, n: u8) -> bool {
        self.cards.iter().any(|c| c.take == n)
    }
    pub fn card_for(&self, n: u8) -> Option<&TakeCard> {
        self.cards.iter().find(|c| c.take == n)
    }
}

/// A card as the file writes it, with the place of each field in a TOML file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TomlCard {
    id: Spanned<String>,
    take: Spanned<i64>,
    name_en: Spanned<String>,
    name_zh: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TomlSet {
    #[serde(default)]
    game: Option<Spanned<String>>,
    #[serde(default)]
    card: Vec<TomlCard>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonCard {
    id: String,
    take: i64,
    name_en: String,
    name_zh: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonSet {
    #[serde(default)]
    game: Option<String>,
    #[serde(default)]
    card: Vec<JsonCard>,
}

/// Where a card came from, to place its problems.
enum Place<'a> {
    /// Byte offsets of id, take, name_en, name_zh in the TOML text.
    Toml(&'a str, [usize; 4]),
    /// The card's index; `prefix` is the pointer to the list (`/card`, or `` for inline cards).
    Json(&'static str, usize),
}

struct Raw<'a> {
    id: String,
    take: i64,
    name_en: String,
    name_zh: String,
    place: Place<'a>,
}

const FIELDS: [&str; 4] = ["id", "take", "name_en", "name_zh"];

impl Raw<'_> {
    fn problem(&self, origin: &str, field: usize, message: String) -> CardProblem {
        let p = CardProblem::new(origin, message).field(FIELDS[field]);
        let p = if self.id.trim().is_empty() { p } else { p.card(self.id.clone()) };
        match &self.place {
            Place::Toml(text, at) => p.at_offset(text, at[field]),
            Place::Json(prefix, i) => p.pointer(format!("{prefix}/{i}/{}", FIELDS[field])),
        }
    }
}

fn from_toml_card(text: &str, c: TomlCard) -> Raw<'_> {
    let at = [c.id.span().start, c.take.span().start, c.name_en.span().start, c.name_zh.span().start];
    Raw {
        id: c.id.into_inner(),
        take: c.take.into_inner(),
        name_en: c.name_en.into_inner(),
        name_zh: c.name_zh.into_inner(),
        place: Place::Toml(text, at),
    }
}

fn from_json_card(prefix: &'static str, i: usize, c: JsonCard) -> Raw<'static> {
    Raw { id: c.id, take: c.take, name_en: c.name_en, name_zh: c.name_zh, place: Place::Json(prefix, i) }
}

/// Every problem of these cards, or the set.
fn check(
    raws: Vec<Raw<'_>>,
    origin: &str,
    at_set: impl Fn(CardProblem) -> CardProblem,
) -> Result<PebbleCards, CardSetError> {
    let mut problems = Vec::new();
    if raws.is_empty() {
        problems.push(at_set(CardProblem::new(origin, "a set needs at least one card ([[card]])")));
    }
    for (i, r) in raws.iter().enumerate() {
        if r.id.trim().is_empty() {
            problems.push(r.problem(origin, 0, "the id is empty".into()));
        } else if raws[..i].iter().any(|o| o.id == r.id) {
            problems.push(r.problem(origin, 0, format!("another card already has the id '{}'", r.id)));
        }
        if !(1..=i64::from(MAX_TAKE)).contains(&r.take) {
            problems.push(r.problem(origin, 1, format!("take must be 1 to {MAX_TAKE}, not {}", r.take)));
        } else if raws[..i].iter().any(|o| o.take == r.take) {
            problems.push(r.problem(origin, 1, format!("another card already takes {}", r.take)));
        }
        if r.name_en.trim().is_empty() {
            problems.push(r.problem(origin, 2, "the English name is empty".into()));
        }
        if r.name_zh.trim().is_empty() {
            problems.push(r.problem(origin, 3, "the Chinese name is empty".into()));
        }
    }
    // Without a take of one a pile smaller than every take could not be emptied, and the seat
    // to act would have no legal action.
    if !raws.is_empty() && !raws.iter().any(|r| r.take == 1) {
        problems.push(at_set(CardProblem::new(
            origin,
            "a set needs a card that takes 1 (else a small pile could not be emptied)",
        )));
    }
    if !problems.is_empty() {
        return Err(CardSetError { problems });
    }
    Ok(PebbleCards {
        game: Some("pebbles".into()),
        cards: raws
            .into_iter()
            .map(|r| TakeCard { id: r.id, take: r.take as u8, name_en: r.name_en, name_zh: r.name_zh })
            .collect(),
    })
}

fn wrong_game(origin: &str, game: &str) -> CardProblem {
    CardProblem::new(origin, format!("this is a card set for '{game}', not for 'pebbles'")).field("game")
}

impl CardSet for PebbleCards {
    fn builtin() -> Arc<Self> {
        static BUILTIN: OnceLock<Arc<PebbleCards>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                let card = |n: u8, en: &str, zh: &str| TakeCard {
                    id: format!("take{n}"),
                    take: n,
                    name_en: en.into(),
                    name_zh: zh.into(),
                };
                Arc::new(PebbleCards {
                    game: Some("pebbles".into()),
                    cards: vec![
                        card(1, "Take one", "拿一颗"),
                        card(2, "Take two", "拿两颗"),
                        card(3, "Take three", "拿三颗"),
                    ],
                })
            })
            .clone()
    }

    fn parse(text: &str, format: CardFormat, origin: &str) -> Result<Self, CardSetError> {
        match format {
            CardFormat::Toml => {
                let set: TomlSet = toml::from_str(text).map_err(|e| CardProblem::from_toml(origin, text, &e))?;
                if let Some(g) = set.game.as_ref().filter(|g| g.get_ref() != "pebbles") {
                    return Err(wrong_game(origin, g.get_ref()).at_offset(text, g.span().start).into());
                }
                let raws = set.card.into_iter().map(|c| from_toml_card(text, c)).collect();
                check(raws, origin, |p| p.at(1, 1))
            }
            CardFormat::Json => {
                let set: JsonSet = serde_json::from_str(text).map_err(|e| CardProblem::from_json(origin, &e))?;
                if let Some(g) = set.game.as_ref().filter(|g| *g != "pebbles") {
                    return Err(wrong_game(origin, g).pointer("/game").into());
                }
                let raws = set.card.into_iter().enumerate().map(|(i, c)| from_json_card("/card", i, c)).collect();
                check(raws, origin, |p| p.pointer("/card"))
            }
        }
    }

    fn export(&self, format: CardFormat) -> String {
        let out = PebbleCards { game: Some("pebbles".into()), cards: self.cards.clone() };
        match format {
            // Neither can fail: the set is strings and small numbers.
            CardFormat::Toml => toml::to_string(&out).unwrap_or_default(),
            CardFormat::Json => serde_json::to_string_pretty(&out).unwrap_or_default() + "\n",
        }
    }

    fn with_cards(&self, cards: &[Value], origin: &str) -> Result<Self, CardSetError> {
        let mut problems = Vec::new();
        let mut added = Vec::new();
        for (i, v) in cards.iter().enumerate() {
            match serde_json::from_value::<JsonCard>(v.clone()) {
                Ok(c) => added.push(from_json_card("", i, c)),
                Err(e) => {
                    let p = CardProblem::new(origin, e.to_string()).pointer(format!("/{i}"));
                    problems.push(match v.get("id").and_then(Value::as_str) {
                        Some(id) => p.card(id),
                        None => p,
                    });
                }
            }
        }
        if !problems.is_empty() {
            return Err(CardSetError { problems });
        }
        // The set's own cards, with the inline ones replacing those of the same id.
        let mut raws: Vec<Raw<'static>> = self
            .cards
            .iter()
            .filter(|c| !added.iter().any(|a| a.id == c.id))
            .enumerate()
            .map(|(i, c)| Raw {
                id: c.id.clone(),
                take: i64::from(c.take),
                name_en: c.name_en.clone(),
                name_zh: c.name_zh.clone(),
                place: Place::Json("/base", i),
            })
            .collect();
        raws.extend(added);
        check(raws, origin, |p| p)
    }

    fn catalogue(&self) -> Vec<CardInfo> {
        let mut out = vec![pile_card()];
        for c in &self.cards {
            out.push(CardInfo {
                key: c.id.clone(),
                name_en: c.name_en.clone(),
                name_zh: c.name_zh.clone(),
                type_en: "Take".into(),
                type_zh: "拿取".into(),
                power: Some(i64::from(c.take)),
                keywords: vec![Label::new("Take", "拿取")],
                text_en: format!("Take {} pebble{} from the pile.", c.take, if c.take == 1 { "" } else { "s" }),
                text_zh: format!("从石子堆拿 {} 颗石子。", c.take),
                ..Default::default()
            });
        }
        out
    }
}

/// The pile every view points at.
pub fn pile_card() -> CardInfo {
    CardInfo {
        key: "pile".into(),
        name_en: "Pile".into(),
        name_zh: "石子堆".into(),
        type_en: "Pile".into(),
        type_zh: "堆".into(),
        text_en: "Whoever takes the last pebble wins.".into(),
        text_zh: "拿走最后一颗石子的人获胜。".into(),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_set_exports_and_reads_back_identically_in_both_formats() {
        let b = PebbleCards::builtin();
        for f in [CardFormat::Toml, CardFormat::Json] {
            let text = b.export(f);
            let back = PebbleCards::parse(&text, f, "x").unwrap();
            assert_eq!(&back, b.as_ref());
            assert_eq!(back.export(f), text, "{f}: export → parse → export");
        }
        assert_eq!(b.takes(), vec![1, 2, 3]);
    }

    #[test]
    fn every_problem_is_named_with_its_line_card_and_field() {
        let text = "[[card]]\nid = \"a\"\ntake = 0\nname_en = \"A\"\nname_zh = \"\"\n\n\
                    [[card]]\nid = \"a\"\ntake = 4\nname_en = \"B\"\nname_zh = \"乙\"\n";
        let e = PebbleCards::parse(text, CardFormat::Toml, "bad.toml").unwrap_err();
        let lines: Vec<String> = e.problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            lines,
            [
                "bad.toml:3:8: card 'a' field 'take': take must be 1 to 9, not 0",
                "bad.toml:5:11: card 'a' field 'name_zh': the Chinese name is empty",
                "bad.toml:8:6: card 'a' field 'id': another card already has the id 'a'",
                "bad.toml:1:1: a set needs a card that takes 1 (else a small pile could not be emptied)",
            ]
        );
        let e = PebbleCards::parse(
            r#"{"card":[{"id":"x","take":12,"name_en":"X","name_zh":"叉"}]}"#,
            CardFormat::Json,
            "b.json",
        )
        .unwrap_err();
        assert_eq!(
            e.problems[0].to_string(),
            "b.json at /card/0/take: card 'x' field 'take': take must be 1 to 9, not 12"
        );
        assert_eq!(e.problems[1].pointer.as_deref(), Some("/card"));
        let e = PebbleCards::parse(
            "[[card]]\nid = \"x\"\ntake = 1\nname_en = \"X\"\nname_zh = \"叉\"\nblast = 1\n",
            CardFormat::Toml,
            "u.toml",
        )
        .unwrap_err();
        assert!(e.to_string().starts_with("u.toml:6:1:") && e.to_string().contains("blast"), "{e}");
        let e = PebbleCards::parse("game = \"ardent\"\n", CardFormat::Toml, "g.toml").unwrap_err();
        assert_eq!(e.to_string(), "g.toml:1:8: field 'game': this is a card set for 'ardent', not for 'pebbles'");
        let e = PebbleCards::parse("", CardFormat::Toml, "e.toml").unwrap_err();
        assert!(e.to_string().contains("at least one card"), "{e}");
    }

    #[test]
    fn inline_cards_add_or_replace_by_id_and_bad_ones_are_refused() {
        let b = PebbleCards::builtin();
        let five = serde_json::json!({"id": "take5", "take": 5, "name_en": "Take five", "name_zh": "拿五颗"});
        let s = b.with_cards(&[five], "inline").unwrap();
        assert_eq!(s.takes(), vec![1, 2, 3, 5]);
        let two_is_four = serde_json::json!({"id": "take2", "take": 4, "name_en": "Four", "name_zh": "四"});
        let s = b.with_cards(&[two_is_four], "inline").unwrap();
        assert_eq!(s.takes(), vec![1, 3, 4]);
        let clash = serde_json::json!({"id": "other", "take": 1, "name_en": "One", "name_zh": "一"});
        let e = b.with_cards(&[clash], "inline").unwrap_err();
        assert_eq!(e.to_string(), "inline at /0/take: card 'other' field 'take': another card already takes 1");
        let e = b.with_cards(&[serde_json::json!({"id": "q"})], "inline").unwrap_err();
        assert!(e.to_string().starts_with("inline at /0: card 'q': missing field"), "{e}");
    }
}
