//! Equipment keywords: Quick-Draw (CR 819) and Weaponmaster (CR 821), and attaching (CR 434).
//! Both are card data (`cards::KeywordAbility`): Quick-Draw a play trigger of the Equipment with
//! `attach` to a friendly unit, Weaponmaster a "you may" play trigger of the unit with
//! `equip_to_me` on an Equipment you control.

use crate::action::ObjId;
use crate::cards::kw;
use crate::payment::Cost;
use crate::state::*;

impl RiftGame {
    /// Attach gear `g` to unit `u` (CR 434): not a move; the gear shares the unit's location.
    pub fn attach(&mut self, g: ObjId, u: ObjId) {
        let zone = self.obj(u).zone;
        let gg = &mut self.objs[g as usize];
        gg.attached_to = u;
        gg.zone = zone;
        self.objs[u as usize].set(flag::EQUIPPED, true);
        self.relayer_dynamic_control();
    }

    /// Whether a keyword row of a card goes pending now: Weaponmaster's only while the unit has
    /// the keyword (its card's or a grant's, CR 821); Hunt's is fired by `hunt_trigger`.
    pub(crate) fn keyword_row_live(&self, id: ObjId, k: crate::cards::KeywordAbility) -> bool {
        match k {
            crate::cards::KeywordAbility::Weaponmaster => self.has_kw(id, kw::WEAPONMASTER),
            // An Equipment's Temporary is fired for its unit or itself (`temporary.rs`); a unit's
            // row is its printed Temporary or a dependent grant's, while the grant is active.
            crate::cards::KeywordAbility::Temporary => self.own_temporary(id),
            _ => true,
        }
    }

    /// `equip_to_me` (Weaponmaster, CR 821): the source unit, if still on the board, and the
    /// first chosen Equipment with its Equip cost reduced by [A] (one Power pip less,
    /// `weaponmaster_cost`: the pip the player chose while resolution is paused at it, else the
    /// first payable; not an activation of Equip).
    pub(crate) fn equip_pair(&self, item: &Item, gears: &[ObjId]) -> Option<(ObjId, ObjId, Cost)> {
        let ItemSrc::Obj(unit) = item.src else { return None };
        if self.obj(unit).inc != item.src_inc || !self.obj(unit).zone.on_board() {
            return None;
        }
        let g = gears.iter().copied().find(|&g| self.card(g).equipment)?;
        let pip = self.resolving.as_ref().map_or(0, |r| r.pip);
        Some((unit, g, self.weaponmaster_cost(item.controller, g, pip)))
    }

    /// Weaponmaster's Equip cost is paid on resolution as a cost inside an instruction
    /// (`instr_pay.rs`, CR 204.3, 821): the payment prompt opens (true) when there is a cost to
    /// pay and it can be paid; an unpayable one is noted and nothing happens (false). When the
    /// [A] reduction may take off Power pips of different domains and more than one leaves a
    /// payable cost, the player first chooses which (`Stage::EquipPip`, CR 821: they pay the
    /// reduced cost, and which Powers pay it is theirs to say).
    pub(crate) fn begin_equip_pay(&mut self, item: &Item, ins: &crate::cards::Instr) -> bool {
        let gears = self.select(item, ins);
        let Some((_, g, cost)) = self.equip_pair(item, &gears) else { return false };
        if cost.is_free() {
            return false;
        }
        if !self.can_pay(item.controller, &cost) {
            self.note_instr_pay(item.controller, &cost, false);
            return false;
        }
        let ask = self.weaponmaster_pips(item.controller, g).len() > 1;
        self.open_instr_pay_at(item, if ask { Stage::EquipPip } else { Stage::PayInstr });
        true
    }

    /// The full Equip cost of the paused `equip_to_me`'s Equipment (before [A]), for the prompt.
    pub(crate) fn equip_cost_full(&self) -> Cost {
        let Some((view, ins)) = self.instr_paused().filter(|(_, i)| i.op == crate::cards::Op::EquipToMe) else {
            return Cost::default();
        };
        let gears = self.select(&view, &ins);
        self.equip_pair(&view, &gears).map(|(_, g, _)| self.equip_cost(g)).unwrap_or_default()
    }

    /// The pips the open `EquipPip` prompt offers (`weaponmaster_pips` of the paused
    /// `equip_to_me`'s Equipment), in cost order.
    pub(crate) fn equip_pip_choices(&self, seat: u8) -> Vec<u8> {
        let Some((view, ins)) = self.instr_paused().filter(|(_, i)| i.op == crate::cards::Op::EquipToMe) else {
            return Vec::new();
        };
        let gears = self.select(&view, &ins);
        match self.equip_pair(&view, &gears) {
            Some((_, g, _)) => self.weaponmaster_pips(seat, g),
            None => Vec::new(),
        }
    }

    /// `equip_to_me` once its cost is paid, or when it has none: attach the Equipment to the
    /// source unit (CR 821); if the unit or the Equipment is gone, nothing happens.
    pub(crate) fn equip_to_me(&mut self, item: &Item, gears: Vec<ObjId>, paid: bool) {
        if let Some((unit, g, cost)) = self.equip_pair(item, &gears) {
            if paid || cost.is_free() {
                self.attach(g, unit);
            }
        }
    }
}
