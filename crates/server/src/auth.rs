//! Guests and accounts: argon2 password hashes, random tokens, HttpOnly session cookies.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::http::HeaderMap;
use rand_core::{OsRng, TryRngCore};

pub const SESSION_COOKIE: &str = "ct_session";

/// A fresh secret: 32 random bytes from the OS, hex. (OS randomness is for secrets only, never
/// for rules.)
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.try_fill_bytes(&mut bytes).expect("the OS random source works");
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn hash_password(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    OsRng.try_fill_bytes(&mut salt).map_err(|e| format!("no randomness: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| e.to_string())
}

/// A hash of a password nobody knows: a login for an unknown name is checked against it, so that
/// a failure takes as long whether or not the name exists.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password(&new_token()).unwrap_or_default())
}

pub fn verify_password(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).map(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok()).unwrap_or(false)
}

/// The value of a cookie in the request, if sent.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers.get_all(axum::http::header::COOKIE).iter().filter_map(|v| v.to_str().ok()).find_map(|v| {
        v.split(';').find_map(|kv| {
            let (k, val) = kv.trim().split_once('=')?;
            (k == name).then(|| val.to_string())
        })
    })
}

/// A `Set-Cookie` value: HttpOnly, SameSite=Lax, whole site; `Secure` when `secure`
/// (see [`secure_request`]).
pub fn set_cookie(name: &str, value: &str, max_age_secs: i64, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age_secs}{secure}")
}

/// Whether cookies of this response must be `Secure`: the server was started with
/// `--secure-cookies`, or the request came through a TLS-terminating proxy that says so with
/// `X-Forwarded-Proto: https` (a client sending that header itself only makes its own cookies
/// stricter).
pub fn secure_request(always: bool, headers: &HeaderMap) -> bool {
    always
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').next().is_some_and(|p| p.trim().eq_ignore_ascii_case("https")))
}

/// Whether a WebSocket upgrade may go on: no `Origin` (a non-browser client) or an `Origin`
/// whose host is the `Host` the request was sent to (the page came from this server). A page on
/// another site cannot open a socket with the visitor's cookies.
pub fn same_origin(headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(axum::http::header::ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    let Some(host) = headers.get(axum::http::header::HOST).and_then(|h| h.to_str().ok()) else { return false };
    let rest = origin.strip_prefix("https://").or_else(|| origin.strip_prefix("http://"));
    rest.is_some_and(|r| r.trim_end_matches('/').eq_ignore_ascii_case(host))
}

/// The cookie that remembers a seat at a table, for reconnection after a reload.
pub fn seat_cookie_name(table_id: &str) -> String {
    format!("ct_seat_{}", table_id.replace('-', ""))
}

/// A name people may use: 1..=max characters, letters, digits, spaces, `_`, `-`, `.`.
pub fn check_name(name: &str, max: usize) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("the name is empty".into());
    }
    if name.chars().count() > max {
        return Err(format!("the name is longer than {max} characters"));
    }
    if !name.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '_' | '-' | '.')) {
        return Err("the name may hold only letters, digits, spaces, '_', '-' and '.'".into());
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_hash_with_argon2_and_verify() {
        let h = hash_password("hunter2").unwrap();
        assert!(h.starts_with("$argon2"));
        assert!(verify_password("hunter2", &h));
        assert!(!verify_password("hunter3", &h));
        assert!(!verify_password("hunter2", "garbage"));
    }

    #[test]
    fn cookies_are_found_by_name() {
        let mut h = HeaderMap::new();
        h.insert(axum::http::header::COOKIE, "a=1; ct_session=abc; b=2".parse().unwrap());
        assert_eq!(cookie(&h, SESSION_COOKIE).as_deref(), Some("abc"));
        assert_eq!(cookie(&h, "zz"), None);
    }

    #[test]
    fn origins_are_checked_against_the_host() {
        let mut h = HeaderMap::new();
        h.insert(axum::http::header::HOST, "play.example:8080".parse().unwrap());
        assert!(same_origin(&h), "no Origin: a non-browser client");
        h.insert(axum::http::header::ORIGIN, "http://play.example:8080".parse().unwrap());
        assert!(same_origin(&h));
        h.insert(axum::http::header::ORIGIN, "https://evil.example".parse().unwrap());
        assert!(!same_origin(&h));
        h.insert(axum::http::header::ORIGIN, "null".parse().unwrap());
        assert!(!same_origin(&h));
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("Ann B", 32).is_ok());
        assert!(check_name("", 32).is_err());
        assert!(check_name("<script>", 32).is_err());
        assert!(check_name(&"x".repeat(33), 32).is_err());
    }
}
