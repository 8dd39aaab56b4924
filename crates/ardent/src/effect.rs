//! The effect vocabulary (spec §6.4): abilities are short programs of steps, written in the
//! card table's `effects` column and parsed here. Grammar (tokens separated by spaces):
//!
//! ```text
//! effects  := ability (" || " ability)*
//! ability  := trigger ": " step (" ; " step)*
//! trigger  := play | bonus | harvested | wins | loses | leaves
//! step     := draw N | move SEL -> DEST | mark SEL | rotate SEL -> STATE
//!           | reveal my|enemy | play_deck top|bottom | fight last | end_turn
//!           | lasting jump_start|lullaby|calm_down|silent_room
//!           | choose step | step ... | if_done step | else step
//!           | require opp_score_higher | name_number | nudge
//! SEL      := QUANT [my|enemy|any] [line|relics|play|hand|score|discard|deck|marked] FILTER*
//! QUANT    := one | may_one | upto:N | n:N | all | random:N | oppchoice:N
//!           | min_vp | max_vp | min_power | top | bottom | this | last
//! FILTER   := creature | relic | dormant | active | mature
//!           | vp<=N | vp>=N | vp=N | vp=number | power<=N | power>=N
//! DEST     := owner_hand | owner_discard | owner_deck_top | owner_deck_bottom
//!           | owner_deck_shuffle | my_score | opp_score | owner_score | controller_score
//!           | my_line | opp_line
//! STATE    := dormant | active | mature | different
//! ```

use crate::card::CardState;

/// When an ability resolves (spec §6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Trigger {
    /// `Play:` when the card is played.
    Play,
    /// Plain `Bonus:`, on any use.
    Bonus,
    /// `Bonus: If this card is Harvested`.
    Harvested,
    /// `Bonus: If this card wins a fight`.
    Wins,
    /// Constant: when this card is on the losing side of a fight (Bash).
    Loses,
    /// Constant: when this card leaves play (Eager Martyr).
    Leaves,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    My,
    Enemy,
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ZoneSel {
    Line,
    Relics,
    /// Line and relic area.
    Play,
    Hand,
    Score,
    Discard,
    Deck,
    /// Cards marked earlier in this ability (Crossed Teleport).
    Marked,
    /// Wherever the card is (for `this` / `last`).
    Anywhere,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quant {
    /// Exactly one, chosen by the current player.
    One,
    /// "You may": one or none.
    MayOne,
    /// Up to N, one at a time.
    UpTo(u8),
    /// N, one at a time, as many as possible.
    Exactly(u8),
    All,
    /// N at random.
    Random(u8),
    /// N from the opponent's hand: random (A13), or the opponent's choice with the option on.
    OppChoice(u8),
    MinVp,
    MaxVp,
    MinPower,
    Top,
    Bottom,
    This,
    Last,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Filter {
    pub creature: bool,
    pub relic: bool,
    pub state: Option<CardState>,
    pub vp_min: Option<i8>,
    pub vp_max: Option<i8>,
    /// VP equals the number named earlier in the ability (Pinpoint).
    pub vp_is_number: bool,
    pub power_min: Option<i8>,
    pub power_max: Option<i8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Selector {
    pub quant: Quant,
    pub side: Side,
    pub zone: ZoneSel,
    pub filter: Filter,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dest {
    OwnerHand,
    OwnerDiscard,
    OwnerDeckTop,
    OwnerDeckBottom,
    OwnerDeckShuffle,
    MyScore,
    OppScore,
    OwnerScore,
    ControllerScore,
    /// Take control: into my battle line (This is Mine).
    MyLine,
    /// Give control: into the opponent's battle line (This is Yours).
    OppLine,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RotateTo {
    State(CardState),
    /// "A state other than its current one": the current player picks which (Pinwheel).
    Different,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lasting {
    /// The next card you play enters play Active (A25).
    JumpStart,
    /// Enemy creatures can't be used to fight until your next turn begins.
    Lullaby,
    /// Your opponent can't play Actions during their next turn.
    CalmDown,
    /// Your opponent can't play any card during their next turn.
    SilentRoom,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Step {
    Draw(u8),
    Move(Selector, Dest),
    Mark(Selector),
    Rotate(Selector, RotateTo),
    Reveal(Side),
    PlayDeck {
        top: bool,
    },
    FightLast,
    EndTurn,
    Lasting(Lasting),
    Choose(Vec<Step>),
    /// Run the next step only if the previous move was done in full (A32).
    IfDone,
    /// Run the next step only if the last `if_done` test failed.
    Else,
    RequireOppScoreHigher,
    NameNumber,
    /// Shuffle your discard pile and stack it on top of your deck (Gentle Nudge).
    Nudge,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ability {
    pub trigger: Trigger,
    pub steps: Vec<Step>,
}

pub fn parse_abilities(text: &str) -> Result<Vec<Ability>, String> {
    let mut out = Vec::new();
    for part in text.split(" || ").map(str::trim).filter(|s| !s.is_empty()) {
        let (trig, body) = part.split_once(':').ok_or_else(|| format!("ability '{part}' lacks 'trigger:'"))?;
        let trigger = match trig.trim() {
            "play" => Trigger::Play,
            "bonus" => Trigger::Bonus,
            "harvested" => Trigger::Harvested,
            "wins" => Trigger::Wins,
            "loses" => Trigger::Loses,
            "leaves" => Trigger::Leaves,
            o => return Err(format!("unknown trigger '{o}'")),
        };
        let mut steps = Vec::new();
        for s in body.split(" ; ").map(str::trim) {
            parse_step_into(s, &mut steps)?;
        }
        out.push(Ability { trigger, steps });
    }
    Ok(out)
}

fn parse_step_into(s: &str, steps: &mut Vec<Step>) -> Result<(), String> {
    if let Some(rest) = s.strip_prefix("if_done ") {
        steps.push(Step::IfDone);
        return parse_step_into(rest, steps);
    }
    if let Some(rest) = s.strip_prefix("else ") {
        steps.push(Step::Else);
        return parse_step_into(rest, steps);
    }
    steps.push(parse_step(s)?);
    Ok(())
}

fn parse_num<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    s.parse::<T>().map_err(|_| format!("bad number '{s}'"))
}

pub fn parse_step(s: &str) -> Result<Step, String> {
    let s = s.trim();
    let (verb, rest) = s.split_once(' ').unwrap_or((s, ""));
    let rest = rest.trim();
    Ok(match verb {
        "draw" => Step::Draw(parse_num(rest)?),
        "move" => {
            let (sel, dest) = rest.split_once("->").ok_or_else(|| format!("'{s}' lacks '->'"))?;
            Step::Move(parse_selector(sel)?, parse_dest(dest.trim())?)
        }
        "mark" => Step::Mark(parse_selector(rest)?),
        "rotate" => {
            let (sel, to) = rest.split_once("->").ok_or_else(|| format!("'{s}' lacks '->'"))?;
            let to = match to.trim() {
                "different" => RotateTo::Different,
                t => RotateTo::State(CardState::parse(t).ok_or_else(|| format!("unknown state '{t}'"))?),
            };
            Step::Rotate(parse_selector(sel)?, to)
        }
        "reveal" => Step::Reveal(parse_side(rest).ok_or_else(|| format!("reveal whom: '{rest}'"))?),
        "play_deck" => match rest {
            "top" => Step::PlayDeck { top: true },
            "bottom" => Step::PlayDeck { top: false },
            o => return Err(format!("play_deck {o}?")),
        },
        "fight" if rest == "last" => Step::FightLast,
        "end_turn" => Step::EndTurn,
        "lasting" => Step::Lasting(match rest {
            "jump_start" => Lasting::JumpStart,
            "lullaby" => Lasting::Lullaby,
            "calm_down" => Lasting::CalmDown,
            "silent_room" => Lasting::SilentRoom,
            o => return Err(format!("unknown lasting effect '{o}'")),
        }),
        "choose" => {
            let modes = rest.split(" | ").map(parse_step).collect::<Result<Vec<_>, _>>()?;
            if modes.len() < 2 {
                return Err("choose needs two or more modes".into());
            }
            Step::Choose(modes)
        }
        "require" if rest == "opp_score_higher" => Step::RequireOppScoreHigher,
        "name_number" => Step::NameNumber,
        "nudge" => Step::Nudge,
        o => return Err(format!("unknown step '{o}'")),
    })
}

fn parse_side(s: &str) -> Option<Side> {
    match s {
        "my" => Some(Side::My),
        "enemy" => Some(Side::Enemy),
        "any" => Some(Side::Any),
        _ => None,
    }
}

fn parse_selector(s: &str) -> Result<Selector, String> {
    let mut toks = s.split_whitespace().peekable();
    let q = toks.next().ok_or("empty selector")?;
    let quant = match q {
        "one" => Quant::One,
        "may_one" => Quant::MayOne,
        "all" => Quant::All,
        "min_vp" => Quant::MinVp,
        "max_vp" => Quant::MaxVp,
        "min_power" => Quant::MinPower,
        "top" => Quant::Top,
        "bottom" => Quant::Bottom,
        "this" => Quant::This,
        "last" => Quant::Last,
        _ => {
            let (k, n) = q.split_once(':').ok_or_else(|| format!("unknown quantity '{q}'"))?;
            let n: u8 = parse_num(n)?;
            match k {
                "upto" => Quant::UpTo(n),
                "n" => Quant::Exactly(n),
                "random" => Quant::Random(n),
                "oppchoice" => Quant::OppChoice(n),
                _ => return Err(format!("unknown quantity '{q}'")),
            }
        }
    };
    let mut side = Side::My;
    if let Some(sd) = toks.peek().and_then(|t| parse_side(t)) {
        side = sd;
        toks.next();
    }
    let mut zone = ZoneSel::Anywhere;
    if let Some(z) = toks.peek().and_then(|t| match *t {
        "line" => Some(ZoneSel::Line),
        "relics" => Some(ZoneSel::Relics),
        "play" => Some(ZoneSel::Play),
        "hand" => Some(ZoneSel::Hand),
        "score" => Some(ZoneSel::Score),
        "discard" => Some(ZoneSel::Discard),
        "deck" => Some(ZoneSel::Deck),
        "marked" => Some(ZoneSel::Marked),
        _ => None,
    }) {
        zone = z;
        toks.next();
    }
    let needs_zone = !matches!(quant, Quant::This | Quant::Last);
    if needs_zone && zone == ZoneSel::Anywhere {
        return Err(format!("selector '{s}' names no zone"));
    }
    let mut filter = Filter::default();
    for t in toks {
        match t {
            "creature" => filter.creature = true,
            "relic" => filter.relic = true,
            "vp=number" => filter.vp_is_number = true,
            _ => {
                if let Some(st) = CardState::parse(t) {
                    filter.state = Some(st);
                } else if let Some(n) = t.strip_prefix("vp<=") {
                    filter.vp_max = Some(parse_num(n)?);
                } else if let Some(n) = t.strip_prefix("vp>=") {
                    filter.vp_min = Some(parse_num(n)?);
                } else if let Some(n) = t.strip_prefix("vp=") {
                    let n = parse_num(n)?;
                    filter.vp_min = Some(n);
                    filter.vp_max = Some(n);
                } else if let Some(n) = t.strip_prefix("power<=") {
                    filter.power_max = Some(parse_num(n)?);
                } else if let Some(n) = t.strip_prefix("power>=") {
                    filter.power_min = Some(parse_num(n)?);
                } else {
                    return Err(format!("unknown filter '{t}'"));
                }
            }
        }
    }
    Ok(Selector { quant, side, zone, filter })
}

fn parse_dest(s: &str) -> Result<Dest, String> {
    Ok(match s {
        "owner_hand" => Dest::OwnerHand,
        "owner_discard" => Dest::OwnerDiscard,
        "owner_deck_top" => Dest::OwnerDeckTop,
        "owner_deck_bottom" => Dest::OwnerDeckBottom,
        "owner_deck_shuffle" => Dest::OwnerDeckShuffle,
        "my_score" => Dest::MyScore,
        "opp_score" => Dest::OppScore,
        "owner_score" => Dest::OwnerScore,
        "controller_score" => Dest::ControllerScore,
        "my_line" => Dest::MyLine,
        "opp_line" => Dest::OppLine,
        o => return Err(format!("unknown destination '{o}'")),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_conditional_ability() {
        let a = parse_abilities(
            "bonus: move n:2 my hand -> owner_discard ; if_done move this -> my_score ; else move this -> opp_score",
        )
        .unwrap();
        assert_eq!(a.len(), 1);
        assert_eq!(a[0].trigger, Trigger::Bonus);
        assert_eq!(a[0].steps.len(), 5);
        assert_eq!(a[0].steps[1], Step::IfDone);
    }

    #[test]
    fn rejects_unknown_words_loudly() {
        assert!(parse_abilities("play: teleport 3").is_err());
        assert!(parse_abilities("play: move one my -> owner_hand").is_err());
        assert!(parse_abilities("sometimes: draw 1").is_err());
    }
}
