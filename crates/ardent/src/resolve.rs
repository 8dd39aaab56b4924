//! How effects resolve (spec §5.5): a stack of frames run by the current player's decisions.
//! Each instruction is done as far as possible; choices with one option are made for the
//! player; choices with several stop the run with a prompt (an atomic decision).

use crate::card::{CardState, CardType};
use crate::effect::{Dest, Filter, Lasting, Quant, RotateTo, Selector, Side, Step, Trigger, ZoneSel};
use crate::event::{ArdentEvent, Log};
use crate::pile::Pile;
use crate::state::{bit, owner, ArdentGame, Ctx, Frame, Prompt, PromptKind, TriggerItem, Zone};
use engine::Seat;

/// The numbers Pinpoint may name: the VP range of the card pool (spec §2.5).
pub const NAMEABLE: std::ops::RangeInclusive<i8> = -2..=4;

pub(crate) enum Flow {
    /// The step is done: go to the next.
    Next,
    /// Skip the next step too (a failed `if_done` / `else`).
    Skip,
    /// A decision is needed (a prompt is set) or a frame was pushed: come back to this step.
    Wait,
    /// End the ability (a failed `require`).
    Stop,
    /// The step already advanced its frame and pushed a new one on top.
    Pushed,
}

impl ArdentGame {
    pub(crate) fn ask(&mut self, kind: PromptKind, options: Pile, optional: bool) {
        self.ask_as(self.current, kind, options, optional);
    }

    pub(crate) fn ask_as(&mut self, actor: Seat, kind: PromptKind, options: Pile, optional: bool) {
        self.prompt = Some(Prompt { actor, kind, options, optional });
    }

    /// Pop the top frame; triggers queued meanwhile form a batch on top (§5.5).
    pub(crate) fn pop_frame(&mut self) {
        if let Some(Frame::Ability { .. }) = self.stack.pop() {
            self.revealed_hand = [false; 2];
        }
        self.push_queued();
    }

    pub(crate) fn push_queued(&mut self) {
        if !self.queued.is_empty() {
            let items = std::mem::take(&mut self.queued);
            self.stack.push(Frame::Batch { items });
        }
    }

    /// Triggers of one card for a use or fight result, in printed order.
    pub(crate) fn triggers_of(&self, c: u8, wanted: &[Trigger], out: &mut Vec<TriggerItem>) {
        for (i, a) in self.card(c).abilities.iter().enumerate() {
            if wanted.contains(&a.trigger) {
                out.push(TriggerItem { source: c, controller: self.controller(c), ability: i as u8 });
            }
        }
    }

    /// Run the stack until a decision is needed, the Main step waits, or the game is over.
    pub(crate) fn run(&mut self, log: &mut Log) {
        loop {
            if self.outcome.is_some() || self.prompt.is_some() {
                return;
            }
            let Some(top) = self.stack.last() else {
                if !self.queued.is_empty() {
                    self.push_queued();
                    continue;
                }
                // A top-level action is complete (A11).
                if self.check_end(log) {
                    return;
                }
                if self.flags.end_turn {
                    let skip = self.options.end_turn_skips_rotate_and_draw;
                    self.end_turn(skip, log);
                    continue;
                }
                return;
            };
            match top.clone() {
                Frame::Ability { .. } => self.step_ability(log),
                Frame::Batch { items } => self.step_batch(items),
                Frame::PlayCard { card, by, enter_active, phase } => self.step_play(card, by, enter_active, phase, log),
                Frame::FightBuild { attackers, defenders, phase } => {
                    self.step_fight_build(attackers, defenders, phase, log)
                }
                Frame::FightFinish { attackers, defenders, attackers_win, winner } => {
                    self.finish_fight(attackers, defenders, attackers_win, winner, log)
                }
                Frame::HarvestFinish { card, seat } => {
                    if self.in_play(card) {
                        let from = self.loc(card).zone;
                        self.move_card(card, seat, Zone::Score, true);
                        self.log_move(log, card, from);
                    }
                    self.pop_frame();
                }
            }
        }
    }

    fn step_batch(&mut self, items: Vec<TriggerItem>) {
        if items.is_empty() {
            self.pop_frame();
            return;
        }
        // Identical triggers (same card text, same controller) resolve alike in any order.
        let mut distinct = Pile::default();
        for (i, it) in items.iter().enumerate() {
            let same = items[..i].iter().any(|o| {
                self.defs[o.source as usize] == self.defs[it.source as usize]
                    && o.controller == it.controller
                    && o.ability == it.ability
            });
            if !same {
                distinct.push(it.source);
            }
        }
        if distinct.len() == 1 {
            self.start_trigger(0);
        } else {
            self.ask(PromptKind::Trigger, distinct, false);
        }
    }

    /// Take item `i` out of the top batch and start it.
    pub(crate) fn start_trigger(&mut self, i: usize) {
        if let Some(Frame::Batch { items }) = self.stack.last_mut() {
            let it = items.remove(i);
            self.stack.push(Frame::Ability {
                source: it.source,
                controller: it.controller,
                ability: it.ability,
                pc: 0,
                ctx: Ctx { last: 255, ..Ctx::default() },
            });
        }
    }

    fn ability_frame(&self) -> Option<(usize, u8, Seat, u8, u8, Ctx)> {
        let idx = self.stack.len().checked_sub(1)?;
        match self.stack[idx] {
            Frame::Ability { source, controller, ability, pc, ctx } => {
                Some((idx, source, controller, ability, pc, ctx))
            }
            _ => None,
        }
    }

    /// The step the top ability frame is on (inside a chosen mode), if any.
    pub(crate) fn current_step(&self) -> Option<&Step> {
        let (_, source, _, ability, pc, ctx) = self.ability_frame()?;
        let steps = &self.card(source).abilities[ability as usize].steps;
        let step = steps.get(pc as usize)?;
        match step {
            Step::Choose(modes) if ctx.mode > 0 => modes.get(ctx.mode as usize - 1),
            s => Some(s),
        }
    }

    pub(crate) fn set_ctx(&mut self, idx: usize, new_ctx: Ctx, advance: u8) {
        if let Some(Frame::Ability { pc, ctx, .. }) = self.stack.get_mut(idx) {
            *ctx = new_ctx;
            if advance > 0 {
                *pc += advance;
                ctx.count = 0;
                ctx.mode = 0;
                ctx.sub = 0;
            }
        }
    }

    fn step_ability(&mut self, log: &mut Log) {
        let Some((idx, source, controller, ability, pc, mut ctx)) = self.ability_frame() else { return };
        // The set is shared (an `Arc`): hold it so the step can be read while the state changes.
        let cards = self.options.cards.arc().clone();
        let steps = &cards.def(self.defs[source as usize]).abilities[ability as usize].steps;
        let Some(step) = steps.get(pc as usize) else {
            self.pop_frame();
            return;
        };
        let step = match step {
            Step::Choose(modes) => {
                if ctx.mode == 0 {
                    let mut opts = Pile::default();
                    for m in 1..=modes.len() as u8 {
                        opts.push(m);
                    }
                    self.ask(PromptKind::Mode(modes.len() as u8), opts, false);
                    return;
                }
                &modes[ctx.mode as usize - 1]
            }
            s => s,
        };
        let flow = self.exec(step, source, controller, &mut ctx, log);
        match flow {
            Flow::Next => self.set_ctx(idx, ctx, 1),
            Flow::Skip => self.set_ctx(idx, ctx, 2),
            Flow::Wait => self.set_ctx(idx, ctx, 0),
            Flow::Stop => self.set_ctx(idx, ctx, steps.len() as u8),
            Flow::Pushed => {}
        }
    }

    fn side_seats(controller: Seat, side: Side) -> [Option<Seat>; 2] {
        match side {
            Side::My => [Some(controller), None],
            Side::Enemy => [Some(controller.other()), None],
            Side::Any => [Some(controller), Some(controller.other())],
        }
    }

    pub(crate) fn matches(&self, c: u8, f: &Filter, ctx: &Ctx) -> bool {
        let d = self.card(c);
        if f.creature && d.card_type != CardType::Creature {
            return false;
        }
        if f.relic && d.card_type != CardType::Relic {
            return false;
        }
        if let Some(s) = f.state {
            if !self.in_play(c) || self.state_of(c) != s {
                return false;
            }
        }
        let vp = d.vp;
        if f.vp_min.is_some_and(|m| vp < m) || f.vp_max.is_some_and(|m| vp > m) {
            return false;
        }
        if f.vp_is_number && vp != ctx.number {
            return false;
        }
        if f.power_min.is_some() || f.power_max.is_some() {
            let p = self.power(c);
            if f.power_min.is_some_and(|m| p < m as i32) || f.power_max.is_some_and(|m| p > m as i32) {
                return false;
            }
        }
        true
    }

    /// Every card a selector matches now, duplicates included, in zone order.
    pub(crate) fn all_matching(&self, sel: &Selector, controller: Seat, ctx: &Ctx, exclude_marked: bool) -> Pile {
        let mut out = Pile::default();
        let mut consider = |c: u8| {
            if !(exclude_marked && ctx.marked & bit(c) != 0) && self.matches(c, &sel.filter, ctx) {
                out.push(c);
            }
        };
        if sel.zone == ZoneSel::Marked {
            crate::state::cards_in(ctx.marked).for_each(&mut consider);
            return out;
        }
        let zones: &[Zone] = match sel.zone {
            ZoneSel::Line => &[Zone::Line],
            ZoneSel::Relics => &[Zone::Relics],
            ZoneSel::Play => &[Zone::Line, Zone::Relics],
            ZoneSel::Hand => &[Zone::Hand],
            ZoneSel::Score => &[Zone::Score],
            ZoneSel::Discard => &[Zone::Discard],
            _ => &[],
        };
        for seat in Self::side_seats(controller, sel.side).into_iter().flatten() {
            for &z in zones {
                self.pile(seat, z).iter().for_each(&mut consider);
            }
        }
        out
    }

    /// Cards a selector may pick now. Identical cards in one pile are offered once.
    pub(crate) fn candidates(&self, sel: &Selector, controller: Seat, ctx: &Ctx, exclude_marked: bool) -> Pile {
        let all = self.all_matching(sel, controller, ctx, exclude_marked);
        let mut out = Pile::default();
        for c in all.iter() {
            let l = self.loc(c);
            if !l.zone.in_play()
                && out.iter().any(|o| self.loc(o) == l && self.defs[o as usize] == self.defs[c as usize])
            {
                continue;
            }
            out.push(c);
        }
        // Superlatives: keep the cards at the extreme; ties go to the current player (A28).
        let key = |c: u8| -> Option<i32> {
            match sel.quant {
                Quant::MinVp => Some(self.card(c).vp as i32),
                Quant::MaxVp => Some(-(self.card(c).vp as i32)),
                Quant::MinPower => Some(self.power(c)),
                _ => None,
            }
        };
        if let Some(best) = out.iter().filter_map(key).min() {
            let mut kept = Pile::default();
            for c in out.iter() {
                if key(c) == Some(best) {
                    kept.push(c);
                }
            }
            out = kept;
        }
        out
    }

    /// Refill an empty deck from the discard pile, lazily (A10). False if both are empty.
    pub(crate) fn ensure_deck(&mut self, seat: Seat, log: &mut Log) -> bool {
        if !self.pile(seat, Zone::Deck).is_empty() {
            return true;
        }
        if self.pile(seat, Zone::Discard).is_empty() {
            return false;
        }
        let cards = *self.pile(seat, Zone::Discard);
        for c in cards.iter() {
            self.move_card(c, seat, Zone::Deck, true);
        }
        self.shuffle_deck(seat);
        log.public(|| ArdentEvent::Reshuffled { seat });
        true
    }

    pub(crate) fn shuffle_deck(&mut self, seat: Seat) {
        let mut deck = self.zones[seat.index()][Zone::Deck as usize];
        self.rng.shuffle(deck.as_mut_slice());
        self.zones[seat.index()][Zone::Deck as usize] = deck;
    }

    /// Draw up to `n` cards (§4.4), reshuffling when needed.
    pub(crate) fn draw(&mut self, seat: Seat, n: usize, log: &mut Log) {
        for _ in 0..n {
            if !self.ensure_deck(seat, log) {
                return;
            }
            let Some(c) = self.pile(seat, Zone::Deck).last() else { return };
            self.move_card(c, seat, Zone::Hand, true);
            if log.is_enabled() {
                let card = self.card_ref(c);
                log.private(
                    seat,
                    || ArdentEvent::Drew { seat, card: Some(card) },
                    || ArdentEvent::Drew { seat, card: None },
                );
            }
        }
    }

    /// Move a chosen card to a destination (spec §2.1: hand, deck and discard are the owner's).
    /// Returns false when the move waits for a line-end decision.
    fn do_move(&mut self, c: u8, dest: Dest, controller: Seat, ctx: &mut Ctx, log: &mut Log) -> bool {
        let own = owner(c);
        let from = self.loc(c).zone;
        ctx.last = c;
        ctx.marked &= !bit(c);
        match dest {
            Dest::OwnerHand => self.move_card(c, own, Zone::Hand, true),
            Dest::OwnerDiscard => self.move_card(c, own, Zone::Discard, true),
            Dest::OwnerDeckTop => self.move_card(c, own, Zone::Deck, true),
            Dest::OwnerDeckBottom => self.move_card(c, own, Zone::Deck, false),
            Dest::OwnerDeckShuffle => {
                self.move_card(c, own, Zone::Deck, true);
                self.shuffle_deck(own);
                self.log_move(log, c, from);
                log.public(|| ArdentEvent::Shuffled { seat: own });
                return true;
            }
            Dest::MyScore => self.move_card(c, controller, Zone::Score, true),
            Dest::OppScore => self.move_card(c, controller.other(), Zone::Score, true),
            Dest::OwnerScore => self.move_card(c, own, Zone::Score, true),
            Dest::ControllerScore => {
                let ctrl = if self.in_play(c) { self.controller(c) } else { own };
                self.move_card(c, ctrl, Zone::Score, true)
            }
            Dest::MyLine | Dest::OppLine => {
                let to = if dest == Dest::MyLine { controller } else { controller.other() };
                if !self.in_play(c) || self.controller(c) == to {
                    return true;
                }
                if !self.pile(to, Zone::Line).is_empty() {
                    ctx.sub = 2;
                    self.ask(PromptKind::Side, Pile::default(), false);
                    return false;
                }
                self.move_card(c, to, Zone::Line, true);
            }
        }
        self.log_move(log, c, from);
        true
    }

    /// Finish a line-end decision for a control change (A22): the card keeps its state.
    pub(crate) fn place_controlled(&mut self, right: bool, log: &mut Log) {
        let Some((idx, _, controller, _, _, mut ctx)) = self.ability_frame() else { return };
        let Some(Step::Move(_, dest)) = self.current_step() else { return };
        let to = if *dest == Dest::MyLine { controller } else { controller.other() };
        let c = ctx.last;
        let state = self.state_of(c);
        self.move_card(c, to, Zone::Line, right);
        self.cstate[c as usize] = state;
        self.log_move(log, c, Zone::Line);
        ctx.sub = 0;
        ctx.count += 1;
        self.set_ctx(idx, ctx, 0);
    }

    fn rotate(&mut self, c: u8, s: CardState, log: &mut Log) {
        self.cstate[c as usize] = s;
        if log.is_enabled() {
            let card = self.card_ref(c);
            log.public(|| ArdentEvent::Rotated { card, state: s });
        }
    }

    /// Apply a chosen card to the current step. False when a sub-decision is pending.
    pub(crate) fn apply_choice(&mut self, step: &Step, c: u8, controller: Seat, ctx: &mut Ctx, log: &mut Log) -> bool {
        match step {
            Step::Move(_, dest) => self.do_move(c, *dest, controller, ctx, log),
            Step::Mark(_) => {
                ctx.marked |= bit(c);
                ctx.last = c;
                true
            }
            Step::Rotate(_, RotateTo::State(s)) => {
                ctx.last = c;
                self.rotate(c, *s, log);
                true
            }
            Step::Rotate(_, RotateTo::Different) => {
                ctx.last = c;
                ctx.sub = 1;
                let mut opts = Pile::default();
                for s in CardState::ALL {
                    if s != self.state_of(c) {
                        opts.push(s as u8);
                    }
                }
                self.ask(PromptKind::State, opts, false);
                false
            }
            _ => true,
        }
    }

    /// Finish a "different state" decision (Pinwheel).
    pub(crate) fn rotate_last_to(&mut self, s: CardState, log: &mut Log) {
        let Some((idx, _, _, _, _, mut ctx)) = self.ability_frame() else { return };
        self.rotate(ctx.last, s, log);
        ctx.sub = 0;
        ctx.count += 1;
        self.set_ctx(idx, ctx, 0);
    }

    fn selector_of(step: &Step) -> Option<&Selector> {
        match step {
            Step::Move(s, _) | Step::Mark(s) | Step::Rotate(s, _) => Some(s),
            _ => None,
        }
    }

    /// Execute one step as far as possible.
    fn exec(&mut self, step: &Step, source: u8, controller: Seat, ctx: &mut Ctx, log: &mut Log) -> Flow {
        match step {
            Step::Draw(n) => {
                self.draw(controller, *n as usize, log);
                Flow::Next
            }
            Step::Move(..) | Step::Mark(..) | Step::Rotate(..) => self.exec_select(step, source, controller, ctx, log),
            Step::Reveal(side) => {
                let seat = if *side == Side::Enemy { controller.other() } else { controller };
                self.revealed_hand[seat.index()] = true;
                self.log_reveal(log, seat);
                Flow::Next
            }
            Step::PlayDeck { top } => {
                if self.ensure_deck(controller, log) {
                    let deck = self.pile(controller, Zone::Deck);
                    let c = if *top { deck.last() } else { deck.first() };
                    if let Some(c) = c {
                        // A26: restrictions still apply; a card that cannot be played stays.
                        if self.may_play_type(controller, self.card(c).card_type) {
                            ctx.last = c;
                            let idx = self.stack.len() - 1;
                            self.set_ctx(idx, *ctx, 1);
                            self.start_play(c, controller, log);
                            return Flow::Pushed;
                        }
                    }
                }
                Flow::Next
            }
            Step::FightLast => {
                let c = ctx.last;
                if c != 255 && self.card(c).is_creature() && self.can_attack(c) && self.valid_defenders(bit(c)) != 0 {
                    let idx = self.stack.len() - 1;
                    self.set_ctx(idx, *ctx, 1);
                    self.stack.push(Frame::FightBuild { attackers: bit(c), defenders: 0, phase: 1 });
                    return Flow::Pushed;
                }
                Flow::Next
            }
            Step::EndTurn => {
                self.flags.end_turn = true;
                Flow::Next
            }
            Step::Lasting(l) => {
                let (seat, name) = match l {
                    Lasting::JumpStart => {
                        self.lasting.jump_start[controller.index()] = true;
                        (controller, "jump start")
                    }
                    Lasting::Lullaby => {
                        self.lasting.lullaby_by[controller.index()] = true;
                        (controller.other(), "lullaby")
                    }
                    Lasting::CalmDown => {
                        self.lasting.no_actions[controller.other().index()] = true;
                        (controller.other(), "calm down")
                    }
                    Lasting::SilentRoom => {
                        self.lasting.no_cards[controller.other().index()] = true;
                        (controller.other(), "silent room")
                    }
                };
                log.public(|| ArdentEvent::Lasting { seat, effect: name.into() });
                Flow::Next
            }
            Step::Choose(_) => Flow::Next,
            Step::IfDone => {
                ctx.branch = ctx.done_full;
                if ctx.branch {
                    Flow::Next
                } else {
                    Flow::Skip
                }
            }
            Step::Else => {
                if ctx.branch {
                    Flow::Skip
                } else {
                    Flow::Next
                }
            }
            Step::RequireOppScoreHigher => {
                if self.score(controller.other()) > self.score(controller) {
                    Flow::Next
                } else {
                    Flow::Stop
                }
            }
            Step::NameNumber => {
                let mut opts = Pile::default();
                for n in NAMEABLE {
                    opts.push((n - NAMEABLE.start()) as u8);
                }
                self.ask(PromptKind::Number, opts, false);
                Flow::Wait
            }
            Step::Nudge => {
                let mut cards = *self.pile(controller, Zone::Discard);
                self.rng.shuffle(cards.as_mut_slice());
                for c in cards.iter() {
                    self.move_card(c, controller, Zone::Deck, true);
                }
                log.public(|| ArdentEvent::Reshuffled { seat: controller });
                Flow::Next
            }
        }
    }

    fn exec_select(&mut self, step: &Step, source: u8, controller: Seat, ctx: &mut Ctx, log: &mut Log) -> Flow {
        let Some(sel) = Self::selector_of(step) else { return Flow::Next };
        let is_mark = matches!(step, Step::Mark(_));
        match sel.quant {
            Quant::All => {
                let all = self.all_matching(sel, controller, ctx, is_mark);
                for c in all.iter() {
                    self.apply_choice(step, c, controller, ctx, log);
                }
                ctx.done_full = true;
                Flow::Next
            }
            Quant::Top | Quant::Bottom => {
                let seat = if sel.side == Side::Enemy { controller.other() } else { controller };
                ctx.done_full = false;
                if self.ensure_deck(seat, log) {
                    let deck = self.pile(seat, Zone::Deck);
                    if let Some(c) = if sel.quant == Quant::Top { deck.last() } else { deck.first() } {
                        self.apply_choice(step, c, controller, ctx, log);
                        ctx.done_full = true;
                    }
                }
                Flow::Next
            }
            Quant::This | Quant::Last => {
                let c = if sel.quant == Quant::This { source } else { ctx.last };
                ctx.done_full = false;
                let ok = c != 255 && (sel.quant == Quant::Last || self.in_play(c)) && self.matches(c, &sel.filter, ctx);
                if ok {
                    self.apply_choice(step, c, controller, ctx, log);
                    ctx.done_full = true;
                }
                Flow::Next
            }
            Quant::Random(n) => self.exec_random(step, sel, n, controller, ctx, log),
            Quant::OppChoice(n) if !self.options.opponent_chooses_own_discards => {
                self.exec_random(step, sel, n, controller, ctx, log)
            }
            _ => self.exec_chosen(step, sel, controller, ctx, log),
        }
    }

    fn exec_random(
        &mut self,
        step: &Step,
        sel: &Selector,
        n: u8,
        controller: Seat,
        ctx: &mut Ctx,
        log: &mut Log,
    ) -> Flow {
        let mut done = 0;
        for _ in 0..n {
            // Random picks are over every card, duplicates included (A12).
            let all = self.all_matching(sel, controller, ctx, false);
            if all.is_empty() {
                break;
            }
            let c = all.as_slice()[self.rng.index(all.len())];
            self.apply_choice(step, c, controller, ctx, log);
            done += 1;
        }
        ctx.done_full = done == n;
        Flow::Next
    }

    fn exec_chosen(&mut self, step: &Step, sel: &Selector, controller: Seat, ctx: &mut Ctx, log: &mut Log) -> Flow {
        let (target, optional) = match sel.quant {
            Quant::MayOne => (1, true),
            Quant::UpTo(n) => (n, true),
            Quant::Exactly(n) | Quant::OppChoice(n) => (n, false),
            _ => (1, false),
        };
        loop {
            if ctx.count >= target {
                ctx.done_full = true;
                return Flow::Next;
            }
            let cands = self.candidates(sel, controller, ctx, matches!(step, Step::Mark(_)));
            if cands.is_empty() {
                ctx.done_full = false;
                return Flow::Next;
            }
            // Every candidate will be taken anyway: no decision to ask for.
            if !optional && cands.len() <= (target - ctx.count) as usize {
                let c = cands.as_slice()[0];
                if !self.apply_choice(step, c, controller, ctx, log) {
                    return Flow::Wait;
                }
                ctx.count += 1;
                continue;
            }
            let actor = if matches!(sel.quant, Quant::OppChoice(_)) { controller.other() } else { self.current };
            self.ask_as(actor, PromptKind::Card, cands, optional);
            return Flow::Wait;
        }
    }

    /// The current player picked card `c` for the top ability's step.
    pub(crate) fn pick_for_ability(&mut self, c: u8, log: &mut Log) {
        let Some((idx, _, controller, _, _, mut ctx)) = self.ability_frame() else { return };
        let Some(step) = self.current_step().cloned() else { return };
        if self.apply_choice(&step, c, controller, &mut ctx, log) {
            ctx.count += 1;
        }
        self.set_ctx(idx, ctx, 0);
    }

    /// "Done" for an optional choice: the step ends with what was chosen.
    pub(crate) fn done_for_ability(&mut self) {
        let Some((idx, _, _, _, _, mut ctx)) = self.ability_frame() else { return };
        ctx.done_full = false;
        self.set_ctx(idx, ctx, 1);
    }

    /// Play a card (§5.1): it moves to the resolution zone and counts as played.
    pub(crate) fn start_play(&mut self, c: u8, by: Seat, log: &mut Log) {
        let t = self.card(c).card_type;
        self.flags.played = true;
        let mut enter_active = false;
        if self.lasting.jump_start[by.index()] {
            // A25: used up by the next card of any type.
            self.lasting.jump_start[by.index()] = false;
            enter_active = t != CardType::Action;
        }
        if t == CardType::Creature {
            if self.ladder_in_play() && self.flags.creatures_played[by.index()] == 0 {
                enter_active = true;
            }
            self.flags.creatures_played[by.index()] += 1;
        }
        let from = self.loc(c).zone.name().to_string();
        self.move_card(c, by, Zone::Limbo, true);
        if log.is_enabled() {
            let card = self.card_ref(c);
            log.public(|| ArdentEvent::Played { seat: by, card, from });
        }
        self.stack.push(Frame::PlayCard { card: c, by, enter_active, phase: 0 });
    }

    fn set_play_phase(&mut self, p: u8) {
        if let Some(Frame::PlayCard { phase, .. }) = self.stack.last_mut() {
            *phase = p;
        }
    }

    fn step_play(&mut self, c: u8, by: Seat, enter_active: bool, phase: u8, log: &mut Log) {
        let state = if enter_active { CardState::Active } else { CardState::Dormant };
        match phase {
            0 => {
                let t = self.card(c).card_type;
                if t == CardType::Creature && !self.pile(by, Zone::Line).is_empty() {
                    self.ask(PromptKind::Side, Pile::default(), false);
                    return;
                }
                if t != CardType::Action {
                    self.enter_play(c, by, true, state);
                    self.log_move(log, c, Zone::Limbo);
                }
                self.set_play_phase(1);
            }
            1 => {
                self.set_play_phase(2);
                if let Some(i) = self.card(c).ability_index(Trigger::Play) {
                    self.stack.push(Frame::Ability {
                        source: c,
                        controller: by,
                        ability: i as u8,
                        pc: 0,
                        ctx: Ctx { last: 255, ..Ctx::default() },
                    });
                }
            }
            _ => {
                // An Action goes to the score pile of the player who played it (§2.3, A37).
                if self.loc(c).zone == Zone::Limbo {
                    self.move_card(c, by, Zone::Score, true);
                    self.log_move(log, c, Zone::Limbo);
                }
                self.pop_frame();
            }
        }
    }

    /// A creature being played goes to the chosen end of the line (§5.1).
    pub(crate) fn place_played(&mut self, right: bool, log: &mut Log) {
        if let Some(Frame::PlayCard { card, by, enter_active, .. }) = self.stack.last().cloned() {
            let state = if enter_active { CardState::Active } else { CardState::Dormant };
            self.enter_play(card, by, right, state);
            self.log_move(log, card, Zone::Limbo);
            self.set_play_phase(1);
        }
    }
}
