//! Position notation (like FEN; documented in docs/fate.md): one line of `key=value` fields
//! that captures any position, mid-turn steps and pending decisions included.
//!
//! `fate ply=3 ap=P1 first=P1 step=main actor=P1 budget=0 cursor=0 passes=0 bonus=- skill=0
//!  disc=0 prog=0 end=ongoing res1=1:0,2:1,1:0,1:0 cap1=- row1=QS,JC2a hand1=KP known1=- setup1=5:3:2
//!  res2=... elim=- aside=... pend=- hist=...`

use crate::card::{bit, card_code, cards_of, owned_by, parse_card, parse_suit, Card, SUIT_LETTERS};
use crate::options::FateOptions;
use crate::state::{
    CapEffect, End, FateGame, Pending, SplitCtx, Step, CAP_FX_MAX, F_ACTED, F_AFFECTED, F_AFFECTED_OWN, F_HIT_CHAR,
    F_STOOD_DOWN, PENDING_MAX, ROW_MAX,
};
use crate::view::step_name;

const STEPS: [Step; 15] = [
    Step::Setup,
    Step::TurnStart,
    Step::TsPent,
    Step::TsWand,
    Step::Draw,
    Step::Main,
    Step::Lineup,
    Step::CombatStart,
    Step::Buff,
    Step::Attacks,
    Step::Bonus,
    Step::EndPhase,
    Step::EndCups,
    Step::EndTurn,
    Step::Over,
];

fn seat(p: u8) -> String {
    format!("P{}", p + 1)
}

fn card_token(g: &FateGame, c: Card) -> String {
    let cs = &g.cards[c as usize];
    let mut s = card_code(c);
    if cs.atk > 0 {
        s += &cs.atk.to_string();
    }
    for (f, l) in [(F_ACTED, 'a'), (F_AFFECTED, 'f'), (F_AFFECTED_OWN, 'o'), (F_HIT_CHAR, 'h'), (F_STOOD_DOWN, 'd')] {
        if cs.flags & f != 0 {
            s.push(l);
        }
    }
    for (v, l) in [(cs.attacks_used, 'u'), (cs.extra_attacks, 'x'), (cs.skn_bonus, 'b'), (cs.hidden_buff, 'z')] {
        if v > 0 {
            s += &format!("{l}{v}");
        }
    }
    s
}

fn list(items: Vec<String>) -> String {
    if items.is_empty() {
        "-".into()
    } else {
        items.join(",")
    }
}

fn pending_token(p: &Pending) -> String {
    let su = |s: u8| SUIT_LETTERS[s as usize];
    match *p {
        Pending::Split { victim, suit, m, ctx } => {
            let c = match ctx {
                SplitCtx::Attack { short, by: None } => format!("atk{short}"),
                SplitCtx::Attack { short, by: Some(c) } => format!("atk{short}-{}", card_code(c)),
                SplitCtx::Kop => "kop".into(),
                SplitCtx::Kos => "kos".into(),
            };
            format!("split:{}:{}:{m}:{c}", seat(victim), su(suit))
        }
        Pending::HandDiscard { victim, left, after } => format!("hand:{}:{left}:{after}", seat(victim)),
        Pending::KocChoice { victim, left, prev } => format!("koc:{}:{left}:{prev}", seat(victim)),
        Pending::QosVictim { victim, rank, any_higher } => format!("qos:{}:{rank}:{}", seat(victim), any_higher as u8),
        Pending::SwordRec { player, count } => format!("sr:{}:{count}", seat(player)),
        Pending::KopDraw { suit } => format!("kopdraw:{}", su(suit)),
        Pending::KopSuits { next } => format!("kopsuits:{next}"),
    }
}

impl FateGame {
    pub(crate) fn write_position(&self) -> String {
        let mut f: Vec<String> = vec!["fate".into()];
        f.push(format!("ply={}", self.ply));
        f.push(format!("ap={}", seat(self.ap)));
        f.push(format!("first={}", seat(self.first)));
        f.push(format!("step={}", step_name(self.step)));
        f.push(format!("actor={}", seat(self.actor)));
        f.push(format!("budget={}", self.budget));
        f.push(format!("cursor={}", self.cursor));
        f.push(format!("passes={}", self.passes));
        f.push(format!("bonus={}", if self.step == Step::Bonus { card_code(self.bonus_card) } else { "-".into() }));
        f.push(format!("skill={}", self.skill_used as u8));
        f.push(format!("disc={}", self.discard_this_ply as u8));
        f.push(format!("prog={}", self.plies_since_progress));
        f.push(format!(
            "end={}",
            match self.end {
                End::Ongoing => "ongoing".into(),
                End::Win(p) => format!("win:{}", seat(p)),
                End::MutualDraw => "mutual".into(),
                End::PlyLimit => "plylimit".into(),
                End::Repetition => "repetition".into(),
                End::NoProgress => "noprogress".into(),
            }
        ));
        for (i, pl) in self.players.iter().enumerate() {
            let n = i + 1;
            let res: Vec<String> = (0..4).map(|s| format!("{}:{}", pl.u[s], pl.t[s])).collect();
            f.push(format!("res{n}={}", res.join(",")));
            let caps: Vec<String> = pl
                .cap_effects()
                .iter()
                .map(|e| format!("{}:{}:{}", SUIT_LETTERS[e.suit as usize], card_code(e.source), e.expires))
                .collect();
            f.push(format!("cap{n}={}", list(caps)));
            f.push(format!("row{n}={}", list(pl.row().iter().map(|&c| card_token(self, c)).collect())));
            f.push(format!("hand{n}={}", list(cards_of(pl.hand).map(|c| card_token(self, c)).collect())));
            f.push(format!("known{n}={}", list(cards_of(pl.known).map(card_code).collect())));
            f.push(format!("setup{n}={}:{}:{}", pl.setup_stage, pl.comp.0, pl.comp.1));
        }
        f.push(format!("elim={}", list(cards_of(self.elim).map(card_code).collect())));
        f.push(format!("aside={}", list(cards_of(self.aside).map(card_code).collect())));
        f.push(format!("pend={}", list(self.pending[..self.n_pending as usize].iter().map(pending_token).collect())));
        f.push(format!("hist={}", list(self.history.iter().map(|h| format!("{h:x}")).collect())));
        f.join(" ")
    }

    pub(crate) fn read_position(opts: &FateOptions, text: &str) -> Result<FateGame, String> {
        let mut it = text.split_whitespace();
        if it.next() != Some("fate") {
            return Err("a Fate position starts with 'fate'".into());
        }
        let mut g = FateGame::blank(opts, 0);
        g.players[0].u = [0; 4];
        g.players[1].u = [0; 4];
        let mut actor_given = false;
        let mut seen_cards: u32 = 0;
        let mut claim = |c: Card, what: &str| -> Result<(), String> {
            if seen_cards & bit(c) != 0 {
                return Err(format!("card {} appears twice ({what})", card_code(c)));
            }
            seen_cards |= bit(c);
            Ok(())
        };
        for field in it {
            let (k, v) = field.split_once('=').ok_or_else(|| format!("field '{field}' is not key=value"))?;
            let num = |v: &str| v.parse::<u32>().map_err(|_| format!("{k}: '{v}' is not a number"));
            let small = |v: &str| -> Result<u8, String> {
                let n = num(v)?;
                u8::try_from(n).map_err(|_| format!("{k}: {n} is too large"))
            };
            match k {
                "ply" => g.ply = num(v)?.max(1),
                "ap" => g.ap = read_seat(v)?,
                "first" => g.first = read_seat(v)?,
                "actor" => {
                    g.actor = read_seat(v)?;
                    actor_given = true;
                }
                "step" => {
                    g.step = *STEPS.iter().find(|s| step_name(**s) == v).ok_or_else(|| format!("unknown step '{v}'"))?
                }
                "budget" => g.budget = small(v)?,
                "cursor" => g.cursor = small(v)?,
                "passes" => g.passes = small(v)?,
                "bonus" => {
                    if v != "-" {
                        g.bonus_card = parse_card(v).ok_or_else(|| format!("bonus: bad card '{v}'"))?
                    }
                }
                "skill" => g.skill_used = v == "1",
                "disc" => g.discard_this_ply = v == "1",
                "prog" => g.plies_since_progress = num(v)?,
                "end" => {
                    g.end = match v {
                        "ongoing" => End::Ongoing,
                        "mutual" => End::MutualDraw,
                        "plylimit" => End::PlyLimit,
                        "repetition" => End::Repetition,
                        "noprogress" => End::NoProgress,
                        w => End::Win(read_seat(w.strip_prefix("win:").ok_or_else(|| format!("bad end '{w}'"))?)?),
                    }
                }
                "elim" | "aside" => {
                    for t in items(v) {
                        let c = parse_card(t).ok_or_else(|| format!("{k}: bad card '{t}'"))?;
                        claim(c, k)?;
                        if k == "elim" {
                            g.elim |= bit(c);
                        } else {
                            g.aside |= bit(c);
                        }
                    }
                }
                "pend" => {
                    for t in items(v) {
                        if g.n_pending as usize >= PENDING_MAX {
                            return Err("too many pending decisions".into());
                        }
                        let p = read_pending(t)?;
                        g.pending[g.n_pending as usize] = p;
                        g.n_pending += 1;
                    }
                }
                "hist" => {
                    g.history = items(v)
                        .map(|h| u64::from_str_radix(h, 16).map_err(|_| format!("hist: bad hash '{h}'")))
                        .collect::<Result<_, _>>()?
                }
                _ => {
                    let (name, n) = k.split_at(k.len().saturating_sub(1));
                    let p = match n {
                        "1" => 0usize,
                        "2" => 1,
                        _ => return Err(format!("unknown field '{k}'")),
                    };
                    match name {
                        "res" => {
                            let parts: Vec<&str> = v.split(',').collect();
                            if parts.len() != 4 {
                                return Err(format!("{k}: four u:t pairs for P C W S"));
                            }
                            for (s, part) in parts.iter().enumerate() {
                                let (u, t) = part.split_once(':').ok_or_else(|| format!("{k}: '{part}' is not u:t"))?;
                                let (u, t) = (small(u)?, small(t)?);
                                if u as u32 + t as u32 > 10 {
                                    return Err(format!("{k}: more than 10 cards of a suit (R-CAP)"));
                                }
                                g.players[p].u[s] = u;
                                g.players[p].t[s] = t;
                            }
                        }
                        "cap" => {
                            for t in items(v) {
                                let parts: Vec<&str> = t.split(':').collect();
                                if parts.len() != 3 {
                                    return Err(format!("{k}: '{t}' is not suit:source:expiry"));
                                }
                                let pl = &mut g.players[p];
                                if pl.n_cap_fx as usize >= CAP_FX_MAX {
                                    return Err(format!("{k}: too many cap effects"));
                                }
                                pl.cap_fx[pl.n_cap_fx as usize] = CapEffect {
                                    suit: parse_suit(parts[0]).ok_or_else(|| format!("{k}: bad suit"))?,
                                    source: parse_card(parts[1]).ok_or_else(|| format!("{k}: bad source card"))?,
                                    expires: parts[2].parse().map_err(|_| format!("{k}: bad expiry"))?,
                                };
                                pl.n_cap_fx += 1;
                            }
                        }
                        "row" | "hand" => {
                            for t in items(v) {
                                let c = read_card_token(&mut g, t)?;
                                claim(c, k)?;
                                if name == "row" {
                                    if g.players[p].row_len as usize >= ROW_MAX {
                                        return Err(format!("{k}: too many cards"));
                                    }
                                    g.players[p].push_row(c);
                                } else {
                                    g.players[p].hand |= bit(c);
                                }
                            }
                        }
                        "known" => {
                            for t in items(v) {
                                g.players[p].known |= bit(parse_card(t).ok_or_else(|| format!("{k}: bad card '{t}'"))?);
                            }
                        }
                        "setup" => {
                            let parts: Vec<&str> = v.split(':').collect();
                            if parts.len() != 3 {
                                return Err(format!("{k}: stage:knights:pages"));
                            }
                            let st = small(parts[0])?;
                            if st > 5 {
                                return Err(format!("{k}: stage is 0..5"));
                            }
                            g.players[p].setup_stage = st;
                            g.players[p].comp = (small(parts[1])?.min(4), small(parts[2])?.min(4));
                        }
                        _ => return Err(format!("unknown field '{k}'")),
                    }
                }
            }
        }
        if !actor_given {
            // Without `actor`: whoever still chooses at setup, else the active player.
            g.actor = match g.step {
                Step::Setup => match (g.players[0].setup_stage < 5, g.players[1].setup_stage < 5) {
                    (true, false) => 0,
                    (false, true) => 1,
                    _ => g.first_chooser(),
                },
                _ => g.ap,
            };
        }
        g.validate_position()?;
        // A position at a pass-through step (turn_start, end, ...) moves on to the next decision.
        g.settle();
        Ok(g)
    }

    fn validate_position(&mut self) -> Result<(), String> {
        for p in 0..2 {
            // A King of Swords excess still being discarded may exceed the cap (R-CAP).
            let pending_excess = |s: u8| -> u8 {
                self.pending[..self.n_pending as usize]
                    .iter()
                    .map(|x| match *x {
                        Pending::Split { victim, suit, m, ctx: SplitCtx::Kos } if victim as usize == p && suit == s => {
                            m
                        }
                        _ => 0,
                    })
                    .sum()
            };
            let excess: [u8; 4] = [pending_excess(0), pending_excess(1), pending_excess(2), pending_excess(3)];
            let pl = &mut self.players[p];
            pl.known &= pl.hand;
            for s in 0..4u8 {
                if pl.n(s) > pl.cap(s) + excess[s as usize] {
                    return Err(format!(
                        "P{}: {} cards of {} exceed the cap (R-CAP)",
                        p + 1,
                        pl.n(s),
                        SUIT_LETTERS[s as usize]
                    ));
                }
            }
        }
        let setup_done = self.players.iter().all(|p| p.setup_stage == 5);
        for (i, pl) in self.players.iter().enumerate() {
            let (k, p) = pl.comp;
            if (pl.setup_stage == 3 && k == 0) || (pl.setup_stage == 4 && p == 0) {
                return Err(format!("setup{}: stage {} does not fit composition {k}:{p}", i + 1, pl.setup_stage));
            }
        }
        if self.step == Step::Setup {
            if setup_done {
                return Err("step=setup but both players finished setup".into());
            }
            if self.actor > 1 || self.players[self.actor as usize].setup_stage >= 5 {
                return Err("step=setup: the actor must still be choosing".into());
            }
        } else if !setup_done {
            return Err("setup must be finished (setup1/setup2 stage 5) outside step=setup".into());
        }
        if self.end == End::Ongoing {
            if self.step == Step::Over {
                return Err("step=over needs an end".into());
            }
            if setup_done {
                for p in 0..2u8 {
                    let kings = (self.players[p as usize].hand
                        | self.players[p as usize].field_set()
                        | self.players[1 - p as usize].field_set())
                        & owned_by(p)
                        & crate::card::rank_mask(crate::card::KING);
                    if kings.count_ones() != 1 {
                        return Err(format!("P{} must have exactly one King in hand or on the field (§2.5)", p + 1));
                    }
                }
            }
        } else {
            self.step = Step::Over;
            self.n_pending = 0;
        }
        for i in 0..self.n_pending as usize {
            if let Pending::Split { victim, suit, m, .. } = self.pending[i] {
                if m > self.players[victim as usize].n(suit) {
                    return Err("a pending split discards more cards than the victim has".into());
                }
            }
        }
        if self.step == Step::Bonus && !self.on_field(self.actor, self.bonus_card) {
            return Err("step=bonus needs bonus=CARD in the attacker's row".into());
        }
        if self.step == Step::Lineup && self.cursor > self.players[self.ap as usize].row_len {
            return Err("lineup cursor beyond the row".into());
        }
        if matches!(self.step, Step::Attacks | Step::Bonus)
            && self.opts.combat_mode == crate::options::CombatMode::ApOnly
            && self.actor != self.ap
        {
            return Err("only the active player attacks (combatMode AP_ONLY): actor must be ap".into());
        }
        if self.actor > 1 {
            return Err("bad actor".into());
        }
        Ok(())
    }
}

fn items(v: &str) -> impl Iterator<Item = &str> {
    v.split(',').filter(|t| !t.is_empty() && *t != "-")
}

fn read_seat(v: &str) -> Result<u8, String> {
    match v {
        "P1" => Ok(0),
        "P2" => Ok(1),
        _ => Err(format!("'{v}' is not a seat (P1 or P2)")),
    }
}

fn read_card_token(g: &mut FateGame, t: &str) -> Result<Card, String> {
    if t.len() < 2 || !t.is_char_boundary(2) {
        return Err(format!("bad card token '{t}'"));
    }
    let c = parse_card(&t[..2]).ok_or_else(|| format!("bad card '{}'", &t[..2]))?;
    let rest = &t.as_bytes()[2..];
    let mut i = 0;
    let read_num = |i: &mut usize| -> Result<u32, String> {
        let start = *i;
        while *i < rest.len() && rest[*i].is_ascii_digit() {
            *i += 1;
        }
        std::str::from_utf8(&rest[start..*i]).unwrap_or("").parse::<u32>().map_err(|_| format!("bad number in '{t}'"))
    };
    let cs = &mut g.cards[c as usize];
    if i < rest.len() && rest[i].is_ascii_digit() {
        cs.atk = u16::try_from(read_num(&mut i)?).map_err(|_| format!("attack too large in '{t}'"))?;
    }
    while i < rest.len() {
        let l = rest[i];
        i += 1;
        match l {
            b'a' => cs.flags |= F_ACTED,
            b'f' => cs.flags |= F_AFFECTED,
            b'o' => cs.flags |= F_AFFECTED_OWN,
            b'h' => cs.flags |= F_HIT_CHAR,
            b'd' => cs.flags |= F_STOOD_DOWN,
            b'u' | b'x' | b'b' | b'z' => {
                let n = u8::try_from(read_num(&mut i)?).map_err(|_| format!("number too large in '{t}'"))?;
                match l {
                    b'u' => cs.attacks_used = n,
                    b'x' => cs.extra_attacks = n,
                    b'b' => cs.skn_bonus = n,
                    _ => cs.hidden_buff = n,
                }
            }
            _ => return Err(format!("unknown flag '{}' in '{t}'", l as char)),
        }
    }
    Ok(c)
}

fn read_pending(t: &str) -> Result<Pending, String> {
    let p: Vec<&str> = t.split(':').collect();
    let n = |i: usize| -> Result<u8, String> {
        p.get(i).and_then(|x| x.parse::<u8>().ok()).ok_or_else(|| format!("pending '{t}': bad number"))
    };
    let s = |i: usize| -> Result<u8, String> {
        p.get(i).and_then(|x| read_seat(x).ok()).ok_or_else(|| format!("pending '{t}': bad seat"))
    };
    let su = |i: usize| -> Result<u8, String> {
        p.get(i).and_then(|x| parse_suit(x)).ok_or_else(|| format!("pending '{t}': bad suit"))
    };
    Ok(match p[0] {
        "split" => {
            let ctx = match p.get(4).copied().unwrap_or("") {
                "kop" => SplitCtx::Kop,
                "kos" => SplitCtx::Kos,
                c => {
                    let bad = || format!("pending '{t}': bad context");
                    let rest = c.strip_prefix("atk").ok_or_else(bad)?;
                    let (short, by) = match rest.split_once('-') {
                        Some((n, code)) => (n, Some(parse_card(code).ok_or_else(bad)?)),
                        None => (rest, None),
                    };
                    SplitCtx::Attack { short: short.parse().map_err(|_| bad())?, by }
                }
            };
            Pending::Split { victim: s(1)?, suit: su(2)?, m: n(3)?, ctx }
        }
        "hand" => Pending::HandDiscard { victim: s(1)?, left: n(2)?, after: n(3)?.min(32) },
        "koc" => Pending::KocChoice { victim: s(1)?, left: n(2)?, prev: n(3)? },
        "qos" => Pending::QosVictim { victim: s(1)?, rank: n(2)?.min(3), any_higher: n(3)? == 1 },
        "sr" => Pending::SwordRec { player: s(1)?, count: n(2)? },
        "kopdraw" => Pending::KopDraw { suit: su(1)? },
        "kopsuits" => Pending::KopSuits { next: n(1)?.min(4) },
        _ => return Err(format!("unknown pending '{t}'")),
    })
}
