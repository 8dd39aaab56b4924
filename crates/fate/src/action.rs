//! The atomic actions of spec §8.1/§8.2 and their notation (documented in docs/fate.md).
//!
//! One token, no spaces: `key` or `key=value`. Cards are written as in [`crate::card`]
//! (`QS` = P1's Queen of Swords, `nc` = P2's Knight of Cups), suits as `P C W S`.

use crate::card::{card_code, parse_card, parse_suit, Card, SUIT_LETTERS};
use engine::NotationError;
use std::fmt;
use std::str::FromStr;

/// The argument of a skill activation (§8.1 MAIN `args`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SkillArg {
    None,
    /// Queen of Swords X.
    X(u8),
    /// King of Swords suit; Queen of Wands (TWO_TOTAL) with one tapped card to take.
    Suit(u8),
    /// Queen of Wands (TWO_TOTAL): two suits, `a <= b`.
    Suits(u8, u8),
    /// Queen of Cups, Knight of Wands, Knight of Cups (one Knight or one Page).
    Card(Card),
    /// Knight of Cups: two Pages, `a < b`.
    Cards(Card, Card),
}

/// What a resource attack or a character attack aims at (R-C2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// The left edge of the opponent's row (`row[0]`).
    Left,
    /// The right edge (`row[last]`).
    Right,
    /// A resource attack on a suit (R-C4).
    Suit(u8),
}

/// King of Cups victim options (§5.1 #5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KocOption {
    /// (a) return one of their field characters to hand.
    Return(Card),
    /// (b) discard one untapped Cup.
    Cup,
    /// (c) discard one character card from hand.
    Hand(Card),
}

impl KocOption {
    pub fn kind(self) -> u8 {
        match self {
            KocOption::Return(_) => 1,
            KocOption::Cup => 2,
            KocOption::Hand(_) => 3,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FateAction {
    // R-S2/R-S3 setup.
    ChooseKing(u8),
    ChooseQueen(u8),
    /// (knights, pages).
    ChooseComposition(u8, u8),
    /// Bitmask of suits.
    ChooseKnights(u8),
    ChoosePages(u8),
    // Manual recoveries (autoRecover = MANUAL): R-TS1, R-TS2, R-E1, R-SR.
    UntapPentacles(u8),
    UntapWands(u8),
    UntapCups(u8),
    UntapSwords(u8),
    // R-D1.
    Draw(u8),
    EndDraw,
    // R-M1..R-M5.
    Play(Card),
    Return(Card),
    Activate(Card, SkillArg),
    EndMain,
    // LINEUP (R-M3, §8.1).
    PlaceNext(Card),
    // R-C1.
    Buff(Card),
    DoneBuffing,
    // R-C2..R-C5.
    Attack(Card, Target),
    StandDown(Card),
    EndCombat,
    BonusAttack(u8),
    DeclineBonus,
    // Responses (§8.2).
    /// Number of untapped cards among those discarded.
    Split(u8),
    HandDiscard(Card),
    Koc(KocOption),
    QosVictim(Card),
    /// King of Pentacles draw: take (true) or decline.
    KopDraw(bool),
}

fn suits_text(mask: u8) -> String {
    (0..4).filter(|s| mask & (1 << s) != 0).map(|s| SUIT_LETTERS[s as usize]).collect()
}

impl fmt::Display for SkillArg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SkillArg::None => Ok(()),
            SkillArg::X(x) => write!(f, ":{x}"),
            SkillArg::Suit(s) => write!(f, ":{}", SUIT_LETTERS[s as usize]),
            SkillArg::Suits(a, b) => write!(f, ":{}{}", SUIT_LETTERS[a as usize], SUIT_LETTERS[b as usize]),
            SkillArg::Card(c) => write!(f, ":{}", card_code(c)),
            SkillArg::Cards(a, b) => write!(f, ":{}+{}", card_code(a), card_code(b)),
        }
    }
}

impl fmt::Display for FateAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FateAction::*;
        match *self {
            ChooseKing(s) => write!(f, "king={}", SUIT_LETTERS[s as usize]),
            ChooseQueen(s) => write!(f, "queen={}", SUIT_LETTERS[s as usize]),
            ChooseComposition(k, p) => write!(f, "comp={k}{p}"),
            ChooseKnights(m) => write!(f, "knights={}", suits_text(m)),
            ChoosePages(m) => write!(f, "pages={}", suits_text(m)),
            UntapPentacles(k) => write!(f, "pent={k}"),
            UntapWands(k) => write!(f, "wand={k}"),
            UntapCups(k) => write!(f, "cups={k}"),
            UntapSwords(k) => write!(f, "swords={k}"),
            Draw(s) => write!(f, "draw={}", SUIT_LETTERS[s as usize]),
            EndDraw => f.write_str("enddraw"),
            Play(c) => write!(f, "play={}", card_code(c)),
            Return(c) => write!(f, "ret={}", card_code(c)),
            Activate(c, arg) => write!(f, "act={}{}", card_code(c), arg),
            EndMain => f.write_str("endmain"),
            PlaceNext(c) => write!(f, "place={}", card_code(c)),
            Buff(c) => write!(f, "buff={}", card_code(c)),
            DoneBuffing => f.write_str("donebuff"),
            Attack(c, t) => {
                let t = match t {
                    Target::Left => 'L',
                    Target::Right => 'R',
                    Target::Suit(s) => SUIT_LETTERS[s as usize],
                };
                write!(f, "atk={}>{}", card_code(c), t)
            }
            StandDown(c) => write!(f, "stand={}", card_code(c)),
            EndCombat => f.write_str("endcombat"),
            BonusAttack(s) => write!(f, "bonus={}", SUIT_LETTERS[s as usize]),
            DeclineBonus => f.write_str("decline"),
            Split(k) => write!(f, "split={k}"),
            HandDiscard(c) => write!(f, "discard={}", card_code(c)),
            Koc(KocOption::Return(c)) => write!(f, "koc=ret:{}", card_code(c)),
            Koc(KocOption::Cup) => f.write_str("koc=cup"),
            Koc(KocOption::Hand(c)) => write!(f, "koc=hand:{}", card_code(c)),
            QosVictim(c) => write!(f, "victim={}", card_code(c)),
            KopDraw(true) => f.write_str("kop=take"),
            KopDraw(false) => f.write_str("kop=skip"),
        }
    }
}

fn parse_suit_set(text: &str, v: &str) -> Result<u8, NotationError> {
    let mut mask = 0u8;
    let mut last: i8 = -1;
    for ch in v.chars() {
        let s =
            SUIT_LETTERS.iter().position(|&l| l == ch).ok_or_else(|| NotationError::new(text, "suits are P C W S"))?
                as i8;
        if s <= last {
            return Err(NotationError::new(text, "list suits once each, in the order P C W S"));
        }
        last = s;
        mask |= 1 << s;
    }
    if mask == 0 {
        return Err(NotationError::new(text, "name at least one suit"));
    }
    Ok(mask)
}

fn small(text: &str, v: &str, max: u8) -> Result<u8, NotationError> {
    match v.parse::<u8>() {
        Ok(k) if k <= max && v.len() <= 2 && !v.starts_with('+') && (v == "0" || !v.starts_with('0')) => Ok(k),
        _ => Err(NotationError::new(text, format!("expected a number 0..={max}"))),
    }
}

fn need_card(text: &str, v: &str) -> Result<Card, NotationError> {
    parse_card(v).ok_or_else(|| NotationError::new(text, "expected a card like QS (P1's) or nc (P2's)"))
}
fn need_suit(text: &str, v: &str) -> Result<u8, NotationError> {
    parse_suit(v).ok_or_else(|| NotationError::new(text, "expected a suit P, C, W or S"))
}

fn parse_arg(text: &str, v: &str) -> Result<SkillArg, NotationError> {
    let b = v.as_bytes();
    if b.len() == 1 && b[0].is_ascii_digit() {
        let x = small(text, v, 9)?;
        return if (1..=4).contains(&x) { Ok(SkillArg::X(x)) } else { Err(NotationError::new(text, "X is 1..4")) };
    }
    if let Some((a, c)) = v.split_once('+') {
        let (a, c) = (need_card(text, a)?, need_card(text, c)?);
        if a >= c {
            return Err(NotationError::new(text, "write the two cards in id order, each once"));
        }
        return Ok(SkillArg::Cards(a, c));
    }
    if let Some(c) = parse_card(v) {
        return Ok(SkillArg::Card(c));
    }
    if b.len() == 1 {
        return Ok(SkillArg::Suit(need_suit(text, v)?));
    }
    if b.len() == 2 {
        let (a, c) = (need_suit(text, &v[..1])?, need_suit(text, &v[1..])?);
        if a > c {
            return Err(NotationError::new(text, "write two suits in the order P C W S"));
        }
        return Ok(SkillArg::Suits(a, c));
    }
    Err(NotationError::new(text, "unknown skill argument"))
}

impl FromStr for FateAction {
    type Err = NotationError;
    fn from_str(text: &str) -> Result<Self, NotationError> {
        use FateAction::*;
        let (key, val) = match text.split_once('=') {
            Some((k, v)) => (k, Some(v)),
            None => (text, None),
        };
        let v = || val.ok_or_else(|| NotationError::new(text, format!("'{key}' needs '=value'")));
        let action = match key {
            "enddraw" | "endmain" | "donebuff" | "endcombat" | "decline" if val.is_none() => match key {
                "enddraw" => EndDraw,
                "endmain" => EndMain,
                "donebuff" => DoneBuffing,
                "endcombat" => EndCombat,
                _ => DeclineBonus,
            },
            "king" => ChooseKing(need_suit(text, v()?)?),
            "queen" => ChooseQueen(need_suit(text, v()?)?),
            "comp" => {
                let v = v()?;
                let d: Vec<u8> = v.bytes().collect();
                if d.len() != 2 || !d.iter().all(|b| b.is_ascii_digit()) {
                    return Err(NotationError::new(text, "comp is two digits: knights then pages, e.g. comp=32"));
                }
                ChooseComposition(d[0] - b'0', d[1] - b'0')
            }
            "knights" => ChooseKnights(parse_suit_set(text, v()?)?),
            "pages" => ChoosePages(parse_suit_set(text, v()?)?),
            "pent" => UntapPentacles(small(text, v()?, 99)?),
            "wand" => UntapWands(small(text, v()?, 99)?),
            "cups" => UntapCups(small(text, v()?, 99)?),
            "swords" => UntapSwords(small(text, v()?, 99)?),
            "draw" => Draw(need_suit(text, v()?)?),
            "play" => Play(need_card(text, v()?)?),
            "ret" => Return(need_card(text, v()?)?),
            "act" => {
                let v = v()?;
                match v.split_once(':') {
                    None => Activate(need_card(text, v)?, SkillArg::None),
                    Some((c, a)) => Activate(need_card(text, c)?, parse_arg(text, a)?),
                }
            }
            "place" => PlaceNext(need_card(text, v()?)?),
            "buff" => Buff(need_card(text, v()?)?),
            "atk" => {
                let v = v()?;
                let (c, t) =
                    v.split_once('>').ok_or_else(|| NotationError::new(text, "attack is atk=CARD>L|R|suit"))?;
                let t = match t {
                    "L" => Target::Left,
                    "R" => Target::Right,
                    s => Target::Suit(need_suit(text, s)?),
                };
                Attack(need_card(text, c)?, t)
            }
            "stand" => StandDown(need_card(text, v()?)?),
            "bonus" => BonusAttack(need_suit(text, v()?)?),
            "split" => Split(small(text, v()?, 99)?),
            "discard" => HandDiscard(need_card(text, v()?)?),
            "koc" => {
                let v = v()?;
                if v == "cup" {
                    Koc(KocOption::Cup)
                } else if let Some(c) = v.strip_prefix("ret:") {
                    Koc(KocOption::Return(need_card(text, c)?))
                } else if let Some(c) = v.strip_prefix("hand:") {
                    Koc(KocOption::Hand(need_card(text, c)?))
                } else {
                    return Err(NotationError::new(text, "koc is koc=ret:CARD, koc=cup or koc=hand:CARD"));
                }
            }
            "victim" => QosVictim(need_card(text, v()?)?),
            "kop" => match v()? {
                "take" => KopDraw(true),
                "skip" => KopDraw(false),
                _ => return Err(NotationError::new(text, "kop is kop=take or kop=skip")),
            },
            _ => return Err(NotationError::new(text, "unknown action")),
        };
        Ok(action)
    }
}
