//! Position notation (like FEN; documented in docs/riftbound.md, "Position notation"): readable
//! text that captures any position — every zone, the battlefields, the chain, a showdown or combat,
//! pending triggers, the decision pending, every flag of the state and the generator — so that a
//! game read back continues identically. Cards are named by their set id (`ST1-003`), objects by
//! the numbers the action notation uses (`c12`).
//!
//! This file holds the shared vocabulary and the writer; `position/read.rs` the reader.

mod match_record;
mod read;

pub use read::read;

use crate::action::ObjId;
use crate::cards::DOMAIN_LETTERS;
use crate::options::Mode;
use crate::state::*;

/// Status flags and their words, in the order they are written.
const FLAGS: [(u16, &str); 16] = [
    (flag::EXHAUSTED, "x"),
    (flag::BUFFED, "buff"),
    (flag::STUNNED, "stun"),
    (flag::ATTACKER, "atk"),
    (flag::DEFENDER, "def"),
    (flag::ATTACK_FIRED, "atkfired"),
    (flag::DEFEND_FIRED, "deffired"),
    (flag::SAVE, "save"),
    (flag::TOKEN, "token"),
    (flag::EQUIPPED, "eq"),
    (flag::EMPOWERED, "emp"),
    (flag::FLOWED, "flowed"),
    (flag::SAVE_TO_HAND, "savehand"),
    (flag::REPLACING, "replacing"),
    (flag::SAVE_MAY, "savemay"),
    (flag::SAVE_TO_HAND_MAY, "savehandmay"),
];

/// The two death replacements as `Obj::save_by` indexes them, by their status words.
const SAVE_KINDS: [&str; 2] = ["save", "savehand"];

const PHASES: [(Phase, &str); 8] = [
    (Phase::Mulligan, "mulligan"),
    (Phase::Beginning, "beginning"),
    (Phase::Scoring, "scoring"),
    (Phase::Channel, "channel"),
    (Phase::Draw, "draw"),
    (Phase::DrawHeld, "drawheld"),
    (Phase::Main, "main"),
    (Phase::Ending, "ending"),
];

const MODES: [(Mode, &str); 4] =
    [(Mode::Duel, "duel"), (Mode::Ffa3, "ffa3"), (Mode::Ffa4, "ffa4"), (Mode::TwoVsTwo, "2v2")];

/// The owner-kept zones of a player section, in the order they are written.
const OWNER_ZONES: [(Zone, &str); 5] = [
    (Zone::Trash, "trash"),
    (Zone::Banished, "banish"),
    (Zone::ChampionZone, "champ"),
    (Zone::Chain, "chain"),
    (Zone::Gone, "gone"),
];

fn seat(s: u8) -> String {
    format!("p{}", s + 1)
}

fn seat_or_none(s: u8) -> String {
    if s == NOBODY {
        "-".into()
    } else {
        seat(s)
    }
}

fn bits(b: u8) -> String {
    let v: Vec<String> = (0..8).filter(|i| b & (1 << i) != 0).map(|i| format!("b{}", i + 1)).collect();
    list(v)
}

fn list(v: Vec<String>) -> String {
    if v.is_empty() {
        "-".into()
    } else {
        v.join(",")
    }
}

fn zone_word(z: Zone) -> String {
    match z {
        Zone::Deck => "deck".into(),
        Zone::Hand => "hand".into(),
        Zone::Trash => "trash".into(),
        Zone::ChampionZone => "champ".into(),
        Zone::Base => "base".into(),
        Zone::Bf(b) => format!("b{}", b + 1),
        Zone::Facedown(b) => format!("fd{}", b + 1),
        Zone::Chain => "chain".into(),
        Zone::Banished => "banish".into(),
        Zone::RuneDeck => "runes".into(),
        Zone::Gone => "gone".into(),
    }
}

fn loc_word(l: Loc) -> String {
    match l {
        Loc::Base(s) => format!("base.{}", seat(s)),
        Loc::Bf(b) => format!("b{}", b + 1),
        Loc::Nowhere => "-".into(),
    }
}

fn stage_word(s: Stage) -> String {
    match s {
        Stage::Location => "location".into(),
        Stage::Accelerate => "accelerate".into(),
        Stage::ExtraDiscard => "extradiscard".into(),
        Stage::Optional => "optional".into(),
        Stage::Targets(n) => format!("targets{n}"),
        Stage::Pay => "pay".into(),
        Stage::Deflect => "deflect".into(),
        Stage::Repeat => "repeat".into(),
        Stage::PayInstr => "payinstr".into(),
        Stage::EquipPip => "equippip".into(),
    }
}

fn ids(v: &[ObjId]) -> String {
    list(v.iter().map(|i| format!("c{i}")).collect())
}

fn id_or_none(i: ObjId) -> String {
    if i == NONE {
        "-".into()
    } else {
        format!("c{i}")
    }
}

/// `_` stands for a space in the outcome's reason (fields are separated by spaces).
fn reason_word(r: &str) -> String {
    if r.is_empty() {
        "-".into()
    } else {
        r.replace(' ', "_")
    }
}

impl RiftGame {
    /// Write the position (docs/riftbound.md, "Position notation").
    pub fn write_position(&self) -> String {
        let mut lines = vec![self.write_header()];
        for s in 0..self.n() {
            lines.push(self.write_player(s));
        }
        for b in 0..self.bfs.len() as u8 {
            lines.push(self.write_bf(b));
        }
        lines.extend(self.match_lines());
        if let Some(sd) = &self.showdown {
            let mut l = format!("showdown bf=b{} focus={}", sd.bf + 1, seat(sd.focus));
            if sd.passes != 0 {
                l += &format!(" passes={}", sd.passes);
            }
            if let Some(c) = &sd.combat {
                let stage = match c.stage {
                    CombatStage::Showdown => "showdown",
                    CombatStage::AfterDamage => "afterdamage",
                };
                l += &format!(" attacker={} defender={} stage={stage}", seat(c.attacker), seat(c.defender));
                if !c.assigned.is_empty() {
                    l += &format!(" assigned={}", list(c.assigned.iter().map(|(u, n)| format!("c{u}:{n}")).collect()));
                }
            }
            lines.push(l);
        }
        if !self.chain.is_empty() {
            lines.push(self.items_line("chain", &self.chain.iter().collect::<Vec<_>>()));
        }
        if !self.pending.is_empty() {
            lines.push(self.items_line("pending", &self.pending.iter().map(|p| &p.item).collect::<Vec<_>>()));
        }
        if !self.effects.is_empty() {
            lines.push(self.effects_line());
        }
        if let Some(r) = &self.resolving {
            let after = if r.after == NOBODY { String::new() } else { format!(" after={}", seat(r.after)) };
            // Weaponmaster's chosen pip (CR 821): `pip=R`.
            let pip = if r.pip == 0 { String::new() } else { format!(" pip={}", crate::present::pip_text(r.pip)) };
            lines.push(format!("resolving pc={}{after}{pip} item={}", r.pc, self.item_word(&r.item)));
        }
        if let Some(p) = &self.prompt {
            lines.push(self.prompt_line(p));
        }
        lines.join("\n")
    }

    fn write_header(&self) -> String {
        let mode = MODES.iter().find(|(m, _)| *m == self.opts.mode).map(|(_, w)| *w).unwrap_or("duel");
        let phase = PHASES.iter().find(|(p, _)| *p == self.phase).map(|(_, w)| *w).unwrap_or("main");
        let mut l = format!(
            "riftbound mode={mode} turn={} tp={} first={} phase={phase} priority={}",
            self.turn,
            seat(self.turn_player),
            seat(self.first_player),
            seat(self.priority)
        );
        if self.passes != 0 {
            l += &format!(" passes={}", self.passes);
        }
        if self.focus_pass_due {
            l += " focuspass=1";
        }
        if self.invited != NOBODY {
            l += &format!(" invited={}", seat(self.invited));
        }
        if self.invite_declined {
            l += " declined=1";
        }
        if self.backed_out {
            l += " backedout=1";
        }
        if self.ally_held != 0 {
            l += &format!(" allyheld={}", bits(self.ally_held));
        }
        if self.ally_occupied != 0 {
            l += &format!(" allyoccupied={}", bits(self.ally_occupied));
        }
        if !self.burnout_owed.is_empty() {
            l += &format!(" owed={}", list(self.burnout_owed.iter().map(|&s| seat(s)).collect()));
        }
        if !self.draw_rest.is_empty() {
            let rest = self.draw_rest.iter().map(|&(s, n)| format!("{}:{n}", seat(s))).collect();
            l += &format!(" drawrest={}", list(rest));
        }
        if !self.revealed.is_empty() {
            l += &format!(" revealed={}", ids(&self.revealed));
        }
        if !self.extra_turns.is_empty() {
            l += &format!(" extra={}", list(self.extra_turns.iter().map(|&s| seat(s)).collect()));
        }
        if !self.combat_marks.is_empty() {
            let words = self.combat_marks.iter().map(|&(b, f)| format!("b{}:{f}", b + 1)).collect();
            l += &format!(" combatmarks={}", list(words));
        }
        if !self.no_attack.is_empty() {
            let words = self.no_attack.iter().map(|&(b, s)| format!("b{}:{}", b + 1, seat(s))).collect();
            l += &format!(" noattack={}", list(words));
        }
        if self.no_restage != 0 {
            l += &format!(" norestage={}", bits(self.no_restage));
        }
        if self.order_seat != NOBODY {
            l += &format!(" order={}", seat(self.order_seat));
        }
        if self.turned != self.default_turned() {
            let seats = (0..self.n()).filter(|s| self.turned & (1 << s) != 0).map(seat).collect();
            l += &format!(" turned={}", list(seats));
        }
        if !self.wards.is_empty() {
            let words = self
                .wards
                .iter()
                .map(|w| {
                    let u = self.tgt_word(Tgt::Obj(w.unit, w.inc));
                    let word = format!("{u}:{}:{}", crate::replace::ward_word(w.kind), seat(w.controller));
                    match crate::replace::ward_flags_word(w) {
                        Some(f) => format!("{word}:{f}"),
                        None => word,
                    }
                })
                .collect();
            l += &format!(" wards={}", list(words));
        }
        if !self.dmg_batch.is_empty() {
            let words = self
                .dmg_batch
                .iter()
                .map(|e| {
                    let mut w = format!("c{}:{}:{}:{}", e.unit, e.amount, e.applied, u8::from(e.modified));
                    let keys = |ks: &[u64]| ks.iter().map(|k| k.to_string()).collect::<Vec<_>>().join("+");
                    match (e.statics.is_empty(), e.accepted.is_empty()) {
                        (true, true) => {}
                        (_, true) => w += &format!(":{}", keys(&e.statics)),
                        (true, false) => w += &format!(":-:{}", keys(&e.accepted)),
                        (false, false) => w += &format!(":{}:{}", keys(&e.statics), keys(&e.accepted)),
                    }
                    w
                })
                .collect();
            l += &format!(" dmgbatch={}", list(words));
        }
        if self.dmg_combat {
            l += " dmgcombat=1";
        }
        match self.dmg_may {
            Some(crate::replace::Repl::Ward(w)) => l += &format!(" dmgmay=w{w}"),
            Some(crate::replace::Repl::Static(k)) => l += &format!(" dmgmay=s{k}"),
            None => {}
        }
        if !self.repl_used.is_empty() {
            l += &format!(" replused={}", list(self.repl_used.iter().map(|k| k.to_string()).collect()));
        }
        if !self.enter_wait.is_empty() {
            let words = self.enter_wait.iter().map(|&(u, inc)| self.tgt_word(Tgt::Obj(u, inc))).collect();
            l += &format!(" enterwait={}", list(words));
        }
        if let Some(o) = &self.outcome {
            let winners = if o.winners.is_empty() {
                "draw".to_string()
            } else {
                list(o.winners.iter().map(|s| seat(s.0)).collect())
            };
            l += &format!(" over={winners} reason={}", reason_word(&o.reason));
            if !o.scores.is_empty() {
                l += &format!(" scores={}", list(o.scores.iter().map(|s| s.to_string()).collect()));
            }
        }
        l += &format!(" actions={} rng={}", self.actions, self.rng.to_text());
        l
    }

    fn write_player(&self, s: u8) -> String {
        let p = &self.players[s as usize];
        let db = self.db();
        let mut l = format!("{} legend={}", seat(s), db.get(p.legend).id);
        if p.legend_exhausted {
            l += "/x";
        }
        // Counters on the legend (CR 741–749): `legend=ID/ctr.charge.2`.
        for (k, n) in self.counters_at(crate::keywords::Holder::Legend(s)) {
            if let Some(name) = db.counters.get(k as usize) {
                l += &format!("/ctr.{name}.{n}");
            }
        }
        // Repeat granted to its activated abilities this turn (CR 820): `legend=ID/rep.1+R`.
        l += &self.repeat_words(crate::keywords::Holder::Legend(s));
        let default_team = if self.opts.mode.teams() { s % 2 } else { s };
        if p.team != default_team {
            l += &format!(" team={}", p.team + 1);
        }
        l += &format!(" points={}", p.points);
        let mut pool = Vec::new();
        if p.pool.energy != 0 {
            pool.push(format!("e{}", p.pool.energy));
        }
        for (i, &n) in p.pool.power.iter().enumerate() {
            if n != 0 {
                pool.push(format!("{}{n}", DOMAIN_LETTERS[i]));
            }
        }
        if !pool.is_empty() {
            l += &format!(" pool={}", pool.join(","));
        }
        if p.scored != 0 {
            l += &format!(" scored={}", bits(p.scored));
        }
        if !p.finalized.is_empty() {
            l += &format!(" finalized={}", ids(&p.finalized));
        }
        if p.xp != 0 {
            l += &format!(" xp={}", p.xp);
        }
        // Repeat granted to the next spell (CR 820): `repeats=1+R,0+A` (Energy, then pips); one
        // for every spell this turn is marked `t`: `t1+R`.
        if !p.spell_repeats.is_empty() {
            let each: Vec<String> = p
                .spell_repeats
                .iter()
                .map(|g| {
                    let c = &g.cost;
                    std::iter::once(format!("{}{}", if g.this_turn { "t" } else { "" }, c.energy))
                        .chain(c.pips().iter().map(|&m| crate::present::pip_text(m)))
                        .collect::<Vec<_>>()
                        .join("+")
                })
                .collect();
            l += &format!(" repeats={}", each.join(","));
        }
        if p.mulliganed {
            l += " mulliganed=1";
        }
        if p.left {
            l += " left=1";
        }
        if !p.battlefields.is_empty() {
            l += &format!(" brought={}", list(p.battlefields.iter().map(|&d| db.get(d).id.clone()).collect()));
        }
        if let Some(d) = p.field_hook {
            l += &format!(" fieldhook={}", db.get(d).id);
        }
        let mut field = |name: &str, objs: Vec<ObjId>, by_owner: bool| {
            if !objs.is_empty() {
                let words: Vec<String> = objs.iter().map(|&i| self.obj_word(i, s, by_owner)).collect();
                l += &format!(" {name}={}", words.join(","));
            }
        };
        field("deck", p.deck.clone(), true);
        field("runes", p.rune_deck.clone(), true);
        field("hand", p.hand.clone(), true);
        let owned = |z: Zone| -> Vec<ObjId> {
            (0..self.objs.len() as ObjId).filter(|&i| self.obj(i).owner == s && self.obj(i).zone == z).collect()
        };
        for (z, name) in OWNER_ZONES {
            field(name, owned(z), true);
        }
        let controlled = |z: Zone| -> Vec<ObjId> {
            (0..self.objs.len() as ObjId).filter(|&i| self.obj(i).controller == s && self.obj(i).zone == z).collect()
        };
        field("base", controlled(Zone::Base), false);
        for b in 0..self.bfs.len() as u8 {
            field(&format!("at{}", b + 1), controlled(Zone::Bf(b)), false);
            field(&format!("fd{}", b + 1), controlled(Zone::Facedown(b)), false);
        }
        l
    }

    /// `c12:ST1-003/x/dmg2/…`: the object, its card and whatever differs from a fresh card.
    /// `section` is the player whose list holds it: the owner (`by_owner`) or the controller.
    fn obj_word(&self, id: ObjId, section: u8, by_owner: bool) -> String {
        let o = self.obj(id);
        // Its card without copy statics (the reader works them out from the board).
        let mut w = format!("c{id}:{}", self.db().get(self.effects_def(id)).id);
        let mut rest = o.flags;
        for (f, name) in FLAGS {
            if o.flags & f != 0 {
                w += "/";
                w += name;
                rest &= !f;
            }
        }
        if rest != 0 {
            w += &format!("/flags{rest}");
        }
        if o.damage != 0 {
            w += &format!("/dmg{}", o.damage);
        }
        // "This turn" Might: the net change, or `+3-2` when it holds increases and decreases
        // (counted apart in layer 3, CR 477.3.e).
        let down = o.this_turn_decrease() as i16;
        let up = o.temp_might - down;
        if up != 0 && down != 0 {
            w += &format!("/might{up:+}{down}");
        } else if o.temp_might != 0 {
            w += &format!("/might{:+}", o.temp_might);
        }
        if o.attached_to != NONE {
            w += &format!("/on.c{}", o.attached_to);
        }
        if o.inc != 0 {
            w += &format!("/inc{}", o.inc);
        }
        if o.hidden_turn != 0 {
            w += &format!("/hid{}", o.hidden_turn);
        }
        // Who made its optional death replacements and the question about them (CR 374,
        // `replace_death.rs`): `/saveby.p2`, `/askmaker.save`, `/declined.savehand`.
        for (k, kind) in SAVE_KINDS.iter().enumerate() {
            let s = (o.save_by >> save_by::SEAT_SHIFT[k]) & save_by::SEAT_MASK;
            if s != 0 {
                w += &format!("/{kind}by.{}", seat(s as u8 - 1));
            }
        }
        for (bits, word) in [(save_by::ASK, "askmaker"), (save_by::DECLINED, "declined")] {
            for (k, kind) in SAVE_KINDS.iter().enumerate() {
                if o.save_by & bits[k] != 0 {
                    w += &format!("/{word}.{kind}");
                }
            }
        }
        for (k, n) in self.counters_on(id) {
            if let Some(name) = self.db().counters.get(k as usize) {
                w += &format!("/ctr.{name}.{n}");
            }
        }
        // Repeat granted to its activated abilities this turn (CR 820): `/rep.1+R`.
        w += &self.repeat_words(crate::keywords::Holder::Obj(id));
        if by_owner && o.controller != section {
            w += &format!("/ctl.{}", seat(o.controller));
        }
        if !by_owner && o.owner != section {
            w += &format!("/own.{}", seat(o.owner));
        }
        w
    }

    /// `/rep.ENERGY+PIP…` for each Repeat instance granted to `at`'s activated abilities (CR 820).
    fn repeat_words(&self, at: crate::keywords::Holder) -> String {
        let mut w = String::new();
        for g in self.repeats_granted(at) {
            let pips: String = g.cost.pips().iter().map(|&m| format!("+{}", crate::present::pip_text(m))).collect();
            w += &format!("/rep.{}{pips}", g.cost.energy);
        }
        w
    }

    fn write_bf(&self, b: u8) -> String {
        let bf = &self.bfs[b as usize];
        let mut l = format!(
            "b{} card={} owner={} ctl={}",
            b + 1,
            self.db().get(bf.def).id,
            seat(bf.owner),
            seat_or_none(bf.controller)
        );
        if bf.contested_by != NOBODY {
            l += &format!(" contested={}", seat(bf.contested_by));
        }
        if bf.blank {
            l += " blank=1";
        }
        // Counters on the battlefield (CR 741–749): `ctr=charge.2,shield.1`.
        let ctr: Vec<String> = self
            .counters_at(crate::keywords::Holder::Bf(b))
            .filter_map(|(k, n)| self.db().counters.get(k as usize).map(|name| format!("{name}.{n}")))
            .collect();
        if !ctr.is_empty() {
            l += &format!(" ctr={}", ctr.join(","));
        }
        l
    }

    /// `effects e=c5:copy:ST1-011:ST1-003 e=c5:might:4:turn e=c7:gain:tank:turn e=c8:control:p2`: continuous
    /// effects (layers.rs) in timestamp order — unit, kind, its value, and `turn` if it ends with
    /// the turn.
    fn effects_line(&self) -> String {
        use crate::cards::kw;
        use crate::layers::Effect;
        let kw_name = |k: u32| kw::ALL.iter().find(|(_, b)| *b == k).map(|(n, _)| *n).unwrap_or("?");
        let mut l = "effects".to_string();
        for e in &self.effects {
            let what = match e.effect {
                Effect::Copy { def, printed } => format!("copy:{}:{}", self.def(def).id, self.def(printed).id),
                Effect::SetMight(n) => format!("might:{n}"),
                Effect::SetTrait(t) => format!("trait:{}", crate::traits::trait_word(self.db(), t)),
                Effect::GrantAbility { def, ab } => format!("ability:{}:{ab}", self.def(def).id),
                Effect::Grant(k) => format!("gain:{}", kw_name(k)),
                Effect::Lose(k) => format!("lose:{}", kw_name(k)),
                Effect::Entered => "entered".into(),
                Effect::Control(c) => format!("control:{}", seat(c)),
            };
            l += &format!(" e={}:{what}", self.tgt_word(Tgt::Obj(e.unit, e.inc)));
            if e.this_turn {
                l += ":turn";
            }
        }
        l
    }

    fn items_line(&self, name: &str, items: &[&Item]) -> String {
        let mut l = name.to_string();
        for it in items {
            l += &format!(" item={}", self.item_word(it));
        }
        l
    }

    fn tgt_word(&self, t: Tgt) -> String {
        match t {
            Tgt::Obj(id, inc) => {
                let cur = self.objs.get(id as usize).map(|o| o.inc);
                if cur == Some(inc) {
                    format!("c{id}")
                } else {
                    format!("c{id}^{inc}")
                }
            }
            Tgt::Bf(b) => format!("b{}", b + 1),
            Tgt::Base(s) => format!("base.{}", seat(s)),
            Tgt::Legend(s) => format!("legend.{}", seat(s)),
        }
    }

    /// `p1:spell.c5:0/t0:c7/here:b1/…`: controller, source, ability, then what differs from the default.
    fn item_word(&self, it: &Item) -> String {
        let src = match it.src {
            ItemSrc::Spell(id) => format!("spell.c{id}"),
            ItemSrc::Obj(id) => format!("c{id}"),
            ItemSrc::Legend(s) => format!("legend.{}", seat(s)),
            ItemSrc::Bf(b) => format!("b{}", b + 1),
        };
        // A keyword's ability is written by the keyword's name (`vision`), any other by its row.
        let ab = match self.ability(it).and_then(|a| a.keyword) {
            Some(k) => k.names().2.to_string(),
            None => it.ab.to_string(),
        };
        let mut w = format!("{}:{src}:{ab}", seat(it.controller));
        for (slot, t) in &it.targets {
            w += &format!("/t{slot}:{}", self.tgt_word(*t));
        }
        if it.here != Loc::Nowhere {
            w += &format!("/here:{}", loc_word(it.here));
        }
        // CR 462: "here" refers to the controller's base for the rest of the item.
        if it.here_base {
            w += "/herebase";
        }
        if let Some(t) = it.subject {
            w += &format!("/subject:{}", self.tgt_word(t));
        }
        if it.src_inc != 0 {
            w += &format!("/inc{}", it.src_inc);
        }
        if it.restrict_bf != NOBODY {
            w += &format!("/only.b{}", it.restrict_bf + 1);
        }
        if it.trigger {
            w += "/trigger";
        }
        // A granted ability (CR 477.2, `grant.rs`): the card whose block `ab` is.
        if let Some(d) = it.ab_of {
            w += &format!("/of:{}", self.def(d).id);
        }
        if it.repeat != 0 {
            w += &format!("/repeat{}", it.repeat);
        }
        w
    }

    fn prompt_line(&self, p: &Prompt) -> String {
        let head = |kind: &str, s: u8| format!("prompt kind={kind} seat={}", seat(s));
        match p {
            Prompt::Mulligan { seat, aside } => format!("{} aside={}", head("mulligan", *seat), ids(aside)),
            Prompt::TriggerOrder { seat } => head("triggerorder", *seat),
            Prompt::Discard { seat, left } => format!("{} left={left}", head("discard", *seat)),
            Prompt::Recycle { seat, left } => format!("{} left={left}", head("recycle", *seat)),
            Prompt::Predict { seat, card } => format!("{} card=c{card}", head("predict", *seat)),
            Prompt::PredictMany { seat, cards, order } => {
                format!("{} cards={} order={}", head("predictmany", *seat), ids(cards), u8::from(*order))
            }
            Prompt::Assign { seat, left } => format!("{} left={left}", head("assign", *seat)),
            Prompt::AddDomain { seat: s, left, mask, then } => {
                let mut out = format!("{} left={left}", head("adddomain", *s));
                if *mask != crate::cards::ANY_DOMAIN {
                    out += &format!(" mask={}", crate::present::pip_text(*mask));
                }
                if !then.is_empty() {
                    // The chosen Powers asked after these, one per Power: `then=p2:A,p1:R/P`.
                    let q: Vec<String> =
                        then.iter().map(|&(p, m)| format!("{}:{}", seat(p), crate::present::pip_text(m))).collect();
                    out += &format!(" then={}", q.join(","));
                }
                out
            }
            Prompt::MoveGroup { seat, dest, units } => {
                format!("{} dest={} units={}", head("movegroup", *seat), loc_word(*dest), ids(units))
            }
            Prompt::Showdown { seat } => head("showdown", *seat),
            Prompt::BurnOut { seat } => head("burnout", *seat),
            Prompt::HidePay { seat, card, bf } => format!("{} card=c{card} bf=b{}", head("hidepay", *seat), bf + 1),
            Prompt::Split { seat, left, slot, points } => {
                format!("{} left={left} slot={slot} points={}", head("split", *seat), ids(points))
            }
            Prompt::Replacement { seat, unit } => format!("{} unit=c{unit}", head("replacement", *seat)),
            Prompt::EnterReady { seat, unit } => format!("{} unit=c{unit}", head("enterready", *seat)),
            Prompt::PlayFirst { seat } => head("playfirst", *seat),
            // A match's (its record is in the `match` and `m1`, `m2` sections).
            Prompt::Sideboard { seat } => head("sideboard", *seat),
            Prompt::ChooseField { seat } => head("fieldchoice", *seat),
            Prompt::Build(b) => format!(
                "{} stage={} card={} from={} location={} locations={} accelerate={} discard={} accepted={} paid={} item={}",
                head("build", b.seat),
                stage_word(b.stage),
                id_or_none(b.card),
                zone_word(b.from),
                loc_word(b.location),
                list(b.locations.iter().map(|l| loc_word(*l)).collect()),
                u8::from(b.accelerate),
                id_or_none(b.discard),
                u8::from(b.accepted),
                ids(&b.paid),
                self.item_word(&b.item)
            ) + &if b.cost_unit == NONE { String::new() } else { format!(" unit=c{}", b.cost_unit) }
                + &match b.cost_at {
                    Some(crate::keywords::Holder::Legend(s)) => format!(" unitat=L{}", s + 1),
                    Some(crate::keywords::Holder::Bf(x)) => format!(" unitat=b{}", x + 1),
                    _ => String::new(),
                }
                + &if b.repeat_asked == 0 {
                    String::new()
                } else {
                    let paid: Vec<String> = b.repeat_paid.iter().map(|i| i.to_string()).collect();
                    format!(" repeats={}:{}", b.repeat_asked, paid.join("+"))
                },
        }
    }
}
