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

/// A login: either an account or a guest with a nickname. Who someone is goes by
/// [`Session::user_id`] (the account id, or the guest's id), never by the name.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// The secret as the client holds it (the store keeps only its hash).
    #[serde(skip_serializing)]
    pub token: String,
    pub account_id: Option<String>,
    /// A guest's own id (random, given when the guest signs in); `None` for an account.
    pub guest_id: Option<String>,
    /// The account's name, or the guest's nickname.
    pub name: String,
    pub guest: bool,
    pub created_at: i64,
    pub expires_at: i64,
}

impl Session {
    /// Who this is: the account id or the guest id (an account made from a guest keeps the
    /// guest's id, so its tables stay its own).
    pub fn user_id(&self) -> &str {
        self.account_id.as_deref().or(self.guest_id.as_deref()).unwrap_or_default()
    }
}

/// A deck of any game. `data` is the game's own deck format (JSON). Later migrations may add
/// columns (e.g. Ardent deck-library fields) without changing these.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Deck {
    pub id: String,
    pub game: String,
    pub name: String,
    /// The account that saved it (kept for the foreign key; see `owner`).
    pub owner_id: Option<String>,
    /// Who may edit or delete it: an account or guest id.
    pub owner: Option<String>,
    /// Shared: others may see and play it (only the owner edits it).
    pub public: bool,
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
    /// Its stored options or actions no longer rebuild the game (a corrupt or outdated record):
    /// kept for inspection, never restored or listed as playing; `result` holds
    /// `{"broken": reason}`.
    Broken,
}

impl TableStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TableStatus::Lobby => "lobby",
            TableStatus::Playing => "playing",
            TableStatus::Finished => "finished",
            TableStatus::Broken => "broken",
        }
    }
    pub fn parse(s: &str) -> Option<TableStatus> {
        match s {
            "lobby" => Some(TableStatus::Lobby),
            "playing" => Some(TableStatus::Playing),
            "finished" => Some(TableStatus::Finished),
            "broken" => Some(TableStatus::Broken),
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
    /// Kept for the account in `account_id` until it takes it.
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
    /// The account seated (or invited).
    pub account_id: Option<String>,
    /// The guest seated.
    pub guest_id: Option<String>,
    pub bot_spec: Option<String>,
    /// The SHA-256 (hex, [`crate::hash_token`]) of the secret that lets a client reconnect to
    /// this seat; the token itself is never stored. Never listed publicly.
    #[serde(skip_serializing)]
    pub token_hash: Option<String>,
}

impl SeatRecord {
    pub fn open(index: u8) -> Self {
        SeatRecord {
            index,
            kind: SeatKind::Open,
            player_name: None,
            account_id: None,
            guest_id: None,
            bot_spec: None,
            token_hash: None,
        }
    }

    /// Who sits here: the account or guest id (`None` for an open seat, an invitation not yet
    /// taken, or a bot).
    pub fn user_id(&self) -> Option<&str> {
        match self.kind {
            SeatKind::Account | SeatKind::Guest => self.account_id.as_deref().or(self.guest_id.as_deref()),
            _ => None,
        }
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
    /// The creator's display name (for people to read; rights go by `creator_id`).
    pub created_by: String,
    /// The creator's account or guest id: who may start the table.
    #[serde(default)]
    pub creator_id: Option<String>,
    /// Made with development settings that fix hidden order or the first player
    /// (`cardtable serve --dev-settings`); every seat is told.
    #[serde(default)]
    pub dev_settings: bool,
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
    /// The id the client gave the action (`{"type":"act","id":…}`), if any: a resent id is
    /// answered from the log instead of being applied again, on whichever node owns the table.
    #[serde(default)]
    pub client_id: Option<String>,
}
