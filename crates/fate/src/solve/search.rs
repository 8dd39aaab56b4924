//! The proof search: a depth-first AND/OR search over atomic actions (§8.1, §8.2) answering
//! "can `goal.side` force the game to end in a win (or, with `draw_ok`, in a win or a draw)
//! before the horizon ply?". The side of the goal picks one action (OR), the other side must be
//! beaten by every action (AND). Facts are exact, so the transposition table may be shared by
//! any number of threads and every cut-off keeps the result exact.

use super::order::{is_threat, moves};
use super::relax::cannot_win;
use super::tt::Table;
use super::zobrist::{key, z};
use crate::action::FateAction;
use crate::state::{End, FateGame};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

/// What a goal search is after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Goal {
    pub side: u8,
    pub draw_ok: bool,
}

impl Goal {
    fn salt(self) -> u64 {
        z(777, self.side as u64 * 2 + self.draw_ok as u64)
    }
    /// Does a finished game meet the goal?
    fn met(self, end: End) -> bool {
        match end {
            End::Win(s) => s == self.side,
            End::Ongoing => false,
            End::MutualDraw | End::PlyLimit | End::Repetition | End::NoProgress => self.draw_ok,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Res {
    Yes,
    No,
    /// The budget ran out (or a sibling thread settled the question).
    Abort,
}

/// State shared by all threads of one solve.
pub(crate) struct Shared {
    pub tt: Table,
    pub nodes: AtomicU64,
    pub probes: AtomicU64,
    pub hits: AtomicU64,
    pub stop: AtomicBool,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    /// Sound pruning by relaxation ([`super::relax`]); off only to check it against the plain search.
    pub relax: bool,
    /// Nodes answered by the relaxation.
    pub pruned: AtomicU64,
}

impl Shared {
    pub fn new(cfg: &super::SolveConfig, started: Instant) -> Shared {
        Shared {
            tt: Table::new(cfg.tt_mb),
            nodes: AtomicU64::new(0),
            probes: AtomicU64::new(0),
            hits: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            max_nodes: cfg.max_nodes,
            deadline: cfg.max_seconds.map(|s| started + std::time::Duration::from_secs_f64(s.max(0.0))),
            relax: true,
            pruned: AtomicU64::new(0),
        }
    }
    fn out_of_budget(&self) -> bool {
        self.stop.load(Relaxed)
            || self.nodes.load(Relaxed) >= self.max_nodes
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

const FLUSH: u64 = 256;

/// One thread's search.
pub(crate) struct Searcher<'a> {
    sh: &'a Shared,
    cancel: Option<&'a AtomicBool>,
    pub goal: Goal,
    /// The first ply beyond the search: a node at ply p has `horizon − p` plies left.
    pub horizon: u32,
    local: u64,
    local_probes: u64,
    local_hits: u64,
    local_pruned: u64,
    aborted: bool,
}

impl<'a> Searcher<'a> {
    pub fn new(sh: &'a Shared, cancel: Option<&'a AtomicBool>, goal: Goal, horizon: u32) -> Self {
        Searcher {
            sh,
            cancel,
            goal,
            horizon,
            local: 0,
            local_probes: 0,
            local_hits: 0,
            local_pruned: 0,
            aborted: false,
        }
    }

    fn flush(&mut self) {
        self.sh.nodes.fetch_add(self.local, Relaxed);
        self.sh.probes.fetch_add(self.local_probes, Relaxed);
        self.sh.hits.fetch_add(self.local_hits, Relaxed);
        self.sh.pruned.fetch_add(self.local_pruned, Relaxed);
        self.local_pruned = 0;
        self.local = 0;
        self.local_probes = 0;
        self.local_hits = 0;
        if self.sh.out_of_budget() || self.cancel.is_some_and(|c| c.load(Relaxed)) {
            self.aborted = true;
        }
    }

    fn tick(&mut self) -> bool {
        self.local += 1;
        if self.local >= FLUSH {
            self.flush();
        }
        self.aborted
    }

    pub fn search(&mut self, g: &FateGame) -> Res {
        let r = self.node(g);
        self.flush();
        if self.aborted {
            Res::Abort
        } else {
            r
        }
    }

    /// Plies left at `g` (the current ply counts), capped to fit the table.
    fn left(&self, g: &FateGame) -> u8 {
        self.horizon.saturating_sub(g.ply).min(250) as u8
    }

    fn node(&mut self, g: &FateGame) -> Res {
        if self.tick() {
            return Res::Abort;
        }
        if g.is_over() {
            return if self.goal.met(g.end) { Res::Yes } else { Res::No };
        }
        let left = self.left(g);
        if left == 0 {
            return Res::No;
        }
        if self.sh.relax && !self.goal.draw_ok && cannot_win(g, self.goal.side, self.horizon) {
            self.local_pruned += 1;
            return Res::No;
        }
        let k = key(g) ^ self.goal.salt();
        self.local_probes += 1;
        if let Some(e) = self.sh.tt.get(k) {
            if e.win_at <= left {
                self.local_hits += 1;
                return Res::Yes;
            }
            if e.fail_at >= left {
                self.local_hits += 1;
                return Res::No;
            }
        }
        let or = g.to_act() == Some(self.goal.side);
        let mut list = Vec::new();
        moves(g, &mut list);
        // Threat detection (§8.5): an action that ends the game at once decides the node.
        for (i, a) in list.iter().enumerate() {
            if is_threat(a) {
                let mut child = g.clone();
                child.perform(a);
                if child.is_over() && self.goal.met(child.end) == or {
                    return self.settle(k, left, or, i);
                }
            }
        }
        for (i, a) in list.iter().enumerate() {
            let mut child = g.clone();
            child.perform(a);
            match self.node(&child) {
                Res::Abort => return Res::Abort,
                Res::Yes if or => return self.settle(k, left, true, i),
                Res::No if !or => return self.settle(k, left, false, i),
                _ => {}
            }
        }
        self.settle(k, left, !or, usize::MAX)
    }

    /// Record the node's result (and the deciding action) in the table.
    fn settle(&self, k: u64, left: u8, yes: bool, best: usize) -> Res {
        let best = (best < 255).then_some(best as u8);
        if yes {
            self.sh.tt.put(k, Some(left), None, best);
            Res::Yes
        } else {
            self.sh.tt.put(k, None, Some(left), best);
            Res::No
        }
    }
}

/// Prove `goal` from `root` within the horizon with `threads` threads: the first node with a
/// choice is split, its children dealt round-robin to the threads (a shared table, a result
/// independent of the thread count).
pub(crate) fn prove(sh: &Shared, root: &FateGame, goal: Goal, horizon: u32, threads: usize) -> Res {
    let mut g = root.clone();
    let mut list = Vec::new();
    loop {
        if g.is_over() || g.ply >= horizon {
            return Searcher::new(sh, None, goal, horizon).search(&g);
        }
        moves(&g, &mut list);
        if list.len() != 1 || threads <= 1 {
            break;
        }
        g.perform(&list[0]);
    }
    if threads <= 1 || list.len() < 2 {
        return Searcher::new(sh, None, goal, horizon).search(&g);
    }
    let or = g.to_act() == Some(goal.side);
    let cancel = AtomicBool::new(false);
    let results: Vec<Res> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (list, g, cancel) = (&list, &g, &cancel);
                std::thread::Builder::new()
                    .stack_size(STACK)
                    .spawn_scoped(s, move || {
                        let mut me = Searcher::new(sh, Some(cancel), goal, horizon);
                        let mut out = if or { Res::No } else { Res::Yes };
                        for a in list.iter().skip(t).step_by(threads) {
                            let mut child = g.clone();
                            child.perform(a);
                            match me.search(&child) {
                                Res::Abort => return Res::Abort,
                                Res::Yes if or => out = Res::Yes,
                                Res::No if !or => out = Res::No,
                                _ => continue,
                            }
                            cancel.store(true, Relaxed);
                            return out;
                        }
                        out
                    })
                    .expect("spawn a search thread")
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(Res::Abort)).collect()
    });
    let decisive = if or { Res::Yes } else { Res::No };
    if results.contains(&decisive) {
        decisive
    } else if results.contains(&Res::Abort) {
        Res::Abort
    } else if or {
        Res::No
    } else {
        Res::Yes
    }
}

/// Stack for search threads: one frame per atomic action of the line (hundreds deep).
pub(crate) const STACK: usize = 256 << 20;

/// The line under best play once `goal` is proved within `horizon`: the goal's side takes the
/// first action (in search order) that keeps the proof; the other side the action that puts the
/// end furthest away. `None` if the budget ran out while rebuilding it.
pub(crate) fn principal_line(sh: &Shared, root: &FateGame, goal: Goal, horizon: u32) -> Option<Vec<FateAction>> {
    let mut g = root.clone();
    let mut line = Vec::new();
    let mut list = Vec::new();
    while !g.is_over() {
        moves(&g, &mut list);
        let mut pick: Option<(u32, FateAction)> = None;
        for a in &list {
            let mut child = g.clone();
            child.perform(a);
            if g.to_act() == Some(goal.side) {
                match Searcher::new(sh, None, goal, horizon).search(&child) {
                    Res::Yes => {
                        pick = Some((0, *a));
                        break;
                    }
                    Res::Abort => return None,
                    Res::No => {}
                }
            } else {
                // The shortest horizon at which this reply still loses.
                let mut need = None;
                for h in child.ply.max(g.ply) + 1..=horizon {
                    match Searcher::new(sh, None, goal, h).search(&child) {
                        Res::Yes => {
                            need = Some(h);
                            break;
                        }
                        Res::Abort => return None,
                        Res::No => {}
                    }
                }
                let need = need.unwrap_or(horizon);
                if pick.is_none_or(|(h, _)| need > h) {
                    pick = Some((need, *a));
                }
            }
        }
        let (_, a) = pick?;
        line.push(a);
        g.perform(&a);
        if line.len() > 20_000 {
            return None;
        }
    }
    Some(line)
}
