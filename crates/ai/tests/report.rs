//! The report: index.html with SVG plots drawn from the same numbers as its tables.

use ai::report::{
    bar_chart_svg, hbar_chart_svg, length_histogram_svg, win_rate_items, write_arena_report, write_sim_report, BarItem,
};
use ai::{arena, simulate, ArenaConfig, BotSpec, SimConfig};
use std::path::PathBuf;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ai-report-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn sim() -> ai::SimResults {
    let bots: Vec<BotSpec> = ["random", "greedy"].iter().map(|b| b.parse().unwrap()).collect();
    simulate(&SimConfig::new("pebbles", bots, 80, 9), None).unwrap()
}

/// `(y, height)` of every `<rect>` drawn in `fill`.
fn rects(svg: &str, fill: &str) -> Vec<(f64, f64)> {
    rect_attrs(svg, fill, "y", "height")
}

/// Two attributes of every `<rect>` drawn in `fill`.
fn rect_attrs(svg: &str, fill: &str, first: &str, second: &str) -> Vec<(f64, f64)> {
    svg.split("<rect")
        .skip(1)
        .filter(|r| r.contains(&format!("fill=\"{fill}\"")))
        .map(|r| {
            let attr = |name: &str| -> f64 {
                let start = r.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                r[start..].split('"').next().unwrap().parse().unwrap()
            };
            (attr(first), attr(second))
        })
        .collect()
}

#[test]
fn sim_report_writes_index_html_with_plots_and_tables() {
    let r = sim();
    let dir = temp_dir("sim");
    write_sim_report(&dir, &r).unwrap();
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert_eq!(html.matches("<svg").count(), 4, "win rates, first seat, lengths, win rates when present");
    let s = &r.summary;
    for seat in &s.seats {
        assert!(html.contains(&format!("{:.1}%", 100.0 * seat.win_rate)), "table shows {}", seat.seat);
    }
    assert!(html.contains("First-seat advantage") && html.contains("played the bonus"));
    let json = std::fs::read_to_string(dir.join("results.json")).unwrap();
    assert_eq!(ai::SimResults::from_json(&json).unwrap(), r);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn win_rate_bars_are_as_tall_as_the_rates() {
    let r = sim();
    let items = win_rate_items(&r.summary);
    let svg = bar_chart_svg("t", "y", &items, (0.0, 1.0), None).unwrap();
    let seat_bars = rects(&svg, "#466EB4");
    assert_eq!(seat_bars.len(), r.summary.seats.len());
    // Bars stand on the same baseline; height / rate is one scale for every bar.
    let top = (0..seat_bars.len()).max_by(|&a, &b| seat_bars[a].1.total_cmp(&seat_bars[b].1)).unwrap();
    let scale = seat_bars[top].1 / r.summary.seats[top].win_rate;
    for (bar, seat) in seat_bars.iter().zip(&r.summary.seats) {
        assert!((bar.1 - seat.win_rate * scale).abs() <= 1.5, "{bar:?} vs {}", seat.win_rate);
        assert!((bar.0 + bar.1 - (seat_bars[top].0 + seat_bars[top].1)).abs() <= 1.0, "one baseline");
    }
}

#[test]
fn histogram_bars_follow_the_bucket_counts() {
    let r = sim();
    let svg = length_histogram_svg(&r.summary).unwrap();
    let buckets: Vec<usize> = r.summary.length.histogram.iter().map(|b| b.count).filter(|&c| c > 0).collect();
    let bars = rects(&svg, "#466EB4");
    assert_eq!(bars.len(), buckets.len());
    let (i_max, _) = buckets.iter().enumerate().max_by_key(|(_, c)| **c).unwrap();
    let scale = bars[i_max].1 / buckets[i_max] as f64;
    for (bar, &count) in bars.iter().zip(&buckets) {
        assert!((bar.1 - count as f64 * scale).abs() <= 1.5, "{bar:?} vs {count}");
    }
}

#[test]
fn arena_report_shows_ratings() {
    let bots: Vec<BotSpec> = ["greedy", "random"].iter().map(|b| b.parse().unwrap()).collect();
    let r = arena(&ArenaConfig::new("pebbles", bots, 20, 1), None).unwrap();
    let dir = temp_dir("arena");
    write_arena_report(&dir, &r).unwrap();
    let html = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(html.contains("<svg") && html.contains(&format!("{:.0}", r.players[0].elo)));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
#[ignore = "writes a sample report to /tmp/ai-sample-report for people to look at"]
fn sample_report() {
    write_sim_report(std::path::Path::new("/tmp/ai-sample-report"), &sim()).unwrap();
}

#[test]
fn horizontal_bars_are_as_long_as_their_values_top_to_bottom() {
    let values = [0.25, 0.5, 0.75, 0.1];
    let items: Vec<BarItem> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| BarItem { label: format!("card {i}"), value: v, lo: v - 0.05, hi: v + 0.05, muted: false })
        .collect();
    let svg = hbar_chart_svg("t", "x", &items, (0.0, 1.0), Some(0.5)).unwrap();
    let mut bars = rect_attrs(&svg, "#466EB4", "y", "width");
    assert_eq!(bars.len(), 4);
    bars.sort_by(|a, b| a.0.total_cmp(&b.0));
    let scale = bars[2].1 / 0.75;
    for (bar, v) in bars.iter().zip(values) {
        assert!((bar.1 - v * scale).abs() <= 1.5, "{bar:?} vs {v}");
    }
}
