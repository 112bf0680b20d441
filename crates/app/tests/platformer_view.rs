//! The platformer as the player sees it: frame after frame on the software adapter, the share
//! of the picture the track covers never drops at once — no section vanishes on screen (one
//! going would take about half the picture's track with it) and none pops in.
#![allow(clippy::unwrap_used)]

mod common;

use horde::scenes::platformer::PlatformerScene;
use horde::scenes::{InputState, Scene, Tick, Viewport};
use horde_core_sim::platformer::Sections;
use horde_renderer::BackendChoice;

#[test]
fn no_section_vanishes_or_appears_on_screen() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let size = (320, 180);
    let mut off =
        horde::offscreen::Offscreen::with_samples(&common::flags(BackendChoice::Vulkan), size, 1)
            .unwrap();
    let mut scene = PlatformerScene::new(Sections::built_in().unwrap(), 2);
    scene.attach(&mut off.renderer);
    let input = InputState::default();
    let viewport = Viewport {
        x: 0.0,
        y: 0.0,
        width: size.0 as f32,
        height: size.1 as f32,
    };
    let mut last: Option<f64> = None;
    let mut drops = Vec::new();
    let start = scene.treadmill().recycled();
    for frame in 0..360 {
        let tick = Tick {
            steps: 1,
            frame_seconds: 1.0 / 60.0,
            frame,
        };
        scene.update(tick, &input);
        scene.prepare(&mut off.renderer, &off.ctx).unwrap();
        let params = scene.frame_params(viewport);
        let picture = off.take_picture(&params).unwrap();
        let covered = 1.0 - picture.colour_shares(params.clear).sky;
        // A pit scrolls in by a fraction of a percent of the track a frame; a section
        // leaving takes a third of it or more.
        if let Some(before) = last
            && (before - covered) / before > 0.1
        {
            drops.push((frame, before, covered));
        }
        last = Some(covered);
    }
    assert!(
        scene.treadmill().recycled() >= start + 2,
        "sections were recycled"
    );
    assert!(
        drops.is_empty(),
        "the track's share dropped at once: {drops:?}"
    );
}
