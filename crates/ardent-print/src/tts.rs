//! Tabletop Simulator export (spec §10.1 "Tabletop Simulator"): a 10 × 7 card sheet (PNG), a card
//! back (PNG) and a saved object (JSON) holding one "DeckCustom" that uses them. Format in
//! docs/ardent-decks.md §6.

use crate::canvas::Rgb;
use crate::def;
use crate::face::{draw_back, draw_card, set_name, type_names, CARD_H, CARD_W};
use crate::raster::Raster;
use crate::PrintDeck;
use ardent::card::CardType;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// The custom-deck grid Tabletop Simulator reads: 10 columns × 7 rows (70 slots; the last slot
/// is conventionally left for a hidden card, so a sheet holds at most 69 faces).
pub const GRID_W: u32 = 10;
pub const GRID_H: u32 = 7;
/// Sheet resolution in pixels per millimetre (a card is 378 × 528 px; the sheet 3780 × 3696).
pub const PX_PER_MM: f32 = 6.0;
/// The TTS deck key ("CustomDeck" entry); card ids are `key * 100 + slot`.
pub const DECK_KEY: u32 = 1;

pub fn card_px() -> (u32, u32) {
    ((CARD_W * PX_PER_MM).round() as u32, (CARD_H * PX_PER_MM).round() as u32)
}

/// What [`tts_export`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TtsFiles {
    pub json: PathBuf,
    pub face_sheet: PathBuf,
    pub back: PathBuf,
}

/// The card sheet: card `i` of the deck in slot `i` (row-major), the rest blank.
pub fn face_sheet(deck: &PrintDeck) -> Result<Raster, String> {
    deck.check()?;
    let max = (GRID_W * GRID_H - 1) as usize;
    if deck.cards.len() > max {
        return Err(format!("a Tabletop Simulator sheet holds at most {max} cards, not {}", deck.cards.len()));
    }
    let (cw, ch) = card_px();
    let mut sheet = Raster::new(cw * GRID_W, ch * GRID_H, PX_PER_MM, Rgb(0xFF, 0xFF, 0xFF));
    for (i, &id) in deck.cards.iter().enumerate() {
        let (col, row) = (i as u32 % GRID_W, i as u32 / GRID_W);
        sheet.origin = ((col * cw) as f32, (row * ch) as f32);
        draw_card(&mut sheet, def(id), &deck.name_en, deck.name_zh.as_deref(), 0.0, 0.0);
    }
    Ok(sheet)
}

/// One card face as an image (the same drawing as a sheet slot).
pub fn card_image(deck: &PrintDeck, index: usize) -> Option<Raster> {
    let &id = deck.cards.get(index).filter(|&&id| usize::from(id) < ardent::CardDb::omega_codex().len())?;
    let (cw, ch) = card_px();
    let mut r = Raster::new(cw, ch, PX_PER_MM, Rgb(0xFF, 0xFF, 0xFF));
    draw_card(&mut r, def(id), &deck.name_en, deck.name_zh.as_deref(), 0.0, 0.0);
    Some(r)
}

/// The card back image.
pub fn back_image() -> Raster {
    let (cw, ch) = card_px();
    let mut r = Raster::new(cw, ch, PX_PER_MM, Rgb(0xFF, 0xFF, 0xFF));
    draw_back(&mut r, 0.0, 0.0);
    r
}

fn transform(x: f64, y: f64, z: f64) -> Value {
    json!({
        "posX": x, "posY": y, "posZ": z,
        "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
        "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0
    })
}

/// The saved-object JSON for a deck whose sheet and back are at these URLs.
pub fn saved_object(deck: &PrintDeck, face_url: &str, back_url: &str) -> Result<Value, String> {
    deck.check()?;
    let custom = json!({
        DECK_KEY.to_string(): {
            "FaceURL": face_url,
            "BackURL": back_url,
            "NumWidth": GRID_W,
            "NumHeight": GRID_H,
            "BackIsHidden": true,
            "UniqueBack": false,
            "Type": 0
        }
    });
    let ids: Vec<u32> = (0..deck.cards.len() as u32).map(|i| DECK_KEY * 100 + i).collect();
    let contained: Vec<Value> = deck
        .cards
        .iter()
        .zip(&ids)
        .map(|(&id, &card_id)| {
            let c = def(id);
            let (t, _) = type_names(c.card_type);
            let stats = if c.card_type == CardType::Creature {
                format!("{t} · Power {} · VP {}", c.power, c.vp)
            } else {
                format!("{t} · VP {}", c.vp)
            };
            json!({
                "Name": "Card",
                "Transform": transform(0.0, 0.0, 0.0),
                "Nickname": c.name_en,
                "Description": format!("{} · {} {:03}\n{}\n{}\n{}", c.name_zh, set_name(&c.set), c.number, stats,
                    c.text_en.replace("<br>", "\n"), c.text_zh.replace("<br>", "\n")),
                "GMNotes": c.code(),
                "CardID": card_id,
                "SidewaysCard": false,
                "Hands": true,
                "CustomDeck": custom.clone()
            })
        })
        .collect();
    let description = match (&deck.name_zh, &deck.code) {
        (Some(zh), Some(code)) => format!("{zh}\n{code}"),
        (Some(zh), None) => zh.clone(),
        (None, Some(code)) => code.clone(),
        (None, None) => String::new(),
    };
    Ok(json!({
        "SaveName": "",
        "GameMode": "",
        "Date": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": [{
            "Name": "DeckCustom",
            "Transform": transform(0.0, 1.0, 0.0),
            "Nickname": deck.name_en,
            "Description": description,
            "Hands": false,
            "SidewaysCard": false,
            "DeckIDs": ids,
            "CustomDeck": custom,
            "ContainedObjects": contained
        }]
    }))
}

/// A file name made of the deck's name (ASCII letters and digits, `_` for the rest).
pub fn file_stem(deck: &PrintDeck) -> String {
    let base = deck.code.clone().unwrap_or_else(|| deck.name_en.clone());
    let s: String = base.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    if s.is_empty() {
        "deck".into()
    } else {
        s
    }
}

fn file_url(p: &Path) -> String {
    let abs = std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    format!("file:///{}", abs.display().to_string().trim_start_matches('/'))
}

/// Write `<stem>.json`, `<stem>-faces.png` and `ardent-back.png` into `out_dir` (created if
/// needed). The JSON points at the images by `file://` URL; to share the deck, upload the two
/// images and replace FaceURL and BackURL.
pub fn tts_export(deck: &PrintDeck, out_dir: &Path) -> Result<TtsFiles, String> {
    deck.check()?;
    std::fs::create_dir_all(out_dir).map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let stem = file_stem(deck);
    let face_sheet_path = out_dir.join(format!("{stem}-faces.png"));
    let back_path = out_dir.join("ardent-back.png");
    let json_path = out_dir.join(format!("{stem}.json"));
    let write =
        |p: &Path, bytes: &[u8]| std::fs::write(p, bytes).map_err(|e| format!("cannot write {}: {e}", p.display()));
    write(&face_sheet_path, &face_sheet(deck)?.to_png()?)?;
    write(&back_path, &back_image().to_png()?)?;
    let obj = saved_object(deck, &file_url(&face_sheet_path), &file_url(&back_path))?;
    let text = serde_json::to_string_pretty(&obj).map_err(|e| format!("JSON: {e}"))?;
    write(&json_path, text.as_bytes())?;
    Ok(TtsFiles { json: json_path, face_sheet: face_sheet_path, back: back_path })
}
