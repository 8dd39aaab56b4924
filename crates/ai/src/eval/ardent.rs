//! Ardent Reapers (crates/ardent; spec ardent-reapers.md). The higher score-pile total wins at
//! the end (§7), so the evaluator weighs the score difference first and cards in play second;
//! the statistics give each card's win rate when played.

use super::learned::{Featured, LearnedEvaluator};
use super::{squash, terminal_reward, AiGame, Evaluator, Kit};
use crate::sim::{Counters, GameStats};
use ardent::view::PlayerView;
use ardent::{ArdentAction, ArdentGame};
use engine::{Game, Seat, Status, Viewer};
use std::sync::Arc;

/// Score-pile VP difference, then cards in play (creatures in the line and relics) and the
/// creatures' effective Power, squashed into 0..1.
pub struct ArdentEvaluator;

const IN_PLAY_WEIGHT: f64 = 0.3;
const POWER_WEIGHT: f64 = 0.05;
/// A difference of this many VP is worth about 73%.
const SCALE: f64 = 3.0;

fn player_score(p: &PlayerView) -> f64 {
    let in_play = (p.line.len() + p.relics.len()) as f64;
    let power: i32 = p.line.iter().filter_map(|c| c.power).sum();
    f64::from(p.score_total) + IN_PLAY_WEIGHT * in_play + POWER_WEIGHT * f64::from(power)
}

impl ArdentEvaluator {
    /// Each seat's score against the other, from one view.
    fn scores(state: &ArdentGame) -> [f64; 2] {
        let view = state.view(Viewer::Omniscient);
        let mut raw = [0.0; 2];
        for p in &view.players {
            if let Some(slot) = raw.get_mut(p.seat.index()) {
                *slot = player_score(p);
            }
        }
        [squash(raw[0] - raw[1], SCALE), squash(raw[1] - raw[0], SCALE)]
    }
}

impl Evaluator<ArdentGame> for ArdentEvaluator {
    fn evaluate(&self, state: &ArdentGame, seat: Seat) -> f64 {
        if let Some(r) = terminal_reward(state, seat) {
            return r;
        }
        Self::scores(state).get(seat.index()).copied().unwrap_or(0.5)
    }

    fn evaluate_seats(&self, state: &ArdentGame, out: &mut Vec<f64>) {
        match terminal_reward(state, Seat(0)) {
            Some(r) => out.extend([r, terminal_reward(state, Seat(1)).unwrap_or(1.0 - r)]),
            None => out.extend(Self::scores(state)),
        }
    }
}

/// Per card: the games in which a seat played it, and how many of those that seat won.
pub struct ArdentStats;

impl GameStats<ArdentGame> for ArdentStats {
    fn record(&self, final_state: &ArdentGame, history: &[ArdentAction], counters: &mut Counters) {
        let winners = match final_state.status() {
            Status::Over(o) => o.winners,
            Status::ToAct(_) => Vec::new(),
        };
        // The distinct cards each seat played, by card id (a seat plays only cards it owns, §5.1).
        let mut played: Vec<u8> = history
            .iter()
            .filter_map(|a| match *a {
                ArdentAction::Play(card) => Some(card),
                _ => None,
            })
            .collect();
        counters.add("cards played", played.len() as i64);
        played.sort_unstable();
        played.dedup();
        // One game per card name and seat, even when a deck holds two copies.
        let mut seen: Vec<(String, Seat)> = Vec::new();
        for card in played {
            let entry = (final_state.card(card).name_en.clone(), ardent::state::owner(card));
            if !seen.contains(&entry) {
                counters.game(&format!("card {}", entry.0), winners.contains(&entry.1));
                seen.push(entry);
            }
        }
    }
}

impl Featured for ArdentGame {
    const FEATURES: &'static [&'static str] = &[
        "score",
        "line",
        "relics",
        "line_power",
        "hand",
        "deck",
        "discard",
        "score_cards",
        "lullabied",
        "calmed",
        "silenced",
        // Session 5: the hand-written evaluator's own logit (so the model nests it), the same
        // scaled by how far the game has gone (a VP lead late is worth more than one early),
        // and the VP still to come: in hand and on the cards in the line.
        "hand_logit",
        "hand_logit_x_progress",
        "hand_vp",
        "line_vp",
    ];

    fn seat_features(state: &Self, out: &mut Vec<f64>, sides: &mut Vec<u8>) {
        let view = state.view(Viewer::Omniscient);
        for seat in 0..state.num_seats() {
            sides.push(seat as u8);
            let Some(p) = view.players.iter().find(|p| p.seat.index() == seat) else {
                out.extend(std::iter::repeat_n(0.0, Self::FEATURES.len()));
                continue;
            };
            let flag = |b: bool| f64::from(u8::from(b));
            let logit = player_score(p) / SCALE;
            // Turns, as a fraction of 20, saturating at 1.5.
            let progress = (f64::from(view.turn) / 20.0).min(1.5);
            let vp = |cards: &[ardent::view::CardView]| cards.iter().map(|c| f64::from(c.vp)).sum::<f64>();
            out.extend([
                f64::from(p.score_total),
                p.line.len() as f64,
                p.relics.len() as f64,
                f64::from(p.line.iter().filter_map(|c| c.power).sum::<i32>()) / 10.0,
                p.hand_count as f64,
                p.deck_count as f64 / 10.0,
                p.discard.len() as f64 / 10.0,
                p.score.len() as f64,
                flag(p.lullabied),
                flag(p.calmed),
                flag(p.silenced),
                logit,
                logit * progress,
                p.hand.as_deref().map_or(0.0, vp),
                vp(&p.line),
            ]);
        }
    }
}

impl AiGame for ArdentGame {
    fn kit() -> Kit<Self> {
        Kit::new(Arc::new(ArdentEvaluator))
            .with_stats(Arc::new(ArdentStats))
            .with_learned(include_str!("weights/ardent.json"), LearnedEvaluator::load::<ArdentGame>)
    }
}
