//! The engine contract for Ardent Reapers.

use crate::action::ArdentAction;
use crate::card::CardState;
use crate::deck::{parse_any, random_deck, sample_decks};
use crate::event::ArdentEvent;
use crate::options::ArdentOptions;
use crate::setup::ArdentSetup;
use crate::state::{ArdentGame, Frame, PromptKind, Zone};
use crate::view::ArdentView;
use engine::{ActionError, EventLog, Game, GameRng, Label, Seat, SetupError, Status, Viewer};

/// A bound on the atomic actions of one turn, far above any turn seen in random play.
pub const ACTIONS_PER_TURN_BOUND: usize = 400;
/// The bound `max_actions` reports when there is no turn cap.
pub const UNCAPPED_BOUND: usize = usize::MAX;

impl Game for ArdentGame {
    const NAME: &'static str = "ardent";
    type Options = ArdentOptions;
    type Setup = ArdentSetup;
    type Action = ArdentAction;
    type View = ArdentView;
    type Event = ArdentEvent;
    type Cards = crate::carddb::CardDb;

    fn new(options: &ArdentOptions, setup: &ArdentSetup, seed: u64) -> Result<Self, SetupError> {
        ArdentGame::from_setup(options, setup, seed)
    }

    fn sample_setup(options: &ArdentOptions, rng: &mut GameRng) -> Result<ArdentSetup, SetupError> {
        let db = options.cards.get();
        let deck =
            |rng: &mut GameRng, name: &str| random_deck(db, rng, name).map_err(|e| SetupError::new(e.to_string()));
        Ok(ArdentSetup { decks: vec![deck(rng, "Random deck 1")?, deck(rng, "Random deck 2")?] })
    }

    /// Two deck files (text or JSON, docs/ardent.md); none gives the two bundled sample decks.
    fn setup_with_decks(
        options: &ArdentOptions,
        decks: &[String],
        _rng: &mut GameRng,
    ) -> Result<ArdentSetup, SetupError> {
        let db = options.cards.get();
        let decks = if decks.is_empty() {
            sample_decks(db).map_err(|e| SetupError::new(format!("the sample decks: {e}")))?
        } else {
            decks
                .iter()
                .enumerate()
                .map(|(i, text)| parse_any(db, text).map_err(|e| SetupError::new(format!("deck {}: {e}", i + 1))))
                .collect::<Result<Vec<_>, _>>()?
        };
        if decks.len() != 2 {
            return Err(SetupError::new(format!("Ardent Reapers needs 2 decks, got {}", decks.len())));
        }
        Ok(ArdentSetup { decks })
    }

    fn options(&self) -> &ArdentOptions {
        &self.options
    }

    fn card_set(options: &ArdentOptions) -> engine::Cards<crate::carddb::CardDb> {
        options.cards.clone()
    }

    fn num_seats(&self) -> usize {
        2
    }

    fn status(&self) -> Status {
        match &self.outcome {
            Some(o) => Status::Over(o.clone()),
            None => Status::ToAct(self.seat_to_act()),
        }
    }

    fn legal_actions(&self, out: &mut Vec<ArdentAction>) {
        self.for_each_legal(&mut |a| out.push(a));
    }

    fn apply(&mut self, action: &ArdentAction, log: &mut EventLog<ArdentEvent>) -> Result<(), ActionError> {
        if self.outcome.is_some() {
            return Err(ActionError::game_over());
        }
        if !self.is_legal(*action) {
            return Err(self.refusal(*action));
        }
        self.dispatch(*action, log);
        // Every card in exactly one zone: checked after every action in debug and test builds
        // (so in the conformance run too).
        debug_assert!(self.check_invariants().is_ok(), "{:?}", self.check_invariants());
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> ArdentView {
        self.view_for(viewer)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        g.resample_hidden(seat, rng);
        g
    }

    fn max_actions(&self) -> usize {
        match self.options.turn_cap {
            Some(cap) => (cap as usize + 1) * ACTIONS_PER_TURN_BOUND,
            None => UNCAPPED_BOUND,
        }
    }

    fn action_label(&self, action: &ArdentAction) -> Label {
        self.label(*action)
    }

    fn render(&self, viewer: Viewer) -> String {
        self.render_for(viewer)
    }

    fn catalogue(&self) -> Vec<engine::CardInfo> {
        self.cards().catalogue()
    }

    fn action_meta(&self, action: &ArdentAction) -> engine::ActionMeta {
        self.meta(*action)
    }

    fn prompt(&self) -> Option<engine::Prompt> {
        self.decision()
    }

    fn describe_event(&self, event: &ArdentEvent) -> engine::EventText {
        self.event_text(event)
    }

    fn outcome_label(&self, outcome: &engine::Outcome) -> Label {
        self.ending(outcome)
    }

    fn position(&self) -> Option<String> {
        Some(self.write_position())
    }

    fn from_position(options: &ArdentOptions, text: &str) -> Result<Self, SetupError> {
        ArdentGame::read_position(options, text).map_err(|e| SetupError::new(format!("position: {e}")))
    }

    fn options_info() -> Vec<engine::OptionInfo> {
        crate::present::options_info()
    }
}

impl ArdentGame {
    /// Resample what `seat` cannot see (design §2): the opponent's hand and deck are a known
    /// multiset, dealt again; both decks' order is shuffled. A hand that was revealed to
    /// `seat`, or that a pending choice is picking from, is kept, and so are hand cards everyone
    /// saw go there.
    pub(crate) fn resample_hidden(&mut self, seat: Seat, rng: &mut GameRng) {
        let opp = seat.other();
        let locked = |g: &Self, s: Seat| {
            g.prompt.is_some_and(|p| {
                p.kind == PromptKind::Card
                    && p.options.iter().any(|c| g.loc(c).zone == Zone::Hand && g.controller(c) == s)
            })
        };
        let keep_hand = self.revealed_hand[opp.index()] || locked(self, opp);
        // The opponent's unknown hand cards and deck are one known multiset: deal it again.
        // Cards everyone saw go into that hand stay there.
        let hand = *self.pile(opp, Zone::Hand);
        let known = |c: u8| keep_hand || self.known_in_hand & crate::state::bit(c) != 0;
        let mut pool = *self.pile(opp, Zone::Deck);
        let mut new_hand = crate::pile::Pile::default();
        let mut unknown_in_hand = 0;
        for c in hand.iter() {
            if known(c) {
                new_hand.push(c);
            } else {
                pool.push(c);
                unknown_in_hand += 1;
            }
        }
        rng.shuffle(pool.as_mut_slice());
        let mut new_deck = crate::pile::Pile::default();
        for (i, c) in pool.iter().enumerate() {
            if i < unknown_in_hand {
                new_hand.push(c);
            } else {
                new_deck.push(c);
            }
        }
        self.zones[opp.index()][Zone::Hand as usize] = new_hand;
        self.zones[opp.index()][Zone::Deck as usize] = new_deck;
        for c in new_hand.iter() {
            self.loc[c as usize].zone = Zone::Hand;
        }
        for c in new_deck.iter() {
            self.loc[c as usize].zone = Zone::Deck;
        }
        let mut own = *self.pile(seat, Zone::Deck);
        rng.shuffle(own.as_mut_slice());
        self.zones[seat.index()][Zone::Deck as usize] = own;
        // The future randomness is hidden too.
        self.reseed(rng.next_u64());
    }

    /// A short description of an action in English and Chinese.
    pub fn label(&self, action: ArdentAction) -> Label {
        use ArdentAction::*;
        let name = |c: u8| (self.card(c).name_en.clone(), self.card(c).name_zh.clone());
        match action {
            Play(c) => {
                let (en, zh) = name(c);
                Label::new(format!("Play {en}"), format!("打出{zh}"))
            }
            Discard(c) => {
                let (en, zh) = name(c);
                Label::new(format!("Discard {en}"), format!("弃置{zh}"))
            }
            Fight(c) => {
                let (en, zh) = name(c);
                Label::new(format!("Fight with {en}"), format!("用{zh}战斗"))
            }
            Harvest(c) => {
                let (en, zh) = name(c);
                Label::new(format!("Harvest {en}"), format!("收获{zh}"))
            }
            Reveal => Label::new("Reveal your hand (no card can be played)", "展示手牌（无牌可打出）"),
            End => Label::new("End the Main step", "结束自由阶段"),
            Pick(c) => {
                let (en, zh) = name(c);
                match self.stack.last() {
                    Some(Frame::FightBuild { phase: 0, .. }) => {
                        Label::new(format!("Add {en} to the fight (Team-Up)"), format!("让{zh}加入战斗（组队）"))
                    }
                    Some(Frame::FightBuild { phase: 1, .. }) => {
                        Label::new(format!("Fight {en}"), format!("与{zh}战斗"))
                    }
                    Some(Frame::FightBuild { .. }) => {
                        Label::new(format!("Add {en} as a defender (Bear Hug)"), format!("让{zh}加入防守（熊抱）"))
                    }
                    _ => Label::new(format!("Choose {en}"), format!("选择{zh}")),
                }
            }
            Done => match self.stack.last() {
                Some(Frame::FightBuild { phase: 0, .. }) => Label::new("No more attackers", "不再加入攻击者"),
                Some(Frame::FightBuild { .. }) => Label::new("No more defenders", "不再加入防守者"),
                _ => Label::new("Done: choose no more", "完成：不再选择"),
            },
            Left | Right => {
                let (en, zh) = self.decision_subject().map(name).unwrap_or_default();
                let (side_en, side_zh) = if action == Left { ("left", "左") } else { ("right", "右") };
                Label::new(format!("Put {en} at the {side_en} end of the line"), format!("将{zh}放在战线{side_zh}端"))
            }
            Mode(m) => {
                let (en, zh) = self.decision_source().map(name).unwrap_or_default();
                Label::new(format!("Choose option {m} of {en}"), format!("选择{zh}的第{m}项"))
            }
            Number(n) => Label::new(format!("Name {n}"), format!("说出{n}")),
            To(s) => {
                let (en, zh) = self.decision_subject().map(name).unwrap_or_default();
                Label::new(format!("Make {en} {}", crate::present::state_en(s)), format!("将{zh}转为{}", s.name_zh()))
            }
            Trigger(c) => {
                let (en, zh) = name(c);
                Label::new(format!("Resolve {en} next"), format!("先结算{zh}"))
            }
            Concede => Label::new("Concede", "认输"),
            OfferDraw => Label::new("Offer a draw", "提议和局"),
            AcceptDraw => Label::new("Accept the draw", "接受和局"),
            DeclineDraw => Label::new("Decline the draw", "拒绝和局"),
        }
    }

    /// The state of a card, for tests.
    pub fn card_state(&self, c: u8) -> CardState {
        self.state_of(c)
    }
}
