//! The terminal client draws from the presentation contract: card text on demand (`card NAME`,
//! `look N`), log lines and the game-over line in words, Chinese with `--lang zh`, and a cleared
//! screen between hot-seat players.

use std::io::Write;
use std::process::{Command, Stdio};

/// Run `cardtable play ARGS` with this scripted stdin; returns stdout.
fn play(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cardtable"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn card_name_prints_the_full_text_of_a_card_in_either_language() {
    let out = play(&["ardent", "--seed", "1"], "card recall\ncard Nothing Such Card\nquit\n");
    assert!(out.contains("Recall (召回) — Action"), "{out}");
    assert!(out.contains("Play: Put 1 enemy Creature into its owner's hand."), "{out}");
    assert!(out.contains("vp 1"), "the card's VP is printed: {out}");
    assert!(out.contains("no card is named 'Nothing Such Card'"), "{out}");
    let out = play(&["ardent", "--seed", "1", "--lang", "zh"], "card 召回\nquit\n");
    assert!(out.contains("召回 (Recall) — 行动"), "{out}");
    assert!(out.contains("打出：将1个敌方生物置入其拥有者的手牌。"), "{out}");
}

#[test]
fn card_name_prints_power_and_keywords_of_a_creature() {
    let out = play(&["ardent", "--seed", "1"], "card Renegade\nquit\n");
    assert!(out.contains("Renegade (叛逆者) — Creature"), "{out}");
    assert!(out.contains("Power: 8"), "{out}");
}

#[test]
fn look_n_prints_the_card_the_listed_action_is_about() {
    let out = play(&["ardent", "--seed", "1"], "look 1\nlook 99\nquit\n");
    // The first legal action of the Main step plays a card: "  1. play cN   Play NAME".
    let line = out.lines().find(|l| l.trim_start().starts_with("1. play c")).expect("a play action listed first");
    let name = line.split("Play ").nth(1).expect("its label names the card").trim();
    let after = &out[out.find(line).unwrap() + line.len()..];
    assert!(after.contains(&format!("{name} (")), "look 1 prints {name}'s text: {after}");
    assert!(after.contains(" — Creature") || after.contains(" — Action") || after.contains(" — Relic"), "{after}");
    assert!(out.contains("error: look needs the number of a listed action"), "{out}");
}

#[test]
fn the_prompt_title_is_shown_above_the_actions() {
    let out = play(&["ardent", "--seed", "1"], "quit\n");
    let title = out.lines().position(|l| l.contains("Main step: play")).expect("the prompt title");
    let list = out.lines().position(|l| l.starts_with("Legal actions for")).expect("the action list");
    assert!(title < list, "{out}");
}

#[test]
fn the_game_over_line_and_bot_moves_are_in_words() {
    let out = play(&["ardent", "--seed", "3", "--seats", "random,random"], "");
    let over = out.lines().find(|l| l.starts_with("Game over:")).expect("a game-over line");
    assert!(over.starts_with("Game over: P1 wins") || over.starts_with("Game over: P2 wins"), "{over}");
    assert!(!over.contains("Seat("), "{over}");
    assert!(over.contains(" to "), "the score is said: {over}");
    assert!(out.contains(" played "), "bot moves are log lines in words");
    assert!(out.contains("── Turn 2: "), "turns are separated");
    let zh = play(&["ardent", "--seed", "3", "--seats", "random,random", "--lang", "zh"], "");
    let over = zh.lines().find(|l| l.starts_with("对局结束：")).expect("a game-over line in Chinese");
    assert!(over.contains("获胜"), "{over}");
}

#[test]
fn hot_seat_clears_the_screen_before_the_next_player() {
    let out = play(&["ardent", "--seed", "2", "--seats", "human,human"], &"1\n".repeat(200));
    assert!(out.contains("\x1b[2J"), "the screen is cleared");
    assert!(out.contains("Pass to P2 — press Enter") || out.contains("Pass to P1 — press Enter"), "{out}");
}

#[test]
fn help_lists_the_card_and_look_commands() {
    let out = play(&["fate", "--seed", "1"], "help\nquit\n");
    assert!(out.contains("look N") && out.contains("card NAME"), "{out}");
}
