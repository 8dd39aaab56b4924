//! Card sets as values (design.md §2.6): a game is given the set it is played with, in its
//! options; the built-in set (Omega Codex, ST1) is only the default. A set is read from a file
//! in the game's documented format (TOML or JSON, one schema), and a set with any problem is
//! refused whole, one [`CardProblem`] per problem, naming the file, the place, the card and the
//! field.

use crate::present::CardInfo;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// The two spellings of a card-set file: the same schema either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardFormat {
    Toml,
    Json,
}

impl CardFormat {
    /// The format a file's extension names (`.toml`, `.json`).
    pub fn from_path(path: &Path) -> Option<CardFormat> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "toml" => Some(CardFormat::Toml),
            "json" => Some(CardFormat::Json),
            _ => None,
        }
    }
}

impl std::str::FromStr for CardFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "toml" => Ok(CardFormat::Toml),
            "json" => Ok(CardFormat::Json),
            other => Err(format!("unknown card-set format '{other}': choose toml or json")),
        }
    }
}

impl fmt::Display for CardFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CardFormat::Toml => "toml",
            CardFormat::Json => "json",
        })
    }
}

/// One thing wrong with a card-set file.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardProblem {
    /// The file (or `options.cards`, or a scenario's inline cards) the set came from.
    pub file: String,
    /// 1-based line and column, where the format can tell.
    pub line: Option<usize>,
    pub column: Option<usize>,
    /// A JSON pointer (RFC 6901) to the value at fault, where there is no line.
    pub pointer: Option<String>,
    /// The card's id or name.
    pub card: Option<String>,
    /// The field at fault (`cost`, `abilities[1].op`).
    pub field: Option<String>,
    pub message: String,
}

impl CardProblem {
    pub fn new(file: impl Into<String>, message: impl Into<String>) -> Self {
        CardProblem { file: file.into(), message: message.into(), ..Default::default() }
    }
    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.line = Some(line);
        self.column = Some(column);
        self
    }
    /// Place the problem at a byte offset of the file's text.
    pub fn at_offset(self, text: &str, offset: usize) -> Self {
        let (line, column) = crate::scenario::line_column(text, offset);
        self.at(line, column)
    }
    pub fn pointer(mut self, pointer: impl Into<String>) -> Self {
        self.pointer = Some(pointer.into());
        self
    }
    pub fn card(mut self, card: impl Into<String>) -> Self {
        self.card = Some(card.into());
        self
    }
    pub fn field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }
    /// A TOML syntax or type error, placed at its span.
    pub fn from_toml(file: &str, text: &str, e: &toml::de::Error) -> Self {
        let p = CardProblem::new(file, e.message().trim().replace('\n', " "));
        match e.span() {
            Some(span) => p.at_offset(text, span.start),
            None => p,
        }
    }
    /// A JSON syntax or type error, placed at its line and column.
    pub fn from_json(file: &str, e: &serde_json::Error) -> Self {
        let message = e.to_string();
        // serde_json appends " at line L column C"; the place goes in its own fields.
        let message = match message.rfind(" at line ") {
            Some(i) if e.line() > 0 => message[..i].to_string(),
            _ => message,
        };
        let p = CardProblem::new(file, message);
        if e.line() > 0 {
            p.at(e.line(), e.column())
        } else {
            p
        }
    }
}

impl fmt::Display for CardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, ":{l}:{c}")?,
            (Some(l), None) => write!(f, ":{l}")?,
            _ => {}
        }
        if let Some(p) = &self.pointer {
            write!(f, " at {p}")?;
        }
        write!(f, ":")?;
        if let Some(c) = &self.card {
            write!(f, " card '{c}'")?;
        }
        if let Some(field) = &self.field {
            write!(f, " field '{field}'")?;
        }
        if self.card.is_some() || self.field.is_some() {
            write!(f, ":")?;
        }
        write!(f, " {}", self.message)
    }
}

/// A refused set: every problem found, one line each when displayed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardSetError {
    pub problems: Vec<CardProblem>,
}

impl CardSetError {
    pub fn one(problem: CardProblem) -> Self {
        CardSetError { problems: vec![problem] }
    }
}

impl From<CardProblem> for CardSetError {
    fn from(p: CardProblem) -> Self {
        CardSetError::one(p)
    }
}

impl fmt::Display for CardSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for CardSetError {}

/// A game's card set: what [`crate::Game::Cards`] is.
pub trait CardSet: fmt::Debug + PartialEq + Send + Sync + Sized + 'static {
    /// False for [`NoCards`]: the game has no card-set file.
    const LOADABLE: bool = true;
    /// The game's built-in set, shared (built once).
    fn builtin() -> Arc<Self>;
    /// Read a set from a file's text; `origin` names the file in problems. Refused whole, with
    /// every problem found, if anything is wrong: no card that would silently do nothing.
    fn parse(text: &str, format: CardFormat, origin: &str) -> Result<Self, CardSetError>;
    /// Write the set in the format [`CardSet::parse`] reads; export → parse → export is identical.
    fn export(&self, format: CardFormat) -> String;
    /// This set with cards added or replaced (by id): a scenario's inline `[[card]]` tables,
    /// each a card as the file format writes it (as JSON).
    fn with_cards(&self, cards: &[Value], origin: &str) -> Result<Self, CardSetError>;
    /// Every card of the set, with its rules text in both languages.
    fn catalogue(&self) -> Vec<CardInfo>;
}

/// A game with no loadable card set: its cards are its rules (Fate Deduction's 56 tarot cards).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NoCards;

impl NoCards {
    fn refuse(origin: &str) -> CardSetError {
        CardSetError::one(CardProblem::new(
            origin,
            "this game has no card-set file: its cards are fixed by its rules (change them with its options)",
        ))
    }
}

impl CardSet for NoCards {
    const LOADABLE: bool = false;
    fn builtin() -> Arc<Self> {
        Arc::new(NoCards)
    }
    fn parse(_: &str, _: CardFormat, origin: &str) -> Result<Self, CardSetError> {
        Err(NoCards::refuse(origin))
    }
    fn export(&self, _: CardFormat) -> String {
        String::new()
    }
    fn with_cards(&self, _: &[Value], origin: &str) -> Result<Self, CardSetError> {
        Err(NoCards::refuse(origin))
    }
    fn catalogue(&self) -> Vec<CardInfo> {
        Vec::new()
    }
}

/// The set a game is played with, as an options field (`cards`): the built-in set unless a
/// file was loaded. It serializes as nothing for the built-in set (skip it with
/// `#[serde(default, skip_serializing_if = "Cards::is_builtin")]`) and as the set's JSON
/// document otherwise, so a replay or a stored table carries the set it was played with.
#[derive(Clone, Debug)]
pub struct Cards<T: CardSet> {
    set: Arc<T>,
    builtin: bool,
}

impl<T: CardSet> Cards<T> {
    pub fn builtin() -> Self {
        Cards { set: T::builtin(), builtin: true }
    }
    /// A loaded set (a built-in set loaded from its export counts as loaded).
    pub fn loaded(set: T) -> Self {
        Cards { set: Arc::new(set), builtin: false }
    }
    pub fn is_builtin(&self) -> bool {
        self.builtin
    }
    pub fn get(&self) -> &T {
        &self.set
    }
    pub fn arc(&self) -> &Arc<T> {
        &self.set
    }
    /// The set's JSON document, as [`CardSet::export`] writes it.
    pub fn to_json(&self) -> Value {
        serde_json::from_str(&self.set.export(CardFormat::Json)).unwrap_or(Value::Null)
    }
}

impl<T: CardSet> Default for Cards<T> {
    fn default() -> Self {
        Cards::builtin()
    }
}

impl<T: CardSet> std::ops::Deref for Cards<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.set
    }
}

impl<T: CardSet> PartialEq for Cards<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.set, &other.set) || *self.set == *other.set
    }
}

impl<T: CardSet> Serialize for Cards<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.builtin {
            s.serialize_none()
        } else {
            self.to_json().serialize(s)
        }
    }
}

impl<'de, T: CardSet> Deserialize<'de> for Cards<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        match v {
            Value::Null => Ok(Cards::builtin()),
            Value::String(s) if s == "builtin" => Ok(Cards::builtin()),
            v @ Value::Object(_) => T::parse(&v.to_string(), CardFormat::Json, "options.cards")
                .map(Cards::loaded)
                .map_err(|e| D::Error::custom(format!("card set: {}", e.to_string().replace('\n', "; ")))),
            _ => Err(D::Error::custom("cards: expected a card-set document (an object), \"builtin\" or null")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A set of named numbers: enough to test the wrapper.
    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Numbers {
        cards: Vec<(String, u32)>,
    }

    impl CardSet for Numbers {
        fn builtin() -> Arc<Self> {
            static B: std::sync::OnceLock<Arc<Numbers>> = std::sync::OnceLock::new();
            B.get_or_init(|| Arc::new(Numbers { cards: vec![("one".into(), 1)] })).clone()
        }
        fn parse(text: &str, format: CardFormat, origin: &str) -> Result<Self, CardSetError> {
            match format {
                CardFormat::Json => serde_json::from_str(text).map_err(|e| CardProblem::from_json(origin, &e).into()),
                CardFormat::Toml => toml::from_str(text).map_err(|e| CardProblem::from_toml(origin, text, &e).into()),
            }
        }
        fn export(&self, format: CardFormat) -> String {
            match format {
                CardFormat::Json => serde_json::to_string_pretty(self).unwrap(),
                CardFormat::Toml => toml::to_string(self).unwrap(),
            }
        }
        fn with_cards(&self, _: &[Value], origin: &str) -> Result<Self, CardSetError> {
            Err(CardProblem::new(origin, "not needed here").into())
        }
        fn catalogue(&self) -> Vec<CardInfo> {
            Vec::new()
        }
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Opts {
        #[serde(default, skip_serializing_if = "Cards::is_builtin")]
        cards: Cards<Numbers>,
    }

    #[test]
    fn builtin_set_is_not_written_and_a_loaded_one_round_trips() {
        let o = Opts { cards: Cards::builtin() };
        assert_eq!(serde_json::to_string(&o).unwrap(), "{}");
        let back: Opts = serde_json::from_str("{}").unwrap();
        assert!(back.cards.is_builtin());

        let loaded = Opts { cards: Cards::loaded(Numbers { cards: vec![("two".into(), 2)] }) };
        let json = serde_json::to_string(&loaded).unwrap();
        assert_eq!(json, r#"{"cards":{"cards":[["two",2]]}}"#);
        let back: Opts = serde_json::from_str(&json).unwrap();
        assert!(!back.cards.is_builtin());
        assert_eq!(back, loaded);
        assert_eq!(back.cards.cards[0].1, 2);
    }

    #[test]
    fn a_bad_set_in_options_is_refused_with_the_place() {
        let e = serde_json::from_str::<Opts>(r#"{"cards":{"cards":[["two","x"]]}}"#).unwrap_err();
        assert!(e.to_string().contains("options.cards:1:"), "{e}");
        let e = serde_json::from_str::<Opts>(r#"{"cards":3}"#).unwrap_err();
        assert!(e.to_string().contains("card-set document"), "{e}");
    }

    #[test]
    fn problems_are_one_line_each_naming_file_place_card_and_field() {
        let e = CardSetError {
            problems: vec![
                CardProblem::new("my.toml", "unknown op 'blast'").at(12, 7).card("ST1-003").field("abilities[0].op"),
                CardProblem::new("my.json", "duplicate id").pointer("/card/4/id"),
            ],
        };
        assert_eq!(
            e.to_string(),
            "my.toml:12:7: card 'ST1-003' field 'abilities[0].op': unknown op 'blast'\n\
             my.json at /card/4/id: duplicate id"
        );
        let text = "a = 1\nb = [\n";
        let t = toml::from_str::<toml::Value>(text).unwrap_err();
        let p = CardProblem::from_toml("f.toml", text, &t);
        assert_eq!(p.line, Some(3), "{p}");
        let j = serde_json::from_str::<Value>("{\n  \"a\": }").unwrap_err();
        let p = CardProblem::from_json("f.json", &j);
        assert_eq!((p.line, p.column), (Some(2), Some(8)), "{p}");
        assert!(!p.message.contains("at line"), "{p}");
    }

    #[test]
    fn formats_and_a_game_without_sets() {
        assert_eq!(CardFormat::from_path(Path::new("x/set.TOML")), Some(CardFormat::Toml));
        assert_eq!(CardFormat::from_path(Path::new("set.json")), Some(CardFormat::Json));
        assert_eq!(CardFormat::from_path(Path::new("set.txt")), None);
        assert_eq!("json".parse::<CardFormat>(), Ok(CardFormat::Json));
        assert!("yaml".parse::<CardFormat>().is_err());
        let e = NoCards::parse("", CardFormat::Toml, "fate.toml").unwrap_err();
        assert!(e.to_string().starts_with("fate.toml: this game has no card-set file"), "{e}");
    }
}
