//! The card table (spec §8, Appendix A): 100 cards, the documented counts, every card with
//! rules text carries an effect or keyword, and every card has its own test.

use ardent::{CardType, Rarity};

fn pool() -> &'static [ardent::CardDef] {
    ardent::CardDb::omega_codex().cards()
}

#[test]
fn omega_codex_has_the_documented_counts() {
    let p = pool();
    assert_eq!(p.len(), 100);
    let count = |t: CardType| p.iter().filter(|c| c.card_type == t).count();
    assert_eq!((count(CardType::Creature), count(CardType::Relic), count(CardType::Action)), (51, 11, 38));
    let rar = |r: Rarity| p.iter().filter(|c| c.rarity == r).count();
    assert_eq!((rar(Rarity::Common), rar(Rarity::Rare), rar(Rarity::Variant), rar(Rarity::Linked)), (53, 37, 8, 2));
    for (i, c) in p.iter().enumerate() {
        assert_eq!(c.number as usize, i + 1);
        assert_eq!(c.set, "OmegaCodex");
        assert!(!c.name_zh.is_empty() && !c.text_en.is_empty() && !c.text_zh.is_empty());
        if c.card_type == CardType::Creature {
            assert!((1..=10).contains(&c.power), "{}", c.name_en);
        }
        assert!((-2..=4).contains(&c.vp), "{}", c.name_en);
    }
    // Spot checks against Argel's cardpool.tsv (commit 0847a48).
    let g = &p[50];
    assert_eq!((g.name_en.as_str(), g.power, g.vp, g.rarity), ("Gynormica", 10, 3, Rarity::Rare));
    let w = &p[52];
    assert_eq!((w.name_en.as_str(), w.card_type, w.vp), ("Wromhole Generator", CardType::Relic, 1));
}

#[test]
fn no_card_with_rules_text_is_silent() {
    for c in pool() {
        let has_rules = c.text_en != "No rules text.";
        let k = &c.keywords;
        let has_keyword = k.team_up
            || k.bear_hug
            || k.sneak > 0
            || k.refill != 0
            || k.opp_refill != 0
            || k.cannot_harvest
            || k.only_dormant_targets
            || k.opp_no_actions
            || k.opp_only_creatures_while_active
            || k.friendly_power != 0
            || k.friendly_team_up
            || k.friendly_sneak > 0
            || k.neds_ladder;
        assert_eq!(has_rules, has_keyword || !c.abilities.is_empty(), "{} {}", c.number, c.name_en);
    }
}

#[test]
fn every_card_has_a_test_named_after_it() {
    let files = [
        include_str!("cards_001_025.rs"),
        include_str!("cards_026_050.rs"),
        include_str!("cards_051_075.rs"),
        include_str!("cards_076_100.rs"),
    ];
    for c in pool() {
        let name = format!("fn c{:03}_", c.number);
        assert!(files.iter().any(|f| f.contains(&name)), "no test for {:03} {}", c.number, c.name_en);
    }
}

#[test]
fn lookups_by_code_and_title() {
    assert_eq!(ardent::CardDb::omega_codex().lookup("OmegaCodex", 44), Some(43));
    assert_eq!(ardent::CardDb::omega_codex().lookup_title("what's this?"), Some(84));
    assert_eq!(ardent::CardDb::omega_codex().lookup_title("DUCK"), Some(98));
    assert_eq!(ardent::CardDb::omega_codex().lookup_title("Nope"), None);
    assert_eq!(ardent::CardDb::omega_codex().def(0).code(), "OmegaCodex 001");
}
