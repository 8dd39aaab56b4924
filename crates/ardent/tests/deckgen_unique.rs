//! Uniqueness (spec §8: "the same list is never generated twice"), by construction: the proof is
//! in docs/ardent-decks.md §3; this test checks a million serials.

use ardent::deckgen::generator;
use std::collections::HashSet;

#[test]
fn spec8_a_million_serials_give_a_million_different_decks() {
    let g = generator(1).unwrap();
    let n = 1_000_000u64;
    let mut seen: HashSet<[u8; 17]> = HashSet::with_capacity(n as usize);
    let mut buf = Vec::with_capacity(17);
    for serial in 0..n {
        g.cards_into(serial, &mut buf).unwrap();
        let key: [u8; 17] = buf.as_slice().try_into().expect("17 cards");
        assert!(seen.insert(key), "serial {serial} repeats an earlier deck: {key:?}");
    }
    assert_eq!(seen.len(), n as usize);
}

#[test]
fn spec8_the_last_serials_of_the_range_are_unique_too() {
    let g = generator(1).unwrap();
    let cap = g.capacity();
    let mut seen: HashSet<[u8; 17]> = HashSet::new();
    for serial in cap - 50_000..cap {
        let key: [u8; 17] = g.cards(serial).unwrap().as_slice().try_into().unwrap();
        assert!(seen.insert(key), "serial {serial} repeats");
    }
}
