//! The unique deck generator (spec §8 "Size and uniqueness", "Rarity"; docs/ardent-decks.md).

use ardent::card::{CardDef, CardType, Rarity};

fn pool() -> &'static [CardDef] {
    ardent::CardDb::omega_codex().cards()
}

fn def(id: u8) -> &'static CardDef {
    ardent::CardDb::omega_codex().def(id)
}
use ardent::deckgen::{generate, generate_with, generator, DeckgenError, Recipe};

#[test]
fn spec8_same_serial_same_deck() {
    for serial in [0u64, 1, 2, 999, 123_456_789] {
        let a = generate(serial, 1).unwrap();
        let b = generate(serial, 1).unwrap();
        assert_eq!(a, b);
        let c = generate_with(serial, &Recipe::v1()).unwrap();
        assert_eq!(a, c);
        // A fresh generator (tables rebuilt) gives the same deck too.
        let fresh = ardent::deckgen::Generator::new(&Recipe::v1(), ardent::CardDb::omega_codex()).unwrap();
        assert_eq!(fresh.generate(serial).unwrap(), a);
    }
}

#[test]
fn spec8_every_deck_satisfies_recipe_v1() {
    let g = generator(1).unwrap();
    let r = Recipe::v1();
    let mut creature_counts = std::collections::BTreeSet::new();
    let mut with_duplicates = 0;
    let mut with_linked = 0;
    for serial in 0..100_000u64 {
        let cards = g.cards(serial).unwrap();
        assert_eq!(cards.len(), 17, "serial {serial}");
        if let Err(e) = g.check(&cards) {
            panic!("serial {serial}: {e}: {cards:?}");
        }
        // Checked here independently of Generator::check.
        let creatures = cards.iter().filter(|&&c| def(c).card_type == CardType::Creature).count();
        assert!(creatures >= r.min_creatures && creatures >= 6, "serial {serial}");
        for w in cards.windows(3) {
            assert!(!(w[0] == w[1] && w[1] == w[2]), "serial {serial}: 3 copies of {}", w[0]);
        }
        assert!(cards.windows(2).all(|w| w[0] <= w[1]), "canonical order");
        creature_counts.insert(creatures);
        if cards.windows(2).any(|w| w[0] == w[1]) {
            with_duplicates += 1;
        }
        let gregory = cards.contains(&27);
        let book = cards.contains(&63);
        assert_eq!(gregory, book, "serial {serial}: Linked cards come together");
        with_linked += usize::from(gregory);
    }
    // The type mix varies between decks (spec §8 table) and duplicates occur (spec §8).
    assert!(creature_counts.len() >= 4, "creature counts seen: {creature_counts:?}");
    assert!(with_duplicates > 10_000, "decks with a duplicate: {with_duplicates}");
    assert!(with_linked > 100, "decks with the Linked pair: {with_linked}");
}

#[test]
fn spec8_rarity_frequencies_match_weights() {
    let g = generator(1).unwrap();
    let r = Recipe::v1();
    let mut count = vec![0u64; pool().len()];
    let decks = 100_000u64;
    for serial in 0..decks {
        for c in g.cards(serial).unwrap() {
            count[c as usize] += 1;
        }
    }
    let grouped = &g.signature().grouped;
    // Mean appearances per card of a rarity, per type (types have their own slot quotas), over
    // the cards that have a signature class (the few leftovers appear in sampled slots only:
    // docs/ardent-decks.md §2.2).
    for t in [CardType::Creature, CardType::Action, CardType::Relic] {
        let mean = |rarity: Rarity| {
            let ids: Vec<usize> = (0..pool().len())
                .filter(|&i| pool()[i].card_type == t && pool()[i].rarity == rarity && grouped[i])
                .collect();
            ids.iter().map(|&i| count[i] as f64).sum::<f64>() / ids.len() as f64
        };
        let common = mean(Rarity::Common);
        let rare = mean(Rarity::Rare);
        let want = r.weight_common as f64 / r.weight_rare as f64;
        let got = common / rare;
        assert!((got / want - 1.0).abs() < 0.12, "{t:?}: Common/Rare per card {got:.3}, weights say {want:.3}");
        if t != CardType::Relic {
            let variant = mean(Rarity::Variant);
            let want = r.weight_common as f64 / r.weight_variant as f64;
            let got = common / variant;
            assert!((got / want - 1.0).abs() < 0.12, "{t:?}: Common/Variant per card {got:.3}, weights say {want:.3}");
        }
    }
    // Leftover cards (no signature class) still appear, less often than their grouped peers.
    for i in (0..pool().len()).filter(|&i| !grouped[i]) {
        assert!(count[i] > 1000, "{} appears {} times", pool()[i].code(), count[i]);
    }
    // Common far more frequent than Rare over the whole deck.
    let share = |rarity: Rarity| -> f64 {
        (0..pool().len()).filter(|&i| pool()[i].rarity == rarity).map(|i| count[i] as f64).sum::<f64>()
            / (decks as f64 * 17.0)
    };
    assert!(share(Rarity::Common) > 0.6, "common share {}", share(Rarity::Common));
    assert!(share(Rarity::Rare) < 0.25 && share(Rarity::Rare) > 0.1, "rare share {}", share(Rarity::Rare));
    assert!(share(Rarity::Linked) > 0.0 && share(Rarity::Linked) < 0.02);
}

#[test]
fn spec8_serial_is_read_back_from_the_deck() {
    let g = generator(1).unwrap();
    for serial in (0..g.capacity()).step_by(4_567_891).chain(0..2000) {
        let cards = g.cards(serial).unwrap();
        assert_eq!(g.identify(&cards), Some(serial));
        // Any order works.
        let mut rev = cards.clone();
        rev.reverse();
        assert_eq!(g.identify(&rev), Some(serial));
    }
    // A list no serial yields.
    assert_eq!(g.identify(&[0u8; 17]), None);
}

#[test]
fn spec8_out_of_range_and_unknown_versions_fail_loudly() {
    let g = generator(1).unwrap();
    let cap = g.capacity();
    assert!(cap >= 100_000_000, "capacity {cap}");
    assert!(g.cards(cap - 1).is_ok());
    assert!(matches!(g.cards(cap), Err(DeckgenError::SerialOutOfRange { .. })));
    assert!(matches!(generate(u64::MAX, 1), Err(DeckgenError::SerialOutOfRange { .. })));
    assert_eq!(generate(0, 2), Err(DeckgenError::UnknownRecipe(2)));
    let mut bad = Recipe::v1();
    bad.version = 99;
    bad.min_creatures = 17;
    assert!(matches!(generate_with(0, &bad), Err(DeckgenError::BadRecipe { .. })));
    let mut bad = Recipe::v1();
    bad.weight_rare = 4; // 6 is no multiple of 4
    assert!(matches!(
        ardent::deckgen::Generator::new(&bad, ardent::CardDb::omega_codex()),
        Err(DeckgenError::BadRecipe { .. })
    ));
}

#[test]
fn spec8_deck_list_conversion() {
    let d = generate(42, 1).unwrap();
    let list = d.to_deck_list();
    assert_eq!(list.name, d.name_en);
    assert_eq!(list.resolve(ardent::CardDb::omega_codex()).unwrap(), d.cards);
    assert_eq!(d.code(), "AR1-000000042");
}

/// Golden decks of recipe v1: if this fails, the recipe changed. A change needs a new recipe
/// version, never an edit of v1 (docs/ardent-decks.md §2).
#[test]
fn golden_recipe_v1_first_decks() {
    let got: Vec<(String, String, Vec<u8>)> =
        (0..5).map(|s| generate(s, 1).unwrap()).map(|d| (d.name_en, d.name_zh, d.cards)).collect();
    let want: Vec<(&str, &str, Vec<u8>)> = GOLDEN.iter().map(|(a, b, c)| (*a, *b, c.to_vec())).collect();
    for (g, w) in got.iter().zip(&want) {
        assert_eq!((g.0.as_str(), g.1.as_str(), &g.2), (w.0, w.1, &w.2));
    }
}

const GOLDEN: [(&str, &str, [u8; 17]); 5] = [
    ("Jory the Early", "早到的乔里", [9, 12, 14, 17, 21, 32, 35, 40, 42, 44, 47, 59, 66, 71, 78, 83, 94]),
    (
        "Ysolde Wendett the Mild",
        "温和的伊索尔德·温德埃特",
        [1, 1, 16, 17, 26, 30, 33, 36, 37, 38, 46, 59, 62, 77, 84, 91, 96],
    ),
    ("Rosalind Jorvier", "罗莎琳德·约尔夫耶尔", [5, 13, 20, 28, 34, 44, 47, 52, 54, 58, 64, 64, 74, 76, 78, 96, 97]),
    (
        "Overseer Hedda Galdond",
        "监工海达·加尔德翁德",
        [1, 14, 21, 22, 24, 31, 37, 53, 64, 66, 73, 74, 82, 84, 87, 93, 96],
    ),
    ("Thorvald the Unseen", "隐身的托瓦尔德", [2, 24, 28, 29, 33, 44, 46, 47, 58, 75, 79, 79, 82, 84, 88, 96, 98]),
];
