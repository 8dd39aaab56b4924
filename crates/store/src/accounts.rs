//! Accounts and sessions. Password hashing is the server's job: the store keeps the PHC string.

use crate::{new_id, now_ms, Account, Result, Session, Store, StoreError};
use sqlx::any::AnyRow;
use sqlx::Row;

pub(crate) fn unique_violation(e: &sqlx::Error) -> bool {
    e.as_database_error().map(|d| d.is_unique_violation()).unwrap_or(false)
}

fn account_of(r: &AnyRow) -> Result<Account> {
    Ok(Account {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        password_hash: r.try_get("password_hash")?,
        created_at: r.try_get("created_at")?,
    })
}

impl Store {
    /// A new account; names are unique (a taken name is a conflict).
    pub async fn create_account(&self, name: &str, password_hash: &str) -> Result<Account> {
        let account = Account {
            id: new_id(),
            name: name.to_string(),
            password_hash: password_hash.to_string(),
            created_at: now_ms(),
        };
        sqlx::query("INSERT INTO accounts (id, name, password_hash, created_at) VALUES ($1, $2, $3, $4)")
            .bind(&account.id)
            .bind(&account.name)
            .bind(&account.password_hash)
            .bind(account.created_at)
            .execute(self.writer())
            .await
            .map_err(|e| {
                if unique_violation(&e) {
                    StoreError::Conflict(format!("the name '{name}' is taken"))
                } else {
                    e.into()
                }
            })?;
        Ok(account)
    }

    pub async fn account_by_name(&self, name: &str) -> Result<Option<Account>> {
        let row = sqlx::query("SELECT id, name, password_hash, created_at FROM accounts WHERE name = $1")
            .bind(name)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(account_of).transpose()
    }

    pub async fn account(&self, id: &str) -> Result<Option<Account>> {
        let row = sqlx::query("SELECT id, name, password_hash, created_at FROM accounts WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        row.as_ref().map(account_of).transpose()
    }

    /// A session for an account (`account_id`) or a guest (`guest_name`).
    pub async fn create_session(
        &self,
        token: &str,
        account_id: Option<&str>,
        guest_name: Option<&str>,
        ttl_ms: i64,
    ) -> Result<Session> {
        if account_id.is_some() == guest_name.is_some() {
            return Err(StoreError::Config("a session belongs to exactly one account or guest".into()));
        }
        let name = match (account_id, guest_name) {
            (Some(id), _) => self.account(id).await?.ok_or_else(|| StoreError::NotFound(format!("account {id}")))?.name,
            (None, Some(g)) => g.to_string(),
            (None, None) => unreachable!("checked above"),
        };
        let now = now_ms();
        sqlx::query(
            "INSERT INTO sessions (token, account_id, guest_name, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(token)
        .bind(account_id)
        .bind(guest_name)
        .bind(now)
        .bind(now + ttl_ms)
        .execute(self.writer())
        .await?;
        Ok(Session {
            token: token.to_string(),
            account_id: account_id.map(str::to_string),
            name,
            guest: account_id.is_none(),
            created_at: now,
            expires_at: now + ttl_ms,
        })
    }

    /// The live session with this token, if any (expired sessions are not returned).
    pub async fn session(&self, token: &str) -> Result<Option<Session>> {
        let row = sqlx::query(
            "SELECT s.token, s.account_id, s.guest_name, s.created_at, s.expires_at, a.name AS account_name \
             FROM sessions s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.token = $1 AND s.expires_at > $2",
        )
        .bind(token)
        .bind(now_ms())
        .fetch_optional(self.pool())
        .await?;
        let Some(r) = row else { return Ok(None) };
        let account_id: Option<String> = r.try_get("account_id")?;
        let guest_name: Option<String> = r.try_get("guest_name")?;
        let account_name: Option<String> = r.try_get("account_name")?;
        let (name, guest) = match (account_name, guest_name) {
            (Some(n), _) => (n, false),
            (None, Some(g)) => (g, true),
            (None, None) => return Err(StoreError::Corrupt(format!("session {token} has no owner"))),
        };
        Ok(Some(Session {
            token: r.try_get("token")?,
            account_id,
            name,
            guest,
            created_at: r.try_get("created_at")?,
            expires_at: r.try_get("expires_at")?,
        }))
    }

    pub async fn delete_session(&self, token: &str) -> Result<()> {
        sqlx::query("DELETE FROM sessions WHERE token = $1").bind(token).execute(self.writer()).await?;
        Ok(())
    }
}
