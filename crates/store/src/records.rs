//! The rows the store keeps, as plain values.

use serde::{Deserialize, Serialize};
use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Account {
    pub id: String,
    pub name: String,
    /// An argon2 PHC string; never sent to clients.
    #[serde(skip_serializing)]
    pub password_hash: String,
    pub created_at: i64,
}

/// A login: either an account or a guest with a nickname.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    pub token: String,
    pub account_id: Option<String>,
    /// The account's name, or the guest's nickname.
    pub name: String,
    pub guest: bool,
    pub created_at: i64,
    pub expires_at: i64,
}

/// A deck of any game. `data` is the game's own deck format (JSON). Later migrations may add
/// columns (e.g. Ardent deck-library fields) without changing these.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    pub id: String,
    pub game: String,
    pub name: String,
    pub owner_id: Option<String>,
    pub data: Value,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Where a table is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TableStatus {
    /// Seats are being filled.
    Lobby,
    Playing,
    Finished,
}

impl TableStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Lobby => "lobby",
            TableStatus::Playing => "playing",
            TableStatus::Finished => "finished",
        }
    }
    pub fn parse(s: &str) -> Option<TableStatus> {
        match s {
            "lobby" => Some(TableStatus::Lobby),
            "playing" => Some(TableStatus::Playing),
            "finished" => Some(TableStatus::Finished),
            _ => None,
        }
    }
}

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeatKind {
    /// Anyone may take it.
    Open,
    /// Kept for the player named in `player_name` until they take it.
    Invited,
    Guest,
    Account,
    Bot,
}

impl SeatKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Open => "open",
            SeatKind::Invited => "invited",
            SeatKind::Guest => "guest",
            SeatKind::Account => "account",
            SeatKind::Bot => "bot",
        }
    }
    pub fn parse(s: &str) -> Option<SeatKind> {
        match s {
            "open" => Some(SeatKind::Open),
            "invited" => Some(SeatKind::Invited),
            "guest" => Some(SeatKind::Guest),
            "account" => Some(SeatKind::Account),
            "bot" => Some(SeatKind::Bot),
            _ => None,
        }
    }
    /// Taken by a person or a bot (not open, not waiting for an invitee).
    pub fn is_filled(self) -> bool {
        matches!(self, SeatKind::Guest | SeatKind::Account | SeatKind::Bot)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRecord {
    pub index: u8,
    pub kind: SeatKind,
    pub player_name: Option<String>,
    pub account_id: Option<String>,
    pub bot_spec: Option<String>,
    /// The secret that lets a client reconnect to this seat; never listed publicly.
    #[serde(skip_serializing)]
    pub token: Option<String>,
}

impl SeatRecord {
    pub fn open(index: u8) -> Self {
        SeatRecord { index, kind: SeatKind::Open, player_name: None, account_id: None, bot_spec: None, token: None }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRecord {
    pub id: String,
    pub game: String,
    pub options: Value,
    pub setup: Option<Value>,
    pub seed: u64,
    pub status: TableStatus,
    /// How the table ended when the server (not the rules) ended it: concession, agreed draw,
    /// time. The game's own outcome lives in its status.
    pub result: Option<Value>,
    pub clock_secs: Option<u32>,
    pub created_by: String,
    pub created_at: i64,
    pub updated_at: i64,
    pub seats: Vec<SeatRecord>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ActionRecord {
    /// 1 for the first action of the table.
    pub seq: u64,
    pub notation: String,
    pub seat: u8,
    pub created_at: i64,
}
