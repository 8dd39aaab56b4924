//! Setting one trait (layer 1, CR 477.1.a, spec §21): "its name becomes …", "it becomes a Yordle",
//! "its cost becomes 5", "it becomes Calm". The card file writes `set_trait` (while the object
//! stays on the board) or `set_trait_this_turn`, with `trait` and `value` (a cost's is `n` and
//! `pips`).
//!
//! Each trait is worked out from the printed card through the object's layer-1 effects in
//! timestamp order (CR 480): a copy effect ([`Effect::Copy`]) gives all four the copied card's, a
//! trait-setting effect ([`Effect::SetTrait`]) changes its one, and so does a trait static
//! applying to it at its own timestamp (`trait_statics.rs`; tags chosen by tag with CR 478's
//! dependencies, `RiftGame::layer1_tags`). So a later copy replaces an
//! earlier name or tag, and a later name replaces a copy's. A trait set this way is not
//! copyable (CR 477.1.b.1.b: copyable traits are the printed ones, changed only by copy
//! effects): copying the object copies its card (or the card it is a copy of).
//!
//! * Name: the name of a card of the set (naming, CR 759–763: a card that exists; not a token).
//! * Tag: the object gains the tag ("Other friendly units are Yordles" gives the Yordle tag,
//!   CR 477.1.c). Targeting by tag and "units you control with tag X" statics read it.
//! * Losing tags (CR 477.1.a, trait-altering): `lose_tag` removes one tag, `only_tag` makes the
//!   tags exactly one ("it becomes a Yordle instead of its other tags"), `no_tags` removes them
//!   all ("it loses all tags"). In timestamp order with gains: a later gain gives a removed tag
//!   back, a later removal takes a gained one away (CR 479–480).
//! * Cost: its cost becomes N Energy and the Power pips `pips` (CR 131: the cost is one trait,
//!   Energy and Power; without `pips` it costs no Power).
//! * Domain: its domains become these.

use crate::action::ObjId;
use crate::cards::{domain_mask, CardDb, DefId, Instr, Kind, Op, DOMAINS};
use crate::layers::Effect;
use crate::payment::Cost;
use crate::state::RiftGame;
use serde::{Deserialize, Serialize};

/// Which trait a `set_trait` instruction sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trait {
    Name,
    Tag,
    /// Loses the tag `value`.
    LoseTag,
    /// Its tags become exactly `value` (it loses its other tags).
    OnlyTag,
    /// Loses all its tags (no `value`).
    NoTags,
    Cost,
    Domain,
}

/// A trait's new value, resolved against the set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraitVal {
    /// The name of this card.
    Name(DefId),
    /// Gains these tags (bits of the set's tag table).
    Tag(u64),
    /// Loses these tags.
    LoseTag(u64),
    /// Its tags become exactly these (0: it loses all tags).
    Tags(u64),
    /// Its cost: Energy and Power pips (domain masks).
    Cost(Cost),
    /// Domain mask.
    Domain(u8),
}

impl TraitVal {
    /// Does it change tags?
    pub fn is_tag(&self) -> bool {
        matches!(self, TraitVal::Tag(_) | TraitVal::LoseTag(_) | TraitVal::Tags(_))
    }
    fn is_name(&self) -> bool {
        matches!(self, TraitVal::Name(_))
    }
    fn is_cost(&self) -> bool {
        matches!(self, TraitVal::Cost(_))
    }
    fn is_domain(&self) -> bool {
        matches!(self, TraitVal::Domain(_))
    }
}

impl RiftGame {
    /// Fold the object's layer-1 effects in timestamp order over `printed` (`copy` for a copy
    /// effect's card, `set` for a trait-setting effect), with the trait statics applying to the
    /// object whose value `want` accepts.
    fn trait_fold_statics<T>(
        &self,
        id: ObjId,
        want: fn(&TraitVal) -> bool,
        printed: T,
        copy: impl Fn(DefId) -> T,
        set: impl Fn(T, TraitVal) -> T,
    ) -> T {
        let st = if self.db().has_statics.traits { self.trait_statics_on(id, want) } else { Vec::new() };
        self.trait_fold_with(id, &st, printed, copy, set)
    }

    /// The fold with trait statics merged in timestamp order (CR 479): `statics` are
    /// (timestamp, value) sorted by timestamp, a timestamp being the index in the effect list of
    /// the static's marker (-1: before every effect, `trait_statics.rs`).
    fn trait_fold_with<T>(
        &self,
        id: ObjId,
        statics: &[(i64, TraitVal)],
        printed: T,
        copy: impl Fn(DefId) -> T,
        set: impl Fn(T, TraitVal) -> T,
    ) -> T {
        let mut v = printed;
        let mut next = statics.iter().peekable();
        // A copy static's copy (`copy_statics.rs`) applies at its timestamp, before the trait
        // statics with the same one.
        let mut sc = self.static_copy_of(id).map(|c| (c.stamp as i64, c.def));
        for (i, l) in self.effects.iter().enumerate() {
            loop {
                let st = next.peek().map(|s| s.0).filter(|&t| t < i as i64);
                match (sc.filter(|c| c.0 < i as i64 && st.is_none_or(|t| c.0 <= t)), st) {
                    (Some((_, d)), _) => {
                        v = copy(d);
                        sc = None;
                    }
                    (None, Some(_)) => {
                        if let Some(&(_, t)) = next.next() {
                            v = set(v, t);
                        }
                    }
                    (None, None) => break,
                }
            }
            if l.unit == id {
                v = match l.effect {
                    Effect::Copy { def, .. } => copy(def),
                    Effect::SetTrait(t) => set(v, t),
                    _ => v,
                };
            }
        }
        for &(ts, t) in next {
            if let Some((_, d)) = sc.filter(|c| c.0 <= ts) {
                v = copy(d);
                sc = None;
            }
            v = set(v, t);
        }
        match sc {
            Some((_, d)) => copy(d),
            None => v,
        }
    }

    fn printed_card(&self, id: ObjId) -> &crate::cards::CardDef {
        self.def(self.printed_def(id))
    }

    /// The card whose name the object has now (CR 477.1.a): its effects and name statics.
    pub fn name_def(&self, id: ObjId) -> DefId {
        if self.effects.is_empty() && !self.db().has_statics.traits {
            return self.obj(id).def;
        }
        let name = |v, t| if let TraitVal::Name(d) = t { d } else { v };
        self.trait_fold_statics(id, TraitVal::is_name, self.printed_def(id), |d| d, name)
    }

    /// The object's tags now, as bits of the set's tag table (CR 477.1.a): its effects and the
    /// trait statics applying to it (`trait_statics.rs`) in timestamp order (CR 479).
    pub fn tag_bits_of(&self, id: ObjId) -> u64 {
        let statics = self.db().has_statics.traits;
        if self.effects.is_empty() && !statics {
            return self.card(id).tag_bits;
        }
        let db = self.db();
        if db.has_statics.tag_selected
            && self.obj(id).zone.on_board()
            && self.card(id).is_unit()
            && self.tag_selected_on_board()
        {
            // A tag static chosen by tag: all units at once, with dependencies (CR 478).
            if let Some(&(_, b)) = self.layer1_tags().iter().find(|t| t.0 == id) {
                return b;
            }
        }
        self.trait_fold_statics(id, TraitVal::is_tag, self.printed_card(id).tag_bits, |d| db.get(d).tag_bits, fold_tags)
    }

    /// Does the object have this tag now?
    pub fn has_tag_now(&self, id: ObjId, tag: &str) -> bool {
        if self.effects.is_empty() && !self.db().has_statics.traits {
            return self.card(id).has_tag(tag);
        }
        let bit = self.db().tag_bit(tag);
        bit != 0 && self.tag_bits_of(id) & bit != 0
    }

    /// The object's cost now, Energy and Power (CR 131, 477.1.a).
    pub fn cost_of(&self, id: ObjId) -> Cost {
        let printed = |d: &crate::cards::CardDef| Cost::new(d.energy, &d.pips);
        if self.effects.is_empty() && !self.db().has_statics.traits {
            return printed(self.card(id));
        }
        let db = self.db();
        self.trait_fold_statics(
            id,
            TraitVal::is_cost,
            printed(self.printed_card(id)),
            |d| printed(db.get(d)),
            |v, t| if let TraitVal::Cost(c) = t { c } else { v },
        )
    }

    /// The object's Energy cost now (CR 477.1.a).
    pub fn energy_of(&self, id: ObjId) -> u8 {
        self.cost_of(id).energy
    }

    /// The object's domains now (CR 477.1.a).
    pub fn domains_of(&self, id: ObjId) -> u8 {
        if self.effects.is_empty() && !self.db().has_statics.traits {
            return self.card(id).domains;
        }
        let db = self.db();
        self.trait_fold_statics(
            id,
            TraitVal::is_domain,
            self.printed_card(id).domains,
            |d| db.get(d).domains,
            |v, t| if let TraitVal::Domain(m) = t { m } else { v },
        )
    }

    /// Whether some trait-setting effect applies to the object (the view shows its traits then).
    pub fn traits_set(&self, id: ObjId) -> bool {
        self.effects.iter().any(|l| l.unit == id && matches!(l.effect, Effect::SetTrait(_)))
    }
}

/// Tags `v` changed by a trait value (other traits leave them).
pub(crate) fn fold_tags(v: u64, t: TraitVal) -> u64 {
    match t {
        TraitVal::Tag(b) => v | b,
        TraitVal::LoseTag(b) => v & !b,
        TraitVal::Tags(b) => b,
        _ => v,
    }
}

/// An object's traits as the view shows them while a trait-setting effect or static applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TraitsView {
    pub tags: Vec<String>,
    pub energy: u8,
    /// Its Power pips (`pip_text`: `C`, `R/P`, `A`), when it has any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub power: Vec<String>,
    pub domains: Vec<String>,
}

impl RiftGame {
    pub(crate) fn traits_view(&self, id: ObjId) -> Option<TraitsView> {
        let statics = self.db().has_statics.traits;
        if (self.effects.is_empty() && !statics)
            || (!self.traits_set(id) && (!statics || self.trait_statics_on(id, |_| true).is_empty()))
        {
            return None;
        }
        let db = self.db();
        let bits = self.tag_bits_of(id);
        let dm = self.domains_of(id);
        let cost = self.cost_of(id);
        Some(TraitsView {
            tags: (0..db.tags.len()).filter(|i| bits & (1u64 << i) != 0).map(|i| db.tags[i].clone()).collect(),
            energy: cost.energy,
            power: cost.pips().iter().map(|&m| crate::present::pip_text(m)).collect(),
            domains: (0..6).filter(|i| dm & (1 << i) != 0).map(|i| DOMAINS[i].to_string()).collect(),
        })
    }
}

/// Why a `set_trait` instruction is wrong, if it is (`trait` and `value` / `n`), and the tags
/// it names (for the set's tag table).
pub fn trait_problem(ins: &Instr) -> Option<(&'static str, String)> {
    let sets = matches!(ins.op, Op::SetTrait | Op::SetTraitThisTurn);
    match (sets, ins.trait_) {
        (false, None) if ins.value.is_empty() => None,
        (false, _) => Some(("trait", "only set_trait and set_trait_this_turn take 'trait' and 'value'".into())),
        (true, None) => {
            Some(("trait", "set_trait names no trait (name, tag, lose_tag, only_tag, no_tags, cost, domain)".into()))
        }
        (true, Some(Trait::NoTags)) if !ins.value.is_empty() => {
            Some(("value", "no_tags takes no value: the unit loses all its tags".into()))
        }
        (true, Some(Trait::NoTags)) => None,
        (true, Some(Trait::Cost)) if !ins.value.is_empty() => {
            Some(("value", "a cost is set with n (its Energy) and pips (its Power), not value".into()))
        }
        (true, Some(Trait::Cost)) if !(0..=crate::card_file::MAX_ENERGY as i32).contains(&ins.n) => {
            Some(("n", format!("a cost of {} Energy: 0 to {}", ins.n, crate::card_file::MAX_ENERGY)))
        }
        (true, Some(Trait::Cost)) => None,
        (true, Some(_)) if ins.value.is_empty() => Some(("value", "set_trait names no value".into())),
        (true, Some(Trait::Domain)) => domain_mask(&ins.value).err().map(|e| ("value", e)),
        (true, Some(_)) => None,
    }
}

/// The tag a `set_trait` instruction names (gives, removes or keeps alone), if it names one.
pub fn trait_tag(ins: &Instr) -> Option<&String> {
    let names_tag = matches!(ins.trait_, Some(Trait::Tag | Trait::LoseTag | Trait::OnlyTag));
    (matches!(ins.op, Op::SetTrait | Op::SetTraitThisTurn) && names_tag).then_some(&ins.value)
}

/// The card of the set whose name an object may take (naming, CR 759–763: a card, not a token):
/// `lookup` holds (id, name, kind) of every card.
pub(crate) fn card_named(v: &str, lookup: &[(String, String, Kind)]) -> Result<DefId, String> {
    let found = lookup.iter().position(|(id, name, _)| id == v || name.eq_ignore_ascii_case(v));
    match found {
        Some(d) if lookup[d].2 == Kind::Token => Err(format!("'{v}' is a token: a name is a card's (CR 759–763)")),
        Some(d) => Ok(d as DefId),
        None => Err(format!("no card '{v}' in the set to take the name of (CR 759–763)")),
    }
}

/// Resolve the instruction's value against the set: `lookup` holds (id, name, kind) of every card;
/// `tag_bit` gives a tag's bit. `Err` is the problem with the value.
pub fn resolve_trait(
    ins: &Instr,
    lookup: &[(String, String, Kind)],
    tag_bit: impl Fn(&str) -> u64,
) -> Result<Option<TraitVal>, String> {
    if !matches!(ins.op, Op::SetTrait | Op::SetTraitThisTurn) {
        return Ok(None);
    }
    Ok(match ins.trait_ {
        None => None,
        Some(Trait::Name) => Some(TraitVal::Name(card_named(&ins.value, lookup)?)),
        Some(t @ (Trait::Tag | Trait::LoseTag | Trait::OnlyTag)) => match tag_bit(&ins.value) {
            0 => return Err(format!("'{}': the set has too many tags for it", ins.value)),
            b if t == Trait::Tag => Some(TraitVal::Tag(b)),
            b if t == Trait::LoseTag => Some(TraitVal::LoseTag(b)),
            b => Some(TraitVal::Tags(b)),
        },
        Some(Trait::NoTags) => Some(TraitVal::Tags(0)),
        Some(Trait::Cost) => Some(TraitVal::Cost(Cost::new(ins.n.clamp(0, 255) as u8, &ins.pip_masks))),
        Some(Trait::Domain) => domain_mask(&ins.value).ok().map(TraitVal::Domain),
    })
}

fn domain_words(mask: u8) -> String {
    let v: Vec<&str> = (0..6).filter(|i| mask & (1 << i) != 0).map(|i| DOMAINS[i]).collect();
    v.join("/")
}

/// Tag bits as `Yordle/Cadet` (`-` for none).
fn tag_words(db: &CardDb, b: u64) -> String {
    let names: Vec<&str> = (0..db.tags.len()).filter(|i| b & (1u64 << i) != 0).map(|i| db.tags[i].as_str()).collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join("/")
    }
}

/// The notation of a trait value (`name:ST1-003`, `tag:Yordle`, `lose_tag:Cadet`, `tags:Yordle`,
/// `tags:-` (no tags), `cost:5`, `domain:calm/order`).
pub fn trait_word(db: &CardDb, t: TraitVal) -> String {
    match t {
        TraitVal::Name(d) => format!("name:{}", db.get(d).id),
        TraitVal::Tag(b) => format!("tag:{}", tag_words(db, b)),
        TraitVal::LoseTag(b) => format!("lose_tag:{}", tag_words(db, b)),
        TraitVal::Tags(b) => format!("tags:{}", tag_words(db, b)),
        TraitVal::Cost(c) => format!("cost:{}", cost_word(&c)),
        TraitVal::Domain(m) => format!("domain:{}", domain_words(m)),
    }
}

/// A cost in the notation: its Energy, then each Power pip after `+` (`5`, `5+C`, `2+R/P+A`).
fn cost_word(c: &Cost) -> String {
    let mut w = c.energy.to_string();
    for &m in c.pips() {
        w.push('+');
        w += &crate::present::pip_text(m);
    }
    w
}

/// Read what [`cost_word`] writes.
fn read_cost_word(v: &str) -> Result<Cost, String> {
    let mut parts = v.split('+');
    let energy = parts.next().and_then(|e| e.parse().ok()).ok_or(format!("'{v}' is not a cost like 5 or 5+C+A"))?;
    let mut c = Cost::energy(energy);
    for p in parts {
        if c.pips().len() == crate::payment::MAX_PIPS {
            return Err(format!("'{v}': at most {} Power pips", crate::payment::MAX_PIPS));
        }
        c.push(if p == "A" { crate::cards::ANY_DOMAIN } else { domain_mask(p)? });
    }
    Ok(c)
}

/// Read what [`trait_word`] writes.
pub fn read_trait_word(db: &CardDb, kind: &str, v: &str) -> Result<TraitVal, String> {
    match kind {
        "name" => db.by_name(v).map(TraitVal::Name).ok_or(format!("no card '{v}'")),
        "tag" | "lose_tag" | "tags" => {
            let mut bits = 0;
            if !(kind == "tags" && v == "-") {
                for t in v.split('/') {
                    match db.tag_bit(t) {
                        0 => return Err(format!("the set has no tag '{t}'")),
                        b => bits |= b,
                    }
                }
            }
            Ok(match kind {
                "tag" => TraitVal::Tag(bits),
                "lose_tag" => TraitVal::LoseTag(bits),
                _ => TraitVal::Tags(bits),
            })
        }
        "cost" => read_cost_word(v).map(TraitVal::Cost),
        "domain" => domain_mask(v).map(TraitVal::Domain),
        _ => Err(format!("'{kind}' is not a trait (name, tag, lose_tag, tags, cost, domain)")),
    }
}

/// "its name becomes Test Ogre's this turn" in English and Chinese (`object`: of the target).
pub fn set_trait_text(db: &CardDb, ins: &Instr, object: bool) -> (String, String) {
    let (turn, turn_zh) = if ins.op == Op::SetTraitThisTurn { (" this turn", "本回合") } else { ("", "") };
    let (en, zh) = match ins.trait_val {
        Some(TraitVal::Name(d)) => {
            let c = db.get(d);
            (format!("give the name {}", c.name), format!("使其名称变为{}", c.zh))
        }
        Some(TraitVal::Tag(_)) => (format!("give the tag {}", ins.value), format!("使其获得{}标签", ins.value)),
        Some(TraitVal::LoseTag(_)) => (format!("remove the tag {}", ins.value), format!("使其失去{}标签", ins.value)),
        Some(TraitVal::Tags(0)) => ("remove all tags".into(), "使其失去所有标签".into()),
        Some(TraitVal::Tags(_)) => {
            (format!("make the only tag {}", ins.value), format!("使其标签变为{}（失去其他标签）", ins.value))
        }
        Some(TraitVal::Cost(c)) => {
            let t = crate::present::cost_text(c.energy, c.pips());
            (format!("make the cost {t}"), format!("使其费用变为{t}"))
        }
        Some(TraitVal::Domain(m)) => {
            (format!("make the domain {}", domain_words(m)), format!("使其领域变为{}", domain_words(m)))
        }
        None => ("change a trait".into(), "改变其特征".into()),
    };
    let (to, to_zh) = if object { (" of", "") } else { (" of a unit", "（一个单位）") };
    (format!("{en}{turn}{to}"), format!("{turn_zh}{zh}{to_zh}"))
}
