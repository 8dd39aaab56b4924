//! Action notation (design.md §2): every form round-trips; malformed text is refused.

use riftbound::{Ref, RiftAction, Src};

#[test]
fn every_action_form_round_trips() {
    let all = [
        RiftAction::Mull(5),
        RiftAction::Keep,
        RiftAction::Play(12),
        RiftAction::Act(Src::Legend),
        RiftAction::Act(Src::Obj(3)),
        RiftAction::Act(Src::Nth(3, 1)),
        RiftAction::Act(Src::Nth(3, 255)),
        RiftAction::Move(4, Ref::Bf(0)),
        RiftAction::Move(4, Ref::Base),
        RiftAction::Add(7),
        RiftAction::Go,
        RiftAction::Hide(9, 1),
        RiftAction::End,
        RiftAction::Pass,
        RiftAction::Pick(Ref::Obj(60)),
        RiftAction::Pick(Ref::Bf(1)),
        RiftAction::Pick(Ref::Base),
        RiftAction::Yes,
        RiftAction::No,
        RiftAction::Done,
        RiftAction::First(2),
    ];
    for a in all {
        let text = a.to_string();
        assert_eq!(text.parse::<RiftAction>().unwrap(), a, "{text}");
    }
    assert_eq!(RiftAction::Move(4, Ref::Bf(0)).to_string(), "move c4 b1");
    assert_eq!(RiftAction::Pick(Ref::Bf(1)).to_string(), "t b2");
}

/// CR 376–381, 477.2: `act c5 N` names a permanent's N-th activated ability (1-based); the old
/// `act c5` is the first, and `act c5 1` reads as it (one text per action).
#[test]
fn act_names_which_ability() {
    assert_eq!(RiftAction::Act(Src::Nth(5, 1)).to_string(), "act c5 2");
    assert_eq!("act c5".parse::<RiftAction>().unwrap(), RiftAction::Act(Src::Obj(5)));
    assert_eq!("act c5 1".parse::<RiftAction>().unwrap(), RiftAction::Act(Src::Obj(5)));
    assert_eq!("act c5 3".parse::<RiftAction>().unwrap(), RiftAction::Act(Src::Nth(5, 2)));
    for bad in ["act c5 0", "act c5 x", "act c5 257", "act c5 2 3", "act L 2"] {
        assert!(bad.parse::<RiftAction>().is_err(), "{bad:?}");
    }
}

#[test]
fn malformed_notation_is_refused() {
    for bad in
        ["", "fly", "play", "play 12", "move c1", "move c1 b0", "hide c1 base", "t", "first x", "keep now", "act"]
    {
        assert!(bad.parse::<RiftAction>().is_err(), "{bad:?}");
    }
}

/// The match actions (TR 403, spec §5): `swap dA dB`, `champion dC`, `field N` (1-based), and
/// conceding the whole match (`concede P2 match`; bare `concede match`: the seat to act).
#[test]
fn match_action_notation_round_trips() {
    for (a, text) in [
        (RiftAction::Swap(2, 99), "swap d2 d99"),
        (RiftAction::Champion(99), "champion d99"),
        (RiftAction::Field(1), "field 2"),
        (RiftAction::ConcedeMatch(1), "concede P2 match"),
        (RiftAction::ConcedeMatch(u8::MAX), "concede match"),
        (RiftAction::Concede(1), "concede P2"),
    ] {
        assert_eq!(a.to_string(), text);
        assert_eq!(text.parse::<RiftAction>().unwrap(), a, "{text}");
    }
    for bad in [
        "swap d2",
        "swap c2 d3",
        "champion",
        "champion 5",
        "field 0",
        "field",
        "field b1",
        "swap d1 d2 d3",
        "concede P2 game",
        "concede P2 match now",
        "concede match P2",
    ] {
        assert!(bad.parse::<RiftAction>().is_err(), "{bad:?}");
    }
}
