//! Card definitions (CR 131–187) read from `data/st1.toml` and the effect vocabulary that the data
//! uses (documented in docs/riftbound.md). Cards are data; the interpreter is `resolve.rs`.

use serde::Deserialize;
use std::sync::OnceLock;

/// Index of a card definition in [`CardDb::cards`].
pub type DefId = u16;

/// The six domains (CR 134), as bit positions of a domain mask.
pub const DOMAINS: [&str; 6] = ["fury", "calm", "mind", "body", "chaos", "order"];
pub const DOMAIN_LETTERS: [char; 6] = ['R', 'G', 'B', 'O', 'P', 'Y'];
pub const ANY_DOMAIN: u8 = 0b11_1111;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Unit,
    Spell,
    Gear,
    Legend,
    Battlefield,
    Rune,
    Token,
}

/// Keyword and property flags (CR 805–829 and card-specific statics).
pub mod kw {
    pub const ACCELERATE: u32 = 1;
    pub const ACTION: u32 = 1 << 1;
    pub const REACTION: u32 = 1 << 2;
    pub const TANK: u32 = 1 << 3;
    pub const BACKLINE: u32 = 1 << 4;
    pub const GANKING: u32 = 1 << 5;
    pub const HIDDEN: u32 = 1 << 6;
    pub const TEMPORARY: u32 = 1 << 7;
    pub const VISION: u32 = 1 << 8;
    pub const AMBUSH: u32 = 1 << 9;
    /// "Your Cadets have +1 Might" (ST1-027).
    pub const CADET_LORD: u32 = 1 << 10;
    /// Gear: "[E]: [Reaction] Add 1 Mind or Order Power" (ST1-045).
    pub const ADD_MIND_ORDER: u32 = 1 << 11;
    /// Gear: "[E]: [Reaction] Add 1 Power of any domain" (ST1-094).
    pub const ADD_ANY: u32 = 1 << 12;
    /// Battlefield: hiding here costs nothing (ST1-049).
    pub const FREE_HIDE: u32 = 1 << 13;
    /// Battlefield: units can't move here from another battlefield (ST1-097).
    pub const NO_MOVE_FROM_BF: u32 = 1 << 14;

    pub fn parse(s: &str) -> Option<u32> {
        Some(match s {
            "accelerate" => ACCELERATE,
            "action" => ACTION,
            "reaction" => REACTION,
            "tank" => TANK,
            "backline" => BACKLINE,
            "ganking" => GANKING,
            "hidden" => HIDDEN,
            "temporary" => TEMPORARY,
            "vision" => VISION,
            "ambush" => AMBUSH,
            "cadet_lord" => CADET_LORD,
            "add_mind_order" => ADD_MIND_ORDER,
            "add_any" => ADD_ANY,
            "free_hide" => FREE_HIDE,
            "no_move_from_bf" => NO_MOVE_FROM_BF,
            _ => return None,
        })
    }
}

/// When an ability applies (CR 376–385). `Spell` is a spell's own text; `Activated` has a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum On {
    Spell,
    Activated,
    /// Play effect (CR 383.4.a): when this permanent is played.
    Play,
    /// Attack / defend triggers (CR 383.4.e–f).
    Attack,
    Defend,
    /// Deathknell (CR 808).
    Deathknell,
    /// Conquer / hold effects (CR 383.4.c–d): units at the scored battlefield, or the battlefield.
    ConquerHere,
    HoldHere,
    YouDiscard,
    YouPlayMighty,
    MovedBfToBf,
    UnitMovedHereFromBf,
    FriendlyCadetDies,
    MightyAttacksHere,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    #[default]
    Normal,
    Action,
    Reaction,
}

/// A leading cost of a triggered ability ("you may X to Y", CR 383.3.b), paid at finalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lead {
    Discard,
    ExhaustSelf,
    RecycleHand,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum What {
    #[default]
    Unit,
    Spell,
    Battlefield,
    /// Your base or a battlefield (with `controlled`: one you control).
    Place,
    /// A destination for the unit chosen in slot `dest_of` (CR 355.5, 447).
    Destination,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    #[default]
    Any,
    Friendly,
    Enemy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum At {
    #[default]
    Any,
    Battlefield,
    Here,
    Base,
}

/// One target slot of a spell or ability (CR 355.6–355.14).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct TargetSpec {
    pub what: What,
    pub side: Side,
    pub at: At,
    pub exhausted: bool,
    pub mighty: bool,
    pub attacking: bool,
    pub where_you_attack: bool,
    pub other: bool,
    pub max_might: Option<i32>,
    /// 0: exactly one; N: up to N different objects (zero allowed, CR 355.13).
    pub up_to: u8,
    pub dest_of: u8,
    pub battlefield_only: bool,
    pub controlled: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    Draw,
    Discard,
    DiscardHand,
    Damage,
    DamageEach,
    Kill,
    Stun,
    Ready,
    ReadySelf,
    Might,
    MightEach,
    BuffEach,
    ReturnHand,
    Counter,
    Cadet,
    Channel,
    Move,
    RecycleHand,
    Save,
}

impl Op {
    /// Whether the instruction acts on the target in its slot `t` (the others act on players,
    /// the source or everything at once).
    pub fn aims_at_target(self) -> bool {
        matches!(
            self,
            Op::Damage
                | Op::Kill
                | Op::Stun
                | Op::Ready
                | Op::Might
                | Op::ReturnHand
                | Op::Counter
                | Op::Move
                | Op::Save
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    #[default]
    None,
    #[serde(rename = "self")]
    Self_,
    EnemyHere,
    OtherFriendlyHere,
    FriendlyHere,
    FriendlyAtT,
    EnemyAtT,
    OtherEnemyAtT,
    DefendersHere,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum To {
    #[default]
    None,
    Here,
    Base,
    OwnerBase,
    T0,
    T1,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Cond {
    #[default]
    Always,
    Legion,
    HandEmpty,
    ControlMighty,
    NoMighty,
    TMighty,
    TStunned,
    TNotStunned,
    UnitAtT,
}

/// One instruction (CR 359.3): executed top to bottom on resolution.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Instr {
    pub op: Op,
    #[serde(default)]
    pub n: i32,
    /// Target slot; 9 = the trigger's subject (e.g. the unit that moved).
    #[serde(default)]
    pub t: u8,
    #[serde(default)]
    pub who: Who,
    #[serde(default)]
    pub to: To,
    #[serde(default, rename = "if")]
    pub cond: Cond,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    pub on: On,
    #[serde(default)]
    pub may: bool,
    #[serde(default)]
    pub lead: Option<Lead>,
    /// A [Legion] dependent ability (CR 812): active only if you finalized another card this turn.
    #[serde(default)]
    pub legion: bool,
    #[serde(default)]
    pub cost_energy: u8,
    #[serde(default)]
    pub cost_exhaust: bool,
    /// "As an additional cost, discard a card" / "discard a card:" (CR 204.2).
    #[serde(default)]
    pub extra_discard: bool,
    #[serde(default)]
    pub speed: Speed,
    #[serde(default)]
    pub targets: Vec<TargetSpec>,
    #[serde(default, rename = "do")]
    pub effects: Vec<Instr>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCard {
    id: String,
    name: String,
    zh: String,
    kind: Kind,
    #[serde(default)]
    champion: bool,
    #[serde(default)]
    signature: bool,
    #[serde(default)]
    equipment: bool,
    #[serde(default)]
    domains: Vec<String>,
    #[serde(default)]
    energy: u8,
    #[serde(default)]
    pips: Vec<String>,
    #[serde(default)]
    might: i32,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    assault: i32,
    #[serde(default)]
    shield: i32,
    #[serde(default)]
    deflect: u8,
    #[serde(default)]
    might_bonus: i32,
    #[serde(default)]
    equip: Option<u8>,
    #[serde(default)]
    tags: Vec<String>,
    text: String,
    #[serde(default, rename = "ability")]
    abilities: Vec<Ability>,
}

#[derive(Deserialize)]
struct RawFile {
    card: Vec<RawCard>,
}

/// A card definition.
#[derive(Clone, Debug)]
pub struct CardDef {
    pub id: String,
    pub name: String,
    pub zh: String,
    pub kind: Kind,
    pub champion: bool,
    pub signature: bool,
    pub equipment: bool,
    /// Domain mask (bit i = DOMAINS[i]).
    pub domains: u8,
    pub energy: u8,
    /// Power pips, each a mask of the domains that may pay it (CR 135.2.e.6.c).
    pub pips: Vec<u8>,
    pub might: i32,
    pub keywords: u32,
    pub assault: i32,
    pub shield: i32,
    pub deflect: u8,
    pub might_bonus: i32,
    pub equip: Option<u8>,
    pub tags: Vec<String>,
    pub text: String,
    pub abilities: Vec<Ability>,
}

impl CardDef {
    pub fn has(&self, k: u32) -> bool {
        self.keywords & k != 0
    }
    pub fn is_unit(&self) -> bool {
        matches!(self.kind, Kind::Unit | Kind::Token)
    }
    pub fn is_permanent(&self) -> bool {
        matches!(self.kind, Kind::Unit | Kind::Token | Kind::Gear)
    }
    pub fn is_main_deck(&self) -> bool {
        matches!(self.kind, Kind::Unit | Kind::Spell | Kind::Gear)
    }
    pub fn has_tag(&self, t: &str) -> bool {
        self.tags.iter().any(|x| x == t)
    }
    pub fn ability_on(&self, on: On) -> impl Iterator<Item = (usize, &Ability)> {
        self.abilities.iter().enumerate().filter(move |(_, a)| a.on == on)
    }
    pub fn spell_ability(&self) -> Option<&Ability> {
        self.abilities.iter().find(|a| a.on == On::Spell)
    }
}

pub struct CardDb {
    pub cards: Vec<CardDef>,
    pub cadet: DefId,
}

pub fn domain_mask(s: &str) -> Result<u8, String> {
    let mut m = 0u8;
    for part in s.split('/') {
        let i = DOMAIN_LETTERS
            .iter()
            .position(|c| part.len() == 1 && part.starts_with(*c))
            .or_else(|| DOMAINS.iter().position(|d| *d == part))
            .ok_or_else(|| format!("unknown domain '{part}'"))?;
        m |= 1 << i;
    }
    Ok(m)
}

impl CardDb {
    pub fn parse(text: &str) -> Result<CardDb, String> {
        let raw: RawFile = toml::from_str(text).map_err(|e| format!("card data: {e}"))?;
        let mut cards = Vec::new();
        for r in raw.card {
            let mut domains = 0;
            for d in &r.domains {
                domains |= domain_mask(d).map_err(|e| format!("{}: {e}", r.id))?;
            }
            let pips = r.pips.iter().map(|p| domain_mask(p)).collect::<Result<Vec<_>, _>>()?;
            let mut keywords = 0;
            for k in &r.keywords {
                keywords |= kw::parse(k).ok_or_else(|| format!("{}: unknown keyword '{k}'", r.id))?;
            }
            cards.push(CardDef {
                id: r.id,
                name: r.name,
                zh: r.zh,
                kind: r.kind,
                champion: r.champion,
                signature: r.signature,
                equipment: r.equipment,
                domains,
                energy: r.energy,
                pips,
                might: r.might,
                keywords,
                assault: r.assault,
                shield: r.shield,
                deflect: r.deflect,
                might_bonus: r.might_bonus,
                equip: r.equip,
                tags: r.tags,
                text: r.text,
                abilities: r.abilities,
            });
        }
        let cadet = cards.iter().position(|c| c.name == "Cadet").ok_or("card data: no Cadet token")? as DefId;
        Ok(CardDb { cards, cadet })
    }

    pub fn by_name(&self, name: &str) -> Option<DefId> {
        self.cards.iter().position(|c| c.name.eq_ignore_ascii_case(name)).map(|i| i as DefId)
    }

    pub fn get(&self, id: DefId) -> &CardDef {
        &self.cards[id as usize]
    }
}

/// The embedded starter set.
pub fn db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| match CardDb::parse(include_str!("../data/st1.toml")) {
        Ok(db) => db,
        // The data file is part of the binary and checked by a test; a broken file is a build bug.
        Err(e) => panic!("embedded card data is invalid: {e}"),
    })
}

pub fn def(id: DefId) -> &'static CardDef {
    db().get(id)
}
