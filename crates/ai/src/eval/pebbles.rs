//! Pebbles (engine::testgame): the engine's tiny hidden-information test game.
//!
//! Taking the last pebble wins and a move takes 1–3 (a bonus takes 1–3 too), so a pile that is a
//! multiple of 4 loses for the seat to act. The evaluator knows that; the statistics count how
//! often bonuses are played.

use super::{terminal_reward, AiGame, Evaluator, Kit};
use crate::sim::{Counters, GameStats};
use engine::testgame::{Pebbles, PebblesAction};
use engine::{Game, Seat, Viewer};
use std::sync::Arc;

pub struct PebblesEvaluator;

impl Evaluator<Pebbles> for PebblesEvaluator {
    fn evaluate(&self, state: &Pebbles, seat: Seat) -> f64 {
        if let Some(r) = terminal_reward(state, seat) {
            return r;
        }
        // Only public facts: the pile and who is to act.
        let view = state.view(Viewer::Spectator);
        let to_act_loses = view.pile % 4 == 0;
        let seat_to_act = view.to_act == seat;
        if to_act_loses == seat_to_act {
            0.2
        } else {
            0.8
        }
    }
}

/// The win rate of seats that played their bonus.
pub struct PebblesStats;

impl GameStats<Pebbles> for PebblesStats {
    fn record(&self, final_state: &Pebbles, history: &[PebblesAction], counters: &mut Counters) {
        let winner = final_state.view(Viewer::Omniscient).winner;
        for (i, a) in history.iter().enumerate() {
            if *a == PebblesAction::Bonus {
                // Seats alternate from P1 in Pebbles.
                let seat = Seat((i % 2) as u8);
                counters.game("played the bonus", Some(seat) == winner);
            }
        }
    }
}

impl AiGame for Pebbles {
    fn kit() -> Kit<Self> {
        Kit::new(Arc::new(PebblesEvaluator)).with_stats(Arc::new(PebblesStats))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::testgame::{PebblesOptions, PebblesSetup};
    use engine::EventLog;

    #[test]
    fn multiple_of_four_is_bad_for_the_seat_to_act() {
        let mut g = Pebbles::new(&PebblesOptions::pile(5), &PebblesSetup {}, 1).unwrap();
        // P1 to act at 5: good for P1.
        assert!(PebblesEvaluator.evaluate(&g, Seat(0)) > 0.5);
        g.apply(&PebblesAction::Take(1), &mut EventLog::disabled()).unwrap();
        // P2 to act at 4: bad for P2, good for P1.
        assert!(PebblesEvaluator.evaluate(&g, Seat(1)) < 0.5);
        assert!(PebblesEvaluator.evaluate(&g, Seat(0)) > 0.5);
    }
}
