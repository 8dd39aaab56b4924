//! The board as text for the terminal: every player (team, points, who is to act), every
//! battlefield with its units by player, the chain and the showdown.

use crate::options::Mode;
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
    let mode = match v.mode {
        Mode::Duel => "1v1 Duel",
        Mode::Ffa3 => "FFA3 Skirmish",
        Mode::Ffa4 => "FFA4 War",
        Mode::TwoVsTwo => "2v2 Magma Chamber",
    };
    let _ = writeln!(
        out,
        "{mode}, {} points to win · Turn {} — P{} ({:?})",
        v.victory_score,
        v.turn,
        v.turn_player + 1,
        v.phase
    );
    let teams = v.mode == Mode::TwoVsTwo;
    for (i, p) in v.players.iter().enumerate() {
        let team = if teams { format!(" [team {}]", if p.team == 0 { 'A' } else { 'B' }) } else { String::new() };
        let mark = if v.to_act == Some(i as u8) { "▶ " } else { "  " };
        if p.left {
            let _ = writeln!(out, "{mark}P{}{team} {} · conceded", i + 1, p.legend);
            continue;
        }
        let _ = writeln!(
            out,
            "{mark}P{}{team} {} · {} pts{} · hand {} · deck {} · runes {}/{} ready{}",
            i + 1,
            p.legend,
            p.points,
            if teams { " (team)" } else { "" },
            p.hand_count,
            p.deck_count,
            p.runes_ready,
            p.runes_ready + p.runes_exhausted,
            if p.legend_exhausted { " · legend exhausted" } else { "" }
        );
        let base: Vec<String> = p.base.iter().map(card).collect();
        let _ = writeln!(out, "    base: {}", base.join(" | "));
        if let Some(h) = &p.hand {
            let hand: Vec<String> = h.iter().map(card).collect();
            let _ = writeln!(out, "    hand: {}", hand.join(" | "));
        }
        if !p.champion_zone.is_empty() {
            let _ = writeln!(out, "    champion: {}", p.champion_zone.iter().map(card).collect::<Vec<_>>().join(" | "));
        }
    }
    for (i, b) in v.battlefields.iter().enumerate() {
        let ctrl = b.controller.map(|c| format!("P{}", c + 1)).unwrap_or_else(|| "nobody".into());
        let _ = write!(out, "b{} {} (P{}'s) — controlled by {ctrl}", i + 1, b.name, b.owner + 1);
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
        let _ = write!(
            out,
            "{} at b{}; focus P{}",
            if s.combat { "combat" } else { "showdown" },
            s.battlefield + 1,
            s.focus + 1
        );
        if let (Some(a), Some(d)) = (s.attacker, s.defender) {
            let _ = write!(out, "; P{} attacks P{}", a + 1, d + 1);
        }
        let _ = writeln!(out);
    }
    if let Some(p) = &v.prompt {
        let _ = writeln!(out, "asked: {p}");
    }
    if let Some(o) = &v.outcome {
        let w: Vec<String> = o.winners.iter().map(|s| format!("P{}", s.0 + 1)).collect();
        let _ = writeln!(
            out,
            "game over: {} (winners {})",
            o.reason,
            if w.is_empty() { "none".into() } else { w.join(", ") }
        );
    }
    out
}
