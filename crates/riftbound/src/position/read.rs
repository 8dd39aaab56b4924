//! Reading the position notation (docs/riftbound.md, "Position notation"). Every problem is one
//! line naming the field (`p1.hand: unknown card 'ST1-999'`); nothing is half-read.

use super::{FLAGS, MODES, OWNER_ZONES, PHASES, SAVE_KINDS};
use crate::action::ObjId;
use crate::cards::{DefId, DOMAIN_LETTERS};
use crate::options::RiftOptions;
use crate::state::*;
use engine::{GameRng, Outcome, Seat};

pub(super) type R<T> = Result<T, String>;

/// A section of the text: `riftbound` (the header), `p1`, `b2`, `chain`, … and its fields.
pub(super) struct Section {
    pub(super) name: String,
    pub(super) fields: Vec<(String, String)>,
}

/// An object as written, before ids are given out.
struct Spec {
    id: Option<ObjId>,
    obj: Obj,
    field: String,
    /// Index into the player's deck/runes/hand vector it goes to, if any.
    order: Option<(u8, Zone)>,
    attached: Option<ObjId>,
    /// Counters on it (CR 741): (the set's counter index, how many).
    counters: Vec<(u8, u16)>,
    /// Repeat granted to its activated abilities this turn (CR 820), in grant order.
    repeats: Vec<crate::payment::Cost>,
}

pub(super) struct Reader<'a> {
    pub(super) opts: &'a RiftOptions,
    pub(super) n: u8,
    nbf: u8,
    nobj: usize,
}

pub(super) fn err<T>(field: &str, msg: impl std::fmt::Display) -> R<T> {
    Err(format!("{field}: {msg}"))
}

pub(super) fn num<T: std::str::FromStr>(field: &str, v: &str) -> R<T> {
    v.parse().map_err(|_| format!("{field}: '{v}' is not a number in range"))
}

/// A domain prompt's offered domains: `A` (any) or letters like `R/P` (CR 429).
fn choice_mask(v: &str) -> R<u8> {
    if v == "A" {
        return Ok(crate::cards::ANY_DOMAIN);
    }
    crate::cards::domain_mask(v).or_else(|e| err("prompt.mask", e))
}

/// A pip of a cost: `A` (any domain), a letter, or letters like `R/P`.
fn choice_mask_in(field: &str) -> impl Fn(&str) -> R<u8> + '_ {
    move |v| {
        if v == "A" {
            return Ok(crate::cards::ANY_DOMAIN);
        }
        crate::cards::domain_mask(v).or_else(|e| err(field, e))
    }
}

fn flag01(field: &str, v: &str) -> R<bool> {
    match v {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => err(field, format!("'{v}' is not 0 or 1")),
    }
}

pub(super) fn items(v: &str) -> impl Iterator<Item = &str> {
    v.split(',').filter(|w| !w.is_empty() && *w != "-")
}

pub(super) fn card(db: &crate::cards::CardDb, field: &str, id: &str) -> R<DefId> {
    db.cards.iter().position(|c| c.id == id).map(|i| i as DefId).ok_or_else(|| format!("{field}: unknown card '{id}'"))
}

impl Reader<'_> {
    pub(super) fn seat(&self, field: &str, v: &str) -> R<u8> {
        v.strip_prefix('p')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|&n| n >= 1 && n <= self.n)
            .map(|n| n - 1)
            .ok_or_else(|| format!("{field}: '{v}' is not a player p1..p{}", self.n))
    }
    pub(super) fn seat_or_none(&self, field: &str, v: &str) -> R<u8> {
        if v == "-" {
            Ok(NOBODY)
        } else {
            self.seat(field, v)
        }
    }
    /// `NAME.N` (`/ctr.charge.2`): a counter of the set's and how many (CR 741).
    fn counter(&self, field: &str, v: &str) -> R<(u8, u16)> {
        let (name, n) = v.rsplit_once('.').ok_or(format!("{field}: '{v}' is not a counter like ctr.charge.2"))?;
        let kind = self
            .opts
            .cards
            .get()
            .counters
            .iter()
            .position(|c| c == name)
            .ok_or(format!("{field}: no card of the set uses a '{name}' counter"))?;
        let n: u16 = num(field, n)?;
        if n == 0 {
            return err(field, format!("'ctr.{v}': a counter count is at least 1"));
        }
        Ok((kind as u8, n))
    }

    fn bf(&self, field: &str, v: &str) -> R<u8> {
        v.strip_prefix('b')
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|&n| n >= 1 && n <= self.nbf)
            .map(|n| n - 1)
            .ok_or_else(|| format!("{field}: '{v}' is not a battlefield b1..b{}", self.nbf))
    }
    /// A legend (`L1`, the seat 1-based) or a battlefield (`b2`) holding counters (CR 741).
    fn holder(&self, field: &str, v: &str) -> R<crate::keywords::Holder> {
        use crate::keywords::Holder;
        match v.strip_prefix('L') {
            Some(n) => n
                .parse::<u8>()
                .ok()
                .filter(|&n| n >= 1 && n <= self.n)
                .map(|n| Holder::Legend(n - 1))
                .ok_or_else(|| format!("{field}: '{v}' is not a legend L1..L{}", self.n)),
            None => self.bf(field, v).map(Holder::Bf),
        }
    }
    fn bits(&self, field: &str, v: &str) -> R<u8> {
        let mut b = 0u8;
        for w in items(v) {
            b |= 1 << self.bf(field, w)?;
        }
        Ok(b)
    }
    fn obj(&self, field: &str, v: &str) -> R<ObjId> {
        v.strip_prefix('c')
            .and_then(|n| n.parse::<ObjId>().ok())
            .filter(|&n| (n as usize) < self.nobj)
            .ok_or_else(|| format!("{field}: '{v}' is not an object of the position (c0..c{})", self.nobj.max(1) - 1))
    }
    fn obj_or_none(&self, field: &str, v: &str) -> R<ObjId> {
        if v == "-" {
            Ok(NONE)
        } else {
            self.obj(field, v)
        }
    }
    fn objs(&self, field: &str, v: &str) -> R<Vec<ObjId>> {
        items(v).map(|w| self.obj(field, w)).collect()
    }
    fn loc(&self, field: &str, v: &str) -> R<Loc> {
        match v {
            "-" => Ok(Loc::Nowhere),
            _ => match v.strip_prefix("base.") {
                Some(s) => Ok(Loc::Base(self.seat(field, s)?)),
                None => Ok(Loc::Bf(self.bf(field, v)?)),
            },
        }
    }
    fn zone(&self, field: &str, v: &str) -> R<Zone> {
        Ok(match v {
            "deck" => Zone::Deck,
            "hand" => Zone::Hand,
            "trash" => Zone::Trash,
            "champ" => Zone::ChampionZone,
            "base" => Zone::Base,
            "chain" => Zone::Chain,
            "banish" => Zone::Banished,
            "runes" => Zone::RuneDeck,
            "gone" => Zone::Gone,
            _ => match v.strip_prefix("fd") {
                Some(b) => Zone::Facedown(self.bf(field, &format!("b{b}"))?),
                None => Zone::Bf(self.bf(field, v)?),
            },
        })
    }
    /// A target: `c7` (its current incarnation), `c7^2`, `b1`, `base.p2` or `legend.p2`.
    fn tgt(&self, field: &str, v: &str, g: &RiftGame) -> R<Tgt> {
        if let Some(s) = v.strip_prefix("base.") {
            return Ok(Tgt::Base(self.seat(field, s)?));
        }
        if let Some(s) = v.strip_prefix("legend.") {
            return Ok(Tgt::Legend(self.seat(field, s)?));
        }
        if v.starts_with('b') {
            return Ok(Tgt::Bf(self.bf(field, v)?));
        }
        let (o, inc) = match v.split_once('^') {
            Some((o, i)) => (self.obj(field, o)?, Some(num::<u16>(field, i)?)),
            None => (self.obj(field, v)?, None),
        };
        Ok(Tgt::Obj(o, inc.unwrap_or(g.objs[o as usize].inc)))
    }

    /// `p1:spell.c5:0/t0:c7/here:b1/subject:c9/inc2/only.b1/trigger`.
    fn item(&self, field: &str, v: &str, g: &RiftGame) -> R<Item> {
        let mut parts = v.split('/');
        let head = parts.next().unwrap_or("");
        let mut h = head.split(':');
        let (Some(c), Some(src), Some(ab), None) = (h.next(), h.next(), h.next(), h.next()) else {
            return err(field, format!("'{head}' is not CONTROLLER:SOURCE:ABILITY (like p1:spell.c5:0)"));
        };
        let controller = self.seat(field, c)?;
        let src_text = src;
        let src = if let Some(o) = src.strip_prefix("spell.") {
            ItemSrc::Spell(self.obj(field, o)?)
        } else if let Some(s) = src.strip_prefix("legend.") {
            ItemSrc::Legend(self.seat(field, s)?)
        } else if src.starts_with('b') {
            ItemSrc::Bf(self.bf(field, src)?)
        } else {
            ItemSrc::Obj(self.obj(field, src)?)
        };
        // A keyword's ability by the keyword's name (`vision`): its row on the source's card.
        let ab = match crate::cards::KeywordAbility::ALL.iter().find(|k| k.names().2 == ab) {
            Some(&k) => {
                let def = match src {
                    ItemSrc::Spell(o) | ItemSrc::Obj(o) => g.objs.get(o as usize).map(|x| x.def),
                    ItemSrc::Legend(s) => g.players.get(s as usize).map(|p| p.legend),
                    ItemSrc::Bf(b) => g.bfs.get(b as usize).map(|x| x.def),
                };
                match def.and_then(|d| g.def(d).keyword_ability(k)) {
                    Some(i) => i as u8,
                    None => return err(field, format!("'{src_word}' has no {ab} ability", src_word = src_text)),
                }
            }
            None => match num::<u8>(field, ab)? {
                // Session 4's special numbers of Weaponmaster, Empower, Hunt and Quick-Draw: those
                // are card data now, named by the keyword.
                n if crate::keywords::OLD_SPECIAL_ABS.contains(&n) => {
                    return err(
                        field,
                        format!(
                            "ability {n} was a built-in keyword item: write the keyword's name \
                             (empower, hunt, quickdraw, weaponmaster)"
                        ),
                    )
                }
                n => n,
            },
        };
        let mut it = Item {
            controller,
            src,
            ab,
            targets: Vec::new(),
            here: Loc::Nowhere,
            subject: None,
            src_inc: 0,
            restrict_bf: NOBODY,
            trigger: false,
            repeat: 0,
            ab_of: None,
            here_base: false,
        };
        for p in parts {
            if let Some(rest) = p.strip_prefix('t').filter(|r| r.contains(':')) {
                let (slot, t) = rest.split_once(':').unwrap_or_default();
                it.targets.push((num(field, slot)?, self.tgt(field, t, g)?));
            } else if let Some(l) = p.strip_prefix("here:") {
                it.here = self.loc(field, l)?;
            } else if let Some(t) = p.strip_prefix("subject:") {
                it.subject = Some(self.tgt(field, t, g)?);
            } else if let Some(i) = p.strip_prefix("inc") {
                it.src_inc = num(field, i)?;
            } else if let Some(b) = p.strip_prefix("only.") {
                it.restrict_bf = self.bf(field, b)?;
            } else if p == "herebase" {
                it.here_base = true;
            } else if p == "trigger" {
                it.trigger = true;
            } else if let Some(d) = p.strip_prefix("of:") {
                it.ab_of = Some(card(g.db(), field, d)?);
            } else if let Some(n) = p.strip_prefix("repeat") {
                it.repeat = num(field, n)?;
            } else {
                return err(field, format!("unknown item part '{p}'"));
            }
        }
        Ok(it)
    }

    /// `[cN:]SET-ID[/mod…]` in a list of `section`'s (its owner's, or its controller's).
    fn spec(&self, field: &str, w: &str, section: u8, zone: Zone, by_owner: bool) -> R<Spec> {
        let mut parts = w.split('/');
        let head = parts.next().unwrap_or("");
        let (id, set_id) = match head.split_once(':') {
            Some((c, s)) => (
                Some(
                    c.strip_prefix('c')
                        .and_then(|n| n.parse::<ObjId>().ok())
                        .filter(|&n| n < NONE)
                        .ok_or_else(|| format!("{field}: '{c}' is not an object number like c12"))?,
                ),
                s,
            ),
            None => (None, head),
        };
        let def = card(&self.opts.cards, field, set_id)?;
        let mut obj = Obj {
            def,
            owner: section,
            controller: section,
            zone,
            damage: 0,
            temp_might: 0,
            temp_down: 0,
            flags: 0,
            attached_to: NONE,
            inc: 0,
            hidden_turn: 0,
            save_by: 0,
        };
        let mut attached = None;
        let mut counters = Vec::new();
        let mut repeats = Vec::new();
        for p in parts {
            if let Some((f, _)) = FLAGS.iter().find(|(_, n)| *n == p) {
                obj.flags |= f;
            } else if let Some(v) = p.strip_prefix("flags") {
                obj.flags |= num::<u16>(field, v)?;
            } else if let Some(v) = p.strip_prefix("dmg") {
                obj.damage = num(field, v)?;
            } else if let Some(v) = p.strip_prefix("might") {
                // `+3`, `-2`, or `+3-2`: increases, then decreases (CR 477.3.e).
                match v.get(1..).and_then(|r| r.find('-')).map(|i| v.split_at(i + 1)) {
                    Some((up, down)) if v.starts_with('+') => {
                        let (up, down): (i16, i16) = (num(field, up)?, num(field, down)?);
                        obj.temp_might = up.saturating_add(down);
                        obj.temp_down = down;
                    }
                    _ => {
                        obj.temp_might = num(field, v)?;
                        obj.temp_down = obj.temp_might.min(0);
                    }
                }
            } else if let Some(v) = p.strip_prefix("on.c") {
                attached = Some(num::<ObjId>(field, v)?);
            } else if let Some(v) = p.strip_prefix("inc") {
                obj.inc = num(field, v)?;
            } else if let Some(v) = p.strip_prefix("ctr.") {
                counters.push(self.counter(field, v)?);
            } else if let Some(v) = p.strip_prefix("rep.") {
                repeats.push(repeat_cost(field, v)?);
            } else if let Some(v) = p.strip_prefix("hid") {
                obj.hidden_turn = num(field, v)?;
            } else if let Some((k, v)) =
                SAVE_KINDS.iter().enumerate().find_map(|(k, w)| Some((k, p.strip_prefix(w)?.strip_prefix("by.")?)))
            {
                // The player whose optional death replacement it is (CR 374).
                let s = self.seat(field, v)?;
                obj.save_by |= (u16::from(s) + 1) << save_by::SEAT_SHIFT[k];
            } else if let Some((word, kind)) = p.split_once('.').filter(|(w, _)| *w == "askmaker" || *w == "declined") {
                let Some(k) = SAVE_KINDS.iter().position(|w| *w == kind) else {
                    return err(field, format!("'{p}': '{kind}' is not save or savehand"));
                };
                obj.save_by |= if word == "askmaker" { save_by::ASK[k] } else { save_by::DECLINED[k] };
            } else if let (Some(v), true) = (p.strip_prefix("ctl."), by_owner) {
                obj.controller = self.seat(field, v)?;
            } else if let (Some(v), false) = (p.strip_prefix("own."), by_owner) {
                obj.owner = self.seat(field, v)?;
            } else {
                return err(field, format!("unknown part '{p}' of '{w}'"));
            }
        }
        Ok(Spec { id, obj, field: field.to_string(), order: None, attached, counters, repeats })
    }
}

fn sections(text: &str) -> R<Vec<Section>> {
    let mut out: Vec<Section> = Vec::new();
    let mut words = text.split_whitespace();
    if words.next() != Some("riftbound") {
        return Err("position: must start with 'riftbound'".into());
    }
    out.push(Section { name: "riftbound".into(), fields: Vec::new() });
    for w in words {
        match w.split_once('=') {
            Some((k, v)) => {
                let s = out.last_mut().expect("the header section");
                if k != "item" && k != "e" && k != "game" && s.fields.iter().any(|(x, _)| x == k) {
                    return err(&format!("{}.{k}", s.name), "given twice");
                }
                s.fields.push((k.to_string(), v.to_string()));
            }
            None => {
                if out.iter().any(|s| s.name == w) {
                    return err(w, "section given twice");
                }
                out.push(Section { name: w.to_string(), fields: Vec::new() });
            }
        }
    }
    Ok(out)
}

/// Read a position written by [`RiftGame::write_position`] (or by hand).
pub fn read(opts: &RiftOptions, text: &str) -> R<RiftGame> {
    let secs = sections(text)?;
    let header = &secs[0];
    let get = |s: &Section, k: &str| s.fields.iter().find(|(x, _)| x == k).map(|(_, v)| v.clone());
    let mode = get(header, "mode").ok_or("mode: missing (duel, ffa3, ffa4 or 2v2)")?;
    let m = MODES.iter().find(|(_, w)| *w == mode).map(|(m, _)| *m).ok_or(format!("mode: unknown mode '{mode}'"))?;
    if m != opts.mode {
        return err("mode", format!("the position is {mode} but the options say {:?}", opts.mode));
    }
    let n = m.seats() as u8;
    let nbf = (1..=8u8).take_while(|b| secs.iter().any(|s| s.name == format!("b{b}"))).count() as u8;
    let mut rd = Reader { opts, n, nbf, nobj: 0 };
    for s in &secs[1..] {
        let known = ["showdown", "chain", "pending", "resolving", "prompt", "effects"];
        let player = s.name.strip_prefix('p').and_then(|x| x.parse::<u8>().ok()).is_some_and(|x| x >= 1 && x <= n);
        let bf = s.name.strip_prefix('b').and_then(|x| x.parse::<u8>().ok()).is_some_and(|x| x >= 1 && x <= nbf);
        if !player && !bf && !known.contains(&s.name.as_str()) && !super::match_record::is_match_section(&s.name, n) {
            return err(
                &s.name,
                format!(
                    "unknown section (p1..p{n}, b1..b{nbf}, showdown, chain, pending, resolving, prompt, effects, \
                     match, m1..m{n})"
                ),
            );
        }
    }

    // Players and their objects.
    let mut players = Vec::new();
    let mut specs: Vec<Spec> = Vec::new();
    let mut place_counters = Vec::new();
    let mut legend_repeats = Vec::new();
    for s in 0..n {
        let name = format!("p{}", s + 1);
        let sec = secs.iter().find(|x| x.name == name).ok_or(format!("{name}: missing"))?;
        let (mut lc, mut lr) = (Vec::new(), Vec::new());
        players.push(read_player(&rd, sec, s, &mut specs, &mut lc, &mut lr)?);
        place_counters.extend(lc.into_iter().map(|(kind, n)| (crate::keywords::Holder::Legend(s), kind, n)));
        legend_repeats.extend(lr.into_iter().map(|cost| crate::state::AbilityRepeat {
            at: crate::keywords::Holder::Legend(s),
            inc: 0,
            cost,
        }));
    }
    // Ids: the written ones, then the lowest free ones in order of appearance.
    let mut taken: Vec<bool> = Vec::new();
    for sp in &specs {
        if let Some(i) = sp.id {
            let i = i as usize;
            if taken.len() <= i {
                taken.resize(i + 1, false);
            }
            if taken[i] {
                return err(&sp.field, format!("c{i} is given twice"));
            }
            taken[i] = true;
        }
    }
    let mut next = 0usize;
    let mut ids = Vec::with_capacity(specs.len());
    for sp in &specs {
        let id = match sp.id {
            Some(i) => i as usize,
            None => {
                while taken.get(next).copied().unwrap_or(false) {
                    next += 1;
                }
                if taken.len() <= next {
                    taken.resize(next + 1, false);
                }
                taken[next] = true;
                next
            }
        };
        ids.push(id);
    }
    let hole = Obj {
        def: 0,
        owner: 0,
        controller: 0,
        zone: Zone::Gone,
        damage: 0,
        temp_might: 0,
        temp_down: 0,
        flags: flag::TOKEN,
        attached_to: NONE,
        inc: 0,
        hidden_turn: 0,
        save_by: 0,
    };
    let mut objs = vec![hole; taken.len()];
    rd.nobj = objs.len();
    for (s, p) in players.iter().enumerate() {
        for &c in &p.finalized {
            rd.obj(&format!("p{}.finalized", s + 1), &format!("c{c}"))?;
        }
    }
    let mut counters = Vec::new();
    let mut ability_repeats = Vec::new();
    for (sp, &id) in specs.iter().zip(&ids) {
        let mut o = sp.obj.clone();
        if !sp.counters.is_empty() && !o.zone.on_board() {
            return err(&sp.field, "counters are only on objects on the board (CR 746)");
        }
        if !sp.repeats.is_empty() && !o.zone.on_board() {
            return err(&sp.field, "Repeat granted to abilities is only on permanents on the board (CR 820)");
        }
        for &cost in &sp.repeats {
            ability_repeats.push(crate::state::AbilityRepeat {
                at: crate::keywords::Holder::Obj(id as ObjId),
                inc: o.inc,
                cost,
            });
        }
        for &(kind, n) in &sp.counters {
            counters.push(crate::keywords::Counter {
                at: crate::keywords::Holder::Obj(id as ObjId),
                inc: o.inc,
                kind,
                n,
            });
        }
        if sp.attached.is_some() && !o.zone.on_board() {
            return err(&sp.field, "only an object on the board is attached (CR 446)");
        }
        if let Some(a) = sp.attached {
            o.attached_to = rd.obj(&sp.field, &format!("c{a}"))?;
        }
        objs[id] = o;
        if let Some((s, z)) = sp.order {
            let p = &mut players[s as usize];
            match z {
                Zone::Deck => p.deck.push(id as ObjId),
                Zone::Hand => p.hand.push(id as ObjId),
                _ => p.rune_deck.push(id as ObjId),
            }
        }
    }

    // Battlefields.
    let mut bfs = Vec::new();
    for b in 0..nbf {
        let name = format!("b{}", b + 1);
        let sec = secs.iter().find(|x| x.name == name).ok_or(format!("{name}: missing"))?;
        let mut bf =
            Battlefield { def: 0, owner: 0, controller: NOBODY, contested_by: NOBODY, facedown: NONE, blank: false };
        let mut have_card = false;
        for (k, v) in &sec.fields {
            let f = format!("{name}.{k}");
            match k.as_str() {
                "card" => {
                    bf.def = card(&rd.opts.cards, &f, v)?;
                    have_card = true;
                }
                "owner" => bf.owner = rd.seat(&f, v)?,
                "ctl" => bf.controller = rd.seat_or_none(&f, v)?,
                "contested" => bf.contested_by = rd.seat_or_none(&f, v)?,
                "blank" => bf.blank = flag01(&f, v)?,
                "ctr" => {
                    for w in items(v) {
                        let (kind, n) = rd.counter(&f, w)?;
                        place_counters.push((crate::keywords::Holder::Bf(b), kind, n));
                    }
                }
                _ => return err(&f, "unknown field (card, owner, ctl, contested, blank, ctr)"),
            }
        }
        if !have_card {
            return err(&format!("{name}.card"), "missing");
        }
        for (i, o) in objs.iter().enumerate() {
            if o.zone == Zone::Facedown(b) {
                if bf.facedown != NONE {
                    return err(&name, "two facedown cards at one battlefield (CR 107.3)");
                }
                bf.facedown = i as ObjId;
            }
        }
        bfs.push(bf);
    }

    // The legends' Repeat grants after the objects' (the order among holders has no effect).
    ability_repeats.extend(legend_repeats);
    for (at, kind, n) in place_counters {
        if counters.iter().any(|c: &crate::keywords::Counter| c.at == at && c.kind == kind) {
            return err("counters", "one counter kind written twice on a legend or a battlefield");
        }
        counters.push(crate::keywords::Counter { at, inc: 0, kind, n });
    }
    let mut g = RiftGame { objs, players, bfs, counters, ability_repeats, ..RiftGame::empty(opts, Phase::Main) };
    g.rebuild_board_index();
    read_header(&rd, header, &mut g)?;
    super::match_record::read_match(&rd, &secs, &mut g)?;
    if get(header, "priority").is_none() {
        g.priority = g.turn_player;
    }
    // Layer 1's effects first: copy statics come from the board (`copy_statics.rs`; the cards
    // written are without them), and the items below read the cards as they are.
    for sec in secs[1..].iter().filter(|s| s.name == "effects") {
        for (k, v) in &sec.fields {
            let f = format!("effects.{k}");
            if k != "e" {
                return err(&f, "unknown field (e)");
            }
            let e = read_effect(&rd, &f, v, &g)?;
            g.effects.push(e);
        }
    }
    g.relayer_copies();
    for sec in &secs[1..] {
        match sec.name.as_str() {
            "chain" | "pending" => {
                for (k, v) in &sec.fields {
                    let f = format!("{}.{k}", sec.name);
                    if k != "item" {
                        return err(&f, "unknown field (item)");
                    }
                    let it = rd.item(&f, v, &g)?;
                    if sec.name == "chain" {
                        g.chain.push(it);
                    } else {
                        g.pending.push(Pending { item: it });
                    }
                }
            }
            "resolving" => {
                let mut r = Resolving { item: blank_item(), pc: 0, after: NOBODY, pip: 0 };
                let mut have = false;
                for (k, v) in &sec.fields {
                    let f = format!("resolving.{k}");
                    match k.as_str() {
                        "pc" => r.pc = num(&f, v)?,
                        "after" => r.after = rd.seat(&f, v)?,
                        "pip" => r.pip = choice_mask_in(&f)(v)?,
                        "item" => {
                            r.item = rd.item(&f, v, &g)?;
                            have = true;
                        }
                        _ => return err(&f, "unknown field (pc, after, pip, item)"),
                    }
                }
                if !have {
                    return err("resolving.item", "missing");
                }
                g.resolving = Some(r);
            }
            "showdown" => g.showdown = Some(read_showdown(&rd, sec)?),
            // Read above.
            "effects" => {}
            "prompt" => g.prompt = Some(read_prompt(&rd, sec, &g)?),
            _ => {}
        }
    }
    // A unit written under another player's control with no effect saying so (a hand-written
    // position) keeps that controller: a permanent control effect, the latest (`control.rs`).
    g.settle_control();
    check(&g)?;
    Ok(g)
}

/// What the rules code relies on and the text could contradict.
fn check(g: &RiftGame) -> R<()> {
    let spell_on_chain = |field: &str, it: &Item| -> R<()> {
        if let ItemSrc::Spell(id) = it.src {
            let o = g.obj(id);
            if o.zone != Zone::Chain || g.card(id).kind != crate::cards::Kind::Spell {
                return err(field, format!("c{id} is not a spell on the chain (list it in its owner's chain=)"));
            }
        }
        Ok(())
    };
    for it in &g.chain {
        spell_on_chain("chain.item", it)?;
    }
    for p in &g.pending {
        spell_on_chain("pending.item", &p.item)?;
    }
    if let Some(r) = &g.resolving {
        spell_on_chain("resolving.item", &r.item)?;
    }
    // Weaponmaster's chosen pip (CR 821): one of the paused Equip cost's pips, while it is paid.
    if let Some(r) = g.resolving.as_ref().filter(|r| r.pip != 0) {
        let paying =
            matches!(&g.prompt, Some(Prompt::Build(b)) if b.stage == Stage::PayInstr) && g.instr_pay_is_equip();
        if !paying || !g.equip_cost_full().pips().contains(&r.pip) {
            return err(
                "resolving.pip",
                "a pip chosen for Weaponmaster's Equip cost being paid (CR 821): one of its pips",
            );
        }
    }
    match &g.prompt {
        Some(Prompt::Build(b)) => {
            spell_on_chain("prompt.item", &b.item)?;
            if b.card != NONE && g.obj(b.card).zone != Zone::Chain {
                return err("prompt.card", format!("c{} is being played but is not on the chain (chain=)", b.card));
            }
            if let Stage::Targets(n) = b.stage {
                // Repeat (CR 820): each execution has its own slots.
                let slots = g.specs(&b.item).len() * (1 + b.item.repeat as usize);
                if n as usize >= slots {
                    return err("prompt.stage", format!("targets{n}: the item has {slots} target slots"));
                }
            }
            // Weaponmaster's pip choice (CR 821): only while its Equip cost offers two or more.
            if b.stage == Stage::EquipPip && g.equip_pip_choices(b.seat).len() < 2 {
                return err(
                    "prompt.stage",
                    "equippip: resolution must be paused at Weaponmaster's Equip cost with two pips or more to take off (CR 821)",
                );
            }
        }
        Some(Prompt::HidePay { seat, card, bf }) if !g.can_hide(*seat, *card, *bf) => {
            return err("prompt.card", format!("c{card} can't be hidden at b{} now (CR 421, 811)", bf + 1));
        }
        Some(Prompt::Predict { seat, card }) if !g.players[*seat as usize].deck.contains(card) => {
            return err("prompt.card", format!("c{card} is not in the predicting player's deck"));
        }
        Some(Prompt::PredictMany { seat, cards, order }) => {
            if let Some(why) = g.predict_problem(*seat, cards, *order) {
                return err("prompt.cards", why);
            }
        }
        Some(Prompt::AddDomain { left: 0, .. }) => {
            return err("prompt.left", "a domain prompt needs a Power left to add (left=1 or more)");
        }
        Some(Prompt::AddDomain { mask, .. }) if mask.count_ones() < 2 => {
            return err("prompt.mask", "a domain prompt offers two domains or more (R/P, or A for any)");
        }
        Some(Prompt::Mulligan { seat, aside }) => {
            if let Some(c) = aside.iter().find(|c| !g.players[*seat as usize].hand.contains(c)) {
                return err("prompt.aside", format!("c{c} is not in the player's hand"));
            }
        }
        Some(Prompt::Assign { .. }) if g.showdown.as_ref().is_none_or(|s| s.combat.is_none()) => {
            return err("prompt", "assigning combat damage needs a combat (showdown attacker= defender=)");
        }
        _ => {}
    }
    Ok(())
}

fn blank_item() -> Item {
    Item {
        controller: 0,
        src: ItemSrc::Legend(0),
        ab: 0,
        targets: Vec::new(),
        here: Loc::Nowhere,
        subject: None,
        src_inc: 0,
        restrict_bf: NOBODY,
        trigger: false,
        repeat: 0,
        ab_of: None,
        here_base: false,
    }
}

/// Repeat granted to abilities (CR 820): `rep.1+R` (Energy, then pips).
fn repeat_cost(field: &str, v: &str) -> R<crate::payment::Cost> {
    let mut parts = v.split('+');
    let energy: u8 = num(field, parts.next().unwrap_or(""))?;
    let pips = parts.map(choice_mask_in(field)).collect::<R<Vec<u8>>>()?;
    if pips.len() > crate::payment::MAX_PIPS {
        return err(field, "a granted Repeat of at most 12 pips");
    }
    Ok(crate::payment::Cost::new(energy, &pips))
}

fn read_player(
    rd: &Reader,
    sec: &Section,
    s: u8,
    specs: &mut Vec<Spec>,
    legend_counters: &mut Vec<(u8, u16)>,
    legend_repeats: &mut Vec<crate::payment::Cost>,
) -> R<Player> {
    let mut p = Player { team: rd.opts.mode.team_of_seat(s), ..Player::default() };
    let mut have_legend = false;
    for (k, v) in &sec.fields {
        let f = format!("{}.{k}", sec.name);
        let list = |zone: Zone, by_owner: bool, order: bool, specs: &mut Vec<Spec>| -> R<()> {
            for w in items(v) {
                let mut sp = rd.spec(&f, w, s, zone, by_owner)?;
                if order {
                    sp.order = Some((s, zone));
                }
                specs.push(sp);
            }
            Ok(())
        };
        match k.as_str() {
            "legend" => {
                // `ID[/x][/ctr.NAME.N…][/rep.E+PIP…]`: exhausted, counters on it (CR 741–749),
                // Repeat granted to its activated abilities this turn (CR 820).
                let mut parts = v.split('/');
                p.legend = card(&rd.opts.cards, &f, parts.next().unwrap_or(""))?;
                for w in parts {
                    if w == "x" {
                        p.legend_exhausted = true;
                    } else if let Some(c) = w.strip_prefix("ctr.") {
                        legend_counters.push(rd.counter(&f, c)?);
                    } else if let Some(c) = w.strip_prefix("rep.") {
                        legend_repeats.push(repeat_cost(&f, c)?);
                    } else {
                        return err(&f, format!("'/{w}': a legend takes /x, /ctr.NAME.N and /rep.E+PIP"));
                    }
                }
                have_legend = true;
            }
            "team" => {
                p.team = num::<u8>(&f, v)?
                    .checked_sub(1)
                    .filter(|&t| t < rd.n)
                    .ok_or(format!("{f}: '{v}' is not a team 1..{}", rd.n))?
            }
            "points" => p.points = num(&f, v)?,
            "pool" => {
                for w in items(v) {
                    let mut c = w.chars();
                    let head = c.next().unwrap_or(' ');
                    let amount: u8 = num(&f, c.as_str())?;
                    if head == 'e' {
                        p.pool.energy = amount;
                    } else if let Some(i) = DOMAIN_LETTERS.iter().position(|&d| d == head) {
                        p.pool.power[i] = amount;
                    } else {
                        return err(
                            &f,
                            format!("'{w}' is not e<N> (Energy) or a domain letter R G B O P Y and a number"),
                        );
                    }
                }
            }
            "scored" => p.scored = rd.bits(&f, v)?,
            // Checked against the position's objects once they are all read.
            "finalized" => {
                p.finalized = items(v)
                    .map(|w| {
                        w.strip_prefix('c')
                            .and_then(|n| n.parse().ok())
                            .ok_or(format!("{f}: '{w}' is not an object like c12"))
                    })
                    .collect::<R<_>>()?
            }
            "xp" => p.xp = num(&f, v)?,
            "repeats" => {
                for w in items(v) {
                    let (this_turn, w) = match w.strip_prefix('t') {
                        Some(rest) => (true, rest),
                        None => (false, w),
                    };
                    let mut parts = w.split('+');
                    let energy: u8 = num(&f, parts.next().unwrap_or(""))?;
                    let pips = parts.map(choice_mask_in(&f)).collect::<R<Vec<u8>>>()?;
                    if pips.len() > crate::payment::MAX_PIPS {
                        return err(&f, "a granted Repeat instance of at most 12 pips");
                    }
                    let cost = crate::payment::Cost::new(energy, &pips);
                    p.spell_repeats.push(crate::state::GrantedRepeat { cost, this_turn });
                }
            }
            "mulliganed" => p.mulliganed = flag01(&f, v)?,
            "left" => p.left = flag01(&f, v)?,
            "brought" => p.battlefields = items(v).map(|w| card(&rd.opts.cards, &f, w)).collect::<R<_>>()?,
            "fieldhook" => p.field_hook = Some(card(&rd.opts.cards, &f, v)?),
            "deck" => list(Zone::Deck, true, true, specs)?,
            "runes" => list(Zone::RuneDeck, true, true, specs)?,
            "hand" => list(Zone::Hand, true, true, specs)?,
            "base" => list(Zone::Base, false, false, specs)?,
            _ => {
                if let Some((z, _)) = OWNER_ZONES.iter().find(|(_, w)| w == k) {
                    list(*z, true, false, specs)?;
                } else if let Some(b) = k.strip_prefix("at") {
                    let b = rd.bf(&f, &format!("b{b}"))?;
                    list(Zone::Bf(b), false, false, specs)?;
                } else if let Some(b) = k.strip_prefix("fd") {
                    let b = rd.bf(&f, &format!("b{b}"))?;
                    list(Zone::Facedown(b), false, false, specs)?;
                } else {
                    return err(
                        &f,
                        "unknown field (legend, team, points, pool, scored, finalized, xp, repeats, mulliganed, left, brought, fieldhook, \
                         deck, runes, hand, trash, banish, champ, chain, gone, base, atN, fdN)",
                    );
                }
            }
        }
    }
    if !have_legend {
        return err(&format!("{}.legend", sec.name), "missing");
    }
    if p.field_hook.is_some_and(|d| !p.battlefields.contains(&d)) {
        return err(&format!("{}.fieldhook", sec.name), "not one of the battlefields brought (`brought`)");
    }
    Ok(p)
}

fn read_header(rd: &Reader, sec: &Section, g: &mut RiftGame) -> R<()> {
    let mut over: Option<Vec<Seat>> = None;
    let mut reason = String::new();
    let mut scores = Vec::new();
    let mut turned: Option<u8> = None;
    for (k, v) in &sec.fields {
        let f = k.as_str();
        match f {
            "mode" => {}
            "turn" => g.turn = num(f, v)?,
            "tp" => g.turn_player = rd.seat(f, v)?,
            "first" => g.first_player = rd.seat(f, v)?,
            "phase" => {
                g.phase = PHASES.iter().find(|(_, w)| w == v).map(|(p, _)| *p).ok_or(format!(
                    "phase: unknown phase '{v}' (mulligan, beginning, scoring, channel, draw, drawheld, main, ending)"
                ))?
            }
            "priority" => g.priority = rd.seat(f, v)?,
            "passes" => g.passes = num(f, v)?,
            "focuspass" => g.focus_pass_due = flag01(f, v)?,
            "invited" => g.invited = rd.seat_or_none(f, v)?,
            "declined" => g.invite_declined = flag01(f, v)?,
            "backedout" => g.backed_out = flag01(f, v)?,
            "allyheld" => g.ally_held = rd.bits(f, v)?,
            "allyoccupied" => g.ally_occupied = rd.bits(f, v)?,
            "owed" => g.burnout_owed = items(v).map(|w| rd.seat(f, w)).collect::<R<_>>()?,
            "revealed" => g.revealed = rd.objs(f, v)?,
            "extra" => g.extra_turns = items(v).map(|w| rd.seat(f, w)).collect::<R<_>>()?,
            "order" => g.order_seat = rd.seat_or_none(f, v)?,
            "wards" => {
                for w in items(v) {
                    let parts: Vec<&str> = w.split(':').collect();
                    let (u, k, s, flags) = match parts.as_slice() {
                        [u, k, s] => (u, k, s, None),
                        [u, k, s, x] => (u, k, s, Some(x)),
                        _ => return err(f, format!("'{w}' is not UNIT:KIND:SEAT[:once+may] like c5:prevent2:p1")),
                    };
                    let Tgt::Obj(unit, inc) = rd.tgt(f, u, g)? else { return err(f, format!("'{u}' is not an object")) };
                    let kind = crate::replace::ward_from_word(k)
                        .ok_or(format!("{f}: '{k}' is not prevent<N>, preventall or double"))?;
                    let (once, may) = match flags {
                        None => (false, false),
                        Some(x) => crate::replace::ward_flags_from_word(x)
                            .ok_or(format!("{f}: '{x}' is not once, may or once+may"))?,
                    };
                    let controller = rd.seat(f, s)?;
                    g.wards.push(crate::replace::Ward { unit, inc, kind, controller, once, may });
                }
            }
            "dmgbatch" => {
                for w in items(v) {
                    let parts: Vec<&str> = w.split(':').collect();
                    let (u, n, a, m, st, acc) = match parts.as_slice() {
                        [u, n, a, m] => (u, n, a, m, None, None),
                        [u, n, a, m, st] => (u, n, a, m, Some(st), None),
                        [u, n, a, m, st, acc] => (u, n, a, m, Some(st), Some(acc)),
                        _ => {
                            return err(
                                f,
                                format!("'{w}' is not UNIT:AMOUNT:APPLIED:MODIFIED[:STATICS[:ACCEPTED]] like c5:4:0:0"),
                            )
                        }
                    };
                    // A list of static keys; `-` for none (before an ACCEPTED list).
                    let keys = |ks: Option<&&str>| match ks {
                        None | Some(&"-") => Ok(Vec::new()),
                        Some(ks) => ks.split('+').map(|k| num(f, k)).collect::<R<Vec<u64>>>(),
                    };
                    let (statics, accepted) = (keys(st)?, keys(acc)?);
                    let Tgt::Obj(unit, _) = rd.tgt(f, u, g)? else { return err(f, format!("'{u}' is not an object")) };
                    g.dmg_batch.push(crate::replace::DamageEvent {
                        unit,
                        amount: num(f, n)?,
                        applied: num(f, a)?,
                        modified: flag01(f, m)?,
                        statics,
                        accepted,
                    });
                }
            }
            "dmgcombat" => g.dmg_combat = flag01(f, v)?,
            "dmgmay" => {
                g.dmg_may = Some(match (v.strip_prefix('w'), v.strip_prefix('s')) {
                    (Some(w), _) => crate::replace::Repl::Ward(num(f, w)?),
                    (_, Some(k)) => crate::replace::Repl::Static(num(f, k)?),
                    _ => return err(f, format!("'{v}' is not a ward (w3) or a static key (s4096)")),
                })
            }
            "replused" => g.repl_used = items(v).map(|k| num(f, k)).collect::<R<_>>()?,
            "enterwait" => {
                for w in items(v) {
                    let Tgt::Obj(u, inc) = rd.tgt(f, w, g)? else { return err(f, format!("'{w}' is not an object")) };
                    g.enter_wait.push((u, inc));
                }
            }
            "turned" => {
                let mut t = 0u8;
                for w in items(v) {
                    t |= 1 << rd.seat(f, w)?;
                }
                turned = Some(t);
            }
            "norestage" => g.no_restage = rd.bits(f, v)?,
            "noattack" => {
                for w in items(v) {
                    let (b, s) = w.split_once(':').ok_or(format!("{f}: '{w}' is not BATTLEFIELD:SEAT like b1:p2"))?;
                    g.no_attack.push((rd.bf(f, b)?, rd.seat(f, s)?));
                }
            }
            "combatmarks" => {
                for w in items(v) {
                    let (b, n) = w.split_once(':').ok_or(format!("{f}: '{w}' is not BATTLEFIELD:NUMBER like b1:123"))?;
                    g.combat_marks.push((rd.bf(f, b)?, num(f, n)?));
                }
            }
            // The rest of draws held up by a burn-out point (CR 431), oldest first: `p2:1,p3:2`.
            "drawrest" => {
                for w in items(v) {
                    let (s, n) = w.split_once(':').ok_or(format!("{f}: '{w}' is not SEAT:CARDS like p2:1"))?;
                    let n: i32 = num(f, n)?;
                    if n < 1 {
                        return err(f, format!("'{w}': at least one card is still to draw"));
                    }
                    g.draw_rest.push((rd.seat(f, s)?, n));
                }
                g.draw_again = !g.draw_rest.is_empty();
            }
            "over" => {
                over = Some(if v == "draw" {
                    Vec::new()
                } else {
                    items(v).map(|w| rd.seat(f, w).map(Seat)).collect::<R<_>>()?
                })
            }
            "reason" => reason = if v == "-" { String::new() } else { v.replace('_', " ") },
            "scores" => scores = items(v).map(|w| num::<i64>(f, w)).collect::<R<_>>()?,
            "actions" => g.actions = num(f, v)?,
            "rng" => g.rng = GameRng::from_text(v).map_err(|e| format!("rng: {e}"))?,
            _ => {
                return err(
                    f,
                    "unknown field (mode, turn, tp, first, phase, priority, passes, focuspass, invited, declined, \
                     allyheld, allyoccupied, owed, drawrest, revealed, extra, order, turned, wards, dmgbatch, dmgcombat, replused, enterwait, combatmarks, norestage, over, reason, scores, \
                     actions, rng)",
                )
            }
        }
    }
    // Without `turned=`, no additional turn was taken in the first round (`first_round.rs`).
    g.turned = turned.unwrap_or_else(|| g.default_turned());
    if let Some(winners) = over {
        g.outcome = Some(Outcome { winners, scores, reason });
    } else if !reason.is_empty() || !scores.is_empty() {
        return err("over", "missing (reason and scores describe a finished game)");
    }
    Ok(())
}

/// `c5:copy:ST1-011:ST1-003`, `c5:might:4:turn`, `c7:gain:tank:turn`, `c7:lose:tank:turn`,
/// `c8:control:p2:turn`.
fn read_effect(rd: &Reader, f: &str, v: &str, g: &RiftGame) -> R<crate::layers::Layered> {
    use crate::layers::{Effect, Layered};
    let mut parts: Vec<&str> = v.split(':').collect();
    let this_turn = parts.last() == Some(&"turn");
    if this_turn {
        parts.pop();
    }
    let [unit, kind, args @ ..] = parts.as_slice() else {
        return err(f, format!("'{v}' is not UNIT:KIND:VALUE like c5:might:4:turn"));
    };
    let Tgt::Obj(unit, inc) = rd.tgt(f, unit, g)? else { return err(f, format!("'{unit}' is not an object")) };
    let keyword = |w: &str| crate::cards::kw::parse(w).ok_or(format!("{f}: '{w}' is not a keyword"));
    let effect = match (*kind, args) {
        ("copy", [d, p]) => Effect::Copy { def: card(g.db(), f, d)?, printed: card(g.db(), f, p)? },
        ("might", [n]) => Effect::SetMight(num(f, n)?),
        ("ability", [d, a]) => Effect::GrantAbility { def: card(g.db(), f, d)?, ab: num(f, a)? },
        ("trait", [k, t]) => {
            Effect::SetTrait(crate::traits::read_trait_word(g.db(), k, t).map_err(|e| format!("{f}: {e}"))?)
        }
        ("gain", [k]) => Effect::Grant(keyword(k)?),
        ("lose", [k]) => Effect::Lose(keyword(k)?),
        ("entered", []) => Effect::Entered,
        ("control", [s]) => Effect::Control(rd.seat(f, s)?),
        _ => {
            return err(
                f,
                format!(
                    "'{v}': the kind is copy:CARD:PRINTED, might:N, trait:TRAIT:VALUE, gain:KEYWORD, lose:KEYWORD, control:SEAT or entered"
                ),
            )
        }
    };
    Ok(Layered { unit, inc, effect, this_turn })
}

fn read_showdown(rd: &Reader, sec: &Section) -> R<Showdown> {
    let mut sd = Showdown { bf: NOBODY, focus: NOBODY, passes: 0, combat: None };
    let mut combat = Combat { attacker: NOBODY, defender: NOBODY, stage: CombatStage::Showdown, assigned: Vec::new() };
    let mut is_combat = false;
    for (k, v) in &sec.fields {
        let f = format!("showdown.{k}");
        match k.as_str() {
            "bf" => sd.bf = rd.bf(&f, v)?,
            "focus" => sd.focus = rd.seat(&f, v)?,
            "passes" => sd.passes = num(&f, v)?,
            "attacker" => {
                combat.attacker = rd.seat(&f, v)?;
                is_combat = true;
            }
            "defender" => {
                combat.defender = rd.seat(&f, v)?;
                is_combat = true;
            }
            "stage" => {
                combat.stage = match v.as_str() {
                    "showdown" => CombatStage::Showdown,
                    "afterdamage" => CombatStage::AfterDamage,
                    _ => return err(&f, format!("'{v}' is not showdown or afterdamage")),
                }
            }
            "assigned" => {
                for w in items(v) {
                    let (u, a) = w.split_once(':').ok_or(format!("{f}: '{w}' is not UNIT:DAMAGE like c5:2"))?;
                    combat.assigned.push((rd.obj(&f, u)?, num(&f, a)?));
                }
            }
            _ => return err(&f, "unknown field (bf, focus, passes, attacker, defender, stage, assigned)"),
        }
    }
    if sd.bf == NOBODY {
        return err("showdown.bf", "missing");
    }
    if sd.focus == NOBODY {
        return err("showdown.focus", "missing");
    }
    if is_combat {
        if combat.attacker == NOBODY || combat.defender == NOBODY {
            return err("showdown", "a combat needs both attacker= and defender=");
        }
        sd.combat = Some(combat);
    }
    Ok(sd)
}

fn read_prompt(rd: &Reader, sec: &Section, g: &RiftGame) -> R<Prompt> {
    let get = |k: &str| sec.fields.iter().find(|(x, _)| x == k).map(|(_, v)| v.as_str());
    let need = |k: &str| get(k).ok_or(format!("prompt.{k}: missing"));
    let kind = need("kind")?;
    let seat = rd.seat("prompt.seat", need("seat")?)?;
    let allowed: &[&str] = match kind {
        "mulligan" => &["aside"],
        "triggerorder" | "showdown" | "burnout" | "playfirst" => &[],
        "sideboard" | "fieldchoice" if g.matchp.is_some() => &[],
        "sideboard" | "fieldchoice" => {
            return err("prompt.kind", format!("a {kind} prompt is a match's (no match record)"))
        }
        "discard" | "recycle" | "assign" => &["left"],
        "adddomain" => &["left", "mask", "then"],
        "predict" => &["card"],
        "predictmany" => &["cards", "order"],
        "hidepay" => &["card", "bf"],
        "movegroup" => &["dest", "units"],
        "split" => &["left", "slot", "points"],
        "replacement" | "enterready" => &["unit"],
        "build" => {
            // `unit`: the unit chosen for an additional cost (CR 204.2), written when there is one.
            &[
                "stage",
                "card",
                "from",
                "location",
                "locations",
                "accelerate",
                "discard",
                "accepted",
                "paid",
                "item",
                "unit",
                "unitat",
                "repeats",
            ]
        }
        _ => {
            return err(
                "prompt.kind",
                format!(
                    "unknown prompt '{kind}' (mulligan, build, triggerorder, discard, recycle, predict, predictmany, \
                     adddomain, assign, movegroup, showdown, burnout, hidepay, split, replacement, enterready, playfirst, sideboard, \
                     fieldchoice)"
                ),
            )
        }
    };
    for (k, _) in &sec.fields {
        if k != "kind" && k != "seat" && !allowed.contains(&k.as_str()) {
            return err(&format!("prompt.{k}"), format!("not a field of a {kind} prompt"));
        }
    }
    let opt = |k: &str, d: &'static str| get(k).unwrap_or(d);
    Ok(match kind {
        "mulligan" => Prompt::Mulligan { seat, aside: rd.objs("prompt.aside", opt("aside", "-"))? },
        "triggerorder" => Prompt::TriggerOrder { seat },
        "showdown" => Prompt::Showdown { seat },
        "burnout" => Prompt::BurnOut { seat },
        "playfirst" => Prompt::PlayFirst { seat },
        "sideboard" => Prompt::Sideboard { seat },
        "fieldchoice" => Prompt::ChooseField { seat },
        "split" => Prompt::Split {
            seat,
            left: num("prompt.left", need("left")?)?,
            slot: num("prompt.slot", need("slot")?)?,
            points: rd.objs("prompt.points", opt("points", "-"))?,
        },
        "replacement" => Prompt::Replacement { seat, unit: rd.obj("prompt.unit", need("unit")?)? },
        "enterready" => Prompt::EnterReady { seat, unit: rd.obj("prompt.unit", need("unit")?)? },
        "discard" => Prompt::Discard { seat, left: num("prompt.left", need("left")?)? },
        "recycle" => Prompt::Recycle { seat, left: num("prompt.left", need("left")?)? },
        "assign" => Prompt::Assign { seat, left: num("prompt.left", need("left")?)? },
        "adddomain" => {
            let mut then = Vec::new();
            for w in items(opt("then", "-")) {
                let (p, m) =
                    w.split_once(':').ok_or(format!("prompt.then: '{w}' is not a seat and a pip like p2:A"))?;
                let m = choice_mask(m)?;
                if m.count_ones() < 2 {
                    return err("prompt.then", format!("'{w}': a queued Power offers two domains or more"));
                }
                then.push((rd.seat("prompt.then", p)?, m));
            }
            Prompt::AddDomain {
                seat,
                left: num("prompt.left", need("left")?)?,
                mask: choice_mask(opt("mask", "A"))?,
                then,
            }
        }
        "predict" => Prompt::Predict { seat, card: rd.obj("prompt.card", need("card")?)? },
        "predictmany" => Prompt::PredictMany {
            seat,
            cards: rd.objs("prompt.cards", need("cards")?)?,
            order: flag01("prompt.order", opt("order", "0"))?,
        },
        "hidepay" => {
            Prompt::HidePay { seat, card: rd.obj("prompt.card", need("card")?)?, bf: rd.bf("prompt.bf", need("bf")?)? }
        }
        "movegroup" => Prompt::MoveGroup {
            seat,
            dest: rd.loc("prompt.dest", need("dest")?)?,
            units: rd.objs("prompt.units", opt("units", "-"))?,
        },
        _ => {
            let sv = need("stage")?;
            let stage = match sv {
                "location" => Stage::Location,
                "accelerate" => Stage::Accelerate,
                "extradiscard" => Stage::ExtraDiscard,
                "optional" => Stage::Optional,
                "pay" => Stage::Pay,
                "deflect" => Stage::Deflect,
                "repeat" => Stage::Repeat,
                "payinstr" => Stage::PayInstr,
                "equippip" => Stage::EquipPip,
                _ => match sv.strip_prefix("targets").and_then(|n| n.parse::<Slot>().ok()) {
                    Some(n) => Stage::Targets(n),
                    None => return err("prompt.stage", format!("unknown stage '{sv}'")),
                },
            };
            let locations: Vec<Loc> =
                items(opt("locations", "-")).map(|w| rd.loc("prompt.locations", w)).collect::<R<_>>()?;
            // Repeat instances decided so far and the paid ones' indices (CR 820): `repeats=3:0+2`.
            let (asked, paid) = opt("repeats", "0:").split_once(':').unwrap_or(("", ""));
            let repeat_asked: u16 = num("prompt.repeats", asked)?;
            let repeat_paid =
                paid.split('+').filter(|w| !w.is_empty()).map(|w| num("prompt.repeats", w)).collect::<R<Vec<u16>>>()?;
            if repeat_paid.windows(2).any(|w| w[0] >= w[1]) || repeat_paid.last().is_some_and(|&i| i >= repeat_asked) {
                return err(
                    "prompt.repeats",
                    "paid Repeat instances ascending, each one of those decided (repeats=ASKED:I+J)",
                );
            }
            Prompt::Build(Box::new(Build {
                seat,
                item: rd.item("prompt.item", need("item")?, g)?,
                stage,
                card: rd.obj_or_none("prompt.card", opt("card", "-"))?,
                from: rd.zone("prompt.from", opt("from", "hand"))?,
                location: rd.loc("prompt.location", opt("location", "-"))?,
                locations,
                accelerate: flag01("prompt.accelerate", opt("accelerate", "0"))?,
                discard: rd.obj_or_none("prompt.discard", opt("discard", "-"))?,
                accepted: flag01("prompt.accepted", opt("accepted", "0"))?,
                paid: rd.objs("prompt.paid", opt("paid", "-"))?,
                cost_unit: rd.obj_or_none("prompt.unit", opt("unit", "-"))?,
                cost_at: match get("unitat") {
                    None => None,
                    Some(v) => Some(rd.holder("prompt.unitat", v)?),
                },
                repeat_asked,
                repeat_paid,
            }))
        }
    })
}
