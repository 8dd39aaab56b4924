//! Pebbles: a tiny game with hidden information that exercises the whole contract. Hosts, bots
//! and the engine's own tests use it where a real game would tie them to a rules crate.
//!
//! Two seats share a pile of pebbles. Each seat holds a secret bonus (1–3) dealt from the seed.
//! On your turn take 1–3 pebbles, or once per game play your bonus (take that many, revealing
//! it). Whoever takes the last pebble wins.
//!
//! The take sizes are the game's card set ([`PebbleCards`], built-in {1, 2, 3}), so hosts test
//! card-set files on it; the position notation ([`position`]) writes and reads any position.

pub mod cards;
pub mod position;

pub use cards::{PebbleCards, TakeCard};

use crate::cards::Cards;
use crate::error::{ActionError, NotationError, SetupError};
use crate::game::{Game, Outcome, Status};
use crate::label::Label;
use crate::log::EventLog;
use crate::present::{ActionKind, ActionMeta, CardInfo, CardRef, EventKind, EventText, OptionInfo, Prompt};
use crate::rng::GameRng;
use crate::seat::{Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PebblesOptions {
    pub pile: u8,
    /// The take sizes played with (the built-in {1, 2, 3} unless a set was loaded).
    #[serde(default, skip_serializing_if = "Cards::is_builtin")]
    pub cards: Cards<PebbleCards>,
}

impl Default for PebblesOptions {
    fn default() -> Self {
        PebblesOptions { pile: 15, cards: Cards::builtin() }
    }
}

impl PebblesOptions {
    /// The built-in set with a pile of `pile`.
    pub fn pile(pile: u8) -> Self {
        PebblesOptions { pile, ..Default::default() }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
pub struct PebblesSetup {}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PebblesAction {
    Take(u8),
    Bonus,
}

impl fmt::Display for PebblesAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PebblesAction::Take(n) => write!(f, "take{n}"),
            PebblesAction::Bonus => f.write_str("bonus"),
        }
    }
}

impl FromStr for PebblesAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        match s {
            "bonus" => Ok(PebblesAction::Bonus),
            _ => s
                .strip_prefix("take")
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| (1..=cards::MAX_TAKE).contains(n))
                .map(PebblesAction::Take)
                .ok_or_else(|| NotationError::new(s, "expected take1 … take9 or bonus")),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Pebbles {
    options: PebblesOptions,
    pile: u8,
    to_act: Seat,
    bonus: [u8; 2],
    bonus_used: [bool; 2],
    winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PebblesView {
    /// The pile, as a card-like object clients can point at (`id` "pile").
    pub pile_card: PileCard,
    pub pile: u8,
    pub to_act: Seat,
    /// A bonus shows when it is the viewer's own or once it has been played.
    pub bonus: [Option<u8>; 2],
    pub bonus_used: [bool; 2],
    pub winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PileCard {
    pub id: String,
    pub card: String,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum PebblesEvent {
    Took { seat: Seat, n: u8 },
    Bonus { seat: Seat, n: u8 },
}

impl Game for Pebbles {
    const NAME: &'static str = "pebbles";
    type Options = PebblesOptions;
    type Setup = PebblesSetup;
    type Action = PebblesAction;
    type View = PebblesView;
    type Event = PebblesEvent;
    type Cards = PebbleCards;

    fn new(options: &PebblesOptions, _setup: &PebblesSetup, seed: u64) -> Result<Self, SetupError> {
        if options.pile == 0 || options.pile > 200 {
            return Err(SetupError::new("pile must be 1..=200"));
        }
        let mut rng = GameRng::new(seed);
        let bonus = [1 + rng.below(3) as u8, 1 + rng.below(3) as u8];
        Ok(Pebbles {
            options: options.clone(),
            pile: options.pile,
            to_act: Seat(0),
            bonus,
            bonus_used: [false; 2],
            winner: None,
        })
    }
    fn sample_setup(_: &PebblesOptions, _: &mut GameRng) -> Result<PebblesSetup, SetupError> {
        Ok(PebblesSetup {})
    }
    fn options(&self) -> &PebblesOptions {
        &self.options
    }
    fn card_set(options: &PebblesOptions) -> Cards<PebbleCards> {
        options.cards.clone()
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn status(&self) -> Status {
        match self.winner {
            Some(w) => Status::Over(Outcome::win(w, "took the last pebble")),
            None => Status::ToAct(self.to_act),
        }
    }
    fn legal_actions(&self, out: &mut Vec<PebblesAction>) {
        if self.winner.is_some() {
            return;
        }
        for n in self.options.cards.takes() {
            if n <= self.pile {
                out.push(PebblesAction::Take(n));
            }
        }
        let s = self.to_act.index();
        if !self.bonus_used[s] && self.bonus[s] <= self.pile {
            out.push(PebblesAction::Bonus);
        }
    }
    fn apply(&mut self, action: &PebblesAction, log: &mut EventLog<PebblesEvent>) -> Result<(), ActionError> {
        if self.winner.is_some() {
            return Err(ActionError::game_over());
        }
        let seat = self.to_act;
        let s = seat.index();
        let n = match *action {
            PebblesAction::Take(n) if !self.options.cards.allows(n) => {
                return Err(ActionError::illegal(format!("no card of this set takes {n}")))
            }
            PebblesAction::Take(n) if n <= self.pile => n,
            PebblesAction::Take(n) => return Err(ActionError::illegal(format!("cannot take {n} of {}", self.pile))),
            PebblesAction::Bonus if self.bonus_used[s] => return Err(ActionError::illegal("bonus already played")),
            PebblesAction::Bonus if self.bonus[s] > self.pile => {
                return Err(ActionError::illegal("bonus is larger than the pile"))
            }
            PebblesAction::Bonus => {
                self.bonus_used[s] = true;
                let b = self.bonus[s];
                log.public(|| PebblesEvent::Bonus { seat, n: b });
                b
            }
        };
        if matches!(action, PebblesAction::Take(_)) {
            log.public(|| PebblesEvent::Took { seat, n });
        }
        self.pile -= n;
        if self.pile == 0 {
            self.winner = Some(seat);
        } else {
            self.to_act = seat.other();
        }
        Ok(())
    }
    fn view(&self, viewer: Viewer) -> PebblesView {
        let shows = |s: usize| match viewer {
            Viewer::Omniscient => true,
            Viewer::Seat(v) => v.index() == s || self.bonus_used[s],
            Viewer::Spectator => self.bonus_used[s],
        };
        PebblesView {
            pile_card: PileCard { id: "pile".into(), card: "pile".into() },
            pile: self.pile,
            to_act: self.to_act,
            bonus: [0, 1].map(|s| shows(s).then_some(self.bonus[s])),
            bonus_used: self.bonus_used,
            winner: self.winner,
        }
    }
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut d = self.clone();
        let o = seat.other().index();
        if !d.bonus_used[o] {
            d.bonus[o] = 1 + rng.below(3) as u8;
        }
        d
    }
    fn max_actions(&self) -> usize {
        self.options.pile.max(self.pile) as usize
    }
    fn action_meta(&self, action: &PebblesAction) -> ActionMeta {
        let meta = match action {
            PebblesAction::Take(_) => ActionMeta::of(ActionKind::Choose),
            PebblesAction::Bonus => ActionMeta::of(ActionKind::Play),
        };
        meta.target(CardRef::new("pile", "pile")).answers("take")
    }
    fn action_label(&self, action: &PebblesAction) -> Label {
        match action {
            PebblesAction::Take(n) => match self.options.cards.card_for(*n) {
                Some(c) => Label::new(format!("Take {n} ({})", c.name_en), format!("拿 {n} 颗（{}）", c.name_zh)),
                None => Label::new(format!("Take {n}"), format!("拿 {n} 颗")),
            },
            PebblesAction::Bonus => Label::new("Play your bonus", "打出奖励"),
        }
    }
    fn prompt(&self) -> Option<Prompt> {
        self.winner.is_none().then(|| {
            Prompt::new("take", Label::new("How many pebbles do you take?", "你要拿几颗石子？"))
                .source(CardRef::new("pile", "pile"))
        })
    }
    fn describe_event(&self, event: &PebblesEvent) -> EventText {
        let (kind, en, zh) = match event {
            PebblesEvent::Took { seat, n } => {
                (EventKind::Action, format!("{seat} took {n}"), format!("{seat} 拿了 {n} 颗"))
            }
            PebblesEvent::Bonus { seat, n } => {
                (EventKind::Card, format!("{seat} played a bonus of {n}"), format!("{seat} 打出奖励 {n}"))
            }
        };
        EventText::new(kind, Label::new(en, zh)).card(CardRef::new("pile", "pile"))
    }
    fn catalogue(&self) -> Vec<CardInfo> {
        crate::cards::CardSet::catalogue(self.options.cards.get())
    }
    fn options_info() -> Vec<OptionInfo> {
        vec![OptionInfo::new(
            "pile",
            Label::new("Pile size", "石子数"),
            Label::new("How many pebbles the pile starts with.", "开局时石子堆的石子数。"),
            15.into(),
        )
        .range(1, 200)]
    }
    fn render(&self, viewer: Viewer) -> String {
        let v = self.view(viewer);
        format!("pile {}  bonus {:?}  {} to act", v.pile, v.bonus, v.to_act)
    }
    fn position(&self) -> Option<String> {
        Some(position::write(&position::Position {
            pile: self.pile,
            to_act: self.to_act,
            bonus: self.bonus,
            bonus_used: self.bonus_used,
            winner: self.winner,
        }))
    }
    fn from_position(options: &PebblesOptions, text: &str) -> Result<Self, SetupError> {
        let p = position::read(text)?;
        Ok(Pebbles {
            options: options.clone(),
            pile: p.pile,
            to_act: p.to_act,
            bonus: p.bonus,
            bonus_used: p.bonus_used,
            winner: p.winner,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conformance::{run, Config};

    #[test]
    fn pebbles_passes_the_conformance_harness() {
        let report = run::<Pebbles>(&PebblesOptions::default(), &Config::new(500).presentation(true).positions(true));
        assert_eq!(report.games, 500);
        assert_eq!(report.wins.iter().sum::<usize>(), 500);
    }

    #[test]
    fn pebbles_with_a_loaded_set_passes_the_harness_and_plays_its_takes() {
        use crate::cards::{CardFormat, CardSet};
        let text = "[[card]]\nid = \"one\"\ntake = 1\nname_en = \"One\"\nname_zh = \"一\"\n\n\
                    [[card]]\nid = \"five\"\ntake = 5\nname_en = \"Five\"\nname_zh = \"五\"\n";
        let set = PebbleCards::parse(text, CardFormat::Toml, "t.toml").unwrap();
        let options = PebblesOptions { pile: 20, cards: Cards::loaded(set) };
        run::<Pebbles>(&options, &Config::new(100).presentation(true).positions(true));
        let g = Pebbles::new(&options, &PebblesSetup {}, 1).unwrap();
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert!(legal.contains(&PebblesAction::Take(5)) && !legal.contains(&PebblesAction::Take(2)), "{legal:?}");
        let mut g2 = g.clone();
        let e = g2.apply(&PebblesAction::Take(2), &mut EventLog::disabled()).unwrap_err();
        assert!(e.message.contains("no card of this set takes 2"), "{e:?}");
        assert_eq!(g2, g);
    }

    #[test]
    fn opponent_bonus_is_hidden_until_played() {
        let mut g = Pebbles::new(&PebblesOptions::default(), &PebblesSetup {}, 3).unwrap();
        assert_eq!(g.view(Viewer::Seat(Seat(1))).bonus[0], None);
        assert!(g.view(Viewer::Seat(Seat(0))).bonus[0].is_some());
        g.apply(&PebblesAction::Bonus, &mut EventLog::disabled()).unwrap();
        assert!(g.view(Viewer::Seat(Seat(1))).bonus[0].is_some());
    }
}
