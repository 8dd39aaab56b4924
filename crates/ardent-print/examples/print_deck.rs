//! Write the print-and-play PDF and the Tabletop Simulator files of one generated deck.
//! `cargo run -p ardent-print --example print_deck -- SERIAL OUT_DIR [a4|letter]`

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first = args.first().ok_or("usage: print_deck SERIAL|all OUT_DIR [a4|letter]")?;
    let out = std::path::PathBuf::from(args.get(1).ok_or("usage: print_deck SERIAL OUT_DIR [a4|letter]")?);
    let paper =
        ardent_print::Paper::parse(args.get(2).map(String::as_str).unwrap_or("a4")).ok_or("paper: a4 or letter")?;
    let pd = if first == "all" {
        // Every card of the pool, for proofreading the layout.
        ardent_print::PrintDeck {
            name_en: "All of Omega Codex".into(),
            name_zh: Some("全部卡牌".into()),
            code: None,
            cards: (0..ardent::CardDb::omega_codex().len() as u8).collect(),
            rating: None,
        }
    } else {
        let serial: u64 = first.parse().map_err(|_| "SERIAL must be a number or 'all'")?;
        let deck = ardent::deckgen::generate(serial, 1).map_err(|e| e.to_string())?;
        ardent_print::PrintDeck::from(&deck)
    };
    std::fs::create_dir_all(&out).map_err(|e| e.to_string())?;
    let pdf = ardent_print::deck_pdf(&pd, paper)?;
    let path = out.join(format!("{}.pdf", ardent_print::tts::file_stem(&pd)));
    std::fs::write(&path, pdf).map_err(|e| e.to_string())?;
    println!("{}", path.display());
    if pd.cards.len() < 70 {
        let files = ardent_print::tts_export(&pd, &out)?;
        println!("{files:?}");
    }
    if let Some(img) = ardent_print::tts::card_image(&pd, 3) {
        std::fs::write(out.join("card-3.png"), img.to_png()?).map_err(|e| e.to_string())?;
    }
    Ok(())
}
