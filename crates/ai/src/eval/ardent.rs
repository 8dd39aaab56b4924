//! Ardent Reapers (crates/ardent; spec ardent-reapers.md). The higher score-pile total wins at
//! the end (§7), so the evaluator weighs the score difference first and cards in play second;
//! the statistics give each card's win rate when played.

use super::learned::{Featured, LearnedEvaluator};
use super::{squash, terminal_reward, AiGame, Evaluator, Kit, RolloutPolicy};
use crate::sim::{Counters, GameStats};
use ardent::state::{bit, cards_in};
use ardent::view::PlayerView;
use ardent::{ArdentAction, ArdentGame, CardType};
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

/// The rollout policy of `mcts:N,rollout=policy` (issue #16): a score in VP for each legal
/// action of the seat to act, read from the state without playing anything. The seat to act is
/// the current player, who makes every decision (§5.5), so every score is for that seat.
///
/// - Harvest (§5.4): the card's VP go to my score pile: `vp + 0.5`; a card worth less than
///   nothing is kept (it is better lost in a fight, which scores it for the opponent).
/// - Fight (§5.3): against the best defender it may fight: a win (attack ≥ defense, ties to the
///   attacker) scores the defender for me and denies it to its owner, `1.5 vp(d) + 0.5`; a loss
///   scores the attacker for the opponent, `-vp(a) - 0.5`. The defender pick scores the same way;
///   a Team-Up or Bear Hug pick, by what it adds to the fight (`done` scores 0).
/// - Play (§5.1): an action scores its VP now, `1 + vp`; a creature or relic enters play for
///   later, `1 + 0.3 vp`. So a rollout plays its hand (the refill is to 3 cards, §4.4).
/// - Discard (§5.2): a negative-VP action is worth dropping (0.3); others are kept (-0.5).
/// - End, Reveal and every other choice score 0 (ties are broken at random); conceding and
///   offering a draw score -100.
pub struct ArdentPolicy;

impl ArdentPolicy {
    fn vp(g: &ArdentGame, c: u8) -> f64 {
        f64::from(g.card(c).vp)
    }

    /// A fight of `attack` (the attackers' summed attack value) against `defenders`, for the
    /// attacking seat.
    fn fight_value(g: &ArdentGame, attackers: u64, attack: i32, defenders: u64) -> f64 {
        let defense: i32 = cards_in(defenders).map(|d| g.defense_value(d)).sum();
        if attack >= defense {
            cards_in(defenders).map(|d| 1.5 * Self::vp(g, d)).sum::<f64>() + 0.5
        } else {
            -cards_in(attackers).map(|a| Self::vp(g, a)).sum::<f64>() - 0.5
        }
    }

    fn attack(g: &ArdentGame, attackers: u64) -> i32 {
        cards_in(attackers).map(|a| g.attack_value(a)).sum()
    }

    /// The best single-defender fight these attackers may make.
    fn best_fight(g: &ArdentGame, attackers: u64) -> f64 {
        let attack = Self::attack(g, attackers);
        cards_in(g.valid_defenders(attackers))
            .map(|d| Self::fight_value(g, attackers, attack, bit(d)))
            .fold(f64::NEG_INFINITY, f64::max)
            .max(-10.0)
    }

    fn score(g: &ArdentGame, fight: Option<(u64, u64, u8)>, action: &ArdentAction) -> f64 {
        use ArdentAction::*;
        match *action {
            Harvest(c) => Self::vp(g, c) + 0.5,
            Fight(c) => Self::best_fight(g, bit(c)),
            Play(c) => match g.card(c).card_type {
                CardType::Action => 1.0 + Self::vp(g, c),
                CardType::Creature | CardType::Relic => 1.0 + 0.3 * Self::vp(g, c),
            },
            Discard(c) if g.card(c).card_type == CardType::Action && g.card(c).vp < 0 => 0.3,
            Discard(_) => -0.5,
            Pick(c) => match fight {
                // One more Team-Up attacker: what it adds to the best fight.
                Some((attackers, _, 0)) => Self::best_fight(g, attackers | bit(c)) - Self::best_fight(g, attackers),
                // The defender, or one more Bear Hug defender: the fight it makes.
                Some((attackers, defenders, phase @ (1 | 2))) => {
                    let attack = Self::attack(g, attackers);
                    let with = if phase == 1 { bit(c) } else { defenders | bit(c) };
                    let value = Self::fight_value(g, attackers, attack, with);
                    if phase == 1 {
                        value
                    } else {
                        value - Self::fight_value(g, attackers, attack, defenders)
                    }
                }
                _ => 0.0,
            },
            Concede | OfferDraw => -100.0,
            _ => 0.0,
        }
    }
}

impl RolloutPolicy<ArdentGame> for ArdentPolicy {
    fn scores(&self, state: &ArdentGame, legal: &[ArdentAction], out: &mut Vec<f64>) {
        let fight = state.fight_declaration();
        out.extend(legal.iter().map(|a| Self::score(state, fight, a)));
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
            .with_policy(Arc::new(ArdentPolicy))
            .with_learned(include_str!("weights/ardent.json"), LearnedEvaluator::load::<ArdentGame>)
    }
}
