//! CR 103 deck construction and the deck-list text format.

use riftbound::starter::{STARTER_DECKS, WILDFIRE_RUSH};
use riftbound::DeckList;

#[test]
fn cr103_all_four_starter_decks_parse_and_are_legal() {
    for (name, text) in STARTER_DECKS {
        let d = DeckList::parse(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        d.validate(true).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(d.main_cards().len(), 39, "{name}: 39 besides the Chosen Champion");
        assert_eq!(d.rune_cards().len(), 12);
        assert_eq!(d.battlefields.len(), 3);
    }
}

#[test]
fn deck_list_round_trips_through_its_text_form() {
    let d = DeckList::parse(WILDFIRE_RUSH).unwrap();
    let again = DeckList::parse(&d.to_string()).unwrap();
    assert_eq!(d, again);
}

#[test]
fn deck_list_accepts_3x_counts_comments_and_blank_lines() {
    let text = WILDFIRE_RUSH.replace("3 Blast Runner", "# a comment\n\n3x Blast Runner");
    let d = DeckList::parse(&text).unwrap();
    assert_eq!(d, DeckList::parse(WILDFIRE_RUSH).unwrap());
}

fn err(text: &str) -> String {
    match DeckList::parse(text) {
        Err(e) => e.to_string(),
        Ok(d) => d.validate(true).expect_err("must be illegal").to_string(),
    }
}

#[test]
fn unknown_card_is_refused_naming_it() {
    let e = err(&WILDFIRE_RUSH.replace("3 Blast Runner", "3 Jinx, Loose Cannon"));
    assert!(e.contains("unknown card 'Jinx, Loose Cannon'"), "{e}");
}

#[test]
fn cr103_2_b_at_most_three_copies() {
    let e = err(&WILDFIRE_RUSH.replace("3 Blast Runner", "4 Blast Runner").replace("2 Scram!", "1 Scram!"));
    assert!(e.contains("CR 103.2.b"), "{e}");
}

#[test]
fn cr103_2_b_champion_copies_count_with_the_chosen_champion() {
    let e =
        err(&WILDFIRE_RUSH.replace("3 Blast Runner", "2 Blast Runner\n3 Roxa, Fuse Runner").replace("2 Scram!", ""));
    assert!(e.contains("CR 103.2.b"), "{e}");
}

#[test]
fn cr103_1_b_domain_identity() {
    let e = err(&WILDFIRE_RUSH.replace("2 Scram!", "2 Hall Sentinel"));
    assert!(e.contains("CR 103.1.b"), "{e}");
}

#[test]
fn cr103_2_main_deck_size_and_tr601_exactly_forty() {
    let e = err(&WILDFIRE_RUSH.replace("2 Scram!", "1 Scram!"));
    assert!(e.contains("at least 40"), "{e}");
    let e = err(&WILDFIRE_RUSH.replace("1 Firecracker Crate", "2 Firecracker Crate"));
    assert!(e.contains("TR 601.1.b"), "{e}");
    let d = DeckList::parse(&WILDFIRE_RUSH.replace("1 Firecracker Crate", "2 Firecracker Crate")).unwrap();
    assert!(d.validate(false).is_ok(), "CR alone allows more than 40");
}

#[test]
fn cr103_3_exactly_twelve_runes_in_identity() {
    let e = err(&WILDFIRE_RUSH.replace("6 Ember Rune", "5 Ember Rune"));
    assert!(e.contains("CR 103.3"), "{e}");
    let e = err(&WILDFIRE_RUSH.replace("6 Ember Rune", "6 Stone Rune"));
    assert!(e.contains("CR 103.3"), "{e}");
}

#[test]
fn cr103_4_three_battlefields_with_different_names() {
    let e = err(&WILDFIRE_RUSH.replace("1 Scorched Plaza\n", ""));
    assert!(e.contains("CR 103.4"), "{e}");
    let e = err(&WILDFIRE_RUSH.replace("1 Scorched Plaza", "1 Fireworks Pier"));
    assert!(e.contains("TR 402.1"), "{e}");
}

#[test]
fn cr103_2_a_chosen_champion_must_match_the_legend() {
    let e = err(&WILDFIRE_RUSH.replace("Champion: 1 Roxa, Fuse Runner", "Champion: 1 Wren, Gale Dancer"));
    assert!(e.contains("CR 103.2.a"), "{e}");
    let e = err(&WILDFIRE_RUSH.replace("Champion: 1 Roxa, Fuse Runner", "Champion: 1 Blast Runner"));
    assert!(e.contains("CR 103.2.a"), "{e}");
}

#[test]
fn cr103_2_d_signature_cards_need_the_legend_tag_and_at_most_three() {
    // Three Signature cards are allowed (ST1 has one Signature name per legend, so more than three
    // can't be built from it without breaking CR 103.2.b first).
    let three = DeckList::parse(&WILDFIRE_RUSH.replace("2 Fresh Fuse", "3 Fresh Fuse").replace("2 Scram!", "1 Scram!"));
    assert!(three.unwrap().validate(true).is_ok());
    let text = WILDFIRE_RUSH.replace("Legend: 1 Roxa, Wildfire Heart", "Legend: 1 Wren, Tailwind Wanderer");
    assert!(err(&text).contains("CR 103"), "a Roxa deck under Wren is illegal");
}

#[test]
fn cr103_1_a_deck_needs_a_legend() {
    let e = err(&WILDFIRE_RUSH.replace("Legend: 1 Roxa, Wildfire Heart\n", ""));
    assert!(e.contains("CR 103.1"), "{e}");
}
