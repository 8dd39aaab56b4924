//! The position notation (docs/riftbound.md, "Position notation"): any position reached in play
//! reads back as the identical state (every zone, flag and the generator) and plays on identically;
//! bad text is refused with one line naming the field.

use engine::{EventLog, Game, GameRng, Status};
use riftbound::{Mode, RiftGame, RiftOptions};

fn opts(mode: Mode) -> RiftOptions {
    RiftOptions { mode, ..RiftOptions::default() }
}

/// Play random games; at every 7th step the state read back from its position equals the state,
/// and both continue identically for the rest of the game.
#[test]
fn positions_read_back_as_the_identical_state_in_every_mode() {
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let o = opts(mode);
        let mut checked = 0;
        for seed in 0..6u64 {
            let mut rng = GameRng::new(seed);
            let setup = RiftGame::sample_setup(&o, &mut rng).unwrap();
            let mut g = RiftGame::new(&o, &setup, seed).unwrap();
            let mut log = EventLog::disabled();
            let mut v = Vec::new();
            let mut twin: Option<RiftGame> = None;
            for step in 0..g.max_actions() {
                if matches!(g.status(), Status::Over(_)) {
                    break;
                }
                if step % 7 == 0 {
                    let text = g.position().unwrap();
                    let read = RiftGame::from_position(&o, &text)
                        .unwrap_or_else(|e| panic!("{mode:?} seed {seed} step {step}: {e}\n{text}"));
                    assert!(read == g, "{mode:?} seed {seed} step {step}: read back differs\n{text}");
                    checked += 1;
                    if twin.is_none() && step > 100 {
                        twin = Some(read);
                    }
                }
                v.clear();
                g.legal_actions(&mut v);
                let a = v[rng.index(v.len())];
                g.apply(&a, &mut log).unwrap();
                if let Some(t) = twin.as_mut() {
                    t.apply(&a, &mut log).unwrap();
                    assert!(*t == g, "{mode:?} seed {seed} step {step}: the read-back game diverged after {a}");
                }
            }
        }
        assert!(checked > 100, "{mode:?}: only {checked} positions checked");
    }
}

const SMALL: &str = "riftbound mode=duel turn=3 tp=p1 phase=main
p1 legend=ST1-001 points=2 hand=ST1-003 base=ST1-101/x
p2 legend=ST1-026
b1 card=ST1-024 owner=p1 ctl=-
b2 card=ST1-047 owner=p2 ctl=p2";

/// Bad text is refused with one line naming the field; nothing is half-read.
#[test]
fn bad_positions_are_refused_naming_the_field() {
    let o = RiftOptions::default();
    let cases: [(&str, &str, &str); 15] = [
        ("riftbound", "ardent mode=duel", "position: must start with 'riftbound'"),
        ("mode=duel", "mode=chess", "mode: unknown mode 'chess'"),
        ("mode=duel", "mode=ffa3", "mode: the position is ffa3 but the options say Duel"),
        ("hand=ST1-003", "hand=ST1-999", "p1.hand: unknown card 'ST1-999'"),
        ("hand=ST1-003", "hand=ST1-003/wobbly", "p1.hand: unknown part 'wobbly'"),
        ("points=2", "points=two", "p1.points: 'two' is not a number"),
        ("tp=p1", "tp=p5", "tp: 'p5' is not a player p1..p2"),
        ("phase=main", "phase=lunch", "phase: unknown phase 'lunch'"),
        ("owner=p1 ctl=-", "owner=p1 ctl=- colour=red", "b1.colour: unknown field"),
        ("p2 legend=ST1-026", "p2 points=1", "p2.legend: missing"),
        ("hand=ST1-003", "hand=c4:ST1-003,c4:ST1-011", "p1.hand: c4 is given twice"),
        ("base=ST1-101/x", "base=ST1-101/x at3=ST1-003", "p1.at3: 'b3' is not a battlefield b1..b2"),
        ("ctl=p2", "ctl=p2\nchain item=p1:spell.c9:0", "chain.item: 'c9' is not an object of the position"),
        ("phase=main", "phase=main rng=xyz", "rng: 'xyz' is not a generator state"),
        // CR 446: only an object on the board is attached (`set_zone` reads the board for it).
        ("hand=ST1-003", "hand=ST1-003/on.c2", "p1.hand: only an object on the board is attached"),
    ];
    assert!(RiftGame::from_position(&o, SMALL).is_ok());
    for (from, to, want) in cases {
        assert!(SMALL.contains(from), "{from}");
        let text = SMALL.replacen(from, to, 1);
        let e = RiftGame::from_position(&o, &text).err().unwrap_or_else(|| panic!("accepted: {text}")).to_string();
        assert!(e.contains(want), "{text}\n gave '{e}', wanted '{want}'");
        assert!(!e.contains('\n'), "one line: {e}");
    }
}

/// A hand-written position gives ids in order of appearance and reads back as written.
#[test]
fn hand_written_position_reads_and_writes_back() {
    let g = RiftGame::from_position(&RiftOptions::default(), SMALL).unwrap();
    assert_eq!(g.players[0].points, 2);
    assert_eq!(g.players[0].hand, vec![0]);
    assert!(g.objs[1].has(riftbound::state::flag::EXHAUSTED));
    assert_eq!(g.status(), Status::ToAct(engine::Seat(0)));
    let again = RiftGame::from_position(&RiftOptions::default(), &g.position().unwrap()).unwrap();
    assert!(again == g);
}

/// The worked example of docs/riftbound.md reads: P2 holds Priority over the Sparkshot in a combat.
#[test]
fn position_example_from_the_docs_reads() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/riftbound.md")).unwrap();
    let at = doc.find("A worked example").expect("the worked example");
    let start = doc[at..].find("```\n").unwrap() + at + 4;
    let end = doc[start..].find("```").unwrap() + start;
    let o = RiftOptions::default();
    let g = RiftGame::from_position(&o, &doc[start..end]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(g.status(), Status::ToAct(engine::Seat(1)));
    assert_eq!(g.chain.len(), 1);
    assert_eq!(g.chain[0].targets.len(), 2);
    assert!(g.showdown.as_ref().is_some_and(|s| s.combat.is_some()));
    assert_eq!(g.bfs[0].facedown, 14);
    assert_eq!(g.obj(8).damage, 1);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.iter().any(|a| a.to_string() == "pass"), "{legal:?}");
    let again = RiftGame::from_position(&o, &g.position().unwrap()).unwrap();
    assert!(again == g);
    // P2 passes: Sparkshot resolves; both defenders take 1 (the Cadet survives: Lyceum Gatehouse
    // gives Shield 1, so it defends with 2 Might).
    let mut g = g;
    g.apply(&riftbound::RiftAction::Pass, &mut EventLog::disabled()).unwrap();
    assert_eq!(g.obj(12).damage, 1);
    assert_eq!((g.obj(13).damage, g.obj(13).zone), (1, riftbound::state::Zone::Bf(1)));
}

/// Positions from random games, mutated at random (a word dropped, two swapped, a part replaced by
/// another from the text): each is refused with an error, or it reads and plays on without a panic.
#[test]
fn mutated_positions_are_refused_or_play_on_without_panicking() {
    let mut read = 0;
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let o = opts(mode);
        for seed in 0..2u64 {
            let mut rng = GameRng::new(seed);
            let setup = RiftGame::sample_setup(&o, &mut rng).unwrap();
            let mut g = RiftGame::new(&o, &setup, seed).unwrap();
            let mut v = Vec::new();
            for step in 0..400 {
                if matches!(g.status(), Status::Over(_)) {
                    break;
                }
                if step % 20 == 0 {
                    let text = g.position().unwrap();
                    let words: Vec<&str> = text.split_whitespace().collect();
                    let split = |w: &str| w.split([',', '/', ':', '=']).map(str::to_string).collect::<Vec<_>>();
                    let parts: Vec<String> = words.iter().flat_map(|w| split(w)).filter(|p| !p.is_empty()).collect();
                    for _ in 0..20 {
                        let mut w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
                        let i = rng.index(w.len());
                        match rng.index(3) {
                            0 => drop(w.remove(i)),
                            1 => {
                                let j = rng.index(w.len());
                                w.swap(i, j)
                            }
                            _ => {
                                let mine = split(&w[i]);
                                let from = &mine[rng.index(mine.len())];
                                if !from.is_empty() {
                                    w[i] = w[i].replacen(from.as_str(), &parts[rng.index(parts.len())], 1);
                                }
                            }
                        }
                        let t = w.join(" ");
                        let played = std::panic::catch_unwind(|| {
                            let Ok(mut h) = RiftGame::from_position(&o, &t) else { return false };
                            let mut r = GameRng::new(1);
                            let mut legal = Vec::new();
                            for _ in 0..30 {
                                let _ = h.view(engine::Viewer::Spectator);
                                legal.clear();
                                h.legal_actions(&mut legal);
                                if legal.is_empty() {
                                    break;
                                }
                                let _ = h.apply(&legal[r.index(legal.len())], &mut EventLog::disabled());
                            }
                            true
                        })
                        .unwrap_or_else(|_| panic!("{mode:?}: a read position panicked:\n{t}"));
                        read += usize::from(played);
                    }
                }
                v.clear();
                g.legal_actions(&mut v);
                let a = v[rng.index(v.len())];
                g.apply(&a, &mut EventLog::disabled()).unwrap();
            }
        }
    }
    assert!(read > 300, "only {read} mutated positions read back");
}

/// Counters on a legend (`legend=ID/ctr.NAME.N`) and on a battlefield (`ctr=NAME.N,…`) are written
/// and read back (CR 741–749), and so is a build whose `spend_counter` cost was paid from the
/// legend (`unitat=L1`); a counter the set does not use is refused.
#[test]
fn counters_on_legends_and_battlefields_round_trip() {
    use engine::{CardSet, Cards};
    use serde_json::json;
    let vault = json!({ "id": "T-VAULT", "name": "Test Vault", "zh": "测试宝库", "kind": "legend",
        "domains": ["fury", "mind"], "text": "Spend a charge counter from this: Ready a unit.",
        "text_zh": "花费此牌上的一个充能计数器：重置一个单位。",
        "ability": [{ "on": "activated", "targets": [{}],
            "extra_cost": { "act": "spend_counter", "counter": "charge", "unit": { "what": "legend" } },
            "do": [{ "op": "ready", "t": 0 }] }] });
    let arena = json!({ "id": "T-ARENA", "name": "Test Arena", "zh": "测试竞技场", "kind": "battlefield",
        "text": "When you hold here, put a doom counter here.", "text_zh": "当你据守此处时，在此处放置一个厄运计数器。",
        "ability": [{ "on": "hold_here", "do": [{ "op": "add_counter", "counter": "doom", "n": 1, "who": "self" }] }] });
    let db = riftbound::cards::CardDb::builtin().with_cards(&[vault, arena], "test").unwrap();
    let opts = RiftOptions { cards: Cards::loaded(db), ..RiftOptions::default() };
    let text = "riftbound mode=duel turn=5 tp=p1 first=p1 phase=main\n\
        p1 legend=T-VAULT/ctr.charge.2 deck=ST1-011,ST1-011 base=c0:ST1-011/x,c3:ST1-011/x\n\
        p2 legend=T-VAULT/x/ctr.charge.1\n\
        b1 card=T-ARENA owner=p1 ctl=p1 ctr=doom.3\n\
        b2 card=ST1-047 owner=p2 ctl=-";
    let g = RiftGame::from_position(&opts, text).unwrap_or_else(|e| panic!("{e}"));
    let written = g.position().unwrap();
    assert!(written.contains("legend=T-VAULT/ctr.charge.2"), "{written}");
    assert!(written.contains("legend=T-VAULT/x/ctr.charge.1"), "{written}");
    assert!(written.contains("ctl=p1 ctr=doom.3"), "{written}");
    let again = RiftGame::from_position(&opts, &written).unwrap();
    assert!(again == g);
    let mut g = g;
    for a in ["act L", "t p1"] {
        g.apply(&a.parse().unwrap(), &mut EventLog::disabled()).unwrap_or_else(|e| panic!("{a}: {e:?}"));
    }
    let mid = g.position().unwrap();
    assert!(mid.contains(" unitat=L1"), "{mid}");
    let again = RiftGame::from_position(&opts, &mid).unwrap();
    assert!(again == g);
    assert_eq!(again.position().unwrap(), mid);
    for bad in [text.replace("ctr.charge.2", "ctr.rage.2"), text.replace("ctr=doom.3", "ctr=doom.0")] {
        assert!(RiftGame::from_position(&opts, &bad).is_err(), "{bad}");
    }
}
