//! The one place this crate reaches Ardent card data: the built-in Omega Codex set, which the
//! gauntlet, the shipped model and the library are about (a changed set means retraining).

pub use ardent::{CardDef, CardType};

/// Cards in the pool (ids are `0..pool_len()`).
pub fn pool_len() -> usize {
    ardent::CardDb::omega_codex().len()
}

/// The card with this id. Ids come from deck lists this crate resolved, so they are in range.
pub fn card(id: u8) -> &'static CardDef {
    ardent::CardDb::omega_codex().def(id)
}

/// The card's code, `OmegaCodex 044`.
pub fn code(id: u8) -> String {
    card(id).code()
}

/// The card's English and Chinese names.
pub fn names(id: u8) -> (&'static str, &'static str) {
    let c = card(id);
    (c.name_en.as_str(), c.name_zh.as_str())
}

/// The card of a code (`OmegaCodex 044`, `044`), or why not.
pub fn id_of(code: &str) -> Result<u8, String> {
    ardent::deck::parse_code(ardent::CardDb::omega_codex(), code).map_err(|e| e.to_string())
}

/// The card's collector number (data files write cards by it: `044`).
pub fn number(id: u8) -> u16 {
    card(id).number
}
