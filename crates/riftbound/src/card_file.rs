//! The card-set file (docs/riftbound-cards.md, docs/cards/riftbound.schema.json): TOML or JSON,
//! one schema. Reading checks every card and collects every problem, each placed by a JSON
//! pointer (`/card/12/ability/0/do/1/op`) with the card and the field; syntax errors are placed by
//! line and column. A set with any problem is refused whole: no card silently does nothing.

use crate::cards::*;
use engine::{CardFormat, CardProblem, CardSet, CardSetError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::sync::{Arc, OnceLock};

fn is_default<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// The most Energy a cost can ask: a deck has 12 runes (CR 103.3).
pub const MAX_ENERGY: u8 = 12;
/// The most cards one Predict looks at (CR 436): a Main Deck holds 40.
pub const MAX_PREDICT: i32 = 40;

/// One card as the file writes it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCard {
    pub id: String,
    pub name: String,
    pub zh: String,
    pub kind: Kind,
    #[serde(default, skip_serializing_if = "is_default")]
    pub champion: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub signature: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub equipment: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub domains: Vec<String>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub energy: u8,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pips: Vec<String>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub might: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<String>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub assault: i32,
    #[serde(default, skip_serializing_if = "is_default")]
    pub shield: i32,
    #[serde(default, skip_serializing_if = "is_default")]
    pub deflect: u8,
    #[serde(default, skip_serializing_if = "is_default")]
    pub might_bonus: i32,
    #[serde(default, skip_serializing_if = "is_default")]
    pub equip: Option<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text_zh: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cost_less: Vec<CostLess>,
    #[serde(default, rename = "static", skip_serializing_if = "Vec::is_empty")]
    pub statics: Vec<Static>,
    #[serde(default, rename = "ability", skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<Ability>,
    /// Hunt X (CR 823), Empower [cost] (CR 827), dependent grants (CR 726): `keywords/file.rs`.
    #[serde(default, skip_serializing_if = "is_default")]
    pub hunt: u8,
    #[serde(default, skip_serializing_if = "is_default")]
    pub empower: Option<u8>,
    #[serde(default, skip_serializing_if = "is_default")]
    pub flow: Option<u8>,
    #[serde(default, rename = "grant", skip_serializing_if = "Vec::is_empty")]
    pub grants: Vec<crate::keywords::Grant>,
    /// "As an additional cost to play this, discard a card" / "… kill a friendly unit" on a unit
    /// or gear (CR 204.2); a spell's are its `on = "spell"` ability's.
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra_discard: bool,
    #[serde(default, skip_serializing_if = "is_default")]
    pub extra_cost: Option<UnitCost>,
    /// "I enter ready" (a replacement effect on entering the board, CR 367, 370; `replace.rs`).
    #[serde(default, skip_serializing_if = "is_default")]
    pub enters_ready: bool,
    /// Power pips of the Flow / Empower cost (CR 829, 827): `pay_file.rs`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flow_pips: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub empower_pips: Vec<String>,
    /// Power pips of the Equip cost (CR 818): `pay_file.rs`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equip_pips: Vec<String>,
}

#[derive(Serialize)]
struct RawFileOut<'a> {
    card: &'a [RawCard],
}

/// A checker of one field's value: `Err` is the message.
type Check = fn(&Value) -> Result<(), String>;

fn typed<T: DeserializeOwned>(v: &Value) -> Result<(), String> {
    serde_json::from_value::<T>(v.clone()).map(|_| ()).map_err(|e| e.to_string())
}

const CARD_FIELDS: &[(&str, Check)] = &[
    ("id", typed::<String>),
    ("name", typed::<String>),
    ("zh", typed::<String>),
    ("kind", typed::<Kind>),
    ("champion", typed::<bool>),
    ("signature", typed::<bool>),
    ("equipment", typed::<bool>),
    ("domains", typed::<Vec<String>>),
    ("energy", typed::<u8>),
    ("pips", typed::<Vec<String>>),
    ("might", typed::<i32>),
    ("keywords", typed::<Vec<String>>),
    ("assault", typed::<i32>),
    ("shield", typed::<i32>),
    ("deflect", typed::<u8>),
    ("might_bonus", typed::<i32>),
    ("equip", typed::<Option<u8>>),
    ("tags", typed::<Vec<String>>),
    ("text", typed::<String>),
    ("text_zh", typed::<String>),
    ("cost_less", typed::<Vec<CostLess>>),
    ("static", typed::<Vec<Static>>),
    ("ability", typed::<Vec<Value>>),
    ("hunt", typed::<u8>),
    ("empower", typed::<Option<u8>>),
    ("flow", typed::<Option<u8>>),
    ("grant", typed::<Vec<crate::keywords::Grant>>),
    ("extra_discard", typed::<bool>),
    ("extra_cost", typed::<Option<UnitCost>>),
    ("enters_ready", typed::<bool>),
    ("flow_pips", typed::<Vec<String>>),
    ("empower_pips", typed::<Vec<String>>),
    ("equip_pips", typed::<Vec<String>>),
];
const CARD_REQUIRED: &[&str] = &["id", "name", "zh", "kind"];

const ABILITY_FIELDS: &[(&str, Check)] = &[
    ("on", typed::<On>),
    ("may", typed::<bool>),
    ("lead", typed::<Option<Lead>>),
    ("legion", typed::<bool>),
    ("level", typed::<u8>),
    ("empowered", typed::<bool>),
    ("cost_energy", typed::<u8>),
    ("cost_exhaust", typed::<bool>),
    ("extra_discard", typed::<bool>),
    ("extra_cost", typed::<Option<UnitCost>>),
    ("speed", typed::<Speed>),
    ("targets", typed::<Vec<TargetSpec>>),
    ("subject", typed::<Option<TargetSpec>>),
    ("do", typed::<Vec<Value>>),
    ("repeat", typed::<Option<PayCost>>),
    ("granted", typed::<bool>),
];

const INSTR_FIELDS: &[(&str, Check)] = &[
    ("op", typed::<Op>),
    ("n", typed::<i32>),
    ("t", typed::<u8>),
    ("who", typed::<Who>),
    ("player", typed::<Whose>),
    ("to", typed::<To>),
    ("if", typed::<Cond>),
    ("token", typed::<String>),
    ("counter", typed::<String>),
    ("at_least", typed::<u16>),
    ("keyword", typed::<String>),
    ("limit", typed::<i32>),
    ("pips", typed::<Vec<String>>),
    ("trait", typed::<crate::traits::Trait>),
    ("value", typed::<String>),
    ("may", typed::<bool>),
    ("once_each_turn", typed::<bool>),
    ("spells", typed::<crate::cards::RepeatSpells>),
    ("for_each", typed::<crate::cards::ForEach>),
];

/// Collects problems for one file.
struct Problems<'a> {
    origin: &'a str,
    list: Vec<CardProblem>,
}

impl Problems<'_> {
    fn add(&mut self, pointer: String, card: Option<&str>, field: &str, message: impl Into<String>) {
        let mut p = CardProblem::new(self.origin, message).pointer(pointer).field(field);
        if let Some(c) = card {
            p = p.card(c);
        }
        self.list.push(p);
    }

    /// Check an object's fields by table: unknown fields, wrong types, missing required ones.
    /// Returns the object without the fields at fault (so the rest can still be checked), or
    /// `None` if it is not a table or lacks a required field.
    fn fields(
        &mut self,
        v: &Value,
        ptr: &str,
        card: Option<&str>,
        table: &[(&str, Check)],
        required: &[&str],
    ) -> Option<Map<String, Value>> {
        let Some(obj) = v.as_object() else {
            self.add(ptr.to_string(), card, "", format!("expected a table, found {}", kind_of(v)));
            return None;
        };
        let mut clean = Map::new();
        for (k, val) in obj {
            match table.iter().find(|(n, _)| n == k) {
                None => self.add(format!("{ptr}/{k}"), card, k, format!("unknown field '{k}'")),
                Some((_, check)) => match check(val) {
                    Err(e) => self.add(format!("{ptr}/{k}"), card, k, e),
                    Ok(()) => {
                        clean.insert(k.clone(), val.clone());
                    }
                },
            }
        }
        let mut whole = true;
        for r in required {
            if !obj.contains_key(*r) {
                self.add(ptr.to_string(), card, r, format!("missing field '{r}'"));
            }
            whole &= clean.contains_key(*r);
        }
        whole.then_some(clean)
    }
}

fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "nothing",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "a table",
    }
}

/// Check a card's types. Returns the card without what is at fault — wrong-typed or unknown
/// fields, abilities and instructions without their required field — so that every other
/// problem of the card is still found (`None`: the card itself can't be read), and whether
/// anything was left out.
fn check_types(p: &mut Problems, i: usize, v: &Value) -> (Option<Value>, bool) {
    let ptr = format!("/card/{i}");
    let card = v.get("id").and_then(Value::as_str).map(str::to_string);
    let card = card.as_deref();
    let before = p.list.len();
    let Some(mut clean) = p.fields(v, &ptr, card, CARD_FIELDS, CARD_REQUIRED) else { return (None, true) };
    if let Some(Value::Array(abs)) = clean.get("ability").cloned() {
        let mut kept = Vec::new();
        for (j, a) in abs.iter().enumerate() {
            let aptr = format!("{ptr}/ability/{j}");
            let Some(mut ca) = p.fields(a, &aptr, card, ABILITY_FIELDS, &["on"]) else { continue };
            if let Some(Value::Array(ins)) = ca.get("do").cloned() {
                let ok: Vec<Value> = ins
                    .iter()
                    .enumerate()
                    .filter_map(|(k, x)| p.fields(x, &format!("{aptr}/do/{k}"), card, INSTR_FIELDS, &["op"]))
                    .map(Value::Object)
                    .collect();
                ca.insert("do".into(), Value::Array(ok));
            }
            kept.push(Value::Object(ca));
        }
        clean.insert("ability".into(), Value::Array(kept));
    }
    (Some(Value::Object(clean)), p.list.len() > before)
}

/// "Accelerate, Temporary." — a text that only names keywords (a vanilla unit with keywords).
fn only_keywords(text: &str) -> bool {
    const WORDS: &[&str] = &[
        "accelerate",
        "action",
        "reaction",
        "tank",
        "backline",
        "ganking",
        "hidden",
        "temporary",
        "vision",
        "ambush",
        "unique",
        "hunt",
        "quick-draw",
        "weaponmaster",
        "assault",
        "shield",
        "deflect",
    ];
    text.split([',', '.', ';']).map(str::trim).filter(|s| !s.is_empty()).all(|phrase| {
        let mut words = phrase.split_whitespace();
        let first = words.next().unwrap_or("").to_ascii_lowercase();
        WORDS.contains(&first.as_str()) && words.all(|w| w.trim_start_matches('+').parse::<i32>().is_ok())
    })
}

/// Split damage (CR 355.14): its slot is "up to N units" with N at most the damage (each target
/// takes at least one point), or a single unit (which takes it all).
fn check_split(p: &mut Problems, ptr: &str, id: Option<&str>, a: &Ability, ins: &Instr) {
    if ins.n < 1 {
        p.add(format!("{ptr}/n"), id, "n", "split damage of less than 1 would do nothing");
    }
    if let Some(s) = a.targets.get(ins.t as usize) {
        if s.what != What::Unit {
            p.add(format!("{ptr}/t"), id, "t", "split damage is dealt to units: its slot must choose units");
        }
        if s.up_to as i32 > ins.n {
            p.add(
                format!("{ptr}/t"),
                id,
                "t",
                format!(
                    "split damage {} among up to {}: at most as many targets as points (CR 355.14)",
                    ins.n, s.up_to
                ),
            );
        }
    }
    if ins.who != Who::Target {
        p.add(format!("{ptr}/who"), id, "who", "split damage goes to the chosen targets of slot t (who = \"target\")");
    }
}

/// The unit and act of an additional cost (an ability's or a permanent's own, CR 204.2).
fn check_cost_shape(p: &mut Problems, ptr: &str, id: Option<&str>, c: &UnitCost) {
    // Counters are spent from a unit, a gear, the payer's legend or a battlefield they control
    // (CR 741–749; `keywords/counters.rs`).
    let counter_holder =
        c.act == CostAct::SpendCounter && matches!(c.unit.what, What::Gear | What::Legend | What::Battlefield);
    if (c.unit.what != What::Unit && !counter_holder) || c.unit.up_to != 0 || c.unit.dest_of != 0 {
        p.add(
            format!("{ptr}/unit"),
            id,
            "extra_cost.unit",
            "an additional cost is paid with exactly one unit, or a 'spend_counter' cost with one gear, your legend or a battlefield you control (what = \"gear\" / \"legend\" / \"battlefield\"; 'up_to' and 'dest_of' do not apply)",
        );
    }
    // A battlefield paying counters is one you control, or the one here (CR 359.3.f).
    if c.unit.what == What::Battlefield && !matches!(c.unit.at, At::Any | At::Here) {
        p.add(
            format!("{ptr}/unit/at"),
            id,
            "extra_cost.unit",
            "a battlefield paying a 'spend_counter' cost is one you control, or with at = \"here\" the one this is at",
        );
    }
    if c.act == CostAct::Exhaust && c.unit.exhausted {
        p.add(
            format!("{ptr}/unit/exhausted"),
            id,
            "extra_cost.unit",
            "a cost the rules cannot pay: exhausting an exhausted unit",
        );
    }
}

/// The checks of one well-typed card that need only the card itself. Returns the definition.
fn build_card(p: &mut Problems, i: usize, r: &RawCard) -> CardDef {
    let ptr = format!("/card/{i}");
    let id = Some(r.id.as_str());
    let mut domains = 0u8;
    for (j, d) in r.domains.iter().enumerate() {
        match domain_mask(d) {
            Ok(m) => domains |= m,
            Err(e) => p.add(format!("{ptr}/domains/{j}"), id, "domains", e),
        }
    }
    let mut pips = Vec::with_capacity(r.pips.len());
    for (j, s) in r.pips.iter().enumerate() {
        match domain_mask(s) {
            Ok(m) => {
                // CR 135.2.e.6: a pip is paid with Power of its domain; a deck holds only runes of
                // its identity (CR 103.3), which contains the card's domains (CR 103.1.b).
                if m != ANY_DOMAIN && m & domains == 0 {
                    p.add(
                        format!("{ptr}/pips/{j}"),
                        id,
                        "pips",
                        format!("a cost the rules cannot pay: a '{s}' pip on a card without that domain"),
                    );
                }
                pips.push(m);
            }
            Err(e) => p.add(format!("{ptr}/pips/{j}"), id, "pips", e),
        }
    }
    if r.energy > MAX_ENERGY {
        p.add(
            format!("{ptr}/energy"),
            id,
            "energy",
            format!("a cost the rules cannot pay: {} Energy, at most {MAX_ENERGY} (12 runes, CR 103.3)", r.energy),
        );
    }
    let mut keywords = 0;
    for (j, k) in r.keywords.iter().enumerate() {
        match kw::parse(k) {
            Some(b) => keywords |= b,
            None => p.add(format!("{ptr}/keywords/{j}"), id, "keywords", format!("unknown keyword '{k}'")),
        }
    }
    let mut adds_power = 0u8;
    let mut hide_cost = None;
    let mut no_move_from_bf = false;
    let (repl_problems, repl) = crate::replace_file::read_statics(r);
    for (at, field, msg) in repl_problems {
        p.add(format!("{ptr}{at}"), id, field, msg);
    }
    for (at, field, why) in crate::control_statics::attached_problems(r) {
        p.add(format!("{ptr}{at}"), id, field, why);
    }
    for (j, s) in r.statics.iter().enumerate() {
        let sptr = format!("{ptr}/static/{j}");
        if let Some(why) = crate::limits::static_limit_problem(s) {
            p.add(format!("{sptr}/limit"), id, "limit", why);
        }
        for (at, field, why) in crate::trait_statics::static_problems(s, r.kind) {
            p.add(format!("{sptr}{at}"), id, field, why);
        }
        for (at, field, why) in crate::control_statics::static_problems(s, r.kind, r.equipment) {
            p.add(format!("{sptr}{at}"), id, field, why);
        }
        for (at, field, why) in crate::copy_statics::static_problems(s, r.kind) {
            p.add(format!("{sptr}{at}"), id, field, why);
        }
        match s.effect {
            StaticEffect::Might => {
                if s.tag.is_empty() || s.n == 0 {
                    p.add(sptr, id, "static", "a 'might' static needs a tag and a non-zero n (it would do nothing)");
                }
            }
            StaticEffect::AddPower => {
                if !matches!(r.kind, Kind::Gear | Kind::Unit | Kind::Token) {
                    p.add(sptr.clone(), id, "static", "only gear and units have the static '[E]: Add' used while paying ('add_power'); elsewhere Add is an instruction: { op = \"add\" }");
                }
                if s.domains.is_empty() {
                    p.add(sptr.clone(), id, "static", "'add_power' needs domains (it would do nothing)");
                }
                for (k, d) in s.domains.iter().enumerate() {
                    match domain_mask(d) {
                        Ok(m) => adds_power |= m,
                        Err(e) => p.add(format!("{sptr}/domains/{k}"), id, "static.domains", e),
                    }
                }
            }
            StaticEffect::HideCost | StaticEffect::NoMoveFromBattlefield if r.kind != Kind::Battlefield => {
                p.add(sptr, id, "static", format!("'{:?}' is a battlefield static", s.effect))
            }
            StaticEffect::HideCost => {
                if !(0..=MAX_ENERGY as i32).contains(&s.n) {
                    p.add(sptr, id, "static", format!("hide cost {} is not 0–{MAX_ENERGY}", s.n));
                } else {
                    hide_cost = Some(s.n as u8);
                }
            }
            StaticEffect::NoMoveFromBattlefield => no_move_from_bf = true,
            // Replacement statics: `replace_file.rs`.
            StaticEffect::PreventDamage
            | StaticEffect::DoubleDamage
            | StaticEffect::EnterReady
            | StaticEffect::DoubleTokens => {}
            // Trait, control and copy statics: `trait_statics.rs`, `control_statics.rs`,
            // `copy_statics.rs` (checked above).
            StaticEffect::SetTrait | StaticEffect::Control | StaticEffect::Copy => {}
        }
    }
    for (j, c) in r.cost_less.iter().enumerate() {
        if c.n == 0 {
            p.add(format!("{ptr}/cost_less/{j}/n"), id, "cost_less", "a reduction of 0 would do nothing");
        }
        if matches!(c.cond, Cond::TMighty | Cond::TStunned | Cond::TNotStunned | Cond::UnitAtT) {
            p.add(
                format!("{ptr}/cost_less/{j}/if"),
                id,
                "cost_less",
                format!("'{:?}' needs a chosen target: a cost is determined before targets", c.cond),
            );
        }
        if matches!(c.cond, Cond::CountersHere | Cond::CountersAtT) {
            p.add(
                format!("{ptr}/cost_less/{j}/if"),
                id,
                "cost_less",
                "counting counters is a condition of instructions, not of a cost",
            );
        }
        if !matches!(r.kind, Kind::Unit | Kind::Spell | Kind::Gear) {
            p.add(format!("{ptr}/cost_less/{j}"), id, "cost_less", "only cards that are played have a cost");
        }
    }
    for (j, a) in r.abilities.iter().enumerate() {
        let aptr = format!("{ptr}/ability/{j}");
        if a.cost_energy > MAX_ENERGY {
            p.add(
                format!("{aptr}/cost_energy"),
                id,
                "cost_energy",
                format!("a cost the rules cannot pay: {} Energy, at most {MAX_ENERGY}", a.cost_energy),
            );
        }
        if a.subject.is_some() && a.on != On::UnitDies {
            p.add(format!("{aptr}/subject"), id, "subject", "a 'subject' filter belongs to a 'unit_dies' trigger");
        }
        if let Some(c) = &a.extra_cost {
            // A spell's, activated or triggered ability's (a trigger's may be declined, CR
            // 404.2), one unit; with `extra_discard` both are paid (the unit first).
            check_cost_shape(p, &format!("{aptr}/extra_cost"), id, c);
        }
        let trigger = !matches!(a.on, On::Spell | On::Activated);
        let lead_pay = a.effects.first().is_some_and(|i| i.op == Op::Pay && i.cond == Cond::Always);
        if trigger && lead_pay && a.lead.is_some() {
            p.add(
                format!("{aptr}/lead"),
                id,
                "lead",
                "a trigger has one leading cost: its 'lead' or a first 'pay' instruction (CR 204.3)",
            );
        }
        if trigger && (a.cost_energy > 0 || a.cost_exhaust) {
            p.add(
                format!("{aptr}/cost_energy"),
                id,
                "cost_energy",
                "a triggered ability has no activation cost: write its cost as a first 'pay' instruction (\"you may pay [2]: …\", CR 204.3) or a 'lead'",
            );
        }
        // A trigger's discard is its `lead` or its `extra_discard`, not both (one card).
        if a.extra_discard && matches!(a.lead, Some(Lead::Discard | Lead::RecycleHand)) {
            p.add(
                format!("{aptr}/extra_discard"),
                id,
                "extra_discard",
                "a trigger with a discarding or recycling 'lead' already pays with a card: use one of them",
            );
        }
        for (k, s) in a.targets.iter().enumerate() {
            if s.what == What::Destination && s.dest_of as usize >= a.targets.len() {
                p.add(format!("{aptr}/targets/{k}/dest_of"), id, "dest_of", format!("no target slot {}", s.dest_of));
            }
        }
        for (k, ins) in a.effects.iter().enumerate() {
            let iptr = format!("{aptr}/do/{k}");
            let uses_slot = ins.reads_slot();
            if uses_slot && ins.t as usize >= a.targets.len() {
                p.add(
                    format!("{iptr}/t"),
                    id,
                    "t",
                    format!("no target slot {} (the ability has {})", ins.t, a.targets.len()),
                );
            }
            if ins.op == Op::DamageSplit {
                check_split(p, &iptr, id, a, ins);
            }
            if ins.op == Op::Predict && !(1..=MAX_PREDICT).contains(&ins.n) {
                p.add(
                    format!("{iptr}/n"),
                    id,
                    "n",
                    format!("predict {}: Predict N looks at 1 to {MAX_PREDICT} cards (CR 436)", ins.n),
                );
            }
            if ins.op == Op::Attach && r.kind != Kind::Gear {
                p.add(format!("{iptr}/op"), id, "op", "only gear attaches itself to a unit (CR 818)");
            }
            if ins.player != Whose::You
                && !matches!(
                    ins.op,
                    Op::Draw
                        | Op::Discard
                        | Op::DiscardHand
                        | Op::RecycleHand
                        | Op::Channel
                        | Op::GainXp
                        | Op::Predict
                        | Op::ExtraTurn
                        | Op::Add
                )
            {
                p.add(format!("{iptr}/player"), id, "player", format!("'{:?}' does not act on a player", ins.op));
            }
            if ins.op == Op::CreateToken && ins.token.is_empty() {
                p.add(format!("{iptr}/token"), id, "token", "create_token names no token card");
            }
            if ins.op != Op::CreateToken && !ins.token.is_empty() {
                p.add(format!("{iptr}/token"), id, "token", "only create_token names a token");
            }
            let names_keyword = matches!(ins.op, Op::GainKeyword | Op::LoseKeyword);
            if names_keyword && crate::cards::kw::parse(&ins.keyword).is_none() {
                let known: Vec<&str> = crate::cards::kw::ALL.iter().map(|(n, _)| *n).collect();
                p.add(
                    format!("{iptr}/keyword"),
                    id,
                    "keyword",
                    format!("'{}' is not a keyword ({})", ins.keyword, known.join(", ")),
                );
            }
            if !names_keyword && !ins.keyword.is_empty() {
                p.add(format!("{iptr}/keyword"), id, "keyword", "only gain_keyword and lose_keyword name a keyword");
            }
            if let Some(why) = crate::limits::limit_problem(ins) {
                p.add(format!("{iptr}/limit"), id, "limit", why);
            }
            if let Some((field, why)) = crate::traits::trait_problem(ins) {
                p.add(format!("{iptr}/{field}"), id, field, why);
            }
            if let Some((field, why)) = crate::replace_file::instr_problem(ins) {
                p.add(format!("{iptr}/{field}"), id, field, why);
            }
            // CR 477.1: the unit (or gear, `gear.rs`) copied is the target chosen in slot n.
            let copy_slot_ok =
                a.targets.get(ins.n.max(0) as usize).is_some_and(|s| matches!(s.what, What::Unit | What::Gear));
            if matches!(ins.op, Op::Copy | Op::CopyThisTurn) && (ins.n < 0 || !copy_slot_ok) {
                p.add(
                    format!("{iptr}/n"),
                    id,
                    "n",
                    format!("copy: slot {} is not a unit target of the ability (the unit copied)", ins.n),
                );
            }
        }
        for (path, field, why) in crate::holders::place_problems(a) {
            p.add(format!("{aptr}/{path}"), id, field, why);
        }
        for (k, field, why) in crate::gear::gear_problems(r.kind, a) {
            p.add(format!("{aptr}/do/{k}/{field}"), id, field, why);
        }
        if a.effects.is_empty() {
            p.add(aptr, id, "do", "an ability with no instructions would do nothing");
        }
    }
    let spell_without_text = r.kind == Kind::Spell && !r.abilities.iter().any(|a| a.on == On::Spell);
    if spell_without_text {
        p.add(ptr.clone(), id, "ability", "a spell without an 'on = spell' ability would do nothing");
    }
    let does_something = !r.abilities.is_empty()
        || !r.statics.is_empty()
        || keywords != 0
        || r.assault != 0
        || r.shield != 0
        || r.deflect != 0
        || r.might_bonus != 0
        || r.equip.is_some()
        || r.hunt > 0
        || r.empower.is_some()
        || r.flow.is_some()
        || !r.grants.is_empty()
        || r.enters_ready;
    let vanilla_ok = match r.kind {
        // A vanilla unit: no text, or text that only names its keywords.
        Kind::Unit => r.abilities.is_empty() && r.statics.is_empty() && (r.text.is_empty() || only_keywords(&r.text)),
        // Runes and tokens are described by the rules (CR 160, 186).
        Kind::Rune | Kind::Token => true,
        _ => r.text.is_empty(),
    };
    let unit_with_unbacked_text = r.kind == Kind::Unit
        && r.abilities.is_empty()
        && r.statics.is_empty()
        && r.grants.is_empty()
        && !r.enters_ready
        && r.empower.is_none()
        && !r.text.is_empty()
        && !only_keywords(&r.text);
    if !spell_without_text && (unit_with_unbacked_text || (!does_something && !vanilla_ok)) {
        p.add(ptr.clone(), id, "text", format!("'{}' has rules text but no abilities: it would do nothing", r.text));
    }
    if !r.text.is_empty() && r.text_zh.is_empty() && !matches!(r.kind, Kind::Rune) {
        p.add(ptr.clone(), id, "text_zh", "rules text without its Chinese (text_zh)");
    }
    // A permanent's own additional costs (CR 204.2): a spell's are its `on = "spell"` ability's.
    if (r.extra_discard || r.extra_cost.is_some()) && !matches!(r.kind, Kind::Unit | Kind::Gear) {
        p.add(
            format!("{ptr}/extra_cost"),
            id,
            "extra_cost",
            "only a unit's or gear's card has its own additional costs (a spell's belong to its 'on = \"spell\"' ability)",
        );
    }
    if let Some(c) = &r.extra_cost {
        check_cost_shape(p, &format!("{ptr}/extra_cost"), id, c);
    }
    for (at, field, msg) in crate::grant::grant_problems(&r.abilities) {
        p.add(format!("{ptr}{at}"), id, field, msg);
    }
    let (kw_problems, grants) = crate::keywords::file::check_card(r);
    for (at, field, msg) in kw_problems {
        p.add(format!("{ptr}{at}"), id, field, msg);
    }
    let mut abilities = r.abilities.clone();
    let (pay_problems, paid) = crate::pay_file::check_card(r, domains, &mut abilities);
    for (at, field, msg) in pay_problems {
        p.add(format!("{ptr}{at}"), id, field, msg);
    }
    if r.id.trim().is_empty() || r.name.trim().is_empty() || r.zh.trim().is_empty() {
        p.add(ptr.clone(), id, "id", "id, name and zh must not be empty");
    }
    // The keyword abilities, as card data after the file's own (CR 816–827), in this order:
    // Vision, Temporary, Equip, Empower, Hunt, Quick-Draw, Weaponmaster. Gear plays its own
    // Vision (when it is played) and Temporary (it is killed); an attached Equipment's text is
    // its unit's (CR 434): its Temporary row kills the trigger's subject, the unit it is attached
    // to or, unattached, the Equipment itself (`keywords/temporary.rs`).
    let unit = matches!(r.kind, Kind::Unit | Kind::Token);
    let permanent = unit || r.kind == Kind::Gear;
    if permanent && keywords & kw::VISION != 0 {
        abilities.push(KeywordAbility::Vision.ability(0));
    }
    // A dependent grant's Temporary (CR 726, 816) is the unit's own row, live while the grant is.
    let granted_temporary = unit && r.grants.iter().any(|g| g.keywords.iter().any(|k| k == "temporary"));
    if permanent && (keywords & kw::TEMPORARY != 0 || granted_temporary) {
        let mut row = KeywordAbility::Temporary.ability(0);
        if r.kind == Kind::Gear && r.equipment {
            row.effects[0].who = Who::Subject;
        }
        abilities.push(row);
    }
    if let Some(e) = r.equip {
        if r.kind != Kind::Gear {
            p.add(format!("{ptr}/equip"), id, "equip", "only gear has Equip (CR 818)");
        }
        abilities.push(KeywordAbility::Equip.ability(e));
    }
    if let Some(e) = r.empower {
        abilities.push(KeywordAbility::Empower.ability(e));
    }
    if r.hunt > 0 || (unit && r.grants.iter().any(|g| g.hunt > 0)) {
        abilities.push(KeywordAbility::Hunt.ability(0));
    }
    if keywords & kw::QUICK_DRAW != 0 && r.kind == Kind::Gear {
        abilities.push(KeywordAbility::QuickDraw.ability(0));
    }
    let granted_wm = r.grants.iter().any(|g| g.keywords.iter().any(|k| k == "weaponmaster"));
    if unit && (keywords & kw::WEAPONMASTER != 0 || granted_wm) {
        abilities.push(KeywordAbility::Weaponmaster.ability(0));
    }
    CardDef {
        id: r.id.clone(),
        name: r.name.clone(),
        zh: r.zh.clone(),
        kind: r.kind,
        champion: r.champion,
        signature: r.signature,
        equipment: r.equipment,
        domains,
        energy: r.energy,
        pips,
        might: r.might,
        keywords,
        assault: r.assault,
        shield: r.shield,
        deflect: r.deflect,
        might_bonus: r.might_bonus,
        equip: r.equip,
        tags: r.tags.clone(),
        tag_bits: 0,
        text: r.text.clone(),
        text_zh: r.text_zh.clone(),
        abilities,
        cost_less: r.cost_less.clone(),
        lords: Vec::new(),
        limited_lords: Vec::new(),
        trait_statics: Vec::new(),
        control_statics: Vec::new(),
        copy_statics: Vec::new(),
        adds_power,
        hide_cost,
        no_move_from_bf,
        hunt: r.hunt,
        empower: r.empower,
        flow: r.flow,
        grants,
        extra_discard: r.extra_discard,
        extra_cost: r.extra_cost.clone(),
        enters_ready: r.enters_ready,
        damage_statics: repl.damage,
        enter_ready: repl.enter_ready,
        double_tokens: repl.double_tokens,
        flow_pips: paid.flow_pips,
        empower_pips: paid.empower_pips,
        equip_pips: paid.equip_pips,
    }
}

/// Build a set from typed cards: per-card checks, then the checks across cards (duplicate ids
/// and names, token cards, the tag table).
fn build(raw: Vec<RawCard>, p: &mut Problems) -> CardDb {
    let mut cards: Vec<CardDef> = raw.iter().enumerate().map(|(i, r)| build_card(p, i, r)).collect();
    for i in 0..raw.len() {
        for j in 0..i {
            if raw[j].id == raw[i].id {
                p.add(format!("/card/{i}/id"), Some(&raw[i].id), "id", format!("duplicate id (also card {j})"));
            } else if raw[j].name.eq_ignore_ascii_case(&raw[i].name) {
                p.add(
                    format!("/card/{i}/name"),
                    Some(&raw[i].id),
                    "name",
                    format!("duplicate name '{}' (also {}): deck lists name cards", raw[i].name, raw[j].id),
                );
            }
        }
    }
    let mut tags: Vec<String> = Vec::new();
    for c in &cards {
        let given = c.abilities.iter().flat_map(|a| a.effects.iter()).filter_map(crate::traits::trait_tag);
        for t in c.tags.iter().chain(raw_static_tags(&raw, &c.id)).chain(given) {
            if !tags.contains(t) {
                tags.push(t.clone());
            }
        }
    }
    if tags.len() > 64 {
        p.add("/card".into(), None, "tags", format!("{} distinct tags: at most 64 in a set", tags.len()));
        tags.truncate(64);
    }
    let bit = |t: &str| tags.iter().position(|x| x == t).map(|i| 1u64 << i).unwrap_or(0);
    let mut lord_tags = 0;
    let lookup: Vec<(String, String, Kind)> = cards.iter().map(|c| (c.id.clone(), c.name.clone(), c.kind)).collect();
    for (i, c) in cards.iter_mut().enumerate() {
        c.tag_bits = c.tags.iter().map(|t| bit(t)).fold(0, |a, b| a | b);
        for (j, s) in raw[i].statics.iter().enumerate() {
            if s.effect == StaticEffect::Might && !s.tag.is_empty() {
                match s.limit {
                    None => c.lords.push((bit(&s.tag), s.n)),
                    Some(l) => c.limited_lords.push((bit(&s.tag), s.n, l)),
                }
                lord_tags |= bit(&s.tag);
            }
            match crate::trait_statics::build(s, &lookup, bit) {
                Ok(t) => c.trait_statics.extend(t),
                Err(e) => p.add(format!("/card/{i}/static/{j}/value"), Some(&raw[i].id), "value", e),
            }
            c.control_statics.extend(crate::control_statics::build(s, bit));
            match crate::copy_statics::build(s, &lookup, &raw, bit) {
                Ok(t) => c.copy_statics.extend(t),
                Err(e) => p.add(format!("/card/{i}/static/{j}/value"), Some(&raw[i].id), "value", e),
            }
        }
        for (j, a) in c.abilities.iter_mut().enumerate() {
            for (k, ins) in a.effects.iter_mut().enumerate() {
                ins.kw = crate::cards::kw::parse(&ins.keyword).unwrap_or(0);
                match crate::traits::resolve_trait(ins, &lookup, bit) {
                    Ok(v) => ins.trait_val = v,
                    Err(e) => p.add(format!("/card/{i}/ability/{j}/do/{k}/value"), Some(&raw[i].id), "value", e),
                }
                if ins.op != Op::CreateToken || ins.token.is_empty() {
                    continue;
                }
                let found =
                    lookup.iter().position(|(id, name, _)| *id == ins.token || name.eq_ignore_ascii_case(&ins.token));
                match found {
                    Some(d) if lookup[d].2 == Kind::Token => ins.token_def = d as DefId,
                    Some(_) => p.add(
                        format!("/card/{i}/ability/{j}/do/{k}/token"),
                        Some(&raw[i].id),
                        "token",
                        format!("'{}' is not a token card", ins.token),
                    ),
                    None => p.add(
                        format!("/card/{i}/ability/{j}/do/{k}/token"),
                        Some(&raw[i].id),
                        "token",
                        format!("no token card '{}' in the set", ins.token),
                    ),
                }
            }
        }
    }
    let counters = crate::keywords::file::index_counters(&mut cards);
    let has_statics = crate::cards::HasStatics {
        damage: cards.iter().any(|c| !c.damage_statics.is_empty()),
        enter_ready: cards.iter().any(|c| !c.enter_ready.is_empty()),
        double_tokens: cards.iter().any(|c| c.double_tokens > 0),
        traits: cards.iter().any(|c| !c.trait_statics.is_empty()),
        tag_selected: cards.iter().flat_map(|c| &c.trait_statics).any(|s| s.selects_tags()),
        control: cards.iter().any(|c| !c.control_statics.is_empty()),
        control_dynamic: cards.iter().any(|c| {
            c.control_statics.iter().any(|s| s.might.any() || s.attached)
                || c.trait_statics.iter().any(|s| s.might.any() && s.val.is_tag())
        }),
        copy: cards.iter().any(|c| !c.copy_statics.is_empty()),
    };
    CardDb { cards, raw, tags, lord_tags, counters, has_statics }
}

fn raw_static_tags<'a>(raw: &'a [RawCard], id: &'a str) -> impl Iterator<Item = &'a String> {
    raw.iter()
        .filter(move |r| r.id == id)
        .flat_map(|r| crate::trait_statics::static_tags(&r.statics))
        .filter(|t| !t.is_empty())
}

/// Check and build a set from its JSON document.
fn from_document(doc: &Value, origin: &str) -> Result<CardDb, CardSetError> {
    let mut p = Problems { origin, list: Vec::new() };
    let cards = match doc {
        Value::Object(m) => {
            for k in m.keys().filter(|k| *k != "card") {
                p.add(format!("/{k}"), None, k, format!("unknown field '{k}': a set file holds [[card]] tables"));
            }
            match m.get("card") {
                Some(Value::Array(a)) => a.clone(),
                Some(v) => {
                    p.add("/card".into(), None, "card", format!("expected an array of cards, found {}", kind_of(v)));
                    Vec::new()
                }
                None => Vec::new(),
            }
        }
        v => {
            p.add(String::new(), None, "", format!("expected a table of cards, found {}", kind_of(v)));
            Vec::new()
        }
    };
    from_cards(&cards, p)
}

fn from_cards(cards: &[Value], mut p: Problems) -> Result<CardDb, CardSetError> {
    let mut raw = Vec::with_capacity(cards.len());
    let mut at = Vec::with_capacity(cards.len());
    let mut typed_ok = true;
    // Cards read only in part: "would do nothing" about them may be a consequence of what was
    // left out, so it is not reported.
    let mut partial = Vec::new();
    for (i, v) in cards.iter().enumerate() {
        let (clean, left_out) = check_types(&mut p, i, v);
        if left_out {
            partial.push(format!("/card/{i}"));
        }
        match clean.map(serde_json::from_value::<RawCard>) {
            Some(Ok(r)) => {
                raw.push(r);
                at.push(i);
            }
            Some(Err(e)) => {
                typed_ok = false;
                p.add(format!("/card/{i}"), v.get("id").and_then(Value::as_str), "", e.to_string());
            }
            None => typed_ok = false,
        }
    }
    let before = p.list.len();
    if cards.is_empty() {
        p.add("/card".into(), None, "card", "the set has no cards");
    }
    // Cross-card checks need every card; with a card missing they would mislead, so then only
    // the cards that were read are checked, each on its own.
    let db = if typed_ok {
        Some(build(raw, &mut p))
    } else {
        for (r, &i) in raw.iter().zip(&at) {
            build_card(&mut p, i, r);
        }
        None
    };
    let mut k = before;
    while k < p.list.len() {
        let q = &p.list[k];
        let about_partial = q.pointer.as_deref().is_some_and(|ptr| {
            partial.iter().any(|c| ptr == c || ptr.strip_prefix(c.as_str()).is_some_and(|r| r.starts_with('/')))
        });
        if about_partial && q.message.contains("would do nothing") {
            p.list.remove(k);
        } else {
            k += 1;
        }
    }
    let db = db.filter(|_| partial.is_empty());
    match db {
        Some(db) if p.list.is_empty() => Ok(db),
        _ => Err(CardSetError { problems: p.list }),
    }
}

fn to_json_value(text: &str, format: CardFormat, origin: &str) -> Result<Value, CardSetError> {
    match format {
        CardFormat::Json => serde_json::from_str::<Value>(text).map_err(|e| CardProblem::from_json(origin, &e).into()),
        CardFormat::Toml => {
            let t: toml::Value = toml::from_str(text).map_err(|e| CardProblem::from_toml(origin, text, &e))?;
            serde_json::to_value(t).map_err(|e| CardProblem::new(origin, e.to_string()).into())
        }
    }
}

impl CardSet for CardDb {
    fn builtin() -> Arc<Self> {
        static DB: OnceLock<Arc<CardDb>> = OnceLock::new();
        DB.get_or_init(|| match CardDb::parse(include_str!("../data/st1.toml"), CardFormat::Toml, "data/st1.toml") {
            Ok(db) => Arc::new(db),
            // The data file is part of the binary and checked by a test; a broken file is a build bug.
            Err(e) => panic!("the built-in card set is invalid:\n{e}"),
        })
        .clone()
    }

    fn parse(text: &str, format: CardFormat, origin: &str) -> Result<Self, CardSetError> {
        let doc = to_json_value(text, format, origin)?;
        from_document(&doc, origin).map_err(|mut e| {
            // Place each problem at its line and column too (the pointer stays).
            if let Some(places) =
                (format == CardFormat::Toml).then(|| crate::card_place::Places::of_toml(text)).flatten()
            {
                for p in e.problems.iter_mut().filter(|p| p.line.is_none()) {
                    if let Some(off) = p.pointer.as_deref().and_then(|ptr| places.offset(ptr)) {
                        *p = std::mem::take(p).at_offset(text, off);
                    }
                }
            }
            e
        })
    }

    fn export(&self, format: CardFormat) -> String {
        let out = RawFileOut { card: &self.raw };
        match format {
            CardFormat::Json => serde_json::to_string_pretty(&out).unwrap_or_default() + "\n",
            CardFormat::Toml => toml::to_string(&out).unwrap_or_default(),
        }
    }

    fn with_cards(&self, cards: &[Value], origin: &str) -> Result<Self, CardSetError> {
        let mut all: Vec<Value> = self.raw.iter().map(|r| serde_json::to_value(r).unwrap_or(Value::Null)).collect();
        for c in cards {
            let id = c.get("id").and_then(Value::as_str);
            match id.and_then(|id| self.raw.iter().position(|r| r.id == id)) {
                Some(i) => all[i] = c.clone(),
                None => all.push(c.clone()),
            }
        }
        let mut doc = Map::new();
        doc.insert("card".into(), Value::Array(all));
        from_document(&Value::Object(doc), origin)
    }

    fn catalogue(&self) -> Vec<engine::CardInfo> {
        crate::present::catalogue(self)
    }
}

#[cfg(test)]
mod tests {
    use super::only_keywords;

    #[test]
    fn keyword_only_texts() {
        assert!(only_keywords("Accelerate, Temporary."));
        assert!(only_keywords("Tank, Shield 2."));
        assert!(only_keywords(""));
        assert!(!only_keywords("When you play this, draw a card."));
        assert!(!only_keywords("Tank. Your Cadets have +1 Might."));
    }
}
