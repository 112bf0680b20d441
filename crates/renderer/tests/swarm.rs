//! The `swarm` example's picture, drawn offscreen as `--out` draws it: every cube in one draw
//! call, the background left in the corners, the middle covered in the cubes' many colours.
//! Skipped only where Vulkan has no adapter and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

#[allow(dead_code)] // its window and `main` are not run here
#[path = "../examples/swarm.rs"]
mod swarm;

mod common;

use horde_renderer::BackendChoice;

#[test]
fn the_swarm_is_one_draw_call_that_covers_the_middle_of_the_picture() {
    let Some(ctx) = common::context(BackendChoice::Auto) else {
        return;
    };
    let (width, height) = (320u32, 180u32);
    let (rgba, counters) = swarm::draw_offscreen(&ctx, 3000, 0.5, (width, height)).unwrap();
    assert_eq!(counters.draw_calls, 1);
    assert_eq!(counters.instances, 3000);
    assert_eq!(rgba.len(), (width * height * 4) as usize);
    let pixel = |x: u32, y: u32| -> [u8; 4] {
        let at = ((y * width + x) * 4) as usize;
        [rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]]
    };
    // The top corners show the background: the swarm lies on the ground below the horizon.
    let background = pixel(0, 0);
    assert_eq!(pixel(width - 1, 0), background);
    // A third of the middle or more is cubes, of many colours (each cube's is its own).
    let middle: Vec<[u8; 4]> = (height / 3..2 * height / 3)
        .flat_map(|y| (width / 3..2 * width / 3).map(move |x| (x, y)))
        .map(|(x, y)| pixel(x, y))
        .collect();
    let covered = middle.iter().filter(|p| **p != background).count();
    assert!(covered * 3 > middle.len(), "{covered} of {}", middle.len());
    let reddest = middle
        .iter()
        .map(|p| i32::from(p[0]) - i32::from(p[1]))
        .max();
    let greenest = middle
        .iter()
        .map(|p| i32::from(p[1]) - i32::from(p[0]))
        .max();
    assert!(
        reddest > Some(60) && greenest > Some(60),
        "{reddest:?} {greenest:?}"
    );
    // The same matrices draw the same picture.
    let (again, _) = swarm::draw_offscreen(&ctx, 3000, 0.5, (width, height)).unwrap();
    assert!(again == rgba);
}

#[test]
fn the_swarm_matrices_are_the_callers_own() {
    let cubes = swarm::swarm(100, 0.0);
    assert_eq!(cubes.len(), 100);
    // The first cube sits at the spiral's centre; each further one farther out.
    let distance = |i: usize| {
        let m = cubes[i].model[3];
        (m[0] * m[0] + m[2] * m[2]).sqrt()
    };
    assert!(distance(0) < 1e-6);
    assert!((1..100).all(|i| distance(i) > distance(i - 1)));
}
