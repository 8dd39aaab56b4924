//! `RiftGame::seat_summaries` (src/summary.rs, what the bots' evaluators read) gives, for every
//! seat, the very numbers of the omniscient view, at every step of random games in every mode,
//! with ST1 and with the set using every op (control changes, gear, tokens, copies).

use engine::{CardSet, Cards, EventLog, Game, GameRng, Status, Viewer};
use riftbound::cards::CardDb;
use riftbound::summary::SeatSummary;
use riftbound::view::RiftView;
use riftbound::{Mode, RiftGame, RiftOptions};

/// The numbers as the view gives them (what crates/ai's evaluators read before the summary).
fn from_view(view: &RiftView) -> Vec<SeatSummary> {
    view.players
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let owned = |c: u8| usize::from(c) == seat;
            let field = view.battlefields.iter().flat_map(|b| &b.units).filter(|c| owned(c.controller));
            SeatSummary {
                team: p.team,
                left: p.left,
                points: p.points,
                battlefields: view.battlefields.iter().filter(|b| b.controller.is_some_and(owned)).count() as u8,
                base_might: p.base.iter().filter(|c| owned(c.controller)).filter_map(|c| c.might).sum(),
                field_might: field.clone().filter_map(|c| c.might).sum(),
                base_cards: p.base.iter().filter(|c| owned(c.controller)).count() as u16,
                field_cards: field.count() as u16,
                hand: p.hand_count as u16,
                runes_ready: p.runes_ready as u16,
                runes: (p.runes_ready + p.runes_exhausted) as u16,
                deck: p.deck_count as u16,
            }
        })
        .collect()
}

fn check(opts: &RiftOptions, games: u64) -> usize {
    let mut checked = 0;
    let mut got = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut rng = GameRng::new(seed);
        let setup = RiftGame::sample_setup(opts, &mut rng).unwrap();
        let mut g = RiftGame::new(opts, &setup, seed).unwrap();
        let mut log = EventLog::disabled();
        for _ in 0..3000 {
            g.seat_summaries(&mut got);
            assert_eq!(got, from_view(&g.view(Viewer::Omniscient)), "seed {seed}, {:?}", opts.mode);
            checked += 1;
            if matches!(g.status(), Status::Over(_)) {
                break;
            }
            legal.clear();
            g.legal_actions(&mut legal);
            let a = legal[rng.index(legal.len())];
            g.apply(&a, &mut log).unwrap();
        }
    }
    checked
}

#[test]
fn summaries_are_the_views_numbers_in_every_mode() {
    for mode in [Mode::Duel, Mode::Ffa3, Mode::Ffa4, Mode::TwoVsTwo] {
        let n = check(&RiftOptions { mode, ..RiftOptions::default() }, 12);
        assert!(n > 1000, "{mode:?}: {n} positions");
    }
}

#[test]
fn summaries_are_the_views_numbers_with_every_op() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/every_op.toml")).unwrap();
    let file: toml::Value = toml::from_str(&text).unwrap();
    let cards: Vec<serde_json::Value> = serde_json::to_value(&file["card"]).unwrap().as_array().unwrap().clone();
    let set = CardDb::builtin().with_cards(&cards, "every_op.toml").unwrap();
    for mode in [Mode::Duel, Mode::TwoVsTwo] {
        let o = RiftOptions { cards: Cards::loaded(set.clone()), mode, ..RiftOptions::default() };
        assert!(check(&o, 12) > 1000);
    }
}
