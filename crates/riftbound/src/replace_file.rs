//! The card file's replacement statics (CR 367–375; docs/riftbound-cards.md, "Statics"):
//! `prevent_damage`, `double_damage` (damage to units matching `unit`, optionally
//! `once_each_turn` and / or `may`), `enter_ready` ("units you control enter ready") and
//! `double_tokens`. Misuse is refused naming the field; the rules are in `replace.rs`.

use crate::card_file::RawCard;
use crate::cards::{At, DamageStatic, EnterReadyStatic, Kind, Static, StaticEffect, TargetSpec, What};
use crate::replace::WardKind;

/// What the replacement statics of one card build.
#[derive(Default)]
pub(crate) struct ReplStatics {
    pub damage: Vec<DamageStatic>,
    pub enter_ready: Vec<EnterReadyStatic>,
    pub double_tokens: u8,
}

type Problem = (String, &'static str, String);

/// Check and build a card's replacement statics. Problems are (pointer under the card, field,
/// message).
pub(crate) fn read_statics(r: &RawCard) -> (Vec<Problem>, ReplStatics) {
    let mut out: Vec<Problem> = Vec::new();
    let mut got = ReplStatics::default();
    for (j, s) in r.statics.iter().enumerate() {
        let at = format!("/static/{j}");
        let repl = matches!(
            s.effect,
            StaticEffect::PreventDamage
                | StaticEffect::DoubleDamage
                | StaticEffect::EnterReady
                | StaticEffect::DoubleTokens
        );
        if !repl {
            no_replacement_fields(s, &at, &mut out);
            continue;
        }
        // A static is true while its card is on the board (CR 376.3): a spell or a rune has none.
        if matches!(r.kind, Kind::Spell | Kind::Rune) {
            out.push((
                at.clone(),
                "static",
                format!("a {:?} has no replacement static: statics work on the board", r.kind),
            ));
        }
        if !s.tag.is_empty() || !s.domains.is_empty() || s.limit.is_some() {
            out.push((
                at.clone(),
                "static",
                "a replacement static takes 'unit' (with its own 'tag'), not tag/domains/limit".into(),
            ));
        }
        match s.effect {
            StaticEffect::PreventDamage | StaticEffect::DoubleDamage => {
                let kind = match (s.effect, s.n) {
                    (StaticEffect::DoubleDamage, 0) => Some(WardKind::Double),
                    (StaticEffect::DoubleDamage, _) => {
                        out.push((format!("{at}/n"), "n", "'double_damage' takes no n".into()));
                        None
                    }
                    (_, 0) => Some(WardKind::PreventAll),
                    (_, n) if (1..=u8::MAX as i32).contains(&n) => Some(WardKind::PreventNext(n as u8)),
                    (_, n) => {
                        out.push((format!("{at}/n"), "n", format!("prevent {n} damage: n is 1–255 (0: all of it)")));
                        None
                    }
                };
                let unit = match &s.unit {
                    Some(u) => unit_problems(u, &at, r.kind, &mut out).then(|| u.clone()),
                    None => {
                        // The CR deals damage to units only (CR 417; a player has no life total to
                        // damage), so a damage replacement always names the units it is about.
                        out.push((
                            format!("{at}/unit"),
                            "unit",
                            "a damage replacement static needs 'unit', the units whose damage it replaces (damage is dealt to units only, CR 417)".into(),
                        ));
                        None
                    }
                };
                // "You may" about any unit: its controller decides (CR 371, 374), also where the
                // affected unit's controller orders it with others (CR 372; `replace_ask.rs`).
                if let (Some(kind), Some(unit)) = (kind, unit) {
                    let ix = j as u8;
                    got.damage.push(DamageStatic { ix, kind, unit, once_each_turn: s.once_each_turn, may: s.may });
                }
            }
            StaticEffect::EnterReady => {
                if s.n != 0 {
                    out.push((format!("{at}/n"), "n", "'enter_ready' takes no n".into()));
                }
                let unit = s.unit.clone().unwrap_or_default();
                if unit.side == crate::cards::Side::Enemy {
                    out.push((format!("{at}/unit/side"), "unit", "'enter_ready' is about units you control".into()));
                }
                if unit_problems(&unit, &at, r.kind, &mut out) {
                    got.enter_ready.push(EnterReadyStatic {
                        ix: j as u8,
                        unit,
                        once_each_turn: s.once_each_turn,
                        may: s.may,
                    });
                }
            }
            _ => {
                if s.n != 0 || s.unit.is_some() || s.once_each_turn || s.may {
                    out.push((at.clone(), "static", "'double_tokens' takes no n, unit, once_each_turn or may".into()));
                }
                got.double_tokens = got.double_tokens.saturating_add(1);
            }
        }
    }
    (out, got)
}

/// The `may` / `once_each_turn` of an instruction (CR 371): on the instructions that create a
/// replacement effect only — `may` on `prevent_damage`, `double_damage`, `save`, `save_to_hand`,
/// `once_each_turn` on the damage ones (a death replacement is "the next time", used up as it
/// applies already). The problem: (field, message).
pub(crate) fn instr_problem(ins: &crate::cards::Instr) -> Option<(&'static str, String)> {
    use crate::cards::Op;
    let damage = matches!(ins.op, Op::PreventDamage | Op::DoubleDamage);
    let death = matches!(ins.op, Op::Save | Op::SaveToHand);
    if ins.may && !(damage || death) {
        return Some((
            "may",
            format!("'may' makes a replacement effect optional (CR 371): prevent_damage, double_damage, save or save_to_hand, not '{:?}' (an optional ability is the ability's 'may')", ins.op),
        ));
    }
    if ins.once_each_turn && death {
        return Some((
            "once_each_turn",
            "'save' / 'save_to_hand' already replace only the next death this turn (used up as they apply, CR 370.2): once_each_turn adds nothing".into(),
        ));
    }
    if ins.once_each_turn && !damage {
        return Some((
            "once_each_turn",
            format!("'once_each_turn' is for prevent_damage and double_damage (CR 371), not '{:?}'", ins.op),
        ));
    }
    None
}

/// `unit`, `once_each_turn` and `may` belong to the replacement statics only.
fn no_replacement_fields(s: &Static, at: &str, out: &mut Vec<Problem>) {
    // Trait, control and copy statics choose their units with `unit` too (`trait_statics.rs`,
    // `control_statics.rs`, `copy_statics.rs`).
    let unit =
        s.unit.is_some() && !matches!(s.effect, StaticEffect::SetTrait | StaticEffect::Control | StaticEffect::Copy);
    for (set, field) in [(unit, "unit"), (s.once_each_turn, "once_each_turn"), (s.may, "may")] {
        if set {
            out.push((
                format!("{at}/{field}"),
                field,
                format!("'{field}' is for replacement statics, not '{:?}'", s.effect),
            ));
        }
    }
}

/// A replacement static's unit filter: a unit predicate, not a target slot. Returns whether it
/// is usable.
fn unit_problems(u: &TargetSpec, at: &str, kind: Kind, out: &mut Vec<Problem>) -> bool {
    let before = out.len();
    let p = format!("{at}/unit");
    if u.what != What::Unit {
        out.push((format!("{p}/what"), "unit", "a replacement static's 'unit' is about units".into()));
    }
    if u.up_to != 0 || u.dest_of != 0 || u.where_you_attack {
        out.push((
            p.clone(),
            "unit",
            "'unit' is not a target: up_to, dest_of and where_you_attack do not apply".into(),
        ));
    }
    if u.at == At::Here && !matches!(kind, Kind::Unit | Kind::Gear | Kind::Battlefield | Kind::Token) {
        out.push((format!("{p}/at"), "unit", "a legend has no 'here' (CR 359.3.f)".into()));
    }
    out.len() == before
}
