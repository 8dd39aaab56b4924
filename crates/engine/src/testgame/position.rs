//! Pebbles' position notation: `PILE/TO_ACT/BONUS1,BONUS2/WINNER`, a bonus followed by `*`
//! once it has been played, the winner `-` while the game goes on. The opening of a 15-pebble
//! game dealt bonuses 2 and 3: `15/P1/2,3/-`; after P1 played its bonus: `13/P2/2*,3/-`.

use crate::error::SetupError;
use crate::seat::{Seat, Viewer};

/// Everything a Pebbles position holds (the set it is played with comes from the options).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub pile: u8,
    pub to_act: Seat,
    pub bonus: [u8; 2],
    pub bonus_used: [bool; 2],
    pub winner: Option<Seat>,
}

pub fn write(p: &Position) -> String {
    let bonus = |s: usize| format!("{}{}", p.bonus[s], if p.bonus_used[s] { "*" } else { "" });
    let winner = p.winner.map_or_else(|| "-".to_string(), |w| w.to_string());
    format!("{}/{}/{},{}/{winner}", p.pile, p.to_act, bonus(0), bonus(1))
}

fn seat(text: &str, what: &str) -> Result<Seat, SetupError> {
    match text.parse::<Viewer>() {
        Ok(Viewer::Seat(s)) if s.index() < 2 => Ok(s),
        _ => Err(SetupError::new(format!("position: {what} '{text}' is not P1 or P2"))),
    }
}

/// Read a position; anything that is not a possible Pebbles position is refused, naming why.
pub fn read(text: &str) -> Result<Position, SetupError> {
    let bad = |why: String| SetupError::new(format!("position '{}': {why}", text.trim()));
    let parts: Vec<&str> = text.trim().split('/').collect();
    let [pile, to_act, bonuses, winner] = parts.as_slice() else {
        return Err(bad("expected PILE/TO_ACT/BONUS1,BONUS2/WINNER (like 15/P1/2,3/-)".into()));
    };
    let pile: u8 =
        pile.parse().ok().filter(|p| *p <= 200).ok_or_else(|| bad(format!("pile '{pile}' is not 0 to 200")))?;
    let to_act = seat(to_act, "the seat to act")?;
    let mut bonus = [0u8; 2];
    let mut bonus_used = [false; 2];
    let list: Vec<&str> = bonuses.split(',').collect();
    if list.len() != 2 {
        return Err(bad(format!("'{bonuses}' is not two bonuses (like 2,3*)")));
    }
    for (i, b) in list.iter().enumerate() {
        let (n, used) = match b.strip_suffix('*') {
            Some(n) => (n, true),
            None => (*b, false),
        };
        bonus[i] =
            n.parse().ok().filter(|n| (1..=3).contains(n)).ok_or_else(|| bad(format!("bonus '{b}' is not 1 to 3")))?;
        bonus_used[i] = used;
    }
    let winner = match *winner {
        "-" => None,
        w => Some(seat(w, "the winner")?),
    };
    match (winner, pile) {
        (Some(_), p) if p > 0 => return Err(bad("a won game has an empty pile".into())),
        (None, 0) => return Err(bad("an empty pile needs a winner".into())),
        _ => {}
    }
    Ok(Position { pile, to_act, bonus, bonus_used, winner })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_round_trip_and_bad_ones_say_why() {
        for text in ["15/P1/2,3/-", "13/P2/2*,3/-", "0/P1/1*,3*/P1"] {
            assert_eq!(write(&read(text).unwrap()), text);
        }
        for (text, says) in [
            ("15/P1/2,3", "expected PILE"),
            ("300/P1/2,3/-", "pile '300'"),
            ("15/P3/2,3/-", "'P3' is not P1 or P2"),
            ("15/P1/2,4/-", "bonus '4'"),
            ("15/P1/2/-", "two bonuses"),
            ("5/P1/2,3/P2", "empty pile"),
            ("0/P1/2,3/-", "needs a winner"),
        ] {
            let e = read(text).unwrap_err().to_string();
            assert!(e.contains(says), "{text}: {e}");
        }
    }
}
