//! Deck names (spec §8: generated names in the style of *Marla "Buff" Grafani*).

use ardent::deckgen::generate;
use ardent::deckgen::names::deck_name;
use std::collections::HashSet;

#[test]
fn spec8_names_are_deterministic() {
    for s in [0u64, 7, 1_000_003] {
        assert_eq!(deck_name(s, 1), deck_name(s, 1));
        let d = generate(s, 1).unwrap();
        assert_eq!((d.name_en, d.name_zh), deck_name(s, 1));
    }
}

#[test]
fn spec8_names_are_varied_and_never_empty() {
    let mut en = HashSet::new();
    let mut zh = HashSet::new();
    let mut has_nick = false;
    let mut has_the = false;
    for s in 0..10_000u64 {
        let (a, b) = deck_name(s, 1);
        assert!(!a.trim().is_empty() && !b.trim().is_empty(), "serial {s}");
        assert!(a.split_whitespace().count() >= 2, "{a}");
        assert!(b.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "Chinese name {b}");
        has_nick |= a.contains('"');
        has_the |= a.contains(" the ");
        en.insert(a);
        zh.insert(b);
    }
    assert!(en.len() >= 9_500, "{} distinct English names of 10,000", en.len());
    assert!(zh.len() >= 9_500, "{} distinct Chinese names of 10,000", zh.len());
    assert!(has_nick && has_the);
}
