//! What a simulation's games add up to: per-seat wins with Wilson intervals, draws, the first
//! seat's advantage and the distribution of game lengths. Always computed from the game records,
//! so a merged result and an unsharded one agree exactly.

use super::GameRecord;
use crate::wilson::wilson_interval;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatResult {
    /// `P1`, `P2`, ...
    pub seat: String,
    pub bot: String,
    pub wins: usize,
    pub win_rate: f64,
    /// 95% Wilson interval of the win rate.
    pub ci: (f64, f64),
}

/// How much more often the first seat wins than an even share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FirstSeat {
    /// Games P1 won, among the decisive games.
    pub wins: usize,
    pub decisive: usize,
    /// P1's share of the decisive games.
    pub share: f64,
    pub ci: (f64, f64),
    /// The share if seats were even: the fraction of seats that win a decisive game (1 / seats,
    /// or 2 / 4 when teams of two win together).
    pub expected: f64,
    /// `share - expected`.
    pub advantage: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bucket {
    /// Lengths `from..=to` (actions).
    pub from: usize,
    pub to: usize,
    pub count: usize,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LengthStats {
    pub min: usize,
    pub max: usize,
    pub mean: f64,
    pub median: usize,
    pub p90: usize,
    pub histogram: Vec<Bucket>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub games: usize,
    pub seats: Vec<SeatResult>,
    pub draws: usize,
    pub draw_rate: f64,
    pub draw_ci: (f64, f64),
    pub first_seat: FirstSeat,
    pub length: LengthStats,
    /// How games ended (by kind, see [`reason_kind`]), most frequent first.
    pub end_reasons: Vec<(String, usize)>,
}

/// The kind of an end reason: its text before any `:` (details such as the final score, e.g.
/// "all of a player's cards are scored: 15 to 22", would make every game its own row).
pub fn reason_kind(reason: &str) -> &str {
    reason.split(':').next().unwrap_or(reason).trim()
}

/// At most this many histogram buckets.
const MAX_BUCKETS: usize = 20;

fn rate(k: usize, n: usize) -> f64 {
    if n == 0 {
        0.0
    } else {
        k as f64 / n as f64
    }
}

pub fn summarise(records: &[GameRecord], bots: &[String]) -> Summary {
    let games = records.len();
    let seats = bots.len().max(1);
    let mut wins = vec![0usize; seats];
    let mut draws = 0;
    let mut decisive = 0;
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for r in records {
        if r.winners.is_empty() {
            draws += 1;
        } else {
            decisive += 1;
        }
        for &w in &r.winners {
            if let Some(slot) = wins.get_mut(w as usize) {
                *slot += 1;
            }
        }
        *reasons.entry(reason_kind(&r.reason).to_string()).or_insert(0) += 1;
    }
    let seat_results = (0..seats)
        .map(|s| SeatResult {
            seat: format!("P{}", s + 1),
            bot: bots.get(s).cloned().unwrap_or_default(),
            wins: wins[s],
            win_rate: rate(wins[s], games),
            ci: wilson_interval(wins[s] as f64, games as f64),
        })
        .collect();
    // An even share for P1 is the fraction of seats that win a decisive game: 1/2 in a duel,
    // 1/n in a free-for-all, 2/4 when a team of two wins together (2v2).
    let winner_seats: usize = records.iter().map(|r| r.winners.len()).sum();
    let expected = if decisive == 0 { 1.0 / seats as f64 } else { winner_seats as f64 / (decisive * seats) as f64 };
    let share = if decisive == 0 { expected } else { rate(wins[0], decisive) };
    let first_seat = FirstSeat {
        wins: wins[0],
        decisive,
        share,
        ci: wilson_interval(wins[0] as f64, decisive as f64),
        expected,
        advantage: share - expected,
    };
    let mut end_reasons: Vec<(String, usize)> = reasons.into_iter().collect();
    end_reasons.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Summary {
        games,
        seats: seat_results,
        draws,
        draw_rate: rate(draws, games),
        draw_ci: wilson_interval(draws as f64, games as f64),
        first_seat,
        length: length_stats(records),
        end_reasons,
    }
}

fn length_stats(records: &[GameRecord]) -> LengthStats {
    let mut lengths: Vec<usize> = records.iter().map(|r| r.length).collect();
    lengths.sort_unstable();
    if lengths.is_empty() {
        return LengthStats { min: 0, max: 0, mean: 0.0, median: 0, p90: 0, histogram: Vec::new() };
    }
    let n = lengths.len();
    let min = lengths[0];
    let max = lengths[n - 1];
    let width = (max - min + 1).div_ceil(MAX_BUCKETS).max(1);
    let mut histogram: Vec<Bucket> = (0..(max - min) / width + 1)
        .map(|b| Bucket { from: min + b * width, to: min + b * width + width - 1, count: 0 })
        .collect();
    for &l in &lengths {
        histogram[(l - min) / width].count += 1;
    }
    LengthStats {
        min,
        max,
        mean: lengths.iter().sum::<usize>() as f64 / n as f64,
        median: lengths[(n - 1) / 2],
        p90: lengths[((n - 1) as f64 * 0.9).round() as usize],
        histogram,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(index: usize, length: usize, winners: &[u8]) -> GameRecord {
        GameRecord { index, seed: 0, length, winners: winners.to_vec(), reason: "r".into() }
    }

    #[test]
    fn counts_rates_and_first_seat_share() {
        let records = vec![rec(0, 5, &[0]), rec(1, 7, &[0]), rec(2, 9, &[1]), rec(3, 9, &[])];
        let s = summarise(&records, &["a".into(), "b".into()]);
        assert_eq!(s.games, 4);
        assert_eq!((s.seats[0].wins, s.seats[1].wins, s.draws), (2, 1, 1));
        assert_eq!(s.seats[0].win_rate, 0.5);
        assert_eq!(s.first_seat.decisive, 3);
        assert!((s.first_seat.share - 2.0 / 3.0).abs() < 1e-12);
        assert!((s.first_seat.advantage - (2.0 / 3.0 - 0.5)).abs() < 1e-12);
        assert_eq!((s.length.min, s.length.max, s.length.median), (5, 9, 7));
        assert_eq!(s.length.histogram.iter().map(|b| b.count).sum::<usize>(), 4);
        assert_eq!(s.end_reasons, vec![("r".to_string(), 4)]);
    }

    #[test]
    fn team_wins_make_the_even_first_seat_share_one_half() {
        // 2v2: seats 1 and 3 (indices 0, 2) against 2 and 4; each decisive game has two winners.
        let records = vec![rec(0, 5, &[0, 2]), rec(1, 5, &[1, 3]), rec(2, 5, &[0, 2]), rec(3, 5, &[0, 2])];
        let bots: Vec<String> = (0..4).map(|i| format!("b{i}")).collect();
        let s = summarise(&records, &bots);
        assert!((s.first_seat.expected - 0.5).abs() < 1e-12);
        assert!((s.first_seat.advantage - 0.25).abs() < 1e-12);
        // Free-for-all of four: one winner each game, so an even share is a quarter.
        let ffa = summarise(&[rec(0, 5, &[0]), rec(1, 5, &[3])], &bots);
        assert!((ffa.first_seat.expected - 0.25).abs() < 1e-12);
    }

    #[test]
    fn end_reasons_are_grouped_by_kind() {
        let mut a = rec(0, 5, &[0]);
        a.reason = "all cards scored: 15 to 22".into();
        let mut b = rec(1, 5, &[1]);
        b.reason = "all cards scored: 18 to 15".into();
        let s = summarise(&[a, b, rec(2, 5, &[0])], &["a".into(), "b".into()]);
        assert_eq!(s.end_reasons, vec![("all cards scored".to_string(), 2), ("r".to_string(), 1)]);
    }

    #[test]
    fn histogram_has_at_most_twenty_buckets_covering_every_length() {
        let records: Vec<GameRecord> = (0..500).map(|i| rec(i, 10 + i * 3, &[0])).collect();
        let h = summarise(&records, &["a".into(), "b".into()]).length.histogram;
        assert!(h.len() <= MAX_BUCKETS);
        assert_eq!(h.iter().map(|b| b.count).sum::<usize>(), 500);
        assert!(h[0].from == 10 && h.last().unwrap().to >= 10 + 499 * 3);
    }
}
