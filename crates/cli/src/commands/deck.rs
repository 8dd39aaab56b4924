//! `cardtable deck …`: the Ardent Reapers deck library (generate, list, show, import, export,
//! delete, print) and Riftbound deck-list validation.

#[path = "deck_rate.rs"]
mod rate;

use crate::input;
use anyhow::{bail, Context, Result};
use ardent::deck::{parse_any, parse_code, DeckList};
use ardent::deckgen::{self, Recipe};
use clap::{Args as ClapArgs, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressStyle};
use server::decks::{library_entry, rarities};
use std::process::ExitCode;
use store::{ArdentDeck, ArdentDeckFilter, NewArdentDeck, Store};

#[derive(ClapArgs)]
pub struct Args {
    /// The library: a `sqlite://FILE` URL or `postgres://…`.
    #[arg(long, global = true, default_value = store::DEFAULT_URL)]
    database: String,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Generate unique Ardent Reapers decks into the library (docs/ardent-decks.md).
    Generate {
        /// How many decks (at least 1).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
        count: u64,
        /// The first serial (default: one past the library's highest). A serial always gives
        /// the same deck under the same recipe.
        #[arg(long)]
        seed: Option<u64>,
        /// Recipe version.
        #[arg(long, default_value_t = Recipe::latest().version)]
        recipe: u32,
        /// Keep only decks whose predicted rating lies in LOW..HIGH (e.g. `0.45..0.55`); the
        /// other serials are skipped (docs/ardent-ratings.md §4).
        #[arg(long, value_parser = parse_band)]
        rating: Option<(f64, f64)>,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// List the library's decks.
    List {
        /// Part of the name (English or Chinese).
        #[arg(long)]
        name: Option<String>,
        /// A card the deck holds (`OmegaCodex 044`, `044`).
        #[arg(long)]
        card: Option<String>,
        /// A rarity the deck holds (Common, Rare, Variant, Linked).
        #[arg(long)]
        rarity: Option<String>,
        /// Order: `created` (oldest first) or `rating` (highest first; the simulated rating
        /// where there is one, else the predicted).
        #[arg(long, value_enum, default_value_t = SortArg::Created)]
        sort: SortArg,
        /// Only decks rated at least this (0..1).
        #[arg(long)]
        min_rating: Option<f64>,
        /// Only decks rated at most this (0..1).
        #[arg(long)]
        max_rating: Option<f64>,
        #[arg(long)]
        json: bool,
    },
    /// Rate a deck (library id or name, or a deck file) by simulation against the reference
    /// gauntlet, with its learned rating; a library deck keeps both (docs/ardent-ratings.md).
    Rate {
        deck: String,
        /// Games against the gauntlet (a multiple of 64 plays each gauntlet deck equally from each seat).
        #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(1..))]
        games: u64,
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The bot in both seats (`random`, `greedy`, `mcts:200`; no time budgets).
        #[arg(long, default_value = "random")]
        bot: String,
        /// Gauntlet version.
        #[arg(long, default_value_t = ardent_rate::gauntlet::LATEST)]
        gauntlet: u32,
        /// Worker threads (0: one per core). The rating does not depend on it.
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        work: crate::commands::sim::WorkQueueArgs,
    },
    /// Train the learned rating: simulate decks, fit, measure on held-out decks, and write the
    /// model and the held-out set (docs/ardent-ratings.md §3). Deterministic.
    RateTrain {
        #[arg(long, default_value_t = 3000)]
        decks: usize,
        #[arg(long, default_value_t = 256)]
        games: usize,
        #[arg(long, default_value_t = 200)]
        heldout: usize,
        #[arg(long, default_value_t = 1024)]
        heldout_games: usize,
        #[arg(long, default_value_t = 2026)]
        seed: u64,
        /// Folder for model_v1.txt, heldout_v1.tsv and training_v1.tsv.
        #[arg(long, default_value = "crates/ardent-rate/data")]
        out: String,
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
    /// An HTML report of the predicted rating over many generated decks: spread, histogram,
    /// the strongest and weakest decks and the cards that make them so.
    RateReport {
        #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..))]
        decks: u64,
        /// The first serial (recipe v1).
        #[arg(long, default_value_t = 0)]
        first: u64,
        #[arg(long)]
        out: String,
    },
    /// Show one deck with its cards.
    Show {
        /// Deck id or exact name.
        deck: String,
        #[arg(long)]
        json: bool,
    },
    /// Import a deck file: our text or JSON format, or the official site's deck JSON.
    Import { file: String },
    /// Write a deck out: text, JSON, or a Tabletop Simulator folder.
    Export {
        deck: String,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Output file (text/json; default: standard output) or folder (tts).
        #[arg(long)]
        out: Option<String>,
    },
    /// Delete a deck from the library.
    Delete { deck: String },
    /// Print-and-play PDF: every card at 63 × 88 mm, 3 × 3 a page, crop marks, and a list page.
    Print {
        deck: String,
        #[arg(long)]
        out: String,
        #[arg(long, value_enum, default_value_t = PaperArg::A4)]
        paper: PaperArg,
    },
    /// Check a Riftbound deck list (docs/riftbound.md); every problem is listed with the rule it breaks.
    Validate {
        file: String,
        /// Tournament construction: exactly 40 main-deck cards (TR 601.1.b).
        #[arg(long)]
        tournament: bool,
        /// Check the deck against this Riftbound card-set file instead of the built-in set
        /// (through the game's own deck check at setup).
        #[arg(long)]
        cards: Option<String>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
    Tts,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SortArg {
    Created,
    Rating,
}

#[derive(Clone, Copy, ValueEnum)]
enum PaperArg {
    A4,
    Letter,
}

pub fn run(args: Args) -> Result<ExitCode> {
    if let Command::Validate { file, tournament, cards } = &args.command {
        return match cards {
            Some(cards) => validate_with_cards(file, *tournament, cards),
            None => validate(file, *tournament),
        };
    }
    if let Command::RateTrain { decks, games, heldout, heldout_games, seed, out, threads } = &args.command {
        let plan = ardent_rate::train::TrainPlan {
            decks: *decks,
            games: *games,
            heldout: *heldout,
            heldout_games: *heldout_games,
            seed: *seed,
            bot: ai::BotSpec::Random,
            gauntlet: ardent_rate::gauntlet::LATEST,
            options: Default::default(),
        };
        return rate::train(&plan, out, *threads);
    }
    if let Command::RateReport { decks, first, out } = &args.command {
        return rate::report(*decks, *first, out);
    }
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    if let Command::Rate { deck, games, seed, bot, gauntlet, threads, json, work } = &args.command {
        if std::path::Path::new(deck).is_file() {
            let list = parse_any(ardent::CardDb::omega_codex(), &input::read_file(deck)?)
                .map_err(|e| anyhow::anyhow!("{deck}: {e}"))?;
            let config = rate::config(*games, *seed, bot, *gauntlet)?;
            let on = rate::on_queue(work);
            let cards = list.resolve(ardent::CardDb::omega_codex())?;
            let report = runtime.block_on(rate::rate_on(&cards, &config, *threads, *json, on.as_ref()))?;
            rate::print(&list.name, &report, *json)?;
            return Ok(ExitCode::SUCCESS);
        }
    }
    runtime.block_on(library(args))
}

async fn open(url: &str) -> Result<Store> {
    Store::open(url).await.with_context(|| format!("cannot open the deck library at {url}"))
}

async fn library(args: Args) -> Result<ExitCode> {
    let store = open(&args.database).await?;
    match args.command {
        Command::Generate { count, seed, recipe, rating: Some(band), json } => {
            rate::generate_banded(&store, count, seed, recipe, band, json).await?
        }
        Command::Generate { count, seed, recipe, rating: None, json } => {
            generate(&store, count, seed, recipe, json).await?
        }
        Command::Rate { deck, games, seed, bot, gauntlet, threads, json, work } => {
            let d = store.find_ardent_deck(&deck).await?;
            let config = rate::config(games, seed, &bot, gauntlet)?;
            let on = rate::on_queue(&work);
            let cards = deck_list(&d)?.resolve(ardent::CardDb::omega_codex())?;
            let report = rate::rate_on(&cards, &config, threads, json, on.as_ref()).await?;
            store.set_ardent_ratings(&rate::stored(&d.id, &config, &report)).await?;
            rate::print(&d.name, &report, json)?;
        }
        Command::List { name, card, rarity, sort, min_rating, max_rating, json } => {
            let card = card
                .map(|c| {
                    parse_code(ardent::CardDb::omega_codex(), &c).map(|id| ardent::CardDb::omega_codex().def(id).code())
                })
                .transpose()?;
            let filter = ArdentDeckFilter {
                name,
                card,
                rarity: rarity.map(|r| capitalise(&r)),
                limit: None,
                viewer: None,
                all: true,
            };
            let decks = store.list_ardent_decks(&filter).await?;
            let rated = rate::with_ratings(&store, decks, sort == SortArg::Rating, (min_rating, max_rating)).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&rated)?);
            } else {
                for r in &rated {
                    let d = &r.deck;
                    println!("{}  {:<16} {:<14} {}", d.id, serial_of(d), rate::short(r.rating.as_ref()), d.name);
                }
                let decks = &rated;
                println!("{} deck{}", decks.len(), if decks.len() == 1 { "" } else { "s" });
            }
        }
        Command::Show { deck, json } => {
            let d = store.find_ardent_deck(&deck).await?;
            let ratings = store.ardent_ratings(&d.id).await?;
            if json {
                println!("{}", serde_json::to_string_pretty(&rate::Shown { deck: &d, ratings: &ratings })?);
            } else {
                show(&d)?;
                if let Some(line) = server::decks::rating_line(&ratings) {
                    println!("{line}");
                }
            }
        }
        Command::Import { file } => {
            let list = parse_any(ardent::CardDb::omega_codex(), &input::read_file(&file)?)
                .map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
            let ids = list.resolve(ardent::CardDb::omega_codex())?;
            let new = NewArdentDeck {
                serial: None,
                recipe_version: None,
                name: list.name.clone(),
                name_zh: list.name.clone(),
                cards: ids.iter().map(|&i| ardent::CardDb::omega_codex().def(i).code()).collect(),
                rarities: rarities(&ids),
                owner: None,
                public: true,
            };
            let added = store.add_ardent_decks(&[new]).await?;
            println!("imported {} as {}", added[0].name, added[0].id);
        }
        Command::Export { deck, format, out } => {
            let d = store.find_ardent_deck(&deck).await?;
            let list = deck_list(&d)?;
            match format {
                Format::Text => write_out(out.as_deref(), &list.to_text(ardent::CardDb::omega_codex()))?,
                Format::Json => write_out(out.as_deref(), &serde_json::to_string_pretty(&list)?)?,
                Format::Tts => {
                    let dir = out.context("--format tts needs --out DIR")?;
                    let files = ardent_print::tts_export(&print_deck(&d)?, std::path::Path::new(&dir))
                        .map_err(anyhow::Error::msg)?;
                    println!("Tabletop Simulator files written: {files:?}");
                }
            }
        }
        Command::Delete { deck } => {
            let d = store.find_ardent_deck(&deck).await?;
            store.delete_ardent_deck(&d.id).await?;
            println!("deleted {} ({})", d.name, d.id);
        }
        Command::Print { deck, out, paper } => {
            let d = store.find_ardent_deck(&deck).await?;
            let rating = server::decks::rating_line(&store.ardent_ratings(&d.id).await?);
            let paper = match paper {
                PaperArg::A4 => ardent_print::Paper::A4,
                PaperArg::Letter => ardent_print::Paper::Letter,
            };
            let pdf = ardent_print::deck_pdf(&ardent_print::PrintDeck { rating, ..print_deck(&d)? }, paper)
                .map_err(anyhow::Error::msg)?;
            std::fs::write(&out, pdf).with_context(|| format!("cannot write {out}"))?;
            println!("{} printed to {out}", d.name);
        }
        Command::Validate { .. } | Command::RateTrain { .. } | Command::RateReport { .. } => {
            unreachable!("handled before the library opens")
        }
    }
    store.close().await;
    Ok(ExitCode::SUCCESS)
}

/// Generate `count` decks from `first` on, in transactions of up to 1,000: a failure leaves
/// every earlier batch whole and no batch half-written.
async fn generate(store: &Store, count: u64, first: Option<u64>, recipe: u32, json: bool) -> Result<()> {
    let generator = deckgen::generator(recipe).map_err(|e| anyhow::anyhow!("{e}"))?;
    let first = match first {
        Some(s) => s,
        None => store.ardent_max_serial(recipe as i64).await?.map(|m| m as u64 + 1).unwrap_or(0),
    };
    let bar = if count >= 100 && !json {
        let bar = ProgressBar::new(count);
        bar.set_style(ProgressStyle::with_template("{bar:40} {pos}/{len} decks {per_sec} eta {eta}")?);
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut added = Vec::new();
    let mut cards = Vec::new();
    let mut serial = first;
    let end = first.checked_add(count).context("serial range overflows")?;
    while serial < end {
        let batch_end = (serial + 1000).min(end);
        let mut batch = Vec::new();
        for s in serial..batch_end {
            if store.ardent_serial_exists(recipe as i64, s as i64).await? {
                bail!("serial {s} of recipe v{recipe} is already in the library: choose another --seed");
            }
            let g = generator.generate(s).map_err(|e| anyhow::anyhow!("{e}"))?;
            batch.push(library_entry(&g));
            cards.push(g.cards.clone());
        }
        let n = batch.len() as u64;
        added.extend(store.add_ardent_decks(&batch).await?);
        bar.inc(n);
        serial = batch_end;
    }
    bar.finish_and_clear();
    rate::store_predicted(store, &added, &cards).await?;
    if json {
        println!("{}", serde_json::to_string_pretty(&added)?);
    } else {
        for d in added.iter().take(20) {
            println!("{}  {:<16} {}", d.id, serial_of(d), d.name);
        }
        if added.len() > 20 {
            println!("… and {} more", added.len() - 20);
        }
        println!("generated {} deck{}", added.len(), if added.len() == 1 { "" } else { "s" });
    }
    Ok(())
}

fn serial_of(d: &ArdentDeck) -> String {
    match (d.recipe_version, d.serial) {
        (Some(v), Some(s)) => format!("AR{v}-{s:09}"),
        _ => "imported".into(),
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase()).unwrap_or_default()
}

fn deck_list(d: &ArdentDeck) -> Result<DeckList> {
    let list = DeckList { name: d.name.clone(), cards: d.cards.clone() };
    list.resolve(ardent::CardDb::omega_codex()).map_err(|e| anyhow::anyhow!("library deck {}: {e}", d.id))?;
    Ok(list)
}

fn print_deck(d: &ArdentDeck) -> Result<ardent_print::PrintDeck> {
    let mut p = ardent_print::PrintDeck::from_list(&deck_list(d)?)?;
    if d.name_zh != d.name {
        p.name_zh = Some(d.name_zh.clone());
    }
    p.code = d.serial.map(|_| serial_of(d));
    Ok(p)
}

fn show(d: &ArdentDeck) -> Result<()> {
    println!("{} / {}", d.name, d.name_zh);
    println!("id {}  serial {}  created {}", d.id, serial_of(d), rate::date(d.created_at));
    for code in &d.cards {
        let c = ardent::CardDb::omega_codex().def(parse_code(ardent::CardDb::omega_codex(), code)?);
        let power = if c.is_creature() { format!("P{}", c.power) } else { String::new() };
        println!(
            "  {code}  {:<24} {:<9} {:<4} VP{:<3} {:?}",
            c.name_en,
            format!("{:?}", c.card_type),
            power,
            c.vp,
            c.rarity
        );
    }
    Ok(())
}

fn write_out(out: Option<&str>, text: &str) -> Result<()> {
    match out {
        Some(path) => std::fs::write(path, text).with_context(|| format!("cannot write {path}")),
        None => {
            println!("{text}");
            Ok(())
        }
    }
}

/// A Riftbound deck checked against a loaded set: the set is read (refused with its problems),
/// then the deck goes through the game's setup with that set, one copy per seat.
fn validate_with_cards(file: &str, tournament: bool, cards: &str) -> Result<ExitCode> {
    let reg = crate::games::registry();
    let entry = reg.get("riftbound").map_err(anyhow::Error::msg)?;
    let options = input::with_cards(entry, serde_json::Value::Null, Some(cards))?;
    if tournament {
        bail!("--tournament with --cards is not supported yet: the loaded set's deck check is the setup's");
    }
    let text = input::read_file(file)?;
    let seats = entry.create(&options, None, 0).map_err(|e| anyhow::anyhow!("{cards}: {e}"))?.num_seats();
    match entry.setup_with_decks(&options, &vec![text; seats], 0) {
        Ok(_) => {
            println!("{file}: a legal deck with the cards of {cards} (CR 103)");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            let message = e.to_string();
            let problems: Vec<&str> = message.strip_prefix("deck 1: ").unwrap_or(&message).split("; ").collect();
            println!("{file}: {} problem{}", problems.len(), if problems.len() == 1 { "" } else { "s" });
            for p in &problems {
                println!("  - {p}");
            }
            Ok(ExitCode::FAILURE)
        }
    }
}

fn validate(file: &str, tournament: bool) -> Result<ExitCode> {
    let text = input::read_file(file)?;
    let deck = riftbound::DeckList::parse(&text).map_err(|e| anyhow::anyhow!("{file}: {e}"))?;
    let problems = deck.problems(tournament);
    if problems.is_empty() {
        println!("{file}: a legal deck (CR 103)");
        Ok(ExitCode::SUCCESS)
    } else {
        println!("{file}: {} problem{}", problems.len(), if problems.len() == 1 { "" } else { "s" });
        for p in &problems {
            println!("  - {p}");
        }
        Ok(ExitCode::FAILURE)
    }
}

/// `LOW..HIGH`, two ratings in 0..1.
fn parse_band(text: &str) -> std::result::Result<(f64, f64), String> {
    let (a, b) = text.split_once("..").ok_or_else(|| format!("'{text}': give LOW..HIGH, e.g. 0.45..0.55"))?;
    let num = |s: &str| s.trim().parse::<f64>().map_err(|_| format!("'{s}' is not a number"));
    let (low, high) = (num(a)?, num(b)?);
    if !(0.0..=1.0).contains(&low) || !(0.0..=1.0).contains(&high) || low > high {
        return Err(format!("'{text}': need 0 <= LOW <= HIGH <= 1"));
    }
    Ok((low, high))
}
