//! The timeline bar under the board: the game's ticks from its first to its live edge, with
//! wave and cycle starts and lives lost marked; dragging or clicking it seeks, its buttons
//! step a tick back or forward, jump 5 s back, go back to the live edge and skip the rest of
//! the wave (with a progress bar while it runs). What it asks for is carried out by the
//! caller ([`BarAction`]), through [`super::game::TdGame`]'s time machine.

use super::game::TdGame;
use crate::overlay;
use egui::{Align2, Color32, Sense, Stroke, Vec2};
use horde_core_sim::td::history::MarkKind;

/// What the player asked of the bar this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BarAction {
    /// Show this tick.
    Seek(u64),
    /// One tick back (`,`).
    StepBack,
    /// One tick forward (`.`).
    StepForward,
    /// Five seconds back (Backspace).
    JumpBack,
    /// Back to the live edge (End).
    ToLive,
    /// Run the rest of the wave as fast as the machine goes (`N`).
    SkipWave,
}

/// The bar's height, points.
const BAR_HEIGHT: f32 = 18.0;

/// The tick at `share` (0: the first, 1: the live edge) of a history from `start` to `live`.
pub fn tick_at(share: f32, start: u64, live: u64) -> u64 {
    let span = live.saturating_sub(start) as f64;
    start + (f64::from(share.clamp(0.0, 1.0)) * span).round() as u64
}

/// The share of the bar (0 to 1) at which `tick` lies.
pub fn share_of(tick: u64, start: u64, live: u64) -> f32 {
    let span = live.saturating_sub(start);
    if span == 0 {
        1.0
    } else {
        (tick.saturating_sub(start) as f64 / span as f64).clamp(0.0, 1.0) as f32
    }
}

/// Draws the bar along the bottom of the board (the window less `panel_width` points on the
/// right) and returns what the player asked for.
pub fn show(ctx: &egui::Context, game: &TdGame, panel_width: f32) -> Option<BarAction> {
    let history = game.history()?;
    let (start, live) = (
        history.start(),
        history.live().max(game.sim().counts().ticks),
    );
    let now = game.sim().counts().ticks;
    let width = (ctx.content_rect().width() - panel_width - 40.0).max(200.0);
    let mut action = None;
    overlay::panel(
        ctx,
        "td timeline",
        Align2::LEFT_BOTTOM,
        Vec2::new(10.0, -10.0),
        |ui| {
            ui.set_width(width);
            ui.horizontal(|ui| {
                let buttons = [
                    ("<< 5 s", BarAction::JumpBack, "Backspace"),
                    ("< tick", BarAction::StepBack, ","),
                    ("tick >", BarAction::StepForward, "."),
                    ("live >>", BarAction::ToLive, "End"),
                ];
                for (label, asked, key) in buttons {
                    if ui.button(label).on_hover_text(key).clicked() {
                        action = Some(asked);
                    }
                }
                let waves = game.sim().scenario().is_some();
                let skip = egui::Button::new("Skip to end of wave");
                if ui.add_enabled(waves, skip).on_hover_text("N").clicked() {
                    action = Some(BarAction::SkipWave);
                }
                let seconds = |t: u64| t as f64 * crate::clock::STEP;
                let edge = if now == live { " (live)" } else { "" };
                ui.label(format!(
                    "tick {now}{edge} / {live}   {:.1} s / {:.1} s",
                    seconds(now),
                    seconds(live)
                ));
            });
            if let Some(share) = game.skip_progress() {
                ui.add(
                    egui::ProgressBar::new(share as f32).text("skipping to the end of the wave"),
                );
            }
            let (rect, response) =
                ui.allocate_exact_size(Vec2::new(width, BAR_HEIGHT), Sense::click_and_drag());
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 3.0, Color32::from_gray(40));
            let x_of = |tick: u64| rect.left() + share_of(tick, start, live) * rect.width();
            // Played so far, up to the tick shown.
            let shown = egui::Rect::from_min_max(rect.min, egui::pos2(x_of(now), rect.max.y));
            painter.rect_filled(shown, 3.0, Color32::from_rgb(60, 90, 140));
            for mark in history.marks() {
                let x = x_of(mark.tick);
                let (color, from) = match mark.kind {
                    MarkKind::Cycle => (Color32::from_rgb(200, 140, 255), rect.top()),
                    MarkKind::Wave => (Color32::from_rgb(120, 180, 255), rect.center().y),
                    MarkKind::LifeLost => (overlay::ERROR_COLOR, rect.top()),
                };
                if mark.kind == MarkKind::LifeLost {
                    painter.circle_filled(egui::pos2(x, rect.top() + 4.0), 2.5, color);
                } else {
                    painter.line_segment(
                        [egui::pos2(x, from), egui::pos2(x, rect.bottom())],
                        Stroke::new(1.5, color),
                    );
                }
            }
            let handle = egui::pos2(x_of(now), rect.center().y);
            painter.circle_filled(handle, BAR_HEIGHT * 0.45, Color32::WHITE);
            if (response.dragged() || response.clicked())
                && let Some(pointer) = response.interact_pointer_pos()
            {
                let share = (pointer.x - rect.left()) / rect.width().max(1.0);
                let tick = tick_at(share, start, live);
                if tick != now {
                    action = Some(BarAction::Seek(tick));
                }
            }
        },
    );
    action
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_and_ticks_map_both_ways() {
        assert_eq!(tick_at(0.0, 100, 700), 100);
        assert_eq!(tick_at(1.0, 100, 700), 700);
        assert_eq!(tick_at(0.5, 100, 700), 400);
        assert_eq!(tick_at(-3.0, 100, 700), 100);
        assert_eq!(tick_at(9.0, 100, 700), 700);
        for tick in [100, 250, 699, 700] {
            assert_eq!(tick_at(share_of(tick, 100, 700), 100, 700), tick);
        }
        assert_eq!(share_of(5, 5, 5), 1.0);
    }
}
