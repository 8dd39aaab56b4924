//! Abilities given by an effect (layer 2, CR 477.2, spec §21): "a friendly unit gains '[E]: draw
//! 1' this turn", "… gains 'when I attack, buff me'". The card file writes the given ability as
//! one of the granting card's ability blocks with `granted = true` (never the card's own
//! ability) and `{ op = "grant_ability", n = <block> }` (or `grant_ability_this_turn`) on the
//! unit.
//!
//! * The grant is a layer-2 effect ([`Effect::GrantAbility`]) of one object incarnation: it ends
//!   when the unit leaves the board (CR 124) or, "this turn", in the Expiration Step (CR 317).
//! * Granted text is not copyable (CR 477.1.b.1.a: copyable traits are printed ones; spec §21
//!   "not granted text"): a copy of the unit does not have the ability. A unit that becomes a
//!   copy keeps what was granted to it (layer 2 applies after layer 1).
//! * "I", "me", "here" in the ability are the unit's (CR 053); its controller controls the
//!   ability. A triggered ability on the chain stays that ability (`Item::ab_of`) whatever
//!   becomes of the grant.
//! * Triggers granted: every `on` a unit's own abilities fire on — `attack`, `defend`,
//!   `conquer_here`, `hold_here`, `moved_bf_to_bf`, `deathknell` (the unit still has it as it dies,
//!   CR 808), `unit_dies`, `beginning`, `you_discard`, `you_play_mighty`, `become_empowered`.
//!   Activated: every granted one, after the unit's own (`act cN 2`, …; `activated.rs`). Refused by the card reader: `play` (an ability is given to a unit
//!   on the board, after it was played: it would never trigger), `spell` (a spell's effect),
//!   `mighty_attacks_here` and `unit_moved_here_from_bf` (a battlefield's triggers).
//! * Dependent granted abilities (CR 726–727): Legion, Level N and Empowered are judged as for the
//!   unit's own — Legion by its controller's cards played this turn, Level by its controller's XP,
//!   Empowered by the unit's status — when the trigger would go pending or the ability be
//!   activated (`RiftGame::trigger_live`, `ability_active`).

use crate::action::ObjId;
use crate::cards::{Ability, DefId, Instr, On, Op};
use crate::layers::Effect;
use crate::state::*;

/// The `on` values a granted ability may have.
pub const GRANTABLE: [On; 12] = [
    On::Activated,
    On::Attack,
    On::Defend,
    On::ConquerHere,
    On::HoldHere,
    On::MovedBfToBf,
    On::Deathknell,
    On::UnitDies,
    On::Beginning,
    On::YouDiscard,
    On::YouPlayMighty,
    On::BecomeEmpowered,
];

/// Why a granted ability can't have this `on`.
fn not_grantable(on: On) -> &'static str {
    match on {
        On::Play => {
            "an ability is given to a unit on the board, after it was played: a granted play effect would never trigger"
        }
        On::Spell => "a spell's effect is not an ability a unit can be given",
        On::MightyAttacksHere | On::UnitMovedHereFromBf => {
            "a battlefield's trigger is not an ability a unit can be given"
        }
        _ => "not an ability a card file writes",
    }
}

impl RiftGame {
    /// The abilities granted to the object now, as (card, block), in timestamp order.
    pub fn granted_abilities(&self, id: ObjId) -> impl Iterator<Item = (DefId, u8)> + '_ {
        self.effects.iter().filter(move |l| l.unit == id).filter_map(|l| match l.effect {
            Effect::GrantAbility { def, ab } => Some((def, ab)),
            _ => None,
        })
    }

    pub(crate) fn granted_with(&self, id: ObjId, on: On) -> impl Iterator<Item = (DefId, u8)> + '_ {
        self.granted_abilities(id)
            .filter(move |&(d, a)| self.def(d).abilities.get(a as usize).is_some_and(|x| x.on == on))
    }

    /// Does the object have a granted ability on `on`?
    pub(crate) fn has_granted_on(&self, id: ObjId, on: On) -> bool {
        !self.effects.is_empty() && self.granted_with(id, on).next().is_some()
    }

    /// The card whose ability the item is (a granted one's card, else its source's).
    pub(crate) fn item_def(&self, item: &Item) -> Option<DefId> {
        item.ab_of.or(match item.src {
            ItemSrc::Spell(id) | ItemSrc::Obj(id) => Some(self.obj(id).def),
            ItemSrc::Legend(s) => Some(self.players[s as usize].legend),
            ItemSrc::Bf(b) if self.bfs[b as usize].blank => None,
            ItemSrc::Bf(b) => Some(self.bfs[b as usize].def),
        })
    }

    /// Make the object's granted `on` triggers pending (its controller controls them).
    pub(crate) fn push_granted_triggers(&mut self, id: ObjId, on: On, subject: Option<Tgt>) {
        if self.effects.is_empty() || on == On::Activated {
            return;
        }
        let list: Vec<(DefId, u8)> = self.granted_with(id, on).collect();
        let (c, here) = (self.obj(id).controller, self.loc(id));
        for (d, a) in list {
            // Legion, Level, Empowered: as for the unit's own abilities (CR 726–727).
            if !self.trigger_live(c, id, &self.def(d).abilities[a as usize]) {
                continue;
            }
            self.push_trigger(c, ItemSrc::Obj(id), a, here, subject);
            if let Some(p) = self.pending.last_mut() {
                p.item.ab_of = Some(d);
            }
        }
    }
}

/// The problems of one card's granted blocks and `grant_ability` instructions, as (pointer under
/// the card, field, message).
pub fn grant_problems(abilities: &[Ability]) -> Vec<(String, &'static str, String)> {
    let mut out = Vec::new();
    for (j, a) in abilities.iter().enumerate() {
        if a.granted && !GRANTABLE.contains(&a.on) {
            out.push((
                format!("/ability/{j}/on"),
                "on",
                format!("a granted '{:?}' ability: {}", a.on, not_grantable(a.on)),
            ));
        }
        let given = abilities.iter().flat_map(|b| b.effects.iter()).any(|i| grants(i) && i.n == j as i32);
        if a.granted && !given {
            out.push((
                format!("/ability/{j}/granted"),
                "granted",
                "a granted ability no grant_ability instruction gives would do nothing".to_string(),
            ));
        }
        for (k, ins) in a.effects.iter().enumerate() {
            if !grants(ins) {
                continue;
            }
            let ok = usize::try_from(ins.n).ok().and_then(|n| abilities.get(n)).is_some_and(|b| b.granted);
            if !ok {
                out.push((
                    format!("/ability/{j}/do/{k}/n"),
                    "n",
                    format!("grant_ability: ability {} of this card is not a block with granted = true", ins.n),
                ));
            }
        }
    }
    out
}

fn grants(ins: &Instr) -> bool {
    matches!(ins.op, Op::GrantAbility | Op::GrantAbilityThisTurn)
}

/// "give this ability (…) to" in English and Chinese.
pub fn grant_text(ins: &Instr, object: bool) -> (String, String) {
    let (turn, turn_zh) = if ins.op == Op::GrantAbilityThisTurn { (" this turn", "本回合") } else { ("", "") };
    let n = ins.n;
    if object {
        (format!("give ability {n} of this card{turn} to"), format!("{turn_zh}使其获得此牌的第{n}个能力"))
    } else {
        (format!("give a unit ability {n} of this card{turn}"), format!("{turn_zh}使一个单位获得此牌的第{n}个能力"))
    }
}
