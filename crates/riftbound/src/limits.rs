//! Limits on arithmetic Might changes (CR 477.3, spec §21): "gets -3 Might this turn, to a minimum
//! of 1" and "+N Might this turn, to a maximum of M". The limit of a non-passive effect is
//! **snapshotted** when the effect is applied: the change is worked out once against the unit's
//! Might at that moment and then stays what it is, whatever later changes its Might. A change
//! the limit would turn around becomes +0 ("you can't increase by a negative amount", CR 477.3).
//!
//! The vocabulary's limits are on the `might` instruction (`limit`); passive Might statics carry
//! no limits, so the unsnapshotted passive case (CR 477.3) has nothing to act on.

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
    fn a_maximum_stops_an_increase() {
        assert_eq!(limited_change(3, 4, Some(5)), 2);
        assert_eq!(limited_change(6, 4, Some(5)), 0);
        assert_eq!(limited_change(1, 2, Some(5)), 2);
        assert_eq!(limited_change(1, -2, None), -2);
    }
}
