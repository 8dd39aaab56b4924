//! Atomic decisions and their stable notation (design.md §2).
//!
//! | notation | meaning |
//! |---|---|
//! | `mull c5` / `keep` | mulligan: set card c5 aside / finish (CR 117) |
//! | `play c5` | play card c5 from hand, Champion Zone or facedown (CR 419) |
//! | `act L` / `act c5` | activate the legend's / permanent c5's (first) ability, Equip included (CR 377) |
//! | `act c5 2` | activate permanent c5's second activated ability: its own first (Equip's first), then the granted ones in timestamp order (CR 376–381, 477.2; `act c5 1` is `act c5`) |
//! | `empower c5` | use c5's Empower [cost] ability (CR 827) |
//! | `move c5 b1` / `move c5 base` | start a Standard Move of c5 (CR 144) |
//! | `add c7` / `go` | add c7 to the move group / perform the move |
//! | `hide c5 b1` | hide c5 facedown at battlefield 1 (CR 421, 811) |
//! | `end` | end the turn (CR 316.9) |
//! | `pass` | pass priority or focus (CR 339, 347) |
//! | `t c5` / `t b1` / `t base` | choose an object, battlefield or your base (targets, locations, discards, the rune paying a pip, damage, which showdown begins) |
//! | `yes` / `no` | optional choices (accelerate, "you may", predict: recycle?) |
//! | `done` | stop choosing targets for an "up to" slot |
//! | `back` | back out of playing a card or activating an ability before it is finished: the play is undone and the card returns where it came from (CR 358.5) |
//! | `first 2` | put pending trigger 2 on the chain next (CR 383.3.d) |
//! | `t p2` | choose player 2 (the opponent gaining a burn-out point, CR 431; your own seat: your legend paying a `spend_counter` cost, CR 741–749; at a target slot `what = "legend"`: player 2's legend, CR 355.10.a.1) |
//! | `invite` | 2v2: invite your teammate to act with your Priority (CR 316.5.b.1, 489.8.a) |
//! | `exhaust c5` / `exhaust c5 mind` | rune c5: "[E]: Add [1]"; Add gear c5: add one Power of that domain (the domain is named when the gear has several) (CR 164.2, 429) |
//! | `recycle c5` / `recycle c5 fury` | rune c5: "Recycle this: Add [C]", one Power of its domain (named when it has several) (CR 164.2, 416) |
//! | `pay` | pay the rest of the cost automatically, as the engine chooses (the auto-pay) |
//! | `swap d12 d40` / `champion d12` | between the games of a match: put Main Deck card (definition) 12 in the sideboard for sideboard card 40 / make main-deck champion 12 the Chosen Champion (TR 403) |
//! | `domain fury` | name the domain of a Power of any domain being added (CR 429) |
//! | `pip fury` / `pip fury/chaos` / `pip any` | Weaponmaster: the Power pip its [A] reduction takes off the Equip cost (CR 821) |
//! | `field 2` | choose your second battlefield for the next game of a match (spec §5) |
//! | `concede P3` | player 3 leaves the game (CR 649–652), out of turn too, when the `allow_concede` option is on; a bare `concede` (older replays) is the seat to act. In a Bo3/Bo5 match it concedes the current game, out of turn too (`Game::out_of_turn_actions`) |
//! | `concede P2 match` | in a Bo3/Bo5 match: player 2 concedes the whole match in one action, out of turn too (`Game::out_of_turn_actions`; it is the match's `Game::concede_action`, the server's resignation); a bare `concede match` is the seat to act |

use engine::NotationError;
use std::fmt;
use std::str::FromStr;

pub type ObjId = u16;

/// A thing a choice can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ref {
    Obj(ObjId),
    /// Battlefield by index (shown 1-based: `b1`).
    Bf(u8),
    /// The acting player's base.
    Base,
    /// A player by seat (shown 1-based: `p1`).
    Seat(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Src {
    Legend,
    Obj(ObjId),
    /// A permanent's activated ability after its first (0-based number, ≥ 1; `activated.rs`):
    /// `act c5 2` is `Nth(5, 1)`.
    Nth(ObjId, u8),
    /// The Empower [cost] ability of a permanent (CR 827): `empower c5`.
    Empower(ObjId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RiftAction {
    Mull(ObjId),
    Keep,
    Play(ObjId),
    Act(Src),
    Move(ObjId, Ref),
    Add(ObjId),
    Go,
    Hide(ObjId, u8),
    End,
    Pass,
    Pick(Ref),
    Yes,
    No,
    Done,
    /// Back out of the card or ability being played (CR 358.5).
    Back,
    First(u8),
    Invite,
    /// Exhaust a rune for Energy (domain `NOBODY`) or an Add gear for one Power of a domain
    /// (`NOBODY`: its only domain) (CR 164.2, 429).
    Exhaust(ObjId, u8),
    /// Recycle a rune for one Power of its domain (`NOBODY`: its only domain) (CR 164.2).
    Recycle(ObjId, u8),
    /// Pay the rest of the cost being paid automatically (CR 357; the engine's choice).
    AutoPay,
    /// The seat conceding (0-based), or `NOBODY` (u8::MAX) for "the seat to act" (bare `concede`).
    Concede(u8),
    /// A Bo3/Bo5 match: the seat (or `NOBODY`: the seat to act) concedes the whole match.
    ConcedeMatch(u8),
    /// Between games of a match: swap a Main Deck card for a sideboard card (definitions, TR 403).
    Swap(u16, u16),
    /// Between games of a match: make a main-deck champion the Chosen Champion (definition).
    Champion(u16),
    /// Before a game of a match: choose one of your three battlefields (0-based; shown 1-based).
    Field(u8),
    /// Name the domain (0–5) of a Power of any domain being added (CR 429): `domain fury`.
    Domain(u8),
    /// Weaponmaster's [A] reduction (CR 821): take this Power pip (a domain mask) off the Equip
    /// cost: `pip fury`, `pip fury/chaos`, `pip any`.
    Pip(u8),
}

impl RiftAction {
    /// A rune ability or Add gear used for the pool (CR 429): not an item, passes nothing.
    pub fn is_pool(&self) -> bool {
        matches!(self, RiftAction::Exhaust(..) | RiftAction::Recycle(..))
    }
}

impl fmt::Display for Ref {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ref::Obj(o) => write!(f, "c{o}"),
            Ref::Bf(b) => write!(f, "b{}", b + 1),
            Ref::Base => f.write_str("base"),
            Ref::Seat(s) => write!(f, "p{}", s + 1),
        }
    }
}

impl fmt::Display for RiftAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RiftAction::*;
        match self {
            Mull(o) => write!(f, "mull c{o}"),
            Keep => f.write_str("keep"),
            Play(o) => write!(f, "play c{o}"),
            Act(Src::Legend) => f.write_str("act L"),
            Act(Src::Obj(o)) => write!(f, "act c{o}"),
            Act(Src::Nth(o, k)) => write!(f, "act c{o} {}", *k as u16 + 1),
            Act(Src::Empower(o)) => write!(f, "empower c{o}"),
            Move(o, r) => write!(f, "move c{o} {r}"),
            Add(o) => write!(f, "add c{o}"),
            Go => f.write_str("go"),
            Hide(o, b) => write!(f, "hide c{o} b{}", b + 1),
            End => f.write_str("end"),
            Pass => f.write_str("pass"),
            Pick(r) => write!(f, "t {r}"),
            Yes => f.write_str("yes"),
            No => f.write_str("no"),
            Done => f.write_str("done"),
            Back => f.write_str("back"),
            First(i) => write!(f, "first {i}"),
            Invite => f.write_str("invite"),
            Exhaust(o, u8::MAX) => write!(f, "exhaust c{o}"),
            Exhaust(o, d) => write!(f, "exhaust c{o} {}", domain_name(*d)),
            Recycle(o, u8::MAX) => write!(f, "recycle c{o}"),
            Recycle(o, d) => write!(f, "recycle c{o} {}", domain_name(*d)),
            AutoPay => f.write_str("pay"),
            Concede(u8::MAX) => f.write_str("concede"),
            Concede(s) => write!(f, "concede P{}", s + 1),
            ConcedeMatch(u8::MAX) => f.write_str("concede match"),
            ConcedeMatch(s) => write!(f, "concede P{} match", s + 1),
            Swap(o, i) => write!(f, "swap d{o} d{i}"),
            Champion(c) => write!(f, "champion d{c}"),
            Field(k) => write!(f, "field {}", *k as u16 + 1),
            Domain(d) => write!(f, "domain {}", domain_name(*d)),
            Pip(m) => write!(f, "pip {}", pip_words(*m)),
        }
    }
}

/// A pip's domains as words: `any` (every domain), `fury`, `fury/chaos`.
fn pip_words(m: u8) -> String {
    if m == crate::cards::ANY_DOMAIN {
        return "any".into();
    }
    (0..6).filter(|d| m & (1 << d) != 0).map(domain_name).collect::<Vec<_>>().join("/")
}

/// `any` or domain words joined by `/` (`fury/chaos`): a pip's mask.
fn pip_mask(text: &str, s: Option<&str>) -> Result<u8, NotationError> {
    let bad = || NotationError::new(text, "expected 'pip fury', 'pip fury/chaos' or 'pip any'");
    match s {
        Some("any") => Ok(crate::cards::ANY_DOMAIN),
        Some(w) => w.split('/').try_fold(0u8, |m, d| match domain(text, Some(d)) {
            Ok(i) if i < 6 && m & (1 << i) == 0 => Ok(m | 1 << i),
            _ => Err(bad()),
        }),
        None => Err(bad()),
    }
}

fn domain_name(d: u8) -> &'static str {
    crate::cards::DOMAINS.get(d as usize).copied().unwrap_or("?")
}

/// An optional domain word (`fury`, …): `u8::MAX` when absent.
fn domain(text: &str, s: Option<&str>) -> Result<u8, NotationError> {
    match s {
        None => Ok(u8::MAX),
        Some(w) => crate::cards::DOMAINS
            .iter()
            .position(|d| *d == w)
            .map(|i| i as u8)
            .ok_or_else(|| NotationError::new(text, "expected a domain: fury, calm, mind, body, chaos or order")),
    }
}

fn obj(text: &str, s: Option<&str>) -> Result<ObjId, NotationError> {
    s.and_then(|s| s.strip_prefix('c'))
        .and_then(|n| n.parse::<ObjId>().ok())
        .ok_or_else(|| NotationError::new(text, "expected a card like c12"))
}

/// A card definition: `d12`.
fn def(text: &str, s: Option<&str>) -> Result<u16, NotationError> {
    s.and_then(|s| s.strip_prefix('d'))
        .and_then(|n| n.parse::<u16>().ok())
        .ok_or_else(|| NotationError::new(text, "expected a card definition like d12"))
}

fn bf(text: &str, s: Option<&str>) -> Result<u8, NotationError> {
    s.and_then(|s| s.strip_prefix('b'))
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|n| *n >= 1)
        .map(|n| n - 1)
        .ok_or_else(|| NotationError::new(text, "expected a battlefield like b1"))
}

fn reference(text: &str, s: Option<&str>) -> Result<Ref, NotationError> {
    match s {
        Some("base") => Ok(Ref::Base),
        Some(x) if x.starts_with('p') => x[1..]
            .parse::<u8>()
            .ok()
            .filter(|n| *n >= 1)
            .map(|n| Ref::Seat(n - 1))
            .ok_or_else(|| NotationError::new(text, "expected a player like p2")),
        Some(x) if x.starts_with('b') => Ok(Ref::Bf(bf(text, Some(x))?)),
        _ => Ok(Ref::Obj(obj(text, s)?)),
    }
}

impl FromStr for RiftAction {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Self, NotationError> {
        use RiftAction::*;
        let mut w = text.split_whitespace();
        let head = w.next().ok_or_else(|| NotationError::new(text, "empty action"))?;
        let a = match head {
            "mull" => Mull(obj(text, w.next())?),
            "keep" => Keep,
            "play" => Play(obj(text, w.next())?),
            "act" => match w.next() {
                Some("L") => Act(Src::Legend),
                s => {
                    let o = obj(text, s)?;
                    match w.next() {
                        None => Act(Src::Obj(o)),
                        Some(n) => match n.parse::<u16>() {
                            Ok(1) => Act(Src::Obj(o)),
                            Ok(k @ 2..=256) => Act(Src::Nth(o, (k - 1) as u8)),
                            _ => {
                                return Err(NotationError::new(
                                    text,
                                    "expected 'act c5' or 'act c5 N' (N ≥ 1: which ability)",
                                ))
                            }
                        },
                    }
                }
            },
            "move" => {
                let o = obj(text, w.next())?;
                Move(o, reference(text, w.next())?)
            }
            "add" => Add(obj(text, w.next())?),
            "empower" => Act(Src::Empower(obj(text, w.next())?)),
            "go" => Go,
            "hide" => {
                let o = obj(text, w.next())?;
                Hide(o, bf(text, w.next())?)
            }
            "end" => End,
            "pass" => Pass,
            "t" => Pick(reference(text, w.next())?),
            "yes" => Yes,
            "no" => No,
            "done" => Done,
            "back" => Back,
            "invite" => Invite,
            "exhaust" => {
                let o = obj(text, w.next())?;
                Exhaust(o, domain(text, w.next())?)
            }
            "recycle" => {
                let o = obj(text, w.next())?;
                Recycle(o, domain(text, w.next())?)
            }
            "pay" => AutoPay,
            "concede" => match w.next() {
                None => Concede(u8::MAX),
                Some("match") => ConcedeMatch(u8::MAX),
                Some(x) => {
                    let s = x
                        .strip_prefix(['P', 'p'])
                        .and_then(|n| n.parse::<u8>().ok())
                        .filter(|n| (1..u8::MAX).contains(n))
                        .map(|n| n - 1)
                        .ok_or_else(|| NotationError::new(text, "expected 'concede P2' or 'concede P2 match'"))?;
                    match w.next() {
                        None => Concede(s),
                        Some("match") => ConcedeMatch(s),
                        Some(_) => return Err(NotationError::new(text, "expected 'concede P2' or 'concede P2 match'")),
                    }
                }
            },
            "swap" => {
                let o = def(text, w.next())?;
                Swap(o, def(text, w.next())?)
            }
            "champion" => Champion(def(text, w.next())?),
            "field" => Field(
                w.next()
                    .and_then(|n| n.parse::<u8>().ok())
                    .filter(|n| *n >= 1)
                    .map(|n| n - 1)
                    .ok_or_else(|| NotationError::new(text, "expected 'field N' (1–3)"))?,
            ),
            "domain" => match domain(text, w.next())? {
                u8::MAX => return Err(NotationError::new(text, "expected 'domain fury' (a domain word)")),
                d => Domain(d),
            },
            "pip" => Pip(pip_mask(text, w.next())?),
            "first" => First(
                w.next().and_then(|n| n.parse().ok()).ok_or_else(|| NotationError::new(text, "expected 'first N'"))?,
            ),
            _ => return Err(NotationError::new(text, "unknown action word")),
        };
        if w.next().is_some() {
            return Err(NotationError::new(text, "trailing words"));
        }
        Ok(a)
    }
}
