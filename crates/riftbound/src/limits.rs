//! Limits on arithmetic Might changes (CR 477.3, spec §21): "gets -3 Might this turn, to a minimum
//! of 1" and "+N Might this turn, to a maximum of M". The limit of a non-passive effect is
//! **snapshotted** when the effect is applied: the change is worked out once against the unit's
//! Might at that moment and then stays what it is, whatever later changes its Might. A change
//! the limit would turn around becomes +0 ("you can't increase by a negative amount", CR 477.3).
//!
//! The vocabulary's limits are on the `might` instruction (`limit`) and on Might statics ("units
//! you control with tag X have +2 Might, to a maximum of 5": `static` `might` with `limit`). A
//! passive ability's limit is **not** snapshotted (CR 477.3.b): it is worked out again whenever
//! Might is, against the Might the unit has at that point of layer 3 ([`passive_layer3`]).

use crate::action::ObjId;
use crate::cards::{Instr, Op};
use crate::state::RiftGame;

/// The change a limited effect makes to Might `current` (CR 477.3): a decrease stops at the
/// minimum, an increase at the maximum, and neither changes sign.
pub fn limited_change(current: i32, n: i32, limit: Option<i32>) -> i32 {
    match limit {
        None => n,
        Some(min) if n < 0 => n.max(min - current).min(0),
        Some(max) => n.min(max - current).max(0),
    }
}

impl RiftGame {
    /// The change `n` (limited by `limit`) makes to the unit's Might now, snapshotted.
    pub(crate) fn limited_might_change(&self, unit: ObjId, n: i32, limit: Option<i32>) -> i32 {
        if limit.is_none() {
            return n;
        }
        limited_change(self.might(unit), n, limit)
    }
}

/// Layer 3 with passive limits (CR 477.3.e, 479): `increased` is layer 1's Might plus every
/// increase of a fixed amount (unlimited, or snapshotted), `decreases` the sum of the fixed
/// decreases; `passives` the limited passive changes (n, limit) in timestamp order (their cards'
/// entering the board, `RiftGame::static_stamp`; board order among cards without one).
/// Increases come first (CR 477.3.e.1) — a limited passive increase depends on the fixed ones (its
/// result changes with them, theirs not with it, CR 479), so it applies after them — then the
/// decreases (CR 477.3.e.2), a limited passive decrease after the fixed ones. Two limited
/// passives depend on each other (CR 479.1): timestamp order. "This turn" Might changes count one
/// by one (`Obj::temp_down`): +3 and -2 this turn are an increase of 3 and a decrease of 2.
pub fn passive_layer3(increased: i32, decreases: i32, passives: &[(i32, i32)]) -> i32 {
    let mut m = increased;
    for &(n, limit) in passives.iter().filter(|p| p.0 > 0) {
        m += limited_change(m, n, Some(limit));
    }
    m += decreases;
    for &(n, limit) in passives.iter().filter(|p| p.0 < 0) {
        m += limited_change(m, n, Some(limit));
    }
    m
}

/// Why a static's `limit` is wrong, if it is: only a Might static takes one.
pub fn static_limit_problem(s: &crate::cards::Static) -> Option<&'static str> {
    match (s.limit, s.effect) {
        (None, _) => None,
        (Some(_), crate::cards::StaticEffect::Might) => None,
        (Some(_), _) => Some("only a might static takes a limit (CR 477.3)"),
    }
}

/// Why an instruction's `limit` is wrong, if it is: only `might` takes one, with a non-zero `n`.
pub fn limit_problem(ins: &Instr) -> Option<&'static str> {
    match (ins.limit, ins.op) {
        (None, _) => None,
        (Some(_), Op::Might) if ins.n == 0 => Some("a limit on a Might change of 0 would do nothing"),
        (Some(_), Op::Might) => None,
        (Some(_), _) => Some("only the might instruction takes a limit (CR 477.3)"),
    }
}

/// "give -3 Might this turn, to a minimum of 1" in English and Chinese.
pub fn limited_might_text(n: i32, limit: i32, object: bool) -> (String, String) {
    let (bound, bound_zh) = if n < 0 { ("minimum", "最低") } else { ("maximum", "最高") };
    if object {
        (
            format!("give {n:+} Might this turn (to a {bound} of {limit}) to"),
            format!("本回合使其战力{n:+}（{bound_zh}为{limit}）"),
        )
    } else {
        (
            format!("give a unit {n:+} Might this turn (to a {bound} of {limit})"),
            format!("本回合使一个单位战力{n:+}（{bound_zh}为{limit}）"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::limited_change;

    #[test]
    fn a_minimum_stops_a_decrease_and_never_turns_it_into_an_increase() {
        // CR 477.3: Might 4, -5 to a minimum of 1 → -3; Might 2 → -1; Might 1 or 0 → +0.
        assert_eq!(limited_change(4, -5, Some(1)), -3);
        assert_eq!(limited_change(2, -5, Some(1)), -1);
        assert_eq!(limited_change(1, -5, Some(1)), 0);
        assert_eq!(limited_change(0, -5, Some(1)), 0);
        assert_eq!(limited_change(9, -2, Some(1)), -2);
    }

    #[test]
    fn passive_limits_are_worked_out_in_layer_order() {
        use super::passive_layer3;
        // CR 477.3.e: 4 Might, -2 this turn, "+2 to a maximum of 5": the increase first (+1, to 5),
        // then the decrease: 3 (not 4 - 2 = 2, +2 = 4).
        assert_eq!(passive_layer3(4, -2, &[(2, 5)]), 3);
        // CR 479: the passive applies after the fixed +2 (4 + 2 = 6: +0), not before (+1, then +2).
        assert_eq!(passive_layer3(6, 0, &[(2, 5)]), 6);
        // A limited decrease after the fixed ones: 5 - 1 = 4, "-3 to a minimum of 2" → 2.
        assert_eq!(passive_layer3(5, -1, &[(-3, 2)]), 2);
        // Two limited passives: timestamp order (3, +1 max 5 → 4, +3 max 5 → 5).
        assert_eq!(passive_layer3(3, 0, &[(1, 5), (3, 5)]), 5);
    }

    #[test]
    fn a_maximum_stops_an_increase() {
        assert_eq!(limited_change(3, 4, Some(5)), 2);
        assert_eq!(limited_change(6, 4, Some(5)), 0);
        assert_eq!(limited_change(1, 2, Some(5)), 2);
        assert_eq!(limited_change(1, -2, None), -2);
    }
}
