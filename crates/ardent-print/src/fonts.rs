//! The embedded fonts (fonts/ holds their licences): DejaVu Sans and DejaVu Sans Bold (Latin,
//! from Debian's fonts-dejavu-core) and Droid Sans Fallback (Chinese, Apache-2.0, from Debian's
//! fonts-droid-fallback). One set of bytes serves the PDF (embedded, subset) and the raster sheet.

use ab_glyph::{Font as _, FontRef, ScaleFont};
use std::sync::OnceLock;

pub const DEJAVU_SANS: &[u8] = include_bytes!("../fonts/DejaVuSans.ttf");
pub const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../fonts/DejaVuSans-Bold.ttf");
pub const DROID_SANS_FALLBACK: &[u8] = include_bytes!("../fonts/DroidSansFallbackFull.ttf");

/// Which face to draw a run of text in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Regular,
    Bold,
    /// Chinese text (and the punctuation around it).
    Cjk,
}

impl Face {
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Face::Regular => DEJAVU_SANS,
            Face::Bold => DEJAVU_SANS_BOLD,
            Face::Cjk => DROID_SANS_FALLBACK,
        }
    }

    /// The parsed font for measuring and rasterising.
    pub fn glyphs(self) -> &'static FontRef<'static> {
        static FONTS: OnceLock<[FontRef<'static>; 3]> = OnceLock::new();
        let fonts = FONTS.get_or_init(|| {
            [Face::Regular, Face::Bold, Face::Cjk].map(|f| match FontRef::try_from_slice(f.bytes()) {
                Ok(font) => font,
                // The bytes are part of the build; the font tests prove they parse.
                Err(e) => panic!("embedded font {f:?} does not parse: {e}"),
            })
        });
        &fonts[self as usize]
    }
}

/// Points per millimetre.
pub const PT_PER_MM: f32 = 72.0 / 25.4;

/// The ab_glyph scale whose em is `em` units (ab_glyph scales by ascent − descent, PDF by em).
pub fn px_scale(face: Face, em: f32) -> ab_glyph::PxScale {
    let f = face.glyphs();
    let upem = f.units_per_em().unwrap_or(1000.0);
    ab_glyph::PxScale::from(em * f.height_unscaled() / upem)
}

/// `text` cut into runs of one face: characters `face` lacks go to the other family (DejaVu has
/// no Chinese; Droid Sans Fallback has no Latin letters, digits or "·").
pub fn runs(face: Face, text: &str) -> Vec<(Face, String)> {
    let font = face.glyphs();
    let other = match face {
        Face::Regular | Face::Bold => Face::Cjk,
        Face::Cjk => Face::Regular,
    };
    let mut out: Vec<(Face, String)> = Vec::new();
    for c in text.chars() {
        let f = if c == ' ' || font.glyph_id(c).0 != 0 { face } else { other };
        match out.last_mut() {
            Some((last, s)) if *last == f => s.push(c),
            _ => out.push((f, c.to_string())),
        }
    }
    out
}

/// Width in millimetres of `text` set in `face` at `size_pt` points, with fallback runs.
pub fn width_mm(face: Face, size_pt: f32, text: &str) -> f32 {
    runs(face, text).iter().map(|(f, s)| run_width_mm(*f, size_pt, s)).sum()
}

/// Width in millimetres of one run in one face (advances plus kerning).
pub fn run_width_mm(face: Face, size_pt: f32, text: &str) -> f32 {
    let font = face.glyphs().as_scaled(px_scale(face, size_pt));
    let mut w = 0.0;
    let mut prev = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(p) = prev {
            w += font.kern(p, id);
        }
        w += font.h_advance(id);
        prev = Some(id);
    }
    w / PT_PER_MM
}

/// True when every character of `text` has a glyph in `face`.
pub fn covers(face: Face, text: &str) -> bool {
    let font = face.glyphs();
    text.chars().all(|c| c.is_whitespace() || font.glyph_id(c).0 != 0)
}
