//! Actions and their notation. Cards are named by instance id `cN`: P1's deck list gives
//! c0–c16 in list order, P2's gives c17–c33.

use crate::card::CardState;
use engine::NotationError;
use std::fmt;
use std::str::FromStr;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArdentAction {
    /// Main step: play a card from hand (§5.1).
    Play(u8),
    /// Main step: discard a card from hand (§5.2, once unlocked).
    Discard(u8),
    /// Main step: fight with a creature (§5.3).
    Fight(u8),
    /// Main step: harvest a Mature card (§5.4).
    Harvest(u8),
    /// Main step: reveal the hand, having no legal play (§4.2).
    Reveal,
    /// Main step: end it (then Rotate and Draw Cards run).
    End,
    /// Choose a card for the pending decision.
    Pick(u8),
    /// Stop choosing (an optional or "up to" choice).
    Done,
    /// Put a creature at the left end of a line.
    Left,
    /// Put a creature at the right end of a line.
    Right,
    /// Choose one: mode number, from 1.
    Mode(u8),
    /// Name a number (Pinpoint).
    Number(i8),
    /// Rotate to this state (Pinwheel).
    To(CardState),
    /// Resolve next the trigger of this card (order of simultaneous triggers).
    Trigger(u8),
    Concede,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
}

impl fmt::Display for ArdentAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ArdentAction::*;
        match self {
            Play(c) => write!(f, "play c{c}"),
            Discard(c) => write!(f, "discard c{c}"),
            Fight(c) => write!(f, "fight c{c}"),
            Harvest(c) => write!(f, "harvest c{c}"),
            Reveal => f.write_str("reveal"),
            End => f.write_str("end"),
            Pick(c) => write!(f, "pick c{c}"),
            Done => f.write_str("done"),
            Left => f.write_str("left"),
            Right => f.write_str("right"),
            Mode(m) => write!(f, "mode {m}"),
            Number(n) => write!(f, "number {n}"),
            To(s) => write!(f, "to {}", s.name()),
            Trigger(c) => write!(f, "trigger c{c}"),
            Concede => f.write_str("concede"),
            OfferDraw => f.write_str("offer-draw"),
            AcceptDraw => f.write_str("accept-draw"),
            DeclineDraw => f.write_str("decline-draw"),
        }
    }
}

fn card_id(text: &str, word: Option<&str>) -> Result<u8, NotationError> {
    let w = word.ok_or_else(|| NotationError::new(text, "needs a card like c5"))?;
    w.strip_prefix('c')
        .and_then(|n| n.parse::<u8>().ok())
        .filter(|&n| (n as usize) < crate::card::MAX_CARDS)
        .ok_or_else(|| NotationError::new(text, format!("'{w}' is not a card: use c0..c33")))
}

impl FromStr for ArdentAction {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, NotationError> {
        use ArdentAction::*;
        let text = s.trim();
        let mut words = text.split_whitespace();
        let verb = words.next().unwrap_or_default().to_ascii_lowercase();
        let arg = words.next();
        let action = match verb.as_str() {
            "play" => Play(card_id(text, arg)?),
            "discard" => Discard(card_id(text, arg)?),
            "fight" => Fight(card_id(text, arg)?),
            "harvest" => Harvest(card_id(text, arg)?),
            "pick" => Pick(card_id(text, arg)?),
            "trigger" => Trigger(card_id(text, arg)?),
            "reveal" => Reveal,
            "end" => End,
            "done" => Done,
            "left" => Left,
            "right" => Right,
            "mode" => Mode(
                arg.and_then(|a| a.parse::<u8>().ok())
                    .filter(|&m| m >= 1)
                    .ok_or_else(|| NotationError::new(text, "mode needs a number from 1"))?,
            ),
            "number" => Number(
                arg.and_then(|a| a.parse::<i8>().ok())
                    .ok_or_else(|| NotationError::new(text, "number needs an integer"))?,
            ),
            "to" => To(arg
                .and_then(CardState::parse)
                .ok_or_else(|| NotationError::new(text, "to needs dormant, active or mature"))?),
            "concede" => Concede,
            "offer-draw" => OfferDraw,
            "accept-draw" => AcceptDraw,
            "decline-draw" => DeclineDraw,
            "" => return Err(NotationError::new(text, "empty action")),
            other => return Err(NotationError::new(text, format!("unknown action '{other}'"))),
        };
        if words.next().is_some() || (arg.is_some() && !takes_arg(&action)) {
            return Err(NotationError::new(text, "too many words"));
        }
        Ok(action)
    }
}

fn takes_arg(a: &ArdentAction) -> bool {
    use ArdentAction::*;
    matches!(a, Play(_) | Discard(_) | Fight(_) | Harvest(_) | Pick(_) | Trigger(_) | Mode(_) | Number(_) | To(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        use ArdentAction::*;
        for a in [
            Play(0),
            Discard(33),
            Fight(5),
            Harvest(6),
            Reveal,
            End,
            Pick(7),
            Done,
            Left,
            Right,
            Mode(2),
            Number(-2),
            To(CardState::Mature),
            Trigger(9),
            Concede,
            OfferDraw,
            AcceptDraw,
            DeclineDraw,
        ] {
            assert_eq!(a.to_string().parse::<ArdentAction>().unwrap(), a);
        }
        assert!("play c34".parse::<ArdentAction>().is_err());
        assert!("play".parse::<ArdentAction>().is_err());
        assert!("end now".parse::<ArdentAction>().is_err());
        assert!("mode 0".parse::<ArdentAction>().is_err());
        assert!("jump".parse::<ArdentAction>().is_err());
    }
}
