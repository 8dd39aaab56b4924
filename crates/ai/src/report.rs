//! HTML reports (`--report DIR`): `index.html` with SVG plots and tables, and the results as
//! JSON beside it. Every plot is drawn from the same numbers the tables print.

use crate::arena::ArenaResults;
use crate::error::AiError;
use crate::sim::summary::Summary;
use crate::sim::SimResults;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use std::fmt::Write as _;
use std::path::Path;

const WIDTH: u32 = 640;
const HEIGHT: u32 = 360;
const BAR: RGBColor = RGBColor(70, 110, 180);
const DRAW_BAR: RGBColor = RGBColor(150, 150, 150);
const EXPECTED: RGBColor = RGBColor(200, 60, 60);
/// At most this many win-rate bars in one plot (the table lists them all).
const PLOTTED_RATES: usize = 20;

fn plot_error<E: std::fmt::Debug>(e: E) -> AiError {
    AiError::Io(format!("cannot draw plot: {e:?}"))
}

/// One bar with its 95% interval.
#[derive(Clone, Debug, PartialEq)]
pub struct BarItem {
    pub label: String,
    pub value: f64,
    pub lo: f64,
    pub hi: f64,
    pub muted: bool,
}

/// Bars with error bars over categories; `reference` draws a dashed horizontal line.
pub fn bar_chart_svg(
    title: &str,
    y_desc: &str,
    items: &[BarItem],
    y_range: (f64, f64),
    reference: Option<f64>,
) -> Result<String, AiError> {
    // Category labels must be distinct to be told apart on the axis.
    let mut labels: Vec<String> = Vec::with_capacity(items.len());
    for item in items {
        let mut label = item.label.clone();
        while labels.contains(&label) {
            label.push(' ');
        }
        labels.push(label);
    }
    if labels.is_empty() {
        labels.push(String::new());
    }
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(labels[..].into_segmented(), y_range.0..y_range.1)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_label_formatter(&|v| match v {
                SegmentValue::Exact(l) | SegmentValue::CenterOf(l) => l.trim_end().to_string(),
                SegmentValue::Last => String::new(),
            })
            .y_desc(y_desc)
            .draw()
            .map_err(plot_error)?;
        let segment = (chart.plotting_area().dim_in_pixel().0 as f64 / labels.len() as f64).max(1.0);
        let inset = (segment * 0.2) as u32;
        let right = |i: usize| labels.get(i + 1).map_or(SegmentValue::Last, SegmentValue::Exact);
        chart
            .draw_series(items.iter().enumerate().map(|(i, item)| {
                let color = if item.muted { DRAW_BAR } else { BAR };
                let base = y_range.0.max(0.0).min(item.value);
                let mut r =
                    Rectangle::new([(SegmentValue::Exact(&labels[i]), base), (right(i), item.value)], color.filled());
                r.set_margin(0, 0, inset, inset);
                r
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(items.iter().enumerate().map(|(i, item)| {
                ErrorBar::new_vertical(
                    SegmentValue::CenterOf(&labels[i]),
                    item.lo,
                    item.value,
                    item.hi,
                    BLACK.stroke_width(2),
                    14,
                )
            }))
            .map_err(plot_error)?;
        if let Some(y) = reference {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(SegmentValue::Exact(&labels[0]), y), (SegmentValue::Last, y)],
                    6,
                    4,
                    EXPECTED.stroke_width(2),
                ))
                .map_err(plot_error)?;
        }
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// Horizontal bars with error bars, one row per item (for many or long labels); `reference`
/// draws a dashed vertical line.
pub fn hbar_chart_svg(
    title: &str,
    x_desc: &str,
    items: &[BarItem],
    x_range: (f64, f64),
    reference: Option<f64>,
) -> Result<String, AiError> {
    let mut labels: Vec<String> = Vec::with_capacity(items.len());
    for item in items {
        let mut label = item.label.clone();
        while labels.contains(&label) {
            label.push(' ');
        }
        labels.push(label);
    }
    if labels.is_empty() {
        labels.push(String::new());
    }
    // Top to bottom in the items' order.
    labels.reverse();
    let height = 90 + 28 * labels.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH + 120, height)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(250)
            .build_cartesian_2d(x_range.0..x_range.1, labels[..].into_segmented())
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(labels.len() + 1)
            .y_label_formatter(&|v| match v {
                SegmentValue::Exact(l) | SegmentValue::CenterOf(l) => l.trim_end().to_string(),
                SegmentValue::Last => String::new(),
            })
            .x_desc(x_desc)
            .draw()
            .map_err(plot_error)?;
        let segment = (chart.plotting_area().dim_in_pixel().1 as f64 / labels.len() as f64).max(1.0);
        let inset = (segment * 0.2) as u32;
        let row = |i: usize| labels.len() - 1 - i;
        let next = |r: usize| labels.get(r + 1).map_or(SegmentValue::Last, SegmentValue::Exact);
        chart
            .draw_series(items.iter().enumerate().map(|(i, item)| {
                let color = if item.muted { DRAW_BAR } else { BAR };
                let base = x_range.0.max(0.0).min(item.value);
                let r = row(i);
                let mut rect =
                    Rectangle::new([(base, SegmentValue::Exact(&labels[r])), (item.value, next(r))], color.filled());
                rect.set_margin(inset, inset, 0, 0);
                rect
            }))
            .map_err(plot_error)?;
        chart
            .draw_series(items.iter().enumerate().map(|(i, item)| {
                ErrorBar::new_horizontal(
                    SegmentValue::CenterOf(&labels[row(i)]),
                    item.lo,
                    item.value,
                    item.hi,
                    BLACK.stroke_width(2),
                    10,
                )
            }))
            .map_err(plot_error)?;
        if let Some(x) = reference {
            chart
                .draw_series(DashedLineSeries::new(
                    vec![(x, SegmentValue::Exact(&labels[0])), (x, SegmentValue::Last)],
                    6,
                    4,
                    EXPECTED.stroke_width(2),
                ))
                .map_err(plot_error)?;
        }
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

/// The win-rate plot: each seat's win rate and the draw rate, with Wilson 95% intervals.
pub fn win_rate_items(s: &Summary) -> Vec<BarItem> {
    let mut items: Vec<BarItem> = s
        .seats
        .iter()
        .map(|seat| BarItem {
            label: format!("{} {}", seat.seat, seat.bot),
            value: seat.win_rate,
            lo: seat.ci.0,
            hi: seat.ci.1,
            muted: false,
        })
        .collect();
    items.push(BarItem { label: "draw".into(), value: s.draw_rate, lo: s.draw_ci.0, hi: s.draw_ci.1, muted: true });
    items
}

/// The first-seat plot: each seat's share of the decisive games (P1's is the first-seat share)
/// against an even share.
pub fn seat_share_items(s: &Summary) -> Vec<BarItem> {
    let decisive = s.first_seat.decisive;
    s.seats
        .iter()
        .map(|seat| {
            let share = if decisive == 0 { s.first_seat.expected } else { seat.wins as f64 / decisive as f64 };
            let (lo, hi) = crate::wilson::wilson_interval(seat.wins as f64, decisive as f64);
            BarItem { label: format!("{} share", seat.seat), value: share, lo, hi, muted: false }
        })
        .collect()
}

/// The game-length histogram.
pub fn length_histogram_svg(s: &Summary) -> Result<String, AiError> {
    let h = &s.length.histogram;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(plot_error)?;
        let x0 = h.first().map_or(0.0, |b| b.from as f64) - 0.5;
        let x1 = h.last().map_or(1.0, |b| b.to as f64) + 0.5;
        let top = h.iter().map(|b| b.count).max().unwrap_or(0).max(1);
        let mut chart = ChartBuilder::on(&root)
            .caption("Game length (actions)", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(x0..x1, 0..top + top / 10 + 1)
            .map_err(plot_error)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_label_formatter(&|x| if (x - x.round()).abs() < 1e-9 { format!("{x:.0}") } else { String::new() })
            .x_desc("actions")
            .y_desc("games")
            .draw()
            .map_err(plot_error)?;
        chart
            .draw_series(h.iter().filter(|b| b.count > 0).map(|b| {
                // A bucket covers whole lengths from..=to: draw it from from-0.5 to to+0.5.
                let mut r = Rectangle::new([(b.from as f64 - 0.5, 0), (b.to as f64 + 0.5, b.count)], BAR.filled());
                r.set_margin(0, 0, 1, 1);
                r
            }))
            .map_err(plot_error)?;
        root.present().map_err(plot_error)?;
    }
    Ok(svg)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

const STYLE: &str = "body{font-family:sans-serif;max-width:980px;margin:2em auto;color:#222}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 10px;text-align:right}\
th{background:#f2f2f2}td:first-child,th:first-child{text-align:left}figure{margin:1em 0}";

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title><style>{STYLE}</style></head>\n<body><h1>{t}</h1>\n{body}</body></html>\n",
        t = esc(title)
    )
}

/// The HTML of a simulation report.
pub fn sim_report_html(r: &SimResults) -> Result<String, AiError> {
    let s = &r.summary;
    let mut b = String::new();
    let _ = writeln!(
        b,
        "<p>{} games of <b>{}</b>, seed {}, options <code>{}</code>.{}</p>",
        s.games,
        esc(&r.config.game),
        r.config.seed,
        esc(&r.config.options.to_string()),
        if r.deterministic { "" } else { " A bot had a time budget: this run cannot be reproduced exactly." }
    );
    b.push_str("<h2>Results by seat</h2>\n<table><tr><th>seat</th><th>bot</th><th>wins</th><th>win rate</th><th>95% Wilson interval</th></tr>\n");
    for seat in &s.seats {
        let _ = writeln!(
            b,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} – {}</td></tr>",
            seat.seat,
            esc(&seat.bot),
            seat.wins,
            pct(seat.win_rate),
            pct(seat.ci.0),
            pct(seat.ci.1)
        );
    }
    let _ = writeln!(
        b,
        "<tr><td>draw</td><td></td><td>{}</td><td>{}</td><td>{} – {}</td></tr></table>",
        s.draws,
        pct(s.draw_rate),
        pct(s.draw_ci.0),
        pct(s.draw_ci.1)
    );
    let _ = writeln!(
        b,
        "<figure>{}</figure>",
        bar_chart_svg("Win rate by seat (95% Wilson)", "share of games", &win_rate_items(s), (0.0, 1.0), None)?
    );
    let f = &s.first_seat;
    let _ = writeln!(
        b,
        "<h2>First-seat advantage</h2>\n<p>P1 won {} of {} decisive games: {} (95% {} – {}), {:+.1} points over an even {}.</p>",
        f.wins,
        f.decisive,
        pct(f.share),
        pct(f.ci.0),
        pct(f.ci.1),
        100.0 * f.advantage,
        pct(f.expected)
    );
    if r.bots.windows(2).any(|w| w[0] != w[1]) {
        b.push_str("<p><i>The seats have different bots, so this mixes the first seat's advantage with the bots' strength; seat every bot alike to measure the seat alone.</i></p>\n");
    }
    let _ = writeln!(
        b,
        "<figure>{}</figure>",
        bar_chart_svg(
            "Share of decisive games by seat (dashed: even)",
            "share",
            &seat_share_items(s),
            (0.0, 1.0),
            Some(f.expected)
        )?
    );
    let l = &s.length;
    let _ = writeln!(
        b,
        "<h2>Game length</h2>\n<table><tr><th>min</th><th>median</th><th>mean</th><th>90th percentile</th><th>max</th></tr>\n<tr><td>{}</td><td>{}</td><td>{:.1}</td><td>{}</td><td>{}</td></tr></table>",
        l.min, l.median, l.mean, l.p90, l.max
    );
    let _ = writeln!(b, "<figure>{}</figure>", length_histogram_svg(s)?);
    b.push_str("<table><tr><th>actions</th><th>games</th></tr>\n");
    for bucket in &l.histogram {
        let _ = writeln!(b, "<tr><td>{}–{}</td><td>{}</td></tr>", bucket.from, bucket.to, bucket.count);
    }
    b.push_str("</table>\n<h2>How games ended</h2>\n<table><tr><th>reason</th><th>games</th></tr>\n");
    for (reason, n) in &s.end_reasons {
        let _ = writeln!(b, "<tr><td>{}</td><td>{}</td></tr>", esc(reason), n);
    }
    b.push_str("</table>\n");
    let rates = r.counters.win_rates();
    if !rates.is_empty() {
        b.push_str("<h2>Win rates when present</h2>\n<p>Games in which a seat had it (a card played, a King chosen, a legend), and how many of those that seat won.</p>\n");
        // The most frequent subjects, plotted with their intervals.
        let mut top: Vec<&crate::sim::WinRate> = rates.iter().collect();
        top.sort_by(|a, b| b.games.cmp(&a.games).then_with(|| a.subject.cmp(&b.subject)));
        top.truncate(PLOTTED_RATES);
        top.sort_by(|a, b| a.subject.cmp(&b.subject));
        let items: Vec<BarItem> = top
            .iter()
            .map(|w| BarItem { label: w.subject.clone(), value: w.rate, lo: w.ci.0, hi: w.ci.1, muted: false })
            .collect();
        let title = if rates.len() > PLOTTED_RATES {
            format!("Win rate when present: the {PLOTTED_RATES} most frequent (95% Wilson)")
        } else {
            "Win rate when present (95% Wilson)".to_string()
        };
        let _ = writeln!(b, "<figure>{}</figure>", hbar_chart_svg(&title, "win rate", &items, (0.0, 1.0), Some(0.5))?);
        b.push_str(
            "<table><tr><th>subject</th><th>games</th><th>won</th><th>win rate</th><th>95% Wilson interval</th></tr>\n",
        );
        for w in &rates {
            let _ = writeln!(
                b,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{} – {}</td></tr>",
                esc(&w.subject),
                w.games,
                w.won,
                pct(w.rate),
                pct(w.ci.0),
                pct(w.ci.1)
            );
        }
        b.push_str("</table>\n");
    }
    let plain: Vec<(&String, &i64)> = r.counters.plain().collect();
    if !plain.is_empty() {
        b.push_str("<h2>Game statistics</h2>\n<table><tr><th>counter</th><th>total</th><th>per game</th></tr>\n");
        for (k, v) in plain {
            let per = if s.games == 0 { 0.0 } else { *v as f64 / s.games as f64 };
            let _ = writeln!(b, "<tr><td>{}</td><td>{}</td><td>{:.3}</td></tr>", esc(k), v, per);
        }
        b.push_str("</table>\n");
    }
    Ok(page(&format!("{} simulation", r.config.game), &b))
}

/// The HTML of an arena report: ratings with their intervals, and the pairings.
pub fn arena_report_html(r: &ArenaResults) -> Result<String, AiError> {
    let mut b = String::new();
    let _ = writeln!(
        b,
        "<p><b>{}</b>, {} games per pairing, seed {}.</p>",
        esc(&r.config.game),
        r.config.games_per_pairing,
        r.config.seed
    );
    b.push_str("<table><tr><th>bot</th><th>Elo</th><th>95% interval</th><th>won</th><th>drawn</th><th>lost</th><th>score</th></tr>\n");
    for p in &r.players {
        let _ = writeln!(
            b,
            "<tr><td>{}</td><td>{:.0}</td><td>{:.0} – {:.0}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&p.bot),
            p.elo,
            p.elo_ci.0,
            p.elo_ci.1,
            p.wins,
            p.draws,
            p.losses,
            pct(p.score)
        );
    }
    b.push_str("</table>\n");
    let items: Vec<BarItem> = r
        .players
        .iter()
        .map(|p| BarItem { label: p.bot.clone(), value: p.elo, lo: p.elo_ci.0, hi: p.elo_ci.1, muted: false })
        .collect();
    let lo = items.iter().map(|i| i.lo.min(i.value)).fold(f64::INFINITY, f64::min);
    let hi = items.iter().map(|i| i.hi.max(i.value)).fold(f64::NEG_INFINITY, f64::max);
    let pad = ((hi - lo) * 0.1).max(20.0);
    let _ = writeln!(
        b,
        "<figure>{}</figure>",
        bar_chart_svg(
            "Elo (95% interval; dashed: 1500)",
            "Elo",
            &items,
            (lo - pad, hi + pad),
            Some(crate::elo::ELO_CENTRE)
        )?
    );
    b.push_str("<h2>Pairings</h2>\n<table><tr><th>a</th><th>b</th><th>a wins</th><th>draws</th><th>b wins</th><th>first-seat wins</th></tr>\n");
    for p in &r.pairings {
        let _ = writeln!(
            b,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&p.a),
            esc(&p.b),
            p.a_wins,
            p.draws,
            p.b_wins,
            p.first_seat_wins
        );
    }
    b.push_str("</table>\n");
    Ok(page(&format!("{} arena", r.config.game), &b))
}

fn write_dir(dir: &Path, html: &str, json: &str) -> Result<(), AiError> {
    std::fs::create_dir_all(dir).map_err(|e| AiError::Io(format!("cannot create {}: {e}", dir.display())))?;
    let index = dir.join("index.html");
    std::fs::write(&index, html).map_err(|e| AiError::Io(format!("cannot write {}: {e}", index.display())))?;
    let results = dir.join("results.json");
    std::fs::write(&results, json).map_err(|e| AiError::Io(format!("cannot write {}: {e}", results.display())))?;
    Ok(())
}

/// Write `DIR/index.html` and `DIR/results.json` for a simulation.
pub fn write_sim_report(dir: &Path, r: &SimResults) -> Result<(), AiError> {
    write_dir(dir, &sim_report_html(r)?, &r.to_json())
}

/// Write `DIR/index.html` and `DIR/results.json` for an arena.
pub fn write_arena_report(dir: &Path, r: &ArenaResults) -> Result<(), AiError> {
    let json = serde_json::to_string_pretty(r).map_err(|e| AiError::Io(e.to_string()))?;
    write_dir(dir, &arena_report_html(r)?, &json)
}
