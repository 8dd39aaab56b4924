//! The card-file vocabulary of payments (docs/riftbound-cards.md "Payment vocabulary"): an
//! ability's `repeat` (Repeat [cost], CR 820), the ops `add` (CR 429) and `pay` (a cost inside an
//! instruction, CR 204.3), a card's `flow_pips` (CR 829), `empower_pips` (CR 827) and `equip_pips` (CR 818). Misuse is
//! refused; the pips become domain masks here. An `add` pip `"A"` is one Power of any domain, and
//! one naming two domains (`"R/P"`) one Power of either; its domain is chosen when the
//! instruction resolves (`add_any.rs`).

use crate::card_file::{RawCard, MAX_ENERGY};
use crate::cards::{domain_mask, Ability, Op, ANY_DOMAIN};

/// A problem: JSON pointer below the card (`/ability/0/repeat/pips/1`), field, message.
pub(crate) type Problem = (String, &'static str, String);

/// What the payment vocabulary of one card resolves to.
pub(crate) struct Paid {
    pub flow_pips: Vec<u8>,
    pub empower_pips: Vec<u8>,
    pub equip_pips: Vec<u8>,
}

/// Pips as masks. A cost's pip must be payable by the deck (CR 103.1.b, 103.3: a deck holds only
/// runes of its identity, which contains the card's domains); an Add's Power is of one domain.
fn masks(out: &mut Vec<Problem>, at: &str, field: &'static str, pips: &[String], domains: u8, adding: bool) -> Vec<u8> {
    let mut v = Vec::with_capacity(pips.len());
    for (j, s) in pips.iter().enumerate() {
        // "Add one Power of any domain" (CR 429): `"A"` (or `"any"`), on an `add` only; "of fury
        // or chaos": `"R/P"`, two domains.
        let parsed = if adding && (s == "A" || s == "any") { Ok(ANY_DOMAIN) } else { domain_mask(s) };
        match parsed {
            Ok(m) if adding && m.count_ones() > 2 && m != ANY_DOMAIN => out.push((
                format!("{at}/{j}"),
                field,
                format!("'{s}': Add names one domain per Power, two ('R/P': one of fury or chaos), or 'A' for one of any domain (CR 429)"),
            )),
            Ok(m) if !adding && m != ANY_DOMAIN && m & domains == 0 => out.push((
                format!("{at}/{j}"),
                field,
                format!("a cost the rules cannot pay: a '{s}' pip on a card without that domain"),
            )),
            Ok(m) => v.push(m),
            Err(e) => out.push((format!("{at}/{j}"), field, e)),
        }
    }
    if pips.len() > crate::payment::MAX_PIPS {
        out.push((at.into(), field, format!("at most {} Power pips in a cost", crate::payment::MAX_PIPS)));
    }
    v
}

/// Check one card's payment vocabulary (`domains`: its domain mask) and resolve the masks of its
/// abilities (`abilities`: the card's, in file order).
pub(crate) fn check_card(r: &RawCard, domains: u8, abilities: &mut [Ability]) -> (Vec<Problem>, Paid) {
    let mut out = Vec::new();
    let flow_pips = masks(&mut out, "/flow_pips", "flow_pips", &r.flow_pips, domains, false);
    if !r.flow_pips.is_empty() && r.flow.is_none() {
        out.push(("/flow_pips".into(), "flow_pips", "Power pips of a Flow cost on a card without 'flow'".into()));
    }
    let empower_pips = masks(&mut out, "/empower_pips", "empower_pips", &r.empower_pips, domains, false);
    if !r.empower_pips.is_empty() && r.empower.is_none() {
        out.push((
            "/empower_pips".into(),
            "empower_pips",
            "Power pips of an Empower cost on a card without 'empower'".into(),
        ));
    }
    let equip_pips = masks(&mut out, "/equip_pips", "equip_pips", &r.equip_pips, domains, false);
    if !r.equip_pips.is_empty() && r.equip.is_none() {
        out.push(("/equip_pips".into(), "equip_pips", "Power pips of an Equip cost on a card without 'equip'".into()));
    }
    for (j, a) in abilities.iter_mut().enumerate() {
        let at = format!("/ability/{j}");
        if let Some(rep) = a.repeat.as_mut() {
            rep.masks = masks(&mut out, &format!("{at}/repeat/pips"), "repeat", &rep.pips, domains, false);
            if rep.energy > MAX_ENERGY {
                out.push((
                    format!("{at}/repeat/energy"),
                    "repeat",
                    format!("a cost the rules cannot pay: {} Energy, at most {MAX_ENERGY}", rep.energy),
                ));
            }
        }
        for (k, ins) in a.effects.iter_mut().enumerate() {
            let ip = format!("{at}/do/{k}");
            if ins.spells != crate::cards::RepeatSpells::Next && ins.op != Op::GrantRepeat {
                out.push((
                    format!("{ip}/spells"),
                    "spells",
                    "only grant_repeat names the spells it gives Repeat to".into(),
                ));
            }
            match ins.op {
                Op::Add | Op::Pay | Op::GrantRepeat | Op::GrantAbilityRepeat => {
                    let adding = ins.op == Op::Add;
                    let granted = matches!(ins.op, Op::GrantRepeat | Op::GrantAbilityRepeat);
                    // A granted Repeat's cost is paid for another card: any domain may be named.
                    let domains = if granted { ANY_DOMAIN } else { domains };
                    ins.pip_masks = masks(&mut out, &format!("{ip}/pips"), "pips", &ins.pips, domains, adding);
                    if ins.n < 0 || ins.n > MAX_ENERGY as i32 {
                        out.push((format!("{ip}/n"), "n", format!("{} Energy: 0 to {MAX_ENERGY}", ins.n)));
                    }
                    if ins.n == 0 && ins.pips.is_empty() && !granted {
                        let what = if adding { "adding nothing" } else { "paying nothing" };
                        out.push((format!("{ip}/n"), "n", format!("{what} would do nothing")));
                    }
                }
                // "Its cost becomes 3 [C]" (`traits.rs`): the pips of another object's cost, not
                // paid from this card's deck, so any domain is fine.
                Op::SetTrait | Op::SetTraitThisTurn if ins.trait_ == Some(crate::traits::Trait::Cost) => {
                    ins.pip_masks = masks(&mut out, &format!("{ip}/pips"), "pips", &ins.pips, ANY_DOMAIN, false);
                }
                _ if !ins.pips.is_empty() => out.push((
                    format!("{ip}/pips"),
                    "pips",
                    "only add, pay, grant_repeat, grant_ability_repeat and set_trait with trait = \"cost\" name Power pips".into(),
                )),
                _ => {}
            }
        }
    }
    (out, Paid { flow_pips, empower_pips, equip_pips })
}
