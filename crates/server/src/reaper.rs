//! Tables nobody comes back to: a game in progress none of whose human seats has been
//! connected for [`Limits::abandon_after`](crate::Limits) is ended as abandoned (no winners, a
//! result that says so), and so is a lobby table nobody has watched for as long. And the cap on
//! the lobby tables one user may hold open.

use crate::app::App;
use crate::table::{announce, finish_by_server, Table};
use engine::Outcome;
use std::sync::Arc;
use std::time::Instant;
use store::TableStatus;

/// Check the tables every `Limits::reap_every` for as long as the app lives.
pub fn spawn(app: &Arc<App>) {
    let weak = Arc::downgrade(app);
    let every = app.limits.reap_every.max(std::time::Duration::from_millis(10));
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.tick().await;
        loop {
            tick.tick().await;
            let Some(app) = weak.upgrade() else { break };
            reap(&app).await;
        }
    });
}

/// End the abandoned tables now; returns how many.
pub async fn reap(app: &Arc<App>) -> usize {
    let mut n = 0;
    for table in app.live_tables() {
        if reap_one(app, &table).await {
            n += 1;
        }
    }
    n
}

async fn reap_one(app: &Arc<App>, table: &Arc<Table>) -> bool {
    let mut st = table.state.lock().await;
    let watched = match st.record.status {
        TableStatus::Finished | TableStatus::Broken => return false,
        TableStatus::Lobby => !st.subs.is_empty(),
        TableStatus::Playing => st.attended(),
    };
    if watched {
        st.last_seen = Instant::now();
        return false;
    }
    let gone = st.last_seen.elapsed();
    if gone < app.limits.abandon_after {
        return false;
    }
    let reason = match st.record.status {
        TableStatus::Lobby => format!("abandoned before it started: nobody came for {} s", gone.as_secs()),
        _ => format!("abandoned: no player was connected for {} s", gone.as_secs()),
    };
    let outcome = Outcome { winners: Vec::new(), scores: Vec::new(), reason };
    match finish_by_server(app, &mut st, outcome).await {
        Ok(change) => {
            announce(app, table, &mut st, Some(change));
            true
        }
        Err(e) => {
            tracing::warn!(table = %table.id, error = %e.message, "could not end the abandoned table");
            false
        }
    }
}

/// Refuse a new table when `creator` (an account or guest id) already has as many lobby tables
/// open as the limit allows.
pub fn check_lobby_cap(app: &App, creator: &str) -> Result<(), String> {
    let max = app.limits.max_lobby_tables_per_user;
    let open = app
        .live_tables()
        .iter()
        .filter(|t| match t.state.try_lock() {
            Ok(st) => st.record.status == TableStatus::Lobby && st.record.creator_id.as_deref() == Some(creator),
            // Busy: it is being played or joined; count it only if it is a lobby table, which a
            // locked table rarely is. Err on the side of the user.
            Err(_) => false,
        })
        .count();
    if open >= max {
        return Err(format!(
            "you already have {open} tables waiting for players (at most {max}): start or leave one first"
        ));
    }
    Ok(())
}
