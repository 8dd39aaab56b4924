//! The transposition table: lock-free (each slot is a key word XOR-ed with its data word, so a
//! torn write reads as a miss), shared by all search threads, bounded by `--tt-mb`.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// What is known about a (position, goal) pair. Depths are plies left (the current one
/// included): the goal is reachable within `win_at` plies, and not within `fail_at` plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub win_at: u8,
    pub fail_at: u8,
    pub best: u8,
}

impl Entry {
    pub const EMPTY: Entry = Entry { win_at: u8::MAX, fail_at: 0, best: u8::MAX };
    fn pack(self) -> u64 {
        self.win_at as u64 | (self.fail_at as u64) << 8 | (self.best as u64) << 16 | 1 << 63
    }
    fn unpack(d: u64) -> Entry {
        Entry { win_at: d as u8, fail_at: (d >> 8) as u8, best: (d >> 16) as u8 }
    }
}

pub(crate) struct Table {
    slots: Vec<[AtomicU64; 2]>,
}

impl Table {
    /// A table of about `mb` MiB (at least 1024 slots).
    pub fn new(mb: usize) -> Table {
        let n = (mb.max(1) << 20) / 16;
        let n = n.max(1024);
        Table { slots: (0..n).map(|_| [AtomicU64::new(0), AtomicU64::new(0)]).collect() }
    }
    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key % self.slots.len() as u64) as usize]
    }
    pub fn get(&self, key: u64) -> Option<Entry> {
        let s = self.slot(key);
        let (k, d) = (s[0].load(Relaxed), s[1].load(Relaxed));
        if d != 0 && k ^ d == key {
            Some(Entry::unpack(d))
        } else {
            None
        }
    }
    /// Merge new knowledge into the slot (always replacing another key's entry).
    pub fn put(&self, key: u64, win_at: Option<u8>, fail_at: Option<u8>, best: Option<u8>) {
        let mut e = self.get(key).unwrap_or(Entry::EMPTY);
        if let Some(w) = win_at {
            e.win_at = e.win_at.min(w);
        }
        if let Some(f) = fail_at {
            e.fail_at = e.fail_at.max(f);
        }
        if let Some(b) = best {
            e.best = b;
        }
        let d = e.pack();
        let s = self.slot(key);
        s[0].store(key ^ d, Relaxed);
        s[1].store(d, Relaxed);
    }
    pub fn len(&self) -> usize {
        self.slots.len()
    }
}
