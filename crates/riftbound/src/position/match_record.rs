//! The match record in the position notation (docs/riftbound.md, "Position notation"): a game of
//! a Bo3/Bo5 match or of the Bo1 variant (`match_play.rs`) carries a `match` section (the format,
//! the games played, the setup's first-seat hook) and one `m1`, `m2` section per seat (the deck
//! as it is between games: Chosen Champion, Main Deck, sideboard, runes; the swaps of this
//! sideboarding; the battlefield chosen for the next game). Legend and battlefields are the
//! player section's `legend` and `brought`.

use super::read::{card, err, items, num, Reader, Section, R};
use super::{list, seat, seat_or_none};
use crate::cards::DefId;
use crate::match_play::{GameResult, MatchDeck, MatchState, NO_FIELD};
use crate::options::{MatchFormat, Mode};
use crate::state::*;

const FORMATS: [(MatchFormat, &str); 4] = [
    (MatchFormat::Bo1, "bo1"),
    (MatchFormat::Bo3, "bo3"),
    (MatchFormat::Bo5, "bo5"),
    (MatchFormat::Bo1Variant, "bo1_variant"),
];

impl RiftGame {
    /// `match of=bo3 first=p2 game=p1/p2/ST1-101/ST1-102 …` and `m1 champ=… main=… side=… runes=…
    /// swaps=0 champchanges=0 chosen=ST1-101`, or nothing outside a match.
    pub(super) fn match_lines(&self) -> Vec<String> {
        let Some(m) = self.match_state() else { return Vec::new() };
        let db = self.db();
        let key = |d: DefId| if d == NO_FIELD { "-".to_string() } else { db.get(d).id.clone() };
        let keys = |v: &[DefId]| list(v.iter().map(|&d| key(d)).collect());
        let of = FORMATS.iter().find(|(f, _)| *f == m.format).map(|(_, w)| *w).unwrap_or("bo3");
        let mut l = format!("match of={of}");
        if let Some(f) = m.first_hook {
            l += &format!(" first={}", seat(f));
        }
        for r in &m.results {
            l += &format!(
                " game={}/{}/{}/{}",
                seat_or_none(r.winner),
                seat(r.first),
                key(r.fields[0]),
                key(r.fields[1])
            );
        }
        let mut lines = vec![l];
        for (s, d) in m.decks.iter().enumerate() {
            let mut l = format!(
                "m{} champ={} main={} side={} runes={} swaps={} champchanges={}",
                s + 1,
                key(d.champion),
                keys(&d.main),
                keys(&d.side),
                keys(&d.runes),
                m.swaps[s],
                m.champion_changes[s]
            );
            if let Some(c) = m.chosen[s] {
                l += &format!(" chosen={}", key(c));
            }
            if m.registered.get(s).is_some_and(|r| *r != d.cards()) {
                l += &format!(" registered={}", keys(&m.registered[s]));
            }
            if m.swapped[s] != m.swaps[s] {
                l += &format!(" swapped={}", m.swapped[s]);
            }
            lines.push(l);
        }
        lines
    }
}

/// The section names of a match record (besides the game's own).
pub(super) fn is_match_section(name: &str, n: u8) -> bool {
    name == "match" || name.strip_prefix('m').and_then(|x| x.parse::<u8>().ok()).is_some_and(|x| x >= 1 && x <= n)
}

/// Read the match record into `g` (whose players are read): required when the options play a
/// match, refused when they play one game.
pub(super) fn read_match(rd: &Reader, secs: &[Section], g: &mut RiftGame) -> R<()> {
    let sec = secs.iter().find(|s| s.name == "match");
    let want = rd.opts.match_of;
    let Some(sec) = sec else {
        if want == MatchFormat::Bo1 {
            if let Some(s) = secs.iter().find(|s| is_match_section(&s.name, rd.n)) {
                return err(&s.name, "a match record needs a 'match' section");
            }
            return Ok(());
        }
        return err("match", format!("missing: the options play a {want:?} match, so the position needs its record"));
    };
    if want == MatchFormat::Bo1 {
        return err(
            "match",
            "the options play one game (match = \"bo1\"): a position with a match record needs theirs",
        );
    }
    if rd.opts.mode != Mode::Duel {
        return err("match", "a match is 1v1 only (spec §5 \"1v1 Match\")");
    }
    let mut m = MatchState::new(want, Vec::new(), None);
    let mut have_of = false;
    for (k, v) in &sec.fields {
        let f = format!("match.{k}");
        match k.as_str() {
            "of" => {
                let of = FORMATS.iter().find(|(_, w)| w == v).map(|(f, _)| *f);
                match of {
                    Some(x) if x == want => have_of = true,
                    Some(_) => return err(&f, format!("the position is {v} but the options say {want:?}")),
                    None => return err(&f, format!("unknown format '{v}' (bo3, bo5, bo1_variant)")),
                }
            }
            "first" => m.first_hook = Some(rd.seat(&f, v)?),
            "game" => m.results.push(read_result(rd, &f, v)?),
            _ => return err(&f, "unknown field (of, first, game)"),
        }
    }
    if !have_of {
        return err("match.of", "missing");
    }
    if m.results.len() > want.games() as usize {
        return err("match.game", format!("{} games: a {want:?} match has at most {}", m.results.len(), want.games()));
    }
    for s in 0..rd.n {
        let name = format!("m{}", s + 1);
        let sec = secs.iter().find(|x| x.name == name).ok_or(format!("{name}: missing"))?;
        let p = &g.players[s as usize];
        if p.battlefields.is_empty() {
            return err(
                &format!("p{}.brought", s + 1),
                "missing: in a match each game's battlefield is chosen from them",
            );
        }
        let mut d = MatchDeck {
            legend: p.legend,
            champion: 0,
            main: Vec::new(),
            side: Vec::new(),
            runes: Vec::new(),
            battlefields: p.battlefields.clone(),
        };
        let mut have_champ = false;
        let (mut registered, mut swapped) = (None, None);
        for (k, v) in &sec.fields {
            let f = format!("{name}.{k}");
            let cards = |v: &str| items(v).map(|w| card(&rd.opts.cards, &f, w)).collect::<R<Vec<DefId>>>();
            match k.as_str() {
                "champ" => {
                    d.champion = card(&rd.opts.cards, &f, v)?;
                    have_champ = true;
                }
                "main" => d.main = cards(v)?,
                "side" => d.side = cards(v)?,
                "runes" => d.runes = cards(v)?,
                "swaps" => m.swaps[s as usize] = num(&f, v)?,
                "registered" => registered = Some(cards(v)?),
                "swapped" => swapped = Some(num(&f, v)?),
                "champchanges" => m.champion_changes[s as usize] = num(&f, v)?,
                "chosen" => {
                    let c = card(&rd.opts.cards, &f, v)?;
                    if !d.battlefields.contains(&c) {
                        return err(&f, format!("'{v}' is not one of the battlefields p{} brought", s + 1));
                    }
                    m.chosen[s as usize] = Some(c);
                }
                _ => {
                    return err(
                        &f,
                        "unknown field (champ, main, side, runes, swaps, champchanges, chosen, registered, swapped)",
                    )
                }
            }
        }
        if !have_champ {
            return err(&format!("{name}.champ"), "missing");
        }
        // Kept sorted, as sideboarding keeps them (`MatchDeck`).
        d.main.sort_unstable();
        d.side.sort_unstable();
        let mut registered = registered.unwrap_or_else(|| d.cards());
        registered.sort_unstable();
        if registered.len() != d.main.len() + 1 {
            return err(
                &format!("{name}.registered"),
                format!(
                    "{} cards: the registered deck is the Main Deck and the Chosen Champion ({})",
                    registered.len(),
                    d.main.len() + 1
                ),
            );
        }
        m.registered.push(registered);
        let swaps = m.swaps[s as usize];
        m.swapped[s as usize] = swapped.unwrap_or(swaps);
        if m.swapped[s as usize] < swaps {
            return err(
                &format!("{name}.swapped"),
                format!("{} is fewer than this sideboarding's swaps ({swaps})", m.swapped[s as usize]),
            );
        }
        m.decks.push(d);
    }
    g.matchp = Some(Box::new(m));
    Ok(())
}

/// `p1/p2/ST1-101/ST1-102`: winner (`-` drawn), who went first, the battlefields used (`-`: none).
fn read_result(rd: &Reader, f: &str, v: &str) -> R<GameResult> {
    let parts: Vec<&str> = v.split('/').collect();
    let [winner, first, a, b] = parts[..] else {
        return err(f, format!("'{v}' is not winner/first/battlefield/battlefield"));
    };
    let field = |w: &str| if w == "-" { Ok(NO_FIELD) } else { card(&rd.opts.cards, f, w) };
    Ok(GameResult { winner: rd.seat_or_none(f, winner)?, first: rd.seat(f, first)?, fields: [field(a)?, field(b)?] })
}
