//! The card face (spec §2.5 card anatomy; texts from docs card-text spec §3): 63 × 88 mm with
//! a creature's Power at the top left, name and Chinese name, type, our rules text in English and
//! Chinese, VP at the bottom left, the deck's name, and rarity symbol, collector number and set at
//! the bottom right. Drawn on any [`Canvas`], in millimetres.

use crate::canvas::{Canvas, Paint, Rgb, BLACK, WHITE};
use crate::fonts::{width_mm, Face, PT_PER_MM};
use ardent::card::{CardDef, CardType, Rarity};

pub const CARD_W: f32 = 63.0;
pub const CARD_H: f32 = 88.0;
/// Centre of the Power badge (creatures), from the card's top-left corner: the top-left corner.
pub const POWER_CENTRE: (f32, f32) = (9.0, 9.2);
/// Centre of the VP badge, from the card's top-left corner: the bottom-left corner.
pub const VP_CENTRE: (f32, f32) = (8.6, 79.6);
/// The VP badge's fill.
pub const VP_GOLD: Rgb = Rgb(0xE8, 0xB9, 0x2E);

/// Dark and light colours of a card type.
pub fn type_colors(t: CardType) -> (Rgb, Rgb) {
    match t {
        CardType::Creature => (Rgb(0xA3, 0x3B, 0x24), Rgb(0xF6, 0xE0, 0xD6)),
        CardType::Relic => (Rgb(0x1F, 0x66, 0x80), Rgb(0xD6, 0xE9, 0xF0)),
        CardType::Action => (Rgb(0x5E, 0x3F, 0x8F), Rgb(0xE8, 0xE0, 0xF3)),
    }
}

pub fn type_names(t: CardType) -> (&'static str, &'static str) {
    match t {
        CardType::Creature => ("CREATURE", "生物"),
        CardType::Relic => ("RELIC", "圣器"),
        CardType::Action => ("ACTION", "行动"),
    }
}

pub fn rarity_names(r: Rarity) -> (&'static str, &'static str) {
    match r {
        Rarity::Common => ("Common", "普通"),
        Rarity::Rare => ("Rare", "稀有"),
        Rarity::Variant => ("Variant", "变体"),
        Rarity::Linked => ("Linked", "关联"),
    }
}

/// The set's name for people (spec §8: set id `OmegaCodex`).
pub fn set_name(set: &str) -> &str {
    if set == ardent::card::OMEGA_CODEX {
        "Omega Codex"
    } else {
        set
    }
}

/// The rarity symbol (a vector shape, not a glyph): Common ●, Rare ◆, Variant ▲, Linked ∞.
pub fn rarity_symbol(c: &mut dyn Canvas, r: Rarity, cx: f32, cy: f32, size: f32) {
    let s = size / 2.0;
    let ink = Rgb(0x20, 0x20, 0x20);
    match r {
        Rarity::Common => c.circle(cx, cy, s * 0.8, Paint::fill(ink)),
        Rarity::Rare => {
            c.polygon(&[(cx, cy - s), (cx + s, cy), (cx, cy + s), (cx - s, cy)], Paint::fill(Rgb(0xC8, 0x8A, 0x10)))
        }
        Rarity::Variant => c.polygon(
            &[(cx, cy - s), (cx + s, cy + s * 0.8), (cx - s, cy + s * 0.8)],
            Paint::fill(Rgb(0x2E, 0x7D, 0x32)),
        ),
        Rarity::Linked => {
            c.circle(cx - s * 0.45, cy, s * 0.55, Paint::stroke(ink, s * 0.3));
            c.circle(cx + s * 0.45, cy, s * 0.55, Paint::stroke(ink, s * 0.3));
        }
    }
}

/// One word of a laid-out line.
#[derive(Clone, Debug, PartialEq)]
pub struct Word {
    pub text: String,
    pub face: Face,
    pub x: f32,
}

/// English text: greedy word wrap into lines of at most `width` mm. A leading ability prefix
/// (`Play:`, `Bonus:`, `Skill:`, `If harvested:`, …) is set in bold.
pub fn wrap_en(paragraph: &str, size_pt: f32, width: f32) -> Vec<Vec<Word>> {
    let (bold, rest) = match paragraph.find(':') {
        Some(i) if i < 24 && !paragraph[..i].contains('.') => paragraph.split_at(i + 1),
        _ => ("", paragraph),
    };
    let tokens =
        bold.split_whitespace().map(|w| (w, Face::Bold)).chain(rest.split_whitespace().map(|w| (w, Face::Regular)));
    let space = width_mm(Face::Regular, size_pt, " ");
    let mut lines: Vec<Vec<Word>> = vec![Vec::new()];
    let mut x = 0.0;
    for (w, face) in tokens {
        let ww = width_mm(face, size_pt, w);
        let line = lines.last_mut().expect("one line");
        if !line.is_empty() && x + space + ww > width {
            lines.push(vec![Word { text: w.to_string(), face, x: 0.0 }]);
            x = ww;
        } else {
            let at = if line.is_empty() { 0.0 } else { x + space };
            line.push(Word { text: w.to_string(), face, x: at });
            x = at + ww;
        }
    }
    lines
}

/// Chinese text: wrap by character; closing punctuation never starts a line.
pub fn wrap_zh(paragraph: &str, size_pt: f32, width: f32) -> Vec<String> {
    let mut lines = vec![String::new()];
    for ch in paragraph.chars() {
        let line = lines.last_mut().expect("one line");
        let mut probe = line.clone();
        probe.push(ch);
        let closing = "，。、：；）」』！？”".contains(ch);
        if !line.is_empty() && !closing && width_mm(Face::Cjk, size_pt, &probe) > width {
            lines.push(ch.to_string());
        } else {
            line.push(ch);
        }
    }
    lines
}

/// Draw `text` shrunk (from `size_pt` down) to fit `max_w`, starting at `x` (left), or centred on
/// `x` when `centre`. Returns the size used.
#[allow(clippy::too_many_arguments)]
pub fn fit_text(
    c: &mut dyn Canvas,
    x: f32,
    baseline: f32,
    face: Face,
    size_pt: f32,
    max_w: f32,
    color: Rgb,
    text: &str,
    align: Align,
) -> f32 {
    let mut size = size_pt;
    while size > 3.0 && width_mm(face, size, text) > max_w {
        size -= 0.25;
    }
    let w = width_mm(face, size, text);
    let left = match align {
        Align::Left => x,
        Align::Centre => x - w / 2.0,
        Align::Right => x - w,
    };
    c.text(left, baseline, face, size, color, text);
    size
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// The rules-text box: English paragraphs, a rule, then Chinese paragraphs, shrunk until they
/// fit `h` mm.
fn rules_text(c: &mut dyn Canvas, card: &CardDef, x: f32, y: f32, w: f32, h: f32) {
    let en: Vec<&str> = card.text_en.split("<br>").map(str::trim).filter(|s| !s.is_empty()).collect();
    let zh: Vec<&str> = card.text_zh.split("<br>").map(str::trim).filter(|s| !s.is_empty()).collect();
    let mut size = 9.0f32;
    loop {
        let zh_size = size * 0.9;
        let lead = size / PT_PER_MM * 1.22;
        let zh_lead = zh_size / PT_PER_MM * 1.3;
        let en_lines: Vec<Vec<Vec<Word>>> = en.iter().map(|p| wrap_en(p, size, w)).collect();
        let zh_lines: Vec<Vec<String>> = zh.iter().map(|p| wrap_zh(p, zh_size, w)).collect();
        let gap = lead * 0.35;
        let en_h: f32 = en_lines.iter().map(|l| l.len() as f32 * lead + gap).sum();
        let zh_h: f32 = zh_lines.iter().map(|l| l.len() as f32 * zh_lead + gap).sum();
        let total = en_h + gap * 2.0 + zh_h;
        if total <= h || size <= 4.5 {
            let mut yy = y + lead * 0.85;
            for para in &en_lines {
                for line in para {
                    for word in line {
                        c.text(x + word.x, yy, word.face, size, BLACK, &word.text);
                    }
                    yy += lead;
                }
                yy += gap;
            }
            let last_base = yy - lead - gap;
            yy += gap * 2.0;
            // The rule halfway between the English descenders and the Chinese ascenders.
            let (em, zh_em) = (size / PT_PER_MM, zh_size / PT_PER_MM);
            let rule_y = (last_base + 0.25 * em + yy - 0.9 * zh_em) / 2.0;
            c.line(x + w * 0.3, rule_y, x + w * 0.7, rule_y, Rgb(0xB0, 0xA8, 0x98), 0.2);
            for para in &zh_lines {
                for line in para {
                    c.text(x, yy, Face::Cjk, zh_size, Rgb(0x30, 0x30, 0x30), line);
                    yy += zh_lead;
                }
                yy += gap;
            }
            return;
        }
        size -= 0.25;
    }
}

/// Draw one card face with its top-left corner at (`ox`, `oy`).
pub fn draw_card(c: &mut dyn Canvas, card: &CardDef, deck_en: &str, deck_zh: Option<&str>, ox: f32, oy: f32) {
    let (dark, light) = type_colors(card.card_type);
    // Card and frame (the frame sits 2.5 mm inside the cut line, so a slightly off cut is fine).
    c.rect(ox, oy, CARD_W, CARD_H, Paint::fill(WHITE));
    let (fx, fy, fw, fh) = (ox + 2.5, oy + 2.5, CARD_W - 5.0, CARD_H - 5.0);
    c.rect(fx, fy, fw, fh, Paint::both(Rgb(0xFB, 0xF8, 0xF1), dark, 0.6));
    // Header band (spec §2.5): a creature's Power in the top-left corner, then the name and
    // Chinese name; relics and actions have no Power, so their name is centred on the card.
    c.rect(fx, fy, fw, 13.5, Paint::fill(light));
    c.line(fx, fy + 13.5, fx + fw, fy + 13.5, dark, 0.3);
    let (name_centre, name_w) =
        if card.card_type == CardType::Creature { (ox + 36.0, 40.0) } else { (ox + CARD_W / 2.0, 52.0) };
    fit_text(c, name_centre, oy + 9.0, Face::Bold, 9.5, name_w, BLACK, &card.name_en, Align::Centre);
    fit_text(c, name_centre, oy + 13.6, Face::Cjk, 7.0, name_w, Rgb(0x30, 0x30, 0x30), &card.name_zh, Align::Centre);
    if card.card_type == CardType::Creature {
        let pc = POWER_CENTRE;
        let pc = (ox + pc.0, oy + pc.1);
        c.circle(pc.0, pc.1, 5.0, Paint::both(dark, BLACK, 0.35));
        fit_text(c, pc.0, pc.1 - 1.6, Face::Bold, 4.2, 8.0, WHITE, "POWER", Align::Centre);
        fit_text(c, pc.0, pc.1 + 3.0, Face::Bold, 11.0, 8.0, WHITE, &card.power.to_string(), Align::Centre);
    }
    // Type line.
    let (t_en, t_zh) = type_names(card.card_type);
    c.rect(fx, oy + 16.5, fw, 5.5, Paint::fill(dark));
    c.text(fx + 2.0, oy + 20.5, Face::Bold, 7.0, WHITE, t_en);
    let tw = width_mm(Face::Bold, 7.0, t_en);
    c.text(fx + 3.5 + tw, oy + 20.6, Face::Cjk, 7.0, WHITE, t_zh);
    let kw: Vec<String> = card.keywords.describe().into_iter().map(|(en, _)| en).collect();
    if !kw.is_empty() {
        fit_text(c, fx + fw - 2.0, oy + 20.5, Face::Regular, 6.5, 26.0, WHITE, &kw.join(" · "), Align::Right);
    }
    // Rules text.
    let (bx, by, bw, bh) = (fx + 1.5, oy + 23.5, fw - 3.0, 49.5);
    c.rect(bx, by, bw, bh, Paint::both(WHITE, Rgb(0xD8, 0xD0, 0xC0), 0.2));
    rules_text(c, card, bx + 1.5, by + 1.2, bw - 3.0, bh - 2.4);
    // Footer (spec §2.5): VP in the bottom-left corner, the deck's name beside it, and rarity,
    // collector number and set in the bottom-right corner.
    c.line(fx + 1.5, oy + 75.0, fx + fw - 1.5, oy + 75.0, Rgb(0xD8, 0xD0, 0xC0), 0.2);
    let vp_c = (ox + VP_CENTRE.0, oy + VP_CENTRE.1);
    c.circle(vp_c.0, vp_c.1, 4.6, Paint::both(VP_GOLD, Rgb(0x8A, 0x64, 0x00), 0.35));
    fit_text(c, vp_c.0, vp_c.1 - 1.5, Face::Bold, 4.0, 6.0, Rgb(0x5A, 0x40, 0x00), "VP", Align::Centre);
    fit_text(c, vp_c.0, vp_c.1 + 2.9, Face::Bold, 10.5, 7.5, BLACK, &card.vp.to_string(), Align::Centre);
    let name_x = vp_c.0 + 6.0;
    fit_text(c, name_x, oy + 79.0, Face::Regular, 6.0, 24.0, Rgb(0x40, 0x40, 0x40), deck_en, Align::Left);
    if let Some(zh) = deck_zh {
        fit_text(c, name_x, oy + 83.0, Face::Cjk, 5.5, 24.0, Rgb(0x40, 0x40, 0x40), zh, Align::Left);
    }
    let right = fx + fw - 1.5;
    let num = format!("{:03}/100", card.number);
    let nw = width_mm(Face::Bold, 6.0, &num);
    c.text(right - nw, oy + 79.0, Face::Bold, 6.0, BLACK, &num);
    rarity_symbol(c, card.rarity, right - nw - 2.5, oy + 77.9, 2.6);
    let (r_en, _) = rarity_names(card.rarity);
    fit_text(
        c,
        right,
        oy + 83.0,
        Face::Regular,
        5.0,
        20.0,
        Rgb(0x40, 0x40, 0x40),
        &format!("{} · {}", set_name(&card.set), r_en),
        Align::Right,
    );
}

/// The card back (Tabletop Simulator needs one; also usable for double-sided printing).
pub fn draw_back(c: &mut dyn Canvas, ox: f32, oy: f32) {
    c.rect(ox, oy, CARD_W, CARD_H, Paint::fill(Rgb(0x2A, 0x1C, 0x14)));
    c.rect(ox + 3.0, oy + 3.0, CARD_W - 6.0, CARD_H - 6.0, Paint::stroke(Rgb(0xE8, 0xB9, 0x2E), 0.8));
    c.circle(ox + CARD_W / 2.0, oy + CARD_H / 2.0 - 4.0, 14.0, Paint::stroke(Rgb(0xE8, 0xB9, 0x2E), 0.8));
    fit_text(
        c,
        ox + CARD_W / 2.0,
        oy + CARD_H / 2.0 - 6.0,
        Face::Bold,
        14.0,
        26.0,
        Rgb(0xE8, 0xB9, 0x2E),
        "ARDENT",
        Align::Centre,
    );
    fit_text(
        c,
        ox + CARD_W / 2.0,
        oy + CARD_H / 2.0 + 1.0,
        Face::Bold,
        14.0,
        26.0,
        Rgb(0xE8, 0xB9, 0x2E),
        "REAPERS",
        Align::Centre,
    );
    fit_text(
        c,
        ox + CARD_W / 2.0,
        oy + CARD_H / 2.0 + 20.0,
        Face::Cjk,
        14.0,
        50.0,
        Rgb(0xE8, 0xB9, 0x2E),
        "熱誠收割者",
        Align::Centre,
    );
}
