//! What a viewer may see (spec A33): hands and deck order are hidden (counts public); a hand
//! revealed by a resolving ability is visible to the seat it was shown to until it finishes.

use crate::card::CardState;
use crate::state::{ArdentGame, Frame, PromptKind, Zone};
use engine::{Outcome, Seat, Viewer};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardView {
    /// The instance id (`cN` in notation); `CardRef.id` is this number as a string.
    pub id: u8,
    /// The catalogue key (`ardent::card::catalogue()`): the card's pool index, as a string.
    #[serde(default)]
    pub card: String,
    pub number: u16,
    pub name: String,
    pub owner: Seat,
    /// In play only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<CardState>,
    /// Effective Power, for creatures in play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i32>,
    pub vp: i8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub deck_count: usize,
    pub hand_count: usize,
    /// The hand's cards, when this viewer may see them.
    pub hand: Option<Vec<CardView>>,
    /// Cards everyone saw go into this hand (returned from play or a pile), still there.
    pub known_hand: Vec<CardView>,
    pub discard: Vec<CardView>,
    pub line: Vec<CardView>,
    pub relics: Vec<CardView>,
    pub score: Vec<CardView>,
    pub score_total: i32,
    pub refill_size: usize,
    /// Jump Start waits for this seat's next card.
    pub jump_start: bool,
    /// This seat's creatures can't fight (an opponent's Lullaby).
    pub lullabied: bool,
    /// This seat can't play Actions during its next (or current) turn (Calm Down).
    pub calmed: bool,
    /// This seat can't play cards during its next (or current) turn (Silent Room).
    pub silenced: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PromptView {
    pub actor: Seat,
    /// What is asked, in words.
    pub asks: String,
    /// What is asked, in Chinese (the same prompt as `asks`).
    #[serde(default)]
    pub asks_zh: String,
    pub optional: bool,
    /// The card whose effect asks, if any.
    pub source: Option<CardView>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArdentView {
    pub viewer: Viewer,
    pub turn: u32,
    pub current: Seat,
    pub first: Seat,
    pub to_act: Option<Seat>,
    /// The current player has played a card / revealed an unplayable hand this turn (§4.2).
    pub played: bool,
    pub revealed: bool,
    pub players: Vec<PlayerView>,
    /// Cards being played (the resolution zone).
    pub resolving: Vec<CardView>,
    pub prompt: Option<PromptView>,
    pub outcome: Option<Outcome>,
}

impl ArdentGame {
    pub(crate) fn card_view(&self, c: u8) -> CardView {
        let d = self.card(c);
        let in_play = self.in_play(c);
        CardView {
            id: c,
            card: self.defs[c as usize].to_string(),
            number: d.number,
            name: d.name_en.clone(),
            owner: crate::state::owner(c),
            state: in_play.then(|| self.state_of(c)),
            power: (in_play && d.is_creature()).then(|| self.power(c)),
            vp: d.vp,
        }
    }

    /// May `viewer` see `seat`'s hand?
    pub fn hand_visible(&self, seat: Seat, viewer: Viewer) -> bool {
        match viewer {
            Viewer::Omniscient => true,
            Viewer::Spectator => false,
            Viewer::Seat(v) => v == seat || (self.revealed_hand[seat.index()] && v == seat.other()),
        }
    }

    fn pile_view(&self, seat: Seat, z: Zone) -> Vec<CardView> {
        self.pile(seat, z).iter().map(|c| self.card_view(c)).collect()
    }

    pub fn view_for(&self, viewer: Viewer) -> ArdentView {
        let viewer = if self.outcome.is_some() { Viewer::Omniscient } else { viewer };
        let players = [Seat(0), Seat(1)]
            .into_iter()
            .map(|s| PlayerView {
                seat: s,
                deck_count: self.pile(s, Zone::Deck).len(),
                hand_count: self.pile(s, Zone::Hand).len(),
                hand: self.hand_visible(s, viewer).then(|| self.pile_view(s, Zone::Hand)),
                known_hand: self
                    .pile(s, Zone::Hand)
                    .iter()
                    .filter(|&c| self.known_in_hand & crate::state::bit(c) != 0)
                    .map(|c| self.card_view(c))
                    .collect(),
                discard: self.pile_view(s, Zone::Discard),
                line: self.pile_view(s, Zone::Line),
                relics: self.pile_view(s, Zone::Relics),
                score: self.pile_view(s, Zone::Score),
                score_total: self.score(s),
                refill_size: self.refill_size(s),
                jump_start: self.lasting.jump_start[s.index()],
                lullabied: self.lasting.lullaby_by[s.other().index()],
                calmed: self.lasting.no_actions[s.index()],
                silenced: self.lasting.no_cards[s.index()],
            })
            .collect();
        ArdentView {
            viewer,
            turn: self.turn,
            current: self.current,
            first: self.first,
            to_act: if self.outcome.is_some() { None } else { Some(self.seat_to_act()) },
            played: self.flags.played,
            revealed: self.flags.revealed,
            players,
            resolving: self.limbo.iter().map(|c| self.card_view(c)).collect(),
            prompt: self.prompt.map(|p| {
                let (asks, asks_zh) = self.prompt_text();
                PromptView {
                    actor: p.actor,
                    asks,
                    asks_zh,
                    optional: p.optional,
                    source: self.prompt_source().map(|c| self.card_view(c)),
                }
            }),
            outcome: self.outcome.clone(),
        }
    }

    pub(crate) fn seat_to_act(&self) -> Seat {
        self.prompt.map(|p| p.actor).unwrap_or(self.current)
    }

    fn prompt_source(&self) -> Option<u8> {
        match self.stack.last()? {
            Frame::Ability { source, .. } => Some(*source),
            Frame::PlayCard { card, .. } => Some(*card),
            _ => None,
        }
    }

    /// The pending question, in English and Chinese.
    pub fn prompt_text(&self) -> (String, String) {
        let Some(p) = self.prompt else { return ("main step".into(), "自由阶段".into()) };
        let fight = matches!(self.stack.last(), Some(Frame::FightBuild { .. }));
        let phase = match self.stack.last() {
            Some(Frame::FightBuild { phase, .. }) => *phase,
            _ => 0,
        };
        let (en, zh) = match p.kind {
            PromptKind::Card if fight && phase == 0 => ("add a Team-Up attacker, or done", "加入组队攻击者，或完成"),
            PromptKind::Card if fight && phase == 1 => ("choose the creature to fight", "选择战斗对手"),
            PromptKind::Card if fight => ("add a Bear Hug defender, or done", "加入熊抱的对手，或完成"),
            PromptKind::Card if p.optional => ("choose a card, or done", "选择一张牌，或完成"),
            PromptKind::Card => ("choose a card", "选择一张牌"),
            PromptKind::Side => ("choose an end of the line", "选择战线的一端"),
            PromptKind::Mode(_) => ("choose one", "选择一项"),
            PromptKind::Number => ("name a number", "说出一个数字"),
            PromptKind::State => ("choose a new state", "选择新的状态"),
            PromptKind::Trigger => ("choose which trigger resolves next", "选择下一个结算的能力"),
            PromptKind::DrawOffer => ("accept or decline the draw offer", "接受或拒绝和局提议"),
        };
        (en.to_string(), zh.to_string())
    }

    /// A readable board for the terminal.
    pub fn render_for(&self, viewer: Viewer) -> String {
        use std::fmt::Write;
        let v = self.view_for(viewer);
        let mut s = String::new();
        let card = |c: &CardView| -> String {
            match (c.state, c.power) {
                (Some(st), Some(p)) => format!("c{} {} [{} P{} VP{}]", c.id, c.name, st.name(), p, c.vp),
                (Some(st), None) => format!("c{} {} [{} VP{}]", c.id, c.name, st.name(), c.vp),
                _ => format!("c{} {} (VP{})", c.id, c.name, c.vp),
            }
        };
        let list = |cs: &[CardView]| -> String {
            if cs.is_empty() {
                "-".into()
            } else {
                cs.iter().map(card).collect::<Vec<_>>().join(", ")
            }
        };
        let _ = writeln!(s, "Ardent Reapers — turn {}, {} to play (first: {})", v.turn, v.current, v.first);
        for p in &v.players {
            let _ = writeln!(
                s,
                "{}  score {}  deck {}  hand {}  refill {}{}{}{}{}",
                p.seat,
                p.score_total,
                p.deck_count,
                p.hand_count,
                p.refill_size,
                if p.jump_start { "  [jump start]" } else { "" },
                if p.lullabied { "  [lullaby: can't fight]" } else { "" },
                if p.calmed { "  [calm down: no actions]" } else { "" },
                if p.silenced { "  [silent room: no cards]" } else { "" },
            );
            let _ = writeln!(s, "  line:    {}", list(&p.line));
            let _ = writeln!(s, "  relics:  {}", list(&p.relics));
            if let Some(h) = &p.hand {
                let _ = writeln!(s, "  hand:    {}", list(h));
            }
            let _ = writeln!(s, "  discard: {}", list(&p.discard));
            let _ = writeln!(s, "  score:   {}", list(&p.score));
        }
        if !v.resolving.is_empty() {
            let _ = writeln!(s, "resolving: {}", list(&v.resolving));
        }
        match (&v.outcome, &v.prompt) {
            (Some(o), _) => {
                let _ = writeln!(s, "game over: {}", self.ending(o).en);
            }
            (None, Some(p)) => {
                let src = p.source.as_ref().map(|c| format!(" ({})", c.name)).unwrap_or_default();
                let _ = writeln!(s, "{} to decide: {}{}", p.actor, p.asks, src);
            }
            (None, None) => {
                let _ = writeln!(s, "{}: main step{}", v.current, if v.played { " (a card was played)" } else { "" });
            }
        }
        s
    }
}
