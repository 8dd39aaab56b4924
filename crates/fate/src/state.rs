//! Game state (spec §2): per-player resources and rows, per-card state, the step machine and
//! the stack of pending decisions (§8.2). Fixed arrays and bitsets: cloning is a memcpy plus
//! the repetition history.

use crate::card::{bit, Card};
use crate::options::FateOptions;
use crate::present::FateEvent;

/// Max characters in one row: all 8 own court cards plus up to 8 stolen Knights and Pages.
pub const ROW_MAX: usize = 16;
/// Max King of Swords cap effects on one player (3 per suit take a cap to 0, §5.2).
pub const CAP_FX_MAX: usize = 12;
pub const PENDING_MAX: usize = 12;

/// Per-card flags (§2.3).
pub const F_ACTED: u8 = 1;
pub const F_AFFECTED: u8 = 2;
/// Passive action since its controller's last TS3 (wandWindow SINCE_OWN_LAST_TURN_START, A-10).
pub const F_AFFECTED_OWN: u8 = 4;
pub const F_HIT_CHAR: u8 = 8;
pub const F_STOOD_DOWN: u8 = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct CardState {
    /// Attack value (R-ATK); wide enough for 200 plies of persistent buffs.
    pub atk: u16,
    pub flags: u8,
    pub attacks_used: u8,
    pub extra_attacks: u8,
    pub skn_bonus: u8,
    /// SIMULTANEOUS_HIDDEN buffs placed but not yet revealed.
    pub hidden_buff: u8,
}

/// One King of Swords cap reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct CapEffect {
    pub suit: u8,
    pub source: Card,
    /// Ply at whose end it expires (UNTIL_END_OF_OPPONENT_NEXT_TURN); 0 = no ply expiry.
    pub expires: u16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Player {
    pub u: [u8; 4],
    pub t: [u8; 4],
    pub cap_fx: [CapEffect; CAP_FX_MAX],
    pub n_cap_fx: u8,
    /// Bitset of character cards in this player's hand.
    pub hand: u32,
    /// Cards in hand whose identity is public (they entered the hand from the field); used
    /// when `openHands` = false.
    pub known: u32,
    pub row: [Card; ROW_MAX],
    pub row_len: u8,
    /// Setup progress: 0 King, 1 Queen, 2 composition, 3 Knights, 4 Pages, 5 done.
    pub setup_stage: u8,
    pub comp: (u8, u8),
}

impl Player {
    pub fn n(&self, s: u8) -> u8 {
        self.u[s as usize] + self.t[s as usize]
    }
    pub fn total(&self) -> u32 {
        (0..4).map(|s| self.n(s) as u32).sum()
    }
    /// cap[s] = max(0, 10 − 4·(effects on s)).
    pub fn cap(&self, s: u8) -> u8 {
        if self.n_cap_fx == 0 {
            return 10;
        }
        let k = self.cap_fx[..self.n_cap_fx as usize].iter().filter(|e| e.suit == s).count() as u8;
        10u8.saturating_sub(4 * k)
    }
    pub fn room(&self, s: u8) -> u8 {
        self.cap(s).saturating_sub(self.n(s))
    }
    pub fn row(&self) -> &[Card] {
        &self.row[..self.row_len as usize]
    }
    pub fn field_set(&self) -> u32 {
        self.row().iter().fold(0, |m, &c| m | bit(c))
    }
    pub fn row_index(&self, c: Card) -> Option<usize> {
        self.row().iter().position(|&x| x == c)
    }
    pub fn push_row(&mut self, c: Card) {
        self.row[self.row_len as usize] = c;
        self.row_len += 1;
    }
    pub fn remove_row(&mut self, c: Card) -> bool {
        if let Some(i) = self.row_index(c) {
            let len = self.row_len as usize;
            self.row.copy_within(i + 1..len, i);
            self.row_len -= 1;
            self.row[self.row_len as usize] = 0;
            true
        } else {
            false
        }
    }
    pub fn cap_effects(&self) -> &[CapEffect] {
        &self.cap_fx[..self.n_cap_fx as usize]
    }
}

/// The step machine (§2.4 `step`). Resting steps wait for a decision; `TurnStart`, `CombatStart`,
/// `EndPhase` and `EndTurn` are passed through at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Step {
    #[default]
    Setup,
    TurnStart,
    /// MANUAL Pentacle recovery (R-TS1): untap up to `arg`.
    TsPent,
    /// MANUAL Wand recovery (R-TS2).
    TsWand,
    Draw,
    Main,
    Lineup,
    CombatStart,
    Buff,
    Attacks,
    /// Knight of Swords bonus (R-C5) for `bonus_card`.
    Bonus,
    EndPhase,
    /// MANUAL Cup recovery (R-E1).
    EndCups,
    EndTurn,
    Over,
}

/// What a resource discard split belongs to (RES_DISCARD_SPLIT).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SplitCtx {
    /// A resource attack: after the split, `short` hand cards are owed (R-C4).
    Attack { short: u8, by: Option<Card> },
    /// A King of Pentacles discard: an untapped discard lets the activator draw.
    Kop,
    /// King of Swords excess (R-CAP).
    Kos,
}

/// A pending decision or continuation (§8.2). The top of the stack is resolved first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pending {
    Split {
        victim: u8,
        suit: u8,
        m: u8,
        ctx: SplitCtx,
    },
    /// HAND_DISCARD: `left` picks, in increasing id order after `after` (32 = none yet).
    HandDiscard {
        victim: u8,
        left: u8,
        after: u8,
    },
    /// KOC_CHOICE: `left` choices still to make; `prev` the kind chosen before (0 = none).
    KocChoice {
        victim: u8,
        left: u8,
        prev: u8,
    },
    /// QOS_VICTIM: discard a card of `rank` (or, ANY_HIGHER, any rank ≥ `rank`).
    QosVictim {
        victim: u8,
        rank: u8,
        any_higher: bool,
    },
    /// SWORD_RECOVERY (MANUAL): `player` may untap up to `count` Swords.
    SwordRec {
        player: u8,
        count: u8,
    },
    /// KOP_DRAW (MANUAL): the activator may take one card of `suit`.
    KopDraw {
        suit: u8,
    },
    /// Continue the King of Pentacles with suits ≥ `next`.
    KopSuits {
        next: u8,
    },
}

impl Pending {
    pub fn decider(&self, ap: u8) -> u8 {
        match *self {
            Pending::Split { victim, .. }
            | Pending::HandDiscard { victim, .. }
            | Pending::KocChoice { victim, .. }
            | Pending::QosVictim { victim, .. } => victim,
            Pending::SwordRec { player, .. } => player,
            Pending::KopDraw { .. } | Pending::KopSuits { .. } => ap,
        }
    }
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum End {
    #[default]
    Ongoing,
    /// King discarded: the seat that won.
    Win(u8),
    /// Both Kings discarded at once under mutualKingLoss = DRAW (R-END1).
    MutualDraw,
    PlyLimit,
    Repetition,
    NoProgress,
}

/// The whole game state. `FateGame` in the public API.
#[derive(Clone, Debug, PartialEq)]
pub struct FateGame {
    pub(crate) opts: FateOptions,
    pub(crate) ply: u32,
    pub(crate) first: u8,
    pub(crate) ap: u8,
    pub(crate) step: Step,
    pub(crate) end: End,
    pub(crate) players: [Player; 2],
    pub(crate) cards: [CardState; 32],
    /// Eliminated characters (R-CDISC).
    pub(crate) elim: u32,
    /// Court cards set aside at setup (R-S4).
    pub(crate) aside: u32,
    pub(crate) pending: [Pending; PENDING_MAX],
    pub(crate) n_pending: u8,
    /// Setup: the seat choosing now. Buff: the seat buffing now.
    pub(crate) actor: u8,
    /// Draw: budget left (R-D1). Manual recovery steps: the maximum to untap.
    pub(crate) budget: u8,
    /// Draw: lowest suit still allowed; Buff: lowest row index allowed; Lineup: cards placed.
    pub(crate) cursor: u8,
    /// Buff (ALTERNATING_UNTIL_TWO_PASSES): consecutive passes; other orders: buffers done.
    pub(crate) passes: u8,
    /// Knight of Swords that may make bonus attacks now (R-C5).
    pub(crate) bonus_card: Card,
    /// PLAY_THEN_SKILLS: a skill was used this main phase.
    pub(crate) skill_used: bool,
    /// A character was discarded this ply (R-END4).
    pub(crate) discard_this_ply: bool,
    pub(crate) plies_since_progress: u32,
    /// Kings discarded during the current resolution, per seat (R-WIN).
    pub(crate) kings_lost: u8,
    /// Turn-start position hashes (R-END3), oldest first.
    pub(crate) history: Vec<u64>,
    /// Events noted while an action is performed (only when the caller's log is enabled).
    pub(crate) trace: Trace,
}

/// One noted event (all are public: the hidden decisions are logged by `apply` itself).
#[derive(Clone, Debug)]
pub(crate) enum Note {
    Public(FateEvent),
}

/// Events noted during one `apply`, `None` when the log is disabled (playouts pay one branch
/// per noting site). Not part of the game state: two traces always compare equal.
#[derive(Clone, Debug, Default)]
pub(crate) struct Trace(pub(crate) Option<Vec<Note>>);

impl PartialEq for Trace {
    fn eq(&self, _: &Trace) -> bool {
        true
    }
}

impl FateGame {
    /// Note a public event; `make` runs only when the log is enabled.
    #[inline]
    pub(crate) fn note(&mut self, make: impl FnOnce(&FateGame) -> FateEvent) {
        if self.trace.0.is_some() {
            let e = make(self);
            if let Some(t) = self.trace.0.as_mut() {
                t.push(Note::Public(e));
            }
        }
    }
    /// Is the log on (for noting sites that gather values before a change)?
    #[inline]
    pub(crate) fn noting(&self) -> bool {
        self.trace.0.is_some()
    }
    pub(crate) fn pending_top(&self) -> Option<Pending> {
        if self.n_pending == 0 {
            None
        } else {
            Some(self.pending[self.n_pending as usize - 1])
        }
    }
    pub(crate) fn push_pending(&mut self, p: Pending) {
        // The stack depth is bounded by the nesting of effects (at most a handful).
        let i = (self.n_pending as usize).min(PENDING_MAX - 1);
        self.pending[i] = p;
        self.n_pending = (i + 1) as u8;
    }
    pub(crate) fn pop_pending(&mut self) {
        if self.n_pending > 0 {
            self.n_pending -= 1;
            self.pending[self.n_pending as usize] = Pending::KopSuits { next: 4 };
        }
    }
    pub(crate) fn set_top(&mut self, p: Pending) {
        if self.n_pending > 0 {
            self.pending[self.n_pending as usize - 1] = p;
        }
    }
    pub(crate) fn is_over(&self) -> bool {
        self.end != End::Ongoing
    }
    /// The controller of a card in hand or on a field, if any.
    pub(crate) fn controller(&self, c: Card) -> Option<u8> {
        (0..2u8)
            .find(|&p| self.players[p as usize].hand & bit(c) != 0 || self.players[p as usize].row_index(c).is_some())
    }
    pub(crate) fn on_field(&self, p: u8, c: Card) -> bool {
        self.players[p as usize].row_index(c).is_some()
    }
    pub(crate) fn has_flag(&self, c: Card, f: u8) -> bool {
        self.cards[c as usize].flags & f != 0
    }
    /// The seat that must decide now, if the game is not over.
    pub(crate) fn to_act(&self) -> Option<u8> {
        if self.is_over() {
            return None;
        }
        if let Some(p) = self.pending_top() {
            return Some(p.decider(self.ap));
        }
        Some(match self.step {
            Step::Setup | Step::Buff | Step::Attacks | Step::Bonus => self.actor,
            _ => self.ap,
        })
    }
    /// Does this ply have a combat phase (R-C0, A-5)?
    pub(crate) fn ply_has_combat(&self) -> bool {
        match self.opts.no_combat_plies {
            crate::options::NoCombatPlies::FirstPlyOnly => self.ply > 1,
            crate::options::NoCombatPlies::EachPlayersFirstTurn => self.ply > 2,
        }
    }
}
