//! The game state: objects and zones (CR 105–109), players, battlefields, the chain, showdowns and
//! the decision pending. Compact and cheap to clone.

use crate::action::ObjId;
use crate::board_index::BoardSet;
use crate::cards::{CardDb, CardDef, DefId};
use crate::options::RiftOptions;
use engine::{GameRng, Outcome};
use serde::{Deserialize, Serialize};

pub const NONE: ObjId = ObjId::MAX;
pub const NOBODY: u8 = u8::MAX;

/// Where an object is (CR 105–109). Board locations are a base or a battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Zone {
    Deck,
    Hand,
    Trash,
    ChampionZone,
    /// The controller's base.
    Base,
    Bf(u8),
    /// The facedown zone of a battlefield (CR 107.3).
    Facedown(u8),
    Chain,
    Banished,
    RuneDeck,
    /// A token that ceased to exist (CR 186.1); its slot may be reused.
    Gone,
}

impl Zone {
    pub fn on_board(self) -> bool {
        matches!(self, Zone::Base | Zone::Bf(_))
    }
}

/// A location a unit can be at (CR 107): a base (by seat) or a battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loc {
    Base(u8),
    Bf(u8),
    Nowhere,
}

pub mod flag {
    pub const EXHAUSTED: u16 = 1;
    pub const BUFFED: u16 = 1 << 1;
    pub const STUNNED: u16 = 1 << 2;
    pub const ATTACKER: u16 = 1 << 3;
    pub const DEFENDER: u16 = 1 << 4;
    pub const ATTACK_FIRED: u16 = 1 << 5;
    pub const DEFEND_FIRED: u16 = 1 << 6;
    /// Stubborn Hide's delayed replacement (ST1-091): the next death this turn is replaced.
    pub const SAVE: u16 = 1 << 7;
    pub const TOKEN: u16 = 1 << 8;
    /// Something may be attached to this unit (a hint that saves scanning for equipment).
    pub const EQUIPPED: u16 = 1 << 9;
    /// The Empowered status (CR 441, 827–828).
    pub const EMPOWERED: u16 = 1 << 10;
    /// A spell played from the trash for its Flow cost (CR 829): banished when it leaves the chain.
    pub const FLOWED: u16 = 1 << 11;
    /// A delayed replacement: the next death this turn returns it to its owner's hand instead.
    pub const SAVE_TO_HAND: u16 = 1 << 12;
    /// Its death is being replaced and its controller is choosing which replacement applies
    /// (CR 372); it does not die meanwhile.
    pub const REPLACING: u16 = 1 << 13;
    /// Its `SAVE` is optional ("you may", CR 371; `replace_death.rs`).
    pub const SAVE_MAY: u16 = 1 << 14;
    /// Its `SAVE_TO_HAND` is optional ("you may", CR 371).
    pub const SAVE_TO_HAND_MAY: u16 = 1 << 15;
    /// Statuses lost when an object changes zone (CR 124).
    pub const TRANSIENT: u16 = EXHAUSTED
        | BUFFED
        | STUNNED
        | ATTACKER
        | DEFENDER
        | ATTACK_FIRED
        | DEFEND_FIRED
        | SAVE
        | EQUIPPED
        | EMPOWERED
        | FLOWED
        | SAVE_TO_HAND
        | REPLACING
        | SAVE_MAY
        | SAVE_TO_HAND_MAY;
}

/// A card, rune or token (CR 124: identity changes when it changes zone — `inc` counts that).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obj {
    pub def: DefId,
    pub owner: u8,
    pub controller: u8,
    pub zone: Zone,
    pub damage: i16,
    /// "This turn" Might changes: their net amount, and the sum of the decreases among them
    /// (≤ 0), so that layer 3 counts each change as an increase or a decrease (CR 477.3.e).
    pub temp_might: i16,
    pub temp_down: i16,
    pub flags: u16,
    pub attached_to: ObjId,
    pub inc: u16,
    /// Turn number in which it was hidden (Hidden, CR 811).
    pub hidden_turn: u16,
    /// Who made its optional death replacements, and where the question about them stands
    /// (CR 374: a replacement's controller is its source's; `replace_death.rs`, [`save_by`]).
    pub save_by: u16,
}

/// The bits of [`Obj::save_by`]: for kind `k` (0 `SAVE`, 1 `SAVE_TO_HAND`), the seat + 1 of the
/// player whose optional replacement it is (0: none kept, the unit's controller decides), the
/// question handed to that player (its optional replacement put next by the unit's controller,
/// CR 372, 374) and its being declined for the death in progress (CR 371: not used up).
pub mod save_by {
    pub const SEAT_SHIFT: [u16; 2] = [0, 3];
    pub const SEAT_MASK: u16 = 0b111;
    pub const ASK: [u16; 2] = [1 << 6, 1 << 7];
    pub const DECLINED: [u16; 2] = [1 << 8, 1 << 9];
    /// Everything but the makers: the question and the declines of the death in progress.
    pub const PENDING: u16 = ASK[0] | ASK[1] | DECLINED[0] | DECLINED[1];
}

impl Obj {
    /// A "this turn" Might change of `n` (CR 477.3): a decrease is also counted as one.
    pub fn add_temp_might(&mut self, n: i16) {
        self.temp_might = self.temp_might.saturating_add(n);
        if n < 0 {
            self.temp_down = self.temp_down.saturating_add(n);
        }
    }
    /// The sum of this turn's Might decreases (CR 477.3.e.2): never above 0 nor the net amount.
    pub fn this_turn_decrease(&self) -> i32 {
        (self.temp_down.min(self.temp_might).min(0)) as i32
    }
    pub fn has(&self, f: u16) -> bool {
        self.flags & f != 0
    }
    pub fn set(&mut self, f: u16, on: bool) {
        if on {
            self.flags |= f
        } else {
            self.flags &= !f
        }
    }
}

/// Per-player rune pool (CR 165–167): Energy and Power by domain.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Pool {
    pub energy: u8,
    pub power: [u8; 6],
}

/// A player as the game starts: no cards, no points (the setup and the position reader fill it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    pub legend: DefId,
    pub legend_exhausted: bool,
    pub deck: Vec<ObjId>,
    pub hand: Vec<ObjId>,
    pub rune_deck: Vec<ObjId>,
    pub points: u8,
    pub pool: Pool,
    /// Battlefields (by index bit) this player scored this turn (CR 470).
    pub scored: u8,
    /// The main-deck cards this player finalized this turn, in order (Legion, CR 812: "another
    /// card" leaves out the Legion ability's own card); a card finalized twice is there twice.
    pub finalized: Vec<ObjId>,
    pub mulliganed: bool,
    /// The three battlefields brought (CR 103.4).
    pub battlefields: Vec<DefId>,
    /// The setup's `battlefield` test hook, waiting for the play-first choice in FFA4 and 2v2
    /// (`choose_first`): the one of `battlefields` this player uses unless they go first
    /// (CR 487, 489: the first player's battlefields are not used).
    pub field_hook: Option<DefId>,
    /// Team (CR 489): in 2v2 seats 0 and 2 are team 0, seats 1 and 3 team 1; otherwise the seat.
    pub team: u8,
    /// The player conceded and left the game (CR 649–652).
    pub left: bool,
    /// Experience (CR 728–733): public, not shared with a teammate, no cap.
    pub xp: u16,
    /// "Your next spell this turn has Repeat [cost]" / "spells you play this turn have Repeat
    /// [cost]" (CR 820, `grant_repeat`): the Repeat instances granted to the player's spells, in
    /// grant order; a next-spell one is used by the next spell they finalize, all end in the
    /// Expiration Step (CR 317).
    pub spell_repeats: Vec<GrantedRepeat>,
}

/// A Repeat instance granted by `grant_ability_repeat` (CR 820) to the activated abilities of a
/// permanent while it is the incarnation `inc` (a zone change ends it, CR 124), or of a player's
/// legend (`Holder::Legend`, `inc` 0: a legend never changes zone).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AbilityRepeat {
    pub at: crate::keywords::Holder,
    pub inc: u16,
    pub cost: crate::payment::Cost,
}

/// A Repeat instance granted by `grant_repeat` (CR 820): its cost, and whether it is for every
/// spell the player plays this turn (`this_turn`) or only for the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GrantedRepeat {
    pub cost: crate::payment::Cost,
    pub this_turn: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Battlefield {
    pub def: DefId,
    pub owner: u8,
    pub controller: u8,
    /// The player who applied Contested (CR 190.3), or NOBODY.
    pub contested_by: u8,
    pub facedown: ObjId,
    /// Replaced by a blank battlefield token when its owner conceded (CR 651): no abilities.
    pub blank: bool,
}

/// A chosen target (CR 355.6): objects carry their incarnation so a zone change makes them illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tgt {
    Obj(ObjId, u16),
    Bf(u8),
    Base(u8),
    /// A player's legend, by seat (a legend zone is public, CR 355.10.a.1): a `what = "legend"`
    /// slot, for the counter ops and `ready` (CR 741–749, 173–176).
    Legend(u8),
}

/// Where an item's ability comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemSrc {
    /// A spell card on the chain.
    Spell(ObjId),
    /// An ability of a permanent (or a card in the trash for Deathknell), by object.
    Obj(ObjId),
    Legend(u8),
    Bf(u8),
}

/// An item's target slot: the ability's slot, or with Repeat (CR 820) execution k's slot
/// k × (the ability's slot count) + slot (`repeat.rs`). Wide enough for 65,536 slots.
pub type Slot = u16;

/// A chain item (CR 327–340) or an item being built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub controller: u8,
    pub src: ItemSrc,
    pub ab: u8,
    /// Targets as (slot, target).
    pub targets: Vec<(Slot, Tgt)>,
    /// "here" (CR 359.3.f): for Deathknell, where the unit died (CR 808.1.d.3).
    pub here: Loc,
    /// The trigger's subject (a unit that moved, …), slot 9 in the data.
    pub subject: Option<Tgt>,
    /// Incarnation of the source object when the ability was created ("this", "ready it").
    pub src_inc: u16,
    /// Played from facedown: targets must be at this battlefield (CR 811).
    pub restrict_bf: u8,
    pub trigger: bool,
    /// Repeat (CR 820) paid: the instructions execute this many more times; the targets of
    /// execution k are in slots k × (the ability's slot count) + slot (`repeat.rs`).
    pub repeat: u16,
    /// The card whose ability `ab` is when it is not the source's own: an ability granted to the
    /// source (CR 477.2, `grant.rs`); it stays that ability whatever becomes of the grant.
    pub ab_of: Option<DefId>,
    /// CR 462: a unit this item would have created "here", at a combat between two other
    /// players, went to its controller's base instead; "here" then refers to that base for the
    /// rest of the item (`RiftGame::here_of`).
    pub here_base: bool,
}

impl Item {
    pub fn target(&self, slot: u8) -> Option<Tgt> {
        self.targets.iter().find(|(s, _)| *s == Slot::from(slot)).map(|(_, t)| *t)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CombatStage {
    Showdown,
    /// Damage assigned and dealt; waiting for the chain (Deathknells) before the result (CR 466).
    AfterDamage,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combat {
    pub attacker: u8,
    pub defender: u8,
    pub stage: CombatStage,
    /// Damage assigned so far: (unit, amount), applied all at once (CR 465.3).
    pub assigned: Vec<(ObjId, i16)>,
}

/// A showdown at a battlefield (CR 341–348), possibly a combat (CR 459–466).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Showdown {
    pub bf: u8,
    pub focus: u8,
    pub passes: u8,
    pub combat: Option<Combat>,
}

/// A triggered ability waiting to be put on the chain (CR 383.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pending {
    pub item: Item,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Location,
    Accelerate,
    ExtraDiscard,
    /// "you may" (with a leading cost) of a trigger (CR 383.3.b, 402.1).
    Optional,
    /// Choose the targets of a slot: the item's slot (with Repeat, execution k's slots are
    /// k × n + slot, `repeat.rs`).
    Targets(Slot),
    /// Choose the rune to recycle or the Add gear to exhaust for the next Power pip (CR 357).
    Pay,
    /// A triggered ability's controller pays the Deflect of its targets or declines, which
    /// removes the trigger (CR 809).
    Deflect,
    /// Pay Repeat's optional additional cost or not (CR 820).
    Repeat,
    /// "You may pay …: if you do" during resolution (CR 204.3): pay or decline (`instr_pay.rs`).
    PayInstr,
    /// Weaponmaster's Equip cost reduced by [A] (CR 821) when taking off one Power pip or another
    /// leaves different payable costs: which pip is taken off (`pip fury`), or decline (`no`);
    /// the payment (`PayInstr`) follows (`keywords/equip.rs`).
    EquipPip,
}

/// Choices of an item being played, activated or put on the chain (CR 355).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Build {
    pub seat: u8,
    pub item: Item,
    pub stage: Stage,
    /// The card being played, if any, and where it came from.
    pub card: ObjId,
    pub from: Zone,
    pub location: Loc,
    /// Where a unit being played may enter (computed before it left its zone).
    pub locations: Vec<Loc>,
    pub accelerate: bool,
    pub discard: ObjId,
    /// Whether an optional trigger was accepted.
    pub accepted: bool,
    /// Power sources chosen so far, one per pip in payment order.
    pub paid: Vec<ObjId>,
    /// The unit chosen to pay the ability's `extra_cost` (CR 204.2), beside `discard`: an item
    /// may have both additional costs.
    pub cost_unit: ObjId,
    /// The legend or battlefield chosen to pay a `spend_counter` cost from (CR 741–749), instead
    /// of `cost_unit`.
    pub cost_at: Option<crate::keywords::Holder>,
    /// Repeat (CR 820): how many of the item's Repeat instances were decided so far (its own,
    /// then those granted to a spell, `repeat.rs`), and which of them were paid (their indices,
    /// ascending).
    pub repeat_asked: u16,
    pub repeat_paid: Vec<u16>,
}

/// The decision the game is waiting for, other than priority/focus/main-phase actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    Mulligan {
        seat: u8,
        aside: Vec<ObjId>,
    },
    Build(Box<Build>),
    TriggerOrder {
        seat: u8,
    },
    Discard {
        seat: u8,
        left: u8,
    },
    Recycle {
        seat: u8,
        left: u8,
    },
    /// Vision / Predict 1 (CR 436): `yes` recycles the looked-at card.
    Predict {
        seat: u8,
        card: ObjId,
    },
    /// Predict N > 1 (CR 436, `predict.rs`): `seat` looks at the top cards of their deck. `cards`
    /// are the looked-at cards still to decide, which are the top `cards.len()` cards of the deck
    /// below those already put back. Without `order` the player recycles any of them (`t cN`, to
    /// the bottom, one at a time) or keeps the rest (`done`); with `order` the kept ones are put
    /// back in any order (`t cN`: the next card from the top).
    PredictMany {
        seat: u8,
        cards: Vec<ObjId>,
        order: bool,
    },
    /// "Add one Power of any domain" / "of fury or chaos" (CR 429, `add_any.rs`): `seat` names
    /// the domain of each of the `left` Powers still to add (`domain fury`), one of `mask`'s
    /// domains (`ANY_DOMAIN`: any); `then`: the chosen Powers to name after these, in order, as
    /// (seat, mask) one per Power (another player's, or other domains, of the same instructions).
    AddDomain {
        seat: u8,
        left: u8,
        mask: u8,
        then: Vec<(u8, u8)>,
    },
    /// Combat damage assignment (CR 465.2): `seat` assigns `left` among the other side's units.
    Assign {
        seat: u8,
        left: i16,
    },
    /// A Standard Move being put together (CR 144): units sharing one destination.
    MoveGroup {
        seat: u8,
        dest: Loc,
        units: Vec<ObjId>,
    },
    /// Several showdowns are staged: the turn player chooses which begins (CR 323.9–10).
    Showdown {
        seat: u8,
    },
    /// Burn Out (CR 431): `seat` chooses the opponent who gains the point (FFA only; with one
    /// opposing team the choice is forced and made at once).
    BurnOut {
        seat: u8,
    },
    /// Paying the Hide cost [A] of `card` at battlefield `bf` (CR 421, 811, 444) with the option
    /// `rune_actions`: the player adds to the pool, `pay`s the rest automatically or backs out.
    HidePay {
        seat: u8,
        card: ObjId,
        bf: u8,
    },
    /// Split damage (CR 355.14): `seat` places the `left` points still to place, one at a time,
    /// among the legal targets of slot `slot` of the resolving item; `points` holds one entry
    /// per point placed.
    Split {
        seat: u8,
        left: u8,
        slot: u8,
        points: Vec<ObjId>,
    },
    /// Several replacement effects, or an optional one, would replace `unit`'s death: its
    /// controller chooses which applies (CR 372), `first i` of `death_choices` (heal and stun
    /// before return to hand), or declines their optional ones with `no` (CR 371); an optional
    /// one is asked of its own controller, the player whose effect made it (CR 374;
    /// `replace_death.rs`). With a damage batch waiting (`dmg_batch`), the same prompt is about
    /// that damage: an order, an optional one's "may", or which event a "once each turn" one
    /// applies to (`replace_ask.rs`).
    /// `unit` entered the board exhausted for now and `enter_ready` statics may make it enter
    /// ready (CR 370–372; `replace_enter.rs`): its controller chooses which applies (`first i`)
    /// or, when all are optional, declines (`no`).
    EnterReady {
        seat: u8,
        unit: ObjId,
    },
    Replacement {
        seat: u8,
        unit: ObjId,
    },
    /// Between the games of a match: `seat` makes 1-for-1 sideboard swaps, then `done` (TR 403).
    Sideboard {
        seat: u8,
    },
    /// Before a game of a match: `seat` secretly chooses one of their three battlefields (spec §5).
    ChooseField {
        seat: u8,
    },
    /// `seat` chooses to play first (`yes`) or last (`no`): the loser of the previous game of a
    /// match (TR 407.4), or the randomly designated player with `choose_first` (spec §6).
    PlayFirst {
        seat: u8,
    },
}

impl Prompt {
    pub fn seat(&self) -> u8 {
        match self {
            Prompt::Mulligan { seat, .. }
            | Prompt::TriggerOrder { seat }
            | Prompt::Discard { seat, .. }
            | Prompt::Recycle { seat, .. }
            | Prompt::Predict { seat, .. }
            | Prompt::PredictMany { seat, .. }
            | Prompt::AddDomain { seat, .. }
            | Prompt::Assign { seat, .. }
            | Prompt::MoveGroup { seat, .. }
            | Prompt::Showdown { seat }
            | Prompt::BurnOut { seat }
            | Prompt::HidePay { seat, .. }
            | Prompt::Split { seat, .. }
            | Prompt::Replacement { seat, .. }
            | Prompt::EnterReady { seat, .. }
            | Prompt::Sideboard { seat }
            | Prompt::ChooseField { seat }
            | Prompt::PlayFirst { seat } => *seat,
            Prompt::Build(b) => b.seat,
        }
    }
}

/// Turn structure (CR 314–317).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Mulligan,
    Beginning,
    Scoring,
    Channel,
    Draw,
    /// The Draw Phase's draw is made but held up by a burn-out choice (FFA, CR 431): once the
    /// draw is finished the Main Phase starts (CR 316.2), before anything else happens.
    DrawHeld,
    Main,
    Ending,
}

/// An instruction list being executed (CR 359.3), paused at `pc` for a choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolving {
    pub item: Item,
    /// The next instruction, counted across executions (execution k's instruction i is
    /// k × len + i, Repeat, CR 820).
    pub pc: u32,
    /// An instruction for several players paused at this player's choice: the players after
    /// it (in turn order from the controller) act when resolution goes on at `pc`. NOBODY: none.
    pub after: u8,
    /// Weaponmaster (CR 821) paused at its Equip cost: the Power pip (its domain mask) the player
    /// chose the [A] reduction to take off (`Stage::EquipPip`); 0 until chosen (the first pip
    /// that leaves a payable cost, `RiftGame::weaponmaster_cost`).
    pub pip: u8,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RiftGame {
    pub opts: RiftOptions,
    pub objs: Vec<Obj>,
    pub players: Vec<Player>,
    pub bfs: Vec<Battlefield>,
    pub turn: u16,
    pub turn_player: u8,
    pub first_player: u8,
    pub phase: Phase,
    pub chain: Vec<Item>,
    /// Priority (CR 312) while the chain exists, and consecutive passes.
    pub priority: u8,
    pub passes: u8,
    /// A player played or activated something during the showdown: once the chain is empty, Focus
    /// passes on (CR 340.2.a, 347.1.b). Chains started by triggers don't set it (§29 #20).
    pub focus_pass_due: bool,
    pub showdown: Option<Showdown>,
    pub prompt: Option<Prompt>,
    pub pending: Vec<Pending>,
    pub resolving: Option<Resolving>,
    pub outcome: Option<Outcome>,
    pub rng: GameRng,
    pub actions: u32,
    /// 2v2 (CR 316.5.b.1, 489.8.a): the teammate the turn player invited to act with their
    /// Priority in Neutral Open, or NOBODY.
    pub invited: u8,
    /// The last invitation was declined: no new one until the turn player does something else
    /// (an engine bound so that invite/decline cannot loop).
    pub invite_declined: bool,
    /// The seat to act backed out of a play (`back`) and has taken no other action since: the
    /// next play it begins can't be backed out of (an engine bound, `backout.rs`).
    pub backed_out: bool,
    /// 2v2 (CR 489.8.g): battlefields (bits) controlled by the turn player's ally during this
    /// turn's scoring step; the turn player's team can't conquer them this turn.
    pub ally_held: u8,
    /// 2v2 (CR 489.8.g): battlefields (bits) where the turn player's ally had units during this
    /// turn's scoring step; the final-point rule's "every battlefield" leaves them out.
    pub ally_occupied: u8,
    /// Burn-outs whose point has not been given yet (CR 431): the burning seats, oldest first.
    pub burnout_owed: Vec<u8>,
    /// The log recorder (off in playouts; compares equal and clones empty).
    pub notes: crate::notes::Notes,
    /// Draws held up by a burn-out point (CR 431, FFA: the burning player chooses who gains it):
    /// (seat, cards still to draw), made in order once the point is given, before the instruction
    /// that drew goes on. The first is the held-up one; later ones are draws made meanwhile.
    pub draw_rest: Vec<(u8, i32)>,
    /// The first of `draw_rest` burned out for its next card already: with deck and trash still
    /// empty that card burns out again (CR 431). Always set while `draw_rest` is written in a
    /// position (a position is between actions, when the first entry is the held-up one).
    pub draw_again: bool,
    /// Cards revealed to every player (CR 424) until the revealing item finishes resolving.
    pub revealed: Vec<ObjId>,
    /// Counters on objects (CR 741–749), other than buffs (a flag).
    pub counters: Vec<crate::keywords::Counter>,
    /// Repeat granted to permanents' activated abilities this turn (CR 820,
    /// `grant_ability_repeat`), in grant order; ended in the Expiration Step (CR 317).
    pub ability_repeats: Vec<AbilityRepeat>,
    /// Additional turns to come (CR 734–738), the next one last: each new one goes directly
    /// after the current turn, so later insertions come earlier.
    pub extra_turns: Vec<u8>,
    /// During an additional turn, the seat whose regular turn came last (turn order resumes
    /// after it, CR 736); NOBODY during a regular turn.
    pub order_seat: u8,
    /// Seats (bits) that have ended a turn: the first-round adjustments belong to a player's
    /// first turn (CR 482, 486–489; `first_round.rs`).
    pub turned: u8,
    /// Damage replacement effects this turn (CR 367–375; `replace.rs`), oldest first.
    pub wards: Vec<crate::replace::Ward>,
    /// Simultaneous damage events waiting for a replacement order (CR 372–373).
    pub dmg_batch: Vec<crate::replace::DamageEvent>,
    /// The waiting batch is combat damage: the Combat Cleanup follows once it is dealt.
    pub dmg_combat: bool,
    /// The optional replacement the affected unit's controller put next for the open damage
    /// event, waiting for its own controller's "may" (CR 372, 374; `replace.rs`).
    pub dmg_may: Option<crate::replace::Repl>,
    /// "Once each turn" replacement statics used this turn (CR 371; `replace.rs` keys).
    pub repl_used: Vec<crate::replace::StaticKey>,
    /// Units (with their incarnation) that entered exhausted for now, waiting for their
    /// controller's enter-ready choice (CR 372; `replace_enter.rs`), in the order they entered.
    pub enter_wait: Vec<(ObjId, u16)>,
    /// Continuous effects on characteristics (CR 473–480), oldest first (`layers.rs`).
    pub effects: Vec<crate::layers::Layered>,
    /// The units copy statics make copies now (`copy_statics.rs`): worked out from the board
    /// whenever layer 1 is (empty unless the set has copy statics).
    pub static_copies: Vec<crate::copy_statics::StaticCopy>,
    /// Combats this turn that ended with no result and units of both players still there (CR
    /// 466.3.d.1), or with the attacker's units gone and the defender's there (the attack-loop
    /// bound): (battlefield, fingerprint of the state then), for the loop checks of `restage.rs`.
    pub combat_marks: Vec<(u8, u64)>,
    /// Battlefields (bits) where a combat repeated with an identical result this turn: it ended
    /// with no result and is not staged again until the turn ends (§29 #9).
    pub no_restage: u8,
    /// (battlefield, seat): a combat there with that seat attacking ended with its attackers
    /// gone (recalled) in a position identical to an earlier such combat this turn, so that seat
    /// may not Standard Move units there again until the turn ends (house bound, `restage.rs`).
    pub no_attack: Vec<(u8, u8)>,
    /// A Bo3/Bo5 match (`match_play.rs`): the games so far and the decks; None in a single game.
    pub matchp: Option<Box<crate::match_play::MatchState>>,
    /// Which objects are on the board (speed only; `board_index.rs`).
    pub board: crate::board_index::BoardSet,
}

/// Is the object at this board location?
fn at(o: &Obj, l: Loc) -> bool {
    match l {
        Loc::Bf(b) => o.zone == Zone::Bf(b),
        Loc::Base(s) => o.zone == Zone::Base && o.controller == s,
        Loc::Nowhere => false,
    }
}

impl RiftGame {
    pub fn n(&self) -> u8 {
        self.players.len() as u8
    }
    /// The next player in turn order who is still in the game (CR 115, 652).
    pub fn next_seat(&self, s: u8) -> u8 {
        let n = self.n();
        let mut x = (s + 1) % n;
        for _ in 0..n {
            if !self.players[x as usize].left {
                return x;
            }
            x = (x + 1) % n;
        }
        x
    }
    /// Players still in the game: Focus and Priority rounds count them (CR 339, 347).
    pub fn active_n(&self) -> u8 {
        self.players.iter().filter(|p| !p.left).count() as u8
    }
    /// Same team ("friendly", CR 489.8.b): a seat is friendly to itself and to its teammate.
    pub fn friendly(&self, a: u8, b: u8) -> bool {
        a == b || (a != NOBODY && b != NOBODY && self.players[a as usize].team == self.players[b as usize].team)
    }
    /// The teammate of `s` (2v2), if any.
    pub fn ally(&self, s: u8) -> Option<u8> {
        (0..self.n()).find(|&o| o != s && self.friendly(s, o))
    }
    /// The definition of a battlefield, or none for a blank battlefield token (CR 651).
    pub fn bf_def(&self, b: u8) -> Option<&CardDef> {
        let bf = &self.bfs[b as usize];
        (!bf.blank).then(|| self.def(bf.def))
    }
    pub fn obj(&self, id: ObjId) -> &Obj {
        &self.objs[id as usize]
    }
    pub fn loc(&self, id: ObjId) -> Loc {
        let o = self.obj(id);
        match o.zone {
            Zone::Base => Loc::Base(o.controller),
            Zone::Bf(b) => Loc::Bf(b),
            _ => Loc::Nowhere,
        }
    }
    pub fn live(&self, t: Tgt) -> Option<ObjId> {
        match t {
            Tgt::Obj(id, inc) if (id as usize) < self.objs.len() && self.obj(id).inc == inc => Some(id),
            _ => None,
        }
    }
    pub fn tgt(&self, id: ObjId) -> Tgt {
        Tgt::Obj(id, self.obj(id).inc)
    }
    /// Is `i`, yielded by a unit scan of the board index, a unit (its card is looked up only
    /// for ids the index does not know exactly)?
    fn is_unit_id(&self, i: ObjId) -> bool {
        BoardSet::exact(i) || self.def(self.obj(i).def).is_unit()
    }
    /// Units on the board, in id order.
    pub fn units(&self) -> impl Iterator<Item = ObjId> + '_ {
        self.unit_ids().filter(|&i| self.obj(i).zone.on_board() && self.is_unit_id(i))
    }
    pub fn units_at(&self, l: Loc) -> impl Iterator<Item = ObjId> + '_ {
        self.unit_ids().filter(move |&i| at(self.obj(i), l) && self.is_unit_id(i))
    }
    pub fn has_units_at(&self, seat: u8, l: Loc) -> bool {
        self.unit_ids_of(seat).any(|i| {
            let o = self.obj(i);
            o.controller == seat && at(o, l) && self.is_unit_id(i)
        })
    }

    /// Current Might (CR 143.2, layers 473–480 as far as the set needs): printed + buff + "this
    /// turn" + equipment Might Bonus + Cadet lord + Assault while attacking + Shield while defending.
    #[inline]
    pub fn might(&self, id: ObjId) -> i32 {
        self.might_in(id, None)
    }

    /// The Might the unit has with layer 1's controllers and tags given by `l1` (object →
    /// (controller, tags)) instead of `Obj::controller` and [`RiftGame::tag_bits_of`]: layer 3
    /// worked out at a point of layer 1's fold, for a static whose units are chosen by Might
    /// (CR 476, 478; `control_statics.rs`, `trait_statics.rs`). `None`: the Might now.
    pub(crate) fn might_in(&self, id: ObjId, l1: Option<&dyn Fn(ObjId) -> (u8, u64)>) -> i32 {
        let o = self.obj(id);
        let db = self.db();
        let d = db.get(o.def);
        // Layer 1 (CR 477.1): printed or copied Might, or what an effect set it to.
        let mut m = self.base_might(id, d.might) + o.temp_might as i32 + i32::from(o.has(flag::BUFFED));
        // Layer 3's decreases (CR 477.3.e.2), for passive limits (`limits.rs`), and those limits.
        let mut dec = o.this_turn_decrease();
        // (timestamp, n, limit): applied in timestamp order (CR 479).
        let mut passives: Vec<(i64, i32, i32)> = Vec::new();
        let mut assault = d.assault;
        let mut shield = d.shield;
        if o.zone.on_board() {
            if o.has(flag::EQUIPPED) {
                for e in self.nonrune_ids().map(|i| self.obj(i)) {
                    if e.attached_to == id && e.zone.on_board() {
                        let ed = db.get(e.def);
                        m += ed.might_bonus;
                        dec += ed.might_bonus.min(0);
                        assault += ed.assault;
                        shield += ed.shield;
                    }
                }
            }
            // Statics "units you control with tag X have +N Might" (Quell, ST1-027).
            // Its tags now (layer 1: copies, "it becomes a Yordle"; `traits.rs`).
            let (ctl, tags) = match l1 {
                None => (o.controller, self.tag_bits_of(id)),
                Some(f) => f(id),
            };
            if tags & db.lord_tags != 0 {
                let mut lord = |qid: ObjId| {
                    let q = self.obj(qid);
                    for &(mask, n) in &db.get(q.def).lords {
                        if tags & mask != 0 {
                            m += n;
                            dec += n.min(0);
                        }
                    }
                    for &(mask, n, limit) in &db.get(q.def).limited_lords {
                        if tags & mask != 0 {
                            passives.push((self.static_stamp(qid), n, limit));
                        }
                    }
                };
                match l1 {
                    None => {
                        for qid in self.board_ids_of(ctl) {
                            let q = self.obj(qid);
                            if q.zone.on_board() && q.controller == ctl {
                                lord(qid);
                            }
                        }
                    }
                    Some(f) => {
                        for qid in self.nonrune_ids() {
                            if self.obj(qid).zone.on_board() && f(qid).0 == ctl {
                                lord(qid);
                            }
                        }
                    }
                }
            }
            let granted = self.granted_might_as(id, ctl);
            m += granted;
            dec += granted.min(0);
            if let Zone::Bf(b) = o.zone {
                if let Some(bd) = self.bf_def(b) {
                    assault += bd.assault;
                    shield += bd.shield;
                }
            }
            if o.has(flag::ATTACKER) {
                m += assault;
            }
            if o.has(flag::DEFENDER) {
                m += shield;
            }
        }
        if !passives.is_empty() {
            passives.sort_by_key(|p| p.0);
            let ordered: Vec<(i32, i32)> = passives.iter().map(|p| (p.1, p.2)).collect();
            m = crate::limits::passive_layer3(m - dec, dec, &ordered);
        }
        m
    }

    /// Keyword test (layer 2, CR 477.2): printed, granted by attached equipment and by
    /// dependent grants (Level, Empowered; CR 726), then the grants and losses of `layers.rs`
    /// in timestamp order.
    pub fn has_kw(&self, id: ObjId, k: u32) -> bool {
        let o = self.obj(id);
        let has = self.def(o.def).has(k)
            || self.granted_kw(id, k)
            || (o.has(flag::EQUIPPED)
                && self
                    .nonrune_ids()
                    .map(|i| self.obj(i))
                    .any(|e| e.attached_to == id && e.zone.on_board() && self.def(e.def).has(k)));
        if self.effects.is_empty() {
            has
        } else {
            self.layered_kw(id, k, has)
        }
    }

    pub fn mighty(&self, id: ObjId) -> bool {
        // CR 706: Might 5 or more (current Might on the board).
        self.might(id) >= 5
    }

    pub fn deflect(&self, id: ObjId) -> u8 {
        self.card(id).deflect
    }
}

impl RiftGame {
    /// A game with no objects, players or battlefields yet, at `phase` of turn 0: what the
    /// setup and the position reader fill in (one list of every field's starting value).
    pub(crate) fn empty(opts: &RiftOptions, phase: Phase) -> RiftGame {
        RiftGame {
            opts: opts.clone(),
            objs: Vec::new(),
            players: Vec::new(),
            bfs: Vec::new(),
            turn: 0,
            turn_player: 0,
            first_player: 0,
            phase,
            chain: Vec::new(),
            priority: 0,
            passes: 0,
            focus_pass_due: false,
            showdown: None,
            prompt: None,
            pending: Vec::new(),
            resolving: None,
            outcome: None,
            rng: GameRng::new(0),
            actions: 0,
            invited: NOBODY,
            invite_declined: false,
            backed_out: false,
            ally_held: 0,
            ally_occupied: 0,
            burnout_owed: Vec::new(),
            notes: Default::default(),
            draw_rest: Vec::new(),
            draw_again: false,
            revealed: Vec::new(),
            counters: Vec::new(),
            ability_repeats: Vec::new(),
            extra_turns: Vec::new(),
            order_seat: NOBODY,
            turned: 0,
            wards: Vec::new(),
            dmg_batch: Vec::new(),
            dmg_combat: false,
            dmg_may: None,
            repl_used: Vec::new(),
            enter_wait: Vec::new(),
            effects: Vec::new(),
            static_copies: Vec::new(),
            combat_marks: Vec::new(),
            no_restage: 0,
            no_attack: Vec::new(),
            matchp: None,
            board: Default::default(),
        }
    }

    /// The card set this game is played with. Rules code reaches cards only through this
    /// (issue #19: the set becomes a value in the options).
    pub fn db(&self) -> &CardDb {
        self.opts.cards.get()
    }
    /// The set, shared: for code that holds a card's definition while it changes the state.
    pub fn db_arc(&self) -> std::sync::Arc<CardDb> {
        self.opts.cards.arc().clone()
    }
    /// A card definition of this game's set.
    pub fn def(&self, d: DefId) -> &CardDef {
        self.db().get(d)
    }
    /// The definition of an object.
    pub fn card(&self, id: ObjId) -> &CardDef {
        self.db().get(self.objs[id as usize].def)
    }

    /// Reveal a card (CR 424): it stays in its zone and every player sees it until the item
    /// resolving now finishes (`after_resolve` ends the reveal). The view shows it to all.
    pub fn reveal(&mut self, id: ObjId) {
        if !self.revealed.contains(&id) {
            self.revealed.push(id);
        }
    }
}
