//! Elo ratings from a round robin: the maximum-likelihood Bradley–Terry fit (Hunter's MM
//! algorithm), with draws counted as half a win each way, and a prior of one virtual draw
//! between every pair so that a bot that never loses still gets a finite rating. Ratings are
//! centred on 1500. The 95% intervals are the normal (Laplace) approximation at the fit: the
//! inverse of the Fisher information, prior included, under the constraint that ratings average
//! 1500. (A bootstrap would give a zero-width interval to a 10–0 result; this does not.)

use crate::wilson::Z95;

/// The results of one pairing.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairScore {
    pub a: usize,
    pub b: usize,
    pub a_wins: u64,
    pub b_wins: u64,
    pub draws: u64,
}

pub const ELO_CENTRE: f64 = 1500.0;

/// Elo points per natural-log unit of strength.
const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// Ratings and their 95% intervals, in the order of the players.
#[derive(Clone, Debug, PartialEq)]
pub struct Ratings {
    pub elo: Vec<f64>,
    pub ci: Vec<(f64, f64)>,
}

/// Games between every two players and each player's score, the prior's virtual draws included.
fn tally(n: usize, pairs: &[PairScore]) -> (Vec<Vec<f64>>, Vec<f64>) {
    let mut games = vec![vec![0.0f64; n]; n];
    let mut score = vec![0.0f64; n];
    for (i, row) in games.iter_mut().enumerate() {
        for (j, g) in row.iter_mut().enumerate() {
            if i != j {
                *g += 1.0;
                score[i] += 0.5;
            }
        }
    }
    for p in pairs {
        let total = (p.a_wins + p.b_wins + p.draws) as f64;
        games[p.a][p.b] += total;
        games[p.b][p.a] += total;
        score[p.a] += p.a_wins as f64 + 0.5 * p.draws as f64;
        score[p.b] += p.b_wins as f64 + 0.5 * p.draws as f64;
    }
    (games, score)
}

/// Strengths γ (geometric mean 1) by Hunter's MM iteration.
fn strengths(games: &[Vec<f64>], score: &[f64]) -> Vec<f64> {
    let n = score.len();
    let mut gamma = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = vec![0.0f64; n];
        for i in 0..n {
            let denom: f64 = (0..n).filter(|&j| j != i).map(|j| games[i][j] / (gamma[i] + gamma[j])).sum();
            next[i] = if denom > 0.0 { score[i] / denom } else { gamma[i] };
        }
        let log_mean = next.iter().map(|g| g.ln()).sum::<f64>() / n as f64;
        for g in &mut next {
            *g /= log_mean.exp();
        }
        let change = next.iter().zip(&gamma).map(|(a, b)| (a.ln() - b.ln()).abs()).fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    gamma
}

/// Invert a small square matrix (Gauss–Jordan with partial pivoting); `None` if singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = a.len();
    let mut inv: Vec<Vec<f64>> = (0..n).map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-300 {
            return None;
        }
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        for k in 0..n {
            a[col][k] /= d;
            inv[col][k] /= d;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for k in 0..n {
                        a[row][k] -= f * a[col][k];
                        inv[row][k] -= f * inv[col][k];
                    }
                }
            }
        }
    }
    Some(inv)
}

/// Maximum-likelihood Elo ratings of `n` players with 95% intervals.
pub fn rate(n: usize, pairs: &[PairScore]) -> Ratings {
    if n == 0 {
        return Ratings { elo: Vec::new(), ci: Vec::new() };
    }
    let (games, score) = tally(n, pairs);
    let gamma = strengths(&games, &score);
    let elo: Vec<f64> = gamma.iter().map(|g| ELO_CENTRE + ELO_PER_NAT * g.ln()).collect();
    // Fisher information in log-strengths: a graph Laplacian weighted by games·p·(1−p). Its
    // pseudo-inverse (ratings constrained to their mean) is (L + J/n)⁻¹ − J/n.
    let mut info = vec![vec![0.0f64; n]; n];
    for i in 0..n {
        for j in 0..n {
            if i != j {
                let p = gamma[i] / (gamma[i] + gamma[j]);
                let w = games[i][j] * p * (1.0 - p);
                info[i][i] += w;
                info[i][j] -= w;
            }
        }
    }
    let shifted: Vec<Vec<f64>> = info.iter().map(|row| row.iter().map(|x| x + 1.0 / n as f64).collect()).collect();
    let ci = match invert(shifted) {
        Some(inv) => (0..n)
            .map(|i| {
                let sd = (inv[i][i] - 1.0 / n as f64).max(0.0).sqrt() * ELO_PER_NAT;
                (elo[i] - Z95 * sd, elo[i] + Z95 * sd)
            })
            .collect(),
        None => elo.iter().map(|_| (f64::NEG_INFINITY, f64::INFINITY)).collect(),
    };
    Ratings { elo, ci }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a_wins: u64, b_wins: u64, draws: u64) -> PairScore {
        PairScore { a: 0, b: 1, a_wins, b_wins, draws }
    }

    #[test]
    fn even_results_give_even_ratings() {
        let r = rate(2, &[pair(30, 30, 10)]);
        assert!((r.elo[0] - 1500.0).abs() < 1e-6 && (r.elo[1] - 1500.0).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn a_bot_that_always_wins_rates_higher_but_finite_with_a_real_interval() {
        let r = rate(2, &[pair(10, 0, 0)]);
        assert!(r.elo[0] > r.elo[1] + 300.0 && r.elo[0].is_finite(), "{r:?}");
        assert!(r.ci[0].1 - r.ci[0].0 > 100.0, "ten games leave a wide interval: {r:?}");
    }

    #[test]
    fn a_75_percent_score_is_about_191_elo() {
        // Elo: expected score 0.75 ⇔ difference 400·log10(3) ≈ 190.8; the virtual draw pulls in
        // slightly.
        let r = rate(2, &[pair(750, 250, 0)]);
        let diff = r.elo[0] - r.elo[1];
        assert!((diff - 190.8).abs() < 2.0, "{diff}");
    }

    #[test]
    fn interval_matches_the_binomial_standard_error_for_two_players() {
        // Two players, 400 games at 50%: the difference has sd 1/sqrt(n·p·(1−p)) nats; each
        // rating, constrained to average 1500, half of it.
        let r = rate(2, &[pair(200, 200, 0)]);
        let n = 401.0; // the virtual draw included
        let sd = 0.5 / (n * 0.25f64).sqrt() * ELO_PER_NAT;
        assert!(((r.ci[0].1 - r.elo[0]) - Z95 * sd).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn ratings_follow_a_transitive_order_and_intervals_narrow_with_games() {
        let pairs = |k: u64| {
            [
                PairScore { a: 0, b: 1, a_wins: 6 * k, b_wins: 4 * k, draws: 0 },
                PairScore { a: 1, b: 2, a_wins: 6 * k, b_wins: 4 * k, draws: 0 },
                PairScore { a: 0, b: 2, a_wins: 7 * k, b_wins: 3 * k, draws: 0 },
            ]
        };
        let few = rate(3, &pairs(10));
        let many = rate(3, &pairs(100));
        assert!(few.elo[0] > few.elo[1] && few.elo[1] > few.elo[2], "{few:?}");
        for i in 0..3 {
            assert!(few.ci[i].0 < few.elo[i] && few.elo[i] < few.ci[i].1);
            assert!(many.ci[i].1 - many.ci[i].0 < few.ci[i].1 - few.ci[i].0);
        }
    }

    #[test]
    fn inverse_of_a_known_matrix() {
        let inv = invert(vec![vec![4.0, 7.0], vec![2.0, 6.0]]).unwrap();
        let expected = [[0.6, -0.7], [-0.2, 0.4]];
        for i in 0..2 {
            for j in 0..2 {
                assert!((inv[i][j] - expected[i][j]).abs() < 1e-12);
            }
        }
        assert!(invert(vec![vec![1.0, 2.0], vec![2.0, 4.0]]).is_none());
    }
}
