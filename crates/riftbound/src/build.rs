//! Playing cards and abilities (CR 349–359, 398–406): timing, choices (location, optional costs,
//! targets), total cost, payment and finalization; triggered abilities put on the chain.

use crate::action::{ObjId, Ref, RiftAction, Src};
use crate::cards::{kw, Ability, At, Kind, Lead, Op, Side, Speed, TargetSpec, What};
use crate::keywords::Holder;
use crate::payment::{Cost, PayCache};
use crate::state::*;

impl RiftGame {
    // ------------------------------------------------------------------ timing (CR 307–313)

    /// Neutral Open in your own Main Phase (CR 310, 316).
    pub fn own_neutral_open(&self, seat: u8) -> bool {
        self.phase == Phase::Main
            && self.turn_player == seat
            && self.chain.is_empty()
            && self.pending.is_empty()
            && self.showdown.is_none()
    }

    /// May `seat` start an item of this speed now (CR 308–309, 806, 813)?
    pub fn speed_ok(&self, seat: u8, speed: Speed) -> bool {
        if !self.chain.is_empty() {
            return self.priority == seat && speed == Speed::Reaction;
        }
        if let Some(sd) = &self.showdown {
            return sd.focus == seat && speed != Speed::Normal;
        }
        self.own_neutral_open(seat) || self.invited_open(seat)
    }

    /// 2v2: the teammate invited to act with the turn player's Priority in Neutral Open, who may
    /// play cards and activate abilities as in their own main phase (CR 316.5.b.1, 489.8.a).
    pub fn invited_open(&self, seat: u8) -> bool {
        seat != NOBODY
            && self.invited == seat
            && self.phase == Phase::Main
            && self.chain.is_empty()
            && self.pending.is_empty()
            && self.showdown.is_none()
    }

    pub fn card_speed(&self, card: ObjId) -> Speed {
        let o = self.obj(card);
        let d = self.def(o.def);
        if matches!(o.zone, Zone::Facedown(_)) && o.hidden_turn < self.turn {
            // CR 811: from the next turn on, a hidden card has Reaction.
            Speed::Reaction
        } else if d.has(kw::REACTION) || d.has(kw::QUICK_DRAW) {
            // Quick-Draw (CR 819) includes Reaction.
            Speed::Reaction
        } else if d.has(kw::ACTION) {
            Speed::Action
        } else {
            Speed::Normal
        }
    }

    /// Where a unit may be played (CR 355.3, Ambush 822, Hidden 811).
    pub fn unit_locations(&self, seat: u8, card: ObjId) -> Vec<Loc> {
        let mut v = Vec::new();
        self.each_unit_location(seat, card, |l| {
            v.push(l);
            false
        });
        v
    }

    /// Call `f` on each place the unit may be played, in order, until it returns true; returns
    /// whether it did.
    fn each_unit_location(&self, seat: u8, card: ObjId, mut f: impl FnMut(Loc) -> bool) -> bool {
        let o = self.obj(card);
        if let Zone::Facedown(b) = o.zone {
            return self.speed_ok(seat, self.card_speed(card)) && f(Loc::Bf(b));
        }
        let normal = self.speed_ok(seat, self.card_speed(card));
        let ambush = self.def(o.def).has(kw::AMBUSH) && self.speed_ok(seat, Speed::Reaction);
        if normal && f(Loc::Base(seat)) {
            return true;
        }
        if !normal && !ambush {
            return false;
        }
        for b in 0..self.bfs.len() as u8 {
            let mine = self.bfs[b as usize].controller == seat;
            // CR 462: a third player can't play units into a combat between two others.
            if self.combat_of_others(seat, b) {
                continue;
            }
            if ((normal && mine) || (ambush && self.has_units_at(seat, Loc::Bf(b)))) && f(Loc::Bf(b)) {
                return true;
            }
        }
        false
    }

    pub fn base_cost(&self, card: ObjId) -> Cost {
        let o = self.obj(card);
        if matches!(o.zone, Zone::Facedown(_)) {
            // CR 811: played from facedown ignoring its base cost.
            return Cost::default();
        }
        if o.zone == Zone::Trash {
            // CR 829: the Flow cost replaces the base cost (its reductions apply, `alt_costs.rs`).
            return self.flow_cost(o.controller, card);
        }
        self.card_cost(o.controller, card)
    }

    /// A card's printed cost less its reductions that apply now ("costs N less if …", CR 357.1).
    /// Conditions are checked when the cost is determined: `legion` means another main-deck
    /// card was finalized this turn (CR 812); `hand_empty` leaves this card out.
    pub fn card_cost(&self, seat: u8, card: ObjId) -> Cost {
        let d = self.card(card);
        Cost::new(self.reduced_energy(seat, card, d.energy), &d.pips)
    }

    /// `energy` less the card's reductions that apply now (CR 356.4).
    pub(crate) fn reduced_energy(&self, seat: u8, card: ObjId, mut energy: u8) -> u8 {
        for r in &self.card(card).cost_less {
            if self.cost_cond(seat, card, r.cond) {
                energy = energy.saturating_sub(r.n);
            }
        }
        energy
    }

    fn cost_cond(&self, seat: u8, card: ObjId, c: crate::cards::Cond) -> bool {
        use crate::cards::Cond;
        let p = &self.players[seat as usize];
        match c {
            Cond::Always => true,
            // The card being played is not finalized yet: any finalized card is another.
            Cond::Legion => !p.finalized.is_empty(),
            Cond::HandEmpty => p.hand.iter().all(|&h| h == card),
            Cond::ControlMighty => self.units().any(|u| self.obj(u).controller == seat && self.mighty(u)),
            Cond::NoMighty => !self.units().any(|u| self.obj(u).controller == seat && self.mighty(u)),
            // Refused in card files (card_file.rs): these need a chosen target.
            Cond::TMighty | Cond::TStunned | Cond::TNotStunned | Cond::UnitAtT => false,
            Cond::CountersHere | Cond::CountersAtT => false,
        }
    }

    fn accel_cost(&self, card: ObjId, mut c: Cost) -> Cost {
        c.energy += 1;
        let d = self.card(card).domains;
        c.push(if d == 0 { crate::cards::ANY_DOMAIN } else { d });
        c
    }

    /// Deflect (CR 809): an opponent's spell or ability pays [A] per Deflect per chosen target.
    pub(crate) fn deflect_extra(&self, seat: u8, targets: &[(Slot, Tgt)]) -> u8 {
        targets
            .iter()
            .filter_map(|(_, t)| self.live(*t))
            .filter(|&id| !self.friendly(self.obj(id).controller, seat))
            .map(|id| self.deflect(id))
            .sum()
    }

    // ------------------------------------------------------------------ abilities of items

    pub fn ability(&self, item: &Item) -> Option<&Ability> {
        self.ability_in(self.db(), item)
    }

    /// The item's ability in `db` (this game's set, held apart so the state may change meanwhile).
    pub fn ability_in<'a>(&self, db: &'a crate::cards::CardDb, item: &Item) -> Option<&'a Ability> {
        if let Some(g) = item.ab_of {
            // A granted ability (CR 477.2): the granting card's block.
            return db.cards.get(g as usize).and_then(|d| d.abilities.get(item.ab as usize));
        }
        let d = match item.src {
            ItemSrc::Spell(id) | ItemSrc::Obj(id) => db.get(self.obj(id).def),
            ItemSrc::Legend(s) => db.get(self.players[s as usize].legend),
            ItemSrc::Bf(b) if self.bfs[b as usize].blank => return None,
            ItemSrc::Bf(b) => db.get(self.bfs[b as usize].def),
        };
        d.abilities.get(item.ab as usize)
    }

    pub fn specs(&self, item: &Item) -> &[TargetSpec] {
        self.ability(item).map(|a| a.targets.as_slice()).unwrap_or(&[])
    }

    /// "here" for an item (CR 359.3.f): the source's current location, else what was noted;
    /// the controller's base once a unit it created "here" was sent there instead (CR 462).
    pub fn here_of(&self, item: &Item) -> Loc {
        if item.here_base {
            return Loc::Base(item.controller);
        }
        match item.src {
            ItemSrc::Obj(id) if self.obj(id).inc == item.src_inc && self.obj(id).zone.on_board() => self.loc(id),
            ItemSrc::Bf(b) => Loc::Bf(b),
            _ => item.here,
        }
    }

    fn src_obj(&self, item: &Item) -> Option<ObjId> {
        match item.src {
            ItemSrc::Obj(id) | ItemSrc::Spell(id) if self.obj(id).inc == item.src_inc => Some(id),
            _ => None,
        }
    }

    /// Is `t` a legal choice for `spec` (CR 355.6–355.14)? Also used on resolution (CR 359.3.e).
    pub fn target_ok(&self, item: &Item, spec: &TargetSpec, t: Tgt) -> bool {
        let seat = item.controller;
        let restrict = item.restrict_bf;
        match spec.what {
            What::Unit => {
                let Some(id) = self.live(t) else { return false };
                let o = self.obj(id);
                if !o.zone.on_board() || !self.def(o.def).is_unit() {
                    return false;
                }
                let loc = self.loc(id);
                if restrict != NOBODY && loc != Loc::Bf(restrict) {
                    return false;
                }
                match spec.side {
                    // "Friendly" includes a teammate's units in 2v2 (CR 489.8.b).
                    Side::Friendly if !self.friendly(o.controller, seat) => return false,
                    Side::Enemy if self.friendly(o.controller, seat) => return false,
                    _ => {}
                }
                let at_ok = match spec.at {
                    At::Any => true,
                    At::Battlefield => matches!(loc, Loc::Bf(_)),
                    At::Here => {
                        let h = self.here_of(item);
                        h != Loc::Nowhere && loc == h
                    }
                    At::Base => loc == Loc::Base(seat),
                };
                if !at_ok {
                    return false;
                }
                if spec.exhausted && !o.has(flag::EXHAUSTED) {
                    return false;
                }
                if spec.attacking && !o.has(flag::ATTACKER) {
                    return false;
                }
                if spec.other && self.src_obj(item) == Some(id) {
                    return false;
                }
                if let Some(m) = spec.max_might {
                    if self.might(id) > m {
                        return false;
                    }
                }
                if spec.mighty && !self.mighty(id) {
                    return false;
                }
                if !spec.tag.is_empty() && !self.has_tag_now(id, &spec.tag) {
                    return false;
                }
                if spec.where_you_attack
                    && !self.units_at(loc).any(|u| self.obj(u).controller == seat && self.obj(u).has(flag::ATTACKER))
                {
                    return false;
                }
                true
            }
            What::Spell => {
                let Some(id) = self.live(t) else { return false };
                self.obj(id).zone == Zone::Chain
                    && self.card(id).kind == Kind::Spell
                    && self.chain.iter().any(|c| c.src == ItemSrc::Spell(id))
                    && item.src != ItemSrc::Spell(id)
            }
            What::Battlefield => match t {
                Tgt::Bf(b) => (b as usize) < self.bfs.len() && (restrict == NOBODY || b == restrict),
                _ => false,
            },
            // A player's legend (its zone is public, CR 355.10.a.1): "friendly" is yours or a
            // teammate's (CR 489.8.b), `other` not the source's own; a leaver's is gone (CR 651).
            What::Legend => match t {
                Tgt::Legend(s) => {
                    (s as usize) < self.players.len()
                        && !self.players[s as usize].left
                        && match spec.side {
                            Side::Friendly => self.friendly(s, seat),
                            Side::Enemy => !self.friendly(s, seat),
                            Side::Any => true,
                        }
                        && !(spec.other && item.src == ItemSrc::Legend(s))
                }
                _ => false,
            },
            What::Place => match t {
                Tgt::Base(s) => s == seat,
                Tgt::Bf(b) => {
                    (b as usize) < self.bfs.len() && (!spec.controlled || self.bfs[b as usize].controller == seat)
                }
                _ => false,
            },
            What::Equipment => {
                let Some(id) = self.live(t) else { return false };
                let o = self.obj(id);
                o.zone.on_board()
                    && o.controller == seat
                    && self.def(o.def).kind == Kind::Gear
                    && self.def(o.def).equipment
            }
            What::Gear => self.gear_target_ok(item, spec, t, self.src_obj(item)),
            What::Destination => {
                let Tgt::Bf(b) = t else { return false };
                if (b as usize) >= self.bfs.len() || (spec.controlled && self.bfs[b as usize].controller != seat) {
                    return false;
                }
                let Some(u) = item.target(spec.dest_of).and_then(|x| self.live(x)) else { return false };
                self.can_move_to(u, Loc::Bf(b))
            }
        }
    }

    /// The possible targets of `spec` for `seat`, in the order candidates are listed: the objects
    /// on the board and on the chain (id order), the battlefields, the bases, the legends; of these
    /// only the part that `target_ok` may accept (a unit, gear or equipment is on the board, a
    /// friendly or enemy one controlled by such a player, an Equipment by `seat`; a spell is on the
    /// chain; a battlefield, destination or place is a battlefield or a base; a legend a legend).
    fn tgts_for(&self, spec: &TargetSpec, seat: u8) -> impl Iterator<Item = Tgt> + '_ {
        let sides = |side: Side| {
            (0..self.n()).filter(move |&s| match side {
                Side::Any => true,
                Side::Friendly => self.friendly(s, seat),
                Side::Enemy => !self.friendly(s, seat),
            })
        };
        let seats = match spec.what {
            What::Equipment => 1u8 << (seat & 7),
            _ => sides(spec.side).fold(0u8, |m, s| m | 1 << (s & 7)),
        };
        let (units, gear, chain, bfs, bases) = match spec.what {
            What::Unit => (true, false, false, false, false),
            What::Equipment | What::Gear => (false, true, false, false, false),
            What::Spell => (false, false, true, false, false),
            What::Battlefield | What::Destination => (false, false, false, true, false),
            What::Place => (false, false, false, true, true),
            What::Legend => (false, false, false, false, false),
        };
        let board = units || gear;
        let objs = self.target_ids(units, gear, chain, seats).filter(move |&i| {
            let z = self.obj(i).zone;
            (board && z.on_board()) || (chain && z == Zone::Chain)
        });
        let (nbf, nbase) = (if bfs { self.bfs.len() as u8 } else { 0 }, if bases { self.n() } else { 0 });
        let nlegend = if spec.what == What::Legend { self.n() } else { 0 };
        objs.map(|i| self.tgt(i))
            .chain((0..nbf).map(Tgt::Bf))
            .chain((0..nbase).map(Tgt::Base))
            .chain((0..nlegend).map(Tgt::Legend))
    }

    /// Legal choices for a slot, given what is chosen already; a unit slot that a destination slot
    /// depends on keeps only units with a legal destination (CR 355.16); Deflect must be payable.
    pub fn candidates(&self, item: &Item, slot: u8, base: &Cost) -> Vec<Tgt> {
        let mut out = Vec::new();
        self.each_candidate(item, slot, base, |t| {
            out.push(t);
            false
        });
        out
    }

    /// Call `f` on each legal choice until it returns true; returns whether it did.
    fn each_candidate(&self, item: &Item, slot: u8, base: &Cost, f: impl FnMut(Tgt) -> bool) -> bool {
        self.each_candidate_known(item, slot, base, None, &PayCache::new(item.controller), f)
    }

    /// `each_candidate`, told whether `base` with the Deflect chosen so far is payable when the
    /// caller knows it already.
    fn each_candidate_known(
        &self,
        item: &Item,
        slot: u8,
        base: &Cost,
        base_ok: Option<bool>,
        pay: &PayCache,
        mut f: impl FnMut(Tgt) -> bool,
    ) -> bool {
        let Some(mut probe) = SlotProbe::new(self, item, slot, pay) else { return false };
        probe.base_ok = base_ok;
        let mut any = false;
        let spec = probe.spec;
        for t in self.tgts_for(spec, item.controller) {
            if probe.ok(self, item, base, t) {
                any = true;
                if f(t) {
                    return true;
                }
            }
        }
        // CR 355.16 "unless you have no other option" with CR 402.4: a trigger whose required
        // slot has legal targets must choose one even if none has a payable Deflect; the Deflect
        // stage then removes it (CR 203.3, 404.2; `deflect_forced`).
        if !any && probe.forced_deflect_allowed(item) {
            probe.deflect_free = true;
            for t in self.tgts_for(spec, item.controller) {
                if probe.ok(self, item, base, t) && f(t) {
                    return true;
                }
            }
        }
        false
    }

    /// Exactly "`t` is in `candidates(item, slot, base)`", without listing them (`t` as
    /// `tgts_for` names it: an object with its current incarnation, a battlefield, a base).
    pub(crate) fn is_candidate(&self, item: &Item, slot: u8, base: &Cost, t: Tgt) -> bool {
        let listed = match t {
            Tgt::Obj(id, inc) => {
                (id as usize) < self.objs.len() && self.obj(id).inc == inc && {
                    let z = self.obj(id).zone;
                    z.on_board() || z == Zone::Chain
                }
            }
            Tgt::Bf(b) => (b as usize) < self.bfs.len(),
            Tgt::Base(s) | Tgt::Legend(s) => s < self.n(),
        };
        listed
            && SlotProbe::new(self, item, slot, &PayCache::new(item.controller)).is_some_and(|mut p| {
                p.ok(self, item, base, t)
                    || (p.forced_deflect_allowed(item)
                        && {
                            p.deflect_free = true;
                            p.ok(self, item, base, t)
                        }
                        && !self.each_candidate_strict(item, slot, base))
            })
    }

    /// Some target of the slot is legal with its Deflect payable (no forced choice, CR 355.16).
    fn each_candidate_strict(&self, item: &Item, slot: u8, base: &Cost) -> bool {
        let pay = PayCache::new(item.controller);
        let Some(mut probe) = SlotProbe::new(self, item, slot, &pay) else { return false };
        self.tgts_for(probe.spec, item.controller).any(|t| probe.ok(self, item, base, t))
    }

    /// Every required slot has a legal choice (CR 355.8; "up to" slots may stay empty). Every
    /// caller has checked that `base` is payable (and nothing is chosen yet), so the candidates
    /// are not asked again.
    /// `pay`: the payment sources of the item's controller in this state.
    fn targets_possible(&self, item: &Item, base: &Cost, pay: &PayCache) -> bool {
        debug_assert!(item.targets.is_empty() && self.can_pay(item.controller, base));
        debug_assert_eq!(pay.seat(), item.controller);
        let specs = self.specs(item);
        specs.iter().enumerate().all(|(i, s)| {
            s.up_to > 0
                || s.what == What::Destination
                || self.each_candidate_known(item, i as u8, base, Some(true), pay, |_| true)
        })
    }

    // ------------------------------------------------------------------ what may be started

    pub(crate) fn new_item(&self, seat: u8, src: ItemSrc, ab: u8, here: Loc, restrict_bf: u8) -> Item {
        let src_inc = match src {
            ItemSrc::Obj(id) | ItemSrc::Spell(id) => self.obj(id).inc,
            _ => 0,
        };
        Item {
            controller: seat,
            src,
            ab,
            targets: Vec::new(),
            here,
            subject: None,
            src_inc,
            restrict_bf,
            trigger: false,
            repeat: 0,
            ab_of: None,
            here_base: false,
        }
    }

    /// Can `seat` play `card` now (CR 419, 355–358)? Checked so that every choice offered later
    /// can be completed.
    pub fn can_play(&self, seat: u8, card: ObjId) -> bool {
        self.can_play_in(&PayCache::new(seat), card)
    }

    /// `can_play` for the cache's seat (`legal` asks every card with one cache, CR 419).
    pub(crate) fn can_play_in(&self, pay: &PayCache, card: ObjId) -> bool {
        let seat = pay.seat();
        let o = self.obj(card);
        let from_ok = match o.zone {
            Zone::Hand | Zone::ChampionZone => o.owner == seat,
            Zone::Facedown(_) => o.controller == seat && o.hidden_turn < self.turn,
            // Flow (CR 829): a spell with Flow may be played from your trash.
            Zone::Trash => o.owner == seat && self.def(o.def).flow.is_some() && self.def(o.def).kind == Kind::Spell,
            _ => false,
        };
        if !from_ok {
            return false;
        }
        let d = self.def(o.def);
        if (d.extra_discard || d.extra_cost.is_some()) && !self.own_costs_payable(seat, card) {
            return false;
        }
        // The cost is worked out once timing allows the card (speed only: both are pure).
        if d.is_unit() {
            return self.each_unit_location(seat, card, |_| true) && self.can_pay_in(pay, &self.base_cost(card));
        }
        if !self.speed_ok(seat, self.card_speed(card)) {
            return false;
        }
        let cost = self.base_cost(card);
        if !self.can_pay_in(pay, &cost) {
            return false;
        }
        if d.kind == Kind::Gear {
            return true;
        }
        let Some(ab) = d.spell_ability() else { return false };
        if ab.extra_discard && self.players[seat as usize].hand.iter().all(|&h| h == card) {
            return false;
        }
        let (here, restrict) = match o.zone {
            Zone::Facedown(b) => (Loc::Bf(b), b),
            _ => (Loc::Nowhere, NOBODY),
        };
        let ab_index = d.abilities.iter().position(|a| a.on == crate::cards::On::Spell).unwrap_or(0) as u8;
        let item = self.new_item(seat, ItemSrc::Spell(card), ab_index, here, restrict);
        // CR 203.3: an additional cost no unit can pay makes the card unplayable.
        if ab.extra_cost.as_ref().is_some_and(|c| !self.cost_payable(&item, c)) {
            return false;
        }
        self.targets_possible(&item, &cost, pay)
    }

    fn activation(&self, seat: u8, src: Src) -> Option<(Item, Cost)> {
        match src {
            Src::Legend => {
                let p = &self.players[seat as usize];
                if p.legend_exhausted {
                    return None;
                }
                let d = self.def(p.legend);
                let i = d.abilities.iter().position(|a| a.on == crate::cards::On::Activated && !a.granted)?;
                let ab = &d.abilities[i];
                if !self.ability_active(seat, None, ab) || !self.activated_legion_active(seat, None, ab) {
                    return None;
                }
                let item = self.new_item(seat, ItemSrc::Legend(seat), i as u8, Loc::Nowhere, NOBODY);
                self.speed_ok(seat, ab.speed).then_some((item, Cost::energy(ab.cost_energy)))
            }
            Src::Obj(id) => self.obj_activation(seat, id, 0),
            Src::Nth(id, k) => self.obj_activation(seat, id, k),
            Src::Empower(id) => self.empower_activation(seat, id),
        }
    }

    /// The object's `k`-th activated ability (`activated.rs`), its own or granted (CR 477.2).
    fn obj_activation(&self, seat: u8, id: ObjId, k: u8) -> Option<(Item, Cost)> {
        if id as usize >= self.objs.len() {
            return None;
        }
        let o = self.obj(id);
        if !o.zone.on_board() || o.controller != seat {
            return None;
        }
        let a = self.nth_activated(id, k)?;
        let ab = self.def(a.granted_by.unwrap_or(o.def)).abilities.get(a.ab as usize)?;
        if (ab.cost_exhaust && o.has(flag::EXHAUSTED))
            || !self.ability_active(seat, Some(id), ab)
            || !self.activated_legion_active(seat, Some(id), ab)
        {
            return None;
        }
        let mut item = self.new_item(seat, ItemSrc::Obj(id), a.ab, self.loc(id), NOBODY);
        item.ab_of = a.granted_by;
        let cost = self.keyword_cost(&item).unwrap_or(Cost::energy(ab.cost_energy));
        self.speed_ok(seat, ab.speed).then_some((item, cost))
    }

    pub fn can_activate(&self, seat: u8, src: Src) -> bool {
        self.can_activate_in(&PayCache::new(seat), src)
    }

    /// `can_activate` for the cache's seat.
    pub(crate) fn can_activate_in(&self, pay: &PayCache, src: Src) -> bool {
        let seat = pay.seat();
        let Some((item, cost)) = self.activation(seat, src) else { return false };
        if !self.can_pay_in(pay, &cost) {
            return false;
        }
        if let Some(ab) = self.ability(&item) {
            if ab.extra_discard && self.players[seat as usize].hand.is_empty() {
                return false;
            }
            if ab.extra_cost.as_ref().is_some_and(|c| !self.cost_payable(&item, c)) {
                return false;
            }
        }
        // Attaching to the unit it is attached to would change nothing: another unit is needed.
        if self.ability(&item).is_some_and(|a| a.effects.first().is_some_and(|i| i.op == Op::Attach)) {
            let ItemSrc::Obj(g) = item.src else { return false };
            let cur = self.obj(g).attached_to;
            return self.each_candidate_known(&item, 0, &cost, None, pay, |t| self.live(t) != Some(cur));
        }
        self.targets_possible(&item, &cost, pay)
    }

    // ------------------------------------------------------------------ building

    pub fn start_play(&mut self, seat: u8, card: ObjId) {
        let from = self.obj(card).zone;
        let (here, restrict) = match from {
            Zone::Facedown(b) => (Loc::Bf(b), b),
            _ => (Loc::Nowhere, NOBODY),
        };
        let d = self.card(card);
        let spell_ab = d.abilities.iter().position(|a| a.on == crate::cards::On::Spell).unwrap_or(0) as u8;
        // Locations are computed before the card leaves its zone (CR 354–355).
        let is_spell = d.kind == Kind::Spell;
        let locations = if d.is_unit() { self.unit_locations(seat, card) } else { Vec::new() };
        self.set_zone(card, Zone::Chain);
        let src = if is_spell { ItemSrc::Spell(card) } else { ItemSrc::Obj(card) };
        let item = self.new_item(seat, src, spell_ab, here, restrict);
        let b = Build {
            seat,
            item,
            stage: Stage::Location,
            card,
            from,
            location: Loc::Nowhere,
            locations,
            accelerate: false,
            discard: NONE,
            accepted: true,
            paid: Vec::new(),
            cost_unit: NONE,
            cost_at: None,
            repeat_asked: 0,
            repeat_paid: Vec::new(),
        };
        self.prompt = Some(Prompt::Build(Box::new(b)));
        self.step_build(None);
    }

    pub fn start_activate(&mut self, seat: u8, src: Src) {
        let Some((item, _)) = self.activation(seat, src) else { return };
        let b = Build {
            seat,
            item,
            stage: Stage::Location,
            card: NONE,
            from: Zone::Gone,
            location: Loc::Nowhere,
            locations: Vec::new(),
            accelerate: false,
            discard: NONE,
            accepted: true,
            paid: Vec::new(),
            cost_unit: NONE,
            cost_at: None,
            repeat_asked: 0,
            repeat_paid: Vec::new(),
        };
        self.prompt = Some(Prompt::Build(Box::new(b)));
        self.step_build(None);
    }

    /// A triggered ability is put on the chain (CR 383.3, 402): "you may" and a leading cost are
    /// decided now; without legal targets for a required slot it is removed (CR 402.4).
    pub fn begin_trigger(&mut self, item: Item) {
        let may = match self.ability(&item) {
            Some(ab) => ab.may,
            None => return,
        };
        if !self.targets_possible(&item, &Cost::default(), &PayCache::new(item.controller)) {
            return;
        }
        let seat = item.controller;
        // A leading cost is optional: declining it removes the trigger (CR 404.2).
        let may = may || self.trigger_lead_pay(&item).is_some();
        let b = Build {
            seat,
            item,
            stage: Stage::Optional,
            card: NONE,
            from: Zone::Gone,
            location: Loc::Nowhere,
            locations: Vec::new(),
            accelerate: false,
            discard: NONE,
            accepted: !may,
            paid: Vec::new(),
            cost_unit: NONE,
            cost_at: None,
            repeat_asked: 0,
            repeat_paid: Vec::new(),
        };
        self.prompt = Some(Prompt::Build(Box::new(b)));
        self.step_build(None);
    }

    pub fn push_chain(&mut self, item: Item) {
        self.priority = item.controller;
        self.passes = 0;
        self.chain.push(item);
    }

    /// The cost of the item being built, so far (CR 356), Deflect included.
    pub(crate) fn build_cost(&self, b: &Build) -> Cost {
        if matches!(b.stage, Stage::PayInstr | Stage::EquipPip) {
            return self.instr_pay_cost().unwrap_or_default();
        }
        let mut c = self.build_base_cost(b);
        c.add_any(self.deflect_extra(b.seat, &b.item.targets));
        c
    }

    /// The cost without Deflect (which `candidates` adds for the targets it probes).
    pub(crate) fn build_base_cost(&self, b: &Build) -> Cost {
        let mut c = self.build_printed_cost(b);
        // Repeat (CR 820): an additional cost, added once paid.
        self.add_repeat_cost(b, &mut c);
        c
    }

    fn build_printed_cost(&self, b: &Build) -> Cost {
        if matches!(b.stage, Stage::PayInstr | Stage::EquipPip) {
            return self.instr_pay_cost().unwrap_or_default();
        }
        if b.card != NONE {
            let mut c = self.card_cost(b.seat, b.card);
            if matches!(b.from, Zone::Facedown(_)) {
                c = Cost::default();
            }
            if b.from == Zone::Trash {
                c = self.flow_cost(b.seat, b.card);
            }
            if b.accelerate {
                c = self.accel_cost(b.card, c);
            }
            c
        } else if b.item.trigger {
            self.trigger_lead_pay(&b.item).unwrap_or_default()
        } else if let Some(c) = self.keyword_cost(&b.item) {
            c
        } else {
            Cost::energy(self.ability(&b.item).map(|a| a.cost_energy).unwrap_or(0))
        }
    }

    /// What an optional trigger offers besides "no" (CR 383.3.b, 402.1).
    fn optional_offer(&self, b: &Build) -> Offer {
        if let Some(c) = self.trigger_lead_pay(&b.item) {
            // CR 203.3: a cost that can't be paid can't be chosen.
            return if self.can_pay(b.seat, &c) { Offer::Yes } else { Offer::Nothing };
        }
        match self.ability(&b.item).and_then(|a| a.lead) {
            None => Offer::Yes,
            Some(Lead::ExhaustSelf) if self.src_obj(&b.item).is_some_and(|s| !self.obj(s).has(flag::EXHAUSTED)) => {
                Offer::Yes
            }
            Some(Lead::ExhaustSelf) => Offer::Nothing,
            Some(Lead::Discard) | Some(Lead::RecycleHand) => Offer::PickHand,
        }
    }

    /// The choices open at the current stage.
    pub fn build_options(&self, b: &Build, out: &mut Vec<RiftAction>) {
        let seat = b.seat;
        match b.stage {
            Stage::Optional => {
                out.push(RiftAction::No);
                match self.optional_offer(b) {
                    Offer::Yes => out.push(RiftAction::Yes),
                    Offer::PickHand => {
                        for &h in &self.players[seat as usize].hand {
                            out.push(RiftAction::Pick(Ref::Obj(h)));
                        }
                    }
                    Offer::Nothing => {}
                }
            }
            Stage::Location => {
                for l in &b.locations {
                    out.push(RiftAction::Pick(match *l {
                        Loc::Bf(x) => Ref::Bf(x),
                        _ => Ref::Base,
                    }));
                }
            }
            Stage::Accelerate | Stage::Deflect | Stage::Repeat => {
                out.push(RiftAction::Yes);
                out.push(RiftAction::No);
            }
            Stage::EquipPip => {
                // CR 821: which Power pip the [A] reduction takes off (the first payable first),
                // or decline (the Equipment is not attached).
                for m in self.equip_pip_choices(seat) {
                    out.push(RiftAction::Pip(m));
                }
                out.push(RiftAction::No);
                // With `rune_actions`, 'pay' is the auto-pay's: the first payable pip off, paid.
                if self.opts.rune_actions {
                    out.push(RiftAction::AutoPay);
                }
            }
            Stage::PayInstr => {
                // CR 204.3: pay (manually with `rune_actions`, CR 444) or decline.
                out.push(RiftAction::No);
                if self.opts.rune_actions {
                    self.pool_actions_paying(seat, &self.build_cost(b), &b.paid, out);
                    out.push(RiftAction::AutoPay);
                } else {
                    out.push(RiftAction::Yes);
                }
            }
            Stage::ExtraDiscard => {
                if b.item.trigger {
                    // CR 404.2: the controller may decline to pay a trigger's cost (removing it).
                    out.push(RiftAction::No);
                }
                match self.unit_cost_due(b) {
                    Some(c) if Self::cost_from_place(c) => {
                        for h in self.cost_places(&b.item, c) {
                            out.push(RiftAction::Pick(match h {
                                Holder::Legend(s) => Ref::Seat(s),
                                Holder::Bf(x) => Ref::Bf(x),
                                Holder::Obj(u) => Ref::Obj(u),
                            }));
                        }
                    }
                    Some(c) => {
                        for u in self.cost_units(&b.item, c) {
                            out.push(RiftAction::Pick(Ref::Obj(u)));
                        }
                    }
                    None => {
                        for &h in &self.players[seat as usize].hand {
                            out.push(RiftAction::Pick(Ref::Obj(h)));
                        }
                    }
                }
            }
            Stage::Pay => {
                let cost = self.build_cost(b);
                if self.opts.rune_actions {
                    // Manual payment (CR 444): Add abilities, then the auto-pay for the rest.
                    self.pool_actions_paying(seat, &cost, &b.paid, out);
                    out.push(RiftAction::AutoPay);
                } else {
                    for id in self.pay_choices(seat, &cost, &b.paid) {
                        out.push(RiftAction::Pick(Ref::Obj(id)));
                    }
                }
            }
            Stage::Targets(slot) => {
                // No target spec: the source lost its abilities (a leaver's battlefield became
                // blank, CR 651) — no options, so the choice ends (`settle_prompt_after_leaving`).
                let Some(spec) = self.specs(&b.item).get(self.repeat_slot(&b.item, slot).1 as usize) else { return };
                let (item, local, base) = self.target_frame(b, slot);
                let chosen = b.item.targets.iter().filter(|(s, _)| *s == slot).count();
                if spec.up_to > 0 && chosen < spec.up_to as usize {
                    out.push(RiftAction::Done);
                }
                // `candidates` in order, without collecting them first.
                self.each_candidate(&item, local, &base, |t| {
                    out.push(RiftAction::Pick(match t {
                        Tgt::Obj(id, _) => Ref::Obj(id),
                        Tgt::Bf(x) => Ref::Bf(x),
                        Tgt::Base(_) => Ref::Base,
                        // A legend target is named by its player (`t p2`).
                        Tgt::Legend(s) => Ref::Seat(s),
                    }));
                    false
                });
            }
        }
    }

    /// Exactly "`a` is in `build_options(b)`", without listing the options (checked on every
    /// action applied during a build, so it must not cost a listing).
    pub fn build_allows(&self, b: &Build, a: RiftAction) -> bool {
        let seat = b.seat;
        let in_hand = |h: ObjId| self.players[seat as usize].hand.contains(&h);
        match (b.stage, a) {
            (Stage::Optional, RiftAction::No) => true,
            (Stage::Optional, RiftAction::Yes) => self.optional_offer(b) == Offer::Yes,
            (Stage::Optional, RiftAction::Pick(Ref::Obj(h))) => self.optional_offer(b) == Offer::PickHand && in_hand(h),
            (Stage::Location, RiftAction::Pick(r)) => b.locations.iter().any(|l| {
                r == match *l {
                    Loc::Bf(x) => Ref::Bf(x),
                    _ => Ref::Base,
                }
            }),
            (Stage::Accelerate, RiftAction::Yes | RiftAction::No) => true,
            (Stage::ExtraDiscard, RiftAction::No) => b.item.trigger,
            (Stage::ExtraDiscard, RiftAction::Pick(Ref::Obj(h))) => {
                match self.unit_cost_due(b) {
                    Some(c) if Self::cost_from_place(c) => false,
                    // An additional cost paid with a unit (CR 204.2): one of the units that can pay.
                    Some(c) => self.cost_units(&b.item, c).contains(&h),
                    None => in_hand(h),
                }
            }
            // Counters spent from the payer's legend or a battlefield they control (CR 741–749).
            (Stage::ExtraDiscard, RiftAction::Pick(r @ (Ref::Seat(_) | Ref::Bf(_)))) => {
                self.unit_cost_due(b).filter(|c| Self::cost_from_place(c)).is_some_and(|c| {
                    self.cost_places(&b.item, c).iter().any(|&h| match (h, r) {
                        (Holder::Legend(s), Ref::Seat(x)) => s == x,
                        (Holder::Bf(s), Ref::Bf(x)) => s == x,
                        _ => false,
                    })
                })
            }
            (Stage::Pay, RiftAction::Pick(Ref::Obj(id))) => {
                self.pay_choices(seat, &self.build_cost(b), &b.paid).contains(&id)
            }
            (Stage::Targets(slot), RiftAction::Done) => {
                let local = self.repeat_slot(&b.item, slot).1;
                let Some(spec) = self.specs(&b.item).get(local as usize) else { return false };
                let chosen = b.item.targets.iter().filter(|(s, _)| *s == slot).count();
                spec.up_to > 0 && chosen < spec.up_to as usize
            }
            (Stage::Targets(slot), RiftAction::Pick(r)) => {
                let (item, slot, base) = self.target_frame(b, slot);
                match r {
                    Ref::Obj(id) if (id as usize) < self.objs.len() => {
                        self.is_candidate(&item, slot, &base, self.tgt(id))
                    }
                    Ref::Bf(x) => self.is_candidate(&item, slot, &base, Tgt::Bf(x)),
                    Ref::Base => (0..self.n()).any(|s| self.is_candidate(&item, slot, &base, Tgt::Base(s))),
                    Ref::Seat(s) => self.is_candidate(&item, slot, &base, Tgt::Legend(s)),
                    Ref::Obj(_) => false,
                }
            }
            // Any other stage (or an action no arm above takes): the listing decides.
            (_, a) => {
                let mut all = Vec::new();
                self.build_options(b, &mut all);
                all.contains(&a)
            }
        }
    }

    /// The stage after target slot `slot`: the next slot, or past the last one a `Slot` holds
    /// (65,536 slots: Repeat, CR 820) Deflect or payment, as past the item's last slot.
    fn after_slot(&self, b: &Build, slot: Slot) -> Stage {
        match slot.checked_add(1) {
            Some(next) => Stage::Targets(next),
            None if self.deflect_to_decide(b) => Stage::Deflect,
            None => Stage::Pay,
        }
    }

    /// Apply a choice (already checked legal) and move to the next stage; finalize at the end.
    pub fn step_build(&mut self, choice: Option<RiftAction>) {
        let Some(Prompt::Build(mut b)) = self.prompt.take() else { return };
        if let Some(a) = choice {
            match (b.stage, a) {
                // Declined: the trigger is removed (CR 402.1).
                (Stage::Optional, RiftAction::No) => return,
                (Stage::Optional, RiftAction::Yes) => b.accepted = true,
                (Stage::Optional, RiftAction::Pick(Ref::Obj(h))) => {
                    b.accepted = true;
                    b.discard = h;
                }
                (Stage::Location, RiftAction::Pick(r)) => {
                    b.location = match r {
                        Ref::Bf(x) => Loc::Bf(x),
                        _ => Loc::Base(b.seat),
                    };
                    b.stage = Stage::Accelerate;
                }
                (Stage::Accelerate, RiftAction::Yes) => {
                    b.accelerate = true;
                    b.stage = Stage::Repeat;
                }
                (Stage::Accelerate, _) => b.stage = Stage::Repeat,
                // Each Repeat instance is decided in turn (CR 820): paid or not.
                (Stage::Repeat, RiftAction::Yes) => {
                    b.repeat_paid.push(b.repeat_asked);
                    b.repeat_asked += 1;
                    b.item.repeat += 1;
                }
                (Stage::Repeat, _) => b.repeat_asked += 1,
                (Stage::PayInstr | Stage::EquipPip, RiftAction::No) => {
                    self.decline_instr_pay(b.seat);
                    return;
                }
                // Weaponmaster's [A] takes this pip off (CR 821); the payment follows.
                (Stage::EquipPip, RiftAction::Pip(m)) => {
                    if let Some(r) = self.resolving.as_mut() {
                        r.pip = m;
                    }
                    b.stage = Stage::PayInstr;
                }
                (Stage::PayInstr, RiftAction::Yes | RiftAction::AutoPay) | (Stage::EquipPip, RiftAction::AutoPay) => {
                    self.finish_instr_pay(b.seat, &b.paid);
                    return;
                }
                (Stage::PayInstr, a) if a.is_pool() => {
                    self.add_to_pool(b.seat, a);
                    // The pool pays once it covers the cost (CR 444).
                    if self.pool_covers(b.seat, &self.build_cost(&b), &b.paid) {
                        self.finish_instr_pay(b.seat, &b.paid);
                        return;
                    }
                }
                // A trigger's cost declined: the trigger is removed (CR 404.2).
                (Stage::ExtraDiscard, RiftAction::No) => return,
                // The unit of `extra_cost` first, then the card of `extra_discard` (CR 204.2).
                (Stage::ExtraDiscard, RiftAction::Pick(Ref::Seat(s))) => b.cost_at = Some(Holder::Legend(s)),
                (Stage::ExtraDiscard, RiftAction::Pick(Ref::Bf(x))) => b.cost_at = Some(Holder::Bf(x)),
                (Stage::ExtraDiscard, RiftAction::Pick(Ref::Obj(h))) => {
                    if self.unit_cost_due(&b).is_some() {
                        b.cost_unit = h;
                    } else {
                        b.discard = h;
                    }
                }
                (Stage::Targets(slot), RiftAction::Pick(r)) => {
                    let t = match r {
                        Ref::Obj(id) => self.tgt(id),
                        Ref::Bf(x) => Tgt::Bf(x),
                        Ref::Base => Tgt::Base(b.seat),
                        Ref::Seat(s) => Tgt::Legend(s),
                    };
                    b.item.targets.push((slot, t));
                }
                (Stage::Targets(slot), RiftAction::Done) => b.stage = self.after_slot(&b, slot),
                (Stage::Pay, RiftAction::Pick(Ref::Obj(id))) => b.paid.push(id),
                (Stage::Pay, RiftAction::AutoPay) => {
                    self.finalize(*b);
                    return;
                }
                (Stage::Pay, a) if a.is_pool() => self.add_to_pool(b.seat, a),
                // CR 809: declining to pay Deflect removes the trigger; paying goes on to Pay.
                (Stage::Deflect, RiftAction::No) => return,
                (Stage::Deflect, _) => b.stage = Stage::Pay,
                _ => {}
            }
        }
        loop {
            match b.stage {
                Stage::Optional => {
                    if b.accepted {
                        b.stage = Stage::Location;
                        continue;
                    }
                    // Something besides "no" is open.
                    let open = match self.optional_offer(&b) {
                        Offer::Yes => true,
                        Offer::PickHand => !self.players[b.seat as usize].hand.is_empty(),
                        Offer::Nothing => false,
                    };
                    if open {
                        self.prompt = Some(Prompt::Build(b));
                    }
                    // Otherwise only "no" is possible (the leading cost can't be paid): removed.
                    return;
                }
                Stage::Location => {
                    if b.card != NONE && self.card(b.card).is_unit() && b.location == Loc::Nowhere {
                        if b.locations.len() == 1 {
                            b.location = b.locations[0];
                        } else {
                            self.prompt = Some(Prompt::Build(b));
                            return;
                        }
                    }
                    b.stage = Stage::Accelerate;
                }
                Stage::Accelerate => {
                    if b.card != NONE && self.accel_open(&b) {
                        self.prompt = Some(Prompt::Build(b));
                        return;
                    }
                    b.stage = Stage::Repeat;
                }
                Stage::Repeat => {
                    if self.repeat_open(&mut b) {
                        self.prompt = Some(Prompt::Build(b));
                        return;
                    }
                    b.stage = Stage::ExtraDiscard;
                }
                Stage::PayInstr | Stage::EquipPip => {
                    self.prompt = Some(Prompt::Build(b));
                    return;
                }
                Stage::ExtraDiscard => {
                    let (discard, unit) = self.extra_costs(&b);
                    let needs = (discard && b.discard == NONE)
                        || (unit.is_some() && b.cost_unit == NONE && b.cost_at.is_none());
                    if needs && b.item.trigger && !self.trigger_cost_payable(&b) {
                        // An impossible cost can't be paid (CR 203.3): the trigger is removed.
                        return;
                    }
                    if needs {
                        self.prompt = Some(Prompt::Build(b));
                        return;
                    }
                    b.stage = Stage::Targets(0);
                }
                Stage::Targets(slot) => {
                    let specs = self.specs(&b.item);
                    let permanent = b.card != NONE && b.item.src != ItemSrc::Spell(b.card);
                    // Repeat (CR 820): every execution's targets are chosen now.
                    if permanent || slot as usize >= specs.len() * (1 + b.item.repeat as usize) {
                        b.stage = if self.deflect_to_decide(&b) { Stage::Deflect } else { Stage::Pay };
                        continue;
                    }
                    let spec = &specs[self.repeat_slot(&b.item, slot).1 as usize];
                    let chosen = b.item.targets.iter().filter(|(s, _)| *s == slot).count();
                    let full = if spec.up_to > 0 { chosen >= spec.up_to as usize } else { chosen == 1 };
                    if full {
                        b.stage = self.after_slot(&b, slot);
                        continue;
                    }
                    let (item, local, base) = self.target_frame(&b, slot);
                    if !self.each_candidate(&item, local, &base, |_| true) {
                        // Only "up to" slots can run out (required ones were checked up front).
                        b.stage = self.after_slot(&b, slot);
                        continue;
                    }
                    self.prompt = Some(Prompt::Build(b));
                    return;
                }
                Stage::Deflect => {
                    if self.deflect_forced(&b) {
                        return;
                    }
                    self.prompt = Some(Prompt::Build(b));
                    return;
                }
                Stage::Pay => {
                    let cost = self.build_cost(&b);
                    if self.opts.rune_actions {
                        // Paid from the pool once it covers the cost; until then the player adds
                        // to it or asks for the auto-pay (CR 444).
                        if self.pool_covers(b.seat, &cost, &b.paid) {
                            self.finalize(*b);
                        } else {
                            self.prompt = Some(Prompt::Build(b));
                        }
                        return;
                    }
                    let choices = self.pay_choices(b.seat, &cost, &b.paid);
                    match choices.len() {
                        0 => {
                            self.finalize(*b);
                            return;
                        }
                        1 => b.paid.push(choices[0]),
                        _ => {
                            self.prompt = Some(Prompt::Build(b));
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Back out of a card or ability being played before it is finished (CR 358.5: the play is
    /// undone and the card returns where it came from). Nothing is paid before finalization, so
    /// only the card's zone changes back.
    pub fn back_out(&mut self) {
        let Some(Prompt::Build(b)) = self.prompt.take() else { return };
        if b.card != NONE {
            self.set_zone(b.card, b.from);
        }
    }

    /// A trigger whose chosen targets carry Deflect: its controller may pay or decline (CR 809).
    /// Played cards and activated abilities must pay (the choice of target was theirs).
    fn deflect_to_decide(&self, b: &Build) -> bool {
        b.item.trigger && self.deflect_extra(b.seat, &b.item.targets) > 0
    }

    /// A trigger made to choose targets whose Deflect can't be paid (CR 355.16: no other option)
    /// can't pay its cost: it is removed (CR 203.3, 404.2) and the log says why.
    fn deflect_forced(&mut self, b: &Build) -> bool {
        if self.can_pay(b.seat, &self.build_cost(b)) {
            return false;
        }
        let seat = b.seat;
        let def = match self.by_of(b.item.src) {
            crate::notes::By::Card { def, .. }
            | crate::notes::By::Legend { def, .. }
            | crate::notes::By::Battlefield { def, .. } => def,
            _ => self.players[seat as usize].legend,
        };
        self.notes.add(|| crate::notes::Note::DeflectUnpayable { seat, def });
        true
    }

    /// Accelerate (CR 805) is offered if the extra cost can be paid.
    fn accel_open(&self, b: &Build) -> bool {
        let d = self.card(b.card);
        if !d.has(kw::ACCELERATE) {
            return false;
        }
        let base = self.build_cost(b);
        self.can_pay(b.seat, &self.accel_cost(b.card, base))
    }

    /// Pay costs, check legality and finish (CR 357–359).
    fn finalize(&mut self, b: Build) {
        let seat = b.seat;
        let cost = self.build_cost(&b);
        let in_showdown = self.showdown.is_some();
        if b.item.trigger {
            if b.discard != NONE {
                match self.ability(&b.item).and_then(|a| a.lead) {
                    Some(Lead::RecycleHand) => self.recycle_card(b.discard),
                    _ => self.discard(seat, b.discard),
                }
            }
            if self.ability(&b.item).and_then(|a| a.lead) == Some(Lead::ExhaustSelf) {
                if let Some(s) = self.src_obj(&b.item) {
                    self.objs[s as usize].set(flag::EXHAUSTED, true);
                }
            }
            self.pay_forced(seat, &cost, &b.paid);
            // Its additional cost paid with a unit (CR 204.3, 383.3.b).
            if b.cost_unit != NONE {
                if let Some(c) = self.extra_costs(&b).1.cloned() {
                    self.pay_unit_cost(&c, b.cost_unit);
                }
            }
            if let Some(h) = b.cost_at {
                if let Some(c) = self.extra_costs(&b).1.cloned() {
                    self.pay_place_cost(&c, h);
                }
            }
            if self.adds_at_once(&b.item) {
                // CR 429: an Add ability resolves at once, without the chain.
                self.add_at_once(b.item);
            } else {
                self.push_chain(b.item);
            }
            return;
        }
        self.pay_forced(seat, &cost, &b.paid);
        if b.cost_unit != NONE {
            if let Some(c) = self.extra_costs(&b).1.cloned() {
                self.pay_unit_cost(&c, b.cost_unit);
            }
        }
        if let Some(h) = b.cost_at {
            if let Some(c) = self.extra_costs(&b).1.cloned() {
                self.pay_place_cost(&c, h);
            }
        }
        if b.discard != NONE {
            self.discard(seat, b.discard);
        }
        let adds_at_once = b.card == NONE && self.adds_at_once(&b.item);
        if in_showdown && !adds_at_once {
            self.focus_pass_due = true;
        }
        if b.card == NONE {
            // An activated ability (CR 398–406).
            if self.ability(&b.item).is_some_and(|a| a.cost_exhaust) {
                match b.item.src {
                    ItemSrc::Legend(s) => self.players[s as usize].legend_exhausted = true,
                    ItemSrc::Obj(id) => self.objs[id as usize].set(flag::EXHAUSTED, true),
                    _ => {}
                }
            }
            if adds_at_once {
                // CR 429: it resolves at once and does not pass Priority or Focus.
                self.add_at_once(b.item);
            } else {
                self.push_chain(b.item);
            }
            return;
        }
        // A card: it is now finalized (Legion counts it, CR 812).
        self.players[seat as usize].finalized.push(b.card);
        if self.card(b.card).kind == Kind::Spell {
            // "Your next spell this turn has Repeat": this is it (CR 820, `repeat.rs`).
            self.spell_repeats_used(seat);
        }
        let (card, def) = (b.card, self.obj(b.card).def);
        self.notes.add(|| crate::notes::Note::Played { seat, card, def });
        let d = self.card(b.card);
        match d.kind {
            Kind::Spell => {
                if b.from == Zone::Trash {
                    self.objs[b.card as usize].set(flag::FLOWED, true);
                }
                self.push_chain(b.item)
            }
            Kind::Gear => {
                let zone = match b.from {
                    Zone::Facedown(x) => Zone::Bf(x),
                    _ => Zone::Base,
                };
                self.enter_board(b.card, seat, zone, false);
                // Play effects of gear: Quick-Draw's attach (CR 819), Vision (CR 817), the card's.
                let before = self.pending.len();
                self.push_trigger_obj(b.card, crate::cards::On::Play, None);
                if let Zone::Facedown(x) = b.from {
                    for p in &mut self.pending[before..] {
                        p.item.restrict_bf = x;
                    }
                }
            }
            _ => {
                let zone = match b.location {
                    Loc::Bf(x) => Zone::Bf(x),
                    _ => Zone::Base,
                };
                // Units enter exhausted unless Accelerate was paid (CR 143.4, 805).
                self.enter_board(b.card, seat, zone, !b.accelerate);
                let before = self.pending.len();
                // Play effects, Vision's and Weaponmaster's among them (CR 817, 821).
                self.push_trigger_obj(b.card, crate::cards::On::Play, None);
                if let Zone::Facedown(x) = b.from {
                    for p in &mut self.pending[before..] {
                        p.item.restrict_bf = x;
                    }
                }
                if self.mighty(b.card) {
                    self.fire_controlled(seat, crate::cards::On::YouPlayMighty, None);
                }
            }
        }
    }

    // ------------------------------------------------------------------ discretionary actions

    /// Standard Move destinations for a unit (CR 144): base → battlefield, battlefield → own base,
    /// battlefield → battlefield with Ganking (CR 810).
    pub fn standard_routes(&self, seat: u8, u: ObjId, out: &mut Vec<Loc>) {
        self.each_route(seat, u, |l| out.push(l));
    }

    /// Is `to` one of the unit's Standard Move destinations?
    pub fn has_route(&self, seat: u8, u: ObjId, to: Loc) -> bool {
        let mut found = false;
        self.each_route(seat, u, |l| found |= l == to);
        found
    }

    /// The Standard Move destinations, in order, without building a list.
    pub fn each_route(&self, seat: u8, u: ObjId, mut f: impl FnMut(Loc)) {
        let o = self.obj(u);
        if !o.zone.on_board() || !self.def(o.def).is_unit() || o.controller != seat || o.has(flag::EXHAUSTED) {
            return;
        }
        match self.loc(u) {
            Loc::Base(_) => {
                for b in 0..self.bfs.len() as u8 {
                    if self.can_move_to(u, Loc::Bf(b)) && !self.no_attack.contains(&(b, seat)) {
                        f(Loc::Bf(b));
                    }
                }
            }
            Loc::Bf(from) => {
                f(Loc::Base(seat));
                if self.has_kw(u, kw::GANKING) {
                    for b in 0..self.bfs.len() as u8 {
                        if b != from && self.can_move_to(u, Loc::Bf(b)) && !self.no_attack.contains(&(b, seat)) {
                            f(Loc::Bf(b));
                        }
                    }
                }
            }
            Loc::Nowhere => {}
        }
    }

    pub fn hide_cost(&self, b: u8) -> Cost {
        // [A] (CR 421), unless the battlefield says otherwise (Whispering Alcove, ST1-049).
        let mut c = Cost::default();
        c.add_any(self.bf_def(b).and_then(|d| d.hide_cost).unwrap_or(1));
        c
    }

    /// Hide (CR 421, 811): own turn, Neutral Open (§29 #3), at a battlefield you control with a free
    /// facedown slot, paying [A].
    pub fn can_hide(&self, seat: u8, card: ObjId, b: u8) -> bool {
        self.can_hide_in(&PayCache::new(seat), card, b)
    }

    /// `can_hide` for the cache's seat.
    pub(crate) fn can_hide_in(&self, pay: &PayCache, card: ObjId, b: u8) -> bool {
        let seat = pay.seat();
        let o = self.obj(card);
        (b as usize) < self.bfs.len()
            && o.zone == Zone::Hand
            && o.owner == seat
            && self.def(o.def).has(kw::HIDDEN)
            && (self.own_neutral_open(seat)
                || (!self.opts.hide_neutral_open_only
                    && self.turn_player == seat
                    && self.phase == Phase::Main
                    && self.chain.is_empty()
                    && self.pending.is_empty()))
            && self.bfs[b as usize].controller == seat
            && self.bfs[b as usize].facedown == NONE
            && self.can_pay_in(pay, &self.hide_cost(b))
    }

    /// Hide now if the cost is paid without a choice (the pool covers it, or payment is automatic);
    /// with `rune_actions` otherwise ask for the payment (CR 444), like any other cost.
    pub fn hide_or_ask(&mut self, seat: u8, card: ObjId, b: u8) {
        if self.opts.rune_actions && !self.pool_covers(seat, &self.hide_cost(b), &[]) {
            self.prompt = Some(Prompt::HidePay { seat, card, bf: b });
        } else {
            self.prompt = None;
            self.hide(seat, card, b);
        }
    }

    pub fn hide(&mut self, seat: u8, card: ObjId, b: u8) {
        let c = self.hide_cost(b);
        self.pay(seat, &c);
        self.set_zone(card, Zone::Facedown(b));
        let o = &mut self.objs[card as usize];
        o.controller = seat;
        o.hidden_turn = self.turn;
    }
}

/// What `each_candidate` works out once per slot: the spec, the destination slot depending on it
/// (CR 355.16) with a reusable probe item, the Deflect of the targets chosen so far, and whether
/// the base cost is payable (computed at most once).
struct SlotProbe<'a> {
    spec: &'a TargetSpec,
    dependent: Option<(&'a TargetSpec, Item)>,
    chosen_deflect: u8,
    base_ok: Option<bool>,
    slot: u8,
    /// A trigger's forced choice (CR 355.16): Deflect need not be payable.
    deflect_free: bool,
    /// The payment sources of the item's controller (the probe's state doesn't change).
    pay: &'a PayCache,
}

impl<'a> SlotProbe<'a> {
    fn new(g: &'a RiftGame, item: &Item, slot: u8, pay: &'a PayCache) -> Option<SlotProbe<'a>> {
        debug_assert_eq!(pay.seat(), item.controller);
        let specs = g.specs(item);
        let spec = specs.get(slot as usize)?;
        let dependent =
            specs.iter().find(|s| s.what == What::Destination && s.dest_of == slot).map(|dspec| (dspec, item.clone()));
        Some(SlotProbe {
            spec,
            dependent,
            chosen_deflect: g.deflect_extra(item.controller, &item.targets),
            base_ok: None,
            slot,
            deflect_free: false,
            pay,
        })
    }

    /// A required slot of a triggered ability (an "up to" slot may stay empty: that is another
    /// option, CR 355.13, 355.16).
    fn forced_deflect_allowed(&self, item: &Item) -> bool {
        item.trigger && self.spec.up_to == 0 && self.spec.what != What::Destination
    }

    /// Is `t` a legal choice for the slot (CR 355.6–355.16), its Deflect included payable?
    fn ok(&mut self, g: &RiftGame, item: &Item, base: &Cost, t: Tgt) -> bool {
        if item.targets.iter().any(|(_, x)| *x == t) || !g.target_ok(item, self.spec, t) {
            return false;
        }
        if let Some((dspec, probe)) = self.dependent.as_mut() {
            probe.targets.push((Slot::from(self.slot), t));
            let ok = (0..g.bfs.len() as u8).any(|b| g.target_ok(probe, dspec, Tgt::Bf(b)));
            probe.targets.pop();
            if !ok {
                return false;
            }
        }
        let extra = match g.live(t) {
            Some(id) if !g.friendly(g.obj(id).controller, item.controller) => g.deflect(id),
            _ => 0,
        };
        let chosen_deflect = self.chosen_deflect;
        let pay = self.pay;
        if self.deflect_free {
            return g.can_pay_in(pay, base);
        }
        if extra == 0 {
            *self.base_ok.get_or_insert_with(|| {
                let mut c = *base;
                c.add_any(chosen_deflect);
                g.can_pay_in(pay, &c)
            })
        } else {
            let mut c = *base;
            c.add_any(chosen_deflect + extra);
            g.can_pay_in(pay, &c)
        }
    }
}

/// What an optional trigger offers besides "no": "yes", a card of the hand to pay its leading
/// cost with, or nothing (its leading cost can't be paid).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Offer {
    Yes,
    PickHand,
    Nothing,
}
