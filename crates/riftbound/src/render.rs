//! The board as text for the terminal.

use crate::state::RiftGame;
use crate::view::CardView;
use engine::Viewer;
use std::fmt::Write;

fn card(c: &CardView) -> String {
    let mut s = format!("c{} {}", c.id, c.name);
    if let Some(m) = c.might {
        let _ = write!(s, " [{m}");
        if c.damage > 0 {
            let _ = write!(s, " -{}", c.damage);
        }
        s.push(']');
    }
    if !c.status.is_empty() {
        let _ = write!(s, " ({})", c.status.join(", "));
    }
    s
}

pub fn render(g: &RiftGame, viewer: Viewer) -> String {
    let v = g.make_view(viewer);
    let mut out = String::new();
    let _ = writeln!(out, "Turn {} — P{} ({:?})", v.turn, v.turn_player + 1, v.phase);
    for (i, p) in v.players.iter().enumerate() {
        let _ = writeln!(
            out,
            "P{} {} · {} pts · hand {} · deck {} · runes {}/{} ready{}",
            i + 1,
            p.legend,
            p.points,
            p.hand_count,
            p.deck_count,
            p.runes_ready,
            p.runes_ready + p.runes_exhausted,
            if p.legend_exhausted { " · legend exhausted" } else { "" }
        );
        let base: Vec<String> = p.base.iter().map(card).collect();
        let _ = writeln!(out, "  base: {}", base.join(" | "));
        if let Some(h) = &p.hand {
            let hand: Vec<String> = h.iter().map(card).collect();
            let _ = writeln!(out, "  hand: {}", hand.join(" | "));
        }
        if !p.champion_zone.is_empty() {
            let _ = writeln!(out, "  champion: {}", p.champion_zone.iter().map(card).collect::<Vec<_>>().join(" | "));
        }
    }
    for (i, b) in v.battlefields.iter().enumerate() {
        let ctrl = b.controller.map(|c| format!("P{}", c + 1)).unwrap_or_else(|| "nobody".into());
        let _ = write!(out, "b{} {} — controlled by {ctrl}", i + 1, b.name);
        if let Some(c) = b.contested_by {
            let _ = write!(out, ", contested by P{}", c + 1);
        }
        if let Some(f) = &b.facedown {
            let _ = write!(out, ", facedown card of P{}", f.controller + 1);
        }
        let _ = writeln!(out);
        for u in &b.units {
            let _ = writeln!(out, "   P{}: {}", u.controller + 1, card(u));
        }
    }
    for it in &v.chain {
        let _ = writeln!(out, "chain: P{} {} → {}", it.controller + 1, it.source, it.targets.join(", "));
    }
    if let Some(s) = &v.showdown {
        let _ = writeln!(
            out,
            "{} at b{}; focus P{}",
            if s.combat { "combat" } else { "showdown" },
            s.battlefield + 1,
            s.focus + 1
        );
    }
    if let Some(p) = &v.prompt {
        let _ = writeln!(out, "asked: {p}");
    }
    if let Some(o) = &v.outcome {
        let _ = writeln!(out, "game over: {} (winners {:?})", o.reason, o.winners);
    }
    out
}
