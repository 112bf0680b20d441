//! Small egui widgets: a two-handle range slider like the texts' min–max sliders, and the
//! frame-time graph (also used by the stress view).

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

/// The frame-time graph of `history` (milliseconds): bars of frame time, oldest on the left,
/// with lines at 16.7 and 33.3 ms.
pub fn frame_time_graph(ui: &mut Ui, history: &egui::util::History<f32>) {
    let (rect, _) = ui.allocate_exact_size(Vec2::new(ui.available_width(), 60.0), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 2.0, Color32::from_black_alpha(80));
    let top = history.values().fold(40.0f32, f32::max);
    let y = |ms: f32| rect.bottom() - ms / top * rect.height();
    for (ms, color) in [
        (1000.0 / 60.0, Color32::DARK_GREEN),
        (1000.0 / 30.0, Color32::DARK_RED),
    ] {
        painter.hline(rect.x_range(), y(ms), Stroke::new(1.0, color));
    }
    let step = rect.width() / history.max_len().max(1) as f32;
    for (i, ms) in history.values().enumerate() {
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
