//! The engine contract for Riftbound.

use crate::action::{Ref, RiftAction, Src};
use crate::notes::Note;
use crate::options::RiftOptions;
use crate::setup::{RiftSetup, SeatSetup};
use crate::state::*;
use crate::view::RiftView;
use engine::{
    ActionError, ActionMeta, CardInfo, EventLog, EventText, Game, GameRng, Label, OptionInfo, Seat, SetupError, Status,
    Viewer,
};
use serde::{Deserialize, Serialize};

/// Log events: an action taken (its notation and, in words, what it was), or something that
/// happened while it was applied (`what`: damage, deaths, draws, points, turns, …).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RiftEvent {
    pub seat: u8,
    /// The action's notation; empty for events that are not an action.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub action: String,
    /// The action in words, as it was when taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<Label>,
    /// What happened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub what: Option<Note>,
    /// The cards the action names (its subject, then its targets), as they were when taken.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<engine::CardRef>,
}

impl Game for RiftGame {
    const NAME: &'static str = "riftbound";
    type Options = RiftOptions;
    type Setup = RiftSetup;
    type Action = RiftAction;
    type View = RiftView;
    type Event = RiftEvent;
    type Cards = crate::cards::CardDb;

    fn new(options: &RiftOptions, setup: &RiftSetup, seed: u64) -> Result<Self, SetupError> {
        let mut g = RiftGame::setup(options, setup, seed)?;
        g.advance();
        Ok(g)
    }

    fn card_set(options: &RiftOptions) -> engine::Cards<crate::cards::CardDb> {
        options.cards.clone()
    }

    fn sample_setup(options: &RiftOptions, rng: &mut GameRng) -> Result<RiftSetup, SetupError> {
        RiftGame::sample(options, rng)
    }

    /// One deck list (docs/riftbound.md) or starter-deck name per seat, as many as the mode has
    /// seats; none gives random starter decks. Every problem of a deck is reported, each naming the rule it breaks.
    fn setup_with_decks(options: &RiftOptions, decks: &[String], rng: &mut GameRng) -> Result<RiftSetup, SetupError> {
        if decks.is_empty() {
            return RiftGame::sample(options, rng);
        }
        for (i, text) in decks.iter().enumerate() {
            let deck = crate::setup::deck_of(options, &SeatSetup::deck(text))
                .map_err(|e| SetupError::new(format!("deck {}: {e}", i + 1)))?;
            let problems = deck.problems_with(options.cards.get(), false, options.sideboard_max);
            if !problems.is_empty() {
                return Err(SetupError::new(format!("deck {}: {}", i + 1, problems.join("; "))));
            }
        }
        let n = options.mode.seats();
        if decks.len() != n {
            return Err(SetupError::new(format!(
                "{:?} needs {n} decks, got {} (CR 481–489)",
                options.mode,
                decks.len()
            )));
        }
        let mut seats: Vec<SeatSetup> = decks.iter().map(|d| SeatSetup::deck(d)).collect();
        if options.mode.teams() {
            for (i, s) in seats.iter_mut().enumerate() {
                s.team = Some(i as u8 % 2);
            }
        }
        Ok(RiftSetup { seats, first: None })
    }

    fn options(&self) -> &RiftOptions {
        &self.opts
    }

    fn num_seats(&self) -> usize {
        self.players.len()
    }

    fn status(&self) -> Status {
        match (&self.outcome, self.acting()) {
            (Some(o), _) => Status::Over(o.clone()),
            (None, Some(s)) => Status::ToAct(Seat(s)),
            (None, None) => Status::Over(engine::Outcome::draw("no player to act")),
        }
    }

    fn legal_actions(&self, out: &mut Vec<RiftAction>) {
        self.legal(out);
    }

    fn apply(&mut self, action: &RiftAction, log: &mut EventLog<RiftEvent>) -> Result<(), ActionError> {
        if !log.is_enabled() {
            return self.apply_action(*action);
        }
        let seat = match *action {
            RiftAction::Concede(s) | RiftAction::ConcedeMatch(s) if s != crate::state::NOBODY => s,
            _ => self.acting().unwrap_or(0),
        };
        // Choices about hidden cards are logged privately (mulligan, predict, recycling from hand,
        // hiding); their public half only says that a choice was made.
        let recycle_lead = match &self.prompt {
            Some(Prompt::Build(b)) => {
                b.stage == Stage::Optional
                    && self.ability(&b.item).and_then(|a| a.lead) == Some(crate::cards::Lead::RecycleHand)
            }
            _ => false,
        };
        let private = matches!(
            self.prompt,
            Some(Prompt::Mulligan { .. })
                | Some(Prompt::Predict { .. })
                | Some(Prompt::PredictMany { .. })
                | Some(Prompt::Recycle { .. })
                | Some(Prompt::Sideboard { .. })
                | Some(Prompt::ChooseField { .. })
        ) || recycle_lead
            || matches!(action, RiftAction::Hide(..));
        let private = private && !matches!(action, RiftAction::Concede(_) | RiftAction::ConcedeMatch(_));
        let label = self.action_label(action);
        let meta = self.meta_of(*action);
        let cards: Vec<engine::CardRef> = meta.subject.into_iter().chain(meta.targets).collect();
        self.notes.on = true;
        self.notes.list.clear();
        self.notes.by = None;
        let result = self.apply_action(*action);
        self.notes.on = false;
        self.notes.by = None;
        let notes = std::mem::take(&mut self.notes.list);
        result?;
        let text = action.to_string();
        if private {
            log.private(
                Seat(seat),
                || RiftEvent {
                    seat,
                    action: text.clone(),
                    label: Some(label.clone()),
                    what: None,
                    cards: cards.clone(),
                },
                || RiftEvent {
                    seat,
                    action: String::new(),
                    label: Some(Label::new("made a choice in private", "秘密地做出了选择")),
                    what: None,
                    cards: Vec::new(),
                },
            );
        } else {
            log.public(|| RiftEvent {
                seat,
                action: text.clone(),
                label: Some(label.clone()),
                what: None,
                cards: cards.clone(),
            });
        }
        for n in notes {
            let who = crate::present::note_seat(&n);
            let ev = |what: Note| RiftEvent {
                seat: who,
                action: String::new(),
                label: None,
                what: Some(what),
                cards: Vec::new(),
            };
            match crate::present::public_half(&n) {
                Some(public) => log.private(Seat(who), || ev(n), || ev(public)),
                None => log.public(|| ev(n)),
            }
        }
        if self.outcome.is_some() {
            log.public(|| RiftEvent {
                seat,
                action: String::new(),
                label: None,
                what: Some(Note::GameOver),
                cards: Vec::new(),
            });
        }
        Ok(())
    }

    fn view(&self, viewer: Viewer) -> RiftView {
        self.make_view(viewer)
    }

    /// Resample what `seat` can't see: the other players' hands, decks and facedown cards (as one
    /// pool per player, a Hidden card staying in each facedown slot), `seat`'s own deck order, both
    /// rune decks, and the generator.
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        let peek: Vec<u16> = match &self.prompt {
            // The card being hidden stays what it is (a Hidden card) while its cost is paid.
            Some(Prompt::Predict { card, .. }) | Some(Prompt::HidePay { card, .. }) => vec![*card],
            // Only the predicting player knows the looked-at cards (CR 436).
            Some(Prompt::PredictMany { seat: s, cards, .. }) if *s as usize == seat.index() => cards.clone(),
            _ => Vec::new(),
        };
        // The source of an item on the chain, pending or resolving (or being put together) keeps
        // what it is even once it went to a hand or deck: the item is that card's ability, seen by
        // everyone when it was played or triggered (resampling it would change what the item does
        // and how the views name it).
        let mut sources: Vec<u16> = Vec::new();
        let items =
            self.chain.iter().chain(self.pending.iter().map(|p| &p.item)).chain(self.resolving.iter().map(|r| &r.item));
        let building = match &self.prompt {
            Some(Prompt::Build(b)) => Some(&b.item),
            _ => None,
        };
        for it in items.chain(building) {
            if let ItemSrc::Obj(id) | ItemSrc::Spell(id) = it.src {
                sources.push(id);
            }
        }
        crate::match_setup::resample_sides(&mut g, seat.0, rng);
        for s in 0..g.players.len() {
            // Revealed cards (CR 424) are known to everyone: they keep what they are.
            let known = |d: &u16| !peek.contains(d) && !g.revealed.contains(d) && !sources.contains(d);
            let mut ids: Vec<u16> = g.players[s].deck.iter().copied().filter(known).collect();
            let mut facedown: Vec<u16> = Vec::new();
            if s != seat.index() {
                ids.extend(g.players[s].hand.iter().copied().filter(known));
                // Facedown cards are private to their controller (CR 107.3): resample them too,
                // keeping a Hidden card in every facedown slot.
                for b in &g.bfs {
                    if b.facedown != NONE && g.objs[b.facedown as usize].controller as usize == s {
                        facedown.push(b.facedown);
                    }
                }
                ids.extend(facedown.iter().copied());
            }
            let mut defs: Vec<_> = ids.iter().map(|&i| g.objs[i as usize].def).collect();
            if s != seat.index() && !self.objs.is_empty() {
                // In a match, what the opponent swapped with their sideboard is secret too (between
                // games, with no cards dealt, `determinize_match` resamples the Main Deck).
                if let Some(fresh) = crate::match_setup::unseen_cards(&mut g, s, &defs, rng) {
                    defs = fresh;
                }
            }
            rng.shuffle(&mut defs);
            for (i, d) in ids.iter().zip(defs) {
                g.objs[*i as usize].def = d;
            }
            for &f in &facedown {
                if self.def(g.objs[f as usize].def).has(crate::cards::kw::HIDDEN) {
                    continue;
                }
                let partners: Vec<u16> = ids
                    .iter()
                    .copied()
                    .filter(|i| {
                        !facedown.contains(i) && self.def(g.objs[*i as usize].def).has(crate::cards::kw::HIDDEN)
                    })
                    .collect();
                if let Some(&p) = rng.pick(&partners) {
                    let (a, b) = (g.objs[f as usize].def, g.objs[p as usize].def);
                    g.objs[f as usize].def = b;
                    g.objs[p as usize].def = a;
                }
            }
            // A rune whose ability is on the chain keeps what it is in the rune deck too (a
            // recycled rune, CR 164): the item is that rune's ability, seen by everyone.
            let runes: Vec<u16> = g.players[s].rune_deck.iter().copied().filter(|d| !sources.contains(d)).collect();
            let mut rdefs: Vec<_> = runes.iter().map(|&i| g.objs[i as usize].def).collect();
            rng.shuffle(&mut rdefs);
            for (i, d) in runes.iter().zip(rdefs) {
                g.objs[*i as usize].def = d;
            }
        }
        crate::match_setup::determinize_match(&mut g, seat.0, rng);
        g.rng = GameRng::new(rng.next_u64());
        g
    }

    fn max_actions(&self) -> usize {
        // The turn limit counts turns per two players (see `RiftOptions::turn_limit`).
        let per_two = if self.opts.turn_limit == 0 { 200 } else { self.opts.turn_limit as usize };
        let turns = per_two * self.players.len() / 2;
        // A match: every game, and the choices between games (swaps at most the sideboard).
        (50 + turns * 1500 + 60) * self.opts.match_of.games() as usize
    }

    fn action_label(&self, action: &RiftAction) -> Label {
        let name = |id: u16| -> (String, String) {
            match self.objs.get(id as usize) {
                Some(o) => (self.def(o.def).name.clone(), self.def(o.def).zh.clone()),
                None => (format!("c{id}"), format!("c{id}")),
            }
        };
        let place = |r: Ref| -> (String, String) {
            match r {
                Ref::Obj(id) => name(id),
                Ref::Bf(b) => match self.bfs.get(b as usize) {
                    Some(bf) => (self.def(bf.def).name.clone(), self.def(bf.def).zh.clone()),
                    None => (format!("b{}", b + 1), format!("b{}", b + 1)),
                },
                Ref::Base => ("base".into(), "基地".into()),
                Ref::Seat(s) => (format!("P{}", s + 1), format!("玩家{}", s + 1)),
            }
        };
        match *action {
            RiftAction::Mull(c) => {
                let (e, z) = name(c);
                Label::new(format!("Mulligan {e}"), format!("调度 {z}"))
            }
            RiftAction::Keep => Label::new("Keep hand", "保留手牌"),
            RiftAction::Play(c) => {
                let (e, z) = name(c);
                Label::new(format!("Play {e}"), format!("打出 {z}"))
            }
            RiftAction::Act(Src::Legend) => {
                let l = self.def(self.players[self.acting().unwrap_or(0) as usize].legend);
                Label::new(format!("Use {}'s ability", l.name), format!("使用{}的能力", l.zh))
            }
            RiftAction::Act(src @ (Src::Obj(c) | Src::Nth(c, _))) => {
                let (e, z) = name(c);
                let k = if let Src::Nth(_, k) = src { k } else { 0 };
                // Several activated abilities: the label says which (`activated.rs`).
                let which = self
                    .objs
                    .get(c as usize)
                    .and_then(|_| self.nth_activated(c, k))
                    .and_then(|a| self.activated_words(c, k as usize, a));
                match which {
                    Some((we, wz)) => Label::new(format!("Use {e} ({we})"), format!("使用 {z}（{wz}）")),
                    None => Label::new(format!("Use {e}"), format!("使用 {z}")),
                }
            }
            RiftAction::Act(Src::Empower(c)) => {
                let (e, z) = name(c);
                Label::new(format!("Empower {e} (CR 827)"), format!("赋能 {z}（CR 827）"))
            }
            RiftAction::Move(c, r) => {
                let ((e, z), (pe, pz)) = (name(c), place(r));
                Label::new(format!("Move {e} to {pe}"), format!("移动 {z} 到 {pz}"))
            }
            RiftAction::Add(c) => {
                let (e, z) = name(c);
                Label::new(format!("Also move {e}"), format!("一同移动 {z}"))
            }
            RiftAction::Go => Label::new("Move now", "执行移动"),
            RiftAction::Hide(c, b) => {
                let ((e, z), (pe, pz)) = (name(c), place(Ref::Bf(b)));
                Label::new(format!("Hide {e} at {pe}"), format!("将 {z} 待命于 {pz}"))
            }
            RiftAction::End => Label::new("End turn", "结束回合"),
            RiftAction::Pass => Label::new("Pass", "让过"),
            RiftAction::Pick(r) => {
                let (e, z) = place(r);
                match &self.prompt {
                    Some(Prompt::Build(b)) => match b.stage {
                        Stage::Pay => Label::new(format!("Pay with {e}"), format!("用{z}支付")),
                        Stage::Location => Label::new(format!("Enter at {e}"), format!("在{z}进场")),
                        Stage::ExtraDiscard => match self.unit_cost_due(b) {
                            Some(c) => {
                                // Counters spent from a legend (CR 741–749): the pick names its seat.
                                let (e, z) = match r {
                                    Ref::Seat(_) => (format!("{e}'s legend"), format!("{z}的传奇")),
                                    _ => (e, z),
                                };
                                let (pe, pz) = c.phrase(&e, &z);
                                Label::new(
                                    format!("{} (additional cost)", capitalized(&pe)),
                                    format!("{pz}（额外费用）"),
                                )
                            }
                            None => {
                                Label::new(format!("Discard {e} (additional cost)"), format!("弃置{z}（额外费用）"))
                            }
                        },
                        Stage::Optional => match self.ability(&b.item).and_then(|a| a.lead) {
                            Some(crate::cards::Lead::RecycleHand) => {
                                Label::new(format!("Recycle {e} to use it"), format!("回收{z}以使用"))
                            }
                            _ => Label::new(format!("Discard {e} to use it"), format!("弃置{z}以使用")),
                        },
                        // A legend target is named by its player (CR 355.10.a.1).
                        Stage::Targets(_) if matches!(r, Ref::Seat(_)) => {
                            Label::new(format!("Target {e}'s legend"), format!("以{z}的传奇为目标"))
                        }
                        Stage::Targets(_) => Label::new(format!("Target {e}"), format!("以{z}为目标")),
                        Stage::Accelerate | Stage::Deflect | Stage::Repeat | Stage::PayInstr | Stage::EquipPip => {
                            Label::new(format!("Choose {e}"), format!("选择 {z}"))
                        }
                    },
                    Some(Prompt::Discard { .. }) => Label::new(format!("Discard {e}"), format!("弃置{z}")),
                    Some(Prompt::Recycle { .. }) => Label::new(format!("Recycle {e}"), format!("回收{z}")),
                    Some(Prompt::Assign { .. }) => {
                        Label::new(format!("Assign combat damage to {e}"), format!("将战斗伤害分配给{z}"))
                    }
                    Some(Prompt::Showdown { .. }) => {
                        Label::new(format!("Begin the showdown at {e}"), format!("在{z}开始对决"))
                    }
                    Some(Prompt::BurnOut { .. }) => {
                        Label::new(format!("{e} gains the burn-out point"), format!("{z}获得燃尽分"))
                    }
                    Some(Prompt::PlayFirst { .. }) => {
                        Label::new(format!("{e} takes the first turn"), format!("{z}先行"))
                    }
                    Some(Prompt::Split { .. }) => {
                        Label::new(format!("Deal 1 of the split damage to {e}"), format!("将1点分配伤害分给{z}"))
                    }
                    Some(Prompt::PredictMany { order: false, .. }) => {
                        Label::new(format!("Recycle {e} to the bottom of your deck"), format!("将{z}回收到牌库底"))
                    }
                    Some(Prompt::PredictMany { order: true, .. }) => {
                        Label::new(format!("Put {e} back next from the top"), format!("将{z}放回牌库顶的下一张"))
                    }
                    _ => Label::new(format!("Choose {e}"), format!("选择 {z}")),
                }
            }
            RiftAction::Swap(..) | RiftAction::Champion(_) | RiftAction::Field(_) => self.match_label(action),
            RiftAction::Pip(m) => {
                let (e, z) = crate::present::pip_words(m);
                let c = crate::present::pip_text(m);
                Label::new(
                    format!("Take the {e} pip [{c}] off the Equip cost (Weaponmaster)"),
                    format!("从装备费用中去掉{z}能量[{c}]（武器大师）"),
                )
            }
            RiftAction::Domain(d) => {
                let (e, z) =
                    (crate::cards::DOMAINS.get(d as usize).copied().unwrap_or("?"), crate::present::domain_zh(d));
                Label::new(format!("Add one {e} Power"), format!("添加1点{z}能量"))
            }
            RiftAction::Yes | RiftAction::No | RiftAction::Done
                if matches!(self.prompt, Some(Prompt::PlayFirst { .. } | Prompt::Sideboard { .. })) =>
            {
                self.match_label(action)
            }
            RiftAction::No if matches!(self.prompt, Some(Prompt::EnterReady { .. })) => {
                Label::new("Decline: it enters exhausted (CR 371)", "不适用：以横置状态进场（CR 371）")
            }
            RiftAction::No
                if matches!(self.prompt, Some(Prompt::Replacement { .. })) && self.damage_choice_unit(0).is_some() =>
            {
                Label::new("Apply it to none of them (CR 373.a, 371)", "都不适用（CR 373.a、371）")
            }
            RiftAction::No if matches!(self.prompt, Some(Prompt::Replacement { .. })) => {
                Label::new("Decline the optional replacement (CR 371)", "不适用可选的替代效果（CR 371）")
            }
            RiftAction::Yes | RiftAction::No => {
                let yes = *action == RiftAction::Yes;
                match &self.prompt {
                    Some(Prompt::Build(b)) if b.stage == Stage::Accelerate => {
                        if yes {
                            Label::new("Pay Accelerate: enter ready", "支付急速：以活跃状态进场")
                        } else {
                            Label::new("Don't accelerate", "不使用急速")
                        }
                    }
                    Some(Prompt::Build(b)) if b.stage == Stage::Repeat => {
                        if yes {
                            Label::new("Pay Repeat: execute it once more", "支付重复：再执行一次")
                        } else {
                            Label::new("Don't repeat", "不重复")
                        }
                    }
                    Some(Prompt::Build(b)) if b.stage == Stage::EquipPip => {
                        Label::new("Don't pay: don't attach", "不支付：不装备")
                    }
                    Some(Prompt::Build(b)) if b.stage == Stage::PayInstr && self.instr_pay_is_equip() => {
                        if yes {
                            Label::new("Pay the Equip cost and attach", "支付装备费用并装备")
                        } else {
                            Label::new("Don't pay: don't attach", "不支付：不装备")
                        }
                    }
                    Some(Prompt::Build(b)) if b.stage == Stage::PayInstr => {
                        if yes {
                            Label::new("Pay the cost and go on", "支付费用并继续")
                        } else {
                            Label::new("Don't pay: skip what follows", "不支付：跳过后续效果")
                        }
                    }
                    Some(Prompt::Build(b)) if b.stage == Stage::Deflect => {
                        if yes {
                            Label::new("Pay the Deflect cost", "支付偏转费用")
                        } else {
                            Label::new("Decline to pay Deflect: the trigger is removed", "拒绝支付偏转：移除该触发")
                        }
                    }
                    Some(Prompt::Build(_)) => {
                        if yes {
                            Label::new("Yes, use the trigger", "是，使用该触发")
                        } else {
                            Label::new("No, decline the trigger", "否，放弃该触发")
                        }
                    }
                    Some(Prompt::Predict { .. }) => {
                        if yes {
                            Label::new("Recycle the top card", "回收牌库顶的牌")
                        } else {
                            Label::new("Keep it on top", "留在牌库顶")
                        }
                    }
                    _ if yes => Label::new("Yes", "是"),
                    _ => Label::new("No", "否"),
                }
            }
            RiftAction::Done if matches!(self.prompt, Some(Prompt::PredictMany { .. })) => {
                Label::new("Keep the rest on top of your deck", "将其余的牌留在牌库顶")
            }
            RiftAction::Done => Label::new("Done choosing", "选择完毕"),
            RiftAction::Back => match &self.prompt {
                Some(Prompt::Build(b)) if b.card != NONE => {
                    let (e, z) = name(b.card);
                    Label::new(format!("Back out of playing {e}"), format!("撤回打出{z}"))
                }
                Some(Prompt::Build(b)) => {
                    let n = self.item_name(&b.item);
                    let z = self.item_zh(&b.item);
                    Label::new(format!("Back out of using {n}"), format!("撤回使用{z}"))
                }
                _ => Label::new("Back out", "撤回"),
            },
            RiftAction::Invite => Label::new("Invite your teammate to act", "邀请队友行动"),
            RiftAction::Exhaust(c, d) | RiftAction::Recycle(c, d) => {
                let (e, z) = name(c);
                let rune = self.objs.get(c as usize).is_some_and(|o| self.def(o.def).kind == crate::cards::Kind::Rune);
                let (de, dz) = match d {
                    crate::state::NOBODY => ("its".to_string(), "其".to_string()),
                    d => (
                        crate::cards::DOMAINS.get(d as usize).copied().unwrap_or("?").to_string(),
                        crate::present::domain_zh(d).to_string(),
                    ),
                };
                match action {
                    RiftAction::Exhaust(..) if rune => {
                        Label::new(format!("Exhaust {e}: add 1 Energy"), format!("横置{z}：获得1点能量"))
                    }
                    RiftAction::Exhaust(..) => {
                        Label::new(format!("Exhaust {e}: add 1 {de} Power"), format!("横置{z}：获得1点{dz}力量"))
                    }
                    _ => Label::new(format!("Recycle {e}: add 1 {de} Power"), format!("回收{z}：获得1点{dz}力量")),
                }
            }
            RiftAction::AutoPay => Label::new("Pay the rest automatically", "自动支付其余费用"),
            RiftAction::Concede(s) => {
                let s = if s == crate::state::NOBODY { self.acting().unwrap_or(0) } else { s };
                Label::new(format!("P{} concedes", s + 1), format!("玩家{}认输", s + 1))
            }
            RiftAction::ConcedeMatch(s) => {
                let s = if s == crate::state::NOBODY { self.acting().unwrap_or(0) } else { s };
                Label::new(format!("P{} concedes the match", s + 1), format!("玩家{}认输整场比赛", s + 1))
            }
            RiftAction::First(i)
                if matches!(self.prompt, Some(Prompt::Replacement { .. })) && !self.dmg_batch.is_empty() =>
            {
                let (e, z) = self.damage_choice_label(i as usize).unwrap_or_default();
                match (self.damage_choice_unit(i as usize), self.damage_ask()) {
                    (Some(u), _) => {
                        let (d, c) = (self.def(self.obj(u).def), self.obj(u).controller);
                        let (pe, pz) = (crate::present::seat_en(c), crate::present::seat_zh(c));
                        Label::new(
                            format!("Apply it to {} ({pe}'s unit): {e} (CR 373.a)", d.name),
                            format!("适用于{}（{pz}的单位）：{z}（CR 373.a）", d.zh),
                        )
                    }
                    (None, Some(crate::replace_ask::DamageAsk::May { .. })) => {
                        Label::new(format!("Apply: {e} (CR 374)"), format!("适用：{z}（CR 374）"))
                    }
                    _ => Label::new(format!("Apply first: {e} (CR 372)"), format!("先适用：{z}（CR 372）")),
                }
            }
            RiftAction::First(i) if matches!(self.prompt, Some(Prompt::EnterReady { .. })) => {
                let Some(Prompt::EnterReady { unit, .. }) = self.prompt else { unreachable!() };
                let (e, z) = self.enter_choice_label(unit, i as usize).unwrap_or_default();
                Label::new(format!("Apply: {e} (CR 372)"), format!("适用：{z}（CR 372）"))
            }
            RiftAction::First(i) if matches!(self.prompt, Some(Prompt::Replacement { .. })) => {
                let Some(Prompt::Replacement { unit, .. }) = self.prompt else { unreachable!() };
                let (e, z) = self.death_choices(unit).get(i as usize).map(|r| r.text()).unwrap_or_default();
                Label::new(format!("Apply instead of the death: {e} (CR 372)"), format!("代替死亡适用：{z}（CR 372）"))
            }
            RiftAction::First(i) => {
                let n = self.pending.get(i as usize).map(|p| self.item_name(&p.item)).unwrap_or_default();
                Label::new(format!("Put {n} on the chain first"), format!("先将 {n} 放入链"))
            }
        }
    }

    fn concede_action(&self, seat: Seat) -> Option<RiftAction> {
        // Leaving the table: in a match that concedes the whole match (`concede PN match`).
        let a = if self.several_games() { RiftAction::ConcedeMatch(seat.0) } else { RiftAction::Concede(seat.0) };
        self.can_concede(seat.0).then_some(a)
    }

    fn out_of_turn_actions(&self, seat: Seat) -> Vec<RiftAction> {
        // CR 649: at any time; in a Bo3/Bo5 match the current game (`concede PN`) or the match.
        let mut out = Vec::new();
        self.concessions(seat.0, &mut out);
        out
    }

    fn action_meta(&self, action: &RiftAction) -> ActionMeta {
        self.meta_of(*action)
    }

    fn prompt(&self) -> Option<engine::Prompt> {
        self.prompt_now()
    }

    fn describe_event(&self, event: &RiftEvent) -> EventText {
        self.describe(event)
    }

    fn outcome_label(&self, outcome: &engine::Outcome) -> Label {
        self.outcome_words(outcome)
    }

    fn catalogue(&self) -> Vec<CardInfo> {
        crate::present::catalogue(self.db())
    }

    fn options_info() -> Vec<OptionInfo> {
        crate::present::options_info()
    }

    fn render(&self, viewer: Viewer) -> String {
        crate::render::render(self, viewer)
    }

    /// The position notation (docs/riftbound.md, "Position notation").
    /// A game of a match holds the match record too (`match`, `m1`, `m2`).
    fn position(&self) -> Option<String> {
        Some(self.write_position())
    }

    /// Read a position; the mode must be the options' and the position is taken as it stands
    /// (nothing is advanced), so write one where a player is to act.
    fn from_position(options: &RiftOptions, text: &str) -> Result<Self, SetupError> {
        if options.edition != crate::options::Edition::Cr20260716 {
            return Err(SetupError::new(format!(
                "not implemented: rules edition {:?} (only the Core Rules of 2026-07-16, spec §26)",
                options.edition
            )));
        }
        crate::position::read(options, text).map_err(SetupError::new)
    }
}

/// The phrase with its first letter in capitals ("kill X" → "Kill X").
fn capitalized(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}
