//! What happened while an action was applied, for the log (design.md §2): damage, deaths,
//! draws, points, conquests, showdowns, turns. Recording is off unless the caller's log is
//! enabled, so random playouts pay one branch per hook and allocate nothing.

use crate::action::ObjId;
use crate::cards::DefId;
use crate::state::{Loc, Phase};
use serde::{Deserialize, Serialize};

/// Where damage came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// A card's spell or ability: the source object (or legend/battlefield) and its definition.
    Card {
        id: ObjId,
        def: DefId,
    },
    Legend {
        seat: u8,
        def: DefId,
    },
    Battlefield {
        bf: u8,
        def: DefId,
    },
    /// Combat damage (CR 465) from the other side of the fight.
    Combat {
        bf: u8,
    },
    Unknown,
}

/// One thing that happened (an entry of the log besides the action itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Note {
    Turn {
        turn: u16,
        seat: u8,
    },
    Phase {
        phase: Phase,
        seat: u8,
    },
    /// A card was played (put on the chain or onto the board, CR 419).
    Played {
        seat: u8,
        card: ObjId,
        def: DefId,
    },
    Damage {
        by: By,
        unit: ObjId,
        def: DefId,
        controller: u8,
        amount: i16,
    },
    Died {
        unit: ObjId,
        def: DefId,
        controller: u8,
    },
    /// Gear or a card other than a unit went to the trash from the board.
    Destroyed {
        card: ObjId,
        def: DefId,
        controller: u8,
    },
    Discarded {
        seat: u8,
        card: ObjId,
        def: DefId,
    },
    Returned {
        card: ObjId,
        def: DefId,
        owner: u8,
    },
    Moved {
        unit: ObjId,
        def: DefId,
        controller: u8,
        to: Loc,
    },
    Recalled {
        unit: ObjId,
        def: DefId,
        controller: u8,
    },
    /// A card drawn: `def` is set only in the drawer's private copy.
    Drew {
        seat: u8,
        card: Option<ObjId>,
        def: Option<DefId>,
    },
    BurnOut {
        seat: u8,
    },
    /// The trash shuffled into the deck (burn out, CR 431).
    Shuffled {
        seat: u8,
    },
    /// A card from hand to the bottom of the deck (CR 416); the card only in the private copy.
    RecycledHand {
        seat: u8,
        def: Option<DefId>,
    },
    /// The looked-at top card recycled (Predict, CR 436) or kept.
    Predicted {
        seat: u8,
        def: Option<DefId>,
        recycled: bool,
    },
    /// A rune recycled to pay Power (CR 416, 444).
    RecycledRune {
        seat: u8,
        def: DefId,
    },
    Channeled {
        seat: u8,
        def: DefId,
    },
    ShowdownStarted {
        bf: u8,
        def: DefId,
        focus: u8,
    },
    CombatStarted {
        bf: u8,
        def: DefId,
        attacker: u8,
        defender: u8,
    },
    /// Combat result (CR 466): `winner` holds the battlefield's units afterwards (NOBODY: none).
    CombatEnded {
        bf: u8,
        def: DefId,
        attacker: u8,
        defender: u8,
        winner: u8,
    },
    Conquered {
        seat: u8,
        bf: u8,
        def: DefId,
    },
    Held {
        seat: u8,
        bf: u8,
        def: DefId,
    },
    /// The final point by Conquer needs every battlefield (CR 470): the player draws instead.
    FinalPointDenied {
        seat: u8,
        bf: u8,
        def: DefId,
    },
    Point {
        seat: u8,
        total: u8,
        gained: u8,
    },
    Conceded {
        seat: u8,
    },
    /// A player gained XP (CR 728–733): `n` now, `total` in all.
    Xp {
        seat: u8,
        n: u16,
        total: u16,
    },
    GameOver,
    /// A player gained control of a unit, or got it back (CR 191, 317).
    ControlChanged {
        unit: ObjId,
        def: DefId,
        from: u8,
        to: u8,
    },
    /// A player will take an additional turn after this one (CR 734–738).
    ExtraTurn {
        seat: u8,
    },
    /// A game of a match ended (`winner` NOBODY: drawn); `wins`: game wins per seat so far.
    MatchGameOver {
        game: u8,
        winner: u8,
        wins: [u8; 2],
    },
    /// Game `game` of a best-of-`of` match is dealt, `first` going first.
    MatchGameBegins {
        game: u8,
        of: u8,
        first: u8,
    },
    /// A battlefield chosen for the next game of a match, revealed (spec §5).
    FieldChosen {
        seat: u8,
        def: DefId,
    },
    /// A sideboard swap (TR 403): the cards only in the swapping seat's copy.
    SideSwapped {
        seat: u8,
        out: Option<DefId>,
        inn: Option<DefId>,
    },
    /// A new Chosen Champion for the next game (TR 403): the card only in the seat's own copy.
    ChampionChanged {
        seat: u8,
        def: Option<DefId>,
    },
    /// The play-first choice (TR 407.4, spec §6): `first` = chose to play first.
    PlayChoice {
        seat: u8,
        first: bool,
    },
    /// 2v2's play-first choice (spec §6 step 4): `seat`'s team chose `first` to start.
    StartChosen {
        seat: u8,
        first: u8,
    },
    /// A triggered ability had to target objects whose Deflect its controller can't pay: it is
    /// removed (CR 355.16, 203.3, 404.2).
    DeflectUnpayable {
        seat: u8,
        /// The ability's source card.
        def: DefId,
    },
    /// Replacement effects changed the damage a unit was about to be dealt (CR 370, 372).
    DamageReplaced {
        unit: ObjId,
        def: DefId,
        controller: u8,
        amount: i16,
    },
    /// An instruction added to a player's rune pool (CR 429): `energy` and one Power per domain
    /// bit of `power`, `count` Power in all.
    Added {
        seat: u8,
        energy: u8,
        power: u8,
        count: u8,
    },
    /// A cost inside an instruction (CR 204.3): paid, or declined / unpayable (the rest of the
    /// execution is skipped).
    InstrPay {
        seat: u8,
        energy: u8,
        pips: u8,
        paid: bool,
    },
    /// Repeat instances not offered (CR 820): the item being played holds no more executions
    /// (256 target slots, `repeat.rs`); `left` instances were passed over.
    RepeatBound {
        seat: u8,
        left: u16,
    },
    /// A spell whose text is [Legion] resolved without another card finalized this turn: its
    /// text was inactive and did nothing (CR 812, 726).
    LegionInactive {
        seat: u8,
        card: ObjId,
        def: DefId,
    },
}

/// The recorder: a side channel of the state that compares equal and clones empty, so it never
/// changes what the state is.
#[derive(Debug, Default)]
pub struct Notes {
    pub on: bool,
    pub list: Vec<Note>,
    /// The source of damage dealt now.
    pub by: Option<By>,
}

impl Clone for Notes {
    fn clone(&self) -> Self {
        Notes::default()
    }
}

impl PartialEq for Notes {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Notes {
    #[inline]
    pub fn add(&mut self, make: impl FnOnce() -> Note) {
        if self.on {
            self.list.push(make());
        }
    }
}

impl crate::state::RiftGame {
    /// The source of an item, for damage it deals.
    pub fn by_of(&self, src: crate::state::ItemSrc) -> By {
        use crate::state::ItemSrc;
        match src {
            ItemSrc::Spell(id) | ItemSrc::Obj(id) => By::Card { id, def: self.obj(id).def },
            ItemSrc::Legend(s) => By::Legend { seat: s, def: self.players[s as usize].legend },
            ItemSrc::Bf(b) => By::Battlefield { bf: b, def: self.bfs[b as usize].def },
        }
    }
}
