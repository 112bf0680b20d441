//! Heap allocations of a whole stress frame, renderer included, on the software adapter.
//!
//! Our side of the frame (population top-up, the fused simulation step writing every instance
//! through the staging sink) allocates nothing once warmed up. wgpu itself allocates a fixed
//! number of small objects per frame (staging buffer, command encoder, pass, submission
//! tracking); that number must not grow with the number of enemies.
#![allow(clippy::unwrap_used)]

mod common;

use horde::scenes::td::{TdView, view};
use horde::staging::StagingSink;
use horde::stress::step::{step_into_view, stress_board};
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{FloatRange, SpawnSettings};
use horde_games::{Fused, Mode, Session};
use horde_renderer::BackendChoice;

/// Counted over every thread: the work runs on a thread pool.
#[global_allocator]
static GLOBAL: horde_alloc_count::Counting = horde_alloc_count::Counting;

fn settings() -> SpawnSettings {
    SpawnSettings::new(
        10.0,
        FloatRange::new(0.5, 2.0).unwrap(),
        FloatRange::new(0.2, 5.0).unwrap(),
        FloatRange::new(-0.4, 0.4).unwrap(),
    )
    .unwrap()
}

/// Allocations per frame after warm-up: `(ours, whole frame)`. Ours is the population top-up
/// and the fused step writing every instance through the staging sink (here over plain
/// memory); the whole frame is the real path on the GPU: the fused step writing into wgpu's
/// staging memory, recording, submitting and waiting.
fn allocations_per_frame(enemies: usize) -> (usize, usize) {
    let board = stress_board(enemies as u64).unwrap();
    let mut sim = Simulation::new(board, settings(), 5);
    sim.set_spawning(false);
    sim.reserve_enemies(enemies + enemies / 4);
    sim.populate(enemies);
    let mut session = Session::new(sim, None, Mode::Sandbox);
    let mut staging = vec![0u8; (enemies + enemies / 4) * 68];
    let mut off = horde::offscreen::Offscreen::with_samples(
        &common::flags(BackendChoice::Vulkan),
        (320, 180),
        1,
    )
    .unwrap();
    let mut td_view = TdView::new();
    td_view.attach(&mut off.renderer);
    td_view.sync_board(&mut off.renderer, session.sim(), None);
    let camera = view::default_camera(session.sim(), 16.0 / 9.0);
    let params = view::frame_params(&camera, 16.0 / 9.0);
    let frames = 12;
    let (mut ours, mut whole) = (0, 0);
    for frame in 0..frames + 8 {
        let a = horde_alloc_count::allocations();
        let alive = session.sim().enemies().len();
        session.sim_mut().populate(enemies - alive);
        let view = wgpu::WriteOnly::from(&mut staging[..]);
        let mut fused = Fused::new(StagingSink::new(view));
        session.advance(&mut (), &mut fused, &mut ()).unwrap();
        fused.written.unwrap();
        let b = horde_alloc_count::allocations();
        step_into_view(
            &mut session,
            enemies,
            &mut td_view,
            &mut off.renderer,
            &off.ctx,
        )
        .unwrap();
        off.renderer
            .render_offscreen(&off.ctx, &off.target, &params);
        let _ = off.ctx.device.poll(wgpu::PollType::wait_indefinitely());
        let c = horde_alloc_count::allocations();
        if frame >= 8 {
            ours += b - a;
            whole += c - b;
        }
    }
    (ours / frames, whole / frames)
}

#[test]
fn a_frame_allocates_nothing_on_our_side_and_a_fixed_amount_in_wgpu() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let (ours_small, wgpu_small) = allocations_per_frame(1_000);
    let (ours_large, wgpu_large) = allocations_per_frame(50_000);
    eprintln!(
        "allocations per frame: ours {ours_small}/{ours_large}, whole frame {wgpu_small}/{wgpu_large}"
    );
    assert_eq!(ours_small, 0);
    assert_eq!(ours_large, 0);
    // wgpu's per-submission bookkeeping: bounded, and the same for 1k and 50k enemies.
    assert!(
        wgpu_large <= wgpu_small + 2,
        "wgpu allocations grow with enemies: {wgpu_small} → {wgpu_large}"
    );
    assert!(
        wgpu_large < 200,
        "{wgpu_large} allocations per frame in wgpu"
    );
}
