//! Presentation (design.md §2): what each action is and which cards it names, what every
//! decision point asks and for which card, each log event in words, how the game ended, and
//! what every rules option means, in English and Chinese.
//!
//! Cards are named by their instance id as a string (`"5"` for `c5`, the `id` every card
//! object of the view carries) and their catalogue key (the pool index as a string, the view's
//! `card`).

use crate::action::ArdentAction;
use crate::card::CardState;
use crate::effect::{Dest, RotateTo, Selector, Side, Step, ZoneSel};
use crate::event::{ArdentEvent, CardRef as EvCard};
use crate::options::{ArdentOptions, DEFAULT_TURN_CAP};
use crate::resolve::NAMEABLE;
use crate::state::{bit, cards_in, ArdentGame, Frame, PromptKind, Zone};
use engine::{ActionKind, ActionMeta, CardRef, EventKind, EventText, Label, OptionInfo, Outcome, Prompt, Seat, Viewer};

/// An English and a Chinese string.
type Words = (String, String);

fn words(en: impl Into<String>, zh: impl Into<String>) -> Words {
    (en.into(), zh.into())
}

fn label((en, zh): Words) -> Label {
    Label::new(en, zh)
}

impl ArdentGame {
    /// The card's catalogue key: its pool index.
    pub fn catalogue_key(&self, c: u8) -> String {
        self.defs[c as usize].to_string()
    }

    /// Does `viewer`'s view show card `c` (an object with its `id`)?
    pub fn shows_card(&self, c: u8, viewer: Viewer) -> bool {
        let l = self.loc(c);
        match l.zone {
            Zone::Deck => false,
            Zone::Hand => self.hand_visible(Seat(l.seat), viewer) || self.known_in_hand & bit(c) != 0,
            _ => true,
        }
    }

    /// The card as `seat` may name it on its board, if its view shows it.
    fn seen_ref(&self, c: u8, seat: Seat) -> Option<CardRef> {
        self.shows_card(c, Viewer::Seat(seat)).then(|| CardRef::new(c.to_string(), self.catalogue_key(c)))
    }

    /// A card whose identity is public (it was in play, it is resolving): on the board where
    /// `seat` sees it, otherwise named by its catalogue entry only.
    fn public_ref(&self, c: u8, seat: Seat) -> CardRef {
        self.seen_ref(c, seat).unwrap_or_else(|| CardRef::of_card(self.catalogue_key(c)))
    }

    /// A card of a log event, by its catalogue entry (and its id, which a view showing it has).
    fn event_ref(&self, c: &EvCard) -> CardRef {
        CardRef::new(c.id.to_string(), self.catalogue_key(c.id))
    }

    fn names(&self, c: u8) -> Words {
        let d = self.card(c);
        (d.name_en.clone(), d.name_zh.clone())
    }

    /// The source of the decision pending now, if a card asks.
    pub(crate) fn decision_source(&self) -> Option<u8> {
        match self.stack.last()? {
            Frame::Ability { source, .. } => Some(*source),
            Frame::PlayCard { card, .. } => Some(*card),
            Frame::FightBuild { attackers, .. } => cards_in(*attackers).next(),
            _ => None,
        }
    }

    /// The card a sub-decision is about (the card being placed or rotated).
    pub(crate) fn decision_subject(&self) -> Option<u8> {
        match self.stack.last()? {
            Frame::Ability { ctx, .. } if ctx.last != 255 => Some(ctx.last),
            Frame::PlayCard { card, .. } => Some(*card),
            _ => None,
        }
    }

    fn prompt_id(&self) -> &'static str {
        let Some(p) = &self.prompt else { return "main" };
        match (p.kind, self.stack.last()) {
            (PromptKind::Card, Some(Frame::FightBuild { phase: 0, .. })) => "fight_team_up",
            (PromptKind::Card, Some(Frame::FightBuild { phase: 1, .. })) => "fight_defender",
            (PromptKind::Card, Some(Frame::FightBuild { .. })) => "fight_bear_hug",
            (PromptKind::Card, _) => "pick",
            (PromptKind::Side, Some(Frame::PlayCard { .. })) => "line_end",
            (PromptKind::Side, _) => "control_line_end",
            (PromptKind::Mode(_), _) => "mode",
            (PromptKind::Number, _) => "number",
            (PromptKind::State, _) => "state",
            (PromptKind::Trigger, _) => "trigger",
            (PromptKind::DrawOffer, _) => "draw_offer",
        }
    }

    /// The contract's `action_meta`.
    pub fn meta(&self, action: ArdentAction) -> ActionMeta {
        use ArdentAction::*;
        let seat = self.seat_to_act();
        let with = |m: ActionMeta, c: Option<CardRef>| match c {
            Some(c) => m.subject(c),
            None => m,
        };
        let answers = self.prompt.is_some().then(|| self.prompt_id());
        let answer = |m: ActionMeta| match answers {
            Some(id) => m.answers(id),
            None => m,
        };
        let source = || self.decision_source().map(|c| self.public_ref(c, seat));
        match action {
            Play(c) => with(ActionMeta::of(ActionKind::Play), self.seen_ref(c, seat)),
            Discard(c) => with(ActionMeta::of(ActionKind::Move), self.seen_ref(c, seat)),
            Fight(c) => {
                let mut m = with(ActionMeta::of(ActionKind::Attack), self.seen_ref(c, seat));
                let valid = self.valid_defenders(bit(c));
                for d in self.pile(seat.other(), Zone::Line).iter().filter(|&d| valid & bit(d) != 0) {
                    m = m.target(CardRef::new(d.to_string(), self.catalogue_key(d)));
                }
                m
            }
            Harvest(c) => with(ActionMeta::of(ActionKind::Activate), self.seen_ref(c, seat)),
            Reveal => ActionMeta::of(ActionKind::Other),
            End => ActionMeta::of(ActionKind::Pass),
            Pick(c) => {
                let fight = matches!(self.stack.last(), Some(Frame::FightBuild { .. }));
                let mut m = with(ActionMeta::of(if fight { ActionKind::Attack } else { ActionKind::Target }), source());
                if let Some(t) = self.seen_ref(c, seat) {
                    m = m.target(t);
                }
                answer(m)
            }
            Done => answer(with(ActionMeta::of(ActionKind::Pass), source())),
            Left | Right => {
                let m = ActionMeta::of(ActionKind::Move);
                let m = match self.decision_subject() {
                    Some(c) => m.subject(self.public_ref(c, seat)),
                    None => m,
                };
                answer(m)
            }
            Mode(_) | Number(_) => answer(with(ActionMeta::of(ActionKind::Choose), source())),
            To(_) => {
                let m = with(ActionMeta::of(ActionKind::Choose), source());
                let m = match self.decision_subject() {
                    Some(c) => m.target(self.public_ref(c, seat)),
                    None => m,
                };
                answer(m)
            }
            Trigger(c) => answer(ActionMeta::of(ActionKind::Choose).subject(self.public_ref(c, seat))),
            Concede | OfferDraw => ActionMeta::of(ActionKind::Concede),
            AcceptDraw => answer(ActionMeta::of(ActionKind::Concede)),
            DeclineDraw => answer(ActionMeta::of(ActionKind::Pass)),
        }
    }

    /// The contract's `prompt`: what the seat to act decides now, and for which card.
    pub fn decision(&self) -> Option<Prompt> {
        if self.outcome.is_some() {
            return None;
        }
        let seat = self.seat_to_act();
        let id = self.prompt_id();
        let Some(p) = self.prompt else {
            let (en, zh) = if self.may_end_main() {
                words(
                    format!("{seat}'s Main step: play, fight, harvest or discard, or end the step"),
                    format!("{seat} 的自由阶段：打出、战斗、收获或弃牌，或结束此阶段"),
                )
            } else {
                words(
                    format!("{seat}'s Main step: play a card (or reveal an unplayable hand) before ending the step"),
                    format!("{seat} 的自由阶段：结束此阶段前须打出一张牌（或展示无法打出的手牌）"),
                )
            };
            return Some(Prompt::new(id, Label::new(en, zh)));
        };
        let src = self.decision_source();
        let (sen, szh) = src.map(|c| self.names(c)).unwrap_or_default();
        let title = match p.kind {
            PromptKind::Card => match self.stack.last() {
                Some(Frame::FightBuild { phase: 0, .. }) => words(
                    format!("{sen}: add a Team-Up creature to the fight, or done"),
                    format!("{szh}：加入一个组队生物一起战斗，或完成"),
                ),
                Some(Frame::FightBuild { phase: 1, .. }) => words(
                    format!("{sen}: choose the enemy creature to fight"),
                    format!("{szh}：选择要与之战斗的敌方生物"),
                ),
                Some(Frame::FightBuild { .. }) => words(
                    format!("{sen}: add another defender to the fight (Bear Hug), or done"),
                    format!("{szh}：再加入一个防守生物（熊抱），或完成"),
                ),
                _ => {
                    let (en, zh) = self
                        .current_step()
                        .map(|s| step_words(s, p.optional))
                        .unwrap_or_else(|| words("choose a card for its effect", "为其效果选择一张牌"));
                    words(format!("{sen}: {en}"), format!("{szh}：{zh}"))
                }
            },
            PromptKind::Side => {
                let (cen, czh) = self.decision_subject().map(|c| self.names(c)).unwrap_or_default();
                match self.stack.last() {
                    Some(Frame::PlayCard { by, .. }) => words(
                        format!("{cen}: choose the end of {by}'s battle line it enters"),
                        format!("{czh}：选择它进入 {by} 战线的哪一端"),
                    ),
                    _ => {
                        let to = match self.current_step() {
                            Some(Step::Move(_, Dest::OppLine)) => self.ability_controller().other(),
                            _ => self.ability_controller(),
                        };
                        words(
                            format!("{sen}: choose the end of {to}'s battle line for {cen}"),
                            format!("{szh}：选择{czh}放到 {to} 战线的哪一端"),
                        )
                    }
                }
            }
            PromptKind::Mode(n) => {
                words(format!("{sen}: choose one of its {n} options"), format!("{szh}：从 {n} 个选项中选择一项"))
            }
            PromptKind::Number => words(
                format!("{sen}: name a number from {} to {} for its effect", NAMEABLE.start(), NAMEABLE.end()),
                format!("{szh}：为其效果说出一个 {} 到 {} 的数字", NAMEABLE.start(), NAMEABLE.end()),
            ),
            PromptKind::State => {
                let (cen, czh) = self.decision_subject().map(|c| self.names(c)).unwrap_or_default();
                words(format!("{sen}: choose the new state of {cen}"), format!("{szh}：选择{czh}的新状态"))
            }
            PromptKind::Trigger => {
                let en: Vec<String> = p.options.iter().map(|c| self.names(c).0).collect();
                let zh: Vec<String> = p.options.iter().map(|c| self.names(c).1).collect();
                words(
                    format!("Choose which triggered ability resolves next: {}", en.join(", ")),
                    format!("选择下一个结算的触发能力：{}", zh.join("、")),
                )
            }
            PromptKind::DrawOffer => {
                let by = seat.other();
                words(format!("{by} offers a draw: accept or decline"), format!("{by} 提议和局：接受或拒绝"))
            }
        };
        let mut prompt = Prompt::new(id, label(title));
        if let Some(c) = src.filter(|_| !matches!(p.kind, PromptKind::Trigger | PromptKind::DrawOffer)) {
            prompt = prompt.source(self.public_ref(c, seat));
        }
        if let (PromptKind::Card, Some(left)) = (p.kind, self.picks_left()) {
            prompt = prompt.picks_left(left);
        }
        Some(prompt)
    }

    fn ability_controller(&self) -> Seat {
        match self.stack.last() {
            Some(Frame::Ability { controller, .. }) => *controller,
            _ => self.current,
        }
    }

    /// For a choice of several cards: how many are still to choose.
    fn picks_left(&self) -> Option<u32> {
        let Some(Frame::Ability { ctx, .. }) = self.stack.last() else { return None };
        let sel = match self.current_step()? {
            Step::Move(s, _) | Step::Mark(s) | Step::Rotate(s, _) => s,
            _ => return None,
        };
        use crate::effect::Quant::*;
        match sel.quant {
            UpTo(n) | Exactly(n) | OppChoice(n) if n > 1 => Some(n.saturating_sub(ctx.count) as u32),
            _ => None,
        }
    }

    /// A log event in words.
    pub fn event_text(&self, e: &ArdentEvent) -> EventText {
        use ArdentEvent::*;
        let n = |c: &EvCard| -> Words { self.names(c.id) };
        let st = |s: CardState| -> Words { words(state_en(s), s.name_zh()) };
        let (kind, (en, zh), cards): (EventKind, Words, Vec<&EvCard>) = match e {
            TurnStarted { seat, turn } => (
                EventKind::Turn,
                words(format!("Turn {turn}: {seat}'s turn"), format!("第 {turn} 回合：{seat} 的回合")),
                vec![],
            ),
            Played { seat, card, from } => {
                let (a, b) = n(card);
                let t = if from == "deck" {
                    words(format!("{seat} played {a} from their deck"), format!("{seat} 从牌库打出{b}"))
                } else {
                    words(format!("{seat} played {a}"), format!("{seat} 打出{b}"))
                };
                (if from == "deck" { EventKind::Card } else { EventKind::Action }, t, vec![card])
            }
            Drew { seat, card: Some(card) } => {
                let (a, b) = n(card);
                (EventKind::Card, words(format!("{seat} drew {a}"), format!("{seat} 抽到{b}")), vec![card])
            }
            Drew { seat, card: None } => {
                (EventKind::Card, words(format!("{seat} drew a card"), format!("{seat} 抽了一张牌")), vec![])
            }
            Discarded { seat, card } => {
                let (a, b) = n(card);
                (EventKind::Action, words(format!("{seat} discarded {a}"), format!("{seat} 弃置了{b}")), vec![card])
            }
            Moved { card, seat, zone, from, total } => {
                let (a, b) = n(card);
                let hidden = matches!(zone.as_str(), "hand" | "deck") || matches!(from.as_str(), "hand" | "deck");
                let (kind, t) = match zone.as_str() {
                    "score" => {
                        let total = total.unwrap_or_else(|| self.score(*seat));
                        let vp = self.card(card.id).vp;
                        (
                            EventKind::Score,
                            words(
                                format!("{a} went to {seat}'s score pile ({vp:+} VP): {seat} has {total} VP"),
                                format!("{b}进入 {seat} 的计分区（{vp:+} 分）：{seat} 共 {total} 分"),
                            ),
                        )
                    }
                    "play" if from == "resolving" => (
                        EventKind::Action,
                        words(format!("{a} entered play for {seat}"), format!("{b}进入 {seat} 的场上")),
                    ),
                    "play" => (
                        EventKind::Action,
                        words(format!("{seat} took control of {a}"), format!("{seat} 获得了{b}的控制权")),
                    ),
                    "hand" => (
                        EventKind::Card,
                        words(format!("{a} returned to {seat}'s hand"), format!("{b}回到 {seat} 的手牌")),
                    ),
                    "deck" => (
                        EventKind::Card,
                        words(format!("{a} was put into {seat}'s deck"), format!("{b}被放入 {seat} 的牌库")),
                    ),
                    "discard" => (
                        EventKind::Death,
                        words(format!("{a} went to {seat}'s discard pile"), format!("{b}进入 {seat} 的弃牌堆")),
                    ),
                    _ => (EventKind::Info, words(format!("{a} moved"), format!("{b}移动了"))),
                };
                (if hidden { EventKind::Card } else { kind }, t, vec![card])
            }
            Rotated { card, state } => {
                let (a, b) = n(card);
                let (s, z) = st(*state);
                (EventKind::Action, words(format!("{a} became {s}"), format!("{b}转为{z}")), vec![card])
            }
            RotateStep { seat, cards } => {
                let en: Vec<String> = cards.iter().map(|(c, s)| format!("{} {}", n(c).0, state_en(*s))).collect();
                let zh: Vec<String> = cards.iter().map(|(c, s)| format!("{}{}", n(c).1, s.name_zh())).collect();
                (
                    EventKind::Phase,
                    words(
                        format!("Rotate step: {seat}'s cards turn ({})", en.join(", ")),
                        format!("转动阶段：{seat} 的牌转动（{}）", zh.join("，")),
                    ),
                    cards.iter().map(|(c, _)| c).collect(),
                )
            }
            Fight { attackers, defenders, attack, defense, attackers_win, by } => {
                let side = |cs: &[EvCard]| -> Words {
                    let (en, zh): (Vec<String>, Vec<String>) = cs.iter().map(&n).unzip();
                    (en.join(" and "), zh.join("和"))
                };
                let (a, az) = side(attackers);
                let (d, dz) = side(defenders);
                let foe = by.other();
                let t = if *attackers_win {
                    words(
                        format!("{by}'s {a} ({attack}) fought {foe}'s {d} ({defense}) and won"),
                        format!("{by} 的{az}（{attack}）与 {foe} 的{dz}（{defense}）战斗并获胜"),
                    )
                } else {
                    words(
                        format!("{by}'s {a} ({attack}) fought {foe}'s {d} ({defense}) and lost"),
                        format!("{by} 的{az}（{attack}）与 {foe} 的{dz}（{defense}）战斗并落败"),
                    )
                };
                (EventKind::Damage, t, attackers.iter().chain(defenders.iter()).collect())
            }
            FightWon { card, owner } => {
                let (a, b) = n(card);
                (
                    EventKind::Action,
                    words(
                        format!("{a} won the fight and went to {owner}'s discard pile"),
                        format!("{b}赢得战斗，进入 {owner} 的弃牌堆"),
                    ),
                    vec![card],
                )
            }
            Defeated { card, by, vp, total } => {
                let (a, b) = n(card);
                (
                    EventKind::Death,
                    words(
                        format!("{a} was defeated and died: {by} scores it ({vp:+} VP), {by} has {total} VP"),
                        format!("{b}被击败阵亡：{by} 将其计分（{vp:+} 分），{by} 共 {total} 分"),
                    ),
                    vec![card],
                )
            }
            Harvested { seat, card } => {
                let (a, b) = n(card);
                (EventKind::Action, words(format!("{seat} harvested {a}"), format!("{seat} 收获了{b}")), vec![card])
            }
            Revealed { seat, shown_to, cards: Some(cs), .. } => {
                let (en, zh): (Vec<String>, Vec<String>) = cs.iter().map(&n).unzip();
                let (en, zh) = if cs.is_empty() {
                    (String::from("no cards"), String::from("没有牌"))
                } else {
                    (en.join(", "), zh.join("、"))
                };
                (
                    EventKind::Card,
                    words(
                        format!("{seat} revealed their hand to {shown_to}: {en}"),
                        format!("{seat} 向 {shown_to} 展示手牌：{zh}"),
                    ),
                    cs.iter().collect(),
                )
            }
            Revealed { seat, shown_to, cards: None, count } => (
                EventKind::Card,
                words(
                    format!("{seat} revealed their hand of {count} cards to {shown_to}"),
                    format!("{seat} 向 {shown_to} 展示了 {count} 张手牌"),
                ),
                vec![],
            ),
            Reshuffled { seat } => (
                EventKind::Card,
                words(
                    format!("{seat} shuffled their discard pile into a new deck"),
                    format!("{seat} 将弃牌堆洗成新的牌库"),
                ),
                vec![],
            ),
            Shuffled { seat } => {
                (EventKind::Card, words(format!("{seat} shuffled their deck"), format!("{seat} 洗了牌库")), vec![])
            }
            Lasting { seat, effect } => {
                let t = match effect.as_str() {
                    "jump start" => words(
                        format!("Jump Start: the next card {seat} plays enters Active"),
                        format!("快速启动：{seat} 打出的下一张牌以活跃状态进场"),
                    ),
                    "lullaby" => words(
                        format!("Lullaby: {seat}'s creatures can't fight until their opponent's next turn"),
                        format!("摇篮曲：{seat} 的生物在对手的下个回合开始前不能战斗"),
                    ),
                    "calm down" => words(
                        format!("Calm Down: {seat} can't play Actions during their next turn"),
                        format!("冷静：{seat} 在其下个回合不能打出行动牌"),
                    ),
                    "silent room" => words(
                        format!("Silent Room: {seat} can't play cards during their next turn"),
                        format!("静室：{seat} 在其下个回合不能打出牌"),
                    ),
                    other => words(
                        format!("{seat} is under a lasting effect ({other})"),
                        format!("{seat} 受到持续效果影响（{other}）"),
                    ),
                };
                (EventKind::Info, t, vec![])
            }
            NamedNumber { seat, number } => {
                (EventKind::Action, words(format!("{seat} named {number}"), format!("{seat} 说出了 {number}")), vec![])
            }
            TurnEnded { seat } => {
                (EventKind::Phase, words(format!("{seat} ended their turn"), format!("{seat} 结束了回合")), vec![])
            }
            DrawOffered { seat } => {
                (EventKind::Info, words(format!("{seat} offered a draw"), format!("{seat} 提议和局")), vec![])
            }
            DrawDeclined { seat } => {
                (EventKind::Info, words(format!("{seat} declined the draw"), format!("{seat} 拒绝了和局")), vec![])
            }
            GameOver { .. } => {
                let o = self.outcome.clone().unwrap_or_else(|| Outcome::draw("game over"));
                let l = self.ending(&o);
                (EventKind::End, (l.en, l.zh), vec![])
            }
        };
        let mut text = EventText::new(kind, Label::new(en, zh));
        for c in cards {
            text = text.card(self.event_ref(c));
        }
        text
    }

    /// The contract's `outcome_label`.
    pub fn ending(&self, o: &Outcome) -> Label {
        let scores = if o.scores.len() == 2 {
            (o.scores[0], o.scores[1])
        } else {
            (self.score(Seat(0)) as i64, self.score(Seat(1)) as i64)
        };
        let (a, b) = scores;
        let score_en = format!("{a} to {b}");
        let score_zh = format!("{a} 比 {b}");
        let winner = o.winners.first().copied();
        let (why_en, why_zh) = if o.reason.starts_with("all of a player's cards are scored") {
            let done: Vec<String> = [Seat(0), Seat(1)]
                .into_iter()
                .filter(|&s| self.owned_outside_score(s) == 0)
                .map(|s| s.to_string())
                .collect();
            let who = if done.is_empty() { "a player".to_string() } else { done.join(" and ") };
            words(format!("every card {who} owns is scored"), format!("{who} 拥有的牌已全部计分"))
        } else if o.reason.starts_with("turn cap") {
            let cap = self.options.turn_cap.unwrap_or(DEFAULT_TURN_CAP);
            words(format!("the {cap}-turn cap was reached"), format!("达到 {cap} 回合上限"))
        } else if o.reason.ends_with("conceded") {
            let loser = winner.map(|w| w.other().to_string()).unwrap_or_default();
            words(format!("{loser} conceded"), format!("{loser} 认输"))
        } else if o.reason == "draw agreed" {
            words("both players agreed to a draw", "双方同意和局")
        } else {
            words(o.reason.clone(), format!("对局结束（{}）", o.reason))
        };
        match winner {
            Some(w) if a == b && !o.reason.ends_with("conceded") => Label::new(
                format!("{w} wins on the tie ({score_en}, ties go to the second player): {why_en}"),
                format!("{w} 以平分获胜（{score_zh}，平分时后手获胜）：{why_zh}"),
            ),
            Some(w) => Label::new(format!("{w} wins {score_en}: {why_en}"), format!("{w} 获胜，{score_zh}：{why_zh}")),
            None => Label::new(format!("Draw ({score_en}): {why_en}"), format!("和局（{score_zh}）：{why_zh}")),
        }
    }
}

pub(crate) fn state_en(s: CardState) -> &'static str {
    match s {
        CardState::Dormant => "Dormant",
        CardState::Active => "Active",
        CardState::Mature => "Mature",
    }
}

/// What a card choice of this step is for, in words.
fn step_words(step: &Step, optional: bool) -> Words {
    let (sel, verb) = match step {
        Step::Move(sel, dest) => (sel, dest_words(*dest)),
        Step::Mark(sel) => (sel, words("to mark for its effect", "标记以供其效果使用")),
        Step::Rotate(sel, RotateTo::State(s)) => {
            (sel, words(format!("to make {}", state_en(*s)), format!("使其转为{}", s.name_zh())))
        }
        Step::Rotate(sel, RotateTo::Different) => (sel, words("to turn to another state", "使其转为其他状态")),
        _ => return words("choose a card for its effect", "为其效果选择一张牌"),
    };
    let (noun_en, noun_zh) = noun(sel);
    let (place_en, place_zh) = place(sel);
    let (or_en, or_zh) = if optional { (", or done", "，或完成") } else { ("", "") };
    words(
        format!("choose {noun_en} {place_en} {}{or_en}", verb.0),
        format!("从{place_zh}选择{noun_zh}，{}{or_zh}", verb.1),
    )
}

fn noun(sel: &Selector) -> Words {
    if sel.filter.creature {
        words("a creature", "一个生物")
    } else if sel.filter.relic {
        words("a relic", "一个遗物")
    } else {
        words("a card", "一张牌")
    }
}

fn place(sel: &Selector) -> Words {
    let (en, zh) = match sel.side {
        Side::My => ("your", "你的"),
        Side::Enemy => ("your opponent's", "对手的"),
        Side::Any => ("either player's", "任一玩家的"),
    };
    let (zen, zzh) = match sel.zone {
        ZoneSel::Line => ("battle line", "战线"),
        ZoneSel::Relics => ("relic area", "遗物区"),
        ZoneSel::Play => ("play area", "场上"),
        ZoneSel::Hand => ("hand", "手牌"),
        ZoneSel::Score => ("score pile", "计分区"),
        ZoneSel::Discard => ("discard pile", "弃牌堆"),
        ZoneSel::Deck => ("deck", "牌库"),
        ZoneSel::Marked => return words("among the marked cards", "已标记的牌中"),
        ZoneSel::Anywhere => return words("", ""),
    };
    words(format!("from {en} {zen}"), format!("{zh}{zzh}"))
}

fn dest_words(d: Dest) -> Words {
    let (en, zh) = match d {
        Dest::OwnerHand => ("to return to its owner's hand", "使其回到拥有者的手牌"),
        Dest::OwnerDiscard => ("to put into its owner's discard pile", "将其放入拥有者的弃牌堆"),
        Dest::OwnerDeckTop => ("to put on top of its owner's deck", "将其放到拥有者的牌库顶"),
        Dest::OwnerDeckBottom => ("to put at the bottom of its owner's deck", "将其放到拥有者的牌库底"),
        Dest::OwnerDeckShuffle => ("to shuffle into its owner's deck", "将其洗入拥有者的牌库"),
        Dest::MyScore => ("to put into your score pile", "将其放入你的计分区"),
        Dest::OppScore => ("to put into your opponent's score pile", "将其放入对手的计分区"),
        Dest::OwnerScore => ("to put into its owner's score pile", "将其放入拥有者的计分区"),
        Dest::ControllerScore => ("to put into its controller's score pile", "将其放入控制者的计分区"),
        Dest::MyLine => ("to take control of", "获得其控制权"),
        Dest::OppLine => ("to give to your opponent", "将其交给对手控制"),
    };
    words(en, zh)
}

/// Every rules option (spec §9 switches, §7 turn cap and table actions), for forms.
pub fn options_info() -> Vec<OptionInfo> {
    let d = ArdentOptions::default();
    vec![
        OptionInfo::new(
            "bear_hug_requires_adjacency",
            Label::new("Bear Hug needs adjacent defenders", "熊抱需相邻的对手"),
            Label::new(
                "Each extra Bear Hug defender must sit next to a defender already chosen in its battle line (A4).",
                "熊抱额外加入的每个防守生物，必须在战线中与已选的防守生物相邻（A4）。",
            ),
            d.bear_hug_requires_adjacency.into(),
        )
        .yes_no(),
        OptionInfo::new(
            "combine_team_up_and_bear_hug",
            Label::new("Team-Up with Bear Hug", "组队与熊抱可合用"),
            Label::new(
                "A Team-Up group may also Bear Hug: several attackers against several defenders (A4).",
                "组队攻击的一组生物也可以熊抱：多个攻击者对多个防守者（A4）。",
            ),
            d.combine_team_up_and_bear_hug.into(),
        )
        .yes_no(),
        OptionInfo::new(
            "end_turn_skips_rotate_and_draw",
            Label::new("\"End your turn\" skips Rotate and Draw", "“结束你的回合”跳过转动与抽牌"),
            Label::new(
                "When a card ends the turn (Gynormica), the Rotate and Draw Cards steps are skipped (A8).",
                "当卡牌结束回合（Gynormica）时，跳过转动阶段和抽牌阶段（A8）。",
            ),
            d.end_turn_skips_rotate_and_draw.into(),
        )
        .yes_no(),
        OptionInfo::new(
            "opponent_chooses_own_discards",
            Label::new("Opponent chooses own discards", "对手自选弃牌"),
            Label::new(
                "\"Your opponent discards N cards\" lets the opponent choose them instead of at random (A13).",
                "“你的对手弃置 N 张牌”时由对手自己选择，而不是随机弃置（A13）。",
            ),
            d.opponent_chooses_own_discards.into(),
        )
        .yes_no(),
        OptionInfo::new(
            "turn_cap",
            Label::new("Turn cap", "回合上限"),
            Label::new(
                "The game ends after this many turns and is scored as usual, ties to the second player (§7, A34). Empty (null): no cap.",
                "进行到这么多回合后对局结束，照常计分，平分时后手获胜（§7，A34）。留空（null）：不设上限。",
            ),
            d.turn_cap.map(serde_json::Value::from).unwrap_or(serde_json::Value::Null),
        )
        .range(1, 10_000),
        OptionInfo::new(
            "table_actions",
            Label::new("Concede and draw offers", "认输与提议和局"),
            Label::new(
                "Offer concede and draw-offer actions to the player in their Main step (§7, A34).",
                "在自由阶段为玩家提供认输和提议和局的操作（§7，A34）。",
            ),
            d.table_actions.into(),
        )
        .yes_no(),
    ]
}
