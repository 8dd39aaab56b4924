//! A small drawing surface in millimetres (origin top left, y down), implemented by the PDF
//! writer and by the raster sheet, so that a card face is drawn by one piece of code.

use crate::fonts::Face;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

pub const BLACK: Rgb = Rgb(0, 0, 0);
pub const WHITE: Rgb = Rgb(255, 255, 255);

/// Fill and/or outline of a shape.
#[derive(Clone, Copy, Debug, Default)]
pub struct Paint {
    pub fill: Option<Rgb>,
    /// Colour and width in millimetres.
    pub stroke: Option<(Rgb, f32)>,
}

impl Paint {
    pub fn fill(c: Rgb) -> Paint {
        Paint { fill: Some(c), stroke: None }
    }
    pub fn stroke(c: Rgb, w: f32) -> Paint {
        Paint { fill: None, stroke: Some((c, w)) }
    }
    pub fn both(fill: Rgb, stroke: Rgb, w: f32) -> Paint {
        Paint { fill: Some(fill), stroke: Some((stroke, w)) }
    }
}

pub trait Canvas {
    /// A closed polygon.
    fn polygon(&mut self, points: &[(f32, f32)], paint: Paint);
    /// A circle.
    fn circle(&mut self, cx: f32, cy: f32, r: f32, paint: Paint);
    /// One run of text in one face, starting at `x` with its baseline at `baseline`.
    fn text_run(&mut self, x: f32, baseline: f32, face: Face, size_pt: f32, color: Rgb, text: &str);

    /// One line of text; characters the face lacks are set in the other family.
    fn text(&mut self, x: f32, baseline: f32, face: Face, size_pt: f32, color: Rgb, text: &str) {
        let mut x = x;
        for (f, run) in crate::fonts::runs(face, text) {
            self.text_run(x, baseline, f, size_pt, color, &run);
            x += crate::fonts::run_width_mm(f, size_pt, &run);
        }
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, paint: Paint) {
        self.polygon(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], paint);
    }
    /// A straight line of width `w` (drawn as a thin rectangle along it).
    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, color: Rgb, w: f32) {
        let (dx, dy) = (x2 - x1, y2 - y1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-6);
        let (nx, ny) = (-dy / len * w / 2.0, dx / len * w / 2.0);
        self.polygon(
            &[(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)],
            Paint::fill(color),
        );
    }
}
