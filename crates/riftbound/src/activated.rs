//! A permanent's activated abilities, in the order `act cN` numbers them (CR 376–381, 477.2):
//! its own first — Equip's row first, as the card shows it (CR 818), then the others in card
//! order; Empower's is `empower cN` (CR 827) — then every ability granted to it, in timestamp
//! order (`grant.rs`). `act c5` activates the first, `act c5 2` the second (`Src::Nth`).
//!
//! Units, gear and every other permanent number their abilities alike: a unit's own activated
//! abilities and the granted ones are all offered (each one an action of its own).

use crate::action::{ObjId, Src};
use crate::cards::{DefId, KeywordAbility, On};
use crate::state::*;

/// One activated ability of a permanent: the block, and the card it is on when it was granted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Activated {
    pub ab: u8,
    pub granted_by: Option<DefId>,
}

impl RiftGame {
    /// The object's activated abilities, numbered as `act` numbers them (module docs).
    pub(crate) fn activated_abilities(&self, id: ObjId) -> impl Iterator<Item = Activated> + '_ {
        let d = self.card(id);
        let equip = d.keyword_ability(KeywordAbility::Equip);
        let own = d.abilities.iter().enumerate().filter(move |(i, a)| {
            a.on == On::Activated && !a.granted && a.keyword != Some(KeywordAbility::Empower) && Some(*i) != equip
        });
        let granted = (!self.effects.is_empty()).then(|| self.granted_with(id, On::Activated)).into_iter().flatten();
        equip
            .map(|i| Activated { ab: i as u8, granted_by: None })
            .into_iter()
            .chain(own.map(|(i, _)| Activated { ab: i as u8, granted_by: None }))
            .chain(granted.map(|(g, a)| Activated { ab: a, granted_by: Some(g) }))
    }

    /// The object's `k`-th activated ability (0-based).
    pub(crate) fn nth_activated(&self, id: ObjId, k: u8) -> Option<Activated> {
        self.activated_abilities(id).nth(k as usize)
    }

    /// How many activated abilities the object has now.
    pub(crate) fn activated_count(&self, id: ObjId) -> usize {
        self.activated_abilities(id).count()
    }

    /// The number (0-based) of the item's ability among its source's activated abilities.
    pub(crate) fn activated_number(&self, item: &Item) -> Option<usize> {
        let ItemSrc::Obj(id) = item.src else { return None };
        self.activated_abilities(id).position(|a| a.ab == item.ab && a.granted_by == item.ab_of)
    }
}

/// The action source for the object's `k`-th activated ability: `act cN` for the first.
pub(crate) fn src_nth(id: ObjId, k: u8) -> Src {
    if k == 0 {
        Src::Obj(id)
    } else {
        Src::Nth(id, k)
    }
}

impl RiftGame {
    /// Which of its activated abilities an item or action is, in words, when its source has
    /// several: `(ability 2: draw 1; given by Test Gift)` / `（第2个能力：抽1张牌；由测试赠予给予）`;
    /// `None` when it has one (its name says which).
    pub(crate) fn activated_words(&self, id: ObjId, k: usize, a: Activated) -> Option<(String, String)> {
        if self.activated_count(id) < 2 {
            return None;
        }
        let mut item = self.new_item(self.obj(id).controller, ItemSrc::Obj(id), a.ab, self.loc(id), NOBODY);
        item.ab_of = a.granted_by;
        let (fe, fz) = self.ability_effect(&item);
        let (ge, gz) = match a.granted_by {
            Some(g) => {
                let g = self.def(g);
                (format!("; given by {}", g.name), format!("；由{}给予", g.zh))
            }
            None => (String::new(), String::new()),
        };
        Some((format!("ability {}: {fe}{ge}", k + 1), format!("第{}个能力：{fz}{gz}", k + 1)))
    }

    /// The item's ability in words when its source has several activated ones (above).
    pub(crate) fn item_activated_words(&self, item: &Item) -> Option<(String, String)> {
        let ItemSrc::Obj(id) = item.src else { return None };
        if item.trigger || self.obj(id).inc != item.src_inc {
            return None;
        }
        let k = self.activated_number(item)?;
        self.activated_words(id, k, Activated { ab: item.ab, granted_by: item.ab_of })
    }
}
