//! Presentation is part of the contract (design.md §2), so that no client guesses: what an
//! action does and which cards it is about, what a decision point asks and for which card,
//! what a log event says happened, what each rules option means, and every card's text.
//!
//! Every client — the browser, the terminal, the replay viewer — draws from these values; none
//! of them splits notation to find a card.

use crate::label::Label;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// What an action does, for clients that draw it (a button style, a click on the board).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// Put a card into play (cast, deploy, play from hand).
    Play,
    /// Declare an attack or a fight.
    Attack,
    /// Move a card between places on the board (a unit to a battlefield, a card to the lineup).
    Move,
    /// Use an ability of a card already in play (activate, harvest, exhaust for an effect).
    Activate,
    /// Pick a card (or player) as the target of an effect.
    Target,
    /// Pick one of several options of an effect or rule ("choose one", yes/no, order).
    Choose,
    /// Pay a cost.
    Pay,
    /// Pass priority, end a step or a turn, decline.
    Pass,
    /// Confirm a choice made of several picks.
    Confirm,
    /// Take back the current decision (cancel, back).
    Cancel,
    /// A setup decision (mulligan, first player, lineup before the game).
    Setup,
    /// Concede, offer or accept a draw.
    Concede,
    #[default]
    Other,
}

/// A card as views, actions, prompts and log lines name it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardRef {
    /// The instance: the `id` the card carries in the game's view, so a client can find it on
    /// the board. Empty where the card is not on the board (a card named by the rules).
    pub id: String,
    /// Its catalogue key (the `key` of [`CardInfo`]); `None` where the viewer may not know
    /// which card it is (a face-down card).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
}

impl CardRef {
    /// A card on the board whose face the viewer may see.
    pub fn new(id: impl Into<String>, card: impl Into<String>) -> Self {
        CardRef { id: id.into(), card: Some(card.into()) }
    }
    /// A card on the board whose face the viewer may not see.
    pub fn hidden(id: impl Into<String>) -> Self {
        CardRef { id: id.into(), card: None }
    }
    /// A card named by the rules (a catalogue entry), not a card on the board.
    pub fn of_card(card: impl Into<String>) -> Self {
        CardRef { id: String::new(), card: Some(card.into()) }
    }
}

/// What an action is, besides its notation and label.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionMeta {
    pub kind: ActionKind,
    /// The card that acts or is played.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<CardRef>,
    /// The cards the action aims at (targets, the defender, the chosen card).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<CardRef>,
    /// The [`Prompt::id`] this action answers, where it is a choice inside an effect or rule.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answers: Option<String>,
}

impl ActionMeta {
    pub fn of(kind: ActionKind) -> Self {
        ActionMeta { kind, ..Default::default() }
    }
    pub fn subject(mut self, card: CardRef) -> Self {
        self.subject = Some(card);
        self
    }
    pub fn target(mut self, card: CardRef) -> Self {
        self.targets.push(card);
        self
    }
    pub fn answers(mut self, prompt: impl Into<String>) -> Self {
        self.answers = Some(prompt.into());
        self
    }
}

/// What the seat to act is deciding now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    /// A stable name for this kind of decision (`priority`, `target`, `pay`, `mulligan`, …),
    /// which [`ActionMeta::answers`] refers to.
    pub id: String,
    /// What is being decided and what for, as a sentence ("Choose a unit for Firebolt to deal
    /// 2 damage to").
    pub title: Label,
    /// The card or effect the decision belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<CardRef>,
    /// How many more picks this decision takes, where it takes several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picks_left: Option<u32>,
    /// The notation of the legal action that takes back this decision, where the rules allow it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cancel: Option<String>,
}

impl Prompt {
    pub fn new(id: impl Into<String>, title: Label) -> Self {
        Prompt { id: id.into(), title, ..Default::default() }
    }
    pub fn source(mut self, card: CardRef) -> Self {
        self.source = Some(card);
        self
    }
    pub fn picks_left(mut self, n: u32) -> Self {
        self.picks_left = Some(n);
        self
    }
    pub fn cancel(mut self, notation: impl Into<String>) -> Self {
        self.cancel = Some(notation.into());
        self
    }
}

/// What kind of thing a log line reports, for separators and styling.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    /// A new turn (or round, or ply) begins: clients draw a separator.
    Turn,
    /// A new phase or step begins.
    Phase,
    /// A player did something (played, attacked, moved, chose).
    Action,
    /// Damage dealt, might or power changed.
    Damage,
    /// A card died, was destroyed or discarded by the rules.
    Death,
    /// Points or score changed, a battlefield conquered or held.
    Score,
    /// Cards drawn, revealed, shuffled or moved between hidden zones.
    Card,
    /// The game ended.
    End,
    #[default]
    Info,
}

/// A log event as people read it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventText {
    pub kind: EventKind,
    /// What happened, in words, naming only what the event's viewers may see.
    pub label: Label,
    /// The cards the line names, in the order it names them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardRef>,
}

impl EventText {
    pub fn new(kind: EventKind, label: Label) -> Self {
        EventText { kind, label, cards: Vec::new() }
    }
    pub fn card(mut self, card: CardRef) -> Self {
        self.cards.push(card);
        self
    }
}

/// One choice of a rules option.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionChoice {
    pub value: Value,
    pub label: Label,
}

/// A rules option as the table creation form shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptionInfo {
    /// The field of the game's options JSON (a top-level key).
    pub key: String,
    pub name: Label,
    pub description: Label,
    /// The spec's default.
    pub default: Value,
    /// The values the option takes; empty for a number or free value (see `min`/`max`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub choices: Vec<OptionChoice>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
}

impl OptionInfo {
    pub fn new(key: impl Into<String>, name: Label, description: Label, default: Value) -> Self {
        OptionInfo { key: key.into(), name, description, default, choices: Vec::new(), min: None, max: None }
    }
    pub fn choice(mut self, value: impl Into<Value>, label: Label) -> Self {
        self.choices.push(OptionChoice { value: value.into(), label });
        self
    }
    /// A yes/no option.
    pub fn yes_no(self) -> Self {
        self.choice(true, Label::new("Yes", "是")).choice(false, Label::new("No", "否"))
    }
    pub fn range(mut self, min: i64, max: i64) -> Self {
        self.min = Some(min);
        self.max = Some(max);
        self
    }
}

/// One card (or token, legend, battlefield, court card) of the set a game is played with.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CardInfo {
    /// The catalogue key views name the card by (their `card` field).
    pub key: String,
    pub name_en: String,
    pub name_zh: String,
    /// Card type as printed ("Unit", "Creature", "Queen").
    #[serde(rename = "type")]
    pub type_en: String,
    pub type_zh: String,
    /// The cost as printed ("3", "2R", "1 + 1 pip"), where the card has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    /// Might, power or value, where the card has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i64>,
    /// What the game calls `power` ("Might" / "战力" in Riftbound); `None`: "Power" / "力量".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power_name: Option<Label>,
    #[serde(default)]
    pub keywords: Vec<Label>,
    /// The full rules text.
    pub text_en: String,
    pub text_zh: String,
    /// Game-specific fields (rarity, domain, set number, …).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl CardInfo {
    /// The name of the `power` figure for people: the game's own, or "Power" / "力量".
    pub fn power_label(&self) -> Label {
        self.power_name.clone().unwrap_or_else(|| Label::new("Power", "力量"))
    }
    /// A game-specific field.
    pub fn with(mut self, field: &str, value: impl Into<Value>) -> Self {
        self.extra.insert(field.to_string(), value.into());
        self
    }
}

/// Checks a catalogue is complete: every key once, every name and text in both languages.
/// Each game's tests call it over its catalogue; the server's tests over the endpoint.
pub fn check_catalogue(cards: &[CardInfo]) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    let mut problems = Vec::new();
    for c in cards {
        if c.key.is_empty() {
            problems.push(format!("a card named '{}' has no key", c.name_en));
        }
        if !seen.insert(c.key.as_str()) {
            problems.push(format!("key '{}' appears twice", c.key));
        }
        for (field, v) in
            [("name_en", &c.name_en), ("name_zh", &c.name_zh), ("type", &c.type_en), ("type_zh", &c.type_zh)]
        {
            if v.trim().is_empty() {
                problems.push(format!("{}: {field} is empty", c.key));
            }
        }
        if c.text_en.trim().is_empty() != c.text_zh.trim().is_empty() {
            problems.push(format!("{}: rules text is given in one language only", c.key));
        }
        for k in &c.keywords {
            if k.en.trim().is_empty() || k.zh.trim().is_empty() {
                problems.push(format!("{}: a keyword lacks a name in one language", c.key));
            }
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(key: &str) -> CardInfo {
        CardInfo {
            key: key.into(),
            name_en: "Ace".into(),
            name_zh: "王牌".into(),
            type_en: "Unit".into(),
            type_zh: "单位".into(),
            ..Default::default()
        }
    }

    #[test]
    fn catalogue_check_finds_duplicate_keys_and_missing_chinese() {
        assert!(check_catalogue(&[card("a"), card("b")]).is_ok());
        let err = check_catalogue(&[card("a"), card("a")]).unwrap_err();
        assert!(err.contains("'a' appears twice"), "{err}");
        let mut c = card("c");
        c.name_zh.clear();
        c.text_en = "Deal 2.".into();
        let err = check_catalogue(&[c]).unwrap_err();
        assert!(err.contains("c: name_zh is empty") && err.contains("one language only"), "{err}");
    }

    #[test]
    fn card_info_serialises_in_the_catalogue_shape() {
        let v = serde_json::to_value(card("k").with("rarity", "Rare")).unwrap();
        assert_eq!(v["type"], "Unit");
        assert_eq!(v["rarity"], "Rare");
        assert_eq!(v["name_zh"], "王牌");
        let back: CardInfo = serde_json::from_value(v).unwrap();
        assert_eq!(back, card("k").with("rarity", "Rare"));
    }

    #[test]
    fn action_meta_omits_what_it_lacks() {
        let v = serde_json::to_value(ActionMeta::of(ActionKind::Pass)).unwrap();
        assert_eq!(v, serde_json::json!({"kind": "pass"}));
        let v = serde_json::to_value(
            ActionMeta::of(ActionKind::Target).subject(CardRef::new("7", "firebolt")).target(CardRef::hidden("9")),
        )
        .unwrap();
        assert_eq!(v["subject"], serde_json::json!({"id": "7", "card": "firebolt"}));
        assert_eq!(v["targets"], serde_json::json!([{"id": "9"}]));
    }
}
