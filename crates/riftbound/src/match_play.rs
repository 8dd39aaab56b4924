//! 1v1 matches of several games (TR 407; spec §5 "1v1 Match (Bo3)", §6 "Order used in practice
//! for Bo3 games", decision table row 28 "Format config"), played inside one game state: when a
//! game ends and the match is not decided, the state goes between games — sideboarding (TR 403,
//! 601.1.c), each player's secret choice of a battlefield, revealed together (CR 113, spec §5),
//! then the loser of the previous game chooses to play first or not (TR 407.4) — and a new game
//! is dealt. The engine's outcome is the match's. The tournament play-first choice of game 1
//! (`choose_first`) is here too, for Bo1 games as well, and so is the Bo1 variant setup of spec
//! §25 (`bo1_variant`: random battlefields, the play-first choice, then sideboarding, one game).

use crate::action::{Ref, RiftAction};
use crate::cards::DefId;
use crate::deck::DeckList;
use crate::notes::Note;
use crate::options::{MatchFormat, Mode};
use crate::state::*;
use engine::Outcome;

/// No battlefield (a game conceded before its battlefields were revealed).
pub const NO_FIELD: DefId = DefId::MAX;

/// The match so far and the deck each player brings to the next game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchState {
    pub format: MatchFormat,
    /// The games finished, in order.
    pub results: Vec<GameResult>,
    /// Each seat's deck as it is now (after the swaps made so far).
    pub decks: Vec<MatchDeck>,
    /// The battlefield each seat chose for the game being set up (secret until both chose).
    pub chosen: [Option<DefId>; 2],
    /// Sideboard swaps and Chosen Champion changes made in this sideboarding, per seat (engine
    /// bounds: at most as many swaps as the sideboard has cards, one champion change).
    pub swaps: [u8; 2],
    pub champion_changes: [u8; 2],
    /// Each seat's registered deck, the Main Deck and Chosen Champion it began the match with (one
    /// entry per copy, sorted): what a bot may assume of an opponent's deck (determinization, as
    /// in a single game), the swaps since being secret.
    pub registered: Vec<Vec<DefId>>,
    /// Sideboard swaps made by each seat over the whole match (public: the log says "swapped a
    /// card with their sideboard", TR 403).
    pub swapped: [u8; 2],
    /// Game 1 only: the setup's `first` seat (a test hook), used instead of a random one.
    pub first_hook: Option<u8>,
}

/// One finished game of the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The battlefield each seat used ([`NO_FIELD`]: none was revealed).
    pub fields: [DefId; 2],
    /// The game's winner, or NOBODY for a drawn game.
    pub winner: u8,
    /// Who went first.
    pub first: u8,
}

/// A seat's deck between games: the Main Deck (without the Chosen Champion) and the sideboard
/// change by 1-for-1 swaps; legend, runes and battlefields do not (TR 403, 601.1.c).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchDeck {
    pub legend: DefId,
    pub champion: DefId,
    /// One entry per copy, sorted.
    pub main: Vec<DefId>,
    /// One entry per copy, sorted.
    pub side: Vec<DefId>,
    pub runes: Vec<DefId>,
    pub battlefields: Vec<DefId>,
}

impl MatchDeck {
    /// The Main Deck and the Chosen Champion, one entry per copy, sorted.
    pub fn cards(&self) -> Vec<DefId> {
        let mut v = self.main.clone();
        v.push(self.champion);
        v.sort_unstable();
        v
    }

    pub fn of(list: &DeckList) -> MatchDeck {
        let mut main = list.main_cards();
        main.sort_unstable();
        let mut side = list.side_cards();
        side.sort_unstable();
        MatchDeck {
            legend: list.legend.unwrap_or(0),
            champion: list.champion.unwrap_or(0),
            main,
            side,
            runes: list.rune_cards(),
            battlefields: list.battlefields.iter().map(|b| b.0).collect(),
        }
    }
}

impl MatchState {
    pub fn new(format: MatchFormat, decks: Vec<MatchDeck>, first_hook: Option<u8>) -> MatchState {
        MatchState {
            format,
            results: Vec::new(),
            registered: decks.iter().map(MatchDeck::cards).collect(),
            decks,
            chosen: [None, None],
            swaps: [0, 0],
            champion_changes: [0, 0],
            swapped: [0, 0],
            first_hook,
        }
    }

    /// The game being played or set up (1-based).
    pub fn game(&self) -> u8 {
        self.results.len() as u8 + 1
    }

    pub fn wins(&self, seat: u8) -> u8 {
        self.results.iter().filter(|r| r.winner == seat).count() as u8
    }

    /// Games won with battlefield `def` by `seat`'s side of the table, i.e. games that had a
    /// winner in which `seat` used it (a drawn game's battlefields may be reused, spec §5).
    fn won_uses(&self, seat: u8, def: DefId) -> usize {
        self.results.iter().filter(|r| r.winner != NOBODY && r.fields[seat as usize] == def).count()
    }

    /// May `seat` choose battlefield `def` for the next game? Bo3: not if it was used in a game
    /// that had a winner. Bo5: also once all three of theirs were shown (used in any game),
    /// at most twice each (spec §5, decision table row 28).
    pub fn field_allowed(&self, seat: u8, def: DefId) -> bool {
        let uses = self.won_uses(seat, def);
        if uses == 0 {
            return true;
        }
        if self.format != MatchFormat::Bo5 {
            return false;
        }
        let shown = self.decks[seat as usize]
            .battlefields
            .iter()
            .all(|&b| self.results.iter().any(|r| r.fields[seat as usize] == b));
        shown && uses < 2
    }

    /// The match winner, once decided: a seat with enough game wins, or, once every game was
    /// played (drawn games count), the seat with more wins (NOBODY: a drawn match).
    fn decided(&self) -> Option<u8> {
        let need = self.format.wins_needed();
        let (a, b) = (self.wins(0), self.wins(1));
        if a >= need {
            return Some(0);
        }
        if b >= need {
            return Some(1);
        }
        if self.results.len() >= self.format.games() as usize {
            return Some(match a.cmp(&b) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Equal => NOBODY,
            });
        }
        None
    }
}

impl RiftGame {
    pub fn match_state(&self) -> Option<&MatchState> {
        self.matchp.as_deref()
    }

    /// A Bo3/Bo5 match (not the one game of the Bo1 variant): the match can be conceded.
    pub(crate) fn several_games(&self) -> bool {
        self.matchp.as_deref().is_some_and(|m| m.format != MatchFormat::Bo1Variant)
    }

    fn variant(&self) -> bool {
        self.matchp.as_deref().is_some_and(|m| m.format == MatchFormat::Bo1Variant)
    }

    /// After an action: a game of a match that ended goes to the next game, unless the match is
    /// decided; then the engine outcome is the match's (scores: games won).
    pub(crate) fn after_game(&mut self) {
        self.end_game(None);
    }

    /// `seat` conceded the match (`concede PN match`): the game in progress (or the one being
    /// set up) is recorded as lost, and the opponent wins the match whatever the score.
    pub(crate) fn after_match_concession(&mut self, seat: u8) {
        self.end_game(Some(seat));
    }

    fn end_game(&mut self, conceded: Option<u8>) {
        let Some(o) = &self.outcome else { return };
        let Some(m) = self.matchp.as_deref() else { return };
        let winner = o.winners.first().map(|s| s.0).unwrap_or(NOBODY);
        let mut fields = [NO_FIELD; 2];
        for b in &self.bfs {
            if (b.owner as usize) < 2 {
                fields[b.owner as usize] = b.def;
            }
        }
        let game = m.game();
        let result = GameResult { fields, winner, first: self.first_player };
        let m = self.matchp.as_deref_mut().expect("match");
        m.results.push(result);
        if m.format == MatchFormat::Bo1Variant && conceded.is_none() {
            // The Bo1 variant is one game: its outcome stands as it is.
            return;
        }
        let wins = [m.wins(0), m.wins(1)];
        self.notes.add(|| Note::MatchGameOver { game, winner, wins });
        let decided = match conceded {
            Some(s) => Some(1 - s),
            None => self.matchp.as_deref().and_then(|m| m.decided()),
        };
        let Some(w) = decided else {
            self.next_match_game();
            return;
        };
        let best_of = self.opts.match_of.games();
        let mut o = if let Some(s) = conceded {
            Outcome::win(
                engine::Seat(w),
                format!(
                    "P{} conceded the match ({}–{} in games, best of {best_of})",
                    s + 1,
                    wins[w as usize],
                    wins[1 - w as usize]
                ),
            )
        } else if w == NOBODY {
            Outcome::draw(format!("match drawn {}–{} (best of {best_of})", wins[0], wins[1]))
        } else {
            Outcome::win(
                engine::Seat(w),
                format!("won the match {}–{} (best of {best_of})", wins[w as usize], wins[1 - w as usize]),
            )
        };
        o.scores = wins.iter().map(|&x| x as i64).collect();
        self.outcome = Some(o);
    }

    /// Clear the table for the next game of the match: no objects or battlefields, the players'
    /// legends and battlefields kept; then sideboarding begins (spec §6: before everything else).
    fn next_match_game(&mut self) {
        let m = self.matchp.as_deref_mut().expect("match");
        m.chosen = [None, None];
        m.swaps = [0, 0];
        m.champion_changes = [0, 0];
        m.first_hook = None;
        self.clear_table();
        self.prompt = Some(Prompt::Sideboard { seat: 0 });
    }

    /// No objects or battlefields: the players' legends and battlefields kept, the generator,
    /// log, action count and match record too.
    fn clear_table(&mut self) {
        let mut g = RiftGame::empty(&self.opts, Phase::Mulligan);
        g.rng = self.rng.clone();
        g.notes = std::mem::take(&mut self.notes);
        g.actions = self.actions;
        g.first_player = self.first_player;
        let m = self.matchp.take().expect("match");
        for (seat, d) in m.decks.iter().enumerate() {
            g.players.push(Player {
                legend: d.legend,
                battlefields: d.battlefields.clone(),
                team: seat as u8,
                ..Player::default()
            });
        }
        g.matchp = Some(m);
        *self = g;
    }

    /// Game 1 of a match (from the setup): the battlefield choices, unless the setup's test hook
    /// named them. The Bo1 variant (spec §25) draws each battlefield at random instead (or takes
    /// the hook) and reveals them; its table is cleared, as the deck is dealt after sideboarding.
    pub(crate) fn match_first_game(&mut self, hooked: [Option<DefId>; 2]) {
        if self.variant() {
            self.clear_table();
            let m = self.matchp.as_deref_mut().expect("match");
            for (seat, h) in hooked.iter().enumerate() {
                let fields = &m.decks[seat].battlefields;
                m.chosen[seat] = match h {
                    Some(d) => Some(*d),
                    None if fields.is_empty() => None,
                    None => Some(fields[self.rng.index(fields.len())]),
                };
            }
        } else if let Some(m) = self.matchp.as_deref_mut() {
            m.chosen = hooked;
        }
        self.next_field_choice();
    }

    /// The next seat to choose a battlefield, or, when both chose, the reveal and the play order.
    fn next_field_choice(&mut self) {
        let m = self.matchp.as_deref().expect("match");
        match (0..2u8).find(|&s| m.chosen[s as usize].is_none()) {
            Some(seat) => self.prompt = Some(Prompt::ChooseField { seat }),
            None => {
                let chosen = m.chosen;
                for (seat, def) in chosen.iter().enumerate() {
                    let def = def.expect("chosen");
                    self.bfs.push(Battlefield {
                        def,
                        owner: seat as u8,
                        controller: NOBODY,
                        contested_by: NOBODY,
                        facedown: NONE,
                        blank: false,
                    });
                    self.notes.add(|| Note::FieldChosen { seat: seat as u8, def });
                }
                self.match_play_order();
            }
        }
    }

    /// Turn order (spec §6 step 4, TR 407.4): game 1 as the Bo1 rule (the `first` hook, the
    /// `choose_first` prompt or a random seat); later the loser of the previous game chooses,
    /// and after a drawn game the previous order is kept.
    fn match_play_order(&mut self) {
        let m = self.matchp.as_deref().expect("match");
        if let Some(prev) = m.results.last().copied() {
            if prev.winner == NOBODY {
                self.deal_game(prev.first);
            } else {
                self.prompt = Some(Prompt::PlayFirst { seat: 1 - prev.winner });
            }
            return;
        }
        if let Some(f) = m.first_hook {
            return self.first_chosen(f);
        }
        let chooser = self.rng.index(2) as u8;
        // The Bo1 variant always has the play-first choice (spec §25).
        if self.opts.choose_first || self.variant() {
            self.prompt = Some(Prompt::PlayFirst { seat: chooser });
        } else {
            self.first_chosen(chooser);
        }
    }

    /// Deal the game: the decks (for games after the first: built from the match decks and
    /// shuffled), turn order, opening hands (CR 116) and the mulligan prompt (CR 117).
    pub(crate) fn deal_game(&mut self, first: u8) {
        if let Some(m) = self.matchp.as_deref() {
            let (game, of) = (m.game(), self.opts.match_of.games());
            if self.objs.is_empty() {
                let decks = m.decks.clone();
                for (seat, d) in decks.iter().enumerate() {
                    self.build_deck(seat as u8, d);
                }
            }
            self.notes.add(|| Note::MatchGameBegins { game, of, first });
        }
        let n = self.players.len() as u8;
        self.first_player = first;
        self.turn_player = first;
        self.priority = first;
        for k in 0..n {
            // A player who conceded before the deal (`choose_first` in FFA) draws no hand.
            let s = (first + k) % n;
            if !self.players[s as usize].left {
                self.draw(s, self.opts.opening_hand as i32);
            }
        }
        self.prompt = Some(Prompt::Mulligan { seat: first, aside: Vec::new() });
    }

    /// A seat's objects for a new game of the match, in the setup's order: the Chosen Champion,
    /// the shuffled Main Deck, the shuffled Rune Deck.
    fn build_deck(&mut self, seat: u8, d: &MatchDeck) {
        let mut main = d.main.clone();
        self.rng.shuffle(&mut main);
        let mut runes = d.runes.clone();
        self.rng.shuffle(&mut runes);
        self.new_obj(d.champion, seat, Zone::ChampionZone);
        for x in main {
            let id = self.new_obj(x, seat, Zone::Deck);
            self.players[seat as usize].deck.push(id);
        }
        for x in runes {
            let id = self.new_obj(x, seat, Zone::RuneDeck);
            self.players[seat as usize].rune_deck.push(id);
        }
    }

    /// The actions of a match prompt, in a stable order.
    pub(crate) fn match_options(&self, p: &Prompt, out: &mut Vec<RiftAction>) {
        match *p {
            Prompt::Sideboard { seat } => {
                let Some(m) = self.match_state() else { return };
                let d = &m.decks[seat as usize];
                if m.swaps[seat as usize] < d.side.len() as u8 {
                    let mut outs: Vec<DefId> = d.main.clone();
                    outs.push(d.champion);
                    outs.sort_unstable();
                    outs.dedup();
                    let mut ins = d.side.clone();
                    ins.dedup();
                    for &o in &outs {
                        for &i in &ins {
                            if self.swap_ok(seat, o, i) {
                                out.push(RiftAction::Swap(o, i));
                            }
                        }
                    }
                }
                if m.champion_changes[seat as usize] == 0 {
                    let mut cands = d.main.clone();
                    cands.dedup();
                    for c in cands {
                        if c != d.champion && self.champion_ok(d.legend, c) {
                            out.push(RiftAction::Champion(c));
                        }
                    }
                }
                out.push(RiftAction::Done);
            }
            Prompt::ChooseField { seat } => {
                let Some(m) = self.match_state() else { return };
                for (i, &b) in m.decks[seat as usize].battlefields.iter().enumerate() {
                    if m.results.is_empty() || m.field_allowed(seat, b) {
                        out.push(RiftAction::Field(i as u8));
                    }
                }
            }
            // 2v2 (spec §6 step 4): the designated player's team picks the seat that starts.
            Prompt::PlayFirst { .. } if self.opts.mode.teams() => {
                out.extend((0..self.n()).map(|s| RiftAction::Pick(Ref::Seat(s))));
            }
            Prompt::PlayFirst { .. } => {
                out.push(RiftAction::Yes);
                out.push(RiftAction::No);
            }
            _ => {}
        }
    }

    /// A legal Chosen Champion for `legend` (CR 103.2.a): a champion unit sharing the legend's
    /// champion tag; Signature units can't be chosen (spec §4).
    fn champion_ok(&self, legend: DefId, c: DefId) -> bool {
        let (l, d) = (self.def(legend), self.def(c));
        d.kind == crate::cards::Kind::Unit && d.champion && !d.signature && d.tags.iter().any(|t| l.has_tag(t))
    }

    /// A 1-for-1 swap of main-deck card `o` for sideboard card `i` (TR 403): copy limits and
    /// domain identity were checked for deck and sideboard together, so what is left is the
    /// Signature limit (CR 103.2.d) and, when the card going out is the Chosen Champion itself
    /// (no other copy in the Main Deck), a card coming in that is a legal Chosen Champion.
    fn swap_ok(&self, seat: u8, o: DefId, i: DefId) -> bool {
        let Some(m) = self.match_state() else { return false };
        let d = &m.decks[seat as usize];
        if o == i || !d.side.contains(&i) || !(d.main.contains(&o) || d.champion == o) {
            return false;
        }
        if !d.main.contains(&o) && !self.champion_ok(d.legend, i) {
            return false;
        }
        let sig = |x: DefId| usize::from(self.def(x).signature);
        let signatures: usize = d.main.iter().map(|&x| sig(x)).sum::<usize>() + sig(d.champion);
        signatures + sig(i) - sig(o) <= 3
    }

    /// Apply an action of a match prompt (already checked legal).
    pub(crate) fn match_apply(&mut self, p: &Prompt, a: RiftAction) {
        match (p, a) {
            (&Prompt::Sideboard { seat }, RiftAction::Swap(o, i)) => {
                let m = self.matchp.as_deref_mut().expect("match");
                let d = &mut m.decks[seat as usize];
                if let Some(k) = d.main.iter().position(|&x| x == o) {
                    d.main.remove(k);
                    d.main.push(i);
                    d.main.sort_unstable();
                } else {
                    d.champion = i;
                }
                if let Some(k) = d.side.iter().position(|&x| x == i) {
                    d.side.remove(k);
                }
                d.side.push(o);
                d.side.sort_unstable();
                m.swaps[seat as usize] += 1;
                m.swapped[seat as usize] = m.swapped[seat as usize].saturating_add(1);
                self.notes.add(|| Note::SideSwapped { seat, out: Some(o), inn: Some(i) });
            }
            (&Prompt::Sideboard { seat }, RiftAction::Champion(c)) => {
                let m = self.matchp.as_deref_mut().expect("match");
                let d = &mut m.decks[seat as usize];
                if let Some(k) = d.main.iter().position(|&x| x == c) {
                    d.main[k] = d.champion;
                    d.main.sort_unstable();
                    d.champion = c;
                }
                m.champion_changes[seat as usize] += 1;
                self.notes.add(|| Note::ChampionChanged { seat, def: Some(c) });
            }
            (&Prompt::Sideboard { seat }, RiftAction::Done) => {
                self.prompt = None;
                if seat == 0 {
                    self.prompt = Some(Prompt::Sideboard { seat: 1 });
                } else if self.variant() {
                    let first = self.matchp.as_deref().and_then(|m| m.first_hook).unwrap_or(0);
                    self.deal_game(first);
                } else {
                    self.next_field_choice();
                }
            }
            (&Prompt::ChooseField { seat }, RiftAction::Field(k)) => {
                self.prompt = None;
                let m = self.matchp.as_deref_mut().expect("match");
                m.chosen[seat as usize] = m.decks[seat as usize].battlefields.get(k as usize).copied();
                self.next_field_choice();
            }
            (&Prompt::PlayFirst { seat }, RiftAction::Yes | RiftAction::No) => {
                self.prompt = None;
                let goes_first = a == RiftAction::Yes;
                self.notes.add(|| Note::PlayChoice { seat, first: goes_first });
                // Going last: the next seat in turn order starts (spec §6 step 4).
                let first = if goes_first { seat } else { self.next_seat(seat) };
                self.first_chosen(first);
            }
            (&Prompt::PlayFirst { seat }, RiftAction::Pick(Ref::Seat(first))) => {
                self.prompt = None;
                self.notes.add(|| Note::StartChosen { seat, first });
                self.first_chosen(first);
            }
            _ => {}
        }
    }

    /// The turn order is chosen: in FFA4 and 2v2 the battlefields follow (the first player's are
    /// not used, CR 487, 489), then the game is dealt.
    fn first_chosen(&mut self, first: u8) {
        if self.variant() {
            // Bo1 variant (spec §25): sideboarding follows the play-first choice.
            if let Some(m) = self.matchp.as_deref_mut() {
                m.first_hook = Some(first);
            }
            self.prompt = Some(Prompt::Sideboard { seat: 0 });
            return;
        }
        if self.matchp.is_none() && self.bfs.is_empty() && matches!(self.opts.mode, Mode::Ffa4 | Mode::TwoVsTwo) {
            self.draw_fields_after_first(first);
        }
        self.deal_game(first);
    }

    /// Why an action is refused at a match prompt, citing the rule.
    pub(crate) fn match_refusal(&self, p: &Prompt) -> String {
        match p {
            Prompt::Sideboard { .. } => "sideboarding: 'swap dA dB' puts Main Deck card A in the sideboard for sideboard card B \
                 (1-for-1; the card replacing the Chosen Champion must be a legal Chosen Champion; at most 3 Signature \
                 cards), 'champion dC' makes main-deck champion C the Chosen Champion, 'done' ends (TR 403, 601.1.c)"
                .into(),
            Prompt::ChooseField { .. } => "choose a battlefield with 'field N' (1–3); one used in a game of this match that \
                 had a winner can't be chosen again (Bo5: once all three were shown, at most twice each) (spec §5, TR 407)"
                .into(),
            Prompt::PlayFirst { .. } if self.opts.mode.teams() => {
                "2v2: choose the seat that starts, 't p1' to 't p4': your team picks where in the A1-B1-A2-B2 order \
                 play starts (spec §6 step 4)"
                    .into()
            }
            Prompt::PlayFirst { .. } => "answer 'yes' to play first or 'no' to play last (TR 407.4)".into(),
            _ => String::new(),
        }
    }
}
