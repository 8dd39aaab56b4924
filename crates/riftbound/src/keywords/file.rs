//! The card-file vocabulary of this module's keywords (docs/riftbound-cards.md "Keywords beyond
//! ST1"): `hunt`, `empower`, `[[card.grant]]` (with `hunt`), abilities' `level` / `empowered`,
//! the ops `add_counter`, `remove_counter`, `gain_xp`, `empower`, `disempower`, `hunt_xp`,
//! `equip_to_me`. Misuse is refused.

use super::Grant;
use crate::card_file::{RawCard, MAX_ENERGY};
use crate::cards::{kw, CardDef, Kind, On, Op};

/// A problem: JSON pointer below the card (`/grant/0/keywords/1`), field, message.
pub(crate) type Problem = (String, &'static str, String);

/// Keywords the rules read from a unit on the board (`has_kw`), so a dependent grant can give them.
const GRANTABLE: u32 = kw::TANK | kw::BACKLINE | kw::GANKING | kw::TEMPORARY | kw::VISION | kw::WEAPONMASTER;

fn counter_name_ok(s: &str) -> bool {
    !s.is_empty() && s.len() <= 24 && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// A `spend_counter` cost names a counter (CR 741); other acts name none.
fn check_counter_cost(out: &mut Vec<Problem>, p: &str, c: &crate::cards::UnitCost) {
    let spend = c.act == crate::cards::CostAct::SpendCounter;
    if spend && !counter_name_ok(&c.counter) {
        out.push((
            format!("{p}/counter"),
            "extra_cost.counter",
            format!(
                "'spend_counter' needs a counter name of lowercase letters, digits and '_' (found '{}')",
                c.counter
            ),
        ));
    }
    if !spend && !c.counter.is_empty() {
        out.push((format!("{p}/counter"), "extra_cost.counter", "only a 'spend_counter' cost names a counter".into()));
    }
    if spend && c.n == 0 {
        out.push((format!("{p}/n"), "extra_cost.n", "spending 0 counters would pay nothing".into()));
    }
    if !spend && c.n != 1 {
        out.push((format!("{p}/n"), "extra_cost.n", "only a 'spend_counter' cost pays with several (counters)".into()));
    }
}

/// Check one card's use of the vocabulary; returns the problems and the grants with their bits.
pub(crate) fn check_card(r: &RawCard) -> (Vec<Problem>, Vec<Grant>) {
    let mut out: Vec<Problem> = Vec::new();
    if let Some(c) = &r.extra_cost {
        check_counter_cost(&mut out, "/extra_cost", c);
    }
    let unit = matches!(r.kind, Kind::Unit | Kind::Token);
    if r.hunt > 0 && !unit && !(r.kind == Kind::Gear && r.equipment) {
        out.push((
            "/hunt".into(),
            "hunt",
            "Hunt is a keyword of units, or of Equipment for its unit (CR 823, 434)".into(),
        ));
    }
    if let Some(e) = r.empower {
        if !matches!(r.kind, Kind::Unit | Kind::Token | Kind::Gear) {
            out.push((
                "/empower".into(),
                "empower",
                "Empower is an ability of a permanent on the board (CR 827)".into(),
            ));
        }
        if e > MAX_ENERGY {
            out.push((
                "/empower".into(),
                "empower",
                format!("a cost the rules cannot pay: {e} Energy, at most {MAX_ENERGY}"),
            ));
        }
    }
    if r.keywords.iter().any(|k| k == "quick_draw") && !(r.kind == Kind::Gear && r.equipment) {
        out.push((
            "/keywords".into(),
            "keywords",
            "Quick-Draw is a keyword of Equipment (CR 819): gear with 'equipment = true'".into(),
        ));
    }
    if r.keywords.iter().any(|k| k == "weaponmaster") && !unit {
        out.push(("/keywords".into(), "keywords", "Weaponmaster is a keyword of units (CR 821)".into()));
    }
    if r.abilities.len() > super::MAX_ABILITIES {
        out.push(("/ability".into(), "ability", format!("at most {} abilities on a card", super::MAX_ABILITIES)));
    }
    if let Some(f) = r.flow {
        if r.kind != Kind::Spell {
            out.push(("/flow".into(), "flow", "Flow is a keyword of spells (CR 829)".into()));
        }
        if f > MAX_ENERGY {
            out.push((
                "/flow".into(),
                "flow",
                format!("a cost the rules cannot pay: {f} Energy, at most {MAX_ENERGY}"),
            ));
        }
    }
    let mut grants = Vec::with_capacity(r.grants.len());
    for (j, g) in r.grants.iter().enumerate() {
        let p = format!("/grant/{j}");
        let mut g = g.clone();
        if u8::from(g.level > 0) + u8::from(g.empowered) + u8::from(g.mighty) != 1 {
            out.push((
                p.clone(),
                "grant",
                "a grant needs exactly one condition: 'level = N', 'empowered = true' or 'mighty = true'".into(),
            ));
        }
        if g.mighty && g.might != 0 {
            out.push((
                format!("{p}/might"),
                "grant.might",
                "a Mighty grant gives keywords only: Might granted while Mighty would depend on itself (CR 478)".into(),
            ));
        }
        if !unit {
            out.push((p.clone(), "grant", "only units have Might and keywords granted this way".into()));
        }
        for (k, w) in g.keywords.iter().enumerate() {
            match kw::parse(w) {
                Some(kw::UNIQUE) => out.push((
                    format!("{p}/keywords/{k}"),
                    "grant.keywords",
                    "Unique is a deckbuilding keyword (CR 825): granting it does nothing".into(),
                )),
                Some(b) if b & GRANTABLE != 0 => g.kw |= b,
                Some(_) => out.push((
                    format!("{p}/keywords/{k}"),
                    "grant.keywords",
                    format!(
                        "'{w}' matters while the card is played or off the board; a grant applies on the board only \
                         (grantable: tank, backline, ganking, temporary, vision, weaponmaster)"
                    ),
                )),
                None => out.push((format!("{p}/keywords/{k}"), "grant.keywords", format!("unknown keyword '{w}'"))),
            }
        }
        if g.might == 0 && g.keywords.is_empty() && g.hunt == 0 {
            out.push((p, "grant", "a grant without Might, Hunt or keywords would do nothing".into()));
        }
        grants.push(g);
    }
    for (j, a) in r.abilities.iter().enumerate() {
        let p = format!("/ability/{j}");
        if (a.level > 0 || a.empowered) && a.on == On::Spell {
            out.push((
                p.clone(),
                "level",
                "a spell's own text is not a dependent ability: 'level'/'empowered' apply to abilities of permanents \
                 and legends"
                    .into(),
            ));
        }
        if a.on == On::ConquerOrHold {
            out.push((
                format!("{p}/on"),
                "on",
                "'conquer_or_hold' is Hunt's trigger (write 'hunt = N'); use conquer_here / hold_here".into(),
            ));
        }
        // A granted block is the unit's ability once given (`grant.rs`), whatever card gives it.
        let permanent = a.granted || matches!(r.kind, Kind::Unit | Kind::Token | Kind::Gear);
        if a.empowered && !permanent {
            out.push((p.clone(), "empowered", "only a permanent on the board can be Empowered (CR 828)".into()));
        }
        if a.on == On::BecomeEmpowered && !permanent {
            out.push((format!("{p}/on"), "on", "only a permanent on the board can become Empowered (CR 828)".into()));
        }
        if let Some(c) = &a.extra_cost {
            check_counter_cost(&mut out, &format!("{p}/extra_cost"), c);
        }
        for (k, ins) in a.effects.iter().enumerate() {
            let ip = format!("{p}/do/{k}");
            let counter_op = matches!(ins.op, Op::AddCounter | Op::RemoveCounter | Op::MoveCounter);
            if ins.op == Op::MoveCounter && a.targets.len() < 2 {
                out.push((
                    format!("{ip}/op"),
                    "op",
                    "'move_counter' moves counters to the target in slot 1: the ability needs two targets".into(),
                ));
            }
            let counts = matches!(ins.cond, crate::cards::Cond::CountersHere | crate::cards::Cond::CountersAtT)
                || ins.for_each.counts_counters();
            for_each_problems(&mut out, &ip, ins);
            // A spell played from hand is at no location: "here" (CR 359.3.f) would count nothing
            // (a Hidden spell played facedown has the battlefield it was at).
            let here_count = matches!(
                ins.for_each,
                crate::cards::ForEach::UnitsYouControlHere | crate::cards::ForEach::EnemyUnitsHere
            );
            if here_count && a.on == On::Spell && !r.keywords.iter().any(|k| k == "hidden") {
                out.push((
                    format!("{ip}/for_each"),
                    "for_each",
                    "a spell played from hand is at no location: units 'here' (CR 359.3.f) would count nothing (only a \
                     Hidden spell, played facedown, has a here)"
                        .into(),
                ));
            }
            if (counter_op || counts) && !counter_name_ok(&ins.counter) {
                out.push((
                    format!("{ip}/counter"),
                    "counter",
                    format!(
                        "'{:?}' needs a counter name of lowercase letters, digits and '_' (found '{}')",
                        ins.op, ins.counter
                    ),
                ));
            }
            if !counter_op && !counts && !ins.counter.is_empty() {
                out.push((
                    format!("{ip}/counter"),
                    "counter",
                    "only add_counter, remove_counter, move_counter, the conditions counters_here / counters_at_t and for_each name a counter".into(),
                ));
            }
            if !counts && ins.at_least != 0 {
                out.push((
                    format!("{ip}/at_least"),
                    "at_least",
                    "'at_least' counts counters: only with if = \"counters_here\" or \"counters_at_t\"".into(),
                ));
            }
            if ins.op == Op::HuntXp && !unit && !(r.kind == Kind::Gear && r.equipment) {
                out.push((
                    format!("{ip}/op"),
                    "op",
                    "'hunt_xp' gains the source unit's Hunt: a unit's or an Equipment's ability (CR 823)".into(),
                ));
            }
            if ins.op == Op::EquipToMe
                && (!unit || a.targets.get(ins.t as usize).map(|t| t.what) != Some(crate::cards::What::Equipment))
            {
                out.push((
                    format!("{ip}/op"),
                    "op",
                    "'equip_to_me' attaches an Equipment target (what = \"equipment\") to this unit (CR 821)".into(),
                ));
            }
            if (counter_op || ins.op == Op::GainXp) && ins.n <= 0 {
                out.push((format!("{ip}/n"), "n", format!("'{:?}' needs n ≥ 1 (it would do nothing)", ins.op)));
            }
        }
    }
    (out, grants)
}

/// A `for_each` amount: on an op whose `n` is an amount, with n ≥ 1 (`counters_on_t`'s slot is
/// checked with every slot an instruction reads). A count of counters (CR 741–749) is not for
/// the counter ops (their `counter` is the kind they put or take, so they cannot name another);
/// the other counts (units, cards, runes, battlefields) are for them too ("put a charge counter
/// on it for each unit you control"). Refused: `damage_split` (its points are counted as it
/// resolves, but CR 355.14 bounds the targets chosen at finalization by the points, each
/// getting at least one, so a smaller count could leave a target without any), `add` / `pay`
/// (their Energy and Power are costs and pool amounts with their own pips) and every op whose
/// `n` is not an amount.
fn for_each_problems(out: &mut Vec<Problem>, ip: &str, ins: &crate::cards::Instr) {
    use crate::cards::ForEach;
    if ins.for_each == ForEach::None {
        return;
    }
    let amount_op = matches!(ins.op, Op::Draw | Op::Discard | Op::Damage | Op::Might | Op::GainXp | Op::CreateToken);
    let counter_op = matches!(ins.op, Op::AddCounter | Op::RemoveCounter | Op::MoveCounter);
    if ins.op == Op::DamageSplit {
        out.push((
            format!("{ip}/for_each"),
            "for_each",
            "not implemented: 'damage_split' with for_each (the points would be counted on resolution, but CR 355.14 \
             bounds the targets chosen at finalization by the points, each getting at least one)"
                .into(),
        ));
    } else if counter_op && ins.for_each.counts_counters() {
        out.push((
            format!("{ip}/for_each"),
            "for_each",
            format!(
                "'{:?}' names the counter it puts or takes: it cannot count another counter (a count of units, cards, \
                 runes or battlefields works)",
                ins.op
            ),
        ));
    } else if !amount_op && !counter_op {
        out.push((
            format!("{ip}/for_each"),
            "for_each",
            format!(
                "'{:?}' takes no for_each amount: only draw, discard, damage, might, gain_xp, create_token and (counting \
                 no counters) add_counter, remove_counter, move_counter",
                ins.op
            ),
        ));
    }
    if ins.n == 0 || (ins.n < 0 && ins.op != Op::Might) {
        out.push((
            format!("{ip}/n"),
            "n",
            "for_each multiplies n: n ≥ 1 (\"1 for each counter\"; might also n ≤ -1)".into(),
        ));
    }
}

/// The set's counter table (CR 741): every name an instruction or a `spend_counter` cost uses,
/// in first-use order; each gets its index.
pub(crate) fn index_counters(cards: &mut [CardDef]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut ix = |name: &str| -> u8 {
        let i = match names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                names.push(name.to_string());
                names.len() - 1
            }
        };
        i.min(u8::MAX as usize) as u8
    };
    for c in cards.iter_mut() {
        for a in c.abilities.iter_mut() {
            for ins in a.effects.iter_mut().filter(|i| !i.counter.is_empty()) {
                ins.counter_ix = ix(&ins.counter);
            }
            if let Some(cost) = a.extra_cost.as_mut().filter(|c| !c.counter.is_empty()) {
                cost.counter_ix = ix(&cost.counter);
            }
        }
        if let Some(cost) = c.extra_cost.as_mut().filter(|c| !c.counter.is_empty()) {
            cost.counter_ix = ix(&cost.counter);
        }
    }
    names
}
