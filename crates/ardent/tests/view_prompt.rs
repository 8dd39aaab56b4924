//! The view's prompt says what is asked in both languages (`asks`, `asks_zh`), the same words as
//! the game's `prompt_text()`, so that clients need no translation table of their own.

use engine::dynamic::GameEntry;
use engine::{GameRng, Status, Viewer};

#[test]
fn every_prompt_is_asked_in_english_and_chinese() {
    let entry = GameEntry::of::<ardent::ArdentGame>();
    let mut prompts = 0;
    for seed in 0..40u64 {
        let mut g = entry.create(&serde_json::json!({}), None, seed).unwrap();
        let mut rng = GameRng::new(seed ^ 0xa5);
        while matches!(g.status(), Status::ToAct(_)) {
            let v = g.view(Viewer::Omniscient);
            if let Some(p) = v["prompt"].as_object() {
                let (en, zh) = (p["asks"].as_str().unwrap(), p["asks_zh"].as_str().unwrap());
                assert!(!en.is_empty() && !zh.is_empty(), "{p:?}");
                assert_ne!(en, zh, "the Chinese prompt is not the English one: {p:?}");
                assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "Chinese text: {zh}");
                prompts += 1;
            }
            let a = g.random_action(&mut rng).expect("a legal action while someone is to act");
            g.apply(&a).unwrap();
        }
    }
    assert!(prompts > 0, "the games asked something");
}
