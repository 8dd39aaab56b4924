//! Position notation: position → from_position → position is identical, the read state equals
//! the original, and both play identically, over many random positions and option sets.

mod common;
use common::*;
use engine::{EventLog, Game, GameRng, Seat, Viewer};
use fate::options::*;
use fate::{FateGame, FateOptions};

fn option_sets() -> Vec<FateOptions> {
    vec![
        FateOptions::default(),
        FateOptions { auto_recover: AutoRecover::Manual, open_hands: false, ..FateOptions::default() },
        FateOptions {
            buff_order: BuffOrder::SimultaneousHidden,
            kos_duration: KosDuration::UntilEndOfOpponentNextTurn,
            wand_window: WandWindow::SinceOwnLastTurnStart,
            setup_must_spend_all: false,
            ..FateOptions::default()
        },
    ]
}

#[test]
fn position_round_trips_and_plays_identically_over_random_games() {
    let mut checked = 0;
    for (k, opts) in option_sets().iter().enumerate() {
        for seed in 0..60u64 {
            let mut rng = GameRng::derive(seed, k as u64);
            let mut g = FateGame::new(opts, &Default::default(), seed).unwrap();
            let mut log = EventLog::disabled();
            let mut legal = Vec::new();
            let mut steps = 0;
            while !g.status().is_over() && steps < 3000 {
                let text = g.position().unwrap();
                let back = FateGame::from_position(opts, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
                assert_eq!(back.position().unwrap(), text);
                assert_eq!(back, g, "read state differs\n{text}");
                checked += 1;
                legal.clear();
                g.legal_actions(&mut legal);
                let a = legal[rng.index(legal.len())];
                g.apply(&a, &mut log).unwrap();
                steps += 1;
            }
            let text = g.position().unwrap();
            assert_eq!(FateGame::from_position(opts, &text).unwrap(), g);
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn position_read_rejects_broken_text() {
    let o = FateOptions::default();
    for bad in [
        "chess ply=1",
        &pos_text("hand1=-"),
        &pos_text("row1=NP,NP"),
        &pos_text("res1=11:0,1:0,1:0,1:0"),
        &pos_text("step=nowhere"),
        &pos_text("cap1=W:KS:0,W:KS:0 res1=1:0,1:0,3:0,1:0"),
        &pos_text("row1=NPq"),
        &pos_text("pend=split:P2:W:5:kos"),
    ] {
        assert!(FateGame::from_position(&o, bad).is_err(), "{bad}");
    }
}

#[test]
fn position_example_from_the_docs_reads() {
    let text = "fate ply=9 ap=P1 first=P1 step=main res1=0:2,3:0,1:0,4:0 res2=1:0,1:0,1:0,1:0 \
                row1=JP,QS hand1=KP,NP,NC,NW,JC hand2=kc,nc,np,nw,ns setup1=5:3:2 setup2=5:4:0";
    let mut g = FateGame::from_position(&FateOptions::default(), text).unwrap();
    act(&mut g, "act=QS:4");
    assert_eq!(winner(&g), Some(0));
}

#[test]
fn a_64_hidden_hands_are_resampled_consistently_by_determinize() {
    let opts = FateOptions { open_hands: false, ..FateOptions::default() };
    let mut g = new_game(&opts);
    acts(&mut g, &["king=S", "queen=C", "comp=32", "knights=PCW", "pages=CS"]);
    acts(&mut g, &["king=W", "queen=W", "comp=24", "knights=PS", "pages=PCWS"]);
    acts(&mut g, &["draw=C", "play=NP", "endmain"]);
    let v = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(v.players[0].hand_hidden, Some(6));
    assert!(v.players[0].hand.is_empty() && v.players[0].aside.is_none());
    let mut hands = std::collections::BTreeSet::new();
    for s in 0..30 {
        let d = g.determinize(Seat(1), &mut GameRng::new(s));
        assert_eq!(d.view(Viewer::Seat(Seat(1))), v);
        let all = d.view(Viewer::Omniscient);
        let h: Vec<String> = all.players[0].hand.iter().map(|c| c.card.clone()).collect();
        assert_eq!(h.iter().filter(|c| c.starts_with('K')).count(), 1, "one King: {h:?}");
        assert_eq!(h.iter().filter(|c| c.starts_with('Q')).count(), 1, "one Queen: {h:?}");
        hands.insert(h);
    }
    assert!(hands.len() > 3, "resampling varies the hidden hand");
    // A card returned from the field becomes known in hand.
    let opts2 = opts;
    let mut g2 = at_with(&opts2, "row1=NP hand1=KS");
    act(&mut g2, "ret=NP");
    assert_eq!(g2.view(Viewer::Seat(Seat(1))).players[0].hand.len(), 1);
}

/// Mutated positions either fail to read with an error or play on without panicking.
#[test]
fn mutated_positions_never_panic() {
    let opts = FateOptions::default();
    let mut rng = GameRng::new(777);
    let mut log = EventLog::disabled();
    let mut legal = Vec::new();
    let mut read_ok = 0;
    for seed in 0..100u64 {
        let mut g = FateGame::new(&opts, &Default::default(), seed).unwrap();
        for _ in 0..(40 + (seed as usize % 12) * 5) {
            legal.clear();
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a = legal[rng.index(legal.len())];
            g.apply(&a, &mut log).unwrap();
        }
        let text = g.position().unwrap();
        for _ in 0..40 {
            let mut bytes: Vec<u8> = text.clone().into_bytes();
            for _ in 0..3 {
                let i = rng.index(bytes.len());
                if bytes[i].is_ascii_digit() {
                    bytes[i] = b'0' + rng.below(10) as u8;
                } else if bytes[i].is_ascii_alphabetic() {
                    bytes[i] = b"PCWSKQNJpcwskqnjafohdu"[rng.index(22)];
                }
            }
            let Ok(m) = String::from_utf8(bytes) else { continue };
            if let Ok(mut h) = FateGame::from_position(&opts, &m) {
                read_ok += 1;
                for _ in 0..200 {
                    legal.clear();
                    h.legal_actions(&mut legal);
                    if legal.is_empty() {
                        assert!(h.status().is_over(), "no legal action but not over:\n{m}");
                        break;
                    }
                    let a = legal[rng.index(legal.len())];
                    h.apply(&a, &mut log).unwrap();
                    let _ = h.view(Viewer::Seat(Seat(0)));
                }
            }
        }
    }
    assert!(read_ok > 50, "{read_ok}");
}
