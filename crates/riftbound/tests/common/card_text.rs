//! Card-set text for the card reader's tests: a one-ability spell or unit, and what the reader
//! says about a text (its problems, one expected refusal, acceptance).

use engine::{CardFormat, CardSet};
use riftbound::cards::CardDb;

/// The reader's problems with `text`, as it prints them (none: it reads).
pub fn problems(text: &str) -> Vec<String> {
    match CardDb::parse(text, CardFormat::Toml, "test.toml") {
        Ok(_) => Vec::new(),
        Err(e) => e.problems.iter().map(|p| p.to_string()).collect(),
    }
}

/// The one problem of `text`: it is at `pointer` and says `says`.
pub fn refused(text: &str, pointer: &str, says: &str) {
    let p = problems(text);
    assert_eq!(p.len(), 1, "{p:#?}");
    assert!(p[0].contains(&format!("at {pointer}:")) && p[0].contains(says), "{p:#?}");
}

pub fn accepted(text: &str) {
    let p = problems(text);
    assert!(p.is_empty(), "{p:#?}");
}

/// A spell "Test Spell" (T-001) with one ability block, `ability` (TOML lines).
pub fn spell(ability: &str) -> String {
    format!(
        r#"[[card]]
id = "T-001"
name = "Test Spell"
zh = "测试法术"
kind = "spell"
domains = ["mind"]
energy = 1
text = "Test."
text_zh = "测试。"
[[card.ability]]
{ability}
"#
    )
}

/// A unit "Test Unit" (T-002) with one ability block.
pub fn unit(ability: &str) -> String {
    format!(
        r#"[[card]]
id = "T-002"
name = "Test Unit"
zh = "测试单位"
kind = "unit"
domains = ["mind"]
energy = 1
might = 1
text = "Test."
text_zh = "测试。"
[[card.ability]]
{ability}
"#
    )
}
