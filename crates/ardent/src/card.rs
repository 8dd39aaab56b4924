//! One card (spec §2.3–§2.5): its type, rarity, state names, keywords and abilities. A set of
//! cards is a [`crate::carddb::CardDb`]; the file format is [`crate::cardfile`]. Effects are
//! parsed from the small vocabulary in [`crate::effect`].

use crate::effect::{Ability, Trigger};
use serde::{Deserialize, Serialize};

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
    /// Add one keyword as the card file writes it (`team_up`, `sneak 4`); an unknown word or a
    /// missing number is an error naming it.
    pub fn add(&mut self, item: &str) -> Result<(), String> {
        let item = item.trim();
        let mut parts = item.split_whitespace();
        let name = parts.next().unwrap_or_default();
        let mut number = || -> Result<i8, String> {
            let n = parts
                .next()
                .ok_or_else(|| format!("keyword '{item}' needs a number"))?
                .parse::<i8>()
                .map_err(|_| format!("keyword '{item}': bad number"))?;
            if n == 0 {
                return Err(format!("keyword '{item}' would do nothing"));
            }
            Ok(n)
        };
        let twice = || format!("keyword '{name}' is given twice");
        let flag = |f: &mut bool| if std::mem::replace(f, true) { Err(twice()) } else { Ok(()) };
        let num = |f: &mut i8, n: i8| if std::mem::replace(f, n) != 0 { Err(twice()) } else { Ok(()) };
        match name {
            "team_up" => flag(&mut self.team_up)?,
            "bear_hug" => flag(&mut self.bear_hug)?,
            "sneak" => num(&mut self.sneak, number()?)?,
            "resilient" => num(&mut self.resilient, number()?)?,
            "refill" => num(&mut self.refill, number()?)?,
            "opp_refill" => num(&mut self.opp_refill, number()?)?,
            "cannot_harvest" => flag(&mut self.cannot_harvest)?,
            "only_dormant_targets" => flag(&mut self.only_dormant_targets)?,
            "opp_no_actions" => flag(&mut self.opp_no_actions)?,
            "opp_only_creatures_while_active" => flag(&mut self.opp_only_creatures_while_active)?,
            "friendly_power" => num(&mut self.friendly_power, number()?)?,
            "friendly_team_up" => flag(&mut self.friendly_team_up)?,
            "friendly_sneak" => num(&mut self.friendly_sneak, number()?)?,
            "neds_ladder" => flag(&mut self.neds_ladder)?,
            other => return Err(format!("unknown keyword '{other}'")),
        }
        if item.split_whitespace().count()
            > if matches!(name, "sneak" | "resilient" | "refill" | "opp_refill" | "friendly_power" | "friendly_sneak") {
                2
            } else {
                1
            }
        {
            return Err(format!("keyword '{item}': unexpected words after it"));
        }
        Ok(())
    }

    /// The keywords as the card file writes them, in a fixed order ([`Keywords::add`] reads
    /// each back).
    pub fn words(&self) -> Vec<String> {
        let mut v = Vec::new();
        let flag = |v: &mut Vec<String>, on: bool, name: &str| {
            if on {
                v.push(name.to_string());
            }
        };
        let num = |v: &mut Vec<String>, n: i8, name: &str| {
            if n != 0 {
                v.push(format!("{name} {n}"));
            }
        };
        flag(&mut v, self.team_up, "team_up");
        flag(&mut v, self.bear_hug, "bear_hug");
        num(&mut v, self.sneak, "sneak");
        num(&mut v, self.resilient, "resilient");
        num(&mut v, self.refill, "refill");
        num(&mut v, self.opp_refill, "opp_refill");
        flag(&mut v, self.cannot_harvest, "cannot_harvest");
        flag(&mut v, self.only_dormant_targets, "only_dormant_targets");
        flag(&mut v, self.opp_no_actions, "opp_no_actions");
        flag(&mut v, self.opp_only_creatures_while_active, "opp_only_creatures_while_active");
        num(&mut v, self.friendly_power, "friendly_power");
        flag(&mut v, self.friendly_team_up, "friendly_team_up");
        num(&mut v, self.friendly_sneak, "friendly_sneak");
        flag(&mut v, self.neds_ladder, "neds_ladder");
        v
    }

    /// Whether the card has any keyword or constant ability.
    pub fn any(&self) -> bool {
        *self != Keywords::default()
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
    /// Each ability as the card file writes it (the effect vocabulary's text form).
    pub ability_text: Vec<String>,
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
