//! The conformance harness must fail on broken games, or it proves nothing (design.md §4).
//! Each wrapper below breaks one contract of a correct game (Pebbles).

use engine::conformance::{run, Config};
use engine::testgame::{Pebbles, PebblesAction, PebblesEvent, PebblesOptions, PebblesSetup, PebblesView};
use engine::{
    ActionError, ActionMeta, CardInfo, CardRef, EventLog, EventText, Game, GameRng, Label, Prompt, Seat, SetupError,
    Status, Viewer,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bug {
    /// The view shows the opponent's hidden bonus.
    LeakyView,
    /// An illegal action is accepted.
    AcceptsIllegal,
    /// A refused action still changes the state.
    DirtyRejection,
    /// The game never ends within its declared bound.
    Endless,
    /// A decision point without a prompt.
    NoPrompt,
    /// An action names a card the acting seat's view does not show.
    PhantomCard,
    /// A log event with no Chinese label.
    Unlabelled,
    /// A prompt offers a cancel that is not a legal action.
    BadCancel,
    /// The position notation forgets that a bonus was played.
    ForgetfulPosition,
}

#[derive(Clone, Debug, PartialEq)]
struct Broken<const B: u8>(Pebbles, u8);

fn bug(b: u8) -> Bug {
    [
        Bug::LeakyView,
        Bug::AcceptsIllegal,
        Bug::DirtyRejection,
        Bug::Endless,
        Bug::NoPrompt,
        Bug::PhantomCard,
        Bug::Unlabelled,
        Bug::BadCancel,
        Bug::ForgetfulPosition,
    ][b as usize]
}

impl<const B: u8> Game for Broken<B> {
    const NAME: &'static str = "broken";
    type Options = PebblesOptions;
    type Setup = PebblesSetup;
    type Action = PebblesAction;
    type View = PebblesView;
    type Event = PebblesEvent;
    type Cards = engine::testgame::PebbleCards;

    fn new(o: &PebblesOptions, s: &PebblesSetup, seed: u64) -> Result<Self, SetupError> {
        Ok(Broken(Pebbles::new(o, s, seed)?, 0))
    }
    fn sample_setup(o: &PebblesOptions, r: &mut GameRng) -> Result<PebblesSetup, SetupError> {
        Pebbles::sample_setup(o, r)
    }
    fn options(&self) -> &PebblesOptions {
        self.0.options()
    }
    fn num_seats(&self) -> usize {
        2
    }
    fn status(&self) -> Status {
        self.0.status()
    }
    fn legal_actions(&self, out: &mut Vec<PebblesAction>) {
        self.0.legal_actions(out)
    }
    fn apply(&mut self, a: &PebblesAction, log: &mut EventLog<PebblesEvent>) -> Result<(), ActionError> {
        match (bug(B), a) {
            (Bug::AcceptsIllegal, PebblesAction::Bonus) if self.0.apply(a, log).is_err() => Ok(()),
            (Bug::DirtyRejection, _) => {
                let r = self.0.apply(a, log);
                if r.is_err() {
                    self.1 += 1;
                }
                r
            }
            (Bug::Endless, _) => {
                let mut legal = Vec::new();
                self.0.legal_actions(&mut legal);
                if !legal.contains(a) {
                    return Err(ActionError::illegal("no"));
                }
                // Never take a pebble: the pile never empties.
                self.1 = self.1.wrapping_add(1);
                Ok(())
            }
            _ => self.0.apply(a, log),
        }
    }
    fn view(&self, viewer: Viewer) -> PebblesView {
        if bug(B) == Bug::LeakyView {
            self.0.view(Viewer::Omniscient)
        } else {
            self.0.view(viewer)
        }
    }
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        Broken(self.0.determinize(seat, rng), self.1)
    }
    fn max_actions(&self) -> usize {
        self.0.max_actions()
    }
    fn render(&self, viewer: Viewer) -> String {
        self.0.render(viewer)
    }
    fn action_label(&self, a: &PebblesAction) -> Label {
        self.0.action_label(a)
    }
    fn action_meta(&self, a: &PebblesAction) -> ActionMeta {
        let meta = self.0.action_meta(a);
        if bug(B) == Bug::PhantomCard {
            meta.target(CardRef::new("ghost", "pile"))
        } else {
            meta
        }
    }
    fn prompt(&self) -> Option<Prompt> {
        match bug(B) {
            Bug::NoPrompt => None,
            Bug::BadCancel => self.0.prompt().map(|p| p.cancel("undo-everything")),
            _ => self.0.prompt(),
        }
    }
    fn describe_event(&self, e: &PebblesEvent) -> EventText {
        let mut text = self.0.describe_event(e);
        if bug(B) == Bug::Unlabelled {
            text.label.zh.clear();
        }
        text
    }
    fn catalogue(&self) -> Vec<CardInfo> {
        self.0.catalogue()
    }
    fn card_set(o: &PebblesOptions) -> engine::Cards<Self::Cards> {
        Pebbles::card_set(o)
    }
    fn position(&self) -> Option<String> {
        let p = self.0.position()?;
        Some(if bug(B) == Bug::ForgetfulPosition { p.replace('*', "") } else { p })
    }
    fn from_position(o: &PebblesOptions, text: &str) -> Result<Self, SetupError> {
        Ok(Broken(Pebbles::from_position(o, text)?, 0))
    }
}

fn config() -> Config {
    Config::new(50).deep(50, 1).presentation(true)
}

#[test]
#[should_panic(expected = "view differs after determinizing")]
fn harness_catches_a_view_that_leaks_hidden_information() {
    run::<Broken<0>>(&PebblesOptions::default(), &config());
}

#[test]
#[should_panic(expected = "not listed as legal but was accepted")]
fn harness_catches_an_illegal_action_that_is_accepted() {
    run::<Broken<1>>(&PebblesOptions::default(), &config());
}

#[test]
#[should_panic(expected = "changed the state")]
fn harness_catches_a_rejected_action_that_changes_the_state() {
    run::<Broken<2>>(&PebblesOptions::default(), &config());
}

#[test]
#[should_panic(expected = "exceeded its declared bound")]
fn harness_catches_a_game_that_does_not_end() {
    run::<Broken<3>>(&PebblesOptions::default(), &config());
}

#[test]
fn harness_passes_the_correct_game() {
    let r = run::<Pebbles>(&PebblesOptions::default(), &config().positions(true));
    assert_eq!(r.games, 50);
}

#[test]
#[should_panic(expected = "reads back with legal actions")]
fn harness_catches_a_position_that_does_not_round_trip() {
    run::<Broken<8>>(&PebblesOptions::default(), &config().positions(true));
}

#[test]
fn a_forgetful_position_passes_when_positions_are_not_checked() {
    // The bug above is only found by the position check: the check is what catches it.
    run::<Broken<8>>(&PebblesOptions::default(), &config());
}

#[test]
#[should_panic(expected = "there is no prompt")]
fn harness_catches_a_decision_without_a_prompt() {
    run::<Broken<4>>(&PebblesOptions::default(), &config());
}

#[test]
#[should_panic(expected = "names card id 'ghost'")]
fn harness_catches_an_action_naming_a_card_the_view_does_not_show() {
    run::<Broken<5>>(&PebblesOptions::default(), &config());
}

#[test]
#[should_panic(expected = "no label in both languages")]
fn harness_catches_an_event_without_a_chinese_label() {
    run::<Broken<6>>(&PebblesOptions::default(), &config());
}

#[test]
#[should_panic(expected = "offers cancel 'undo-everything', which is not legal")]
fn harness_catches_a_cancel_that_is_not_legal() {
    run::<Broken<7>>(&PebblesOptions::default(), &config());
}
