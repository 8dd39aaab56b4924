//! The print-and-play PDF (spec §10.1 "Printing").

fn def(id: u8) -> &'static ardent::CardDef {
    ardent::CardDb::omega_codex().def(id)
}
use ardent::deckgen::generate;
use ardent_print::{deck_pdf, Paper, PrintDeck};

fn text_of(pdf: &[u8]) -> (usize, String) {
    let doc = lopdf::Document::load_mem(pdf).expect("the PDF parses");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("text extracts");
    (pages.len(), text)
}

/// Text extraction may break lines anywhere; compare without whitespace.
fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn spec10_pdf_has_list_page_and_two_card_pages_with_every_card() {
    let deck = generate(2, 1).unwrap();
    for paper in [Paper::A4, Paper::Letter] {
        let pdf = deck_pdf(&PrintDeck::from(&deck), paper).unwrap();
        assert!(pdf.starts_with(b"%PDF-"));
        let (pages, text) = text_of(&pdf);
        assert_eq!(pages, 1 + 17usize.div_ceil(9), "{paper:?}");
        let text = squash(&text);
        for &id in &deck.cards {
            let c = def(id);
            assert!(text.contains(&squash(&c.name_en)), "{paper:?}: card name {} missing", c.name_en);
            assert!(text.contains(&squash(&c.name_zh)), "{paper:?}: Chinese name {} missing", c.name_zh);
            assert!(text.contains(&format!("{:03}/100", c.number)), "collector number of {}", c.name_en);
        }
        assert!(text.contains(&squash(&deck.name_en)), "deck name");
        assert!(text.contains(&squash(&deck.name_zh)), "Chinese deck name");
        assert!(text.contains("AR1-000000002"));
        // The deck name is printed on every card (17) plus the list page title.
        assert!(text.matches(&squash(&deck.name_en)).count() >= 18);
    }
}

#[test]
fn spec10_pdf_page_size_and_embedded_fonts() {
    let deck = generate(7, 1).unwrap();
    let pdf = deck_pdf(&PrintDeck::from(&deck), Paper::A4).unwrap();
    let doc = lopdf::Document::load_mem(&pdf).unwrap();
    for (_, page_id) in doc.get_pages() {
        let page = doc.get_dictionary(page_id).unwrap();
        let mb = page.get(b"MediaBox").unwrap().as_array().unwrap();
        let w = mb[2].as_float().unwrap() - mb[0].as_float().unwrap();
        let h = mb[3].as_float().unwrap() - mb[1].as_float().unwrap();
        assert!((w - 595.28).abs() < 0.5 && (h - 841.89).abs() < 0.5, "A4 page is {w} × {h} pt");
    }
    // Every font is embedded (FontFile2/FontFile3 in its descriptor).
    let mut descriptors = 0;
    let mut embedded = 0;
    for obj in doc.objects.values() {
        if let Ok(d) = obj.as_dict() {
            if d.get(b"Type").ok().and_then(|t| t.as_name().ok()) == Some(b"FontDescriptor".as_slice()) {
                descriptors += 1;
                if d.has(b"FontFile2") || d.has(b"FontFile3") || d.has(b"FontFile") {
                    embedded += 1;
                }
            }
        }
    }
    assert!(descriptors >= 3, "regular, bold and Chinese fonts: {descriptors}");
    assert_eq!(embedded, descriptors);
    // Subsetting keeps the file small although the Chinese font is 4 MB.
    assert!(pdf.len() < 1_000_000, "{} bytes", pdf.len());
}

#[test]
fn spec10_pdf_of_a_plain_deck_list() {
    let list = ardent::deck::sample_decks(ardent::CardDb::omega_codex()).unwrap().remove(0);
    let pd = PrintDeck::from_list(&list).unwrap();
    let pdf = deck_pdf(&pd, Paper::Letter).unwrap();
    let (pages, text) = text_of(&pdf);
    assert_eq!(pages, 3);
    assert!(squash(&text).contains(&squash(&list.name)));
}

#[test]
fn fonts_cover_every_card_text() {
    use ardent_print::fonts::{covers, runs, Face};
    for c in ardent::CardDb::omega_codex().cards() {
        for t in [&c.name_en, &c.text_en] {
            assert!(covers(Face::Regular, t) || runs(Face::Regular, t).iter().all(|(f, s)| covers(*f, s)), "{t}");
        }
        for t in [&c.name_zh, &c.text_zh] {
            assert!(runs(Face::Cjk, t).iter().all(|(f, s)| covers(*f, s)), "no glyph for some of {t}");
        }
    }
    for s in 0..2000 {
        let (en, zh) = ardent::deckgen::names::deck_name(s, 1);
        assert!(runs(Face::Regular, &en).iter().all(|(f, s)| covers(*f, s)), "{en}");
        assert!(runs(Face::Cjk, &zh).iter().all(|(f, s)| covers(*f, s)), "{zh}");
    }
}

#[test]
fn unknown_card_ids_are_an_error_not_a_panic() {
    let pd = PrintDeck { name_en: "Bad".into(), name_zh: None, code: None, cards: vec![0, 200], rating: None };
    let err = deck_pdf(&pd, Paper::A4).unwrap_err();
    assert!(err.contains("unknown card id 200"), "{err}");
    assert!(ardent_print::tts::face_sheet(&pd).is_err());
}
