//! Position notation (docs/ardent.md "Positions"): a position read back goes on identically
//! (the generator included), a hand-written one with a few cards is legal, and a bad one is
//! refused with a message naming the line, never a panic.

use ardent::{ArdentGame, ArdentOptions};
use engine::{EventLog, Game, GameRng, Status};

const SMALL: &str = "ardent position 1
turn: 2
current: P2
first: P1
P1 line: c0=OmegaCodex-001@active
P1 deck: c1=OmegaCodex-005
P2 hand: c17=OmegaCodex-026
P2 line: c18=OmegaCodex-014@dormant
P2 deck: c19=OmegaCodex-009 c20=OmegaCodex-020
";

fn read(text: &str) -> Result<ArdentGame, String> {
    ArdentGame::from_position(&ArdentOptions::default(), text).map_err(|e| e.to_string())
}

#[test]
fn a_read_position_plays_on_exactly_like_the_game_it_was_written_from() {
    let options = ArdentOptions::default();
    let mut rng = GameRng::new(41);
    let mut log = EventLog::disabled();
    let mut legal = Vec::new();
    for game in 0..20 {
        let setup = ArdentGame::sample_setup(&options, &mut rng).unwrap();
        let mut a = ArdentGame::new(&options, &setup, rng.next_u64()).unwrap();
        // Play a while, then copy the game through its position and go on with both.
        for _ in 0..(10 + game * 7) {
            let Status::ToAct(_) = a.status() else { break };
            legal.clear();
            a.legal_actions(&mut legal);
            a.apply(&legal[rng.index(legal.len())], &mut log).unwrap();
        }
        let text = a.position().unwrap();
        let mut b = ArdentGame::from_position(&options, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(b, a, "game {game}: the read state is the written one\n{text}");
        while let Status::ToAct(_) = a.status() {
            legal.clear();
            a.legal_actions(&mut legal);
            let act = legal[rng.index(legal.len())];
            a.apply(&act, &mut log).unwrap();
            b.apply(&act, &mut log).unwrap();
            assert_eq!(a.position(), b.position(), "game {game} after {act}");
        }
        assert_eq!(a.status(), b.status());
    }
}

#[test]
fn a_hand_written_position_with_a_few_cards_is_legal() {
    let g = read(SMALL).unwrap();
    assert_eq!(g.status(), Status::ToAct(engine::Seat(1)));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.contains(&ardent::ArdentAction::Play(17)), "{legal:?}");
    // Written back in the full form, which reads to the same state.
    let full = g.position().unwrap();
    assert!(full.contains("P1 hand: -") && full.contains("rng: 0+0"), "{full}");
    assert_eq!(read(&full).unwrap(), g);
    // Only the named cards are in the game: P2 owns 4, so the end test (§7) counts 4.
    assert_eq!(g.owned_outside_score(engine::Seat(1)), 4);
    assert_eq!(g.owned_outside_score(engine::Seat(0)), 2);
}

#[test]
fn a_bad_position_is_refused_naming_what_is_wrong() {
    let cases = [
        (SMALL.replace("ardent position 1", "fen"), "starts with"),
        (SMALL.replace("c1=OmegaCodex-005", "c0=OmegaCodex-005"), "placed twice"),
        (SMALL.replace("OmegaCodex-005", "OmegaCodex-555"), "unknown card"),
        (SMALL.replace("c1=OmegaCodex-005", "c1=OmegaCodex-005@active"), "only cards in play"),
        (SMALL.replace("P1 line: c0=OmegaCodex-001@active", "P1 relics: c0=OmegaCodex-001"), "not a relic"),
        (SMALL.replace("P1 line: c0=OmegaCodex-001@active", "P1 line: c0=OmegaCodex-099"), "not a creature"),
        (SMALL.replace("c0=", "c99="), "card instance"),
        (SMALL.replace("current: P2", "current: P3"), "not a seat"),
        (SMALL.replace("turn: 2", "turn: 0"), "count from 1"),
        (format!("{SMALL}flags: flying\n"), "unknown flag"),
        (format!("{SMALL}P1 attic: -\n"), "unknown zone"),
        (format!("{SMALL}turn: 3\n"), "given twice"),
        (
            format!("{SMALL}stack: [{{\"PlayCard\":{{\"card\":30,\"by\":0,\"enter_active\":false,\"phase\":0}}}}]\n"),
            "not in the position",
        ),
        (format!("{SMALL}queued: [{{\"source\":0,\"controller\":0,\"ability\":3}}]\n"), "has no ability"),
        (format!("{SMALL}rng: 7\n"), "SEED+WORDS"),
    ];
    for (text, want) in cases {
        let e = read(&text).expect_err(want);
        assert!(e.contains(want), "wanted '{want}', got: {e}");
    }
}
