//! Presentation (design.md §2): prompts name their source card, log lines say what happened in
//! words (damage, deaths, points, draws — draws private to the drawer), the catalogue has every
//! card with its text (legends and battlefields included), options are labelled, and conceding
//! works in every mode (CR 649–652).
mod common;
use common::*;
use engine::present::check_catalogue;
use engine::{EventKind, EventLog, EventText, Game, Seat, Viewer, Visibility};
use riftbound::state::{Loc, Zone};
use riftbound::{Mode, RiftAction, RiftGame, RiftOptions};
use std::collections::BTreeSet;

/// Apply `a` with the log on; the described entries with their visibility.
fn logged(t: &mut T, a: &str) -> Vec<(Visibility, EventText)> {
    let mut log = EventLog::enabled();
    t.g.apply_notation(a, &mut log).unwrap_or_else(|e| panic!("'{a}' refused: {e}"));
    log.take().into_iter().map(|e| (e.visible_to, t.g.describe_event(&e.event))).collect()
}

fn labels(entries: &[(Visibility, EventText)]) -> Vec<String> {
    entries.iter().map(|(_, e)| e.label.en.clone()).collect()
}

fn key(t: &T, id: riftbound::action::ObjId) -> String {
    t.g.card(id).id.clone()
}

fn setup_fuse_lighter() -> (T, u16, u16, u16) {
    let mut t = T::fury();
    t.plain();
    t.runes(0, 6);
    t.rune(0, "Ember Rune");
    t.rune(0, "Ember Rune");
    let boar = t.put(1, "Tuskguard Boar", Loc::Bf(1));
    t.own(1, 1);
    let fl = t.in_hand(0, "Fuse Lighter");
    let fodder = t.in_hand(0, "Blast Runner");
    (t, boar, fl, fodder)
}

/// CR 355, 383.3.b: every prompt while a card is played and its trigger put on the chain names
/// that card, in both languages, and gives it as the source.
#[test]
fn cr355_prompt_names_its_source_card() {
    let (mut t, boar, fl, fodder) = setup_fuse_lighter();
    t.act(&format!("play c{fl}"));
    let mut seen = Vec::new();
    for _ in 0..20 {
        let Some(p) = t.g.prompt() else { break };
        if p.id == "optional" || p.id == "target" || p.id == "pay" || p.id == "location" {
            assert!(p.title.en.contains("Fuse Lighter"), "{:?}", p.title);
            assert!(p.title.zh.contains(&t.g.card(fl).zh), "{:?}", p.title);
            assert_eq!(p.source.as_ref().and_then(|s| s.card.clone()), Some(key(&t, fl)));
            seen.push((p.id.clone(), p.title.en.clone()));
        }
        match p.id.as_str() {
            "optional" => {
                assert!(p.cancel.is_none(), "a trigger is declined, not backed out of");
                assert!(p.title.en.contains("optional trigger: discard a card to deal 2 damage"), "{}", p.title.en);
                // The discard choice answers this prompt, naming the card discarded.
                let a: RiftAction = format!("t c{fodder}").parse().unwrap();
                let meta = t.g.action_meta(&a);
                assert_eq!(meta.answers.as_deref(), Some("optional"));
                assert_eq!(meta.targets[0].id, fodder.to_string());
                t.act(&format!("t c{fodder}"));
            }
            "target" => {
                assert_eq!(p.title.en, "Fuse Lighter: choose a unit to deal 2 damage to");
                assert_eq!(p.picks_left, Some(1));
                t.act(&format!("t c{boar}"));
            }
            "pay" => {
                assert!(p.title.en.starts_with("Pay "), "{}", p.title.en);
                let first = t.legal()[0].clone();
                t.act(&first);
            }
            "priority" => break,
            _ => {
                let first = t.legal()[0].clone();
                t.act(&first);
            }
        }
    }
    assert!(seen.iter().any(|(id, _)| id == "optional") && seen.iter().any(|(id, _)| id == "target"), "{seen:?}");
    // Passing priority is no decision one can take back.
    assert!(t.g.prompt().unwrap().cancel.is_none());
}

/// CR 358.5: backing out of a card being played undoes the play — the card returns where it
/// came from and nothing is paid; a triggered ability can't be backed out of (only declined).
#[test]
fn cr358_back_out_of_playing_a_card_before_it_is_finished() {
    let (mut t, boar, _, _) = setup_fuse_lighter();
    let salvo = t.in_hand(0, "Reckless Salvo");
    let runes = t.ready_runes(0);
    let hand = t.hand(0);
    t.act(&format!("play c{salvo}"));
    let p = t.g.prompt().unwrap();
    assert_eq!(p.id, "additional_cost");
    assert_eq!(p.cancel.as_deref(), Some("back"));
    assert!(p.title.en.starts_with("Reckless Salvo: discard a card"), "{}", p.title.en);
    let back: RiftAction = "back".parse().unwrap();
    assert_eq!(t.g.action_meta(&back).kind, engine::ActionKind::Cancel);
    assert_eq!(t.g.action_label(&back).en, "Back out of playing Reckless Salvo");
    let h = t.g.players[0].hand[0];
    t.act(&format!("t c{h}"));
    assert!(t.g.prompt().unwrap().title.en.contains("Reckless Salvo: choose a unit to deal 4 damage to"));
    t.act("back");
    assert_eq!(t.zone(salvo), Zone::Hand);
    assert_eq!(t.zone(h), Zone::Hand, "the additional cost was not paid");
    assert_eq!((t.hand(0), t.ready_runes(0)), (hand, runes));
    assert_eq!(t.g.prompt().unwrap().id, "main");
    assert!(t.can(&format!("play c{salvo}")));
    let _ = boar;
}

/// CR 142.4, 323.3, 428: damage dealt (by what, to what, how much) and the death are log lines in
/// words, naming the cards.
#[test]
fn cr428_damage_and_death_lines_in_words() {
    let (mut t, boar, fl, fodder) = setup_fuse_lighter();
    let mut lines = Vec::new();
    let mut all = Vec::new();
    let play = logged(&mut t, &format!("play c{fl}"));
    let action = play.iter().find(|(_, e)| e.kind == EventKind::Action).expect("the action's line");
    assert_eq!(action.1.label.en, "P1: Play Fuse Lighter");
    assert_eq!(action.1.cards[0].id, fl.to_string(), "the action's line names the card by its view id");
    lines.extend(labels(&play));
    for _ in 0..30 {
        let Some(p) = t.g.prompt() else { break };
        let a = match p.id.as_str() {
            "optional" => format!("t c{fodder}"),
            "target" => format!("t c{boar}"),
            "priority" => "pass".to_string(),
            "main" => break,
            _ => t.legal()[0].clone(),
        };
        let entries = logged(&mut t, &a);
        lines.extend(labels(&entries));
        all.extend(entries);
    }
    assert_eq!(t.zone(boar), Zone::Trash);
    let damage = all.iter().find(|(_, e)| e.kind == EventKind::Damage).expect("a damage line");
    assert_eq!(damage.1.label.en, "Fuse Lighter dealt 2 damage to P2's Tuskguard Boar", "{lines:?}");
    assert!(damage.1.label.zh.contains("造成了2点伤害"));
    assert_eq!(damage.1.cards.iter().filter_map(|c| c.card.clone()).collect::<Vec<_>>(), [key(&t, fl), key(&t, boar)]);
    let death = all.iter().find(|(_, e)| e.kind == EventKind::Death).expect("a death line");
    assert_eq!(death.1.label.en, "P2's Tuskguard Boar died");
    assert!(lines.iter().any(|l| l == "P1 discarded Blast Runner"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "P1 played Fuse Lighter"), "{lines:?}");
}

/// CR 468–470, 194: a conquest and the point it scores are log lines naming who, how many and
/// the total.
#[test]
fn cr470_conquest_and_score_lines_in_words() {
    let mut t = T::fury();
    t.plain();
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    let mut all = logged(&mut t, &format!("move c{u} b2"));
    all.extend(logged(&mut t, "go"));
    for _ in 0..10 {
        if t.g.prompt().is_some_and(|p| p.id == "main") {
            break;
        }
        let a = t.legal()[0].clone();
        all.extend(logged(&mut t, &a));
    }
    let lines = labels(&all);
    assert!(lines.iter().any(|l| l == "P1's Blast Runner moved to Whispering Alcove"), "{lines:?}");
    assert!(lines.iter().any(|l| l == "P1 conquered Whispering Alcove"), "{lines:?}");
    let score = all.iter().find(|(_, e)| e.label.en.contains("scored")).expect("a score line");
    assert_eq!(score.1.kind, EventKind::Score);
    assert_eq!(score.1.label.en, "P1 scored 1 point: 1 of 8");
    assert_eq!(score.1.label.zh, "玩家1得到1分：共1/8分");
}

/// CR 413, 128: a draw is a `card` event private to the drawer, naming the card; everyone else
/// reads "P2 drew a card". Turn and phase changes are events of their kinds.
#[test]
fn cr413_draw_is_private_to_the_drawer_and_of_kind_card() {
    let mut t = T::fury();
    let entries = logged(&mut t, "end");
    let mine: Vec<&EventText> = entries
        .iter()
        .filter(|(v, e)| *v == Visibility::Seat(Seat(1)) && e.label.en.starts_with("P2 drew"))
        .map(|(_, e)| e)
        .collect();
    assert_eq!(mine.len(), 1, "{entries:?}");
    assert_eq!(mine[0].kind, EventKind::Card);
    assert_ne!(mine[0].label.en, "P2 drew a card", "the drawer reads the card's name");
    assert!(mine[0].cards[0].card.is_some());
    let public: Vec<&EventText> =
        entries.iter().filter(|(v, _)| *v == Visibility::AllBut(Seat(1))).map(|(_, e)| e).collect();
    assert_eq!(public.len(), 1);
    assert_eq!(public[0].label.en, "P2 drew a card");
    assert_eq!(public[0].label.zh, "玩家2抽了一张牌");
    assert_eq!(public[0].kind, EventKind::Card);
    assert!(public[0].cards.is_empty());
    // Nothing about the drawn card leaks into a public entry.
    let name = &mine[0].label.en["P2 drew ".len()..];
    for (v, e) in &entries {
        if v.shows_to(Viewer::Seat(Seat(0))) {
            assert!(!e.label.en.contains(name) || e.kind != EventKind::Card, "{e:?}");
        }
    }
    assert!(entries.iter().any(|(_, e)| e.kind == EventKind::Turn && e.label.en == "Turn 2: P2's turn"));
    assert!(entries.iter().any(|(_, e)| e.kind == EventKind::Phase && e.label.en == "P2's Main Phase"));
    // Channelled runes are `card` events too (they come from the hidden rune deck).
    assert!(entries.iter().any(|(_, e)| e.kind == EventKind::Card && e.label.en.starts_with("P2 channeled")));
}

/// Every draw, reveal and shuffle is a `card` event (the server refuses undo across them): the
/// mulligan's draws and recycling are, privately.
#[test]
fn cr117_mulligan_draws_and_recycles_are_private_card_events() {
    let opts = RiftOptions::default();
    let mut g =
        RiftGame::new(&opts, &setup("Wildfire Rush", "Thunderhorn Stampede", "Scorched Plaza", "Titan's Footprint"), 1)
            .unwrap();
    let h = g.players[0].hand[0];
    let mut log = EventLog::disabled();
    g.apply_notation(&format!("mull c{h}"), &mut log).unwrap();
    let mut log = EventLog::enabled();
    g.apply_notation("keep", &mut log).unwrap();
    let texts: Vec<(Visibility, EventText)> =
        log.take().into_iter().map(|e| (e.visible_to, g.describe_event(&e.event))).collect();
    let cards: Vec<&(Visibility, EventText)> = texts.iter().filter(|(_, e)| e.kind == EventKind::Card).collect();
    assert!(cards.iter().any(|(v, e)| *v == Visibility::Seat(Seat(0)) && e.label.en.starts_with("P1 drew ")));
    assert!(cards.iter().any(|(v, e)| *v == Visibility::AllBut(Seat(0)) && e.label.en == "P1 drew a card"));
    assert!(cards.iter().any(|(v, e)| *v == Visibility::AllBut(Seat(0))
        && e.label.en == "P1 recycled a card from hand to the bottom of their deck"));
}

/// The catalogue has every card of ST1 — legends with their ability text, battlefields with
/// theirs, runes, the Cadet token — in both languages, and every `card` a view names.
#[test]
fn catalogue_has_legends_and_battlefields_with_their_ability_text() {
    let t = T::fury();
    let cat = t.g.catalogue();
    check_catalogue(&cat).unwrap();
    assert_eq!(cat.len(), t.g.db().cards.len() + 1, "every card and the blank battlefield");
    let legend = cat.iter().find(|c| c.key == "ST1-001").unwrap();
    assert_eq!((legend.type_en.as_str(), legend.type_zh.as_str()), ("Legend", "传奇"));
    assert_eq!(legend.text_en, "[1], [E]: Draw a card, then discard a card.");
    assert!(!legend.text_zh.is_empty());
    let bf = cat.iter().find(|c| c.key == "ST1-024").unwrap();
    assert_eq!(bf.name_en, "Scorched Plaza");
    assert_eq!(bf.type_en, "Battlefield");
    assert_eq!(bf.text_en, "Units here have Assault 1.");
    assert_eq!(bf.text_zh, "此处的单位具有强攻 1。");
    let roxa = cat.iter().find(|c| c.key == "ST1-002").unwrap();
    assert_eq!(roxa.cost.as_deref(), Some("3 R"));
    assert_eq!(roxa.power, Some(3));
    assert!(roxa.keywords.iter().any(|k| k.en == "Accelerate" && k.zh == "急速"));
    assert!(roxa.keywords.iter().any(|k| k.en == "Assault 1"));
    assert!(cat.iter().any(|c| c.key == "ST1-107" && c.type_en == "Unit Token"));
    assert!(
        cat.iter().all(|c| !c.text_en.is_empty() && !c.text_zh.is_empty()),
        "every card has its text in both languages"
    );
    // Every `card` key a view shows is in the catalogue; legends and battlefields carry ids.
    let keys: BTreeSet<String> = cat.iter().map(|c| c.key.clone()).collect();
    let v = serde_json::to_value(t.g.view(Viewer::Seat(Seat(0)))).unwrap();
    let mut found = Vec::new();
    collect_cards(&v, &mut found);
    assert!(found.len() > 10);
    for k in &found {
        assert!(keys.contains(k), "{k} not in the catalogue");
    }
    assert_eq!(v["players"][0]["legend_card"]["id"], "L1");
    assert_eq!(v["players"][0]["legend_card"]["card"], "ST1-001");
    assert_eq!(v["battlefields"][0]["id"], "b1");
    assert_eq!(v["battlefields"][0]["card"], "ST1-024");
    assert!(v["players"][0]["rune_cards"].as_array().is_some_and(|r| !r.is_empty()));
}

fn collect_cards(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match (k.as_str(), x) {
                    ("card", serde_json::Value::String(s)) => out.push(s.clone()),
                    _ => collect_cards(x, out),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| collect_cards(x, out)),
        _ => {}
    }
}

/// Every rules option is labelled, in both languages, and only those (the keys of the default
/// options JSON); the setup's test hooks are labelled as test settings.
#[test]
fn options_info_labels_every_option_and_test_settings() {
    let info = RiftGame::options_info();
    let keys: BTreeSet<String> = info.iter().map(|o| o.key.clone()).collect();
    let json = serde_json::to_value(RiftOptions::default()).unwrap();
    let want: BTreeSet<String> = json.as_object().unwrap().keys().cloned().collect();
    assert_eq!(keys, want);
    for o in &info {
        assert!(!o.name.en.is_empty() && !o.name.zh.is_empty() && !o.description.zh.is_empty(), "{o:?}");
        assert_ne!(o.name.en, o.name.zh);
    }
    let mode = info.iter().find(|o| o.key == "mode").unwrap();
    let values: Vec<String> = mode.choices.iter().map(|c| c.value.as_str().unwrap().to_string()).collect();
    assert_eq!(values, ["duel", "ffa3", "ffa4", "two_vs_two"]);
    for c in &mode.choices {
        let m: Mode = serde_json::from_value(c.value.clone()).unwrap();
        let _ = m;
    }
    // The match formats, the Bo1 variant setup of spec §25 among them, labelled in both languages.
    let m = info.iter().find(|o| o.key == "match").unwrap();
    let values: Vec<String> = m.choices.iter().map(|c| c.value.as_str().unwrap().to_string()).collect();
    assert_eq!(values, ["bo1", "bo3", "bo5", "bo1_variant"]);
    let variant = &m.choices[3].label;
    assert!(variant.en.contains("Bo1 variant") && variant.en.contains("§25"), "{variant:?}");
    assert!(variant.zh.contains("Bo1变体") && variant.zh.contains("§25"), "{variant:?}");
    for c in &m.choices {
        let f: riftbound::options::MatchFormat = serde_json::from_value(c.value.clone()).unwrap();
        assert_eq!(serde_json::to_value(f).unwrap(), c.value);
    }
    let first = info.iter().find(|o| o.key == "choose_first").unwrap();
    assert!(first.description.en.contains("2v2") && first.description.zh.contains("2对2"), "{first:?}");
    let setup = riftbound::present::setup_info();
    for k in ["top", "battlefield", "first"] {
        let o = setup.iter().find(|o| o.key == k).unwrap();
        assert!(o.name.en.starts_with("Test setting") && o.name.zh.starts_with("测试设置"), "{o:?}");
    }
}

fn opts(mode: Mode) -> RiftOptions {
    RiftOptions { mode, allow_concede: true, ..RiftOptions::default() }
}

fn winners(g: &RiftGame) -> Vec<u8> {
    g.outcome.as_ref().map(|o| o.winners.iter().map(|s| s.0).collect()).unwrap_or_default()
}

fn concede(g: &mut RiftGame, seat: u8) -> Vec<EventText> {
    let a = g.concede_action(Seat(seat)).unwrap_or_else(|| panic!("P{} may not concede now", seat + 1));
    assert_eq!(a.to_string(), format!("concede P{}", seat + 1), "the notation names the seat");
    assert_eq!(a.to_string().parse::<RiftAction>().unwrap(), a);
    let mut log = EventLog::enabled();
    g.apply(&a, &mut log).unwrap();
    log.take().into_iter().map(|e| g.describe_event(&e.event)).collect()
}

/// CR 649: in 1v1 the opponent wins, also when the seat conceding is not the one to act.
#[test]
fn cr649_concession_1v1_out_of_turn_the_opponent_wins() {
    let mut t = T::multi(opts(Mode::Duel), &["Wildfire Rush", "Thunderhorn Stampede"]);
    assert_eq!(t.seat(), 0);
    assert!(t.g.concede_action(Seat(1)).is_some(), "a player not to act may concede");
    let lines = concede(&mut t.g, 1);
    assert_eq!(winners(&t.g), [0]);
    let o = t.g.outcome.clone().unwrap();
    let label = t.g.outcome_label(&o);
    assert!(label.en.starts_with("P1 wins: every opponent conceded"), "{}", label.en);
    assert!(label.zh.starts_with("玩家1获胜"), "{}", label.zh);
    assert!(lines.iter().any(|e| e.kind == EventKind::End), "{lines:?}");
    assert!(t.g.concede_action(Seat(0)).is_none(), "the game is over");
}

/// CR 650–652: in FFA a player may concede out of turn and leaves; the others play on; when one
/// player is left, that player wins.
#[test]
fn cr651_concession_ffa_out_of_turn_leaves_and_the_others_play_on() {
    for mode in [Mode::Ffa3, Mode::Ffa4] {
        let decks = ["Wildfire Rush", "Thunderhorn Stampede", "Lyceum Muster", "Tailwind Roamers"];
        let n = mode.seats();
        let mut t = T::multi(opts(mode), &decks[..n]);
        assert_eq!(t.seat(), 0);
        let lines = concede(&mut t.g, 2);
        assert!(t.g.players[2].left && t.g.outcome.is_none(), "{mode:?}: the others play on");
        assert_eq!(t.seat(), 0, "P1 is still to act");
        assert!(lines.iter().any(|e| e.label.en == "P3 conceded and left the game (CR 649)"), "{lines:?}");
        assert!(t.g.concede_action(Seat(2)).is_none(), "a player who left can't concede again");
        t.act("end");
        assert_ne!(t.seat(), 2, "turn order skips who left");
        let others: Vec<u8> = (1..n as u8).filter(|&s| s != 2).collect();
        for s in others {
            concede(&mut t.g, s);
        }
        assert_eq!(winners(&t.g), [0], "{mode:?}");
        let label = t.g.outcome_label(t.g.outcome.as_ref().unwrap());
        assert!(label.en.starts_with("P1 wins"), "{}", label.en);
    }
}

/// CR 652: in 2v2 a concession loses for the whole team, out of turn too; the other team wins
/// together.
#[test]
fn cr652_concession_2v2_the_team_loses_together() {
    let decks = ["Wildfire Rush", "Thunderhorn Stampede", "Lyceum Muster", "Tailwind Roamers"];
    let mut t = T::multi(opts(Mode::TwoVsTwo), &decks);
    assert_eq!(t.seat(), 0);
    concede(&mut t.g, 3);
    assert_eq!(winners(&t.g), [0, 2]);
    let label = t.g.outcome_label(t.g.outcome.as_ref().unwrap());
    assert!(label.en.starts_with("Team P1 & P3 wins"), "{}", label.en);
    assert!(label.zh.starts_with("玩家1与玩家3队伍获胜"), "{}", label.zh);
}

/// Conceding is off unless the option is on; a bare `concede` (older replays) still reads.
#[test]
fn cr649_concede_needs_the_option_and_bare_notation_reads() {
    let t = T::fury();
    assert!(t.g.concede_action(Seat(1)).is_none());
    assert_eq!("concede".parse::<RiftAction>().unwrap().to_string(), "concede");
    assert_eq!("concede p3".parse::<RiftAction>().unwrap().to_string(), "concede P3");
    assert!("concede P0".parse::<RiftAction>().is_err());
}

/// Actions say what they are and which cards they name, with the ids the view gives them.
#[test]
fn action_meta_names_cards_by_their_view_ids() {
    let mut t = T::fury();
    t.plain();
    let u = t.put(0, "Blast Runner", Loc::Base(0));
    let mut v = Vec::new();
    t.g.legal_actions(&mut v);
    let mv = v.iter().find(|a| a.to_string() == format!("move c{u} b1")).unwrap();
    let meta = t.g.action_meta(mv);
    assert_eq!(meta.kind, engine::ActionKind::Move);
    assert_eq!(meta.subject.as_ref().unwrap().id, u.to_string());
    assert_eq!(meta.targets[0].id, "b1");
    let legend = v.iter().find(|a| a.to_string() == "act L");
    if let Some(a) = legend {
        assert_eq!(t.g.action_meta(a).subject.unwrap().id, "L1");
    }
    let end = v.iter().find(|a| a.to_string() == "end").unwrap();
    assert_eq!(t.g.action_meta(end).kind, engine::ActionKind::Pass);
    let p = t.g.prompt().unwrap();
    assert_eq!(p.id, "main");
    assert!(p.title.en.contains("Main Phase") && p.title.zh.contains("主要阶段"));
}

/// CR 649–652 out of turn, in random games of every mode: now and then a seat that is not to act
/// concedes by `concede_action`. The game goes on with a legal decision for someone still in it,
/// replays from its notation, and ends with winners who never left (a whole team in 2v2).
#[test]
fn cr649_out_of_turn_concessions_in_random_games_of_every_mode() {
    use engine::{GameRng, Status};
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let o = opts(mode);
        let mut out_of_turn = 0;
        for seed in 0..30u64 {
            let mut rng = GameRng::new(seed ^ 0xC0C0);
            let setup = RiftGame::sample_setup(&o, &mut rng).unwrap();
            let mut g = RiftGame::new(&o, &setup, seed).unwrap();
            let mut history = Vec::new();
            let mut log = EventLog::disabled();
            let mut v = Vec::new();
            for _ in 0..g.max_actions() {
                let seat = match g.status() {
                    Status::Over(_) => break,
                    Status::ToAct(s) => s,
                };
                assert!(!g.players[seat.index()].left, "{mode:?} seed {seed}: a player who left is to act");
                v.clear();
                g.legal_actions(&mut v);
                assert!(!v.is_empty(), "{mode:?} seed {seed}: no legal action");
                let other = Seat(rng.index(g.num_seats()) as u8);
                let a = match g.concede_action(other) {
                    Some(a) if other != seat && rng.index(150) == 0 => {
                        out_of_turn += 1;
                        a
                    }
                    _ => {
                        let w: Vec<RiftAction> =
                            v.iter().copied().filter(|a| !matches!(a, RiftAction::Concede(_))).collect();
                        w[rng.index(w.len())]
                    }
                };
                g.apply(&a, &mut log).unwrap_or_else(|e| panic!("{mode:?} seed {seed}: {a}: {e}"));
                history.push(a.to_string());
            }
            let Status::Over(out) = g.status() else { panic!("{mode:?} seed {seed}: game did not end") };
            for w in &out.winners {
                assert!(!g.players[w.index()].left, "{mode:?} seed {seed}: a winner who left");
            }
            if mode == Mode::TwoVsTwo && !out.winners.is_empty() {
                assert_eq!(out.winners.len(), 2, "a team wins together");
            }
            let rebuilt = engine::game::replay_actions::<RiftGame>(&o, &setup, seed, &history).unwrap();
            assert!(rebuilt == g, "{mode:?} seed {seed}: the notation rebuilds the game");
        }
        assert!(out_of_turn > 5, "{mode:?}: only {out_of_turn} out-of-turn concessions");
    }
}
