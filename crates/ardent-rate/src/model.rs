//! The learned rating (docs/ardent-ratings.md §3): a linear model over a deck's card counts and
//! selected card pairs, fitted by ridge regression to simulated ratings ([`crate::train`]). The
//! shipped weights are `data/model_v1.txt`, compiled in.
//!
//! File format (one item a line, `#` comments):
//! ```text
//! model 1            version of these weights
//! gauntlet 1         the gauntlet the training ratings were measured against
//! bot random         the bot that played them
//! intercept 0.5
//! card 044 0.0123    weight per copy of OmegaCodex 044
//! pair 004 061 -0.02 weight when both cards are in the deck
//! ```

use crate::cards;
use crate::RateError;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;
use std::sync::OnceLock;

/// The shipped model's text.
pub const SHIPPED: &str = include_str!("../data/model_v1.txt");

/// A learned rating model.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub version: u32,
    pub gauntlet: u32,
    pub bot: String,
    /// Training-set facts kept for people (`key value` lines other than the weights).
    pub notes: Vec<(String, String)>,
    pub intercept: f64,
    /// Weight per copy, by card id.
    pub card: Vec<f64>,
    /// Selected pairs (card ids, lower first) and their weights.
    pub pairs: Vec<(u8, u8, f64)>,
    /// `pair_table[a * n + b]` = weight of pair {a, b} (both orders), for fast prediction.
    pair_table: Vec<f64>,
}

/// A predicted rating and what it was predicted with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prediction {
    /// The predicted simulated rating (score rate against the gauntlet, 0..1).
    pub rating: f64,
    pub model: u32,
    pub gauntlet: u32,
}

/// What one card adds to a deck's predicted rating (its copies' weights plus half of each
/// selected pair it is in).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Contribution {
    pub code: String,
    pub name_en: String,
    pub name_zh: String,
    pub copies: u8,
    pub effect: f64,
}

impl Model {
    /// The shipped model (parsed once).
    pub fn shipped() -> Result<&'static Model, RateError> {
        static M: OnceLock<Result<Model, RateError>> = OnceLock::new();
        M.get_or_init(|| Model::parse(SHIPPED)).as_ref().map_err(Clone::clone)
    }

    pub fn new(
        version: u32,
        gauntlet: u32,
        bot: String,
        notes: Vec<(String, String)>,
        intercept: f64,
        card: Vec<f64>,
        pairs: Vec<(u8, u8, f64)>,
    ) -> Model {
        let n = card.len();
        let mut pair_table = vec![0.0; n * n];
        for &(a, b, w) in &pairs {
            pair_table[usize::from(a) * n + usize::from(b)] = w;
            pair_table[usize::from(b) * n + usize::from(a)] = w;
        }
        Model { version, gauntlet, bot, notes, intercept, card, pairs, pair_table }
    }

    /// The predicted rating of a deck (card ids; ids outside the pool count nothing), clamped to
    /// 0..1 (a win rate).
    #[inline]
    pub fn predict(&self, deck: &[u8]) -> f64 {
        let n = self.card.len();
        let mut s = self.intercept;
        let mut uniq = [0u8; 32];
        let mut u = 0;
        let mut seen = [false; 256];
        for &c in deck {
            let ci = usize::from(c);
            if ci >= n {
                continue;
            }
            s += self.card[ci];
            if !seen[ci] && u < uniq.len() {
                seen[ci] = true;
                uniq[u] = c;
                u += 1;
            }
        }
        for i in 0..u {
            let row = &self.pair_table[usize::from(uniq[i]) * n..];
            for &b in &uniq[i + 1..u] {
                s += row[usize::from(b)];
            }
        }
        // A win rate lies in 0..1; the linear model can overshoot for extreme decks.
        s.clamp(0.0, 1.0)
    }

    /// The prediction with its versions.
    pub fn prediction(&self, deck: &[u8]) -> Prediction {
        Prediction { rating: self.predict(deck), model: self.version, gauntlet: self.gauntlet }
    }

    /// Each distinct card's contribution to the deck's prediction, largest effect first.
    pub fn contributions(&self, deck: &[u8]) -> Vec<Contribution> {
        let n = self.card.len();
        let mut counts = vec![0u8; n];
        for &c in deck {
            if let Some(k) = counts.get_mut(usize::from(c)) {
                *k += 1;
            }
        }
        let mut out: Vec<Contribution> = (0..n)
            .filter(|&i| counts[i] > 0)
            .map(|i| {
                let mut effect = self.card[i] * f64::from(counts[i]);
                for (j, &k) in counts.iter().enumerate() {
                    if j != i && k > 0 {
                        effect += 0.5 * self.pair_table[i * n + j];
                    }
                }
                let (en, zh) = cards::names(i as u8);
                Contribution {
                    code: cards::code(i as u8),
                    name_en: en.to_string(),
                    name_zh: zh.to_string(),
                    copies: counts[i],
                    effect,
                }
            })
            .collect();
        out.sort_by(|a, b| b.effect.abs().total_cmp(&a.effect.abs()).then(a.code.cmp(&b.code)));
        out
    }

    /// Read a model file; the first bad line is an error naming it.
    pub fn parse(text: &str) -> Result<Model, RateError> {
        let n = cards::pool_len();
        let (mut version, mut gauntlet, mut bot, mut intercept) = (None, None, None, None);
        let mut card = vec![0.0; n];
        let mut pairs = Vec::new();
        let mut notes = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = |m: String| RateError::Model(format!("line {}: {m}", i + 1));
            let f: Vec<&str> = line.split_whitespace().collect();
            let num = |s: &str| {
                s.parse::<f64>().ok().filter(|x| x.is_finite()).ok_or_else(|| bad(format!("'{s}' is not a number")))
            };
            let id = |s: &str| cards::id_of(s).map_err(&bad);
            match (f[0], f.len()) {
                ("model", 2) => version = Some(num(f[1])? as u32),
                ("gauntlet", 2) => gauntlet = Some(num(f[1])? as u32),
                ("bot", 2) => bot = Some(f[1].to_string()),
                ("intercept", 2) => intercept = Some(num(f[1])?),
                ("card", 3) => card[usize::from(id(f[1])?)] = num(f[2])?,
                ("pair", 4) => {
                    let (a, b) = (id(f[1])?, id(f[2])?);
                    if a == b {
                        return Err(bad("a pair needs two different cards".into()));
                    }
                    pairs.push((a.min(b), a.max(b), num(f[3])?));
                }
                ("card" | "pair" | "model" | "gauntlet" | "bot" | "intercept", _) => {
                    return Err(bad(format!("'{}' has the wrong number of fields", f[0])))
                }
                (key, _) => notes.push((key.to_string(), f[1..].join(" "))),
            }
        }
        let missing = |k: &str| RateError::Model(format!("no '{k}' line"));
        Ok(Model::new(
            version.ok_or_else(|| missing("model"))?,
            gauntlet.ok_or_else(|| missing("gauntlet"))?,
            bot.ok_or_else(|| missing("bot"))?,
            notes,
            intercept.ok_or_else(|| missing("intercept"))?,
            card,
            pairs,
        ))
    }

    /// Write the model file (parses back to the same model).
    pub fn to_text(&self) -> String {
        let mut s = String::from(
            "# ardent-rate learned rating (docs/ardent-ratings.md §3); written by `cardtable deck rate-train`\n",
        );
        let _ = writeln!(s, "model {}\ngauntlet {}\nbot {}", self.version, self.gauntlet, self.bot);
        for (k, v) in &self.notes {
            let _ = writeln!(s, "{k} {v}");
        }
        let _ = writeln!(s, "intercept {:.9}", self.intercept);
        for (i, w) in self.card.iter().enumerate() {
            let _ = writeln!(s, "card {:03} {w:.9}", cards::number(i as u8));
        }
        for &(a, b, w) in &self.pairs {
            let _ = writeln!(s, "pair {:03} {:03} {w:.9}", cards::number(a), cards::number(b));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_model_parses_and_round_trips() {
        let m = Model::shipped().unwrap();
        assert_eq!(m.card.len(), cards::pool_len());
        assert_eq!(&Model::parse(&m.to_text()).unwrap(), m);
    }

    #[test]
    fn prediction_adds_card_and_pair_weights() {
        let n = cards::pool_len();
        let mut card = vec![0.0; n];
        card[3] = 0.1;
        card[5] = -0.02;
        let m = Model::new(1, 1, "random".into(), vec![], 0.5, card, vec![(3, 5, 0.01)]);
        let mut deck = vec![3u8, 3, 5];
        deck.extend(std::iter::repeat_n(7u8, 14));
        assert!((m.predict(&deck) - (0.5 + 0.2 - 0.02 + 0.01)).abs() < 1e-12);
        let c = m.contributions(&deck);
        assert_eq!(c[0].copies, 2);
        assert!((c[0].effect - 0.205).abs() < 1e-12, "{c:?}");
    }

    #[test]
    fn bad_model_files_name_the_line() {
        let e = Model::parse("model 1\ngauntlet 1\nbot random\nintercept x\n").unwrap_err().to_string();
        assert!(e.contains("line 4") && e.contains("'x'"), "{e}");
        let e = Model::parse("model 1\ngauntlet 1\nbot random\n").unwrap_err().to_string();
        assert!(e.contains("intercept"), "{e}");
        let e = Model::parse("card 999 0.1\n").unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
    }
}
