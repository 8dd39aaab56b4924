//! Paying costs (CR 201–206, 356–357, 429, 444). The player chooses which rune to recycle or which
//! Add gear to exhaust for each Power pip when that choice matters (the `Pay` stage of playing
//! something); the rest is automatic and deterministic: Add gear, then exhausted runes, then ready
//! runes for Power, and runes about to be recycled are exhausted first for Energy (CR 164.2:
//! exhaust, then recycle).

use crate::action::ObjId;
use crate::board_index::BoardSet;
use crate::cards::ANY_DOMAIN;
use crate::state::*;

/// At most this many Power pips in one total cost (ST1 needs at most about four).
pub const MAX_PIPS: usize = 12;

/// A total cost: Energy plus Power pips (each a mask of domains that may pay it). Fixed-size, so
/// legality checks don't allocate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    pub energy: u8,
    npips: u8,
    pips: [u8; MAX_PIPS],
}

impl Cost {
    pub fn new(energy: u8, pips: &[u8]) -> Cost {
        let mut c = Cost { energy, ..Cost::default() };
        for &p in pips {
            c.push(p);
        }
        c
    }
    pub fn energy(energy: u8) -> Cost {
        Cost { energy, ..Cost::default() }
    }
    /// Add a pip; a cost that would exceed `MAX_PIPS` saturates at an unpayable pip (mask 0).
    pub fn push(&mut self, mask: u8) {
        if (self.npips as usize) < MAX_PIPS {
            self.pips[self.npips as usize] = mask;
            self.npips += 1;
        } else {
            self.pips[MAX_PIPS - 1] = 0;
        }
    }
    pub fn pips(&self) -> &[u8] {
        &self.pips[..self.npips as usize]
    }
    /// Nothing to pay.
    pub fn is_free(&self) -> bool {
        self.energy == 0 && self.npips == 0
    }
    pub fn add_any(&mut self, n: u8) {
        for _ in 0..n {
            self.push(ANY_DOMAIN);
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum PowerSrc {
    Pool(u8),
    Gear(ObjId),
    Rune(ObjId),
}

/// A fixed-capacity list, so planning a payment never allocates.
#[derive(Clone, Copy)]
struct Small<T: Copy + Default, const N: usize> {
    len: usize,
    items: [T; N],
}

impl<T: Copy + Default + PartialEq, const N: usize> Small<T, N> {
    fn new() -> Self {
        Small { len: 0, items: [T::default(); N] }
    }
    /// Push; past capacity the item is dropped (a player controls at most 12 runes; Add gear past
    /// 16 is ignored, which can only make a payment look harder than it is).
    fn push(&mut self, x: T) {
        if self.len < N {
            self.items[self.len] = x;
            self.len += 1;
        }
    }
    fn as_slice(&self) -> &[T] {
        &self.items[..self.len]
    }
    fn contains(&self, x: &T) -> bool {
        self.as_slice().contains(x)
    }
}

/// One player's payment sources with their ids (`RiftGame::source_ids`), for building a plan:
/// the pool, runes with their domains (exhausted ones first, each group in id order), the ready
/// runes, and ready Add gear.
#[derive(Clone, Copy)]
struct SourceIds {
    pool_energy: u8,
    pool_power: [u8; 6],
    exhausted_runes: Small<(ObjId, u8), 24>,
    ready_runes: Small<(ObjId, u8), 24>,
    /// Every ready rune, also past `ready_runes`' capacity (the Energy-only check counts them).
    ready_count: usize,
    gears: Small<(ObjId, u8), 16>,
}

/// What `payable_from` needs of one player's sources, without ids (`RiftGame::pay_sources`):
/// the domain masks of the runes in Power order (`power_runes`: exhausted ones, then ready ones,
/// at most 24) and of the ready Add gear (at most 16, id order), and the counts. 56 bytes
/// instead of the ~300 of `SourceIds`, so a `PayCache` read zeroes and copies little (session 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sources {
    pool_energy: u8,
    pool_power: [u8; 6],
    /// Runes in `rune_masks`, of which the first `nexhausted` are exhausted.
    nrunes: u8,
    nexhausted: u8,
    /// Ready runes listed (at most 24: `SourceIds::ready_runes.len`), and all of them.
    nready: u8,
    ready_count: u16,
    ngears: u8,
    rune_masks: [u8; 24],
    gear_masks: [u8; 16],
}

impl SourceIds {
    /// The id-less summary of these sources (the debug check of `RiftGame::pay_sources`).
    fn summary(&self) -> Sources {
        let mut s = Sources {
            pool_energy: self.pool_energy,
            pool_power: self.pool_power,
            nrunes: 0,
            nexhausted: self.exhausted_runes.len as u8,
            nready: self.ready_runes.len as u8,
            ready_count: self.ready_count.min(u16::MAX as usize) as u16,
            ngears: self.gears.len as u8,
            rune_masks: [0; 24],
            gear_masks: [0; 16],
        };
        for (k, &(_, m)) in RiftGame::power_runes(self).enumerate() {
            s.rune_masks[k] = m;
            s.nrunes += 1;
        }
        for (k, &(_, m)) in self.gears.as_slice().iter().enumerate() {
            s.gear_masks[k] = m;
        }
        s
    }
}

/// The payment sources of one seat, read on first use and kept while the state doesn't change:
/// callers that ask many costs of one unchanged state (`legal`, a target slot's probe) hold one
/// so that the board is scanned once, not once per cost. Speed only: the answers are
/// `can_pay`'s.
pub struct PayCache {
    seat: u8,
    /// The number of ready runes (all an Energy-only cost needs).
    ready: std::cell::OnceCell<usize>,
    src: std::cell::OnceCell<Sources>,
}

impl PayCache {
    pub fn new(seat: u8) -> PayCache {
        PayCache { seat, ready: std::cell::OnceCell::new(), src: std::cell::OnceCell::new() }
    }
    pub fn seat(&self) -> u8 {
        self.seat
    }
}

pub struct Plan {
    pool_energy: u8,
    pool_power: [u8; 6],
    exhaust: Small<ObjId, 24>,
    recycle: Small<ObjId, 24>,
    gear: Small<ObjId, 16>,
}

impl RiftGame {
    /// A way for `seat` to pay `cost`, or `None` if it can't be paid (CR 203.3).
    pub fn plan(&self, seat: u8, cost: &Cost) -> Option<Plan> {
        self.plan_forced(seat, cost, &[])
    }

    /// The pips of a cost in the order payment assigns them (most restrictive first).
    pub fn pay_order(cost: &Cost) -> ([u8; MAX_PIPS], usize) {
        let mut pips = cost.pips;
        let n = cost.npips as usize;
        pips[..n].sort_by_key(|m| m.count_ones());
        (pips, n)
    }

    /// Like `plan`, but the first pips (in `pay_order`) are paid by the given runes or Add gear.
    pub fn plan_forced(&self, seat: u8, cost: &Cost, forced: &[ObjId]) -> Option<Plan> {
        Self::plan_from(&self.source_ids(seat), cost, forced)
    }

    /// What `seat` may pay with, with the ids a plan names.
    fn source_ids(&self, seat: u8) -> SourceIds {
        let p = &self.players[seat as usize];
        let mut src = SourceIds {
            pool_energy: p.pool.energy,
            pool_power: p.pool.power,
            exhausted_runes: Small::new(),
            ready_runes: Small::new(),
            ready_count: 0,
            gears: Small::new(),
        };
        let db = self.db();
        // Runes are on the board only in the base; units and gear may Add from anywhere. Each
        // list in id order (the rune set and the rest of the board are read apart).
        for (i, o) in self.runes_of(seat).map(|i| (i, self.obj(i))) {
            if o.zone == Zone::Base && o.controller == seat {
                let d = db.get(o.def);
                if d.kind == crate::cards::Kind::Rune {
                    if o.has(flag::EXHAUSTED) {
                        src.exhausted_runes.push((i, d.domains));
                    } else {
                        src.ready_runes.push((i, d.domains));
                        src.ready_count += 1;
                    }
                }
            }
        }
        for (i, o) in self.nonrunes_of(seat).map(|i| (i, self.obj(i))) {
            if o.zone.on_board() && o.controller == seat && !o.has(flag::EXHAUSTED) {
                let d = db.get(o.def);
                if d.kind != crate::cards::Kind::Rune && d.adds_power != 0 {
                    src.gears.push((i, d.adds_power));
                }
            }
        }
        src
    }

    /// What `seat` may pay with, read from the board once (speed: the legal-action listing and
    /// the target probes ask many costs of one unchanged state, `PayCache`): `source_ids`'
    /// summary, read without keeping ids (debug builds compare the two).
    pub(crate) fn pay_sources(&self, seat: u8) -> Sources {
        let p = &self.players[seat as usize];
        let (mut exh, mut ready) = ([0u8; 24], [0u8; 24]);
        let (mut nexh, mut nready, mut ready_count) = (0usize, 0usize, 0usize);
        let db = self.db();
        // The same scans as `source_ids`, in the same order and with the same capacities (below
        // `BoardSet::CAP` the index knows the controller and the card kind).
        for (i, o) in self.runes_of(seat).map(|i| (i, self.obj(i))) {
            if o.zone == Zone::Base && (BoardSet::exact(i) || o.controller == seat) {
                let d = db.get(o.def);
                if BoardSet::exact(i) || d.kind == crate::cards::Kind::Rune {
                    if o.has(flag::EXHAUSTED) {
                        if nexh < 24 {
                            exh[nexh] = d.domains;
                            nexh += 1;
                        }
                    } else {
                        if nready < 24 {
                            ready[nready] = d.domains;
                            nready += 1;
                        }
                        ready_count += 1;
                    }
                }
            }
        }
        let mut gear_masks = [0u8; 16];
        let mut ngears = 0usize;
        for o in self.nonrunes_of(seat).map(|i| self.obj(i)) {
            if o.zone.on_board() && o.controller == seat && !o.has(flag::EXHAUSTED) {
                let d = db.get(o.def);
                if d.kind != crate::cards::Kind::Rune && d.adds_power != 0 && ngears < 16 {
                    gear_masks[ngears] = d.adds_power;
                    ngears += 1;
                }
            }
        }
        let mut rune_masks = exh;
        let room = 24 - nexh;
        let take = nready.min(room);
        rune_masks[nexh..nexh + take].copy_from_slice(&ready[..take]);
        let s = Sources {
            pool_energy: p.pool.energy,
            pool_power: p.pool.power,
            nrunes: (nexh + take) as u8,
            nexhausted: nexh as u8,
            nready: nready as u8,
            ready_count: ready_count.min(u16::MAX as usize) as u16,
            ngears: ngears as u8,
            rune_masks,
            gear_masks,
        };
        debug_assert_eq!(s, self.source_ids(seat).summary(), "pay_sources disagrees with source_ids");
        s
    }

    /// The runes in the order Power takes them: exhausted ones first (their Energy is already
    /// spent), then ready ones, each group in id order; at most 24 in all.
    fn power_runes(src: &SourceIds) -> impl Iterator<Item = &(ObjId, u8)> + '_ {
        let room = 24 - src.exhausted_runes.len;
        src.exhausted_runes.as_slice().iter().chain(src.ready_runes.as_slice().iter().take(room))
    }

    /// `plan_forced` over sources read before.
    fn plan_from(src: &SourceIds, cost: &Cost, forced: &[ObjId]) -> Option<Plan> {
        let mut plan = Plan {
            pool_energy: 0,
            pool_power: [0; 6],
            exhaust: Small::new(),
            recycle: Small::new(),
            gear: Small::new(),
        };
        let mut pool = src.pool_power;
        let (sources, gears) = (src, &src.gears);
        let (pips, npips) = Self::pay_order(cost);
        for (k, &pip) in pips[..npips].iter().enumerate() {
            let mut src = None;
            if let Some(&f) = forced.get(k) {
                let ok_rune =
                    Self::power_runes(sources).any(|&(r, m)| r == f && m & pip != 0) && !plan.recycle.contains(&f);
                let ok_gear = gears.as_slice().iter().any(|&(g, m)| g == f && m & pip != 0) && !plan.gear.contains(&f);
                src = Some(if ok_rune {
                    PowerSrc::Rune(f)
                } else if ok_gear {
                    PowerSrc::Gear(f)
                } else {
                    return None;
                });
            } else if let Some(d) = (0..6).find(|&d| pool[d] > 0 && pip & (1 << d) != 0) {
                src = Some(PowerSrc::Pool(d as u8));
            } else if let Some(&(g, _)) = gears
                .as_slice()
                .iter()
                .filter(|(g, m)| m & pip != 0 && !plan.gear.contains(g))
                .min_by_key(|(_, m)| m.count_ones())
            {
                src = Some(PowerSrc::Gear(g));
            } else if let Some(&(r, _)) =
                Self::power_runes(sources).find(|&&(r, m)| m & pip != 0 && !plan.recycle.contains(&r))
            {
                src = Some(PowerSrc::Rune(r));
            }
            match src? {
                PowerSrc::Pool(d) => {
                    pool[d as usize] -= 1;
                    plan.pool_power[d as usize] += 1;
                }
                PowerSrc::Gear(g) => plan.gear.push(g),
                PowerSrc::Rune(r) => plan.recycle.push(r),
            }
        }
        let mut energy = cost.energy;
        let from_pool = energy.min(src.pool_energy);
        plan.pool_energy = from_pool;
        energy -= from_pool;
        let ready_runes = &src.ready_runes;
        if ready_runes.len < energy as usize {
            return None;
        }
        // Runes about to be recycled are exhausted first (CR 164.2), then the others, in id order.
        let mut ready: Small<ObjId, 24> = Small::new();
        for &(r, _) in ready_runes.as_slice() {
            if plan.recycle.contains(&r) {
                ready.push(r);
            }
        }
        for &(r, _) in ready_runes.as_slice() {
            if !plan.recycle.contains(&r) {
                ready.push(r);
            }
        }
        for &r in &ready.as_slice()[..energy as usize] {
            plan.exhaust.push(r);
        }
        Some(plan)
    }

    /// The Power sources `seat` may choose for the next pip after `forced` (one per kind: runes of
    /// the same domain and state are alike, and so are identical Add gear), keeping the rest of the
    /// cost payable.
    pub fn pay_choices(&self, seat: u8, cost: &Cost, forced: &[ObjId]) -> Vec<ObjId> {
        let (pips, n) = Self::pay_order(cost);
        let mut out = Vec::new();
        if forced.len() >= n {
            return out;
        }
        // Power already in the pool (added by an instruction, CR 429) pays the pip: no choice.
        let pool = &self.players[seat as usize].pool.power;
        if (0..6).any(|d| pool[d] > 0 && pips[forced.len()] & (1 << d) != 0) {
            return out;
        }
        // Candidates: runes (exhausted ones first: their Energy is already spent), then Add gear.
        let mut cands: Small<(bool, bool, ObjId), 64> = Small::new();
        for (i, o) in self.board_ids_of(seat).map(|i| (i as usize, self.obj(i))) {
            let id = i as ObjId;
            if !o.zone.on_board() || o.controller != seat || forced.contains(&id) {
                continue;
            }
            let d = self.def(o.def);
            let is_rune = d.kind == crate::cards::Kind::Rune && o.zone == Zone::Base;
            let is_gear = !o.has(flag::EXHAUSTED) && d.adds_power != 0;
            if is_rune || is_gear {
                cands.push((is_gear, !o.has(flag::EXHAUSTED), id));
            }
        }
        cands.items[..cands.len].sort_unstable();
        let mut seen: Small<(bool, crate::cards::DefId), 64> = Small::new();
        let mut probe: Small<ObjId, MAX_PIPS> = Small::new();
        for &f in forced {
            probe.push(f);
        }
        let src = self.source_ids(seat);
        for &(is_gear, _, id) in cands.as_slice() {
            let key = (is_gear, self.obj(id).def);
            if seen.contains(&key) {
                continue;
            }
            probe.push(id);
            if Self::plan_from(&src, cost, probe.as_slice()).is_some() {
                seen.push(key);
                out.push(id);
            }
            probe.len -= 1;
        }
        out
    }

    /// Does the rune pool alone (with the sources already chosen) pay `cost`?
    pub fn pool_covers(&self, seat: u8, cost: &Cost, forced: &[ObjId]) -> bool {
        forced.is_empty()
            && self
                .plan_forced(seat, cost, forced)
                .is_some_and(|p| p.exhaust.len == 0 && p.recycle.len == 0 && p.gear.len == 0)
    }

    pub fn can_pay(&self, seat: u8, cost: &Cost) -> bool {
        self.can_pay_in(&PayCache::new(seat), cost)
    }

    /// `can_pay` for the cache's seat, reading the board at most once per cache.
    pub fn can_pay_in(&self, pc: &PayCache, cost: &Cost) -> bool {
        if cost.npips == 0 {
            // Energy only: the pool plus one per ready rune.
            let p = &self.players[pc.seat as usize];
            if cost.energy <= p.pool.energy {
                return true;
            }
            let need = (cost.energy - p.pool.energy) as usize;
            let ready = *pc.ready.get_or_init(|| match pc.src.get() {
                Some(src) => src.ready_count as usize,
                None => self.ready_rune_count(pc.seat),
            });
            debug_assert_eq!(ready, self.ready_rune_count(pc.seat), "stale PayCache");
            return need <= ready;
        }
        let src = self.cached_sources(pc);
        let ok = Self::payable_from(src, cost);
        // Debug builds (every test) check the shortcut against the plan itself over a fresh read
        // of the board, and the cached sources against a fresh read.
        debug_assert_eq!(
            ok,
            Self::plan_from(&self.source_ids(pc.seat), cost, &[]).is_some(),
            "payable_from disagrees for {cost:?}"
        );
        debug_assert!(*src == self.pay_sources(pc.seat), "stale PayCache");
        ok
    }

    /// Exactly "`plan_from(src, cost, &[])` is some", without building the plan: the same
    /// choices pip by pip (pool, then the Add gear with the fewest domains, then the first rune
    /// in Power order), the sources used kept as bits of their place in the lists.
    fn payable_from(src: &Sources, cost: &Cost) -> bool {
        let mut pool = src.pool_power;
        let (mut used_gear, mut used_rune) = (0u32, 0u32);
        let (pips, npips) = Self::pay_order(cost);
        let gears = &src.gear_masks[..src.ngears as usize];
        let runes = &src.rune_masks[..src.nrunes as usize];
        for &pip in &pips[..npips] {
            if let Some(d) = (0..6).find(|&d| pool[d] > 0 && pip & (1 << d) != 0) {
                pool[d] -= 1;
                continue;
            }
            let gear = gears
                .iter()
                .enumerate()
                .filter(|&(k, &m)| m & pip != 0 && used_gear & (1 << k) == 0)
                .min_by_key(|&(_, &m)| m.count_ones());
            if let Some((k, _)) = gear {
                used_gear |= 1 << k;
                continue;
            }
            match runes.iter().enumerate().find(|&(k, &m)| m & pip != 0 && used_rune & (1 << k) == 0) {
                Some((k, _)) => used_rune |= 1 << k,
                None => return false,
            }
        }
        let energy = cost.energy - cost.energy.min(src.pool_energy);
        src.nready as usize >= energy as usize
    }

    /// The ready runes `seat` controls (each pays [1], CR 164.2).
    fn ready_rune_count(&self, seat: u8) -> usize {
        let db = self.db();
        // Below `BoardSet::CAP` the index knows `seat`'s runes exactly (controller and card kind
        // need no look-up); the ids from `CAP` up are tested in full.
        self.runes_of(seat)
            .filter(|&i| {
                let o = self.obj(i);
                o.zone == Zone::Base
                    && !o.has(flag::EXHAUSTED)
                    && (BoardSet::exact(i) || (o.controller == seat && db.get(o.def).kind == crate::cards::Kind::Rune))
            })
            .count()
    }

    fn cached_sources<'c>(&self, pc: &'c PayCache) -> &'c Sources {
        pc.src.get_or_init(|| self.pay_sources(pc.seat))
    }

    /// Pay (CR 444): exhaust runes for Energy, recycle runes for Power (to the bottom of the rune
    /// deck, CR 416), exhaust Add gear. Returns false (changing nothing) if it can't be paid.
    pub fn pay(&mut self, seat: u8, cost: &Cost) -> bool {
        self.pay_forced(seat, cost, &[])
    }

    /// Pay with the player's chosen Power sources for the first pips (see `plan_forced`).
    pub fn pay_forced(&mut self, seat: u8, cost: &Cost, forced: &[ObjId]) -> bool {
        if cost.npips == 0 && forced.is_empty() {
            return self.pay_energy(seat, cost.energy);
        }
        let Some(plan) = self.plan_forced(seat, cost, forced) else { return false };
        let p = &mut self.players[seat as usize];
        p.pool.energy -= plan.pool_energy;
        for d in 0..6 {
            p.pool.power[d] -= plan.pool_power[d];
        }
        for &r in plan.exhaust.as_slice() {
            self.objs[r as usize].set(flag::EXHAUSTED, true);
        }
        for &g in plan.gear.as_slice() {
            self.objs[g as usize].set(flag::EXHAUSTED, true);
        }
        for &r in plan.recycle.as_slice() {
            self.set_zone(r, Zone::RuneDeck);
            let def = self.obj(r).def;
            self.notes.add(|| crate::notes::Note::RecycledRune { seat, def });
        }
        true
    }

    /// `pay_forced` of an Energy-only cost without a forced choice: the pool, then the first
    /// ready runes in id order — the plan `plan_from` makes (nothing is recycled), without
    /// reading the sources with their ids (speed; debug builds compare the two).
    fn pay_energy(&mut self, seat: u8, energy: u8) -> bool {
        let from_pool = energy.min(self.players[seat as usize].pool.energy);
        let need = (energy - from_pool) as usize;
        // `source_ids`' ready runes, with its filter and capacity.
        let db = self.db();
        let mut ready: Small<ObjId, 24> = Small::new();
        if need > 0 {
            for i in self.runes_of(seat) {
                let o = self.obj(i);
                if o.zone == Zone::Base
                    && o.controller == seat
                    && db.get(o.def).kind == crate::cards::Kind::Rune
                    && !o.has(flag::EXHAUSTED)
                {
                    ready.push(i);
                }
            }
        }
        #[cfg(debug_assertions)]
        {
            let plan = self.plan_forced(seat, &Cost::energy(energy), &[]);
            let same = match &plan {
                Some(p) => {
                    ready.len >= need && p.exhaust.as_slice() == &ready.as_slice()[..need] && p.pool_energy == from_pool
                }
                None => ready.len < need,
            };
            assert!(same, "pay_energy disagrees with plan_from for {energy} Energy");
        }
        if ready.len < need {
            return false;
        }
        self.players[seat as usize].pool.energy -= from_pool;
        for &r in &ready.as_slice()[..need] {
            self.objs[r as usize].set(flag::EXHAUSTED, true);
        }
        true
    }
}
