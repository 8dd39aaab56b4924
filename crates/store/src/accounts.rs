//! Accounts and sessions. Password hashing is the server's job: the store keeps the PHC string.
//! Names are unique case-insensitively (`name_key`); session tokens are kept hashed
//! ([`crate::hash_token`]): the store is given the token and stores only its SHA-256.

use crate::{hash_token, name_key, new_id, now_ms, Account, Result, Session, Store, StoreError};
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

fn taken(name: &str) -> StoreError {
    StoreError::Conflict(format!("the name '{name}' is taken"))
}

impl Store {
    /// A new account; names are unique case-insensitively (a taken name is a conflict).
    pub async fn create_account(&self, name: &str, password_hash: &str) -> Result<Account> {
        let account = Account {
            id: new_id(),
            name: name.to_string(),
            password_hash: password_hash.to_string(),
            created_at: now_ms(),
        };
        sqlx::query("INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&account.id)
            .bind(&account.name)
            .bind(name_key(name))
            .bind(&account.password_hash)
            .bind(account.created_at)
            .execute(self.writer())
            .await
            .map_err(|e| if unique_violation(&e) { taken(name) } else { e.into() })?;
        Ok(account)
    }

    /// Turn a guest into an account, in one transaction: the account takes the guest's id, so
    /// the guest's tables, seats and decks stay its own; the guest's sessions become the
    /// account's.
    pub async fn convert_guest(&self, guest_id: &str, name: &str, password_hash: &str) -> Result<Account> {
        let account = Account {
            id: guest_id.to_string(),
            name: name.to_string(),
            password_hash: password_hash.to_string(),
            created_at: now_ms(),
        };
        let mut tx = self.writer().begin().await?;
        sqlx::query("INSERT INTO accounts (id, name, name_key, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&account.id)
            .bind(&account.name)
            .bind(name_key(name))
            .bind(&account.password_hash)
            .bind(account.created_at)
            .execute(&mut *tx)
            .await
            .map_err(|e| if unique_violation(&e) { taken(name) } else { e.into() })?;
        sqlx::query(
            "UPDATE sessions SET account_id = $1, guest_id = NULL, guest_name = NULL, name_key = NULL WHERE guest_id = $1",
        )
        .bind(guest_id)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE seats SET kind = 'account', account_id = $1, guest_id = NULL, player_name = $2 WHERE guest_id = $1",
        )
        .bind(guest_id)
        .bind(name)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE tables SET created_by = $2 WHERE creator_id = $1")
            .bind(guest_id)
            .bind(name)
            .execute(&mut *tx)
            .await?;
        sqlx::query("UPDATE decks SET owner_id = $1 WHERE owner = $1").bind(guest_id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(account)
    }

    /// The account with this name, compared case-insensitively.
    pub async fn account_by_name(&self, name: &str) -> Result<Option<Account>> {
        let row = sqlx::query("SELECT id, name, password_hash, created_at FROM accounts WHERE name_key = $1")
            .bind(name_key(name))
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

    /// The id of a guest signed in now (unexpired session) under this name, compared
    /// case-insensitively.
    pub async fn live_guest_named(&self, name: &str) -> Result<Option<String>> {
        let row = sqlx::query(
            "SELECT guest_id FROM sessions WHERE name_key = $1 AND account_id IS NULL AND expires_at > $2 LIMIT 1",
        )
        .bind(name_key(name))
        .bind(now_ms())
        .fetch_optional(self.pool())
        .await?;
        Ok(row.map(|r| r.try_get::<Option<String>, _>(0)).transpose()?.flatten())
    }

    /// A session for an account (`account_id`) or a new guest (`guest_name`; the guest gets a
    /// fresh id). Only the token's hash is stored.
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
        let guest_id = guest_name.map(|_| new_id());
        let now = now_ms();
        sqlx::query(
            "INSERT INTO sessions (token, account_id, guest_name, guest_id, name_key, created_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(hash_token(token))
        .bind(account_id)
        .bind(guest_name)
        .bind(guest_id.as_deref())
        .bind(guest_name.map(name_key))
        .bind(now)
        .bind(now + ttl_ms)
        .execute(self.writer())
        .await?;
        Ok(Session {
            token: token.to_string(),
            account_id: account_id.map(str::to_string),
            guest_id,
            name,
            guest: account_id.is_none(),
            created_at: now,
            expires_at: now + ttl_ms,
        })
    }

    /// The live session with this token, if any (expired sessions are not returned).
    pub async fn session(&self, token: &str) -> Result<Option<Session>> {
        let row = sqlx::query(
            "SELECT s.account_id, s.guest_name, s.guest_id, s.created_at, s.expires_at, a.name AS account_name \
             FROM sessions s LEFT JOIN accounts a ON a.id = s.account_id WHERE s.token = $1 AND s.expires_at > $2",
        )
        .bind(hash_token(token))
        .bind(now_ms())
        .fetch_optional(self.pool())
        .await?;
        let Some(r) = row else { return Ok(None) };
        let account_id: Option<String> = r.try_get("account_id")?;
        let guest_name: Option<String> = r.try_get("guest_name")?;
        let guest_id: Option<String> = r.try_get("guest_id")?;
        let account_name: Option<String> = r.try_get("account_name")?;
        let (name, guest) = match (account_name, guest_name) {
            (Some(n), _) => (n, false),
            (None, Some(g)) if guest_id.is_some() => (g, true),
            _ => return Err(StoreError::Corrupt("a session has no owner".into())),
        };
        Ok(Some(Session {
            token: token.to_string(),
            account_id,
            guest_id: if guest { guest_id } else { None },
            name,
            guest,
            created_at: r.try_get("created_at")?,
            expires_at: r.try_get("expires_at")?,
        }))
    }

    pub async fn delete_session(&self, token: &str) -> Result<()> {
        sqlx::query("DELETE FROM sessions WHERE token = $1").bind(hash_token(token)).execute(self.writer()).await?;
        Ok(())
    }
}
