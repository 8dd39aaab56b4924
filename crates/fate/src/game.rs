//! `impl engine::Game for FateGame`.

use crate::action::FateAction;
use crate::options::{FateOptions, FirstPlayer, SetupProtocol};
use crate::present::FateEvent;
use crate::state::{CardState, End, FateGame, Note, Pending, Player, Step, PENDING_MAX};
use crate::view::FateView;
use engine::{
    ActionError, ActionMeta, CardInfo, EventLog, EventText, Game, GameRng, Label, OptionInfo, Outcome, Prompt, Seat,
    SetupError, Status, Viewer,
};
use serde::{Deserialize, Serialize};

/// What a table brings besides options and seed: optionally who takes ply 1 (overrides the
/// `firstPlayer` option). Decks are fixed (one full court set per player, §1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FateSetup {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_player: Option<Seat>,
}

impl FateGame {
    pub(crate) fn blank(opts: &FateOptions, first: u8) -> FateGame {
        let player = Player { u: [1, 1, 1, 1], ..Default::default() }; // R-S6
        let mut g = FateGame {
            opts: *opts,
            ply: 1,
            first,
            ap: first,
            step: Step::Setup,
            end: End::Ongoing,
            players: [player, player],
            cards: [CardState::default(); 32],
            elim: 0,
            aside: 0,
            pending: [Pending::KopSuits { next: 4 }; PENDING_MAX],
            n_pending: 0,
            actor: first,
            budget: 0,
            cursor: 0,
            passes: 0,
            bonus_card: 0,
            skill_used: false,
            discard_this_ply: false,
            plies_since_progress: 0,
            kings_lost: 0,
            history: Vec::new(),
            trace: Default::default(),
        };
        g.actor = g.first_chooser();
        g
    }

    /// The options this game was created with.
    pub fn fate_options(&self) -> &FateOptions {
        &self.opts
    }

    /// Are `p`'s hand and setup choices hidden from `viewer`?
    pub(crate) fn hidden_for(&self, viewer: Viewer, p: u8) -> bool {
        match viewer {
            Viewer::Omniscient => false,
            Viewer::Seat(s) if s.0 == p => false,
            _ => {
                !self.opts.open_hands
                    || (self.step == Step::Setup
                        && self.opts.setup_protocol == SetupProtocol::SimultaneousSecretThenReveal)
            }
        }
    }

    pub(crate) fn outcome(&self) -> Option<Outcome> {
        Some(match self.end {
            End::Ongoing => return None,
            End::Win(p) => Outcome::win(Seat(p), "King discarded (R-WIN)"),
            End::MutualDraw => Outcome::draw("both Kings discarded at once (R-END1)"),
            End::PlyLimit => Outcome::draw("ply limit (R-END2)"),
            End::Repetition => Outcome::draw("repetition (R-END3)"),
            End::NoProgress => Outcome::draw("no progress (R-END4)"),
        })
    }

    /// Is this action's content secret from the other seat when made?
    fn is_secret(&self, a: &FateAction) -> bool {
        match a {
            FateAction::ChooseKing(_)
            | FateAction::ChooseQueen(_)
            | FateAction::ChooseComposition(..)
            | FateAction::ChooseKnights(_)
            | FateAction::ChoosePages(_) => {
                !self.opts.open_hands || self.opts.setup_protocol == SetupProtocol::SimultaneousSecretThenReveal
            }
            FateAction::Buff(_) => {
                self.opts.buff_order == crate::options::BuffOrder::SimultaneousHidden && self.actor == self.ap
            }
            _ => false,
        }
    }
}

impl Game for FateGame {
    const NAME: &'static str = "fate";
    type Options = FateOptions;
    type Setup = FateSetup;
    type Action = FateAction;
    type View = FateView;
    type Event = FateEvent;
    type Cards = engine::NoCards;

    fn new(options: &FateOptions, setup: &FateSetup, seed: u64) -> Result<Self, SetupError> {
        options.validate().map_err(SetupError::new)?;
        let first = match (setup.first_player, options.first_player) {
            (Some(s), _) if s.0 < 2 => s.0,
            (Some(s), _) => return Err(SetupError::new(format!("firstPlayer {s} does not exist (2 seats)"))),
            (None, FirstPlayer::P1) => 0,
            (None, FirstPlayer::P2) => 1,
            (None, FirstPlayer::Random) => GameRng::derive(seed, 0xF1_257).coin() as u8,
        };
        Ok(FateGame::blank(options, first))
    }

    fn sample_setup(_options: &FateOptions, _rng: &mut GameRng) -> Result<FateSetup, SetupError> {
        Ok(FateSetup::default())
    }

    fn options(&self) -> &FateOptions {
        &self.opts
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        match self.outcome() {
            Some(o) => Status::Over(o),
            None => Status::ToAct(Seat(self.to_act().unwrap_or(self.ap))),
        }
    }

    fn legal_actions(&self, out: &mut Vec<FateAction>) {
        self.legal_into(out);
    }

    fn apply(&mut self, action: &FateAction, log: &mut EventLog<FateEvent>) -> Result<(), ActionError> {
        if self.is_over() {
            return Err(ActionError::game_over());
        }
        if let Err(why) = self.check_action(action) {
            return Err(ActionError::illegal(format!("{action}: {why}")));
        }
        let seat = self.to_act().unwrap_or(self.ap);
        let on = log.is_enabled();
        if on {
            if self.is_secret(action) {
                log.private(
                    Seat(seat),
                    || FateEvent::Action { seat, action: action.to_string() },
                    || FateEvent::HiddenChoice { seat },
                );
            } else if !covered(action) {
                log.public(|| FateEvent::Action { seat, action: action.to_string() });
            }
            self.trace.0 = Some(Vec::new());
        }
        self.perform(action);
        if on {
            for note in self.trace.0.take().unwrap_or_default() {
                let Note::Public(e) = note;
                log.public(|| e);
            }
        }
        if let Some(o) = self.outcome() {
            log.public(|| FateEvent::GameOver { reason: o.reason.clone() });
        }
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> FateView {
        FateView::of(self, viewer)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        self.determinized(seat.0.min(1), rng)
    }

    fn max_actions(&self) -> usize {
        // Setup ≤ 10; per ply ≤ 2048 atomic decisions (≤ 50 activations by the Φ bound of
        // §2.5, each with ≤ ~12 responses, plus plays, returns, lineup, buffs and attacks).
        16 + (self.opts.ply_limit as usize + 1) * 2048
    }

    fn action_label(&self, action: &FateAction) -> Label {
        crate::view::label(action)
    }

    fn action_meta(&self, action: &FateAction) -> ActionMeta {
        crate::present::action_meta(self, action)
    }

    /// Every decision point has a prompt. None has `cancel`: no Fate Deduction decision can be
    /// taken back under the rules (spec §4, §8).
    fn prompt(&self) -> Option<Prompt> {
        crate::present::prompt(self)
    }

    fn describe_event(&self, event: &FateEvent) -> EventText {
        crate::present::describe(self, event)
    }

    fn outcome_label(&self, outcome: &Outcome) -> Label {
        crate::present::outcome_label(outcome)
    }

    fn catalogue(&self) -> Vec<CardInfo> {
        crate::catalogue::catalogue()
    }

    fn options_info() -> Vec<OptionInfo> {
        crate::catalogue::options_info()
    }

    fn render(&self, viewer: Viewer) -> String {
        crate::view::render(self, viewer)
    }

    fn position(&self) -> Option<String> {
        Some(self.write_position())
    }

    fn from_position(options: &FateOptions, text: &str) -> Result<Self, SetupError> {
        options.validate().map_err(SetupError::new)?;
        FateGame::read_position(options, text).map_err(SetupError::new)
    }
}

/// Actions whose log entry is a more specific event noted while performing them.
fn covered(a: &FateAction) -> bool {
    use FateAction::*;
    matches!(
        a,
        Play(_)
            | Return(_)
            | Activate(..)
            | PlaceNext(_)
            | Buff(_)
            | Attack(..)
            | BonusAttack(_)
            | Draw(_)
            | Split(_)
            | HandDiscard(_)
            | Koc(_)
            | QosVictim(_)
            | KopDraw(true)
    ) || matches!(a, UntapPentacles(k) | UntapWands(k) | UntapCups(k) | UntapSwords(k) if *k > 0)
}
