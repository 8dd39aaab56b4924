//! Card definitions (CR 131–187) and the effect vocabulary card data uses (docs/riftbound-cards.md).
//! Cards are data; the interpreter is `resolve.rs`. A card set is a value ([`CardDb`]) that the
//! game carries in its options; the file format and its checks are in `card_file.rs`.

use serde::{Deserialize, Serialize};

/// Index of a card definition in [`CardDb::cards`].
pub type DefId = u16;

/// The six domains (CR 134), as bit positions of a domain mask.
pub const DOMAINS: [&str; 6] = ["fury", "calm", "mind", "body", "chaos", "order"];
pub const DOMAIN_LETTERS: [char; 6] = ['R', 'G', 'B', 'O', 'P', 'Y'];
pub const ANY_DOMAIN: u8 = 0b11_1111;

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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

/// Keywords (CR 805–829).
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
    /// Unique (CR 825): at most one copy in a deck (deckbuilding only).
    pub const UNIQUE: u32 = 1 << 10;
    /// Quick-Draw (CR 819): Equipment with Reaction that attaches to a unit you control when played.
    pub const QUICK_DRAW: u32 = 1 << 11;
    /// Weaponmaster (CR 821): when played, may attach an Equipment you control, paying its Equip cost.
    pub const WEAPONMASTER: u32 = 1 << 12;

    /// Every keyword as the file spells it.
    pub const ALL: [(&str, u32); 13] = [
        ("accelerate", ACCELERATE),
        ("action", ACTION),
        ("reaction", REACTION),
        ("tank", TANK),
        ("backline", BACKLINE),
        ("ganking", GANKING),
        ("hidden", HIDDEN),
        ("temporary", TEMPORARY),
        ("vision", VISION),
        ("ambush", AMBUSH),
        ("unique", UNIQUE),
        ("quick_draw", QUICK_DRAW),
        ("weaponmaster", WEAPONMASTER),
    ];

    pub fn parse(s: &str) -> Option<u32> {
        ALL.iter().find(|(n, _)| *n == s).map(|(_, k)| *k)
    }
}

/// When an ability applies (CR 376–385). `Spell` is a spell's own text; `Activated` has a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// A unit dies (CR 428): with the ability's `subject` filter ("a friendly Cadet":
    /// `subject = { side = "friendly", tag = "Cadet" }`), judged for this card's controller.
    UnitDies,
    /// At the start of your Beginning Phase (CR 315.1.b): Temporary's kill (CR 816).
    Beginning,
    MightyAttacksHere,
    /// "When I become Empowered" (CR 828).
    BecomeEmpowered,
    /// "When I conquer or hold" (CR 383.4.c–d): Hunt's trigger only (CR 823), fired once per
    /// unit by `RiftGame::hunt_trigger` with the summed Hunt; a card file may not use it.
    ConquerOrHold,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    #[default]
    Normal,
    Action,
    Reaction,
}

/// A leading cost of a triggered ability ("you may X to Y", CR 383.3.b), paid at finalization.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lead {
    Discard,
    ExhaustSelf,
    RecycleHand,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
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
    /// An Equipment you control on the board, attached or not (Weaponmaster, CR 821).
    Equipment,
    /// A gear on the board (with `side`, `other`), for `gain_control` and `copy` (`gear.rs`).
    Gear,
    /// A player's legend (with `side`, `other`; CR 355.10.a.1: its zone is public): a target for
    /// the counter ops and `ready`; as the `unit` of a `spend_counter` cost, the payer's own
    /// (CR 741–749: "spend a charge counter from this" on a legend's ability).
    Legend,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    #[default]
    Any,
    Friendly,
    Enemy,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum At {
    #[default]
    Any,
    Battlefield,
    Here,
    Base,
}

/// One target slot of a spell or ability (CR 355.6–355.14).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct TargetSpec {
    #[serde(skip_serializing_if = "is_default")]
    pub what: What,
    #[serde(skip_serializing_if = "is_default")]
    pub side: Side,
    #[serde(skip_serializing_if = "is_default")]
    pub at: At,
    #[serde(skip_serializing_if = "is_default")]
    pub exhausted: bool,
    #[serde(skip_serializing_if = "is_default")]
    pub mighty: bool,
    #[serde(skip_serializing_if = "is_default")]
    pub attacking: bool,
    #[serde(skip_serializing_if = "is_default")]
    pub where_you_attack: bool,
    #[serde(skip_serializing_if = "is_default")]
    pub other: bool,
    #[serde(skip_serializing_if = "is_default")]
    pub max_might: Option<i32>,
    /// 0: exactly one; N: up to N different objects (zero allowed, CR 355.13).
    #[serde(skip_serializing_if = "is_default")]
    pub up_to: u8,
    #[serde(skip_serializing_if = "is_default")]
    pub dest_of: u8,
    #[serde(skip_serializing_if = "is_default")]
    pub battlefield_only: bool,
    #[serde(skip_serializing_if = "is_default")]
    pub controlled: bool,
    /// A unit with this tag ("a Cadet"): champion tags, "Cadet", … (CR 137).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub tag: String,
    /// A control static's "the unit this is attached to" (an Equipment's, CR 434, 477.1;
    /// `control_statics.rs`); refused anywhere else.
    #[serde(skip_serializing_if = "is_default")]
    pub attached: bool,
}

/// What an instruction does (CR 407–444). Ops that act on units take a selector ([`Who`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Op {
    Draw,
    Discard,
    DiscardHand,
    Damage,
    Kill,
    Stun,
    Ready,
    Might,
    Buff,
    ReturnHand,
    Counter,
    CreateToken,
    Channel,
    Move,
    RecycleHand,
    Save,
    /// Put `n` counters named `counter` on each selected object (CR 741–749).
    AddCounter,
    /// Remove up to `n` counters named `counter` from each selected object (CR 741–749).
    RemoveCounter,
    /// The player gains `n` XP (CR 728–733).
    GainXp,
    /// Give / remove the Empowered status (CR 441–442).
    Empower,
    Disempower,
    /// Deal `n` damage split among the targets of slot `t` (CR 355.14), chosen on resolution.
    DamageSplit,
    /// Predict 1 (CR 436): look at the top card of your deck; you may recycle it.
    Predict,
    /// Attach this equipment to the selected unit (CR 818; not a move, CR 434).
    Attach,
    /// "The next time it would die this turn, return it to its owner's hand instead" (a delayed
    /// replacement effect, CR 367–375).
    SaveToHand,
    /// "Take a turn after this one" (CR 734–738): an additional turn for the player right after
    /// the current turn; turn order does not change.
    ExtraTurn,
    /// "Gain control of a unit" (CR 191, 477.1: controller is a trait): permanently.
    GainControl,
    /// "Gain control of a unit this turn": control returns at the end of the turn (CR 317).
    GainControlThisTurn,
    /// "… becomes a copy of the unit chosen in slot `n`" (layer 1, CR 477.1): while it stays on
    /// the board.
    Copy,
    /// "Its Might becomes `n` this turn" (layer 1, CR 477.1).
    SetMight,
    /// "… gains [`keyword`] this turn" (layer 2, CR 477.2).
    GainKeyword,
    /// "… loses [`keyword`] this turn" (layer 2, CR 477.2).
    LoseKeyword,
    /// Hunt (CR 823): the item's controller gains XP equal to the source unit's Hunt, its
    /// instances summed (its own, its Equipment's, its active grants'); for an Equipment's Hunt
    /// row, the unit it is attached to.
    HuntXp,
    /// Weaponmaster (CR 821): pay the Equip cost of the selected Equipment (reduced by [A]) and
    /// attach it to the source unit; not an activation of Equip; if it can't be paid or attached
    /// nothing happens.
    EquipToMe,
    /// Move up to `n` counters named `counter` from each selected object to the target in slot 1
    /// (CR 741–749: counters can be moved). Without a legal destination nothing moves.
    MoveCounter,
    /// "… becomes a copy of the unit chosen in slot `n` this turn" (layer 1, CR 477.1): a copy
    /// for a limited time, ending in the Expiration Step (CR 317).
    CopyThisTurn,
    /// "Prevent the next `n` damage that would be dealt to it this turn" (`n` = 0: all damage),
    /// a replacement effect (CR 367–375; `replace.rs`).
    PreventDamage,
    /// "If damage would be dealt to it this turn, double it instead" (CR 367–375).
    DoubleDamage,
    /// "Add [n] and one Power per `pips` domain" (CR 429): into the player's rune pool, which
    /// empties as the CR says (CR 165–167). On spells, triggers and activated abilities.
    Add,
    /// "You may pay [n] and `pips`: if you do, …" (a cost inside an instruction, paid during
    /// resolution, CR 204.3): declined or unpayable, the rest of this execution is skipped.
    Pay,
    /// "Its [trait] becomes …" (layer 1, CR 477.1.a): one trait — name, tag, cost or domain
    /// (`trait`, `value`; `traits.rs`) — while it stays on the board.
    SetTrait,
    /// The same "this turn", ending in the Expiration Step (CR 317).
    SetTraitThisTurn,
    /// "… gains [this ability]" (layer 2, CR 477.2): the unit has the ability block `n` of this
    /// card (one written with `granted = true`) while it stays on the board (`grant.rs`).
    GrantAbility,
    /// The same "this turn" (CR 317).
    GrantAbilityThisTurn,
    /// "Your next spell this turn has Repeat [n and `pips`]" (CR 820): a Repeat instance granted
    /// to the next spell the player finalizes this turn, beside any of its own (`repeat.rs`).
    GrantRepeat,
    /// "Its activated abilities have Repeat [n and `pips`] this turn" (CR 820, Repeat on
    /// abilities): a Repeat instance for every activation of the selected permanents' activated
    /// abilities this turn, beside any of their own (`repeat.rs`).
    GrantAbilityRepeat,
    /// Exhaust the selected units or gear, or a legend (CR 414–415; CR 173–176: a legend can be
    /// exhausted and readied); an exhausted one stays exhausted (nothing happens).
    Exhaust,
}

impl Op {
    /// Whether the op acts on units or spells chosen by a selector (the others act on players).
    pub fn takes_selector(self) -> bool {
        matches!(
            self,
            Op::Damage
                | Op::Kill
                | Op::Stun
                | Op::Ready
                | Op::Exhaust
                | Op::Might
                | Op::Buff
                | Op::ReturnHand
                | Op::Counter
                | Op::Move
                | Op::Save
                | Op::AddCounter
                | Op::RemoveCounter
                | Op::Empower
                | Op::Disempower
                | Op::Attach
                | Op::GainControl
                | Op::GainControlThisTurn
                | Op::SaveToHand
                | Op::Copy
                | Op::CopyThisTurn
                | Op::PreventDamage
                | Op::DoubleDamage
                | Op::SetMight
                | Op::GainKeyword
                | Op::LoseKeyword
                | Op::EquipToMe
                | Op::MoveCounter
                | Op::SetTrait
                | Op::SetTraitThisTurn
                | Op::GrantAbility
                | Op::GrantAbilityThisTurn
                | Op::GrantAbilityRepeat
        )
    }
}

/// The selector of an instruction: which objects it acts on (CR 359.3). Friendly includes a
/// teammate's objects in 2v2; enemy means an opponent's (CR 489.8.b). "Here" is the item's
/// location (CR 359.3.f); "at t" is the location of the chosen target in slot `t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// The chosen target in slot `t` ("that unit"), if still legal (CR 359.3.e).
    #[default]
    Target,
    /// The trigger's subject: the unit that moved, attacked, … ("it").
    Subject,
    /// The source itself ("this").
    #[serde(rename = "self")]
    Self_,
    EnemyHere,
    OtherFriendlyHere,
    FriendlyHere,
    DefendersHere,
    /// Every friendly unit on the board ("each friendly unit").
    EachFriendly,
    /// Every enemy unit on the board.
    EachEnemy,
    /// Every unit at the location of the target in slot `t` ("units at a battlefield").
    UnitsAtT,
    FriendlyAtT,
    EnemyAtT,
    OtherEnemyAtT,
    /// The item's controller's legend (CR 741–749: counters on a legend; CR 173–176: it can be
    /// readied): only the counter ops (`add_counter`, `remove_counter`, `move_counter`) and
    /// `ready` act on it.
    YourLegend,
    /// The battlefield the item is at ("here", CR 359.3.f): for the counter ops (`holders.rs`).
    Here,
    /// The battlefield of the target in slot `t` (that battlefield, or the one the target unit is
    /// at): for the counter ops.
    AtT,
}

/// The player an instruction acts on, relative to the item's controller.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Whose {
    /// The item's controller ("you").
    #[default]
    You,
    /// The controller of the target in slot `t` ("its controller").
    ItsController,
    /// Each opponent, in turn order from the controller (CR 489.8.b).
    EachOpponent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
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

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
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
    /// "If there are `at_least` (1 when not written) `counter` counters here" — on the
    /// battlefield the item is at (CR 741–749, 359.3.f).
    CountersHere,
    /// The same on the battlefield of the target in slot `t` (that battlefield, or the one the
    /// target unit is at).
    CountersAtT,
}

/// One instruction (CR 359.3): executed top to bottom on resolution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Instr {
    pub op: Op,
    #[serde(default, skip_serializing_if = "is_default")]
    pub n: i32,
    /// Target slot of `who = "target"` (and of "at t" selectors and `its_controller`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub t: u8,
    #[serde(default, skip_serializing_if = "is_default")]
    pub who: Who,
    #[serde(default, skip_serializing_if = "is_default")]
    pub player: Whose,
    #[serde(default, skip_serializing_if = "is_default")]
    pub to: To,
    #[serde(default, rename = "if", skip_serializing_if = "is_default")]
    pub cond: Cond,
    /// `create_token`: the token card, by id or name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub token: String,
    /// The token card, resolved against the set when it is read.
    #[serde(skip)]
    pub token_def: DefId,
    /// `add_counter` / `remove_counter`: the counter's name (CR 741).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub counter: String,
    /// The counter, as its index in the set's counter table ([`CardDb::counters`]).
    #[serde(skip)]
    pub counter_ix: u8,
    /// `if = "counters_here"` / `"counters_at_t"`: how many `counter` counters there must be
    /// (1 when not written).
    #[serde(default, skip_serializing_if = "is_default")]
    pub at_least: u16,
    /// `gain_keyword` / `lose_keyword`: the keyword, as `keywords` spells it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub keyword: String,
    /// The keyword's bit, resolved when the set is read.
    #[serde(skip)]
    pub kw: u32,
    /// `might`: "to a minimum of N" (n < 0) or "to a maximum of N" (n > 0), snapshotted when the
    /// effect is applied (CR 477.3; `limits.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<i32>,
    /// `add` / `pay`: Power, one entry per pip ("R", "fury"; `pay` also "R/P").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pips: Vec<String>,
    /// The pips as domain masks, resolved when the set is read.
    #[serde(skip)]
    pub pip_masks: Vec<u8>,
    /// `set_trait`: which trait becomes what `value` (or `n`, for a cost) says (`traits.rs`).
    #[serde(default, rename = "trait", skip_serializing_if = "Option::is_none")]
    pub trait_: Option<crate::traits::Trait>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    /// The new trait, resolved when the set is read.
    #[serde(skip)]
    pub trait_val: Option<crate::traits::TraitVal>,
    /// `prevent_damage`, `double_damage`, `save`, `save_to_hand`: the replacement it creates is
    /// optional ("you may", CR 371), the affected unit's controller's choice (CR 372); declined,
    /// it is not used up.
    #[serde(default, skip_serializing_if = "is_default")]
    pub may: bool,
    /// `prevent_damage`, `double_damage`: "once this turn" (CR 371): the replacement applies to
    /// one damage event and is then used up for the turn.
    #[serde(default, skip_serializing_if = "is_default")]
    pub once_each_turn: bool,
    /// `grant_repeat`: which of the player's spells get the Repeat instance (CR 820).
    #[serde(default, skip_serializing_if = "is_default")]
    pub spells: RepeatSpells,
    /// "N for each `counter` counter on …" (CR 741–749), "N for each unit you control", …: the
    /// amount is `n` times that count, counted as the instruction begins (`holders.rs`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub for_each: ForEach,
}

/// What an amount counts (`for_each`): the `counter` counters on the target in slot `t` (a
/// unit, gear, legend or battlefield), on the battlefield here, or on the controller's legend;
/// or the units the controller controls (anywhere, or here), the enemy units (anywhere, or
/// here), the cards in the controller's hand or trash, the runes they control or the
/// battlefields they control ("you" is the item's controller only, not a teammate, CR 489.8.b).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ForEach {
    #[default]
    None,
    CountersOnT,
    CountersHere,
    CountersOnYourLegend,
    UnitsYouControl,
    UnitsYouControlHere,
    EnemyUnits,
    EnemyUnitsHere,
    CardsInYourHand,
    CardsInYourTrash,
    RunesYouControl,
    BattlefieldsYouControl,
}

impl ForEach {
    /// Whether it counts counters (then the instruction names the `counter`).
    pub fn counts_counters(self) -> bool {
        matches!(self, ForEach::CountersOnT | ForEach::CountersHere | ForEach::CountersOnYourLegend)
    }
}

/// The spells a `grant_repeat` gives Repeat to (CR 820): "your next spell this turn" or
/// "spells you play this turn" (every spell its controller finalizes this turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum RepeatSpells {
    #[default]
    Next,
    ThisTurn,
}

/// "This costs N less if …" (CR 357.1): an Energy reduction while a condition holds when the cost
/// is determined. `legion` here means another main-deck card was finalized this turn (CR 812).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CostLess {
    pub n: u8,
    #[serde(default, rename = "if", skip_serializing_if = "is_default")]
    pub cond: Cond,
}

/// The keyword an ability is the rules text of (CR 816–818): built from the card's `keywords` or
/// `equip` when the set is read, never written in a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeywordAbility {
    Vision,
    Temporary,
    Equip,
    Empower,
    Hunt,
    QuickDraw,
    Weaponmaster,
}

impl KeywordAbility {
    pub const ALL: [KeywordAbility; 7] = [
        KeywordAbility::Vision,
        KeywordAbility::Temporary,
        KeywordAbility::Equip,
        KeywordAbility::Empower,
        KeywordAbility::Hunt,
        KeywordAbility::QuickDraw,
        KeywordAbility::Weaponmaster,
    ];

    /// Its name in English, in Chinese, and as the position notation writes it.
    pub fn names(self) -> (&'static str, &'static str, &'static str) {
        match self {
            KeywordAbility::Vision => ("Vision", "预见", "vision"),
            KeywordAbility::Temporary => ("Temporary", "临时", "temporary"),
            KeywordAbility::Equip => ("Equip", "装备", "equip"),
            KeywordAbility::Empower => ("Empower", "赋能", "empower"),
            KeywordAbility::Hunt => ("Hunt", "狩猎", "hunt"),
            KeywordAbility::QuickDraw => ("Quick-Draw", "快拔", "quickdraw"),
            KeywordAbility::Weaponmaster => ("Weaponmaster", "武器大师", "weaponmaster"),
        }
    }

    /// The ability the keyword means, as card data: Vision — when you play this, predict 1
    /// (CR 817); Temporary — at the start of your Beginning Phase, kill this (CR 816); Equip N —
    /// [N]: attach this to a unit you control (CR 818); Empower N — [N]: give this the Empowered
    /// status, only while it is not Empowered (CR 827); Hunt — when I conquer or hold, gain XP
    /// equal to my Hunt (CR 823); Quick-Draw — when you play this, attach it to a unit you control
    /// (CR 819); Weaponmaster — when you play this, you may pay an Equipment's Equip cost less [A]
    /// to attach it to this (CR 821). `cost` is Equip's or Empower's Energy.
    pub fn ability(self, cost: u8) -> Ability {
        let (on, targets, ins) = match self {
            KeywordAbility::Vision => (On::Play, vec![], Instr::new(Op::Predict, 1, Who::Target)),
            KeywordAbility::Temporary => (On::Beginning, vec![], Instr::new(Op::Kill, 0, Who::Self_)),
            KeywordAbility::Equip => (
                On::Activated,
                vec![TargetSpec { side: Side::Friendly, ..TargetSpec::default() }],
                Instr::new(Op::Attach, 0, Who::Target),
            ),
            KeywordAbility::Empower => (On::Activated, vec![], Instr::new(Op::Empower, 0, Who::Self_)),
            KeywordAbility::Hunt => (On::ConquerOrHold, vec![], Instr::new(Op::HuntXp, 0, Who::Target)),
            KeywordAbility::QuickDraw => (
                On::Play,
                vec![TargetSpec { side: Side::Friendly, ..TargetSpec::default() }],
                Instr::new(Op::Attach, 0, Who::Target),
            ),
            KeywordAbility::Weaponmaster => (
                On::Play,
                vec![TargetSpec { what: What::Equipment, ..TargetSpec::default() }],
                Instr::new(Op::EquipToMe, 0, Who::Target),
            ),
        };
        Ability {
            on,
            may: self == KeywordAbility::Weaponmaster,
            lead: None,
            legion: false,
            cost_energy: if matches!(self, KeywordAbility::Equip | KeywordAbility::Empower) { cost } else { 0 },
            cost_exhaust: false,
            extra_discard: false,
            extra_cost: None,
            speed: Speed::Normal,
            targets,
            subject: None,
            effects: vec![ins],
            keyword: Some(self),
            level: 0,
            empowered: false,
            repeat: None,
            granted: false,
        }
    }
}

impl Instr {
    /// Whether the instruction reads target slot `t`: its selector (the target or a place at
    /// it), a damage split, "its controller" or a count of counters there.
    pub fn reads_slot(&self) -> bool {
        self.acts_on_slot() || self.player == Whose::ItsController || self.for_each == ForEach::CountersOnT
    }

    /// Whether the instruction acts on what is in slot `t` or at it (its selector, a damage
    /// split, a count of a battlefield's counters), beyond naming its controller or counting
    /// its counters (which a legend target allows too).
    pub fn acts_on_slot(&self) -> bool {
        (self.op.takes_selector()
            && matches!(
                self.who,
                Who::Target | Who::UnitsAtT | Who::FriendlyAtT | Who::EnemyAtT | Who::OtherEnemyAtT | Who::AtT
            ))
            || self.op == Op::DamageSplit
            || self.cond == Cond::CountersAtT
    }

    pub fn new(op: Op, n: i32, who: Who) -> Instr {
        Instr {
            op,
            n,
            t: 0,
            who,
            player: Whose::You,
            to: To::None,
            cond: Cond::Always,
            token: String::new(),
            token_def: 0,
            keyword: String::new(),
            kw: 0,
            counter: String::new(),
            counter_ix: 0,
            at_least: 0,
            limit: None,
            pips: Vec::new(),
            pip_masks: Vec::new(),
            trait_: None,
            value: String::new(),
            trait_val: None,
            may: false,
            once_each_turn: false,
            spells: RepeatSpells::Next,
            for_each: ForEach::None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    pub on: On,
    #[serde(default, skip_serializing_if = "is_default")]
    pub may: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub lead: Option<Lead>,
    /// A [Legion] dependent ability (CR 812): active only if you finalized another card this turn.
    #[serde(default, skip_serializing_if = "is_default")]
    pub legion: bool,
    /// A [Level N] dependent ability (CR 824, 726): active while the controller has ≥ N XP.
    #[serde(default, skip_serializing_if = "is_default")]
    pub level: u8,
    /// An [Empowered] dependent ability (CR 828, 726): active while the object is Empowered.
    #[serde(default, skip_serializing_if = "is_default")]
    pub empowered: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub cost_energy: u8,
    #[serde(default, skip_serializing_if = "is_default")]
    pub cost_exhaust: bool,
    /// "As an additional cost, discard a card" / "discard a card:" (CR 204.2).
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra_discard: bool,
    /// "As an additional cost, kill a friendly unit" (CR 204.2): a unit chosen and acted on as
    /// part of the cost (not a target, CR 355.10), paid at finalization.
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra_cost: Option<UnitCost>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub speed: Speed,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub targets: Vec<TargetSpec>,
    /// A trigger's filter on the unit it is about (`unit_dies`): the targeting model's predicate,
    /// judged for this card's controller while the unit is still on the board.
    #[serde(default, skip_serializing_if = "is_default")]
    pub subject: Option<TargetSpec>,
    #[serde(default, rename = "do", skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Instr>,
    /// Set on the abilities a keyword means (built when the set is read, after the file's own).
    #[serde(skip)]
    pub keyword: Option<KeywordAbility>,
    /// Repeat [cost] (CR 820): an optional additional cost; paid, the instructions execute once
    /// more on resolution (`repeat.rs`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub repeat: Option<PayCost>,
    /// An ability this card gives a unit with `grant_ability` (CR 477.2), not one of its own.
    #[serde(default, skip_serializing_if = "is_default")]
    pub granted: bool,
}

/// A cost in Energy and Power pips as a card file writes it (Repeat's, CR 820).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct PayCost {
    #[serde(default, skip_serializing_if = "is_default")]
    pub energy: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pips: Vec<String>,
    /// The pips as domain masks, resolved when the set is read.
    #[serde(skip)]
    pub masks: Vec<u8>,
}

/// What an additional cost does to the unit paying it (CR 204.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CostAct {
    /// Kill it (CR 428).
    Kill,
    /// Exhaust it: it must be ready.
    Exhaust,
    /// Return it to its owner's hand.
    ReturnHand,
    /// Spend `n` of its `counter` counters (CR 741–749: "Spend a charge counter: …"): remove
    /// them from a unit (or gear) its payer controls.
    SpendCounter,
}

/// An additional cost paid with a unit: `act` on one unit matching `unit` (the targeting model's
/// predicate; the unit is chosen, not targeted, CR 355.10). A `spend_counter` cost may be paid
/// from a gear instead (`unit = { what = "gear" }`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitCost {
    pub act: CostAct,
    #[serde(default)]
    pub unit: TargetSpec,
    /// `spend_counter`: the counter's name (the set's counter table, CR 741).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub counter: String,
    /// Its index in the set's counter table, filled when the set is read.
    #[serde(skip)]
    pub counter_ix: u8,
    /// `spend_counter`: how many counters the cost spends from the one object (CR 741–749:
    /// "Spend 2 charge counters: …"); 1 when not written.
    #[serde(default = "one_counter", skip_serializing_if = "is_one_counter")]
    pub n: u8,
}

fn one_counter() -> u8 {
    1
}

fn is_one_counter(n: &u8) -> bool {
    *n == 1
}

/// A static ability (CR 376.3): true while the card is on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StaticEffect {
    /// "Units you control with tag X have +N Might" (`n`, `tag`).
    Might,
    /// Gear: "[E]: [Reaction] Add 1 Power of one of these domains" (`domains`), used while paying
    /// a cost (CR 357).
    AddPower,
    /// Battlefield: hiding a card here costs `n` Power of any domain instead of [A] (CR 421).
    HideCost,
    /// Battlefield: units can't move here from another battlefield (CR 447).
    NoMoveFromBattlefield,
    /// "If damage would be dealt to [units matching `unit`], prevent `n` of it" (`n` = 0: all of
    /// it): a replacement effect while the card is on the board (CR 367–375; `replace.rs`).
    PreventDamage,
    /// "If damage would be dealt to [units matching `unit`], double it instead" (CR 367–375).
    DoubleDamage,
    /// "[Units you control matching `unit`] enter ready": replaces entering exhausted (CR 367,
    /// 370); not the card's own `enters_ready`.
    EnterReady,
    /// "If an effect you control would create one or more tokens, it creates twice that many
    /// instead" (CR 367, 375's example).
    DoubleTokens,
    /// "Other friendly units are Yordles": a trait static (layer 1, CR 477.1.a; `trait`, `tag`,
    /// `unit`; `trait_statics.rs`).
    SetTrait,
    /// "You control enemy Cadets": a control static (layer 1, CR 477.1; `unit` chooses the units
    /// by side, other and tag; `control_statics.rs`).
    Control,
    /// "This is a copy of [card]" / "enemy units are copies of [card]": a copy static (layer 1,
    /// CR 477.1.b; `value` names the card, `unit` chooses the units by side, other and tag,
    /// without `unit` the card itself; `copy_statics.rs`).
    Copy,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Static {
    pub effect: StaticEffect,
    /// A `set_trait` static's trait (tag, lose_tag, only_tag, no_tags, name, cost, domain;
    /// `trait_statics.rs`).
    #[serde(rename = "trait", default, skip_serializing_if = "Option::is_none")]
    pub trait_: Option<crate::traits::Trait>,
    /// A name static's card (id or name).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    /// A cost static's Power pips (with `n`, its Energy).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pips: Vec<String>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub n: i32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tag: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub domains: Vec<String>,
    /// A Might static's "to a maximum of N" (n > 0) or "to a minimum of N" (n < 0): a passive
    /// limit, worked out again whenever Might is (CR 477.3.b; `limits.rs`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<i32>,
    /// Replacement statics: the units it applies to (the targeting model's predicate, judged for
    /// the card's controller; CR 355.10: chosen by the rules, not targeted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<TargetSpec>,
    /// Damage replacement statics: "once each turn" (CR 371: counts its applications).
    #[serde(default, skip_serializing_if = "is_default")]
    pub once_each_turn: bool,
    /// Damage replacement statics: optional ("you may", CR 371): the affected unit's
    /// controller is asked; declined, it is not used up.
    #[serde(default, skip_serializing_if = "is_default")]
    pub may: bool,
}

/// A damage replacement static of a card (built from its `[[card.static]]`, `replace.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamageStatic {
    /// Its index among the card's statics.
    pub ix: u8,
    /// `PreventNext(n)` here prevents `n` of each event (not used up); `PreventAll`; `Double`.
    pub kind: crate::replace::WardKind,
    pub unit: TargetSpec,
    pub once_each_turn: bool,
    pub may: bool,
}

/// An "(once each turn,) units you control [matching `unit`] enter ready" static (CR 367, 370,
/// 371; `replace_static.rs`).
#[derive(Clone, Debug, PartialEq)]
pub struct EnterReadyStatic {
    /// Its index among the card's statics (with its source, its "once each turn" count's key).
    pub ix: u8,
    pub unit: TargetSpec,
    pub once_each_turn: bool,
    /// Optional ("you may", CR 371): the unit's controller is asked (`replace_enter.rs`).
    pub may: bool,
}

/// A card definition.
#[derive(Clone, Debug, PartialEq)]
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
    /// The tags as bits of the set's tag table ([`CardDb::tag_bit`]).
    pub tag_bits: u64,
    pub text: String,
    pub text_zh: String,
    pub abilities: Vec<Ability>,
    pub cost_less: Vec<CostLess>,
    /// Static "+N Might to units you control with these tags" (mask, N).
    pub lords: Vec<(u64, i32)>,
    /// The same with a passive limit (mask, N, limit; CR 477.3.b, `limits.rs`).
    pub limited_lords: Vec<(u64, i32, i32)>,
    /// Trait statics: "other friendly units are Yordles" (layer 1, `trait_statics.rs`).
    pub trait_statics: Vec<crate::trait_statics::TraitStatic>,
    /// Control statics: "you control enemy Cadets" (layer 1, `control_statics.rs`).
    pub control_statics: Vec<crate::control_statics::ControlStatic>,
    /// Copy statics: "enemy units are copies of [card]" (layer 1, `copy_statics.rs`).
    pub copy_statics: Vec<crate::copy_statics::CopyStatic>,
    /// Power domains this gear adds while paying (0: none).
    pub adds_power: u8,
    /// Battlefield: hiding here costs this many Power of any domain (none: the usual [A]).
    pub hide_cost: Option<u8>,
    /// Battlefield: units can't move here from another battlefield.
    pub no_move_from_bf: bool,
    /// Hunt X (CR 823): XP its controller gains when it conquers or holds.
    pub hunt: u8,
    /// Empower [cost] (CR 827): the Energy cost of becoming Empowered.
    pub empower: Option<u8>,
    /// Flow [cost] (CR 829): the Energy cost of playing this spell from your trash.
    pub flow: Option<u8>,
    /// Might and keywords granted while a dependent condition holds (Level N, Empowered; CR 726).
    pub grants: Vec<crate::keywords::Grant>,
    /// A permanent's additional costs to play it (CR 204.2): a discard and/or a unit cost.
    pub extra_discard: bool,
    pub extra_cost: Option<UnitCost>,
    /// "I enter ready" (CR 367, 370: replaces entering exhausted; `replace.rs`).
    pub enters_ready: bool,
    /// Damage replacement statics while on the board (CR 367–375, `replace.rs`).
    pub damage_statics: Vec<DamageStatic>,
    /// "Units you control matching this enter ready" statics (CR 367, 370).
    pub enter_ready: Vec<EnterReadyStatic>,
    /// How many "double the tokens your effects create" statics it has (CR 375).
    pub double_tokens: u8,
    /// Power pips of the Flow cost (CR 829), as domain masks.
    pub flow_pips: Vec<u8>,
    /// Power pips of the Empower cost (CR 827), as domain masks.
    pub empower_pips: Vec<u8>,
    /// Power pips of the Equip cost (CR 818), as domain masks.
    pub equip_pips: Vec<u8>,
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
        self.abilities.iter().enumerate().filter(move |(_, a)| a.on == on && !a.granted)
    }
    /// The ability a keyword means, if the card has it.
    pub fn keyword_ability(&self, k: KeywordAbility) -> Option<usize> {
        self.abilities.iter().position(|a| a.keyword == Some(k))
    }
    pub fn spell_ability(&self) -> Option<&Ability> {
        self.abilities.iter().find(|a| a.on == On::Spell)
    }
}

/// A card set (design.md §2.6): the cards a game is played with, read from a file
/// (`card_file.rs`); the built-in set is ST1 (`data/st1.toml`).
#[derive(Clone, Debug)]
pub struct CardDb {
    pub cards: Vec<CardDef>,
    /// The cards as the file wrote them: what export writes and equality compares.
    pub(crate) raw: Vec<crate::card_file::RawCard>,
    /// Every tag of the set; a card's `tag_bits` index this.
    pub tags: Vec<String>,
    /// Tags some static gives Might to (skip the scan for other units).
    pub lord_tags: u64,
    /// Every counter name the set's cards use (CR 741); counters on objects index this.
    pub counters: Vec<String>,
    /// Which replacement statics some card of the set has (`replace.rs`, `replace_static.rs`):
    /// without any, the board is not scanned for them at every damage event or unit entering.
    pub has_statics: HasStatics,
}

/// Whether any card of a set has a damage, "enter ready" or "double tokens" static.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HasStatics {
    pub damage: bool,
    pub enter_ready: bool,
    pub double_tokens: bool,
    /// Trait statics (`trait_statics.rs`): without any, an object's tags are its card's and its
    /// effects' only.
    pub traits: bool,
    /// A tag static choosing its units by tag: layer 1's tags are worked out for all units at
    /// once, with dependencies (`RiftGame::layer1_tags`, CR 478).
    pub tag_selected: bool,
    /// Control statics (`control_statics.rs`): without any (and without control effects) an
    /// object's controller is never worked out again (`control.rs`).
    pub control: bool,
    /// A control static with a Might condition or of "the unit this is attached to", or a tag
    /// static with a Might condition: controllers can change with Might or attachments, so
    /// layer 1's control is worked out again at every cleanup and after every action
    /// (`control.rs`).
    pub control_dynamic: bool,
    /// Copy statics (`copy_statics.rs`): without any, an object's card is its printed card or
    /// its copy effects' (`layers.rs`) and is never worked out again from the board.
    pub copy: bool,
}

impl PartialEq for CardDb {
    fn eq(&self, other: &Self) -> bool {
        self.raw == other.raw
    }
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
    /// The card named `name` (case-insensitive) or with id `name`.
    pub fn by_name(&self, name: &str) -> Option<DefId> {
        self.cards
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name))
            .or_else(|| self.cards.iter().position(|c| c.id == name))
            .map(|i| i as DefId)
    }

    pub fn get(&self, id: DefId) -> &CardDef {
        &self.cards[id as usize]
    }

    /// The bit of a tag in this set's tag table (0 if no card has it).
    pub fn tag_bit(&self, tag: &str) -> u64 {
        self.tags.iter().position(|t| t == tag).map(|i| 1u64 << i).unwrap_or(0)
    }
}
