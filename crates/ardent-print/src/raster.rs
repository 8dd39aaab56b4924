//! A raster [`Canvas`]: an RGB pixel buffer drawn in millimetres at a fixed resolution, with
//! simple anti-aliasing; text through ab_glyph from the same embedded fonts as the PDF.

use crate::canvas::{Canvas, Paint, Rgb};
use crate::fonts::{px_scale, Face};
use ab_glyph::{Font as _, ScaleFont};

pub struct Raster {
    pub width: u32,
    pub height: u32,
    /// Pixels per millimetre.
    pub scale: f32,
    /// Where millimetre (0, 0) falls, in pixels.
    pub origin: (f32, f32),
    pub pixels: Vec<u8>,
}

impl Raster {
    pub fn new(width: u32, height: u32, scale: f32, background: Rgb) -> Raster {
        let mut pixels = Vec::with_capacity(width as usize * height as usize * 3);
        for _ in 0..width as usize * height as usize {
            pixels.extend_from_slice(&[background.0, background.1, background.2]);
        }
        Raster { width, height, scale, origin: (0.0, 0.0), pixels }
    }

    fn px(&self, x: f32, y: f32) -> (f32, f32) {
        (self.origin.0 + x * self.scale, self.origin.1 + y * self.scale)
    }

    /// Blend `c` into pixel (x, y) with coverage `a` in 0..=1.
    fn blend(&mut self, x: i64, y: i64, c: Rgb, a: f32) {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) || a <= 0.0 {
            return;
        }
        let a = a.min(1.0);
        let i = (y as usize * self.width as usize + x as usize) * 3;
        for (k, v) in [c.0, c.1, c.2].into_iter().enumerate() {
            let old = f32::from(self.pixels[i + k]);
            self.pixels[i + k] = (old + (f32::from(v) - old) * a).round() as u8;
        }
    }

    /// Fill an axis-aligned pixel rectangle with exact edge coverage.
    fn fill_px_rect(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, c: Rgb) {
        let (xa, xb) = (x0.min(x1), x0.max(x1));
        let (ya, yb) = (y0.min(y1), y0.max(y1));
        for py in ya.floor() as i64..yb.ceil() as i64 {
            let cy = ((py + 1) as f32).min(yb) - (py as f32).max(ya);
            for px in xa.floor() as i64..xb.ceil() as i64 {
                let cx = ((px + 1) as f32).min(xb) - (px as f32).max(xa);
                self.blend(px, py, c, cx * cy);
            }
        }
    }

    fn fill_polygon_px(&mut self, pts: &[(f32, f32)], c: Rgb) {
        if pts.len() < 3 {
            return;
        }
        let (mut x0, mut y0, mut x1, mut y1) = (f32::MAX, f32::MAX, f32::MIN, f32::MIN);
        for &(x, y) in pts {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
        let inside = |x: f32, y: f32| {
            let mut inside = false;
            let mut j = pts.len() - 1;
            for i in 0..pts.len() {
                let (xi, yi) = pts[i];
                let (xj, yj) = pts[j];
                if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
                    inside = !inside;
                }
                j = i;
            }
            inside
        };
        const SUB: [f32; 4] = [0.125, 0.375, 0.625, 0.875];
        for py in y0.floor() as i64..y1.ceil() as i64 {
            for px in x0.floor() as i64..x1.ceil() as i64 {
                let mut hits = 0;
                for sy in SUB {
                    for sx in SUB {
                        if inside(px as f32 + sx, py as f32 + sy) {
                            hits += 1;
                        }
                    }
                }
                self.blend(px, py, c, hits as f32 / 16.0);
            }
        }
    }

    /// PNG bytes (8-bit RGB).
    pub fn to_png(&self) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        {
            let mut enc = png::Encoder::new(&mut out, self.width, self.height);
            enc.set_color(png::ColorType::Rgb);
            enc.set_depth(png::BitDepth::Eight);
            enc.set_compression(png::Compression::Fast);
            let mut w = enc.write_header().map_err(|e| format!("PNG header: {e}"))?;
            w.write_image_data(&self.pixels).map_err(|e| format!("PNG data: {e}"))?;
        }
        Ok(out)
    }
}

fn is_axis_rect(p: &[(f32, f32)]) -> bool {
    p.len() == 4 && p[0].1 == p[1].1 && p[1].0 == p[2].0 && p[2].1 == p[3].1 && p[3].0 == p[0].0
}

impl Canvas for Raster {
    fn polygon(&mut self, points: &[(f32, f32)], paint: Paint) {
        let pts: Vec<(f32, f32)> = points.iter().map(|&(x, y)| self.px(x, y)).collect();
        if let Some(c) = paint.fill {
            if is_axis_rect(&pts) {
                self.fill_px_rect(pts[0].0, pts[0].1, pts[2].0, pts[2].1, c);
            } else {
                self.fill_polygon_px(&pts, c);
            }
        }
        if let Some((c, w)) = paint.stroke {
            for i in 0..points.len() {
                let (a, b) = (points[i], points[(i + 1) % points.len()]);
                self.line(a.0, a.1, b.0, b.1, c, w);
            }
        }
    }

    fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, color: Rgb, w: f32) {
        let hw = w / 2.0;
        if x1 == x2 {
            let (a, b) = (self.px(x1 - hw, y1.min(y2)), self.px(x1 + hw, y1.max(y2)));
            self.fill_px_rect(a.0, a.1, b.0, b.1, color);
        } else if y1 == y2 {
            let (a, b) = (self.px(x1.min(x2), y1 - hw), self.px(x1.max(x2), y1 + hw));
            self.fill_px_rect(a.0, a.1, b.0, b.1, color);
        } else {
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1e-6);
            let (nx, ny) = (-dy / len * hw, dx / len * hw);
            let pts = [(x1 + nx, y1 + ny), (x2 + nx, y2 + ny), (x2 - nx, y2 - ny), (x1 - nx, y1 - ny)];
            let px: Vec<(f32, f32)> = pts.iter().map(|&(x, y)| self.px(x, y)).collect();
            self.fill_polygon_px(&px, color);
        }
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, paint: Paint) {
        let (pcx, pcy) = self.px(cx, cy);
        let pr = r * self.scale;
        let half_w = paint.stroke.map(|(_, w)| w * self.scale / 2.0).unwrap_or(0.0);
        let reach = pr + half_w + 1.0;
        for py in (pcy - reach).floor() as i64..=(pcy + reach).ceil() as i64 {
            for px in (pcx - reach).floor() as i64..=(pcx + reach).ceil() as i64 {
                let d = ((px as f32 + 0.5 - pcx).powi(2) + (py as f32 + 0.5 - pcy).powi(2)).sqrt();
                if let Some(c) = paint.fill {
                    self.blend(px, py, c, (pr - d + 0.5).clamp(0.0, 1.0));
                }
                if let Some((c, _)) = paint.stroke {
                    let cov = (half_w - (d - pr).abs() + 0.5).clamp(0.0, 1.0);
                    self.blend(px, py, c, cov);
                }
            }
        }
    }

    fn text_run(&mut self, x: f32, baseline: f32, face: Face, size_pt: f32, color: Rgb, text: &str) {
        let em_px = size_pt / crate::fonts::PT_PER_MM * self.scale;
        let font = face.glyphs();
        let scaled = font.as_scaled(px_scale(face, em_px));
        let (mut pen_x, base_y) = self.px(x, baseline);
        let mut prev = None;
        for ch in text.chars() {
            let id = scaled.glyph_id(ch);
            if let Some(p) = prev {
                pen_x += scaled.kern(p, id);
            }
            let glyph = id.with_scale_and_position(scaled.scale(), ab_glyph::point(pen_x, base_y));
            if let Some(outlined) = font.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                let mut cov = Vec::new();
                outlined.draw(|gx, gy, c| cov.push((gx, gy, c)));
                for (gx, gy, c) in cov {
                    self.blend(b.min.x as i64 + i64::from(gx), b.min.y as i64 + i64::from(gy), color, c);
                }
            }
            pen_x += scaled.h_advance(id);
            prev = Some(id);
        }
    }
}
