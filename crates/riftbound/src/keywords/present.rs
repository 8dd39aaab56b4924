//! English and Chinese labels of this module's keywords for the card catalogue (present.rs).

use super::Grant;
use crate::cards::CardDef;
use engine::Label;

fn kw_names(bits: u32) -> (Vec<&'static str>, Vec<&'static str>) {
    crate::present::KEYWORDS.iter().filter(|(k, _, _)| bits & k != 0).map(|(_, e, z)| (*e, *z)).unzip()
}

/// "Level 3: +2 Might, Tank" / "等级3：战力+2，坦克".
fn grant_label(g: &Grant) -> Label {
    let (mut en, mut zh): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
    if g.might != 0 {
        en.push(format!("{:+} Might", g.might));
        zh.push(format!("战力{:+}", g.might));
    }
    if g.hunt > 0 {
        en.push(format!("Hunt {}", g.hunt));
        zh.push(format!("狩猎 {}", g.hunt));
    }
    let (ke, kz) = kw_names(g.kw);
    en.extend(ke.iter().map(|s| s.to_string()));
    zh.extend(kz.iter().map(|s| s.to_string()));
    let (ce, cz) = if g.empowered {
        ("Empowered".to_string(), "已赋能".to_string())
    } else if g.mighty {
        ("While Mighty".to_string(), "强大时".to_string())
    } else {
        (format!("Level {}", g.level), format!("等级{}", g.level))
    };
    Label::new(format!("{ce}: {}", en.join(", ")), format!("{cz}：{}", zh.join("，")))
}

/// Hunt, Empower, the dependent grants and dependent abilities (Level N, Empowered).
pub fn keywords_of(d: &CardDef, out: &mut Vec<Label>) {
    if d.hunt > 0 {
        out.push(Label::new(format!("Hunt {}", d.hunt), format!("狩猎 {}", d.hunt)));
    }
    if let Some(f) = d.flow {
        let f = crate::present::cost_text(f, &d.flow_pips);
        out.push(Label::new(format!("Flow {f}"), format!("流转 {f}")));
    }
    if let Some(e) = d.empower {
        let e = crate::present::cost_text(e, &d.empower_pips);
        out.push(Label::new(format!("Empower {e}"), format!("赋能 {e}")));
    }
    for g in &d.grants {
        out.push(grant_label(g));
    }
    let mut levels: Vec<u8> = d.abilities.iter().map(|a| a.level).filter(|&n| n > 0).collect();
    levels.dedup();
    for n in levels {
        out.push(Label::new(format!("Level {n}"), format!("等级{n}")));
    }
    if d.abilities.iter().any(|a| a.empowered) {
        out.push(Label::new("Empowered", "已赋能"));
    }
}
