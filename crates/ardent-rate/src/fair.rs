//! Fair matches (docs/ardent-ratings.md §7): two decks whose ratings differ by at most a chosen
//! gap, drawn from the library or freshly generated. Every choice comes from the given
//! [`GameRng`], so a fair match is reproducible from its seed.

use crate::model::Model;
use crate::RateError;
use ardent::deckgen::{GeneratedDeck, Generator};
use engine::GameRng;

fn check_gap(gap: f64) -> Result<(), RateError> {
    if gap.is_nan() || !(0.0..=1.0).contains(&gap) {
        return Err(RateError::Config(format!("rating gap {gap}: give a number in 0..1")));
    }
    Ok(())
}

/// Two of `ratings` (indices, in seat order) at most `gap` apart, uniformly among all such pairs,
/// seats shuffled. An error if there is no such pair.
pub fn pick_pair(ratings: &[f64], gap: f64, rng: &mut GameRng) -> Result<(usize, usize), RateError> {
    check_gap(gap)?;
    if ratings.iter().any(|r| !r.is_finite()) {
        return Err(RateError::Config("a rating is not a number".into()));
    }
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[a].total_cmp(&ratings[b]).then(a.cmp(&b)));
    // window[i]: how many decks after position i (in rating order) are within the gap of it.
    let mut window = vec![0u64; order.len()];
    let mut end = 0;
    for i in 0..order.len() {
        end = end.max(i + 1);
        while end < order.len() && ratings[order[end]] - ratings[order[i]] <= gap {
            end += 1;
        }
        window[i] = (end - i - 1) as u64;
    }
    let total: u64 = window.iter().sum();
    if total == 0 {
        return Err(RateError::Config(format!(
            "no two of the {} decks are rated within {gap} of each other: widen the gap",
            ratings.len()
        )));
    }
    let mut k = rng.below(total);
    for (i, &w) in window.iter().enumerate() {
        if k < w {
            let (a, b) = (order[i], order[i + 1 + k as usize]);
            return Ok(if rng.coin() { (b, a) } else { (a, b) });
        }
        k -= w;
    }
    Err(RateError::Config("fair pair: no pair found".into()))
}

/// Two generated decks whose predicted ratings are at most `gap` apart: a random serial, then
/// random serials until one is close enough (at most `max_draws`).
pub fn pick_generated(
    generator: &Generator,
    model: &Model,
    gap: f64,
    max_draws: u64,
    rng: &mut GameRng,
) -> Result<(GeneratedDeck, GeneratedDeck), RateError> {
    check_gap(gap)?;
    let deck = |s: u64| generator.generate(s).map_err(|e| RateError::Deck(e.to_string()));
    let first = deck(rng.below(generator.capacity()))?;
    let target = model.predict(&first.cards);
    let mut cards = Vec::with_capacity(17);
    for _ in 0..max_draws {
        let s = rng.below(generator.capacity());
        if s == first.serial {
            continue;
        }
        generator.cards_into(s, &mut cards).map_err(|e| RateError::Deck(e.to_string()))?;
        if (model.predict(&cards) - target).abs() <= gap {
            return Ok((first, deck(s)?));
        }
    }
    Err(RateError::Config(format!("no deck within {gap} of {} in {max_draws} candidates", first.code())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_are_within_the_gap_and_every_close_pair_can_come_up() {
        let ratings = [0.30, 0.52, 0.50, 0.90, 0.55];
        let mut rng = GameRng::new(1);
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..400 {
            let (a, b) = pick_pair(&ratings, 0.051, &mut rng).unwrap();
            assert_ne!(a, b);
            assert!((ratings[a] - ratings[b]).abs() <= 0.051);
            seen.insert((a.min(b), a.max(b)));
        }
        // Within 0.051: {0.50, 0.52}, {0.52, 0.55}, {0.50, 0.55}.
        assert_eq!(seen.into_iter().collect::<Vec<_>>(), vec![(1, 2), (1, 4), (2, 4)]);
        let e = pick_pair(&[0.1, 0.9], 0.05, &mut rng).unwrap_err().to_string();
        assert!(e.contains("widen the gap"), "{e}");
        assert!(pick_pair(&ratings, -1.0, &mut rng).is_err());
        assert!(pick_pair(&[0.5], 0.5, &mut rng).is_err());
    }

    #[test]
    fn generated_pairs_are_close_and_reproducible() {
        let g = ardent::deckgen::generator(1).unwrap();
        let m = Model::shipped().unwrap();
        let (a, b) = pick_generated(g, m, 0.02, 100_000, &mut GameRng::new(5)).unwrap();
        assert!((m.predict(&a.cards) - m.predict(&b.cards)).abs() <= 0.02);
        assert_ne!(a.serial, b.serial);
        let again = pick_generated(g, m, 0.02, 100_000, &mut GameRng::new(5)).unwrap();
        assert_eq!((a, b), again);
    }
}
