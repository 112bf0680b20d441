//! What every scene's overlay shares: its panels (the HUD in the top-left corner, a panel
//! anchored elsewhere) and its colours, so that every scene looks and reads alike.

use egui::{Align2, Color32, Context, Ui, Vec2};

/// Bad news: a refused edit or file, a failed generator, a lost game.
pub const ERROR_COLOR: Color32 = Color32::from_rgb(255, 90, 90);

/// Good news: a won game.
pub const GOOD_COLOR: Color32 = Color32::from_rgb(120, 230, 120);

/// The size of a large message's text (a game's outcome, "Press Space to start").
pub const BANNER_SIZE: f32 = 28.0;

/// The scene's HUD: a panel in the top-left corner of the window, named `id`, holding what
/// `add` puts in it.
pub fn hud(ctx: &Context, id: &str, add: impl FnOnce(&mut Ui)) {
    panel(ctx, id, Align2::LEFT_TOP, Vec2::splat(10.0), add);
}

/// A panel named `id` at `offset` from the window's corner or edge `anchor`, holding what
/// `add` puts in it.
pub fn panel(ctx: &Context, id: &str, anchor: Align2, offset: Vec2, add: impl FnOnce(&mut Ui)) {
    egui::Area::new(egui::Id::unique(("overlay", id)))
        .anchor(anchor, offset)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, add);
        });
}

/// A large message in `color`, centred `down` points below the top of the window (negative:
/// above its middle, with `anchor` [`Align2::CENTER_CENTER`]).
pub fn banner(ctx: &Context, id: &str, (anchor, down): (Align2, f32), text: &str, color: Color32) {
    panel(ctx, id, anchor, Vec2::new(0.0, down), |ui| {
        ui.label(egui::RichText::new(text).size(BANNER_SIZE).color(color));
    });
}
