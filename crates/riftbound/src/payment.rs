//! Paying costs (CR 201–206, 356–357, 429, 444). The player chooses which rune to recycle or which
//! Add gear to exhaust for each Power pip when that choice matters (the `Pay` stage of playing
//! something); the rest is automatic and deterministic: Add gear, then exhausted runes, then ready
//! runes for Power, and runes about to be recycled are exhausted first for Energy (CR 164.2:
//! exhaust, then recycle).

use crate::action::ObjId;
use crate::cards::ANY_DOMAIN;
use crate::state::*;

/// At most this many Power pips in one total cost (ST1 needs at most about four).
pub const MAX_PIPS: usize = 12;

/// A total cost: Energy plus Power pips (each a mask of domains that may pay it). Fixed-size, so
/// legality checks don't allocate.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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

/// One player's payment sources (`RiftGame::pay_sources`): the pool, runes with their domains
/// (exhausted ones first, each group in id order), the ready runes, and ready Add gear.
#[derive(Clone, Copy)]
pub struct Sources {
    pool_energy: u8,
    pool_power: [u8; 6],
    exhausted_runes: Small<(ObjId, u8), 24>,
    ready_runes: Small<(ObjId, u8), 24>,
    /// Every ready rune, also past `ready_runes`' capacity (the Energy-only check counts them).
    ready_count: usize,
    gears: Small<(ObjId, u8), 16>,
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
        Self::plan_from(&self.pay_sources(seat), cost, forced)
    }

    /// What `seat` may pay with, read from the board once (speed: the legal-action listing and
    /// the target probes ask many costs of one unchanged state, `PayCache`).
    pub(crate) fn pay_sources(&self, seat: u8) -> Sources {
        let p = &self.players[seat as usize];
        let mut src = Sources {
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
        for (i, o) in self.rune_ids().map(|i| (i, self.obj(i))) {
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
        for (i, o) in self.nonrune_ids().map(|i| (i, self.obj(i))) {
            if o.zone.on_board() && o.controller == seat && !o.has(flag::EXHAUSTED) {
                let d = db.get(o.def);
                if d.kind != crate::cards::Kind::Rune && d.adds_power != 0 {
                    src.gears.push((i, d.adds_power));
                }
            }
        }
        src
    }

    /// The runes in the order Power takes them: exhausted ones first (their Energy is already
    /// spent), then ready ones, each group in id order; at most 24 in all.
    fn power_runes(src: &Sources) -> impl Iterator<Item = &(ObjId, u8)> + '_ {
        let room = 24 - src.exhausted_runes.len;
        src.exhausted_runes.as_slice().iter().chain(src.ready_runes.as_slice().iter().take(room))
    }

    /// `plan_forced` over sources read before.
    fn plan_from(src: &Sources, cost: &Cost, forced: &[ObjId]) -> Option<Plan> {
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
        for (i, o) in self.board_ids().map(|i| (i as usize, self.obj(i))) {
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
        let src = self.pay_sources(seat);
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
                Some(src) => src.ready_count,
                None => self.ready_rune_count(pc.seat),
            });
            debug_assert_eq!(ready, self.ready_rune_count(pc.seat), "stale PayCache");
            return need <= ready;
        }
        let src = self.cached_sources(pc);
        let ok = Self::payable_from(src, cost);
        // Debug builds (every test) check the shortcut against the plan itself, and the cached
        // sources against a fresh read.
        debug_assert_eq!(ok, Self::plan_from(src, cost, &[]).is_some(), "payable_from disagrees for {cost:?}");
        debug_assert_eq!(Self::plan_from(&self.pay_sources(pc.seat), cost, &[]).is_some(), ok, "stale PayCache");
        ok
    }

    /// Exactly "`plan_from(src, cost, &[])` is some", without building the plan: the same
    /// choices pip by pip (pool, then the Add gear with the fewest domains, then the first rune
    /// in Power order), the sources used kept as bits of their place in the lists.
    fn payable_from(src: &Sources, cost: &Cost) -> bool {
        let mut pool = src.pool_power;
        let (mut used_gear, mut used_rune) = (0u32, 0u32);
        let (pips, npips) = Self::pay_order(cost);
        for &pip in &pips[..npips] {
            if let Some(d) = (0..6).find(|&d| pool[d] > 0 && pip & (1 << d) != 0) {
                pool[d] -= 1;
                continue;
            }
            let gear = src
                .gears
                .as_slice()
                .iter()
                .enumerate()
                .filter(|&(k, &(_, m))| m & pip != 0 && used_gear & (1 << k) == 0)
                .min_by_key(|&(_, &(_, m))| m.count_ones());
            if let Some((k, _)) = gear {
                used_gear |= 1 << k;
                continue;
            }
            match Self::power_runes(src).enumerate().find(|&(k, &(_, m))| m & pip != 0 && used_rune & (1 << k) == 0) {
                Some((k, _)) => used_rune |= 1 << k,
                None => return false,
            }
        }
        let energy = cost.energy - cost.energy.min(src.pool_energy);
        src.ready_runes.len >= energy as usize
    }

    /// The ready runes `seat` controls (each pays [1], CR 164.2).
    fn ready_rune_count(&self, seat: u8) -> usize {
        let db = self.db();
        self.rune_ids()
            .map(|i| self.obj(i))
            .filter(|o| {
                o.zone == Zone::Base
                    && o.controller == seat
                    && !o.has(flag::EXHAUSTED)
                    && db.get(o.def).kind == crate::cards::Kind::Rune
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
}
