//! Presentation (design.md §2): log lines in words, prompts naming their source card, draws
//! private, the outcome in words, every rules option described, cards named by view ids.

use ardent::testkit::*;
use ardent::CardState::*;
use ardent::{ArdentGame, ArdentOptions};
use engine::{CardRef, EventKind, EventText, Game, Viewer};

/// The log lines `viewer` sees, in words.
fn lines(t: &Table, viewer: Viewer) -> Vec<EventText> {
    t.events(viewer).iter().map(|e| t.g.describe_event(e)).collect()
}

fn name(n: u16) -> (String, String) {
    let d = ardent::CardDb::omega_codex().def(ardent::CardDb::omega_codex().lookup("OmegaCodex", n).unwrap());
    (d.name_en.clone(), d.name_zh.clone())
}

#[test]
fn s5_3_a_fight_death_is_logged_in_words_naming_the_defeated_card() {
    let mut t = Table::new();
    let a = t.play_area(P1, 41, Active); // Renegade, Power 8
    let d = t.play_area(P2, 1, Dormant); // Vix, Power 1
    t.fight(a, d);
    let log = lines(&t, Viewer::Spectator);
    let (vix, vix_zh) = name(1);
    let (renegade, _) = name(41);
    let fight = log.iter().find(|l| l.kind == EventKind::Damage).expect("a fight line");
    assert!(fight.label.en.contains(&renegade) && fight.label.en.contains(&vix), "{:?}", fight.label);
    assert_eq!(fight.label.en, format!("P1's {renegade} (8) fought P2's {vix} (1) and won"));
    let death = log.iter().find(|l| l.kind == EventKind::Death).expect("a death line");
    assert!(death.label.en.contains(&vix) && death.label.en.contains("died"), "{:?}", death.label);
    assert!(death.label.en.contains("P1 scores it"), "§5.3 step 5: scored by the winner: {:?}", death.label);
    assert!(death.label.zh.contains(&vix_zh) && death.label.zh.contains("阵亡"), "{:?}", death.label);
    assert_eq!(
        death.cards,
        vec![CardRef::new(d.to_string(), ardent::CardDb::omega_codex().lookup("OmegaCodex", 1).unwrap().to_string())]
    );
    assert!(log.iter().any(|l| l.label.en.contains(&format!("{renegade} won the fight"))), "{log:?}");
}

#[test]
fn s5_4_a_harvest_logs_the_score_change_with_the_new_total() {
    let mut t = Table::new();
    let c = t.play_area(P1, 41, Mature); // Renegade, 2 VP
    t.harvest(c);
    let log = lines(&t, Viewer::Seat(P2));
    let (renegade, _) = name(41);
    assert!(log.iter().any(|l| l.kind == EventKind::Action && l.label.en == format!("P1 harvested {renegade}")));
    let score = log.iter().find(|l| l.kind == EventKind::Score).expect("a score line");
    assert!(score.label.en.contains("P1 has 2 VP"), "{:?}", score.label);
}

#[test]
fn s5_3_a_prompt_names_its_source_card_and_what_it_is_for() {
    let mut t = Table::new();
    let a = t.play_area(P1, 41, Active);
    let d1 = t.play_area(P2, 1, Dormant);
    let d2 = t.play_area(P2, 5, Dormant);
    t.act(&format!("fight c{a}"));
    let p = t.g.prompt().expect("a prompt");
    let (renegade, renegade_zh) = name(41);
    assert_eq!(p.id, "fight_defender");
    assert!(p.title.en.starts_with(&format!("{renegade}: choose the enemy creature to fight")), "{:?}", p.title);
    assert!(p.title.zh.contains(&renegade_zh), "{:?}", p.title);
    assert_eq!(p.source.as_ref().map(|s| s.id.clone()), Some(a.to_string()));
    let legal: Vec<_> = {
        let mut v = Vec::new();
        t.g.legal_actions(&mut v);
        v
    };
    for act in &legal {
        let meta = t.g.action_meta(act);
        assert_eq!(meta.answers.as_deref(), Some("fight_defender"), "{act}");
    }
    let targets: Vec<String> = legal.iter().flat_map(|a| t.g.action_meta(a).targets).map(|c| c.id).collect();
    assert_eq!(targets, vec![d1.to_string(), d2.to_string()]);
}

#[test]
fn s5_5_an_effect_choice_names_the_card_whose_effect_asks() {
    let mut t = Table::new();
    t.play_area(P2, 1, Dormant);
    t.play_area(P2, 5, Dormant);
    let r = t.hand(P1, 71); // Recall: return an enemy creature to its owner's hand
    t.play(r);
    let p = t.g.prompt().expect("a prompt");
    let (recall, recall_zh) = name(71);
    assert_eq!(p.id, "pick");
    assert!(p.title.en.starts_with(&format!("{recall}: choose")), "{:?}", p.title);
    assert!(p.title.en.contains("owner's hand"), "what it is for: {:?}", p.title);
    assert!(p.title.zh.starts_with(&format!("{recall_zh}：")), "{:?}", p.title);
    assert_eq!(
        p.source,
        Some(CardRef::new(r.to_string(), ardent::CardDb::omega_codex().lookup("OmegaCodex", 71).unwrap().to_string()))
    );
    assert_eq!(p.cancel, None, "§4.1: a play is resolved completely, there is no backing out");
}

#[test]
fn s4_4_draws_are_private_to_the_drawer_and_of_kind_card() {
    let mut t = Table::new();
    t.act("end");
    let mine = lines(&t, Viewer::Seat(P1));
    let theirs = lines(&t, Viewer::Seat(P2));
    let (filler, _) = name(FILLER);
    let my_draws: Vec<_> = mine.iter().filter(|l| l.label.en.starts_with("P1 drew")).collect();
    let their_draws: Vec<_> = theirs.iter().filter(|l| l.label.en.starts_with("P1 drew")).collect();
    assert_eq!(my_draws.len(), 3);
    assert_eq!(their_draws.len(), 3);
    assert!(my_draws.iter().all(|l| l.kind == EventKind::Card && l.label.en == format!("P1 drew {filler}")));
    assert!(their_draws
        .iter()
        .all(|l| l.kind == EventKind::Card && l.label.en == "P1 drew a card" && l.cards.is_empty()));
    assert!(theirs.iter().all(|l| !l.label.en.contains(&filler)), "{theirs:?}");
    assert!(theirs.iter().any(|l| l.kind == EventKind::Turn && l.label.en.contains("P2's turn")));
}

#[test]
fn s7_the_outcome_is_said_in_words() {
    let mut t = Table::with_options(ArdentOptions { table_actions: true, ..Default::default() });
    t.act("concede");
    let engine::Status::Over(outcome) = t.g.status() else { panic!("the game is over") };
    let label = t.g.outcome_label(&outcome);
    assert_eq!(label.en, "P2 wins 0 to 0: P1 conceded");
    assert!(label.zh.contains("P2 获胜") && label.zh.contains("认输"), "{label:?}");
    let end = lines(&t, Viewer::Spectator);
    assert!(end.iter().any(|l| l.kind == EventKind::End && l.label == label));
}

#[test]
fn s9_options_info_describes_every_option_in_both_languages() {
    let info = ArdentGame::options_info();
    let defaults = serde_json::to_value(ArdentOptions::default()).unwrap();
    let keys: Vec<&str> = defaults.as_object().unwrap().keys().map(String::as_str).collect();
    let mut got: Vec<&str> = info.iter().map(|o| o.key.as_str()).collect();
    got.sort();
    let mut want = keys.clone();
    want.sort();
    assert_eq!(got, want);
    for o in &info {
        assert_eq!(o.default, defaults[&o.key], "{}", o.key);
        for l in [&o.name, &o.description] {
            assert!(!l.en.is_empty() && !l.zh.is_empty() && l.en != l.zh, "{}: {l:?}", o.key);
        }
    }
}

#[test]
fn a33_view_cards_carry_their_id_and_catalogue_key_hidden_hands_do_not() {
    let mut t = Table::new();
    let c = t.play_area(P1, 41, Active);
    let h = t.hand(P2, 5);
    let v = serde_json::to_value(t.g.view(Viewer::Seat(P1))).unwrap();
    let line = &v["players"][0]["line"][0];
    assert_eq!(line["id"], c);
    assert_eq!(line["card"], ardent::CardDb::omega_codex().lookup("OmegaCodex", 41).unwrap().to_string());
    assert!(v["players"][1]["hand"].is_null());
    assert!(!serde_json::to_string(&v).unwrap().contains(&format!("\"id\":{h},")));
    let catalogue = t.g.catalogue();
    assert!(catalogue.iter().any(|k| k.key == line["card"].as_str().unwrap() && k.name_en == name(41).0));
}
