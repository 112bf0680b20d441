//! Small egui widgets of the inspector: a two-handle range slider like the texts' min–max
//! sliders, and the frame-time graph.

use egui::{Color32, Pos2, Rect, Sense, Stroke, Ui, Vec2};

/// `min` and `max` edited by two number fields around a two-handle slider, both kept within
/// `limits` and `min ≤ max`. Returns whether anything changed.
pub fn range_slider(
    ui: &mut Ui,
    label: &str,
    min: &mut f32,
    max: &mut f32,
    limits: (f32, f32),
) -> bool {
    let (lo, hi) = limits;
    let (old_min, old_max) = (*min, *max);
    ui.horizontal(|ui| {
        ui.label(label);
        ui.add(
            egui::DragValue::new(min)
                .speed(0.01)
                .range(lo..=hi)
                .max_decimals(2),
        );
        let (rect, response) =
            ui.allocate_exact_size(Vec2::new(110.0, 18.0), Sense::click_and_drag());
        let to_x = |v: f32| rect.left() + (v - lo) / (hi - lo) * rect.width();
        let to_value = |x: f32| (lo + (x - rect.left()) / rect.width() * (hi - lo)).clamp(lo, hi);
        if let Some(pointer) = response.interact_pointer_pos()
            && (response.dragged() || response.clicked())
        {
            let value = to_value(pointer.x);
            // Move whichever handle is nearer the pointer.
            if (value - *min).abs() <= (value - *max).abs() {
                *min = value.min(*max);
            } else {
                *max = value.max(*min);
            }
        }
        let painter = ui.painter();
        let y = rect.center().y;
        let visuals = ui.visuals();
        painter.line_segment(
            [Pos2::new(rect.left(), y), Pos2::new(rect.right(), y)],
            Stroke::new(2.0, visuals.widgets.inactive.bg_fill),
        );
        painter.line_segment(
            [Pos2::new(to_x(*min), y), Pos2::new(to_x(*max), y)],
            Stroke::new(4.0, visuals.selection.bg_fill),
        );
        for v in [*min, *max] {
            painter.circle_filled(
                Pos2::new(to_x(v), y),
                6.0,
                visuals.widgets.active.fg_stroke.color,
            );
        }
        ui.add(
            egui::DragValue::new(max)
                .speed(0.01)
                .range(lo..=hi)
                .max_decimals(2),
        );
    });
    *min = min.clamp(lo, hi);
    *max = max.clamp(*min, hi);
    (*min, *max) != (old_min, old_max)
}

/// The last frame times, milliseconds, as a ring.
#[derive(Debug)]
pub struct FrameTimes {
    times: [f32; 240],
    next: usize,
    filled: usize,
}

impl Default for FrameTimes {
    fn default() -> FrameTimes {
        FrameTimes {
            times: [0.0; 240],
            next: 0,
            filled: 0,
        }
    }
}

impl FrameTimes {
    /// Records one frame.
    pub fn push(&mut self, ms: f32) {
        self.times[self.next] = ms;
        self.next = (self.next + 1) % self.times.len();
        self.filled = (self.filled + 1).min(self.times.len());
    }

    /// Frames per second over the recorded frames.
    pub fn fps(&self) -> f32 {
        let total: f32 = self.iter().sum();
        if total > 0.0 {
            self.filled as f32 * 1000.0 / total
        } else {
            0.0
        }
    }

    /// Oldest to newest.
    pub fn iter(&self) -> impl Iterator<Item = f32> + '_ {
        let start = (self.next + self.times.len() - self.filled) % self.times.len();
        (0..self.filled).map(move |i| self.times[(start + i) % self.times.len()])
    }

    /// Draws the graph: bars of frame time, with lines at 16.7 and 33.3 ms.
    pub fn show(&self, ui: &mut Ui) {
        let (rect, _) =
            ui.allocate_exact_size(Vec2::new(ui.available_width(), 60.0), Sense::hover());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, 2.0, Color32::from_black_alpha(80));
        let top = self.iter().fold(40.0f32, f32::max);
        let y = |ms: f32| rect.bottom() - ms / top * rect.height();
        for (ms, color) in [
            (1000.0 / 60.0, Color32::DARK_GREEN),
            (1000.0 / 30.0, Color32::DARK_RED),
        ] {
            painter.hline(rect.x_range(), y(ms), Stroke::new(1.0, color));
        }
        let step = rect.width() / self.times.len() as f32;
        for (i, ms) in self.iter().enumerate() {
            let x = rect.left() + i as f32 * step;
            painter.rect_filled(
                Rect::from_min_max(
                    Pos2::new(x, y(ms)),
                    Pos2::new(x + step.max(1.0), rect.bottom()),
                ),
                0.0,
                Color32::LIGHT_BLUE,
            );
        }
    }
}
