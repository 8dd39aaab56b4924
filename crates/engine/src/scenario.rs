//! Scenario files (documented in docs/formats.md): set up a game (options, setup or position),
//! play actions in notation, and assert on status, legal actions, views and positions.

use crate::dynamic::{LoggedEvent, Registry};
use crate::game::Status;
use crate::log::LogEntry;
use crate::seat::{Seat, Viewer};
use serde::Deserialize;
use serde_json::Value;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What the scenario checks, citing the spec label.
    pub name: String,
    pub game: String,
    #[serde(default)]
    pub seed: u64,
    #[serde(default)]
    pub options: Option<toml::Value>,
    #[serde(default)]
    pub setup: Option<toml::Value>,
    /// Start from a position in the game's position notation instead of a setup.
    #[serde(default)]
    pub position: Option<String>,
    /// A card-set file to play with (TOML or JSON by its extension), relative to the scenario.
    #[serde(default)]
    pub cards: Option<String>,
    /// Test-only cards (`[[card]]`, as the game's card-set format writes one card), added to
    /// the set (`cards`, or the built-in set) or replacing a card of the same id.
    #[serde(default, rename = "card")]
    pub inline_cards: Vec<toml::Value>,
    #[serde(default, rename = "step")]
    pub steps: Vec<Step>,
    /// The folder `cards` is relative to (the scenario file's own, when read from a file).
    #[serde(skip)]
    pub dir: Option<std::path::PathBuf>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The seat expected to act before this step's action (`P1`, `P2`, …).
    #[serde(default, rename = "as")]
    pub as_seat: Option<String>,
    /// With `do` or `reject`: the seat that attempts the action, checked as a host checks it. A
    /// seat that is not to act may only play its out-of-turn actions (the game's
    /// `out_of_turn_actions`: its concessions); anything else it sends is refused, and so is
    /// another seat's out-of-turn action from any seat.
    #[serde(default)]
    pub by: Option<String>,
    /// An action that must be accepted.
    #[serde(default, rename = "do")]
    pub play: Option<String>,
    /// Several actions in a row, each of which must be accepted.
    #[serde(default)]
    pub play_all: Vec<String>,
    /// An action that must be refused, leaving the state unchanged.
    #[serde(default)]
    pub reject: Option<String>,
    /// With `reject`: text the error message must contain.
    #[serde(default)]
    pub error_contains: Option<String>,
    /// The seat that must act now (`P1`…), or `over`.
    #[serde(default)]
    pub to_act: Option<String>,
    #[serde(default)]
    pub winners: Option<Vec<String>>,
    #[serde(default)]
    pub reason_contains: Option<String>,
    #[serde(default)]
    pub legal_includes: Vec<String>,
    #[serde(default)]
    pub legal_excludes: Vec<String>,
    #[serde(default)]
    pub legal_exactly: Option<Vec<String>>,
    /// Viewer for `pointer` checks: `P1`…, `spectator` or `all` (default).
    #[serde(default)]
    pub view: Option<String>,
    /// A JSON pointer into the view (RFC 6901).
    #[serde(default)]
    pub pointer: Option<String>,
    #[serde(default)]
    pub equals: Option<toml::Value>,
    /// With `pointer`: the value must be absent (or null).
    #[serde(default)]
    pub absent: Option<bool>,
    /// With `pointer`: the array's length.
    #[serde(default)]
    pub len: Option<usize>,
    /// With `pointer`: the value must differ from this.
    #[serde(default)]
    pub not_equals: Option<toml::Value>,
    /// With `pointer`: an array holding this element, a string holding this text, or an object
    /// matching this partial object.
    #[serde(default)]
    pub contains: Option<toml::Value>,
    /// With `pointer`: an array with these elements in any order (duplicates ignored).
    #[serde(default)]
    pub set_equals: Option<Vec<toml::Value>>,
    /// With `pointer`: an array with these elements in any order, each as many times.
    #[serde(default)]
    pub multiset_equals: Option<Vec<toml::Value>>,
    /// With `pointer`: an object having at least these fields with these values (recursively).
    #[serde(default)]
    pub matches: Option<toml::Value>,
    /// Several pointer checks in one step (`[[step.check]]`), each like the step's own.
    #[serde(default, rename = "check")]
    pub checks: Vec<PointerCheck>,
    #[serde(default)]
    pub position_is: Option<String>,
    /// Texts each of which some log event of this step's actions says (its English label
    /// contains it, case aside): what the engine resolved by itself shows in the log.
    #[serde(default)]
    pub log_contains: Vec<String>,
}

/// One check of a value in a viewer's view.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointerCheck {
    /// `P1`…, `spectator` or `all` (default).
    #[serde(default)]
    pub view: Option<String>,
    pub pointer: String,
    #[serde(default)]
    pub equals: Option<toml::Value>,
    #[serde(default)]
    pub not_equals: Option<toml::Value>,
    #[serde(default)]
    pub contains: Option<toml::Value>,
    #[serde(default)]
    pub set_equals: Option<Vec<toml::Value>>,
    #[serde(default)]
    pub multiset_equals: Option<Vec<toml::Value>>,
    #[serde(default)]
    pub matches: Option<toml::Value>,
    #[serde(default)]
    pub absent: Option<bool>,
    #[serde(default)]
    pub len: Option<usize>,
}

impl Step {
    /// The step's own pointer check, if it has one.
    fn own_check(&self) -> Option<PointerCheck> {
        self.pointer.as_ref().map(|p| PointerCheck {
            view: self.view.clone(),
            pointer: p.clone(),
            equals: self.equals.clone(),
            not_equals: self.not_equals.clone(),
            contains: self.contains.clone(),
            set_equals: self.set_equals.clone(),
            multiset_equals: self.multiset_equals.clone(),
            matches: self.matches.clone(),
            absent: self.absent,
            len: self.len,
        })
    }
}

/// Told every action a scenario plays: its step (from 1), its notation, the log it produced.
pub type Trace<'a> = dyn FnMut(usize, &str, &[LogEntry<LoggedEvent>]) + 'a;

#[derive(Debug)]
pub struct Failure {
    /// 1-based step number (0: setup).
    pub step: usize,
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.step == 0 {
            write!(f, "setup: {}", self.message)
        } else {
            write!(f, "step {}: {}", self.step, self.message)
        }
    }
}

impl Scenario {
    pub fn from_toml(text: &str) -> Result<Self, String> {
        toml::from_str(text).map_err(|e| format!("not a scenario file: {}", toml_error(text, &e)))
    }

    /// Read a scenario file; its `cards` file is found relative to it.
    pub fn from_file(path: &std::path::Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut s = Scenario::from_toml(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        s.dir = path.parent().map(|p| p.to_path_buf());
        Ok(s)
    }

    /// The options, with the scenario's card set (`cards`, inline `[[card]]`) in them.
    fn options_with_cards(&self, entry: &crate::GameEntry) -> Result<Value, String> {
        let mut options = self.options.as_ref().map(toml_to_json).unwrap_or(Value::Null);
        if let Some(file) = &self.cards {
            let path = self.dir.as_deref().unwrap_or(std::path::Path::new(".")).join(file);
            let set = entry.read_cards(&path).map_err(|e| format!("cards = '{file}': {e}"))?;
            options = crate::GameEntry::with_cards(&options, set);
        }
        if !self.inline_cards.is_empty() {
            let cards: Vec<Value> = self.inline_cards.iter().map(toml_to_json).collect();
            let set = entry.extend_cards(&options, &cards, "scenario [[card]]").map_err(|e| e.to_string())?;
            options = crate::GameEntry::with_cards(&options, set);
        }
        Ok(options)
    }

    /// Run every step; the first failing check is returned with a readable difference.
    pub fn run(&self, registry: &Registry) -> Result<usize, Failure> {
        self.run_traced(registry, &mut |_, _, _| {})
    }

    /// [`Scenario::run`], telling `trace` every action played (step number from 1, the
    /// action's notation, the log entries it produced): `cardtable scenario --trace`.
    pub fn run_traced(&self, registry: &Registry, trace: &mut Trace<'_>) -> Result<usize, Failure> {
        let fail0 = |message: String| Failure { step: 0, message };
        let entry = registry.get(&self.game).map_err(fail0)?;
        let options = self.options_with_cards(entry).map_err(fail0)?;
        let mut game = match &self.position {
            Some(p) => entry.from_position(&options, p),
            None => entry.create(&options, self.setup.as_ref().map(toml_to_json).as_ref(), self.seed),
        }
        .map_err(|e| fail0(e.to_string()))?;
        let mut checks = 0;
        for (i, step) in self.steps.iter().enumerate() {
            let fail = |message: String| Failure { step: i + 1, message };
            if let Some(s) = &step.as_seat {
                let want = parse_seat(s).map_err(fail)?;
                if game.status() != Status::ToAct(want) {
                    return Err(fail(format!("expected {want} to act, but status is {}", show_status(&game.status()))));
                }
                checks += 1;
            }
            if !step.legal_includes.is_empty() || !step.legal_excludes.is_empty() || step.legal_exactly.is_some() {
                let legal: Vec<String> = game.legal_actions().into_iter().map(|a| a.notation).collect();
                for a in &step.legal_includes {
                    if !legal.contains(a) {
                        return Err(fail(format!("'{a}' is not legal; legal: {}", legal.join(" "))));
                    }
                }
                for a in &step.legal_excludes {
                    if legal.contains(a) {
                        return Err(fail(format!("'{a}' is legal but must not be")));
                    }
                }
                if let Some(exact) = &step.legal_exactly {
                    // Compared as sets: the order of legal actions is the game's own business.
                    let missing: Vec<&str> = exact.iter().filter(|a| !legal.contains(a)).map(String::as_str).collect();
                    let extra: Vec<&str> = legal.iter().filter(|a| !exact.contains(a)).map(String::as_str).collect();
                    if !missing.is_empty() || !extra.is_empty() {
                        return Err(fail(format!(
                            "legal actions are [{}]; missing [{}], not expected [{}]",
                            legal.join(" "),
                            missing.join(" "),
                            extra.join(" ")
                        )));
                    }
                }
                checks += 1;
            }
            let by = step.by.as_deref().map(parse_seat).transpose().map_err(fail)?;
            // An action `by` a seat, checked as a host checks it (`DynGame::may_send`): a seat
            // that is not to act may play only its own out-of-turn actions, and no seat another's.
            let out_of_turn = |game: &dyn crate::DynGame, a: &str| -> Option<Result<(), String>> {
                let seat = by?;
                Some(game.may_send(seat, a).map_err(|e| match e.kind {
                    crate::ActionErrorKind::OutOfTurn => {
                        format!("{seat} is not to act ({})", show_status(&game.status()))
                    }
                    _ => e.message,
                }))
            };
            let plays = step.play.iter().chain(step.play_all.iter());
            let mut said: Vec<String> = Vec::new();
            for a in plays {
                if let Some(Err(e)) = out_of_turn(game.as_ref(), a) {
                    return Err(fail(format!("action '{a}' was refused: {e}")));
                }
                let entries = game.apply(a).map_err(|e| fail(format!("action '{a}' was refused: {e}")))?;
                trace(i + 1, a, &entries);
                said.extend(entries.iter().map(|e| e.event.text.label.en.clone()));
                checks += 1;
            }
            for want in &step.log_contains {
                let w = want.to_lowercase();
                if !said.iter().any(|l| l.to_lowercase().contains(&w)) {
                    let shown = if said.is_empty() { "no log events".to_string() } else { said.join(" | ") };
                    return Err(fail(format!("no log event of this step says '{want}'; the log says: {shown}")));
                }
                checks += 1;
            }
            let refused_early = step.reject.as_ref().and_then(|a| out_of_turn(game.as_ref(), a)?.err());
            if let Some(e) = refused_early {
                // `by` a seat that may not send it: refused before the game sees it.
                if let Some(want) = &step.error_contains {
                    if !e.to_lowercase().contains(&want.to_lowercase()) {
                        return Err(fail(format!("error '{e}' does not contain '{want}'")));
                    }
                }
                checks += 1;
            } else if let Some(a) = &step.reject {
                let before = game.view(Viewer::Omniscient);
                let before_status = game.status();
                match game.apply(a) {
                    Ok(_) => return Err(fail(format!("action '{a}' was accepted but must be refused"))),
                    Err(e) => {
                        if let Some(want) = &step.error_contains {
                            if !e.message.to_lowercase().contains(&want.to_lowercase()) {
                                return Err(fail(format!("error '{}' does not contain '{want}'", e.message)));
                            }
                        }
                    }
                }
                if game.view(Viewer::Omniscient) != before || game.status() != before_status {
                    return Err(fail(format!("refused action '{a}' changed the state")));
                }
                checks += 1;
            }
            if let Some(t) = &step.to_act {
                let status = game.status();
                let ok = if t.eq_ignore_ascii_case("over") {
                    status.is_over()
                } else {
                    status == Status::ToAct(parse_seat(t).map_err(fail)?)
                };
                if !ok {
                    return Err(fail(format!("expected to_act {t}, got {}", show_status(&status))));
                }
                checks += 1;
            }
            if step.winners.is_some() || step.reason_contains.is_some() {
                let Status::Over(outcome) = game.status() else {
                    return Err(fail(format!("expected the game to be over, got {}", show_status(&game.status()))));
                };
                if let Some(w) = &step.winners {
                    let want: Result<Vec<Seat>, String> = w.iter().map(|s| parse_seat(s)).collect();
                    let mut want = want.map_err(fail)?;
                    want.sort();
                    let mut got = outcome.winners.clone();
                    got.sort();
                    if want != got {
                        return Err(fail(format!("expected winners {want:?}, got {got:?} ({})", outcome.reason)));
                    }
                }
                if let Some(r) = &step.reason_contains {
                    if !outcome.reason.to_lowercase().contains(&r.to_lowercase()) {
                        return Err(fail(format!("reason '{}' does not contain '{r}'", outcome.reason)));
                    }
                }
                checks += 1;
            }
            for check in step.own_check().iter().chain(step.checks.iter()) {
                run_check(game.as_ref(), check).map_err(fail)?;
                checks += 1;
            }
            if let Some(p) = &step.position_is {
                let got = game.position().ok_or_else(|| fail("this game has no position notation".into()))?;
                if got.trim() != p.trim() {
                    return Err(fail(format!("position:\n  expected {p}\n  got      {got}")));
                }
                checks += 1;
            }
        }
        Ok(checks)
    }
}

/// One pointer check against a viewer's view; the error shows the difference.
fn run_check(game: &dyn crate::DynGame, c: &PointerCheck) -> Result<(), String> {
    let viewer: Viewer = c.view.as_deref().unwrap_or("all").parse()?;
    let view = game.view(viewer);
    let ptr = &c.pointer;
    let got = view.pointer(ptr);
    if c.absent == Some(true) {
        return match got {
            Some(v) if !v.is_null() => Err(format!("{ptr} in {viewer}'s view should be absent, got {v}")),
            _ => Ok(()),
        };
    }
    let got = got.ok_or_else(|| format!("{ptr} not found in {viewer}'s view"))?;
    let differ =
        |what: &str, want: &Value| format!("{ptr} in {viewer}'s view:\n  expected {what}{want}\n  got      {got}");
    if let Some(want) = c.equals.as_ref().map(toml_to_json) {
        if !json_equal(got, &want) {
            return Err(differ("", &want));
        }
    }
    if let Some(want) = c.not_equals.as_ref().map(toml_to_json) {
        if json_equal(got, &want) {
            return Err(differ("anything but ", &want));
        }
    }
    if let Some(want) = c.contains.as_ref().map(toml_to_json) {
        let ok = match (got, &want) {
            (Value::Array(items), w) => items.iter().any(|x| json_equal(x, w) || json_matches(x, w)),
            (Value::String(text), Value::String(part)) => text.contains(part.as_str()),
            (Value::Object(_), w @ Value::Object(_)) => json_matches(got, w),
            _ => false,
        };
        if !ok {
            return Err(differ("something containing ", &want));
        }
    }
    if let Some(want) = &c.set_equals {
        let want: Vec<Value> = want.iter().map(toml_to_json).collect();
        let items = got.as_array().ok_or_else(|| format!("{ptr} in {viewer}'s view is not an array: {got}"))?;
        let ok = items.iter().all(|x| want.iter().any(|w| json_equal(x, w)))
            && want.iter().all(|w| items.iter().any(|x| json_equal(x, w)));
        if !ok {
            return Err(differ("the set ", &Value::Array(want)));
        }
    }
    if let Some(want) = &c.multiset_equals {
        let want: Vec<Value> = want.iter().map(toml_to_json).collect();
        let items = got.as_array().ok_or_else(|| format!("{ptr} in {viewer}'s view is not an array: {got}"))?;
        let count = |list: &[Value], v: &Value| list.iter().filter(|x| json_equal(x, v)).count();
        let ok = items.len() == want.len() && want.iter().all(|w| count(items, w) == count(&want, w));
        if !ok {
            return Err(differ("the multiset ", &Value::Array(want)));
        }
    }
    if let Some(want) = c.matches.as_ref().map(toml_to_json) {
        if !json_matches(got, &want) {
            return Err(differ("an object matching ", &want));
        }
    }
    if let Some(n) = c.len {
        let len = got.as_array().map(|a| a.len()).or_else(|| got.as_object().map(|o| o.len()));
        if len != Some(n) {
            return Err(format!("{ptr} in {viewer}'s view: expected length {n}, got {got}"));
        }
    }
    Ok(())
}

/// A partial match: every field of `want` is in `got` with a matching value (recursively);
/// arrays match element by element; anything else must be equal.
fn json_matches(got: &Value, want: &Value) -> bool {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => w.iter().all(|(k, v)| g.get(k).is_some_and(|x| json_matches(x, v))),
        (Value::Array(g), Value::Array(w)) => g.len() == w.len() && g.iter().zip(w).all(|(x, v)| json_matches(x, v)),
        _ => json_equal(got, want),
    }
}

fn parse_seat(s: &str) -> Result<Seat, String> {
    match s.parse::<Viewer>()? {
        Viewer::Seat(seat) => Ok(seat),
        _ => Err(format!("'{s}' is not a seat (P1, P2, …)")),
    }
}

fn show_status(s: &Status) -> String {
    match s {
        Status::ToAct(seat) => format!("{seat} to act"),
        Status::Over(o) => format!("over (winners {:?}: {})", o.winners, o.reason),
    }
}

/// Numbers compare by value, so that TOML's `2` equals JSON's `2.0`.
fn json_equal(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_equal(p, q)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| json_equal(v, w)))
        }
        _ => a == b,
    }
}

/// A TOML error on one line: `line L, column C: message` (toml's own text takes six).
pub fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let message = e.message().trim().replace('\n', " ");
    match e.span() {
        Some(span) => {
            let (line, column) = line_column(text, span.start);
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

pub fn toml_to_json(v: &toml::Value) -> Value {
    match v {
        toml::Value::String(s) => Value::String(s.clone()),
        toml::Value::Integer(i) => Value::from(*i),
        toml::Value::Float(f) => Value::from(*f),
        toml::Value::Boolean(b) => Value::Bool(*b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(a.iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => Value::Object(t.iter().map(|(k, v)| (k.clone(), toml_to_json(v))).collect()),
    }
}
