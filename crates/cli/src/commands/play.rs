//! `cardtable play GAME`: the terminal client. Draws the board, the prompt and the legal actions
//! from the game's presentation (labels, prompts, log lines, card catalogue) and reads one;
//! every seat is a human (hot-seat) or a bot.

use crate::games::registry;
use crate::input;
use anyhow::{bail, Context, Result};
use clap::{Args as ClapArgs, ValueEnum};
use engine::dynamic::{ActionInfo, DynGame, LoggedEvent};
use engine::{CardInfo, CardRef, EventKind, GameRng, Label, LogEntry, Outcome, Seat, Status, Viewer};
use std::io::{BufRead, Write};
use std::process::ExitCode;

/// The language of the labels the terminal prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    En,
    Zh,
}

impl Lang {
    fn pick(self, l: &Label) -> &str {
        let (first, other) = match self {
            Lang::En => (&l.en, &l.zh),
            Lang::Zh => (&l.zh, &l.en),
        };
        if first.trim().is_empty() {
            other
        } else {
            first
        }
    }
    fn say(self, en: &str, zh: &str) -> String {
        match self {
            Lang::En => en.to_string(),
            Lang::Zh => zh.to_string(),
        }
    }
}

#[derive(ClapArgs)]
pub struct Args {
    /// The game: fate, ardent or riftbound.
    game: String,
    /// Seed for setup, shuffles and bots.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Who sits at each seat, in order: `human` or a bot (`random`, `greedy`, `mcts:2000`, `mcts:100ms`).
    /// Default: you against the random bot. Separated by `,` or `;`; a spec's options stay with
    /// it (`human,mcts:1000,cap=40`).
    #[arg(long, default_value = "human,random", value_parser = seat_list)]
    seats: SeatList,
    /// Rules options as JSON (`{"plyLimit":100}`) or `@file.json`; unnamed options keep their defaults.
    #[arg(long)]
    options: Option<String>,
    /// A deck file per seat, in seat order (Ardent Reapers: text or JSON; Riftbound: deck list).
    /// Without decks, games that use them play their bundled sample decks.
    #[arg(long = "deck")]
    decks: Vec<String>,
    /// A card-set file (TOML or JSON, docs/formats.md "Card sets") to play with instead of the
    /// built-in set; refused with every problem it has.
    #[arg(long)]
    cards: Option<String>,
    /// Write the game as a replay file when it ends or you quit.
    #[arg(long)]
    save: Option<String>,
    /// The language of labels, prompts, log lines and card text: en or zh.
    #[arg(long, value_enum, default_value = "en")]
    lang: Lang,
}

const HELP_EN: &str = "Type an action in notation or its number from the list. Commands:
  look N      the full text of the card(s) action N is about
  card NAME   the full text of a card, by name (English or Chinese)
  board       draw the board again
  help        this text
  quit        leave (the game is saved with --save)";

const HELP_ZH: &str = "输入操作的记谱或列表中的编号。命令：
  look N      显示第 N 个操作涉及的卡牌全文
  card 名称   按名称（英文或中文）显示一张卡牌的全文
  board       重新绘制牌桌
  help        显示本说明
  quit        离开（使用 --save 时保存对局）";

/// The `--seats` list, split by `ai::spec::split_list`.
#[derive(Clone, Debug)]
struct SeatList(Vec<String>);

fn seat_list(text: &str) -> Result<SeatList, String> {
    ai::spec::split_list(text).map(SeatList).map_err(|e| e.to_string())
}

pub fn run(args: Args) -> Result<ExitCode> {
    let reg = registry();
    let entry = reg.get(&args.game).map_err(anyhow::Error::msg)?;
    let options = input::with_cards(entry, input::options(args.options.as_deref())?, args.cards.as_deref())?;
    let decks = args.decks.iter().map(|p| input::read_file(p)).collect::<Result<Vec<_>>>()?;
    let setup = entry.setup_with_decks(&options, &decks, args.seed).map_err(|e| anyhow::anyhow!("setup: {e}"))?;
    let mut game = entry.create(&options, Some(&setup), args.seed).map_err(|e| anyhow::anyhow!("setup: {e}"))?;
    if args.seats.0.len() != game.num_seats() {
        bail!("--seats names {} seats but this game has {}", args.seats.0.len(), game.num_seats());
    }
    let lang = args.lang;
    // Every seat that is not `human` is a bot of crates/ai, seeing only its own seat.
    let mut bots: Vec<Option<Box<dyn ai::DynBot>>> = Vec::new();
    for (i, s) in args.seats.0.iter().enumerate() {
        if s == "human" {
            bots.push(None);
        } else {
            let seed = GameRng::derive(args.seed, 0xB07 + i as u64).next_u64();
            let bot = ai::dyn_bot(&args.game, s, seed).map_err(|e| anyhow::anyhow!("seat {}: {e}", i + 1))?;
            bots.push(Some(bot));
        }
    }
    let humans: Vec<Seat> = (0..bots.len()).filter(|&i| bots[i].is_none()).map(|i| Seat(i as u8)).collect();
    // Who watches a bot's move: the one person at the keyboard, the public view when several
    // people share it, everything when only bots play.
    let watcher = match humans.as_slice() {
        [one] => Viewer::Seat(*one),
        [] => Viewer::Omniscient,
        _ => Viewer::Spectator,
    };
    let catalogue = game.catalogue();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut last_shown = usize::MAX;
    let mut last_human: Option<Seat> = None;
    loop {
        let status = game.status();
        let seat = match status {
            Status::Over(outcome) => {
                println!("{}", game.render(Viewer::Omniscient));
                println!("{}", game_over_line(game.as_ref(), &outcome, lang));
                save(&args.save, game.as_ref())?;
                return Ok(ExitCode::SUCCESS);
            }
            Status::ToAct(seat) => seat,
        };
        if let Some(bot) = bots[seat.index()].as_mut() {
            let action = bot.choose(game.as_ref()).map_err(|e| anyhow::anyhow!("{seat}'s bot: {e}"))?;
            let label = game.legal_actions().into_iter().find(|a| a.notation == action).map(|a| a.label);
            let entries = game.apply(&action).map_err(|e| anyhow::anyhow!("bot action '{action}' refused: {e}"))?;
            // Show only what the people at the keyboard may see of the bot's move. A choice
            // that logs nothing is said by its label only when nobody watches from a seat (the
            // label of a hidden choice may name what a seat must not see).
            if print_log(&entries, watcher, lang) == 0 {
                match label.filter(|_| watcher == Viewer::Omniscient) {
                    Some(l) => println!("  {seat}: {}", lang.pick(&l)),
                    None => println!("  {}", lang.say(&format!("{seat} made a choice"), &format!("{seat} 做出了选择"))),
                }
            }
            continue;
        }
        // Hot seat: a new person takes the keyboard; hide the last one's hand first.
        if humans.len() > 1 && last_human.is_some_and(|s| s != seat) {
            print!("\x1b[2J\x1b[H");
            println!("{}", lang.say(&format!("Pass to {seat} — press Enter"), &format!("请交给 {seat} —— 按回车键")));
            std::io::stdout().flush()?;
            match lines.next() {
                Some(Ok(_)) | Some(Err(_)) => {}
                None => return unfinished(&args.save, game.as_ref(), lang),
            }
            last_shown = usize::MAX;
        }
        last_human = Some(seat);
        if last_shown != game.history().len() {
            show(game.as_ref(), seat, lang);
            last_shown = game.history().len();
        }
        print!("{seat}> ");
        std::io::stdout().flush()?;
        let Some(line) = lines.next() else {
            return unfinished(&args.save, game.as_ref(), lang);
        };
        let line = match line {
            Ok(line) => line,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                println!("error: that line is not valid text");
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let line = line.trim();
        let legal = game.legal_actions();
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        match (word, rest) {
            ("", _) => continue,
            ("quit" | "exit", "") => {
                save(&args.save, game.as_ref())?;
                return Ok(ExitCode::SUCCESS);
            }
            ("help" | "?", "") => {
                println!("{}", lang.say(HELP_EN, HELP_ZH));
                continue;
            }
            ("board", "") => {
                show(game.as_ref(), seat, lang);
                continue;
            }
            ("card", name) => {
                card_command(&catalogue, name, lang);
                continue;
            }
            ("look", n) => {
                look_command(&catalogue, &legal, n, lang);
                continue;
            }
            _ => {}
        }
        let action = match line.parse::<usize>() {
            Ok(n) if n >= 1 && n <= legal.len() => legal[n - 1].notation.clone(),
            Ok(n) => {
                println!("error: there is no action {n}: choose 1..{}", legal.len());
                continue;
            }
            Err(_) => line.to_string(),
        };
        match game.apply(&action) {
            Ok(entries) => {
                print_log(&entries, Viewer::Seat(seat), lang);
            }
            Err(e) => println!("error: {e}"),
        }
    }
}

fn unfinished(path: &Option<String>, game: &dyn DynGame, lang: Lang) -> Result<ExitCode> {
    println!();
    println!("{}", lang.say("Input ended; the game is unfinished.", "输入结束；对局未完成。"));
    save(path, game)?;
    Ok(ExitCode::SUCCESS)
}

/// Print the log lines `viewer` may see, in words; returns how many.
fn print_log(entries: &[LogEntry<LoggedEvent>], viewer: Viewer, lang: Lang) -> usize {
    let mut n = 0;
    for e in entries.iter().filter(|e| e.visible_to.shows_to(viewer)) {
        let text = lang.pick(&e.event.text.label);
        match e.event.text.kind {
            EventKind::Turn => println!("── {text} ──"),
            _ => println!("  {text}"),
        }
        n += 1;
    }
    n
}

/// "Game over: P1 wins. …" in words: the winners by seat name, then how the game ended.
pub fn game_over_line(game: &dyn DynGame, outcome: &Outcome, lang: Lang) -> String {
    let names: Vec<String> = outcome.winners.iter().map(|s| s.to_string()).collect();
    let who = match (names.is_empty(), lang) {
        (true, Lang::En) => "draw".to_string(),
        (true, Lang::Zh) => "和局".to_string(),
        (false, Lang::En) => format!("{} wins", names.join(" and ")),
        (false, Lang::Zh) => format!("{} 获胜", names.join("、")),
    };
    let how = game.outcome_label().map(|l| lang.pick(&l).to_string()).unwrap_or_else(|| outcome.reason.clone());
    let prefix = lang.say("Game over: ", "对局结束：");
    if how.starts_with(&who) || how.is_empty() {
        format!("{prefix}{how}")
    } else {
        format!("{prefix}{who} — {how}")
    }
}

fn show(game: &dyn DynGame, seat: Seat, lang: Lang) {
    println!();
    println!("{}", game.render(Viewer::Seat(seat)));
    if let Some(p) = game.prompt() {
        println!("{}", lang.pick(&p.title));
        if let Some(n) = p.picks_left {
            println!("{}", lang.say(&format!("({n} more to choose)"), &format!("（还需选择 {n} 个）")));
        }
    }
    let legal = game.legal_actions();
    println!("{}", lang.say(&format!("Legal actions for {seat}:"), &format!("{seat} 的合法操作：")));
    for (i, a) in legal.iter().enumerate() {
        let label = lang.pick(&a.label);
        if label != a.notation {
            println!("  {:>3}. {:<14} {}", i + 1, a.notation, label);
        } else {
            println!("  {:>3}. {}", i + 1, a.notation);
        }
    }
}

/// `card NAME`: a card's full text, found by name (English or Chinese) or catalogue key.
fn card_command(catalogue: &[CardInfo], name: &str, lang: Lang) {
    if name.is_empty() {
        println!("{}", lang.say("usage: card NAME", "用法：card 名称"));
        return;
    }
    let want = name.to_lowercase();
    let exact: Vec<&CardInfo> =
        catalogue.iter().filter(|c| c.name_en.to_lowercase() == want || c.name_zh == name || c.key == name).collect();
    let found = if exact.is_empty() {
        catalogue.iter().filter(|c| c.name_en.to_lowercase().contains(&want) || c.name_zh.contains(name)).collect()
    } else {
        exact
    };
    match found.as_slice() {
        [] => println!("{}", lang.say(&format!("no card is named '{name}'"), &format!("没有名为“{name}”的卡牌"))),
        [one] => print_card(one, lang),
        many => {
            let mut names: Vec<&str> =
                many.iter().map(|c| if lang == Lang::Zh { c.name_zh.as_str() } else { c.name_en.as_str() }).collect();
            names.dedup();
            if names.len() == 1 {
                print_card(many[0], lang);
            } else {
                let list = names.iter().take(12).copied().collect::<Vec<_>>().join(", ");
                println!(
                    "{}",
                    lang.say(
                        &format!("several cards match '{name}': {list}"),
                        &format!("有多张卡牌符合“{name}”：{list}")
                    )
                );
            }
        }
    }
}

/// `look N`: the full text of the cards legal action N is about (its subject and targets).
fn look_command(catalogue: &[CardInfo], legal: &[ActionInfo], arg: &str, lang: Lang) {
    let n = match arg.parse::<usize>() {
        Ok(n) if n >= 1 && n <= legal.len() => n,
        _ => {
            println!("error: look needs the number of a listed action: 1..{}", legal.len());
            return;
        }
    };
    let a = &legal[n - 1];
    let cards: Vec<&CardRef> = a.meta.subject.iter().chain(a.meta.targets.iter()).collect();
    if cards.is_empty() {
        println!("{}", lang.say(&format!("{}: no card", a.notation), &format!("{}：不涉及卡牌", a.notation)));
        return;
    }
    let mut seen: Vec<&str> = Vec::new();
    for c in cards {
        match c.card.as_deref() {
            None => println!("{}", lang.say("a face-down card", "一张背面朝上的牌")),
            Some(key) if seen.contains(&key) => {}
            Some(key) => {
                seen.push(key);
                match catalogue.iter().find(|k| k.key == key) {
                    Some(info) => print_card(info, lang),
                    None => println!(
                        "{}",
                        lang.say(&format!("card '{key}' is not in the catalogue"), &format!("卡牌“{key}”不在目录中"))
                    ),
                }
            }
        }
    }
}

/// A card's full text: name, type, cost, power, keywords, rules text, other printed fields.
pub fn print_card(c: &CardInfo, lang: Lang) {
    let zh = lang == Lang::Zh;
    let (name, other, ty) =
        if zh { (&c.name_zh, &c.name_en, &c.type_zh) } else { (&c.name_en, &c.name_zh, &c.type_en) };
    println!("{name} ({other}) — {ty}");
    if let Some(cost) = &c.cost {
        println!("  {}{cost}", lang.say("Cost: ", "费用："));
    }
    if let Some(p) = c.power {
        let name = c.power_label();
        println!("  {}{}{p}", lang.pick(&name), lang.say(": ", "："));
    }
    if !c.keywords.is_empty() {
        let k: Vec<&str> = c.keywords.iter().map(|l| lang.pick(l)).collect();
        println!("  {}{}", lang.say("Keywords: ", "关键词："), k.join(", "));
    }
    let extra: Vec<String> = c
        .extra
        .iter()
        .filter(|(k, _)| k.as_str() != "id")
        .filter_map(|(k, v)| match v {
            serde_json::Value::String(s) if !s.is_empty() => Some(format!("{k} {s}")),
            serde_json::Value::Number(n) => Some(format!("{k} {n}")),
            serde_json::Value::Bool(b) => Some(format!("{k} {b}")),
            _ => None,
        })
        .collect();
    if !extra.is_empty() {
        println!("  {}", extra.join(" · "));
    }
    let text = if zh && !c.text_zh.is_empty() { &c.text_zh } else { &c.text_en };
    if text.trim().is_empty() {
        println!("  {}", lang.say("(no rules text)", "（无规则文字）"));
    } else {
        for l in text.lines() {
            println!("  {l}");
        }
    }
}

fn save(path: &Option<String>, game: &dyn DynGame) -> Result<()> {
    if let Some(path) = path {
        std::fs::write(path, game.replay().to_json()).with_context(|| format!("cannot write {path}"))?;
        println!("Replay written to {path}.");
    }
    Ok(())
}
