//! Riftbound (crates/riftbound; spec riftbound.md). Points win (Victory Score, CR 193), and
//! units hold battlefields; the evaluator weighs points first, then battlefields controlled and
//! the Might of the seat's units. The statistics count legends and legend matchups.

use super::learned::{Featured, LearnedEvaluator};
use super::{squash, terminal_reward, AiGame, Evaluator, Kit};
use crate::sim::{Counters, GameStats};
use engine::{Game, Seat, Status, Viewer};
use riftbound::summary::SeatSummary;
use riftbound::{RiftAction, RiftGame};
use std::sync::Arc;

/// Points, battlefields controlled and units' Might, against the strongest opponent.
pub struct RiftEvaluator;

const BATTLEFIELD_WEIGHT: f64 = 0.5;
const MIGHT_WEIGHT: f64 = 0.1;
/// A difference of this many points is worth about 73%.
const SCALE: f64 = 2.0;

fn seat_score(s: &SeatSummary) -> f64 {
    f64::from(s.points)
        + BATTLEFIELD_WEIGHT * f64::from(s.battlefields)
        + MIGHT_WEIGHT * f64::from(s.base_might + s.field_might)
}

/// Each seat's score against its strongest opponent, from the seats' summaries (the numbers of
/// the omniscient view, read without building it: `RiftGame::seat_summaries`). In 2v2 a seat's
/// score is its team's (points are shared, CR 489.8.d) and only the other team's seats are
/// opponents.
fn scores(state: &RiftGame, out: &mut Vec<f64>) {
    let mut seats = Vec::with_capacity(4);
    state.seat_summaries(&mut seats);
    let own: Vec<f64> = seats.iter().map(seat_score).collect();
    let team = |s: usize| seats[s].team;
    let raw: Vec<f64> =
        (0..own.len()).map(|s| (0..own.len()).filter(|&o| team(o) == team(s)).map(|o| own[o]).sum::<f64>()).collect();
    for (s, mine) in raw.iter().enumerate() {
        let best_other = raw
            .iter()
            .enumerate()
            .filter(|&(o, _)| team(o) != team(s))
            .map(|(_, v)| *v)
            .fold(f64::NEG_INFINITY, f64::max);
        out.push(if best_other.is_finite() { squash(mine - best_other, SCALE) } else { 0.5 });
    }
}

impl Evaluator<RiftGame> for RiftEvaluator {
    fn evaluate(&self, state: &RiftGame, seat: Seat) -> f64 {
        if let Some(r) = terminal_reward(state, seat) {
            return r;
        }
        let mut all = Vec::new();
        scores(state, &mut all);
        all.get(seat.index()).copied().unwrap_or(0.5)
    }

    fn evaluate_seats(&self, state: &RiftGame, out: &mut Vec<f64>) {
        match state.status() {
            Status::Over(o) => out.extend((0..state.num_seats()).map(|s| o.reward(Seat(s as u8)))),
            Status::ToAct(_) => scores(state, out),
        }
    }
}

/// Games and wins per legend, and per legend matchup (by seat order).
impl Featured for RiftGame {
    const FEATURES: &'static [&'static str] = &[
        "points_to_go",
        "battlefields",
        "base_might",
        "field_might",
        "base_units",
        "field_units",
        "hand",
        "runes_ready",
        "runes",
        "deck",
        "left",
    ];

    fn seat_features(state: &Self, out: &mut Vec<f64>, sides: &mut Vec<u8>) {
        let mut seats = Vec::with_capacity(4);
        state.seat_summaries(&mut seats);
        let victory = state.opts.victory();
        for p in &seats {
            sides.push(p.team);
            out.extend([
                // Negative: fewer points still to score is better (a side's sum over its seats).
                -f64::from(victory.saturating_sub(p.points)),
                f64::from(p.battlefields),
                f64::from(p.base_might) / 5.0,
                f64::from(p.field_might) / 5.0,
                f64::from(p.base_cards),
                f64::from(p.field_cards),
                f64::from(p.hand),
                f64::from(p.runes_ready),
                f64::from(p.runes),
                f64::from(p.deck) / 10.0,
                f64::from(u8::from(p.left)),
            ]);
        }
    }
}

pub struct RiftStats;

impl GameStats<RiftGame> for RiftStats {
    fn record(&self, final_state: &RiftGame, _history: &[RiftAction], counters: &mut Counters) {
        let view = final_state.view(Viewer::Omniscient);
        let winners = match final_state.status() {
            Status::Over(o) => o.winners,
            Status::ToAct(_) => Vec::new(),
        };
        let legends: Vec<&str> = view.players.iter().map(|p| p.legend.as_str()).collect();
        for (seat, legend) in legends.iter().enumerate() {
            counters.game(&format!("legend {legend}"), winners.contains(&Seat(seat as u8)));
        }
        if legends.len() == 2 {
            // The matchup's win rate is the first seat's.
            counters.game(&format!("matchup {} (P1) vs {} (P2)", legends[0], legends[1]), winners.contains(&Seat(0)));
        }
    }
}

impl AiGame for RiftGame {
    fn kit() -> Kit<Self> {
        Kit::new(Arc::new(RiftEvaluator))
            .with_stats(Arc::new(RiftStats))
            .with_learned(include_str!("weights/riftbound.json"), LearnedEvaluator::load::<RiftGame>)
    }
}
