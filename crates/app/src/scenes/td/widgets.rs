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

/// The most recent frame times [`recent_percentiles`] looks at.
const PERCENTILE_WINDOW: usize = 256;

/// The median and 95th percentile of the last `PERCENTILE_WINDOW` frame times of `history`,
/// by the rank rule of [`crate::stats::Stat`] (`round((n − 1)·q)`), without allocating; `None`
/// with no frames.
pub fn recent_percentiles(history: &egui::util::History<f32>) -> Option<(f32, f32)> {
    let mut recent = [0.0f32; PERCENTILE_WINDOW];
    let skip = history.len().saturating_sub(PERCENTILE_WINDOW);
    let mut n = 0;
    for (slot, ms) in recent.iter_mut().zip(history.values().skip(skip)) {
        *slot = ms;
        n += 1;
    }
    let recent = &mut recent[..n];
    if recent.is_empty() {
        return None;
    }
    recent.sort_unstable_by(f32::total_cmp);
    let at = |q: f32| recent[((recent.len() - 1) as f32 * q).round() as usize];
    Some((at(0.5), at(0.95)))
}

/// The frame-time graph of `history` (milliseconds): bars of frame time, oldest on the left,
/// with lines at 16.7 and 33.3 ms and at the recent frames' p50 (yellow) and p95 (orange),
/// labelled.
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
    if let Some((p50, p95)) = recent_percentiles(history) {
        let lines = [
            ("p50", p50, Color32::YELLOW, rect.left() + 4.0),
            ("p95", p95, Color32::from_rgb(255, 150, 40), rect.center().x),
        ];
        for (_, ms, color, _) in lines {
            painter.hline(rect.x_range(), y(ms), Stroke::new(1.5, color));
        }
        // Labels over the lines, each on a dark plate: a line near the top would strike
        // through them.
        let font = egui::FontId::proportional(10.0);
        for (name, ms, color, x) in lines {
            let label = painter.layout_no_wrap(format!("{name} {ms:.1} ms"), font.clone(), color);
            let at = Pos2::new(x, rect.top() + 2.0);
            painter.rect_filled(
                Rect::from_min_size(at, label.size()).expand(1.5),
                2.0,
                Color32::from_black_alpha(200),
            );
            painter.galley(at, label, color);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_follow_the_stat_rank_rule_over_the_recent_frames() {
        let mut history = egui::util::History::new(0..1000, f32::INFINITY);
        assert_eq!(recent_percentiles(&history), None);
        // 300 frames: the first 44 slow, then 1..=256 ms; only the last 256 count.
        for i in 0..300 {
            let ms = if i < 44 { 1000.0 } else { (i - 43) as f32 };
            history.add(i as f64, ms);
        }
        let (p50, p95) = recent_percentiles(&history).unwrap();
        let mut samples: Vec<f64> = (1..=256).map(f64::from).collect();
        let stat = crate::stats::Stat::of(&mut samples);
        assert_eq!((p50 as f64, p95 as f64), (stat.p50, stat.p95));
    }
}
