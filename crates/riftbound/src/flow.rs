//! The game loop: HOT FEPR (CR 334) — outstanding tasks (turn steps, cleanups), pending triggers,
//! then Finalize / Execute / Pass / Resolve on the chain; showdowns (CR 341–348) and combat
//! (CR 459–466); turn structure (CR 314–317, §31).

use crate::action::ObjId;
use crate::board_index::BoardSet;
use crate::cards::{kw, On};
use crate::notes::{By, Note};
use crate::state::*;
use engine::Outcome;

impl RiftGame {
    /// Run automatic steps until a player must decide or the game is over.
    pub fn advance(&mut self) {
        loop {
            if self.outcome.is_some() || self.prompt.is_some() {
                return;
            }
            // A unit that entered waits for its controller's enter-ready choice (`replace_enter.rs`).
            if !self.enter_wait.is_empty() && self.ask_enter_ready() {
                return;
            }
            // A burn-out point (CR 431) owed while another choice was open, then the rest of the
            // draw it held up: both before the instruction that drew goes on.
            if let Some(&seat) = self.burnout_owed.first() {
                self.burn_out_point(seat);
                continue;
            }
            if !self.draw_rest.is_empty() {
                self.finish_draw();
                continue;
            }
            // The Draw Phase's draw that a burn-out held up is finished: the Main Phase starts.
            if self.phase == Phase::DrawHeld {
                self.main_phase_start();
                continue;
            }
            if let Some(r) = self.resolving.take() {
                self.continue_resolve(r);
                continue;
            }
            self.cleanup();
            if self.outcome.is_some() {
                return;
            }
            if !self.pending.is_empty() {
                self.place_trigger();
                continue;
            }
            if !self.chain.is_empty() {
                if self.passes >= self.active_n() {
                    self.resolve_top();
                    continue;
                }
                return;
            }
            if let Some(sd) = &self.showdown {
                if self.focus_pass_due {
                    self.focus_pass_due = false;
                    let f = self.next_seat(sd.focus);
                    let sd = self.showdown.as_mut().expect("showdown");
                    sd.focus = f;
                    sd.passes = 0;
                    continue;
                }
                if let Some(c) = &sd.combat {
                    if c.stage == CombatStage::AfterDamage {
                        self.finish_combat();
                        continue;
                    }
                }
                if sd.passes >= self.active_n() {
                    self.end_showdown();
                    continue;
                }
                return;
            }
            match self.phase {
                Phase::Mulligan | Phase::Main => return,
                Phase::Beginning => self.beginning_phase(),
                Phase::Scoring => self.scoring_step(),
                Phase::Channel => self.channel_phase(),
                Phase::Draw => self.draw_phase(),
                Phase::DrawHeld => self.main_phase_start(),
                Phase::Ending => self.ending_phase(),
            }
        }
    }

    /// Awaken (CR 315.1), then the Beginning Step: Temporary kills (CR 816).
    fn beginning_phase(&mut self) {
        let tp = self.turn_player;
        let turn = self.turn;
        self.notes.add(|| Note::Turn { turn, seat: tp });
        self.players[tp as usize].legend_exhausted = false;
        for i in self.board_ids_of(tp) {
            let o = &mut self.objs[i as usize];
            if o.zone.on_board() && o.controller == tp {
                o.set(flag::EXHAUSTED, false);
            }
        }
        // "At the start of your Beginning Phase" abilities (CR 315.1.b), Temporary's among them.
        self.fire_controlled(tp, On::Beginning, None);
        self.fire_equipment_temporary(tp);
        self.phase = Phase::Scoring;
    }

    /// Scoring step (CR 315.2.b): Hold every battlefield the turn player controls. In 2v2 the
    /// battlefields the ally controls now can't be conquered by the team this turn (CR 489.8.g).
    fn scoring_step(&mut self) {
        let tp = self.turn_player;
        if let Some(a) = self.ally(tp) {
            let bfs = 0..self.bfs.len() as u8;
            self.ally_held = bfs.clone().filter(|&b| self.bfs[b as usize].controller == a).fold(0, |m, b| m | 1 << b);
            self.ally_occupied = bfs.filter(|&b| self.has_units_at(a, Loc::Bf(b))).fold(0, |m, b| m | 1 << b);
        }
        for b in 0..self.bfs.len() as u8 {
            if self.bfs[b as usize].controller == tp {
                self.score(tp, b, false);
            }
        }
        self.phase = Phase::Channel;
    }

    /// Channel 2 runes (CR 315.3); the last player in turn order channels one more on their first
    /// turn (the second player in 1v1, CR 482; the last of three or four, CR 486–489).
    fn channel_phase(&mut self) {
        let tp = self.turn_player;
        let extra = i32::from(self.first_round_extra_rune(tp));
        self.channel(tp, 2 + extra, false);
        self.phase = Phase::Draw;
    }

    /// Draw 1 (CR 315.4) — in FFA and 2v2 the first player skips their first draw (CR 486–489) —
    /// then the Main Phase starts. An empty deck burns out (CR 431) and in FFA the burning player
    /// chooses who gains the point in the middle of the draw: the phase waits (`DrawHeld`) until
    /// the point is given and the card drawn, and only then does the Main Phase start.
    fn draw_phase(&mut self) {
        let tp = self.turn_player;
        if !self.first_round_skips_draw(tp) {
            self.draw(tp, 1);
        }
        if self.prompt.is_some() || !self.draw_rest.is_empty() {
            self.phase = Phase::DrawHeld;
            return;
        }
        self.main_phase_start();
    }

    /// The Main Phase starts: every rune pool empties (CR 316.2).
    fn main_phase_start(&mut self) {
        for p in self.players.iter_mut() {
            p.pool = Pool::default();
        }
        self.phase = Phase::Main;
        let tp = self.turn_player;
        self.notes.add(|| Note::Phase { phase: Phase::Main, seat: tp });
    }

    /// Ending Phase (CR 317): the Expiration Step's special cleanup heals all units, ends "this
    /// turn" effects (Stun included, CR 423.1.a.2) and empties rune pools; then the next turn.
    fn ending_phase(&mut self) {
        let tp = self.turn_player;
        self.notes.add(|| Note::Phase { phase: Phase::Ending, seat: tp });
        for o in self.objs.iter_mut() {
            o.damage = 0;
            o.temp_might = 0;
            o.temp_down = 0;
            o.flags &= !(flag::STUNNED | flag::SAVE | flag::SAVE_TO_HAND | flag::SAVE_MAY | flag::SAVE_TO_HAND_MAY);
            o.save_by = 0;
        }
        for p in self.players.iter_mut() {
            p.pool = Pool::default();
            p.scored = 0;
            p.finalized.clear();
            p.spell_repeats.clear();
        }
        self.ability_repeats.clear();
        self.ally_held = 0;
        self.ally_occupied = 0;
        self.combat_marks.clear();
        self.no_restage = 0;
        self.no_attack.clear();
        self.invited = NOBODY;
        self.invite_declined = false;
        self.end_turn_effects();
        self.mark_turned(tp);
        self.end_wards();
        self.turn_player = self.next_turn_player();
        self.turn += 1;
        // The engine bound counts turns per two players, so every mode gets the same rounds.
        let limit = self.opts.turn_limit as u32 * self.n() as u32 / 2;
        if limit > 0 && self.turn as u32 > limit {
            let mut o = Outcome::draw("turn limit");
            o.scores = self.players.iter().map(|p| p.points as i64).collect();
            self.outcome = Some(o);
            return;
        }
        self.phase = Phase::Beginning;
    }

    /// Cleanup (CR 318–324), repeated until nothing changes.
    pub fn cleanup(&mut self) {
        for _ in 0..64 {
            // 1. Win check (CR 323.1).
            if let Some(w) = self.winner() {
                self.outcome = Some(self.outcome_for(w, "victory score"));
                return;
            }
            // Control statics chosen by Might or attachment: Might may have changed since
            // (CR 476, 478; `control.rs`).
            self.relayer_dynamic_control();
            let mut changed = self.combat_designations();
            // One pass over the board: who has units at each battlefield, who is dying, stray gear.
            let mut present = [0u8; 8];
            let mut dying: Vec<ObjId> = Vec::new();
            let mut stray_gear = false;
            // Runes are never units and are on the board only in their base: not looked at; the
            // units and the other objects (gear) are read apart (`BoardSet::units`).
            for i in self.unit_ids() {
                let o = self.obj(i);
                let on_bf = match o.zone {
                    Zone::Bf(b) => Some(b),
                    Zone::Base => None,
                    _ => continue,
                };
                if !BoardSet::exact(i) && !self.def(o.def).is_unit() {
                    continue;
                }
                if let Some(b) = on_bf {
                    present[b as usize & 7] |= 1 << (o.controller & 7);
                }
                if o.damage > 0 && !o.has(flag::REPLACING) && self.lethal(i) {
                    dying.push(i);
                }
            }
            for i in self.gear_ids() {
                let o = self.obj(i);
                if matches!(o.zone, Zone::Bf(_))
                    && o.attached_to == NONE
                    && (BoardSet::exact(i) || !self.def(o.def).is_unit())
                {
                    stray_gear = true;
                }
            }
            // 3. Units with lethal damage are killed (CR 323.3, 142.4); then look again.
            if !dying.is_empty() {
                for u in dying {
                    self.kill(u);
                }
                continue;
            }
            let open = self.chain.is_empty() && self.pending.is_empty();
            for b in 0..self.bfs.len() as u8 {
                let here = present[b as usize & 7];
                let has = |seat: u8| seat != NOBODY && here & (1 << (seat & 7)) != 0;
                let in_showdown = self.showdown.as_ref().is_some_and(|s| s.bf == b);
                // 4. Control loss (CR 323.4): only in an Open state, not during a showdown there.
                let c = self.bfs[b as usize].controller;
                if open && c != NOBODY && !in_showdown && !has(c) {
                    self.bfs[b as usize].controller = NOBODY;
                    changed = true;
                }
                // 5. Hidden cards at a battlefield their controller doesn't control (CR 107.3).
                let fd = self.bfs[b as usize].facedown;
                if fd != NONE && self.obj(fd).controller != self.bfs[b as usize].controller {
                    self.set_zone(fd, Zone::Trash);
                    changed = true;
                }
                // 8. Stale Contested (CR 323.8).
                let cb = self.bfs[b as usize].contested_by;
                if cb != NOBODY && !in_showdown && !has(cb) {
                    self.bfs[b as usize].contested_by = NOBODY;
                    changed = true;
                }
                // §29 #9: a combat that repeated identically is not staged again this turn.
                let looped = self.no_restage & (1 << b) != 0;
                if self.bfs[b as usize].contested_by == NOBODY && !in_showdown && !looped {
                    let ctrl = self.bfs[b as usize].controller;
                    // With units of several non-controllers, the first in turn order from the turn
                    // player contests (in 1v1 only an uncontrolled battlefield can have two).
                    // Teammates never contest each other (house rule: only a control change, CR
                    // 477.1, puts a unit where its teammate is, CR 447.2.b, 489.8.b): not the
                    // teammate's battlefield, nor one where a teammate has units too.
                    let n = self.n();
                    let tp = self.turn_player;
                    let teammate_here = |s: u8| (0..n).any(|t| t != s && self.friendly(s, t) && has(t));
                    let contester = (0..n)
                        .map(|k| (tp + k) % n)
                        .find(|&s| s != ctrl && has(s) && !self.friendly(s, ctrl) && !teammate_here(s));
                    if let Some(c) = contester {
                        self.bfs[b as usize].contested_by = c;
                        changed = true;
                    }
                }
            }
            // 5. Recall unattached gear at battlefields (CR 149.3).
            if stray_gear {
                let db = self.db_arc();
                for i in self.nonrune_ids() {
                    let o = &mut self.objs[i as usize];
                    if matches!(o.zone, Zone::Bf(_)) && !db.get(o.def).is_unit() && o.attached_to == NONE {
                        o.zone = Zone::Base;
                        changed = true;
                    }
                }
            }
            // 9–10. Start a staged showdown / combat in a Neutral Open state; 10a convert (CR 323.9–10).
            // A turn player who conceded starts nothing: their turn is ending (CR 652).
            let tp_here = !self.players[self.turn_player as usize].left;
            if open && tp_here && self.prompt.is_none() && self.resolving.is_none() {
                // `staged_showdowns` is empty while nothing is contested (asked here first: most
                // cleanups, without the call).
                if self.showdown.is_none() && self.bfs.iter().any(|bf| bf.contested_by != NOBODY) {
                    let staged = self.staged_showdowns();
                    match staged.len() {
                        0 => {}
                        1 => {
                            self.start_showdown(staged[0]);
                            changed = true;
                        }
                        _ => {
                            self.prompt = Some(Prompt::Showdown { seat: self.turn_player });
                            return;
                        }
                    }
                } else if self.showdown.as_ref().is_some_and(|s| s.combat.is_none()) {
                    let b = self.showdown.as_ref().map(|s| s.bf).unwrap_or(0);
                    if self.try_start_combat(b) {
                        changed = true;
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// Lethal damage: non-zero damage at least the unit's Might (CR 142.4).
    pub fn lethal(&self, u: ObjId) -> bool {
        let d = self.obj(u).damage as i32;
        d > 0 && d >= self.might(u)
    }

    /// CR 323.2: combat designations; gaining one the first time fires attack/defend triggers.
    fn combat_designations(&mut self) -> bool {
        let Some(sd) = &self.showdown else { return false };
        let Some(c) = &sd.combat else { return false };
        let (b, att, def) = (sd.bf, c.attacker, c.defender);
        let mut changed = false;
        for i in self.unit_ids() {
            let o = self.obj(i);
            if !o.zone.on_board() || !(BoardSet::exact(i) || self.def(o.def).is_unit()) {
                continue;
            }
            let want = if o.zone == Zone::Bf(b) && o.controller == att {
                flag::ATTACKER
            } else if o.zone == Zone::Bf(b) && o.controller == def {
                flag::DEFENDER
            } else {
                0
            };
            let have = o.flags & (flag::ATTACKER | flag::DEFENDER);
            if have != want {
                let m = &mut self.objs[i as usize];
                m.flags = (m.flags & !(flag::ATTACKER | flag::DEFENDER)) | want;
                changed = true;
            }
            if want == flag::ATTACKER && !self.obj(i).has(flag::ATTACK_FIRED) {
                self.objs[i as usize].set(flag::ATTACK_FIRED, true);
                self.push_trigger_obj(i, On::Attack, None);
                if self.mighty(i) {
                    let ctrl = match self.bfs[b as usize].controller {
                        NOBODY => self.turn_player,
                        c => c,
                    };
                    let t = self.tgt(i);
                    self.fire_bf(b, On::MightyAttacksHere, ctrl, Some(t));
                }
                changed = true;
            }
            if want == flag::DEFENDER && !self.obj(i).has(flag::DEFEND_FIRED) {
                self.objs[i as usize].set(flag::DEFEND_FIRED, true);
                self.push_trigger_obj(i, On::Defend, None);
                changed = true;
            }
        }
        changed
    }

    /// Staged showdowns the turn player may start now: non-combat ones first (CR 323.9), then
    /// combats (CR 323.10).
    pub fn staged_showdowns(&self) -> Vec<u8> {
        // Nothing contested (most of the time): nothing staged.
        if self.bfs.iter().all(|bf| bf.contested_by == NOBODY) {
            return Vec::new();
        }
        let contested: Vec<u8> =
            (0..self.bfs.len() as u8).filter(|&b| self.bfs[b as usize].contested_by != NOBODY).collect();
        let combat = |b: u8| {
            let c = self.bfs[b as usize].contested_by;
            self.units_at(Loc::Bf(b)).any(|u| self.obj(u).controller != c)
        };
        let plain: Vec<u8> = contested.iter().copied().filter(|&b| !combat(b)).collect();
        if plain.is_empty() {
            contested
        } else {
            plain
        }
    }

    /// A showdown begins at a contested battlefield (CR 344); the contester gets Focus (CR 345).
    pub fn start_showdown(&mut self, b: u8) {
        let contester = self.bfs[b as usize].contested_by;
        self.showdown = Some(Showdown { bf: b, focus: contester, passes: 0, combat: None });
        self.focus_pass_due = false;
        let def = self.bfs[b as usize].def;
        self.notes.add(|| Note::ShowdownStarted { bf: b, def, focus: contester });
        self.try_start_combat(b);
    }

    /// Stage and begin a combat if units of two players are there (CR 460–464).
    fn try_start_combat(&mut self, b: u8) -> bool {
        let att = self.bfs[b as usize].contested_by;
        if att == NOBODY {
            return false;
        }
        // Combat is between exactly two opposing players (CR 461–462, 489.8.b).
        let Some(def) = self.units_at(Loc::Bf(b)).map(|u| self.obj(u).controller).find(|&c| !self.friendly(c, att))
        else {
            return false;
        };
        if !self.has_units_at(att, Loc::Bf(b)) {
            return false;
        }
        let converted = self.showdown.as_ref().is_some_and(|s| s.passes > 0 || s.focus != att);
        let sd = self.showdown.as_mut().expect("showdown exists");
        sd.combat = Some(Combat { attacker: att, defender: def, stage: CombatStage::Showdown, assigned: Vec::new() });
        // §29 #2: a converted showdown keeps its Focus holder; a fresh one gives it to the attacker.
        if !(converted && self.opts.converted_combat_keeps_focus) {
            sd.focus = att;
        }
        sd.passes = 0;
        let bf_def = self.bfs[b as usize].def;
        self.notes.add(|| Note::CombatStarted { bf: b, def: bf_def, attacker: att, defender: def });
        true
    }

    /// All players passed Focus in succession (CR 347.2): combat damage, or a non-combat close.
    fn end_showdown(&mut self) {
        let sd = self.showdown.clone().expect("showdown");
        if let Some(c) = &sd.combat {
            let at = Loc::Bf(sd.bf);
            if self.has_units_at(c.attacker, at) && self.has_units_at(c.defender, at) {
                let total = self.side_might(c.attacker, sd.bf);
                self.begin_assign(c.attacker, total);
            } else {
                self.combat_cleanup();
            }
            return;
        }
        // Non-combat showdown (CR 348.2): a sole remaining player establishes control → Conquer.
        let b = sd.bf;
        let present: Vec<u8> = (0..self.n()).filter(|&s| self.has_units_at(s, Loc::Bf(b))).collect();
        self.showdown = None;
        self.bfs[b as usize].contested_by = NOBODY;
        if present.len() == 1 && self.bfs[b as usize].controller != present[0] {
            self.bfs[b as usize].controller = present[0];
            self.score(present[0], b, true);
        }
    }

    /// Total combat Might of a side (CR 465.1): stunned units and negative Might count 0.
    pub fn side_might(&self, seat: u8, b: u8) -> i16 {
        self.units_at(Loc::Bf(b))
            .filter(|&u| self.obj(u).controller == seat && !self.obj(u).has(flag::STUNNED))
            .map(|u| self.might(u).max(0))
            .sum::<i32>() as i16
    }

    fn begin_assign(&mut self, seat: u8, total: i16) {
        self.prompt = Some(Prompt::Assign { seat, left: total });
        self.auto_assign();
    }

    /// Units that may receive the next damage (CR 465.2.c): lethal-first, Tank before others,
    /// Backline last; units already assigned lethal are full. A unit with both Tank and Backline
    /// takes whichever the assigner picks (CR 465.2.c.8–9): until the assigner gives damage to a
    /// unit without Tank while it still lacks lethal it counts as Tank (and may be skipped, which
    /// picks Backline); after that it counts as Backline.
    pub fn assign_candidates(&self, seat: u8, left: i16) -> Vec<ObjId> {
        let Some(sd) = &self.showdown else { return Vec::new() };
        let Some(c) = &sd.combat else { return Vec::new() };
        if left <= 0 {
            return Vec::new();
        }
        const TANK: u8 = 0;
        const BACKLINE: u8 = 2;
        const EITHER: u8 = 3;
        let group_of = |u: ObjId| match (self.has_kw(u, kw::TANK), self.has_kw(u, kw::BACKLINE)) {
            (true, true) => EITHER,
            (true, false) => TANK,
            (false, true) => BACKLINE,
            (false, false) => 1,
        };
        // The assigner skipped the Tank role of every open dual unit once a non-Tank unit got damage.
        let non_tank_given = c.assigned.iter().any(|&(x, _)| matches!(group_of(x), 1 | BACKLINE));
        let need: Vec<(ObjId, i16, u8)> = self
            .units_at(Loc::Bf(sd.bf))
            .filter(|&u| self.obj(u).controller != seat)
            .map(|u| {
                let given = c.assigned.iter().filter(|(x, _)| *x == u).map(|(_, n)| *n).sum::<i16>();
                // CR 465.2.c.4.a, 465.2.c.10: lethal counts the replacements; a unit no amount
                // kills is ignored for lethal-first (it takes damage only as surplus).
                let n = self.combat_lethal(u).map_or(0, |l| (l - given).max(0));
                let g = match group_of(u) {
                    EITHER if non_tank_given => BACKLINE,
                    g => g,
                };
                (u, n, g)
            })
            .collect();
        // The units still short of lethal (read in place: no second list, session 9).
        let open = || need.iter().filter(|x| x.1 > 0);
        // The lowest group among the units with a fixed role; an undecided dual unit is always a
        // choice (as Tank), and the others stay open beside it (it may be Backline).
        let fixed_min = open().filter(|x| x.2 != EITHER).map(|x| x.2).min();
        match (fixed_min, open().any(|x| x.2 == EITHER)) {
            // Everyone has lethal: surplus may go to any of them (CR 465.2.c.4).
            (None, false) => need.iter().map(|x| x.0).collect(),
            (None, true) => open().map(|x| x.0).collect(),
            (Some(g), either) => open().filter(|x| x.2 == g || (either && x.2 == EITHER)).map(|x| x.0).collect(),
        }
    }

    /// Assign to `u` the least lethal amount (or the rest).
    pub fn assign_to(&mut self, u: ObjId) {
        let Some(Prompt::Assign { seat, left }) = self.prompt.clone() else { return };
        let given: i16 = self
            .showdown
            .as_ref()
            .and_then(|s| s.combat.as_ref())
            .map(|c| c.assigned.iter().filter(|(x, _)| *x == u).map(|(_, n)| *n).sum())
            .unwrap_or(0);
        let need = self.combat_lethal(u).map_or(0, |l| (l - given).max(0));
        let amount = if need == 0 { left } else { need.min(left) };
        if let Some(c) = self.showdown.as_mut().and_then(|s| s.combat.as_mut()) {
            c.assigned.push((u, amount));
        }
        self.prompt = Some(Prompt::Assign { seat, left: left - amount });
        self.auto_assign();
    }

    /// Take forced assignments; when a side is done, the defender assigns, then damage is dealt.
    pub(crate) fn auto_assign(&mut self) {
        loop {
            let Some(Prompt::Assign { seat, left }) = self.prompt.clone() else { return };
            let cands = self.assign_candidates(seat, left);
            if cands.len() == 1 {
                self.assign_to(cands[0]);
                return;
            }
            if !cands.is_empty() {
                return;
            }
            // The showdown's fields read in place (no clone of the showdown and its list).
            let sd = self.showdown.as_ref().expect("combat");
            let c = sd.combat.as_ref().expect("combat");
            let (bf, attacker, defender) = (sd.bf, c.attacker, c.defender);
            if seat == attacker {
                let total = self.side_might(defender, bf);
                self.prompt = Some(Prompt::Assign { seat: defender, left: total });
                continue;
            }
            // CR 465.3: all assigned damage is dealt at once (CR 373 with replacements).
            let events: Vec<(ObjId, i32)> = c.assigned.iter().map(|&(u, n)| (u, n as i32)).collect();
            self.prompt = None;
            self.notes.by = Some(By::Combat { bf });
            if self.deal_batch(&events, true) {
                self.combat_cleanup();
            }
            return;
        }
    }

    /// Combat Cleanup (CR 466.1): deaths, heal all units, recall attackers if defenders remain.
    pub(crate) fn combat_cleanup(&mut self) {
        let dying: Vec<ObjId> = self.units().filter(|&u| self.lethal(u)).collect();
        for u in dying {
            self.kill(u);
        }
        for o in self.objs.iter_mut() {
            o.damage = 0;
        }
        let sd = self.showdown.clone().expect("combat");
        let c = sd.combat.clone().expect("combat");
        let at = Loc::Bf(sd.bf);
        if self.has_units_at(c.defender, at) {
            let atts: Vec<ObjId> = self.units_at(at).filter(|&u| self.obj(u).controller == c.attacker).collect();
            for u in atts {
                self.recall(u);
            }
        }
        if let Some(c) = self.showdown.as_mut().and_then(|s| s.combat.as_mut()) {
            c.stage = CombatStage::AfterDamage;
        }
    }

    /// CR 466.3–466.4: result, control (Conquer), and the end of combat.
    fn finish_combat(&mut self) {
        let sd = self.showdown.take().expect("combat");
        let b = sd.bf;
        let present: Vec<u8> = (0..self.n()).filter(|&s| self.has_units_at(s, Loc::Bf(b))).collect();
        if self.notes.on {
            let (def, winner) = (self.bfs[b as usize].def, if present.len() == 1 { present[0] } else { NOBODY });
            let (attacker, defender) = sd.combat.as_ref().map(|c| (c.attacker, c.defender)).unwrap_or((NOBODY, NOBODY));
            self.notes.add(|| Note::CombatEnded { bf: b, def, attacker, defender, winner });
        }
        self.bfs[b as usize].contested_by = NOBODY;
        if let Some(c) = &sd.combat {
            if present.contains(&c.attacker) && present.contains(&c.defender) {
                self.no_result_with_both(b);
            } else if !present.contains(&c.attacker) && present.contains(&c.defender) {
                self.attackers_gone(b, c.attacker);
            }
        }
        match present.as_slice() {
            [] => self.bfs[b as usize].controller = NOBODY,
            [p] if self.bfs[b as usize].controller != *p => {
                self.bfs[b as usize].controller = *p;
                self.score(*p, b, true);
            }
            _ => {}
        }
        for o in self.objs.iter_mut() {
            o.flags &= !(flag::ATTACKER | flag::DEFENDER | flag::ATTACK_FIRED | flag::DEFEND_FIRED);
        }
    }

    /// Put the next pending trigger on the chain (CR 383.3.d): in combat the attacker's first,
    /// then the other non-defending players' in turn order, the defender's last (CR 464.2, §24);
    /// otherwise in turn order from the turn player. So the first placed resolve last. One
    /// controller orders their own.
    fn place_trigger(&mut self) {
        let n = self.n();
        let tp = self.turn_player;
        let combat = self.showdown.as_ref().and_then(|s| s.combat.as_ref()).map(|c| (c.attacker, c.defender));
        let rank = |s: u8| -> u8 {
            match combat {
                Some((a, _)) if s == a => 0,
                Some((_, d)) if s == d => 2 * n,
                _ => 1 + (s + n - tp) % n,
            }
        };
        let Some(seat) = self.pending.iter().map(|p| p.item.controller).min_by_key(|&s| rank(s)) else { return };
        let mine: Vec<usize> =
            self.pending.iter().enumerate().filter(|(_, p)| p.item.controller == seat).map(|(i, _)| i).collect();
        if mine.len() > 1 {
            let first_item = &self.pending[mine[0]].item;
            if mine.iter().any(|&i| self.pending[i].item != *first_item) {
                self.prompt = Some(Prompt::TriggerOrder { seat });
                return;
            }
        }
        let p = self.pending.remove(mine[0]);
        self.begin_trigger(p.item);
    }

    /// Resolve the newest finalized item (CR 340).
    fn resolve_top(&mut self) {
        let item = self.chain.pop().expect("chain");
        self.resolving = Some(Resolving { item, pc: 0, after: NOBODY, pip: 0 });
    }

    /// After an item finishes resolving (CR 340.2).
    pub fn after_resolve(&mut self, item: &Item) {
        // A reveal lasts until the revealing item finishes resolving (CR 424).
        self.revealed.clear();
        if let ItemSrc::Spell(id) = item.src {
            if self.obj(id).zone == Zone::Chain {
                self.set_zone(id, Zone::Trash);
            }
        }
        if let Some(top) = self.chain.last() {
            self.priority = top.controller;
        }
        self.passes = 0;
    }
}
