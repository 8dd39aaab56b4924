//! Data sets of simulated ratings (what the model is trained and checked on), as small TSV files:
//!
//! ```text
//! # ardent-rate dataset v1: gauntlet 1, bot random, 64 games a deck, seed 7
//! serial  rating    games  cards                 (fields separated by tabs)
//! 1234567 0.515625  64     001 001 004 …         (17 collector numbers of Omega Codex)
//! ```

use crate::cards;
use crate::RateError;
use std::fmt::Write as _;

/// One deck with its simulated rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The deck's serial under the gauntlet's recipe, if generated.
    pub serial: Option<u64>,
    pub rating: f64,
    pub games: usize,
    /// Card ids, sorted.
    pub cards: Vec<u8>,
}

/// A data set: its header line (how it was simulated) and its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Dataset {
    pub header: String,
    pub rows: Vec<Row>,
}

impl Dataset {
    pub fn to_tsv(&self) -> String {
        let mut s = format!("# {}\nserial\trating\tgames\tcards\n", self.header);
        for r in &self.rows {
            let serial = r.serial.map(|s| s.to_string()).unwrap_or_else(|| "-".into());
            let cards: Vec<String> = r.cards.iter().map(|&c| format!("{:03}", cards::number(c))).collect();
            let _ = writeln!(s, "{serial}\t{:.6}\t{}\t{}", r.rating, r.games, cards.join(" "));
        }
        s
    }

    /// Read a data set; every bad line is an error naming the line.
    pub fn from_tsv(text: &str) -> Result<Dataset, RateError> {
        let mut header = String::new();
        let mut rows = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let bad = |m: String| RateError::Data(format!("line {}: {m}", n + 1));
            if let Some(h) = line.strip_prefix("# ") {
                if header.is_empty() {
                    header = h.to_string();
                }
                continue;
            }
            if line.trim().is_empty() || line.starts_with("serial\t") {
                continue;
            }
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() != 4 {
                return Err(bad(format!("{} fields, expected 4 (serial, rating, games, cards)", f.len())));
            }
            let serial = match f[0] {
                "-" => None,
                s => Some(s.parse().map_err(|_| bad(format!("serial '{s}' is not a number")))?),
            };
            let rating: f64 = f[1].parse().map_err(|_| bad(format!("rating '{}' is not a number", f[1])))?;
            if !(0.0..=1.0).contains(&rating) {
                return Err(bad(format!("rating {rating} is outside 0..1")));
            }
            let games = f[2].parse().map_err(|_| bad(format!("games '{}' is not a number", f[2])))?;
            let mut ids =
                f[3].split_whitespace().map(cards::id_of).collect::<Result<Vec<u8>, String>>().map_err(bad)?;
            crate::simulate::check_deck(&ids).map_err(|e| bad(e.to_string()))?;
            ids.sort_unstable();
            rows.push(Row { serial, rating, games, cards: ids });
        }
        Ok(Dataset { header, rows })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datasets_round_trip_and_bad_lines_are_named() {
        let g = ardent::deckgen::generate(5, 1).unwrap();
        let d = Dataset {
            header: "test".into(),
            rows: vec![Row { serial: Some(5), rating: 0.25, games: 64, cards: g.cards.clone() }],
        };
        assert_eq!(Dataset::from_tsv(&d.to_tsv()).unwrap(), d);
        let e = Dataset::from_tsv("# x\n5\t1.5\t64\t001\n").unwrap_err().to_string();
        assert!(e.contains("line 2") && e.contains("outside 0..1"), "{e}");
        let e = Dataset::from_tsv("5\t0.5\t64\t001 002\n").unwrap_err().to_string();
        assert!(e.contains("2 cards"), "{e}");
    }
}
