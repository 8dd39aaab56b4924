//! Position notation (docs/ardent.md "Positions"): any position as readable text, one field per
//! line, cards named by instance and set code (`c8=OmegaCodex-048@active`), so a person can
//! write one. Every zone of each player in order, card states, the turn, the turn and lasting
//! flags, the resolution stack, the pending decision, the outcome and the generator.
//!
//! ```text
//! ardent position 1
//! turn: 3
//! current: P2
//! first: P1
//! flags: played
//! creatures_played: 0 1
//! lasting: -
//! revealed_hand: -
//! known_in_hand: -
//! P1 deck: c0=OmegaCodex-044 c5=OmegaCodex-002
//! P1 hand: c3=OmegaCodex-026
//! P1 discard: -
//! P1 line: c8=OmegaCodex-048@active c9=OmegaCodex-010@dormant
//! P1 relics: -
//! P1 score: c4=OmegaCodex-030
//! P2 ... (the same six zones)
//! limbo: -
//! stack: []
//! queued: []
//! prompt: -
//! outcome: -
//! rng: 7+112
//! ```
//!
//! Lines after `ardent position 1` may come in any order and all but the zones may be left out
//! (they default to the start of a turn: no flags, empty stack, no prompt, a generator from
//! seed 0). A position need not use every card of a deck: instances it does not name are not in
//! the game. The stack, the queued triggers, the prompt and the outcome are JSON (the state's own
//! serde form); the generator is its seed and the 32-bit words drawn since.

use crate::card::{CardState, MAX_CARDS};
use crate::options::ArdentOptions;
use crate::state::{bit, owner, ArdentGame, Frame, Loc, Prompt, PromptKind, TriggerItem, Zone};
use engine::{GameRng, Outcome, Seat};

/// The first line of every position.
pub const HEADER: &str = "ardent position 1";
/// The most generator words a position may say were drawn (far beyond any game).
pub const MAX_RNG_WORDS: u64 = 10_000_000;

const SEAT_ZONES: [Zone; 6] = [Zone::Deck, Zone::Hand, Zone::Discard, Zone::Line, Zone::Relics, Zone::Score];

fn seat_name(s: u8) -> String {
    format!("P{}", s + 1)
}

fn parse_seat(t: &str) -> Result<Seat, String> {
    match t {
        "P1" => Ok(Seat(0)),
        "P2" => Ok(Seat(1)),
        o => Err(format!("'{o}' is not a seat (P1 or P2)")),
    }
}

impl ArdentGame {
    /// Write the position.
    pub fn write_position(&self) -> String {
        let mut out = vec![HEADER.to_string()];
        out.push(format!("turn: {}", self.turn));
        out.push(format!("current: {}", self.current));
        out.push(format!("first: {}", self.first));
        let f = &self.flags;
        let flags: Vec<&str> = [(f.played, "played"), (f.revealed, "revealed"), (f.end_turn, "end_turn")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect();
        out.push(format!("flags: {}", list_or_dash(&flags)));
        out.push(format!("creatures_played: {} {}", f.creatures_played[0], f.creatures_played[1]));
        let l = &self.lasting;
        let mut lasting = Vec::new();
        for (name, v) in [
            ("jump_start", l.jump_start),
            ("lullaby_by", l.lullaby_by),
            ("no_actions", l.no_actions),
            ("no_cards", l.no_cards),
        ] {
            for s in 0..2u8 {
                if v[s as usize] {
                    lasting.push(format!("{name}:{}", seat_name(s)));
                }
            }
        }
        out.push(format!("lasting: {}", list_or_dash(&lasting)));
        let revealed: Vec<String> = (0..2u8).filter(|&s| self.revealed_hand[s as usize]).map(seat_name).collect();
        out.push(format!("revealed_hand: {}", list_or_dash(&revealed)));
        let known: Vec<String> = crate::state::cards_in(self.known_in_hand).map(|c| format!("c{c}")).collect();
        out.push(format!("known_in_hand: {}", list_or_dash(&known)));
        for s in 0..2u8 {
            for z in SEAT_ZONES {
                let cards: Vec<String> = self.pile(Seat(s), z).iter().map(|c| self.card_token(c, z, false)).collect();
                out.push(format!("{} {}: {}", seat_name(s), z.name(), list_or_dash(&cards)));
            }
        }
        let limbo: Vec<String> = self.limbo.iter().map(|c| self.card_token(c, Zone::Limbo, true)).collect();
        out.push(format!("limbo: {}", list_or_dash(&limbo)));
        out.push(format!("stack: {}", json(&self.stack)));
        out.push(format!("queued: {}", json(&self.queued)));
        out.push(format!("prompt: {}", self.prompt.as_ref().map_or("-".into(), json)));
        out.push(format!("outcome: {}", self.outcome.as_ref().map_or("-".into(), json)));
        match self.rng_words() {
            Some(n) => out.push(format!("rng: {}+{n}", self.rng_seed)),
            // Not reachable from the seed by whole words: say so rather than write a wrong one.
            None => out.push("rng: unknown".into()),
        }
        out.join("\n")
    }

    fn card_token(&self, c: u8, zone: Zone, with_seat: bool) -> String {
        let d = self.card(c);
        let mut t = format!("c{c}={}-{:03}", d.set, d.number);
        if zone.in_play() {
            t.push('@');
            t.push_str(self.cstate[c as usize].name());
        }
        if with_seat {
            t.push('>');
            t.push_str(&seat_name(self.loc(c).seat));
        }
        t
    }

    /// The words drawn from the generator since its seed: step a fresh generator until it
    /// equals this one (generators compare by key and word position).
    fn rng_words(&self) -> Option<u64> {
        let mut r = GameRng::new(self.rng_seed);
        for n in 0..=MAX_RNG_WORDS {
            if r == self.rng {
                return Some(n);
            }
            r.next_u32();
        }
        None
    }

    /// Read a position written by [`ArdentGame::write_position`] or by hand.
    pub fn read_position(options: &ArdentOptions, text: &str) -> Result<ArdentGame, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
        if lines.next() != Some(HEADER) {
            return Err(format!("a position starts with the line '{HEADER}'"));
        }
        let mut g = ArdentGame::blank(options.clone(), [0; MAX_CARDS], 0);
        g.absent = u64::MAX >> (64 - MAX_CARDS);
        let mut seen_keys = std::collections::HashSet::new();
        for line in lines {
            let (key, value) = line.split_once(':').ok_or_else(|| format!("line '{line}' is not 'key: value'"))?;
            let (key, value) = (key.trim(), value.trim());
            if !seen_keys.insert(key.to_string()) {
                return Err(format!("'{key}' is given twice"));
            }
            g.read_field(key, value).map_err(|e| format!("{key}: {e}"))?;
        }
        g.finish_read()?;
        Ok(g)
    }

    fn read_field(&mut self, key: &str, value: &str) -> Result<(), String> {
        let words: Vec<&str> = if value == "-" { Vec::new() } else { value.split_whitespace().collect() };
        match key {
            "turn" => {
                self.turn = value.parse().map_err(|_| format!("'{value}' is not a turn number"))?;
                if self.turn == 0 {
                    return Err("turns count from 1".into());
                }
            }
            "current" => self.current = parse_seat(value)?,
            "first" => self.first = parse_seat(value)?,
            "flags" => {
                for w in words {
                    match w {
                        "played" => self.flags.played = true,
                        "revealed" => self.flags.revealed = true,
                        "end_turn" => self.flags.end_turn = true,
                        o => return Err(format!("unknown flag '{o}' (played, revealed, end_turn)")),
                    }
                }
            }
            "creatures_played" => {
                let n: Vec<u8> =
                    words.iter().map(|w| w.parse::<u8>()).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
                let [a, b] = n[..] else { return Err("two counts, P1's then P2's".into()) };
                self.flags.creatures_played = [a, b];
            }
            "lasting" => {
                for w in words {
                    let (name, seat) = w.split_once(':').ok_or_else(|| format!("'{w}' is not NAME:SEAT"))?;
                    let s = parse_seat(seat)?.index();
                    let l = &mut self.lasting;
                    match name {
                        "jump_start" => l.jump_start[s] = true,
                        "lullaby_by" => l.lullaby_by[s] = true,
                        "no_actions" => l.no_actions[s] = true,
                        "no_cards" => l.no_cards[s] = true,
                        o => return Err(format!("unknown lasting effect '{o}'")),
                    }
                }
            }
            "revealed_hand" => {
                for w in words {
                    self.revealed_hand[parse_seat(w)?.index()] = true;
                }
            }
            "known_in_hand" => {
                for w in words {
                    self.known_in_hand |= bit(parse_instance(w)?);
                }
            }
            "limbo" => {
                for w in words {
                    let (card, seat) =
                        w.rsplit_once('>').ok_or_else(|| format!("'{w}': a limbo card names its seat (>P1)"))?;
                    self.place(card, parse_seat(seat)?, Zone::Limbo)?;
                }
            }
            "stack" => self.stack = serde_json::from_str::<Vec<Frame>>(value).map_err(|e| e.to_string())?,
            "queued" => self.queued = serde_json::from_str::<Vec<TriggerItem>>(value).map_err(|e| e.to_string())?,
            "prompt" if value == "-" => self.prompt = None,
            "prompt" => self.prompt = Some(serde_json::from_str::<Prompt>(value).map_err(|e| e.to_string())?),
            "outcome" if value == "-" => self.outcome = None,
            "outcome" => self.outcome = Some(serde_json::from_str::<Outcome>(value).map_err(|e| e.to_string())?),
            "rng" => {
                let (seed, n) = value.split_once('+').ok_or("write the generator as SEED+WORDS")?;
                let seed: u64 = seed.parse().map_err(|_| format!("bad seed '{seed}'"))?;
                let n: u64 = n.parse().map_err(|_| format!("bad word count '{n}'"))?;
                if n > MAX_RNG_WORDS {
                    return Err(format!("at most {MAX_RNG_WORDS} words"));
                }
                self.reseed(seed);
                for _ in 0..n {
                    self.rng.next_u32();
                }
            }
            _ => {
                let (seat, zone) = key.split_once(' ').ok_or_else(|| format!("unknown field '{key}'"))?;
                let seat = parse_seat(seat)?;
                let zone = SEAT_ZONES
                    .into_iter()
                    .find(|z| z.name() == zone)
                    .ok_or_else(|| format!("unknown zone '{zone}' (deck, hand, discard, line, relics, score)"))?;
                for w in words {
                    self.place(w, seat, zone)?;
                }
            }
        }
        Ok(())
    }

    /// Put `cN=SET-NNN[@state]` at the end of a zone (deck: the top is last).
    fn place(&mut self, token: &str, seat: Seat, zone: Zone) -> Result<(), String> {
        let (inst, rest) = token.split_once('=').ok_or_else(|| format!("'{token}' is not cN=SET-NNN"))?;
        let c = parse_instance(inst)?;
        if self.absent & bit(c) == 0 {
            return Err(format!("c{c} is placed twice"));
        }
        let (code, state) = match rest.split_once('@') {
            Some((code, s)) => {
                let st =
                    CardState::parse(s).ok_or_else(|| format!("'{s}' is not a state (dormant, active, mature)"))?;
                (code, Some(st))
            }
            None => (rest, None),
        };
        if state.is_some() && !zone.in_play() {
            return Err(format!("'{token}': only cards in play have a state"));
        }
        let id = crate::deck::parse_code(self.options.cards.get(), code).map_err(|e| e.to_string())?;
        self.defs[c as usize] = id;
        let d = self.card(c);
        if zone == Zone::Line && !d.is_creature() {
            return Err(format!("'{token}': {} is not a creature, so not in a line", d.name_en));
        }
        if zone == Zone::Relics && !d.is_relic() {
            return Err(format!("'{token}': {} is not a relic", d.name_en));
        }
        self.absent &= !bit(c);
        self.loc[c as usize] = Loc { seat: seat.0, zone };
        self.cstate[c as usize] = state.unwrap_or_default();
        match zone {
            Zone::Limbo => self.limbo.push(c),
            z => self.zones[seat.index()][z as usize].push(c),
        }
        if zone == Zone::Score {
            self.scored_owned[owner(c).index()] += 1;
        }
        Ok(())
    }

    /// Check what the fields say together: every card named once, frames and the prompt name
    /// cards in the game and abilities the cards have.
    fn finish_read(&mut self) -> Result<(), String> {
        self.known_in_hand &= !self.absent;
        let present = |g: &Self, c: u8| (c as usize) < MAX_CARDS && g.absent & bit(c) == 0;
        let check_card = |g: &Self, c: u8, what: &str| {
            if present(g, c) {
                Ok(())
            } else {
                Err(format!("{what} names c{c}, which is not in the position"))
            }
        };
        let check_ability = |g: &Self, c: u8, ability: u8, what: &str| {
            check_card(g, c, what)?;
            if (ability as usize) < g.card(c).abilities.len() {
                Ok(())
            } else {
                Err(format!("{what}: {} has no ability #{ability}", g.card(c).name_en))
            }
        };
        let masks_ok = |g: &Self, m: u64, what: &str| -> Result<(), String> {
            match crate::state::cards_in(m).find(|&c| !present(g, c)) {
                Some(c) => Err(format!("{what} names c{c}, which is not in the position")),
                None => Ok(()),
            }
        };
        for f in &self.stack {
            match f {
                Frame::Ability { source, ability, pc, ctx, .. } => {
                    check_ability(self, *source, *ability, "stack")?;
                    if *pc as usize > self.card(*source).abilities[*ability as usize].steps.len() {
                        return Err(format!("stack: step {pc} is past the end of the ability"));
                    }
                    masks_ok(self, ctx.marked, "stack")?;
                    if ctx.last != 255 {
                        check_card(self, ctx.last, "stack")?;
                    }
                }
                Frame::Batch { items } => {
                    for t in items {
                        check_ability(self, t.source, t.ability, "stack")?;
                    }
                }
                Frame::PlayCard { card, .. } | Frame::HarvestFinish { card, .. } => check_card(self, *card, "stack")?,
                Frame::FightBuild { attackers, defenders, .. } | Frame::FightFinish { attackers, defenders, .. } => {
                    masks_ok(self, *attackers | *defenders, "stack")?
                }
            }
        }
        for t in &self.queued {
            check_ability(self, t.source, t.ability, "queued")?;
        }
        if let Some(p) = &self.prompt {
            if matches!(p.kind, PromptKind::Card | PromptKind::Trigger) {
                for c in p.options.iter() {
                    check_card(self, c, "prompt")?;
                }
            }
            if self.outcome.is_some() {
                return Err("a finished game has no pending decision".into());
            }
        }
        self.check_invariants()
    }
}

fn parse_instance(t: &str) -> Result<u8, String> {
    t.strip_prefix('c')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| (n as usize) < MAX_CARDS)
        .ok_or_else(|| format!("'{t}' is not a card instance c0 to c{}", MAX_CARDS - 1))
}

fn list_or_dash<T: AsRef<str>>(items: &[T]) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.iter().map(|s| s.as_ref()).collect::<Vec<_>>().join(" ")
    }
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| format!("\"unwritable: {e}\""))
}
