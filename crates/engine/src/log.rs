//! Log events with visibility (design.md §2): a viewer's log never reveals what its view hides.

use crate::seat::{Seat, Viewer};
use serde::{Deserialize, Serialize};

/// Who may see a log entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    /// Everyone, spectators included.
    All,
    /// Only this seat (and omniscient viewers).
    Seat(Seat),
    /// Every seat and spectator except this seat (the public half of a private event).
    AllBut(Seat),
    /// Only omniscient viewers (replays of finished games, tests).
    Nobody,
}

impl Visibility {
    pub fn shows_to(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Omniscient) => !matches!(self, Visibility::AllBut(_)),
            (Visibility::All, _) => true,
            (Visibility::Seat(s), Viewer::Seat(v)) => s == v,
            (Visibility::Seat(_), Viewer::Spectator) => false,
            (Visibility::AllBut(s), Viewer::Seat(v)) => s != v,
            (Visibility::AllBut(_), Viewer::Spectator) => true,
            (Visibility::Nobody, _) => false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry<E> {
    pub visible_to: Visibility,
    pub event: E,
}

/// Collects events while an action is applied. A disabled log builds no events at all, so
/// playouts pay nothing for logging.
#[derive(Clone, Debug)]
pub struct EventLog<E> {
    enabled: bool,
    entries: Vec<LogEntry<E>>,
}

impl<E> EventLog<E> {
    pub fn enabled() -> Self {
        EventLog { enabled: true, entries: Vec::new() }
    }
    pub fn disabled() -> Self {
        EventLog { enabled: false, entries: Vec::new() }
    }
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }
    /// Record an event; `make` runs only when the log is enabled.
    pub fn push(&mut self, visible_to: Visibility, make: impl FnOnce() -> E) {
        if self.enabled {
            self.entries.push(LogEntry { visible_to, event: make() });
        }
    }
    /// Record a public event.
    pub fn public(&mut self, make: impl FnOnce() -> E) {
        self.push(Visibility::All, make)
    }
    /// Record a private event for `seat` and its public counterpart for everyone else.
    pub fn private(&mut self, seat: Seat, private: impl FnOnce() -> E, public: impl FnOnce() -> E) {
        if self.enabled {
            self.entries.push(LogEntry { visible_to: Visibility::Seat(seat), event: private() });
            self.entries.push(LogEntry { visible_to: Visibility::AllBut(seat), event: public() });
        }
    }
    pub fn entries(&self) -> &[LogEntry<E>] {
        &self.entries
    }
    pub fn take(&mut self) -> Vec<LogEntry<E>> {
        std::mem::take(&mut self.entries)
    }
    /// The entries a viewer may see.
    pub fn visible(&self, viewer: Viewer) -> impl Iterator<Item = &E> {
        self.entries.iter().filter(move |e| e.visible_to.shows_to(viewer)).map(|e| &e.event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn private_events_show_only_to_their_seat_and_public_half_to_others() {
        let mut log = EventLog::enabled();
        log.private(Seat(0), || "drew Ace", || "drew a card");
        log.public(|| "passed");
        let p1: Vec<_> = log.visible(Viewer::Seat(Seat(0))).copied().collect();
        let p2: Vec<_> = log.visible(Viewer::Seat(Seat(1))).copied().collect();
        let spec: Vec<_> = log.visible(Viewer::Spectator).copied().collect();
        let all: Vec<_> = log.visible(Viewer::Omniscient).copied().collect();
        assert_eq!(p1, ["drew Ace", "passed"]);
        assert_eq!(p2, ["drew a card", "passed"]);
        assert_eq!(spec, ["drew a card", "passed"]);
        assert_eq!(all, ["drew Ace", "passed"]);
    }

    #[test]
    fn disabled_log_never_builds_events() {
        let mut log: EventLog<String> = EventLog::disabled();
        log.public(|| panic!("must not be built"));
        assert!(log.entries().is_empty());
    }
}
