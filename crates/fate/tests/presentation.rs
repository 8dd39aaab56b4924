//! Presentation (design.md §2): log events say what happened and name the cards, prompts say
//! what is decided and for which card, the catalogue and the options are complete, in English
//! and Chinese.

mod common;
use common::*;
use engine::present::check_catalogue;
use engine::{ActionKind, CardRef, EventKind, EventLog, EventText, Game, GameRng, Seat, Status, Viewer};
use fate::{FateEvent, FateGame, FateOptions};
use std::collections::BTreeSet;

/// Apply an action with the log on; the events with their words.
fn logged(g: &mut FateGame, a: &str) -> Vec<(FateEvent, EventText)> {
    let mut log = EventLog::enabled();
    g.apply_notation(a, &mut log).unwrap_or_else(|e| panic!("{a}: {e}"));
    log.take()
        .into_iter()
        .map(|e| {
            let t = g.describe_event(&e.event);
            (e.event, t)
        })
        .collect()
}

fn card(code: &str) -> CardRef {
    CardRef::new(code, code)
}

#[test]
fn r_c3_combat_death_names_the_dead_card_in_the_log() {
    let mut g = at("step=attacks row1=NP3,NC row2=np1,nc");
    let events = logged(&mut g, "atk=NP>L");
    let death = events.iter().find(|(_, t)| t.kind == EventKind::Death).expect("a death event");
    assert!(matches!(death.0, FateEvent::CombatResult { .. }), "{:?}", death.0);
    let t = &death.1;
    assert!(t.label.en.contains("P2's Knight of Pentacles died in combat"), "{}", t.label.en);
    assert!(t.label.zh.contains("P2的星币骑士在战斗中阵亡"), "{}", t.label.zh);
    assert!(t.cards.contains(&card("np")) && t.cards.contains(&card("NP")));
    // The declaration comes first, with both attack values.
    let declared = &events.iter().find(|(e, _)| matches!(e, FateEvent::AttackDeclared { .. })).unwrap().1;
    assert!(
        declared.label.en.contains("(attack 3) attacks P2's Knight of Pentacles (attack 1)"),
        "{}",
        declared.label.en
    );

    // A tie (R-C3 a = d) names both cards as dead.
    let mut g = at("step=attacks row1=NP2,NC row2=np2,nc");
    let events = logged(&mut g, "atk=NP>L");
    let FateEvent::CombatResult { died, .. } = &events.iter().find(|(_, t)| t.kind == EventKind::Death).unwrap().0
    else {
        panic!("no combat result")
    };
    assert_eq!(died, &vec!["np".to_string(), "NP".to_string()]);
}

#[test]
fn s5_1_14_queen_of_swords_prompt_names_its_source_card() {
    let mut g = at("row1=QS res1=1:0,1:0,1:0,1:0 row2=nc hand2=ks,np");
    let events = logged(&mut g, "act=QS:1");
    let used = &events.iter().find(|(e, _)| matches!(e, FateEvent::SkillUsed { .. })).unwrap().1;
    assert_eq!(used.label.en, "P1 used Queen of Swords' skill with X = 1, tapping 1 Wand and 1 Sword");
    assert_eq!(used.label.zh, "P1横置1张权杖和1张宝剑，发动宝剑皇后的技能（X = 1）");
    let p = g.prompt().expect("a prompt");
    assert_eq!(p.id, "queen_of_swords_victim");
    assert!(p.title.en.starts_with("Queen of Swords' skill: choose a Knight to discard"), "{}", p.title.en);
    assert!(p.title.zh.contains("宝剑皇后的技能"), "{}", p.title.zh);
    assert_eq!(p.source, Some(card("QS")));
    assert_eq!(p.cancel, None, "no Fate decision can be taken back");
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    for a in &legal {
        let m = g.action_meta(a);
        assert_eq!(m.answers.as_deref(), Some("queen_of_swords_victim"), "{a}");
        assert_eq!(m.kind, ActionKind::Target);
    }
    let events = logged(&mut g, "victim=nc");
    let t = &events.iter().find(|(_, t)| t.kind == EventKind::Death).unwrap().1;
    assert!(
        t.label.en.contains("P2 discarded P2's Knight of Cups from field for the Queen of Swords' skill"),
        "{}",
        t.label.en
    );
}

#[test]
fn s5_1_5_king_of_cups_prompt_counts_the_two_choices() {
    let mut g = at("row1=KC hand1=- res1=1:0,2:0,1:0,1:0 res2=1:0,1:0,1:0,1:0 row2=np hand2=ks");
    act(&mut g, "act=KC");
    let p = g.prompt().unwrap();
    assert_eq!((p.id.as_str(), p.picks_left, p.source.clone()), ("king_of_cups_choice", Some(2), Some(card("KC"))));
    assert!(p.title.en.starts_with("King of Cups' skill, choice 1 of 2"), "{}", p.title.en);
    act(&mut g, "koc=ret:np");
    assert_eq!(g.prompt().unwrap().picks_left, Some(1));
}

#[test]
fn r_c1_defensive_buff_has_its_own_prompt() {
    let mut g = at("step=main row1=NP row2=np");
    act(&mut g, "endmain");
    let p = g.prompt().unwrap();
    assert_eq!(p.id, "buff");
    act(&mut g, "donebuff");
    assert_eq!(to_act(&g), 1);
    let p = g.prompt().unwrap();
    assert_eq!(p.id, "defensive_buff");
    assert!(p.title.en.contains("before P1 attacks"), "{}", p.title.en);
    let events = logged(&mut g, "buff=np");
    assert!(events[0].1.label.en.contains("P2 tapped 1 Sword: Knight of Pentacles gains +1 attack (now 1)"));
}

#[test]
fn r_win_outcome_label_says_whose_king_was_discarded() {
    let mut g = at("row1=QS res1=1:0,1:0,1:0,4:0 hand2=ks");
    let events = logged(&mut g, "act=QS:4");
    let Status::Over(o) = g.status() else { panic!("not over") };
    let l = g.outcome_label(&o);
    assert_eq!(l.en, "P1 wins: P2's King was discarded");
    assert_eq!(l.zh, "P1获胜：P2的国王被弃置");
    let end = events.iter().find(|(_, t)| t.kind == EventKind::End).expect("an end event");
    assert!(end.1.label.en.contains("P1 wins"));
    assert!(events.iter().any(|(e, t)| matches!(e, FateEvent::CharacterDiscarded { .. })
        && t.label.en.contains("King of Swords from hand")
        && t.label.en.contains("P2 loses")));
}

#[test]
fn a_3_hidden_setup_choices_stay_hidden_in_the_log() {
    let mut g = new_game(&FateOptions::default());
    let mut log = EventLog::enabled();
    g.apply_notation("king=S", &mut log).unwrap();
    let theirs: Vec<_> = log.visible(Viewer::Seat(Seat(1))).cloned().collect();
    assert_eq!(theirs, vec![FateEvent::HiddenChoice { seat: 0 }]);
    let mine: Vec<_> = log.visible(Viewer::Seat(Seat(0))).cloned().collect();
    assert!(matches!(&mine[..], [FateEvent::Action { .. }]));
}

/// Random games with the log on: every event kind and prompt, checked as they come.
fn random_games(opts: &FateOptions, games: u64) -> (BTreeSet<String>, BTreeSet<String>, BTreeSet<String>) {
    let (mut kinds, mut variants, mut prompts) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    for seed in 0..games {
        let mut g = FateGame::new(opts, &Default::default(), seed).unwrap();
        let mut rng = GameRng::derive(seed, 9);
        let mut legal = Vec::new();
        while let Status::ToAct(_) = g.status() {
            let p = g.prompt().expect("every decision has a prompt");
            assert!(p.cancel.is_none());
            assert!(!p.title.en.is_empty() && !p.title.zh.is_empty() && p.title.en != p.title.zh);
            prompts.insert(p.id.clone());
            legal.clear();
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            let mut log = EventLog::enabled();
            g.apply(&a, &mut log).unwrap();
            for e in log.take() {
                let t = g.describe_event(&e.event);
                assert!(!t.label.en.is_empty() && !t.label.zh.is_empty(), "{:?}", e.event);
                kinds.insert(format!("{:?}", t.kind));
                let v = serde_json::to_value(&e.event).unwrap();
                variants.insert(v["kind"].as_str().unwrap().to_string());
            }
        }
    }
    (kinds, variants, prompts)
}

#[test]
fn every_event_kind_appears_in_some_game() {
    let (kinds, variants, prompts) = random_games(&FateOptions::default(), 40);
    for k in ["Turn", "Phase", "Action", "Damage", "Death", "Card", "End", "Info"] {
        assert!(kinds.contains(k), "event kind {k} never appeared: {kinds:?}");
    }
    for v in [
        "action",
        "game_over",
        "setup_revealed",
        "turn",
        "combat_begins",
        "untapped",
        "resource_gained",
        "played",
        "returned",
        "lineup",
        "skill_used",
        "buffed",
        "attack_declared",
        "combat_result",
        "resources_discarded",
        "character_discarded",
    ] {
        assert!(variants.contains(v), "event {v} never appeared: {variants:?}");
    }
    for p in ["setup_king", "setup_composition", "draw", "main", "lineup", "buff", "defensive_buff", "attack"] {
        assert!(prompts.contains(p), "prompt {p} never appeared: {prompts:?}");
    }
    // Manual recoveries and hidden hands add their own prompts.
    let opts = FateOptions { auto_recover: fate::options::AutoRecover::Manual, ..FateOptions::default() };
    let (_, _, prompts) = random_games(&opts, 10);
    for p in ["pentacle_recovery", "cup_recovery", "sword_recovery"] {
        assert!(prompts.contains(p), "prompt {p} never appeared: {prompts:?}");
    }
}

#[test]
fn catalogue_is_complete_and_every_court_card_has_skill_text_in_both_languages() {
    let g = new_game(&FateOptions::default());
    let cat = g.catalogue();
    check_catalogue(&cat).unwrap();
    assert_eq!(cat.len(), 32 + 40);
    let keys: BTreeSet<&str> = cat.iter().map(|c| c.key.as_str()).collect();
    for owner in 0..2 {
        for s in ["P", "C", "W", "S"] {
            for r in ["J", "N", "Q", "K"] {
                let key = if owner == 0 { format!("{r}{s}") } else { format!("{r}{s}").to_lowercase() };
                let c = cat.iter().find(|c| c.key == key).unwrap_or_else(|| panic!("{key} missing"));
                assert!(c.text_en.contains("Skill (tap"), "{key}: {}", c.text_en);
                assert!(c.text_zh.contains("技能（横置"), "{key}: {}", c.text_zh);
                assert_ne!(c.name_en, c.name_zh);
            }
        }
        for s in ["P", "C", "W", "S"] {
            for v in 1..=10 {
                let c = cat.iter().find(|c| c.key == format!("{s}{v}")).unwrap();
                assert_eq!((c.type_en.as_str(), c.power), ("Pip", Some(v)));
            }
        }
    }
    // Every card the view shows names a catalogue key, and carries its id.
    let g = at("row1=QS,NC hand1=KS row2=np hand2=ks");
    let v = serde_json::to_value(g.view(Viewer::Omniscient)).unwrap();
    for p in v["players"].as_array().unwrap() {
        for c in p["row"].as_array().unwrap().iter().chain(p["hand"].as_array().unwrap()) {
            assert_eq!(c["id"], c["card"]);
            assert!(keys.contains(c["card"].as_str().unwrap()), "{c}");
        }
    }
}

#[test]
fn s9_options_info_covers_exactly_the_options() {
    let info = FateGame::options_info();
    let defaults = serde_json::to_value(FateOptions::default()).unwrap();
    let want: BTreeSet<&str> = defaults.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    let got: BTreeSet<&str> = info.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(got, want);
    assert_eq!(info.len(), want.len(), "each option once");
    for o in &info {
        assert_eq!(o.default, defaults[&o.key], "{}", o.key);
        for l in [&o.name, &o.description] {
            assert!(!l.en.trim().is_empty() && !l.zh.trim().is_empty() && l.en != l.zh, "{}: {l:?}", o.key);
        }
        for c in &o.choices {
            assert!(!c.label.en.trim().is_empty() && !c.label.zh.trim().is_empty(), "{}", o.key);
        }
        let is_enum = defaults[&o.key].is_string() || defaults[&o.key].is_boolean();
        if is_enum {
            assert!(o.choices.len() >= 2, "{} lists its choices", o.key);
            assert!(o.choices.iter().any(|c| c.value == o.default), "{}: the default is a choice", o.key);
            // Every listed enum value is accepted by the options parser.
            for c in &o.choices {
                let mut v = defaults.clone();
                v[&o.key] = c.value.clone();
                serde_json::from_value::<FateOptions>(v).unwrap_or_else(|e| panic!("{} = {}: {e}", o.key, c.value));
            }
        } else {
            assert!(!o.choices.is_empty() || o.min.is_some(), "{} has choices or a range", o.key);
        }
    }
}

#[test]
fn r_c4_resource_attack_split_prompt_names_the_attacker() {
    let mut g = at("step=attacks row1=NP1 res2=1:0,1:1,1:0,1:0");
    act(&mut g, "atk=NP>C");
    assert_eq!(to_act(&g), 1);
    let p = g.prompt().unwrap();
    assert_eq!((p.id.as_str(), p.source.clone()), ("resource_split", Some(card("NP"))));
    assert!(p.title.en.starts_with("P1's Knight of Pentacles' resource attack: you discard 1 Cup"), "{}", p.title.en);
    // The position notation keeps the attacker (round trip).
    let text = g.position().unwrap();
    assert_eq!(FateGame::from_position(g.fate_options(), &text).unwrap().prompt(), Some(p));
    let events = logged(&mut g, "split=1");
    assert!(events[0].1.label.en.contains("P2 discarded 1 Cup to the pile (untapped) for a resource attack"));
}

/// (position overrides, actions): the event variant each skill's effect is logged as (§5.1).
#[test]
fn s5_1_every_skill_effect_is_logged_naming_its_source() {
    let cases: &[(&str, &[&str], &str, &str)] = &[
        (
            "row1=KP hand1=- res1=2:0,1:0,1:0,1:0 res2=0:2,1:0,1:1,0:0",
            &["act=KP", "split=0"],
            "resources_discarded",
            "King of Pentacles",
        ),
        ("row1=QP,NC3 hand1=KS res1=2:0,1:0,1:0,1:0 row2=np1,nc5", &["act=QP"], "weakened", "Queen of Pentacles"),
        ("row1=NP res1=1:1,1:0,1:0,1:0", &["act=NP"], "untapped", "Knight of Pentacles"),
        ("row1=JP res1=1:0,1:0,2:0,1:0", &["act=JP"], "resource_gained", "Page of Pentacles"),
        ("row1=QC hand1=KS res1=1:0,2:0,1:0,1:0 row2=np3,jc", &["act=QC:np"], "stolen", "Queen of Cups"),
        ("row1=NC res1=1:0,1:0,1:0,1:0 row2=jc,jw,qs", &["act=NC:jc+jw"], "returned", "Knight of Cups"),
        ("row1=KW hand1=- res1=0:1,0:1,3:0,0:1 res2=1:0,1:0,1:0,1:0", &["act=KW"], "untapped", "King of Wands"),
        (
            "row1=NW,NP2 res1=1:0,1:0,2:0,1:0 row2=np,nc,jc res2=1:0,1:0,1:0,0:0",
            &["act=NW:NP"],
            "extra_attack",
            "Knight of Wands",
        ),
        ("row1=KS hand1=- res1=1:0,1:0,3:0,4:0 res2=1:0,1:0,5:3,0:0", &["act=KS:W"], "cap_lowered", "King of Swords"),
        ("row1=NS res1=1:0,1:0,1:0,1:0", &["act=NS"], "bonus_ready", "Knight of Swords"),
    ];
    for (pos, actions, variant, source) in cases {
        let mut g = at(pos);
        let mut seen = Vec::new();
        for a in *actions {
            seen.extend(logged(&mut g, a));
        }
        let hit = seen.iter().find(|(e, _)| serde_json::to_value(e).unwrap()["kind"] == *variant);
        let (_, t) = hit.unwrap_or_else(|| panic!("{source}: no {variant} event in {seen:?}"));
        assert!(t.label.en.contains(source) || seen.iter().any(|(_, t)| t.label.en.contains(source)), "{}", t.label.en);
        assert!(seen.iter().any(|(e, _)| matches!(e, FateEvent::SkillUsed { .. })), "{source}");
    }
}
