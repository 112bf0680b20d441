//! A scene's frames without a window: `horde screenshot` and the picture tests drive a scene
//! through the same [`Scene`] calls, in the same order, as the windowed shell does (see
//! [`crate::scenes`]), into an offscreen target — so a picture can never differ from what the
//! window shows. Like F12, it draws the scene without its overlay.
//!
//! Each frame is one fixed step of a window at 60 Hz: `update` with one step, then `prepare`;
//! the frame's uploads are submitted (the window submits them with its draw). The last frame
//! is drawn: the scene's `frame_params` for the whole target, the picture read back, and
//! `rendered` hears the counters. With no steps, the scene as attached is prepared and drawn.

use crate::clock::STEP;
use crate::offscreen::{Offscreen, Picture};
use crate::scenes::{InputState, Scene, Tick, Viewport};
use anyhow::Result;

/// Attaches `scene` to `off`'s renderer, runs `steps` frames of one fixed step each, and
/// draws the last one at the target's size.
pub fn picture<S: Scene + ?Sized>(
    scene: &mut S,
    steps: u64,
    off: &mut Offscreen,
) -> Result<Picture> {
    scene.attach(&mut off.renderer);
    scene.gpu_ready(&off.ctx.summary());
    let input = InputState::default();
    for frame in 0..steps {
        let tick = Tick {
            steps: 1,
            frame_seconds: STEP,
            frame,
        };
        scene.update(tick, &input);
        scene.prepare(&mut off.renderer, &off.ctx)?;
        if frame + 1 < steps {
            // What the frame wrote reaches the GPU now, as the window's submit would take it.
            off.ctx.queue.submit(std::iter::empty());
        }
    }
    if steps == 0 {
        scene.prepare(&mut off.renderer, &off.ctx)?;
    }
    let (width, height) = off.target.size();
    let params = scene.frame_params(Viewport {
        x: 0.0,
        y: 0.0,
        width: width as f32,
        height: height as f32,
    });
    let picture = off.take_picture(&params)?;
    scene.rendered(&off.renderer, &picture.counters);
    Ok(picture)
}
