//! The rating's contract (issue #15; docs/ardent-ratings.md).

use ai::BotSpec;
use ardent_rate::dataset::Dataset;
use ardent_rate::train::accuracy;
use ardent_rate::{simulated_rating, Model, RateConfig};

fn ids(numbers: &[u16]) -> Vec<u8> {
    numbers.iter().map(|&n| ardent::CardDb::omega_codex().lookup(ardent::card::OMEGA_CODEX, n).unwrap()).collect()
}

/// Nine non-creatures both twins share.
const SHARED: [u16; 9] = [58, 61, 64, 65, 67, 69, 71, 75, 100];

/// A deck of weak Team-Up / Bear Hug creatures and its twin in which each creature is replaced by
/// one with the same keyword and strictly more Power, VP no lower: Vix (P1) → Yearn (P4), Tessa
/// (P2) and Roxxy (P3) → Anox (P5), Brother Bear (P5, 1 VP) → Renegade (P8, 2 VP).
fn twins() -> (Vec<u8>, Vec<u8>) {
    let mut weak = vec![1, 1, 5, 5, 9, 9, 22, 22];
    let mut strong = vec![14, 14, 20, 20, 20, 20, 41, 41];
    weak.extend(SHARED);
    strong.extend(SHARED);
    (ids(&weak), ids(&strong))
}

fn config(games: usize, seed: u64) -> RateConfig {
    RateConfig { games, seed, bot: BotSpec::Random, gauntlet: 1 }
}

#[test]
fn a_rating_is_reproducible_whatever_the_thread_count() {
    let deck = ardent::deckgen::generate(42, 1).unwrap().cards;
    let one = ai::with_threads(1, || simulated_rating(&deck, &config(128, 9), None)).unwrap().unwrap();
    let two = ai::with_threads(2, || simulated_rating(&deck, &config(128, 9), None)).unwrap().unwrap();
    assert_eq!(one, two);
    assert_eq!(one.wins + one.draws + one.losses, 128);
    assert!(one.low <= one.rating && one.rating <= one.high);
    let other = simulated_rating(&deck, &config(128, 10), None).unwrap();
    assert_ne!((one.wins, one.draws), (other.wins, other.draws), "another seed plays other games");
}

/// Issue #17 item 3: a rating split into shards (the work queue's rating jobs) adds up to exactly
/// the one-process rating, and a tally of the wrong size is refused.
#[test]
fn shards_of_a_rating_add_up_to_the_whole() {
    let deck = ardent::deckgen::generate(7, 1).unwrap().cards;
    let cfg = config(100, 3);
    let whole = simulated_rating(&deck, &cfg, None).unwrap();
    let mut sum = ardent_rate::Tally::default();
    let mut sizes = Vec::new();
    for i in 1..=3 {
        let part = ardent_rate::tally(&deck, &cfg, Some(ai::Shard::new(i, 3).unwrap()), None).unwrap();
        sizes.push(part.games());
        sum.add(&part);
    }
    assert_eq!(sizes, [34, 33, 33]);
    assert_eq!(ardent_rate::rating_of(&cfg, &sum).unwrap(), whole);
    let long = ardent_rate::Tally { wins: sum.wins + 1, ..sum };
    assert!(ardent_rate::rating_of(&cfg, &long).unwrap_err().to_string().contains("a tally of 101 games"));
}

#[test]
fn a_deck_of_strictly_stronger_cards_rates_higher_than_its_weaker_twin() {
    let (weak, strong) = twins();
    let w = simulated_rating(&weak, &config(512, 1), None).unwrap();
    let s = simulated_rating(&strong, &config(512, 1), None).unwrap();
    assert!(s.low > w.high, "stronger twin {s:?} should beat weaker {w:?} beyond their intervals");
    let m = Model::shipped().unwrap();
    assert!(m.predict(&strong) > m.predict(&weak), "the learned rating agrees");
    // The greedy bot agrees too (fewer games: it is slower).
    let greedy = RateConfig { bot: BotSpec::Greedy { samples: 1, eval: Default::default() }, ..config(128, 1) };
    let (wg, sg) = (simulated_rating(&weak, &greedy, None).unwrap(), simulated_rating(&strong, &greedy, None).unwrap());
    assert!(sg.rating > wg.rating, "greedy: {sg:?} vs {wg:?}");
}

#[test]
fn the_learned_rating_predicts_held_out_simulated_ratings() {
    let held = Dataset::from_tsv(include_str!("../data/heldout_v1.tsv")).unwrap();
    assert!(held.rows.len() >= 200, "the committed held-out set has {} decks", held.rows.len());
    let m = Model::shipped().unwrap();
    let a = accuracy(m, &held);
    assert!(a.correlation >= 0.8, "held-out correlation {a:?}");
    assert!(a.mean_error < 0.05, "held-out mean error {a:?}");
    // A model without information (intercept only) does far worse: the test can fail.
    let blank = Model::new(1, 1, "random".into(), vec![], m.intercept, vec![0.0; m.card.len()], vec![]);
    assert!(accuracy(&blank, &held).mean_error > 2.0 * a.mean_error);
}

#[test]
fn held_out_decks_are_not_training_or_gauntlet_decks() {
    let held = Dataset::from_tsv(include_str!("../data/heldout_v1.tsv")).unwrap();
    let g = ardent_rate::Gauntlet::get(1).unwrap();
    let serials: Vec<u64> = held.rows.iter().filter_map(|r| r.serial).collect();
    assert_eq!(serials.len(), held.rows.len());
    assert!(serials.iter().all(|&s| !g.holds_serial(s)));
    // Held-out serials are drawn after the training serials from the same stream (train::run).
    let m = Model::shipped().unwrap();
    let decks: usize = m.notes.iter().find(|(k, _)| k == "training_decks").unwrap().1.parse().unwrap();
    let all = ardent_rate::train::training_serials(decks + held.rows.len(), 2026, &g).unwrap();
    assert_eq!(&all[decks..], &serials[..]);
}

#[test]
fn bad_rating_requests_are_refused() {
    let deck = ardent::deckgen::generate(1, 1).unwrap().cards;
    let e = simulated_rating(&deck[..16], &config(64, 0), None).unwrap_err().to_string();
    assert!(e.contains("16 cards"), "{e}");
    assert!(simulated_rating(&deck, &config(0, 0), None).unwrap_err().to_string().contains("at least 1 game"));
    let timed = RateConfig { bot: "mcts:10ms".parse().unwrap(), ..config(8, 0) };
    assert!(simulated_rating(&deck, &timed, None).unwrap_err().to_string().contains("time budget"));
    let mut bad = deck.clone();
    bad[0] = 250;
    assert!(simulated_rating(&bad, &config(8, 0), None).unwrap_err().to_string().contains("not in the pool"));
    let v9 = RateConfig { gauntlet: 9, ..config(8, 0) };
    assert!(simulated_rating(&deck, &v9, None).unwrap_err().to_string().contains("gauntlet version 9"));
}

#[test]
fn banded_generation_stays_unique_and_in_band() {
    let g = ardent::deckgen::generator(1).unwrap();
    let m = Model::shipped().unwrap();
    let band = (0.55, 0.6);
    let skip = [3u64, 4, 5];
    let r = ardent_rate::band::banded(g, m, band, 20, 0, 100_000, |s| skip.contains(&s)).unwrap();
    assert_eq!(r.decks.len(), 20);
    assert!(r.drawn >= 20);
    let mut serials: Vec<u64> = r.decks.iter().map(|d| d.serial).collect();
    let mut lists: Vec<Vec<u8>> = r.decks.iter().map(|d| d.cards.clone()).collect();
    serials.dedup();
    lists.sort();
    lists.dedup();
    assert_eq!((serials.len(), lists.len()), (20, 20), "distinct serials and card lists");
    for d in &r.decks {
        let p = m.predict(&d.cards);
        assert!((band.0..=band.1).contains(&p), "{} predicted {p}", d.code());
        assert!(!skip.contains(&d.serial));
        assert_eq!(g.identify(&d.cards), Some(d.serial), "still the generator's deck of its serial");
    }
    let none = ardent_rate::band::banded(g, m, (5.0, 6.0), 1, 0, 1000, |_| false).unwrap_err().to_string();
    assert!(none.contains("in 1000 candidates"), "{none}");
    assert!(ardent_rate::band::banded(g, m, (0.6, 0.5), 1, 0, 10, |_| false).is_err());
}
