//! Deck lists (text format in docs/riftbound.md) and deck construction (CR 103, TR 601).

use crate::cards::{CardDb, DefId, Kind};
use engine::CardSet;
use std::fmt;

/// A parsed, unvalidated deck list.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DeckList {
    pub legend: Option<DefId>,
    pub champion: Option<DefId>,
    /// The other main-deck cards (the Chosen Champion is listed separately), with counts.
    pub main: Vec<(DefId, u8)>,
    pub runes: Vec<(DefId, u8)>,
    pub battlefields: Vec<(DefId, u8)>,
    /// The sideboard (TR 403, 601.1.c): cards swapped 1-for-1 with the Main Deck between the
    /// games of a match; not used in game 1.
    pub sideboard: Vec<(DefId, u8)>,
}

/// Why a deck list is not a legal deck; the message cites the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DeckError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, DeckError> {
    Err(DeckError(msg.into()))
}

#[derive(Clone, Copy, PartialEq)]
enum Section {
    None,
    Main,
    Runes,
    Battlefields,
    Legend,
    Champion,
    Sideboard,
}

fn parse_line(db: &CardDb, line: &str, lineno: usize) -> Result<(u8, DefId), DeckError> {
    let line = line.trim();
    let (count, name) = match line.split_once(char::is_whitespace) {
        Some((c, n)) if c.trim_end_matches(['x', 'X']).parse::<u8>().is_ok() => {
            (c.trim_end_matches(['x', 'X']).parse::<u8>().unwrap_or(0), n.trim())
        }
        _ => (1, line),
    };
    let id = db.by_name(name).ok_or_else(|| DeckError(format!("line {lineno}: unknown card '{name}'")))?;
    Ok((count, id))
}

impl DeckList {
    /// [`DeckList::parse_in`] the built-in set (ST1): for tools that mean it.
    pub fn parse(text: &str) -> Result<DeckList, DeckError> {
        DeckList::parse_in(&CardDb::builtin(), text)
    }

    /// Read the text form: `Legend: 1 Name`, `Champion: 1 Name`, then `Main Deck:`, `Runes:` and
    /// `Battlefields:` sections of `N Card Name` lines, names resolved against the set `db`.
    /// Blank lines and `#` comments are ignored.
    pub fn parse_in(db: &CardDb, text: &str) -> Result<DeckList, DeckError> {
        let mut d = DeckList::default();
        let mut section = Section::None;
        for (i, raw) in text.lines().enumerate() {
            let lineno = i + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some((head, rest)) = line.split_once(':') {
                let sec = match head.trim().to_ascii_lowercase().as_str() {
                    "legend" => Some(Section::Legend),
                    "champion" | "chosen champion" => Some(Section::Champion),
                    "main deck" | "main" => Some(Section::Main),
                    "runes" | "rune deck" => Some(Section::Runes),
                    "battlefields" => Some(Section::Battlefields),
                    "sideboard" | "side deck" => Some(Section::Sideboard),
                    _ => None,
                };
                if let Some(sec) = sec {
                    section = sec;
                    if !rest.trim().is_empty() {
                        d.add(section, parse_line(db, rest, lineno)?, lineno)?;
                    }
                    continue;
                }
            }
            if section == Section::None {
                return err(format!("line {lineno}: card '{line}' outside any section"));
            }
            d.add(section, parse_line(db, line, lineno)?, lineno)?;
        }
        Ok(d)
    }

    fn add(&mut self, section: Section, (count, id): (u8, DefId), lineno: usize) -> Result<(), DeckError> {
        let push = |v: &mut Vec<(DefId, u8)>| match v.iter_mut().find(|(d, _)| *d == id) {
            Some(e) => e.1 = e.1.saturating_add(count),
            None => v.push((id, count)),
        };
        match section {
            Section::Legend => {
                if self.legend.is_some() || count != 1 {
                    return err(format!("line {lineno}: a deck has exactly one Legend (CR 103.1)"));
                }
                self.legend = Some(id);
            }
            Section::Champion => {
                if self.champion.is_some() || count != 1 {
                    return err(format!("line {lineno}: a deck has exactly one Chosen Champion (CR 103.2.a)"));
                }
                self.champion = Some(id);
            }
            Section::Main => push(&mut self.main),
            Section::Runes => push(&mut self.runes),
            Section::Battlefields => push(&mut self.battlefields),
            Section::Sideboard => push(&mut self.sideboard),
            Section::None => {}
        }
        Ok(())
    }

    /// [`DeckList::validate_in`] the built-in set.
    pub fn validate(&self, exact_forty: bool) -> Result<(), DeckError> {
        self.validate_in(&CardDb::builtin(), exact_forty)
    }

    /// Check CR 103 (and TR 601.1.b's exactly-40 when `exact_forty`) against the set the deck
    /// was read with: the first problem.
    pub fn validate_in(&self, db: &CardDb, exact_forty: bool) -> Result<(), DeckError> {
        match self.problems_in(db, exact_forty).into_iter().next() {
            Some(p) => err(p),
            None => Ok(()),
        }
    }

    /// Every CR 103 problem of the deck, each naming the rule it breaks.
    /// [`DeckList::problems_in`] the built-in set, for a list read with [`DeckList::parse`].
    pub fn problems(&self, exact_forty: bool) -> Vec<String> {
        self.problems_in(&CardDb::builtin(), exact_forty)
    }

    /// Every CR 103 problem of the deck (read against `db`), each naming the rule it breaks; a
    /// sideboard may hold up to 10 cards (TR 2026-07-16).
    pub fn problems_in(&self, db: &CardDb, exact_forty: bool) -> Vec<String> {
        self.problems_with(db, exact_forty, crate::deck_side::SIDEBOARD_MAX)
    }

    /// [`DeckList::problems_in`] with a sideboard of at most `sideboard_max` cards (the
    /// `sideboard_max` option: 10 by TR 2026-07-16, 8 by TR 2026-05-02).
    pub fn problems_with(&self, db: &CardDb, exact_forty: bool, sideboard_max: u8) -> Vec<String> {
        let mut problems = Vec::new();
        let mut err = |msg: String| problems.push(msg);
        self.check_structure(db, exact_forty, &mut err);
        if self.legend.is_some() {
            self.check_sideboard(db, sideboard_max, &mut err);
        }
        problems
    }

    /// [`DeckList::validate_in`] with a sideboard of at most `sideboard_max` cards.
    pub fn validate_with(&self, db: &CardDb, exact_forty: bool, sideboard_max: u8) -> Result<(), DeckError> {
        match self.problems_with(db, exact_forty, sideboard_max).into_iter().next() {
            Some(p) => err(p),
            None => Ok(()),
        }
    }

    fn check_structure(&self, db: &CardDb, exact_forty: bool, err: &mut impl FnMut(String)) {
        let def = |id: DefId| db.get(id);
        let Some(legend) = self.legend else { return err("the deck has no Legend (CR 103.1)".into()) };
        let l = def(legend);
        if l.kind != Kind::Legend {
            return err(format!("'{}' is not a Legend (CR 103.1)", l.name));
        }
        let identity = l.domains;
        let Some(champ) = self.champion else { return err("the deck has no Chosen Champion (CR 103.2.a)".into()) };
        let c = def(champ);
        if !(c.kind == Kind::Unit && c.champion) {
            err(format!("Chosen Champion '{}' is not a champion unit (CR 103.2.a)", c.name));
        }
        if !c.tags.iter().any(|t| l.has_tag(t)) {
            err(format!("Chosen Champion '{}' does not share the legend's champion tag (CR 103.2.a.2)", c.name));
        }
        let mut total = 1usize;
        let mut signature = usize::from(c.signature);
        for &(id, n) in &self.main {
            let d = def(id);
            if !d.is_main_deck() {
                err(format!("'{}' can't be in the Main Deck: it is a {:?} (CR 103.2)", d.name, d.kind));
            }
            let copies = n as usize + usize::from(id == champ) + self.side_copies(id);
            if d.has(crate::cards::kw::UNIQUE) && copies > 1 {
                // CR 825: a Unique card is at most one copy (the Chosen Champion counts).
                err(format!("{} copies of '{}': it is Unique, at most 1 (CR 825)", copies, d.name));
            } else if copies > 3 {
                err(format!("{} copies of '{}': at most 3 per name (CR 103.2.b)", copies, d.name));
            }
            if d.domains & !identity != 0 {
                err(format!("'{}' is outside the domain identity of '{}' (CR 103.1.b)", d.name, l.name));
            }
            if d.signature {
                if !d.tags.iter().any(|t| l.has_tag(t)) {
                    err(format!("Signature card '{}' lacks the legend's champion tag (CR 103.2.d)", d.name));
                }
                signature += n as usize;
            }
            total += n as usize;
        }
        if c.domains & !identity != 0 {
            err(format!("'{}' is outside the domain identity (CR 103.1.b)", c.name));
        }
        if signature > 3 {
            err(format!("{signature} Signature cards: at most 3 (CR 103.2.d)"));
        }
        if total < 40 {
            err(format!("the Main Deck has {total} cards: at least 40 (CR 103.2)"));
        }
        if exact_forty && total != 40 {
            err(format!("the Main Deck has {total} cards: exactly 40 in tournament play (TR 601.1.b)"));
        }
        let runes: usize = self.runes.iter().map(|r| r.1 as usize).sum();
        for &(id, _) in &self.runes {
            let d = def(id);
            if d.kind != Kind::Rune {
                err(format!("'{}' is not a rune (CR 103.3)", d.name));
            }
            if d.domains & !identity != 0 {
                err(format!("rune '{}' is outside the domain identity (CR 103.3)", d.name));
            }
        }
        if runes != 12 {
            err(format!("the Rune Deck has {runes} runes: exactly 12 (CR 103.3)"));
        }
        for &(id, n) in &self.battlefields {
            let d = def(id);
            if d.kind != Kind::Battlefield {
                err(format!("'{}' is not a battlefield (CR 103.4)", d.name));
            }
            if n != 1 {
                err(format!("battlefield '{}' listed {n} times: names must differ (TR 402.1)", d.name));
            }
        }
        if self.battlefields.len() != 3 {
            err(format!("{} battlefields: bring exactly 3 (CR 103.4, TR 402.1)", self.battlefields.len()));
        }
    }

    /// The 39 main-deck cards besides the Chosen Champion, one entry per copy.
    pub fn main_cards(&self) -> Vec<DefId> {
        self.main.iter().flat_map(|&(id, n)| std::iter::repeat_n(id, n as usize)).collect()
    }
    pub fn rune_cards(&self) -> Vec<DefId> {
        self.runes.iter().flat_map(|&(id, n)| std::iter::repeat_n(id, n as usize)).collect()
    }
}

impl DeckList {
    /// The text form, naming cards of the set `db`.
    pub fn text(&self, db: &CardDb) -> String {
        DeckText(self, db).to_string()
    }
}

struct DeckText<'a>(&'a DeckList, &'a CardDb);

/// The text form of a list read against the built-in set.
impl fmt::Display for DeckList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        DeckText(self, &CardDb::builtin()).fmt(f)
    }
}

impl fmt::Display for DeckText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (d, db) = (self.0, self.1);
        let def = |id: DefId| db.get(id);
        if let Some(l) = d.legend {
            writeln!(f, "Legend: 1 {}", def(l).name)?;
        }
        if let Some(c) = d.champion {
            writeln!(f, "Champion: 1 {}", def(c).name)?;
        }
        for (title, list) in [("Main Deck", &d.main), ("Runes", &d.runes), ("Battlefields", &d.battlefields)] {
            writeln!(f, "{title}:")?;
            for (id, n) in list {
                writeln!(f, "{n} {}", def(*id).name)?;
            }
        }
        if !d.sideboard.is_empty() {
            writeln!(f, "Sideboard:")?;
            for (id, n) in &d.sideboard {
                writeln!(f, "{n} {}", def(*id).name)?;
            }
        }
        Ok(())
    }
}
