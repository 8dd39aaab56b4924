//! The card layout of spec §2.5, checked by rendering faces (the same drawing code the PDF and
//! the Tabletop Simulator sheet use) and reading pixels; and the list page's wording.

use ardent::card::{CardDef, CardType, OMEGA_CODEX};
use ardent::CardDb;

fn lookup(set: &str, number: u16) -> Option<u8> {
    CardDb::omega_codex().lookup(set, number)
}

fn def(id: u8) -> &'static CardDef {
    CardDb::omega_codex().def(id)
}
use ardent_print::canvas::Rgb;
use ardent_print::face::{draw_card, type_colors, CARD_H, CARD_W, POWER_CENTRE, VP_CENTRE, VP_GOLD};
use ardent_print::raster::Raster;
use ardent_print::{deck_pdf, Paper, PrintDeck};

const PX_PER_MM: f32 = 8.0;

fn render(number: u16) -> Raster {
    let id = lookup(OMEGA_CODEX, number).unwrap();
    let mut r = Raster::new((CARD_W * PX_PER_MM) as u32, (CARD_H * PX_PER_MM) as u32, PX_PER_MM, Rgb(255, 255, 255));
    draw_card(&mut r, def(id), "Test deck", Some("测试牌组"), 0.0, 0.0);
    r
}

fn pixel(r: &Raster, (x, y): (f32, f32)) -> Rgb {
    let (px, py) = ((x * r.scale) as usize, (y * r.scale) as usize);
    let i = (py * r.width as usize + px) * 3;
    Rgb(r.pixels[i], r.pixels[i + 1], r.pixels[i + 2])
}

/// A point inside a badge centred at `c`, left of its text and between its two text lines.
fn in_badge(c: (f32, f32)) -> (f32, f32) {
    (c.0 - 3.4, c.1)
}

#[test]
fn spec2_5_a_creatures_power_is_top_left_and_vp_bottom_left() {
    // 051 Gynormica: a creature.
    let r = render(51);
    let (dark, light) = type_colors(CardType::Creature);
    assert_eq!(pixel(&r, in_badge(POWER_CENTRE)), dark, "the Power badge sits in the top-left corner");
    assert_eq!(pixel(&r, in_badge(VP_CENTRE)), VP_GOLD, "the VP badge sits in the bottom-left corner");
    // Nothing of the old layout's Power badge is left in the top-right corner.
    assert_eq!(pixel(&r, (CARD_W - 9.0 - 3.4, POWER_CENTRE.1)), light, "the top right is plain header");
}

#[test]
fn spec2_5_relics_and_actions_have_no_power_and_vp_bottom_left() {
    for number in [54u16, 67] {
        // 054 Sigil of Power (relic), 067 Yoink (action).
        let card = def(lookup(OMEGA_CODEX, number).unwrap());
        let r = render(number);
        let (dark, light) = type_colors(card.card_type);
        assert_ne!(card.card_type, CardType::Creature);
        let corner = pixel(&r, in_badge(POWER_CENTRE));
        assert_eq!(corner, light, "{}: no Power badge in the top-left corner", card.name_en);
        assert_ne!(corner, dark);
        assert_eq!(pixel(&r, in_badge(VP_CENTRE)), VP_GOLD, "{}: VP bottom left", card.name_en);
    }
}

fn list_page_text(pd: &PrintDeck) -> String {
    let pdf = deck_pdf(pd, Paper::A4).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    doc.extract_text(&[1]).unwrap().chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn the_list_page_counts_in_good_english_and_states_the_rating() {
    // Exactly one relic (054) among creatures and actions.
    let mut numbers = vec![51u16, 51, 1, 5, 9, 14, 20, 22, 41, 54];
    numbers.extend([63u16, 64, 65, 67, 69, 71, 75]);
    let cards: Vec<u8> = numbers.iter().map(|&n| lookup(OMEGA_CODEX, n).unwrap()).collect();
    let relics = cards.iter().filter(|&&c| def(c).is_relic()).count();
    assert_eq!(relics, 1);
    let pd = PrintDeck {
        name_en: "One relic".into(),
        name_zh: None,
        code: None,
        cards,
        rating: Some("Rating 0.532 (95% interval 0.470–0.593)".into()),
    };
    let text = list_page_text(&pd);
    assert!(text.contains("1relic,"), "{text}");
    assert!(!text.contains("1relics"), "{text}");
    assert!(text.contains("17cards"));
    assert!(text.contains("Rating0.532(95%interval0.470–0.593)"), "{text}");
    let unrated = list_page_text(&PrintDeck { rating: None, ..pd });
    assert!(!unrated.contains("Rating"));
}
