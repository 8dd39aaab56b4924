//! The WebSocket messages (documented in docs/protocol.md).

use serde::Deserialize;
use serde_json::{json, Value};

/// What a client may send over the table socket.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Play an action (in the game's notation). `seq`, if given, must be the number of actions
    /// played so far: a stale client gets an error instead of acting on a state it has not seen.
    /// `id`, if given, names the action (1–64 characters, chosen by the client): the same id
    /// from the same seat is applied once, and a resend gets the first answer again (`ack` with
    /// the move number, or the `error`, both carrying the id).
    Act {
        action: String,
        seq: Option<u64>,
        id: Option<String>,
    },
    Chat {
        text: String,
    },
    Concede,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    RequestUndo,
    AcceptUndo,
    DeclineUndo,
    Ping,
}

/// An error reply; the connection and the game go on.
pub fn error(kind: &str, message: impl Into<String>) -> String {
    json!({"type": "error", "kind": kind, "message": message.into()}).to_string()
}

pub fn to_text(v: &Value) -> String {
    v.to_string()
}
