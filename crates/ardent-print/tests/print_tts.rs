//! The Tabletop Simulator export (spec §10.1 "Tabletop Simulator"; docs/ardent-decks.md §6).

use ardent::deckgen::generate;
use ardent_print::tts::{card_px, tts_export, GRID_H, GRID_W};
use ardent_print::PrintDeck;

#[test]
fn spec10_tts_export_writes_sheet_back_and_saved_object() {
    let deck = generate(11, 1).unwrap();
    let dir = std::env::temp_dir().join(format!("ardent-tts-test-{}", std::process::id()));
    let files = tts_export(&PrintDeck::from(&deck), &dir).unwrap();
    // The saved object.
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&files.json).unwrap()).unwrap();
    let obj = &v["ObjectStates"][0];
    assert_eq!(obj["Name"], "DeckCustom");
    assert_eq!(obj["Nickname"], deck.name_en.as_str());
    let ids = obj["DeckIDs"].as_array().unwrap();
    assert_eq!(ids.len(), 17);
    let contained = obj["ContainedObjects"].as_array().unwrap();
    assert_eq!(contained.len(), 17);
    let custom = &obj["CustomDeck"]["1"];
    assert_eq!(custom["NumWidth"], 10);
    assert_eq!(custom["NumHeight"], 7);
    assert!(custom["FaceURL"].as_str().unwrap().starts_with("file:///"));
    assert!(custom["FaceURL"].as_str().unwrap().ends_with("-faces.png"));
    assert!(custom["BackURL"].as_str().unwrap().ends_with("ardent-back.png"));
    for ((card, id), &card_id) in contained.iter().zip(ids).zip(&deck.cards) {
        assert_eq!(card["Name"], "Card");
        assert_eq!(&card["CardID"], id);
        assert_eq!(card["Nickname"], ardent::CardDb::omega_codex().def(card_id).name_en.as_str());
        assert_eq!(card["GMNotes"], ardent::CardDb::omega_codex().def(card_id).code().as_str());
    }
    // The sheet: a 10 × 7 grid of card-sized cells, and the back one card.
    let (cw, ch) = card_px();
    for (path, w, h) in [(&files.face_sheet, cw * GRID_W, ch * GRID_H), (&files.back, cw, ch)] {
        let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let reader = decoder.read_info().unwrap();
        let info = reader.info();
        assert_eq!((info.width, info.height), (w, h), "{}", path.display());
    }
    assert_eq!((GRID_W, GRID_H), (10, 7));
    assert!((cw as f32 / ch as f32 - 63.0 / 88.0).abs() < 0.01);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn spec10_sheet_cells_hold_drawn_cards_and_blank_cells_stay_blank() {
    let deck = generate(12, 1).unwrap();
    let sheet = ardent_print::tts::face_sheet(&PrintDeck::from(&deck)).unwrap();
    let (cw, ch) = card_px();
    let ink = |slot: u32| {
        let (x0, y0) = ((slot % GRID_W) * cw, (slot / GRID_W) * ch);
        let mut dark = 0usize;
        for y in y0..y0 + ch {
            for x in x0..x0 + cw {
                let i = ((y * sheet.width + x) * 3) as usize;
                if sheet.pixels[i..i + 3].iter().map(|&v| v as u32).sum::<u32>() < 200 {
                    dark += 1;
                }
            }
        }
        dark
    };
    for slot in 0..17 {
        assert!(ink(slot) > 2000, "slot {slot} has no drawing");
    }
    for slot in [17, 40, 69] {
        assert_eq!(ink(slot), 0, "slot {slot} should be blank");
    }
}

#[test]
fn spec10_sheet_refuses_more_cards_than_slots() {
    let pd = PrintDeck { name_en: "Big".into(), name_zh: None, code: None, cards: vec![0; 70], rating: None };
    assert!(ardent_print::tts::face_sheet(&pd).is_err());
}
