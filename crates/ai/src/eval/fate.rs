//! Fate Deduction (crates/fate; spec fate-deduction.md). The evaluator scores material from the
//! omniscient view of a (determinized) state; the statistics count King, Queen and composition
//! choices (R-S2, R-S3) and how often each won.

use super::learned::{Featured, LearnedEvaluator};
use super::{squash, terminal_reward, AiGame, Evaluator, Kit};
use crate::sim::{Counters, GameStats};
use engine::{Game, Seat, Viewer};
use fate::view::{CardView, PlayerView};
use fate::{FateAction, FateGame};
use std::sync::Arc;

/// Material, King safety and resources, from the seat's side: squashed into 0..1.
///
/// - court cards on the field and in hand, by rank (Page 1, Knight 2, Queen 3; §0.4), a card
///   in hand counting a little less than one in play, plus its attack value;
/// - King safety: a King in play can be attacked and discarded (R-WIN), one in hand cannot;
/// - untapped resources (what pays for skills and buffs), Swords counting extra (combat buffs,
///   R-C1, and the King of Swords condition).
pub struct FateEvaluator;

const RANK_WEIGHT: [f64; 4] = [1.0, 2.0, 3.0, 0.0];
const HAND_FACTOR: f64 = 0.8;
const ATK_WEIGHT: f64 = 0.2;
const KING_IN_PLAY: f64 = -1.0;
const UNTAPPED_WEIGHT: f64 = 0.25;
const SWORD_EXTRA: f64 = 0.25;
/// A difference of this many points is worth about 73% (squash(1)).
const SCALE: f64 = 4.0;

/// Rank 0..=3 (Page, Knight, Queen, King) from a card code such as `QS` or `nc`.
fn rank_of(card: &str) -> Option<usize> {
    match card.chars().next()?.to_ascii_uppercase() {
        'J' => Some(0),
        'N' => Some(1),
        'Q' => Some(2),
        'K' => Some(3),
        _ => None,
    }
}

/// Whether a card code names a card of `seat`'s set.
fn owned_by(code: &str, seat: u8) -> bool {
    code.chars().next().is_some_and(|c| c.is_ascii_uppercase() == (seat == 0))
}

fn card_value(c: &CardView, factor: f64) -> f64 {
    rank_of(&c.card).map_or(0.0, |r| factor * RANK_WEIGHT[r]) + ATK_WEIGHT * f64::from(c.atk)
}

fn player_score(p: &PlayerView) -> f64 {
    let mut score: f64 = p.row.iter().map(|c| card_value(c, 1.0)).sum();
    score += p.hand.iter().map(|c| card_value(c, HAND_FACTOR)).sum::<f64>();
    if p.row.iter().any(|c| rank_of(&c.card) == Some(3) && owned_by(&c.card, p.seat)) {
        score += KING_IN_PLAY;
    }
    for r in &p.resources {
        score += UNTAPPED_WEIGHT * f64::from(r.untapped);
        if r.suit == "S" {
            score += SWORD_EXTRA * f64::from(r.untapped);
        }
    }
    score
}

impl FateEvaluator {
    /// Each seat's score against the other, from one view.
    fn scores(state: &FateGame) -> [f64; 2] {
        let view = state.view(Viewer::Omniscient);
        let mut raw = [0.0; 2];
        for p in &view.players {
            if let Some(slot) = raw.get_mut(usize::from(p.seat)) {
                *slot = player_score(p);
            }
        }
        [squash(raw[0] - raw[1], SCALE), squash(raw[1] - raw[0], SCALE)]
    }
}

impl Evaluator<FateGame> for FateEvaluator {
    fn evaluate(&self, state: &FateGame, seat: Seat) -> f64 {
        if let Some(r) = terminal_reward(state, seat) {
            return r;
        }
        Self::scores(state).get(seat.index()).copied().unwrap_or(0.5)
    }

    fn evaluate_seats(&self, state: &FateGame, out: &mut Vec<f64>) {
        match terminal_reward(state, Seat(0)) {
            Some(r) => out.extend([r, terminal_reward(state, Seat(1)).unwrap_or(1.0 - r)]),
            None => out.extend(Self::scores(state)),
        }
    }
}

/// Which King, Queen and composition each seat chose, and how often each won.
pub struct FateStats;

const SUITS: [&str; 4] = ["Pentacles", "Cups", "Wands", "Swords"];

fn suit_name(code: &str) -> &'static str {
    match code.chars().nth(1).map(|c| c.to_ascii_uppercase()) {
        Some('P') => SUITS[0],
        Some('C') => SUITS[1],
        Some('W') => SUITS[2],
        Some('S') => SUITS[3],
        _ => "?",
    }
}

impl GameStats<FateGame> for FateStats {
    fn record(&self, final_state: &FateGame, _history: &[FateAction], counters: &mut Counters) {
        let view = final_state.view(Viewer::Omniscient);
        // Every court card still in the game or discarded; a card's owner shows in its code:
        // uppercase for P1's set, lowercase for P2's (docs/fate.md), wherever it now lies.
        let codes: Vec<&String> = view
            .players
            .iter()
            .flat_map(|p| p.row.iter().chain(&p.hand).map(|c| &c.card))
            .chain(&view.eliminated)
            .collect();
        for p in &view.players {
            let won = view.winner == Some(p.seat);
            let mut note = |subject: String| counters.game(&subject, won);
            for code in codes.iter().filter(|c| owned_by(c, p.seat)) {
                match rank_of(code) {
                    Some(3) => note(format!("King of {}", suit_name(code))),
                    Some(2) => note(format!("Queen of {}", suit_name(code))),
                    _ => {}
                }
            }
            if let Some([knights, pages]) = p.composition {
                note(format!("composition {knights} Knights + {pages} Pages"));
            }
        }
        if view.winner.is_none() {
            counters.add("drawn games", 1);
        }
    }
}

impl Featured for FateGame {
    const FEATURES: &'static [&'static str] = &[
        "row_pages",
        "row_knights",
        "row_queens",
        "hand_pages",
        "hand_knights",
        "hand_queens",
        "row_attack",
        "hand_attack",
        "king_in_play",
        "untapped",
        "untapped_swords",
        "tapped",
        "row_acted",
        // Session 5: the hand-written evaluator's own logit (so the model nests it), the same
        // scaled by how far the game has gone (a lead late is worth more than one early), and
        // threats: the strongest attacker in the row, and an exposed King against the attack
        // the opponent has in its row (R-WIN: a King in play can be attacked and discarded).
        "hand_logit",
        "hand_logit_x_progress",
        "row_attack_max",
        "king_exposed_x_enemy_attack",
    ];

    fn seat_features(state: &Self, out: &mut Vec<f64>, sides: &mut Vec<u8>) {
        let view = state.view(Viewer::Omniscient);
        for seat in 0..state.num_seats() as u8 {
            sides.push(seat);
            let Some(p) = view.players.iter().find(|p| p.seat == seat) else {
                out.extend(std::iter::repeat_n(0.0, Self::FEATURES.len()));
                continue;
            };
            let count = |cards: &[CardView], rank: usize| {
                cards.iter().filter(|c| rank_of(&c.card) == Some(rank)).count() as f64
            };
            let attack = |cards: &[CardView]| cards.iter().map(|c| f64::from(c.atk)).sum::<f64>();
            let king = p.row.iter().any(|c| rank_of(&c.card) == Some(3) && owned_by(&c.card, p.seat));
            let untapped: u32 = p.resources.iter().map(|r| u32::from(r.untapped)).sum();
            let swords: u32 = p.resources.iter().filter(|r| r.suit == "S").map(|r| u32::from(r.untapped)).sum();
            let tapped: u32 = p.resources.iter().map(|r| u32::from(r.tapped)).sum();
            let logit = player_score(p) / SCALE;
            let progress = f64::from(view.ply) / f64::from(view.ply_limit.max(1));
            let enemy_attack: f64 =
                view.players.iter().filter(|o| o.seat != seat).map(|o| attack(&o.row)).sum::<f64>() / 10.0;
            let max_attack = p.row.iter().map(|c| f64::from(c.atk)).fold(0.0, f64::max) / 10.0;
            out.extend([
                count(&p.row, 0),
                count(&p.row, 1),
                count(&p.row, 2),
                count(&p.hand, 0),
                count(&p.hand, 1),
                count(&p.hand, 2),
                attack(&p.row) / 10.0,
                attack(&p.hand) / 10.0,
                f64::from(u8::from(king)),
                f64::from(untapped),
                f64::from(swords),
                f64::from(tapped),
                p.row.iter().filter(|c| c.acted).count() as f64,
                logit,
                logit * progress,
                max_attack,
                f64::from(u8::from(king)) * enemy_attack,
            ]);
        }
    }
}

impl AiGame for FateGame {
    fn kit() -> Kit<Self> {
        Kit::new(Arc::new(FateEvaluator))
            .with_stats(Arc::new(FateStats))
            .with_learned(include_str!("weights/fate.json"), LearnedEvaluator::load::<FateGame>)
    }
}
