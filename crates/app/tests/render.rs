//! Offscreen images of the tower-defense scene on Vulkan and GL (Mesa's lavapipe and llvmpipe
//! in CI): reference images, agreement between backends, orientation, one draw call for the
//! whole swarm.
#![allow(clippy::unwrap_used)]

mod common;

use common::*;
use horde_renderer::BackendChoice;

const SIZE: (u32, u32) = (640, 360);

fn fortress_picture(backend: BackendChoice) -> horde::offscreen::Picture {
    let mut scene = scene(&level_text("fortress.txt"), 7, 10.0);
    render(&mut scene, 900, backend, SIZE)
}

#[test]
fn fortress_matches_the_reference_on_vulkan() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let picture = fortress_picture(BackendChoice::Vulkan);
    assert_matches_reference(&picture, "td-fortress", "vulkan", 1.0, 0.005);
}

#[test]
fn fortress_matches_the_reference_on_gl() {
    if !gpu_available(BackendChoice::Gl) {
        return;
    }
    let picture = fortress_picture(BackendChoice::Gl);
    assert_matches_reference(&picture, "td-fortress", "gl", 1.5, 0.01);
}

#[test]
fn vulkan_and_gl_draw_the_same_frame() {
    if !gpu_available(BackendChoice::Vulkan) || !gpu_available(BackendChoice::Gl) {
        return;
    }
    let vulkan = fortress_picture(BackendChoice::Vulkan);
    let gl = fortress_picture(BackendChoice::Gl);
    assert!(vulkan.adapter.starts_with("vulkan") && gl.adapter.starts_with("gl"));
    let (mean, bad) = difference(&vulkan.pixels, &gl.pixels, 48);
    assert!(
        mean < 1.0 && bad < 0.01,
        "mean error {mean}, {bad} of the pixels differ"
    );
}

/// Whether a pixel looks like a lit wall: bright and grey.
fn is_wall(p: &[u8]) -> bool {
    let (r, g, b) = (p[0] as i32, p[1] as i32, p[2] as i32);
    r > 110 && (r - g).abs() < 24 && (g - b).abs() < 24
}

#[test]
fn walls_in_the_north_west_appear_in_the_upper_left() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let rows = "###.........\n............\n###.........\n............\n............\n..........D.\n............\nS...........\n";
    let mut scene = scene(rows, 1, 1.0);
    let picture = render(&mut scene, 0, BackendChoice::Vulkan, SIZE);
    let (w, h) = (picture.width as usize, picture.height as usize);
    let mut quadrants = [0usize; 4];
    for (i, p) in picture.pixels.chunks_exact(4).enumerate() {
        if is_wall(p) {
            let (x, y) = (i % w, i / w);
            quadrants[(y >= h / 2) as usize * 2 + (x >= w / 2) as usize] += 1;
        }
    }
    let total: usize = quadrants.iter().sum();
    assert!(total > 2000, "walls not visible: {quadrants:?}");
    assert!(
        quadrants[0] as f64 > 0.95 * total as f64,
        "walls by quadrant (UL, UR, LL, LR): {quadrants:?}"
    );
}

#[test]
fn the_whole_swarm_is_one_draw_call() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    for enemies in [1usize, 1_000, 100_000] {
        let mut scene = scene(&level_text("large.txt"), 3, 1.0);
        scene.sim.set_spawning(false);
        scene.sim.populate(enemies);
        let mut off =
            horde::offscreen::Offscreen::new(&flags(BackendChoice::Vulkan), (320, 180)).unwrap();
        let batches = scene.attach(&mut off.renderer);
        scene.sync(&mut off.renderer, &off.ctx);
        let camera = scene.default_camera(320.0 / 180.0);
        let params = scene.frame_params(&camera, 320.0 / 180.0);
        let counters = off
            .renderer
            .render_offscreen(&off.ctx, &off.target, &params);
        assert_eq!(
            off.renderer.batch_draw_calls(batches.enemies),
            1,
            "{enemies} enemies"
        );
        assert_eq!(off.renderer.instance_count(batches.enemies), enemies);
        // Ground, grid, walls, markers and the enemies: one call each.
        assert_eq!(counters.draw_calls, 5, "{enemies} enemies");
        assert!(counters.instances >= enemies as u64);
        assert!(counters.bytes_uploaded >= enemies as u64 * 68);
        // A second frame re-uploads the enemies only, not the static batches.
        scene.sim.step(1.0 / 60.0);
        scene.sync(&mut off.renderer, &off.ctx);
        let again = off
            .renderer
            .render_offscreen(&off.ctx, &off.target, &params);
        let expected = scene.sim.enemies().len() as u64 * 68 + 112; // + the frame uniform
        assert_eq!(again.bytes_uploaded, expected, "{enemies} enemies");
    }
}

/// GPU work wgpu refuses is an error for the caller, not only a line in the log: a buffer
/// that may be mapped for reading and writing at once is invalid.
#[test]
fn a_validation_error_in_headless_work_is_an_error() {
    if !gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let ctx = horde_renderer::GpuContext::headless(horde_renderer::GpuRequest {
        backend: BackendChoice::Vulkan,
        ..Default::default()
    })
    .unwrap();
    let bad = ctx.checked("making a bad buffer", || {
        ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("bad"),
            size: 16,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::MAP_WRITE,
            mapped_at_creation: false,
        })
    });
    let error = bad.expect_err("the invalid buffer was accepted");
    assert!(
        error
            .to_string()
            .starts_with("GPU error while making a bad buffer: "),
        "{error}"
    );
    // Good work inside the same kind of scope passes.
    let good = ctx.checked("making a buffer", || {
        ctx.device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("good"),
            size: 16,
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        })
    });
    assert!(good.is_ok());
}
