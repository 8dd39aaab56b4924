//! Out-of-turn actions (design.md §2, `Game::out_of_turn_actions`): a seat that is not to act may
//! play the actions the game offers it then (several, not only a concession); the conformance
//! harness checks they are accepted, hosts (`DynGame::may_send`) and the scenario runner accept
//! them from that seat only.
//!
//! Knocking: Pebbles where either seat may, at any time, resign (`resign P2`: the other wins;
//! the concession) or knock on the table (`knock P2`, three times a game at most; the game goes
//! on). With `REFUSES` the game offers the knock but refuses it: a contract violation.

use engine::conformance::{run, Config};
use engine::scenario::Scenario;
use engine::testgame::{PebbleCards, Pebbles, PebblesAction, PebblesEvent, PebblesOptions, PebblesSetup, PebblesView};
use engine::{
    ActionError, ActionErrorKind, DynGame, EventLog, Game, GameRng, Hosted, Label, NotationError, Outcome, Prompt,
    Registry, Seat, SetupError, Status, Viewer,
};
use std::fmt;
use std::str::FromStr;

const KNOCKS: u8 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum KnockAction {
    Pebbles(PebblesAction),
    Resign(u8),
    Knock(u8),
}

impl fmt::Display for KnockAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KnockAction::Pebbles(a) => a.fmt(f),
            KnockAction::Resign(s) => write!(f, "resign P{}", s + 1),
            KnockAction::Knock(s) => write!(f, "knock P{}", s + 1),
        }
    }
}

impl FromStr for KnockAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        let seat = |t: &str| {
            t.trim()
                .strip_prefix('P')
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| (1..=2).contains(n))
                .map(|n| n - 1)
                .ok_or_else(|| NotationError::new(s, "expected P1 or P2"))
        };
        if let Some(rest) = s.strip_prefix("resign ") {
            return Ok(KnockAction::Resign(seat(rest)?));
        }
        if let Some(rest) = s.strip_prefix("knock ") {
            return Ok(KnockAction::Knock(seat(rest)?));
        }
        s.parse().map(KnockAction::Pebbles)
    }
}

#[derive(Clone, Debug, PartialEq)]
struct Knocking<const REFUSES: bool> {
    pebbles: Pebbles,
    knocks: [u8; 2],
    resigned: Option<Seat>,
}

impl<const REFUSES: bool> Game for Knocking<REFUSES> {
    const NAME: &'static str = "knocking";
    type Options = PebblesOptions;
    type Setup = PebblesSetup;
    type Action = KnockAction;
    type View = (PebblesView, [u8; 2], Option<Seat>);
    type Event = PebblesEvent;
    type Cards = PebbleCards;

    fn new(o: &PebblesOptions, s: &PebblesSetup, seed: u64) -> Result<Self, SetupError> {
        Ok(Knocking { pebbles: Pebbles::new(o, s, seed)?, knocks: [0; 2], resigned: None })
    }
    fn sample_setup(o: &PebblesOptions, r: &mut GameRng) -> Result<PebblesSetup, SetupError> {
        Pebbles::sample_setup(o, r)
    }
    fn options(&self) -> &PebblesOptions {
        self.pebbles.options()
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn status(&self) -> Status {
        match self.resigned {
            Some(s) => Status::Over(Outcome::win(s.other(), "resigned")),
            None => self.pebbles.status(),
        }
    }
    fn legal_actions(&self, out: &mut Vec<KnockAction>) {
        let Status::ToAct(seat) = self.status() else { return };
        let mut inner = Vec::new();
        self.pebbles.legal_actions(&mut inner);
        out.extend(inner.into_iter().map(KnockAction::Pebbles));
        out.extend(self.out_of_turn_actions(seat));
    }
    fn apply(&mut self, a: &KnockAction, log: &mut EventLog<PebblesEvent>) -> Result<(), ActionError> {
        if self.status().is_over() {
            return Err(ActionError::game_over());
        }
        match *a {
            KnockAction::Pebbles(p) => self.pebbles.apply(&p, log),
            KnockAction::Resign(s) if s < 2 => {
                self.resigned = Some(Seat(s));
                Ok(())
            }
            KnockAction::Knock(s) if s < 2 && self.knocks[s as usize] < KNOCKS && !REFUSES => {
                self.knocks[s as usize] += 1;
                Ok(())
            }
            _ => Err(ActionError::illegal(format!("'{a}': three knocks a game at most"))),
        }
    }
    fn concede_action(&self, seat: Seat) -> Option<KnockAction> {
        (!self.status().is_over()).then_some(KnockAction::Resign(seat.0))
    }
    fn out_of_turn_actions(&self, seat: Seat) -> Vec<KnockAction> {
        let mut out: Vec<KnockAction> = self.concede_action(seat).into_iter().collect();
        if !out.is_empty() && self.knocks[seat.index()] < KNOCKS {
            out.push(KnockAction::Knock(seat.0));
        }
        out
    }
    fn view(&self, viewer: Viewer) -> Self::View {
        (self.pebbles.view(viewer), self.knocks, self.resigned)
    }
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        Knocking { pebbles: self.pebbles.determinize(seat, rng), ..self.clone() }
    }
    fn max_actions(&self) -> usize {
        self.pebbles.max_actions() + 2 * KNOCKS as usize + 1
    }
    fn action_label(&self, a: &KnockAction) -> Label {
        match a {
            KnockAction::Pebbles(p) => self.pebbles.action_label(p),
            KnockAction::Resign(s) => Label::new(format!("P{} resigns", s + 1), format!("玩家{}认输", s + 1)),
            KnockAction::Knock(s) => Label::new(format!("P{} knocks", s + 1), format!("玩家{}敲桌", s + 1)),
        }
    }
    fn prompt(&self) -> Option<Prompt> {
        self.resigned.is_none().then(|| self.pebbles.prompt()).flatten()
    }
    fn catalogue(&self) -> Vec<engine::CardInfo> {
        self.pebbles.catalogue()
    }
    fn render(&self, viewer: Viewer) -> String {
        format!("{} knocks {:?}", self.pebbles.render(viewer), self.knocks)
    }
}

#[test]
fn a_game_with_several_out_of_turn_actions_passes_the_harness() {
    let report = run::<Knocking<false>>(&PebblesOptions::default(), &Config::new(60).deep(60, 1).presentation(true));
    assert_eq!(report.games, 60);
}

#[test]
#[should_panic(expected = "out-of-turn action 'knock P1' is offered but refused")]
fn harness_catches_an_out_of_turn_action_that_is_offered_but_refused() {
    run::<Knocking<true>>(&PebblesOptions::default(), &Config::new(5).deep(5, 1));
}

fn hosted() -> Hosted<Knocking<false>> {
    Hosted::new(PebblesOptions::default(), PebblesSetup {}, 1).unwrap()
}

/// A host accepts a seat's own out-of-turn actions from it, in any spelling the game reads; from
/// a seat not to act nothing else; and from the seat to act not another seat's (the game could not
/// tell who sent it).
#[test]
fn a_host_accepts_a_seats_out_of_turn_actions_from_that_seat_only() {
    let mut g = hosted();
    assert_eq!(g.status(), Status::ToAct(Seat(0)));
    let offered: Vec<String> = g.out_of_turn_actions(Seat(1)).into_iter().map(|a| a.notation).collect();
    assert_eq!(offered, ["resign P2", "knock P2"]);
    assert_eq!(g.out_of_turn_actions(Seat(1))[1].label.en, "P2 knocks");
    assert_eq!(g.concede_action(Seat(1)).as_deref(), Some("resign P2"), "leaving is still the concession");
    assert!(g.may_send(Seat(1), "knock P2").is_ok());
    assert!(g.may_send(Seat(1), "  knock P2 ").is_ok(), "read as the game reads it");
    assert!(g.may_send(Seat(0), "take1").is_ok());
    assert!(g.may_send(Seat(0), "knock P1").is_ok());
    let e = g.may_send(Seat(1), "take1").unwrap_err();
    assert_eq!((e.kind, e.message.as_str()), (ActionErrorKind::OutOfTurn, "it is P1's turn, not P2's"));
    let e = g.may_send(Seat(0), "knock P2").unwrap_err();
    assert_eq!(e.kind, ActionErrorKind::Unauthorised, "{e}");
    assert!(e.message.contains("P2's to play, not P1's"), "{e}");
    // Played out of turn, the game goes on; once the knocks are used up they are no longer offered.
    for _ in 0..KNOCKS {
        g.apply("knock P2").unwrap();
    }
    assert_eq!(g.status(), Status::ToAct(Seat(0)));
    let offered: Vec<String> = g.out_of_turn_actions(Seat(1)).into_iter().map(|a| a.notation).collect();
    assert_eq!(offered, ["resign P2"]);
    assert_eq!(g.may_send(Seat(1), "knock P2").unwrap_err().kind, ActionErrorKind::OutOfTurn);
}

const SCENARIO: &str = r#"
name = "out-of-turn actions by the seat that owns them"
game = "knocking"
seed = 1

[[step]]
by = "P2"
do = "knock P2"
to_act = "P1"
pointer = "/1/1"
equals = 1

[[step]]
by = "P2"
reject = "take1"
error_contains = "P2 is not to act"

[[step]]
by = "P1"
reject = "knock P2"
error_contains = "P2's to play, not P1's"

[[step]]
by = "P2"
do = "resign P2"
winners = ["P1"]
"#;

#[test]
fn the_scenario_runner_checks_who_sends_an_out_of_turn_action() {
    let registry = Registry::new().with::<Knocking<false>>();
    Scenario::from_toml(SCENARIO).unwrap().run(&registry).unwrap_or_else(|e| panic!("{e}"));
    // A knock by the wrong seat, expected to be accepted, fails the scenario.
    let wrong = SCENARIO.replacen("by = \"P2\"\ndo = \"knock P2\"", "by = \"P1\"\ndo = \"knock P2\"", 1);
    let e = Scenario::from_toml(&wrong).unwrap().run(&registry).unwrap_err();
    assert!(e.message.contains("P2's to play, not P1's"), "{}", e.message);
}
