//! The print-and-play PDF (spec §10.1 "Printing"): a deck-list page, then the cards at
//! 63 × 88 mm, 3 × 3 per page, with crop marks. Vector output; the fonts are embedded (subset)
//! by krilla.

use crate::canvas::{Canvas, Paint, Rgb, BLACK};
use crate::def;
use crate::face::{draw_card, fit_text, rarity_names, rarity_symbol, set_name, type_names, Align, CARD_H, CARD_W};
use crate::fonts::{Face, PT_PER_MM};
use crate::PrintDeck;
use ardent::card::{CardType, Rarity};
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla::Document;
use std::sync::OnceLock;

/// Paper sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    pub fn size_mm(self) -> (f32, f32) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }

    pub fn parse(s: &str) -> Option<Paper> {
        match s.to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "letter" | "us-letter" => Some(Paper::Letter),
            _ => None,
        }
    }
}

/// Cards per page: 3 columns × 3 rows.
pub const COLS: usize = 3;
pub const ROWS: usize = 3;

fn fonts() -> &'static [Font; 3] {
    static FONTS: OnceLock<[Font; 3]> = OnceLock::new();
    FONTS.get_or_init(|| {
        [Face::Regular, Face::Bold, Face::Cjk].map(|f| match Font::new(f.bytes().into(), 0) {
            Some(font) => font,
            None => panic!("embedded font {f:?} is not usable by krilla"),
        })
    })
}

fn color(c: Rgb) -> rgb::Color {
    rgb::Color::new(c.0, c.1, c.2)
}

/// A krilla surface seen as a [`Canvas`] in millimetres.
struct PdfCanvas<'a, 'b> {
    s: &'a mut Surface<'b>,
}

impl PdfCanvas<'_, '_> {
    fn paint_path(&mut self, pb: PathBuilder, paint: Paint) {
        let Some(path) = pb.finish() else { return };
        self.s.set_fill(paint.fill.map(|c| Fill {
            paint: color(c).into(),
            opacity: NormalizedF32::ONE,
            rule: Default::default(),
        }));
        self.s.set_stroke(paint.stroke.map(|(c, w)| Stroke {
            paint: color(c).into(),
            width: w * PT_PER_MM,
            ..Default::default()
        }));
        self.s.draw_path(&path);
        self.s.set_stroke(None);
    }
}

const K: f32 = 0.552_284_8;

impl Canvas for PdfCanvas<'_, '_> {
    fn polygon(&mut self, points: &[(f32, f32)], paint: Paint) {
        let mut pb = PathBuilder::new();
        for (i, &(x, y)) in points.iter().enumerate() {
            let (x, y) = (x * PT_PER_MM, y * PT_PER_MM);
            if i == 0 {
                pb.move_to(x, y);
            } else {
                pb.line_to(x, y);
            }
        }
        pb.close();
        self.paint_path(pb, paint);
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, paint: Paint) {
        let (cx, cy, r) = (cx * PT_PER_MM, cy * PT_PER_MM, r * PT_PER_MM);
        let k = K * r;
        let mut pb = PathBuilder::new();
        pb.move_to(cx + r, cy);
        pb.cubic_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
        pb.cubic_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
        pb.cubic_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
        pb.cubic_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
        pb.close();
        self.paint_path(pb, paint);
    }

    fn text_run(&mut self, x: f32, baseline: f32, face: Face, size_pt: f32, c: Rgb, text: &str) {
        if text.is_empty() {
            return;
        }
        self.s.set_fill(Some(Fill { paint: color(c).into(), opacity: NormalizedF32::ONE, rule: Default::default() }));
        self.s.set_stroke(None);
        let font = fonts()[face as usize].clone();
        self.s.draw_text(
            Point::from_xy(x * PT_PER_MM, baseline * PT_PER_MM),
            font,
            size_pt,
            text,
            false,
            TextDirection::Auto,
        );
    }
}

/// Crop marks: short lines in the margin continuing each cut line of the 3 × 3 grid.
fn crop_marks(c: &mut dyn Canvas, left: f32, top: f32, cols: usize, rows: usize) {
    let (gap, len, w, ink) = (1.0, 5.0, 0.15, BLACK);
    let (right, bottom) = (left + cols as f32 * CARD_W, top + rows as f32 * CARD_H);
    for i in 0..=cols {
        let x = left + i as f32 * CARD_W;
        c.line(x, top - gap - len, x, top - gap, ink, w);
        c.line(x, bottom + gap, x, bottom + gap + len, ink, w);
    }
    for j in 0..=rows {
        let y = top + j as f32 * CARD_H;
        c.line(left - gap - len, y, left - gap, y, ink, w);
        c.line(right + gap, y, right + gap + len, y, ink, w);
    }
}

fn deck_list_page(c: &mut dyn Canvas, deck: &PrintDeck, paper: Paper) {
    let (pw, _) = paper.size_mm();
    let (l, r) = (18.0, pw - 18.0);
    let mut y = 28.0;
    fit_text(c, l, y, Face::Bold, 20.0, r - l, BLACK, &deck.name_en, Align::Left);
    y += 9.0;
    if let Some(zh) = &deck.name_zh {
        fit_text(c, l, y, Face::Cjk, 14.0, r - l, BLACK, zh, Align::Left);
        y += 7.0;
    }
    c.text(l, y, Face::Regular, 9.0, Rgb(0x50, 0x50, 0x50), "Ardent Reapers — deck list");
    if let Some(code) = &deck.code {
        fit_text(c, r, y, Face::Regular, 9.0, 80.0, Rgb(0x50, 0x50, 0x50), code, Align::Right);
    }
    y += 8.0;
    // Table.
    let cols = [l, l + 12.0, l + 66.0, l + 108.0, l + 130.0, l + 146.0, l + 158.0];
    let heads = ["No.", "Card", "中文", "Type", "Power", "VP", "Rarity"];
    c.rect(l - 1.0, y - 4.6, r - l + 2.0, 6.5, Paint::fill(Rgb(0x2A, 0x1C, 0x14)));
    for (h, &x) in heads.iter().zip(&cols) {
        let face = if h.is_ascii() { Face::Bold } else { Face::Cjk };
        c.text(x, y, face, 8.5, Rgb(0xFF, 0xFF, 0xFF), h);
    }
    y += 7.0;
    for (i, &id) in deck.cards.iter().enumerate() {
        let card = def(id);
        if i % 2 == 1 {
            c.rect(l - 1.0, y - 4.4, r - l + 2.0, 6.2, Paint::fill(Rgb(0xF2, 0xEE, 0xE6)));
        }
        c.text(cols[0], y, Face::Regular, 9.0, BLACK, &format!("{:03}", card.number));
        fit_text(c, cols[1], y, Face::Bold, 9.0, 52.0, BLACK, &card.name_en, Align::Left);
        fit_text(c, cols[2], y, Face::Cjk, 9.0, 40.0, BLACK, &card.name_zh, Align::Left);
        let (t_en, _) = type_names(card.card_type);
        c.text(cols[3], y, Face::Regular, 8.0, BLACK, t_en);
        if card.card_type == CardType::Creature {
            c.text(cols[4] + 3.0, y, Face::Regular, 9.0, BLACK, &card.power.to_string());
        }
        c.text(cols[5], y, Face::Regular, 9.0, BLACK, &card.vp.to_string());
        rarity_symbol(c, card.rarity, cols[6] + 1.5, y - 1.2, 2.6);
        c.text(cols[6] + 4.0, y, Face::Regular, 8.0, BLACK, rarity_names(card.rarity).0);
        y += 6.2;
    }
    // Totals.
    y += 4.0;
    let count = |t: CardType| deck.cards.iter().filter(|&&id| def(id).card_type == t).count();
    let rcount = |rr: Rarity| deck.cards.iter().filter(|&&id| def(id).rarity == rr).count();
    let vp: i32 = deck.cards.iter().map(|&id| i32::from(def(id).vp)).sum();
    let line = format!(
        "{} · {}, {}, {} · {} Common, {} Rare, {} Variant, {} Linked · total VP {}",
        plural(deck.cards.len(), "card", "cards"),
        plural(count(CardType::Creature), "creature", "creatures"),
        plural(count(CardType::Relic), "relic", "relics"),
        plural(count(CardType::Action), "action", "actions"),
        rcount(Rarity::Common),
        rcount(Rarity::Rare),
        rcount(Rarity::Variant),
        rcount(Rarity::Linked),
        vp
    );
    fit_text(c, l, y, Face::Regular, 9.0, r - l, BLACK, &line, Align::Left);
    if let Some(rating) = &deck.rating {
        y += 6.0;
        fit_text(c, l, y, Face::Regular, 9.0, r - l, BLACK, rating, Align::Left);
    }
    y += 10.0;
    // Legend and instructions.
    c.text(l, y, Face::Bold, 9.0, BLACK, "Rarity symbols");
    y += 6.0;
    for (i, rr) in [Rarity::Common, Rarity::Rare, Rarity::Variant, Rarity::Linked].into_iter().enumerate() {
        let x = l + i as f32 * 40.0;
        rarity_symbol(c, rr, x + 1.5, y - 1.2, 2.6);
        let (en, zh) = rarity_names(rr);
        c.text(x + 4.5, y, Face::Regular, 9.0, BLACK, en);
        c.text(x + 6.0 + crate::fonts::width_mm(Face::Regular, 9.0, en), y, Face::Cjk, 9.0, BLACK, zh);
    }
    y += 10.0;
    let set = deck.cards.first().map(|&id| set_name(&def(id).set).to_string()).unwrap_or_default();
    for text in [
        format!("Set: {set}. Print at 100% (no \"fit to page\"): each card is 63 × 88 mm."),
        "Cut along the crop marks; sleeve each card with a blank or patterned card behind it.".to_string(),
        "Rules texts are cardtable's own wording of the Omega Codex cards.".to_string(),
    ] {
        fit_text(c, l, y, Face::Regular, 9.0, r - l, Rgb(0x40, 0x40, 0x40), &text, Align::Left);
        y += 5.5;
    }
}

/// `1 card`, `2 cards`, `0 cards`.
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The print-and-play PDF of a deck: page 1 the deck list, then ⌈n / 9⌉ pages of cards.
pub fn deck_pdf(deck: &PrintDeck, paper: Paper) -> Result<Vec<u8>, String> {
    deck.check()?;
    let (pw, ph) = paper.size_mm();
    let settings = || PageSettings::from_wh(pw * PT_PER_MM, ph * PT_PER_MM).ok_or_else(|| "bad page size".to_string());
    let mut doc = Document::new();
    {
        let mut page = doc.start_page_with(settings()?);
        let mut surface = page.surface();
        deck_list_page(&mut PdfCanvas { s: &mut surface }, deck, paper);
        surface.finish();
        page.finish();
    }
    let (gw, gh) = (COLS as f32 * CARD_W, ROWS as f32 * CARD_H);
    let (left, top) = ((pw - gw) / 2.0, (ph - gh) / 2.0);
    for chunk in deck.cards.chunks(COLS * ROWS) {
        let mut page = doc.start_page_with(settings()?);
        let mut surface = page.surface();
        {
            let mut c = PdfCanvas { s: &mut surface };
            for (k, &id) in chunk.iter().enumerate() {
                let (col, row) = (k % COLS, k / COLS);
                let (x, y) = (left + col as f32 * CARD_W, top + row as f32 * CARD_H);
                draw_card(&mut c, def(id), &deck.name_en, deck.name_zh.as_deref(), x, y);
            }
            let rows = chunk.len().div_ceil(COLS);
            let cols = if rows > 1 { COLS } else { chunk.len() };
            crop_marks(&mut c, left, top, cols, rows);
        }
        surface.finish();
        page.finish();
    }
    doc.finish().map_err(|e| format!("PDF writer failed: {e:?}"))
}
