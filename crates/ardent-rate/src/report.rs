//! The rating distribution report (docs/ardent-ratings.md §4): the learned rating of many
//! generated decks — its spread, a histogram (plotters, SVG), the strongest and weakest decks
//! and the cards that make them so — as one HTML page.

use crate::model::{Contribution, Model};
use crate::{cards, RateError};
use ardent::deckgen::Generator;
use plotters::prelude::*;
use rayon::prelude::*;
use std::fmt::Write as _;

/// A deck of the report: serial, predicted rating, the cards that move it most.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked {
    pub serial: u64,
    pub name_en: String,
    pub name_zh: String,
    pub rating: f64,
    pub why: Vec<Contribution>,
}

/// The numbers of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    pub decks: u64,
    pub first: u64,
    pub mean: f64,
    pub sd: f64,
    /// 1st, 5th, 25th, 50th, 75th, 95th, 99th percentiles.
    pub percentiles: [f64; 7],
    pub min: f64,
    pub max: f64,
    /// 40 buckets over `min..max`.
    pub histogram: Vec<u64>,
    pub strongest: Vec<Ranked>,
    pub weakest: Vec<Ranked>,
}

const PCTS: [f64; 7] = [0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99];
const BUCKETS: usize = 40;

/// Predict serials `first..first + decks` (on all cores) and summarise.
pub fn distribution(generator: &Generator, model: &Model, first: u64, decks: u64) -> Result<Distribution, RateError> {
    if decks == 0 || first.checked_add(decks).is_none_or(|end| end > generator.capacity()) {
        return Err(RateError::Config(format!("serials {first}..+{decks} are not a range of the recipe")));
    }
    let ratings: Vec<Result<f64, RateError>> = (first..first + decks)
        .into_par_iter()
        .map_init(
            || Vec::with_capacity(17),
            |buf, s| {
                generator.cards_into(s, buf).map_err(|e| RateError::Deck(e.to_string()))?;
                Ok(model.predict(buf))
            },
        )
        .collect();
    let ratings = ratings.into_iter().collect::<Result<Vec<f64>, _>>()?;
    let n = ratings.len() as f64;
    let mean = ratings.iter().sum::<f64>() / n;
    let sd = (ratings.iter().map(|r| (r - mean).powi(2)).sum::<f64>() / n).sqrt();
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&a, &b| ratings[a].total_cmp(&ratings[b]).then(a.cmp(&b)));
    let at = |q: f64| ratings[order[((q * (n - 1.0)).round() as usize).min(order.len() - 1)]];
    let (min, max) = (ratings[order[0]], ratings[order[order.len() - 1]]);
    let width = ((max - min) / BUCKETS as f64).max(1e-12);
    let mut histogram = vec![0u64; BUCKETS];
    for r in &ratings {
        histogram[(((r - min) / width) as usize).min(BUCKETS - 1)] += 1;
    }
    let ranked = |i: usize| -> Result<Ranked, RateError> {
        let g = generator.generate(first + i as u64).map_err(|e| RateError::Deck(e.to_string()))?;
        let mut why = model.contributions(&g.cards);
        why.truncate(4);
        Ok(Ranked { serial: g.serial, name_en: g.name_en, name_zh: g.name_zh, rating: ratings[i], why })
    };
    Ok(Distribution {
        decks,
        first,
        mean,
        sd,
        percentiles: PCTS.map(at),
        min,
        max,
        histogram,
        strongest: order.iter().rev().take(10).map(|&i| ranked(i)).collect::<Result<_, _>>()?,
        weakest: order.iter().take(10).map(|&i| ranked(i)).collect::<Result<_, _>>()?,
    })
}

fn plot_error<E: std::fmt::Debug>(e: E) -> RateError {
    RateError::Config(format!("cannot draw the histogram: {e:?}"))
}

/// The histogram as SVG.
pub fn histogram_svg(d: &Distribution) -> Result<String, RateError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (860, 360)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let top = d.histogram.iter().copied().max().unwrap_or(1);
        let width = (d.max - d.min) / BUCKETS as f64;
        let mut chart = ChartBuilder::on(&root)
            .caption("Predicted rating of generated decks / 生成牌组的预测评分", ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(64)
            .build_cartesian_2d(d.min..d.max.max(d.min + 1e-9), 0..top + top / 10 + 1)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc("predicted win rate against gauntlet v1")
            .y_desc("decks")
            .draw()
            .map_err(plot_error)?;
        chart
            .draw_series(d.histogram.iter().enumerate().map(|(i, &c)| {
                let x0 = d.min + i as f64 * width;
                Rectangle::new([(x0, 0), (x0 + width, c)], RGBColor(70, 110, 170).filled())
            }))
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

fn deck_table(title: &str, decks: &[Ranked]) -> String {
    let mut s = format!("<h2>{}</h2>\n<table><tr><th>deck / 牌组</th><th>rating</th><th>cards that make it so / 主要影响的牌</th></tr>\n", esc(title));
    for d in decks {
        let why: Vec<String> =
            d.why.iter().map(|c| format!("{} ×{} ({:+.3})", esc(&c.name_en), c.copies, c.effect)).collect();
        let _ = writeln!(
            s,
            "<tr><td>AR1-{:09} {} / {}</td><td>{:.3}</td><td>{}</td></tr>",
            d.serial,
            esc(&d.name_en),
            esc(&d.name_zh),
            d.rating,
            why.join(", ")
        );
    }
    s + "</table>\n"
}

/// The whole report page.
pub fn report_html(d: &Distribution, model: &Model) -> Result<String, RateError> {
    let mut body = format!(
        "<p>{} generated decks of recipe v1 (serials {}..{}), rated by learned model v{} (trained on the {} bot against gauntlet v{}).<br>\
         {} 副生成牌组，由学习模型 v{} 评分。</p>\n",
        d.decks,
        d.first,
        d.first + d.decks,
        model.version,
        esc(&model.bot),
        model.gauntlet,
        d.decks,
        model.version
    );
    body.push_str("<table><tr><th>mean / 平均</th><th>s.d. / 标准差</th><th>min</th>");
    for q in PCTS {
        let _ = write!(body, "<th>p{}</th>", (q * 100.0) as u32);
    }
    let _ = write!(body, "<th>max</th></tr>\n<tr><td>{:.3}</td><td>{:.3}</td><td>{:.3}</td>", d.mean, d.sd, d.min);
    for p in d.percentiles {
        let _ = write!(body, "<td>{p:.3}</td>");
    }
    let _ = writeln!(body, "<td>{:.3}</td></tr></table>", d.max);
    body.push_str(&format!("<figure>{}</figure>\n", histogram_svg(d)?));
    body.push_str(&deck_table("Strongest decks / 最强牌组", &d.strongest));
    body.push_str(&deck_table("Weakest decks / 最弱牌组", &d.weakest));
    let mut weights: Vec<(f64, u8)> = model.card.iter().enumerate().map(|(i, &w)| (w, i as u8)).collect();
    weights.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let list = |ws: &[(f64, u8)]| {
        ws.iter()
            .map(|&(w, c)| format!("{} {} ({w:+.3})", cards::code(c), esc(cards::names(c).0)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = writeln!(
        body,
        "<h2>Card weights / 单卡权重</h2><p>Most valuable per copy: {}.</p><p>Least valuable: {}.</p>",
        list(&weights[..10.min(weights.len())]),
        list(&weights[weights.len().saturating_sub(10)..])
    );
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Ardent deck ratings</title>\
         <style>body{{font-family:sans-serif;max-width:980px;margin:2em auto}}table{{border-collapse:collapse;margin:1em 0}}\
         td,th{{border:1px solid #ccc;padding:4px 8px}}</style></head>\n<body><h1>Ardent Reapers deck ratings / 熱誠收割者牌组评分</h1>\n{body}</body></html>\n"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_covers_the_decks_and_ranks_them() {
        let g = ardent::deckgen::generator(1).unwrap();
        let m = Model::shipped().unwrap();
        let d = distribution(g, m, 0, 2000).unwrap();
        assert_eq!(d.histogram.iter().sum::<u64>(), 2000);
        assert!(d.min <= d.percentiles[0] && d.percentiles[6] <= d.max && d.sd > 0.0);
        assert_eq!(d.strongest[0].rating, d.max);
        assert_eq!(d.weakest[0].rating, d.min);
        assert!(d.strongest.windows(2).all(|w| w[0].rating >= w[1].rating));
        let html = report_html(&d, m).unwrap();
        assert!(html.contains("<svg") && html.contains("Strongest decks") && html.contains(&d.strongest[0].name_en));
        assert!(distribution(g, m, g.capacity(), 1).is_err());
    }
}
