//! Split damage (CR 355.14, spec §11.3): "deal 3 damage split among up to 3 units". Each chosen
//! unit is a target (at most as many as the damage, checked in the card file); the split is
//! decided on resolution, one point at a time (`t cN`), and every target still legal gets at
//! least one point. The damage is dealt at once when the last point is placed. With Repeat
//! (CR 820) each execution asks its own split among its own targets.

use crate::action::ObjId;
use crate::state::*;

impl RiftGame {
    /// Start splitting `n` damage among the still-legal targets of slot `slot` of `item`.
    pub(crate) fn start_split(&mut self, item: &Item, slot: u8, n: i32) {
        let left = n.clamp(0, u8::MAX as i32) as u8;
        self.prompt = Some(Prompt::Split { seat: item.controller, left, slot, points: Vec::new() });
        self.split_forced(item);
    }

    /// The units that may take the next point (CR 355.14): every legal target, but once the
    /// points left are only enough for the targets with none yet, only those.
    pub fn split_options(&self, item: &Item, slot: u8, left: u8, points: &[ObjId]) -> Vec<ObjId> {
        let targets = self.legal_target(item, slot);
        let bare: Vec<ObjId> = targets.iter().copied().filter(|u| !points.contains(u)).collect();
        if bare.len() >= left as usize {
            bare
        } else {
            targets
        }
    }

    /// The item the open split is for: the resolving item as the execution in progress sees it
    /// (Repeat, CR 820: each execution splits among its own targets, `repeat.rs`). The split
    /// paused just after its instruction, so that execution is `(pc - 1) / len`.
    pub(crate) fn split_item(&self) -> Option<Item> {
        let r = self.resolving.as_ref()?;
        if r.item.repeat == 0 {
            return Some(r.item.clone());
        }
        let len = self.ability(&r.item)?.effects.len().max(1);
        let k = (r.pc as usize).saturating_sub(1) / len;
        Some(self.exec_view(&r.item, k as u16))
    }

    /// Place one point on `u` (already checked legal); deal the damage when none are left.
    pub(crate) fn split_pick(&mut self, u: ObjId) {
        let Some(Prompt::Split { points, left, .. }) = self.prompt.as_mut() else { return };
        points.push(u);
        *left -= 1;
        let Some(item) = self.split_item() else { return };
        if self.notes.on {
            self.notes.by = Some(self.by_of(item.src));
        }
        self.split_forced(&item);
    }

    /// Place the points that have only one legal place (one target left, or one point per bare
    /// target), then deal the damage once all are placed
    /// (or no target is left).
    fn split_forced(&mut self, item: &Item) {
        loop {
            let Some(Prompt::Split { slot, left, points, .. }) = &self.prompt else { return };
            let opts = if *left == 0 { Vec::new() } else { self.split_options(item, *slot, *left, points) };
            // One place, or as many points left as bare targets (each takes one): forced.
            let forced = opts.len() == 1 || (opts.len() == *left as usize && opts.iter().all(|u| !points.contains(u)));
            if opts.is_empty() {
                break;
            }
            if !forced {
                return;
            }
            if let Some(Prompt::Split { points, left, .. }) = self.prompt.as_mut() {
                let k = if opts.len() == 1 { 1 } else { opts.len() };
                points.extend(opts.iter().take(k));
                *left -= k as u8;
            }
        }
        let Some(Prompt::Split { points, .. }) = self.prompt.take() else { return };
        let mut done: Vec<(ObjId, i32)> = Vec::new();
        for &u in &points {
            if !done.iter().any(|&(x, _)| x == u) {
                let n = points.iter().filter(|&&x| x == u).count() as i32;
                done.push((u, n));
            }
        }
        // The split's damage is one game action (CR 373, with replacements).
        self.deal_batch(&done, false);
    }
}
