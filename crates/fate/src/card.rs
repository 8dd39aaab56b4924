//! Cards (spec §1, §0.3): each player owns the 16 court cards of one tarot set; resource cards
//! are counts only (§1, A-6). A character card is a small id: `owner*16 + suit*4 + rank`.

/// Suits in the canonical order P < C < W < S (spec §0.4).
pub const PENTACLES: u8 = 0;
pub const CUPS: u8 = 1;
pub const WANDS: u8 = 2;
pub const SWORDS: u8 = 3;
pub const SUIT_LETTERS: [char; 4] = ['P', 'C', 'W', 'S'];
pub const SUIT_EN: [&str; 4] = ["Pentacles", "Cups", "Wands", "Swords"];
pub const SUIT_ONE_EN: [&str; 4] = ["Pentacle", "Cup", "Wand", "Sword"];
pub const SUIT_ZH: [&str; 4] = ["星币", "圣杯", "权杖", "宝剑"];

/// Ranks Pg(1) < Kn(2) < Q(3) < K(4) (spec §0.4), stored 0..=3.
pub const PAGE: u8 = 0;
pub const KNIGHT: u8 = 1;
pub const QUEEN: u8 = 2;
pub const KING: u8 = 3;
/// Notation letters: J for the Page (paGe/Jack, since P is Pentacles), N for the Knight.
pub const RANK_LETTERS: [char; 4] = ['J', 'N', 'Q', 'K'];
pub const RANK_EN: [&str; 4] = ["Page", "Knight", "Queen", "King"];
pub const RANK_ZH: [&str; 4] = ["侍卫", "骑士", "皇后", "国王"];

/// A character card id in `0..32`.
pub type Card = u8;

pub const fn card(owner: u8, suit: u8, rank: u8) -> Card {
    owner * 16 + suit * 4 + rank
}
pub const fn owner(c: Card) -> u8 {
    c >> 4
}
pub const fn suit(c: Card) -> u8 {
    (c >> 2) & 3
}
pub const fn rank(c: Card) -> u8 {
    c & 3
}
pub const fn bit(c: Card) -> u32 {
    1u32 << c
}

/// Iterate the ids of a card bitset in increasing order.
pub fn cards_of(mut set: u32) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros() as Card;
            set &= set - 1;
            Some(c)
        }
    })
}

/// All cards of one owner.
pub const fn owned_by(p: u8) -> u32 {
    0xFFFFu32 << (16 * p as u32)
}

/// The cards of one rank (both owners).
pub const fn rank_mask(r: u8) -> u32 {
    let one = 0x1111u32 << r;
    one | (one << 16)
}

/// Notation of a card: rank letter then suit letter, uppercase for seat P1's set, lowercase for
/// P2's (like FEN), e.g. `QS` (P1's Queen of Swords), `nc` (P2's Knight of Cups).
pub fn card_code(c: Card) -> String {
    let mut s = String::with_capacity(2);
    let (r, su) = (RANK_LETTERS[rank(c) as usize], SUIT_LETTERS[suit(c) as usize]);
    if owner(c) == 0 {
        s.push(r);
        s.push(su);
    } else {
        s.push(r.to_ascii_lowercase());
        s.push(su.to_ascii_lowercase());
    }
    s
}

/// Read a card code (`QS`, `nc`); both letters must share a case.
pub fn parse_card(s: &str) -> Option<Card> {
    let b = s.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let upper = b[0].is_ascii_uppercase();
    if b[1].is_ascii_uppercase() != upper {
        return None;
    }
    let r = RANK_LETTERS.iter().position(|&l| l as u8 == b[0].to_ascii_uppercase())? as u8;
    let su = SUIT_LETTERS.iter().position(|&l| l as u8 == b[1].to_ascii_uppercase())? as u8;
    Some(card(if upper { 0 } else { 1 }, su, r))
}

pub fn parse_suit(s: &str) -> Option<u8> {
    let mut it = s.chars();
    let ch = it.next()?;
    if it.next().is_some() {
        return None;
    }
    SUIT_LETTERS.iter().position(|&l| l == ch).map(|i| i as u8)
}

pub fn card_name_en(c: Card) -> String {
    format!("{} of {}", RANK_EN[rank(c) as usize], SUIT_EN[suit(c) as usize])
}
pub fn card_name_zh(c: Card) -> String {
    format!("{}{}", SUIT_ZH[suit(c) as usize], RANK_ZH[rank(c) as usize])
}

/// Play cost in Cups (R-M1): 3 for a King or Queen, 2 for a Knight, 1 for a Page.
pub const fn play_cost(c: Card) -> u8 {
    match rank(c) {
        PAGE => 1,
        KNIGHT => 2,
        _ => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_codes_round_trip_for_all_32_cards() {
        for c in 0..32u8 {
            assert_eq!(parse_card(&card_code(c)), Some(c));
        }
        assert_eq!(parse_card("Qs"), None);
        assert_eq!(parse_card("PS"), None);
    }
}
