//! `cardtable deck rate`, `deck rate-train`, `deck generate --rating`, and the ratings shown by
//! `deck list` (docs/ardent-ratings.md).

use anyhow::{bail, Context, Result};
use ardent_rate::train::{TrainPlan, Trained};
use ardent_rate::{Model, Prediction, RateConfig, SimRating};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use server::decks::library_entry;
use std::process::ExitCode;
use store::{ArdentDeck, ArdentRating, Store};

/// What `deck rate` reports (`--json`): `rating` is the simulated win rate (0..1) against the
/// gauntlet, `low`/`high` its 95% Wilson interval.
#[derive(Serialize)]
pub struct Report {
    #[serde(flatten)]
    pub simulated: SimRating,
    pub predicted: Prediction,
    /// The cards that move the predicted rating most (largest effect first).
    pub contributing: Vec<ardent_rate::model::Contribution>,
}

pub fn config(games: u64, seed: u64, bot: &str, gauntlet: u32) -> Result<RateConfig> {
    let bot: ai::BotSpec = bot.parse().map_err(|e: ai::AiError| anyhow::anyhow!("{e}"))?;
    Ok(RateConfig { games: usize::try_from(games).context("too many games")?, seed, bot, gauntlet })
}

fn bar(len: u64, what: &str, hidden: bool) -> Result<ProgressBar> {
    if hidden {
        return Ok(ProgressBar::hidden());
    }
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {what} {{per_sec}} eta {{eta}}"))?);
    Ok(bar)
}

/// `--nats URL --queue Q --shards N`: a rating's games played by the work queue's workers.
pub struct OnQueue {
    pub url: String,
    pub queue: String,
    pub shards: Option<usize>,
}

pub fn on_queue(work: &crate::commands::sim::WorkQueueArgs) -> Option<OnQueue> {
    work.nats.as_ref().map(|url| OnQueue { url: url.clone(), queue: work.queue.clone(), shards: work.shards })
}

/// Rate `deck` (card ids) on `threads` threads, or on the work queue's workers (`on`), with a
/// progress bar unless `quiet`. Both give the same rating.
pub async fn rate_on(
    deck: &[u8],
    config: &RateConfig,
    threads: usize,
    quiet: bool,
    on: Option<&OnQueue>,
) -> Result<Report> {
    let model = Model::shipped()?;
    let bar = bar(config.games as u64, "games", quiet)?;
    let simulated = match on {
        None => {
            let tick = |done: usize, _: usize| bar.set_position(done as u64);
            ai::with_threads(threads, || ardent_rate::simulated_rating(deck, config, Some(&tick)))??
        }
        Some(on) => {
            let parts = on.shards.unwrap_or_else(|| cluster::default_parts(config.games));
            let queue = cluster::QueueConfig { url: on.url.clone(), name: on.queue.clone() };
            let events = crate::commands::sim::queue_events(&bar, &on.url, &on.queue, quiet);
            cluster::submit_rating(queue, deck, config, parts, &events).await?
        }
    };
    bar.finish_and_clear();
    let mut contributing = model.contributions(deck);
    contributing.truncate(5);
    Ok(Report { simulated, predicted: model.prediction(deck), contributing })
}

pub fn print(name: &str, r: &Report, json: bool) -> Result<()> {
    if json {
        println!("{}", serde_json::to_string_pretty(r)?);
        return Ok(());
    }
    let s = &r.simulated;
    println!("{name}");
    println!(
        "  simulated rating {:.3}  (95% interval {:.3}–{:.3}; {} games: {} won, {} drawn, {} lost)",
        s.rating, s.low, s.high, s.games, s.wins, s.draws, s.losses
    );
    println!("  against gauntlet v{}, bot {} in both seats, seed {}", s.gauntlet, s.bot, s.seed);
    println!("  predicted rating {:.3}  (learned model v{})", r.predicted.rating, r.predicted.model);
    println!("  cards that move it most:");
    for c in &r.contributing {
        println!("    {:+.3}  {} {} ×{}", c.effect, c.code, c.name_en, c.copies);
    }
    Ok(())
}

/// The two ratings a library deck keeps.
pub fn stored(deck_id: &str, config: &RateConfig, r: &Report) -> Vec<ArdentRating> {
    let s = &r.simulated;
    vec![
        ArdentRating {
            deck_id: deck_id.into(),
            kind: "simulated".into(),
            rating: s.rating,
            low: Some(s.low),
            high: Some(s.high),
            games: Some(s.games as i64),
            bot: Some(s.bot.clone()),
            seed: Some(config.seed.to_string()),
            gauntlet: i64::from(s.gauntlet),
            model: None,
            rated_at: 0,
        },
        predicted(deck_id, &r.predicted),
    ]
}

/// Store the learned rating of freshly generated decks (`cards[i]` are `added[i]`'s card ids), so
/// every library deck has a rating from the moment it exists.
pub async fn store_predicted(store: &Store, added: &[ArdentDeck], cards: &[Vec<u8>]) -> Result<()> {
    let model = Model::shipped()?;
    let ratings: Vec<ArdentRating> =
        added.iter().zip(cards).map(|(d, c)| predicted(&d.id, &model.prediction(c))).collect();
    store.set_ardent_ratings(&ratings).await?;
    Ok(())
}

fn predicted(deck_id: &str, p: &Prediction) -> ArdentRating {
    ArdentRating {
        deck_id: deck_id.into(),
        kind: "predicted".into(),
        rating: p.rating,
        low: None,
        high: None,
        games: None,
        bot: Model::shipped().ok().map(|m| m.bot.clone()),
        seed: None,
        gauntlet: i64::from(p.gauntlet),
        model: Some(i64::from(p.model)),
        rated_at: 0,
    }
}

/// `deck rate-train`: train, write the files, print the held-out accuracy.
pub fn train(plan: &TrainPlan, out: &str, threads: usize) -> Result<ExitCode> {
    let bar = bar((plan.decks + plan.heldout) as u64, "decks", false)?;
    let tick = |done: usize, _: usize| bar.set_position(done as u64);
    let Trained { model, training, heldout, accuracy } =
        ai::with_threads(threads, || ardent_rate::train::run(plan, Some(&tick)))??;
    bar.finish_and_clear();
    let dir = std::path::Path::new(out);
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {out}"))?;
    for (file, text) in [
        ("model_v1.txt", model.to_text()),
        ("heldout_v1.tsv", heldout.to_tsv()),
        ("training_v1.tsv", training.to_tsv()),
    ] {
        let path = dir.join(file);
        std::fs::write(&path, text).with_context(|| format!("cannot write {}", path.display()))?;
    }
    println!(
        "trained on {} decks ({} games each, bot {}); on {} held-out decks ({} games each): \
         correlation {:.3}, mean error {:.4} (ratings spread {:.4}); written to {out}",
        plan.decks,
        plan.games,
        plan.bot,
        accuracy.decks,
        plan.heldout_games,
        accuracy.correlation,
        accuracy.mean_error,
        accuracy.spread
    );
    Ok(ExitCode::SUCCESS)
}

/// `deck rate-report`: the distribution of predicted ratings over generated decks, as HTML.
pub fn report(decks: u64, first: u64, out: &str) -> Result<ExitCode> {
    let generator = ardent::deckgen::generator(ardent_rate::gauntlet::V1_RECIPE).map_err(|e| anyhow::anyhow!("{e}"))?;
    let model = Model::shipped()?;
    let d = ardent_rate::report::distribution(generator, model, first, decks)?;
    std::fs::write(out, ardent_rate::report::report_html(&d, model)?).with_context(|| format!("cannot write {out}"))?;
    println!(
        "{decks} decks: predicted rating mean {:.3}, s.d. {:.3}, {:.3}..{:.3}; report written to {out}",
        d.mean, d.sd, d.min, d.max
    );
    Ok(ExitCode::SUCCESS)
}

/// `deck generate --rating LOW..HIGH`: generated decks whose predicted rating is in the band,
/// added with their predicted rating.
pub async fn generate_banded(
    store: &Store,
    count: u64,
    first: Option<u64>,
    recipe: u32,
    band: (f64, f64),
    json: bool,
) -> Result<()> {
    let generator = ardent::deckgen::generator(recipe).map_err(|e| anyhow::anyhow!("{e}"))?;
    let model = Model::shipped()?;
    let first = match first {
        Some(s) => s,
        None => store.ardent_max_serial(recipe as i64).await?.map(|m| m as u64 + 1).unwrap_or(0),
    };
    let count = usize::try_from(count).context("too many decks")?;
    let max_draws = (count as u64).saturating_mul(1_000_000).min(100_000_000);
    let found = ardent_rate::band::banded(generator, model, band, count, first, max_draws, |_| false)?;
    let mut entries = Vec::with_capacity(found.decks.len());
    for g in &found.decks {
        if store.ardent_serial_exists(recipe as i64, g.serial as i64).await? {
            bail!("serial {} of recipe v{recipe} is already in the library: choose another --seed", g.serial);
        }
        entries.push(library_entry(g));
    }
    let added = store.add_ardent_decks(&entries).await?;
    let ratings: Vec<ArdentRating> =
        added.iter().zip(&found.decks).map(|(d, g)| predicted(&d.id, &model.prediction(&g.cards))).collect();
    store.set_ardent_ratings(&ratings).await?;
    if json {
        #[derive(Serialize)]
        struct Out<'a> {
            drawn: u64,
            decks: &'a [ArdentDeck],
            ratings: &'a [ArdentRating],
        }
        println!("{}", serde_json::to_string_pretty(&Out { drawn: found.drawn, decks: &added, ratings: &ratings })?);
    } else {
        for (d, r) in added.iter().zip(&ratings).take(20) {
            println!("{}  {:.3}  {}", d.id, r.rating, d.name);
        }
        if added.len() > 20 {
            println!("… and {} more", added.len() - 20);
        }
        println!(
            "generated {} deck{} rated {:.3}..{:.3} (predicted) from {} candidates",
            added.len(),
            if added.len() == 1 { "" } else { "s" },
            band.0,
            band.1,
            found.drawn
        );
    }
    Ok(())
}

/// A library deck with the rating `deck list` shows: the simulated one where there is one,
/// else the predicted.
#[derive(Serialize)]
pub struct RatedDeck {
    #[serde(flatten)]
    pub deck: ArdentDeck,
    pub rating: Option<ArdentRating>,
}

pub async fn with_ratings(
    store: &Store,
    decks: Vec<ArdentDeck>,
    by_rating: bool,
    (min, max): (Option<f64>, Option<f64>),
) -> Result<Vec<RatedDeck>> {
    let mut best: std::collections::BTreeMap<String, ArdentRating> = std::collections::BTreeMap::new();
    for kind in ["predicted", "simulated"] {
        for r in store.all_ardent_ratings(kind).await? {
            best.insert(r.deck_id.clone(), r);
        }
    }
    let mut out: Vec<RatedDeck> = decks
        .into_iter()
        .map(|deck| {
            let rating = best.remove(&deck.id);
            RatedDeck { deck, rating }
        })
        .filter(|r| {
            let v = r.rating.as_ref().map(|x| x.rating);
            min.is_none_or(|m| v.is_some_and(|v| v >= m)) && max.is_none_or(|m| v.is_some_and(|v| v <= m))
        })
        .collect();
    if by_rating {
        // Highest first; unrated decks last, in their listing order (a stable sort).
        out.sort_by(|a, b| {
            let key = |r: &RatedDeck| r.rating.as_ref().map(|x| x.rating).unwrap_or(f64::NEG_INFINITY);
            key(b).total_cmp(&key(a))
        });
    }
    Ok(out)
}

/// `deck show --json`: the deck and its ratings.
#[derive(Serialize)]
pub struct Shown<'a> {
    #[serde(flatten)]
    pub deck: &'a ArdentDeck,
    pub ratings: &'a [ArdentRating],
}

/// A rating in a few characters: `0.532 sim`, `0.517 pred`, or `unrated`.
pub fn short(r: Option<&ArdentRating>) -> String {
    match r {
        Some(r) if r.kind == "simulated" => format!("{:.3} sim", r.rating),
        Some(r) => format!("{:.3} pred", r.rating),
        None => "unrated".into(),
    }
}

/// Unix milliseconds as a UTC date and time, `2026-12-01 21:04 UTC`.
pub fn date(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days since 1970-01-01 to a civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rem / 3600, rem % 3600 / 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_dates() {
        assert_eq!(date(0), "1970-01-01 00:00 UTC");
        assert_eq!(date(1_788_296_640_000), "2026-09-01 21:04 UTC");
        assert_eq!(date(951_782_400_000), "2000-02-29 00:00 UTC");
    }
}
