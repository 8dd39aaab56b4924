//! Circle: a small multiplayer test game whose players may leave (`Game::concede_action`), in
//! free-for-all (3 or 4 seats: a seat that leaves is out, the others play on, the last one
//! standing wins) or in two teams (4 seats, team = seat % 2: a seat that leaves takes its team
//! out with it, and the other team wins).
//!
//! Actions of the seat to act: `step` (the turn passes to the next seat still in), `win` (the
//! seat, or its team, wins), `peek` (the seat looks at a secret: a private log event) and `draw`
//! (a public event of kind `card`). `leave<N>` is seat N's concession, accepted at any time.

use engine::{
    ActionError, EventKind, EventLog, EventText, Game, GameRng, Label, NotationError, Outcome, Seat, SetupError,
    Status, Viewer,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CircleOptions {
    pub seats: u8,
    pub teams: bool,
}

impl Default for CircleOptions {
    fn default() -> Self {
        CircleOptions { seats: 3, teams: false }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CircleAction {
    Step,
    Win,
    Peek,
    Draw,
    Leave(u8),
}

impl fmt::Display for CircleAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CircleAction::Step => f.write_str("step"),
            CircleAction::Win => f.write_str("win"),
            CircleAction::Peek => f.write_str("peek"),
            CircleAction::Draw => f.write_str("draw"),
            CircleAction::Leave(s) => write!(f, "leave{s}"),
        }
    }
}

impl FromStr for CircleAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        match s {
            "step" => Ok(CircleAction::Step),
            "win" => Ok(CircleAction::Win),
            "peek" => Ok(CircleAction::Peek),
            "draw" => Ok(CircleAction::Draw),
            _ => s
                .strip_prefix("leave")
                .and_then(|n| n.parse::<u8>().ok())
                .map(CircleAction::Leave)
                .ok_or_else(|| NotationError::new(s, "expected step, win, peek, draw or leave<N>")),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circle {
    options: CircleOptions,
    active: Vec<bool>,
    to_act: Seat,
    moves: u32,
    over: Option<Outcome>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CircleView {
    pub active: Vec<bool>,
    pub to_act: Seat,
    pub moves: u32,
}

#[derive(Clone, Debug, Serialize)]
pub enum CircleEvent {
    Stepped(Seat),
    Won(Seat),
    Peeked { seat: Seat, secret: Option<u32> },
    Drew(Seat),
    Left(Seat),
}

impl Circle {
    fn n(&self) -> usize {
        self.active.len()
    }
    fn team(&self, s: usize) -> Option<usize> {
        self.options.teams.then_some(s % 2)
    }
    fn next_active(&self, from: Seat) -> Seat {
        let n = self.n();
        (1..=n).map(|k| Seat(((from.index() + k) % n) as u8)).find(|s| self.active[s.index()]).unwrap_or(from)
    }
    fn winners_with(&self, s: usize) -> Vec<Seat> {
        (0..self.n())
            .filter(|&o| o == s || (self.team(o).is_some() && self.team(o) == self.team(s)))
            .map(|o| Seat(o as u8))
            .collect()
    }
}

impl Game for Circle {
    const NAME: &'static str = "circle";
    type Options = CircleOptions;
    type Setup = ();
    type Action = CircleAction;
    type View = CircleView;
    type Event = CircleEvent;
    type Cards = engine::NoCards;

    fn new(options: &CircleOptions, _: &(), _seed: u64) -> Result<Self, SetupError> {
        if !(2..=4).contains(&options.seats) || (options.teams && options.seats != 4) {
            return Err(SetupError::new("seats: 2 to 4; teams need 4 seats"));
        }
        Ok(Circle {
            options: options.clone(),
            active: vec![true; options.seats as usize],
            to_act: Seat(0),
            moves: 0,
            over: None,
        })
    }
    fn sample_setup(_: &CircleOptions, _: &mut GameRng) -> Result<(), SetupError> {
        Ok(())
    }
    fn options(&self) -> &CircleOptions {
        &self.options
    }
    fn num_seats(&self) -> usize {
        self.n()
    }
    fn status(&self) -> Status {
        match &self.over {
            Some(o) => Status::Over(o.clone()),
            None => Status::ToAct(self.to_act),
        }
    }
    fn legal_actions(&self, out: &mut Vec<CircleAction>) {
        if self.over.is_none() {
            out.extend([CircleAction::Step, CircleAction::Win, CircleAction::Peek, CircleAction::Draw]);
        }
    }
    fn apply(&mut self, action: &CircleAction, log: &mut EventLog<CircleEvent>) -> Result<(), ActionError> {
        if self.over.is_some() {
            return Err(ActionError::game_over());
        }
        let seat = self.to_act;
        match *action {
            CircleAction::Step => {
                log.public(|| CircleEvent::Stepped(seat));
                self.to_act = self.next_active(seat);
            }
            CircleAction::Win => {
                log.public(|| CircleEvent::Won(seat));
                self.over = Some(Outcome {
                    winners: self.winners_with(seat.index()),
                    scores: Vec::new(),
                    reason: format!("{seat} won"),
                });
            }
            CircleAction::Peek => {
                let secret = self.moves * 7 + 1;
                log.private(
                    seat,
                    || CircleEvent::Peeked { seat, secret: Some(secret) },
                    || CircleEvent::Peeked { seat, secret: None },
                );
            }
            CircleAction::Draw => log.public(|| CircleEvent::Drew(seat)),
            CircleAction::Leave(s) => {
                let s = s as usize;
                if s >= self.n() || !self.active[s] {
                    return Err(ActionError::illegal(format!("seat {s} is not in the game")));
                }
                let out: Vec<usize> = (0..self.n())
                    .filter(|&o| o == s || (self.team(o).is_some() && self.team(o) == self.team(s)))
                    .collect();
                for &o in &out {
                    self.active[o] = false;
                    log.public(|| CircleEvent::Left(Seat(o as u8)));
                }
                let left: Vec<usize> = (0..self.n()).filter(|&o| self.active[o]).collect();
                let standing = match self.options.teams {
                    true => left.first().copied(),
                    false => (left.len() == 1).then(|| left[0]),
                };
                if let Some(w) = standing {
                    self.over = Some(Outcome {
                        winners: self.winners_with(w),
                        scores: Vec::new(),
                        reason: "last one standing".into(),
                    });
                } else if !self.active[self.to_act.index()] {
                    self.to_act = self.next_active(self.to_act);
                }
            }
        }
        self.moves += 1;
        Ok(())
    }
    fn view(&self, _viewer: Viewer) -> CircleView {
        CircleView { active: self.active.clone(), to_act: self.to_act, moves: self.moves }
    }
    fn determinize(&self, _seat: Seat, _rng: &mut GameRng) -> Self {
        self.clone()
    }
    fn max_actions(&self) -> usize {
        1000
    }
    fn concede_action(&self, seat: Seat) -> Option<CircleAction> {
        (self.over.is_none() && self.active.get(seat.index()) == Some(&true)).then_some(CircleAction::Leave(seat.0))
    }
    fn describe_event(&self, event: &CircleEvent) -> EventText {
        let (kind, en) = match event {
            CircleEvent::Stepped(s) => (EventKind::Action, format!("{s} stepped")),
            CircleEvent::Won(s) => (EventKind::End, format!("{s} won")),
            CircleEvent::Peeked { seat, secret: Some(x) } => (EventKind::Info, format!("{seat} saw {x}")),
            CircleEvent::Peeked { seat, secret: None } => (EventKind::Info, format!("{seat} peeked")),
            CircleEvent::Drew(s) => (EventKind::Card, format!("{s} drew a card")),
            CircleEvent::Left(s) => (EventKind::Info, format!("{s} left the game")),
        };
        EventText::new(kind, Label::new(en.clone(), format!("{en}（中文）")))
    }
    fn render(&self, _viewer: Viewer) -> String {
        format!("{:?}, {} to act", self.active, self.to_act)
    }
}
