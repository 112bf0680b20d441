//! `--quality low` is the picture as it was before there were quality levels, pixel for pixel,
//! scene by scene: each scene's `horde screenshot` at `low` against its reference image (made
//! before the levels existed, on lavapipe), the default is `low`, and `medium` does add the
//! sun's shadows. Skipped only where no Vulkan adapter exists and `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use horde_renderer::BackendChoice;
use std::path::{Path, PathBuf};

/// The scenes, each with the flags of its picture.
const SCENES: [(&str, &[&str]); 4] = [
    ("td", &[]),
    ("city", &["--scene", "city"]),
    ("runner", &["--scene", "runner"]),
    ("platformer", &["--scene", "platformer"]),
];

/// `horde screenshot` of `flags` (and `extra`) into `out`: its RGBA pixels.
fn screenshot(flags: &[&str], extra: &[&str], out: &Path) -> image::RgbaImage {
    let fixed = [
        "screenshot",
        "--backend",
        "vulkan",
        "--size",
        "480x270",
        "--frames",
        "300",
    ];
    let out_arg = ["--out", out.to_str().unwrap()];
    let args: Vec<&str> = (fixed.iter().chain(flags).chain(extra).chain(&out_arg))
        .copied()
        .collect();
    let result = common::horde(&args);
    assert!(
        result.status.success(),
        "{flags:?} {extra:?}: {}",
        String::from_utf8_lossy(&result.stderr)
    );
    image::open(out).unwrap().to_rgba8()
}

fn reference(scene: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/reference/low-{scene}.png"))
}

/// Pixels whose channels differ by more than `by`.
fn differing(a: &image::RgbaImage, b: &image::RgbaImage, by: u8) -> usize {
    assert_eq!(a.dimensions(), b.dimensions());
    a.pixels()
        .zip(b.pixels())
        .filter(|(p, q)| p.0.iter().zip(q.0).any(|(x, y)| x.abs_diff(y) > by))
        .count()
}

#[test]
fn low_is_the_picture_from_before_the_levels_in_every_scene() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for (scene, flags) in SCENES {
        let low = screenshot(flags, &["--quality", "low"], &dir.path().join("low.png"));
        if std::env::var_os("HORDE_UPDATE_REFERENCE").is_some() {
            low.save(reference(scene)).unwrap();
            continue;
        }
        let before = image::open(reference(scene)).unwrap().to_rgba8();
        // Pixel for pixel (a level of rounding allowed on a driver built otherwise).
        let off = differing(&low, &before, 1);
        assert_eq!(off, 0, "{scene}: {off} pixels differ from the reference");
        let default = screenshot(flags, &[], &dir.path().join("default.png"));
        assert_eq!(
            differing(&default, &low, 0),
            0,
            "{scene}: the default is low"
        );
        if scene == "td" || scene == "city" {
            let medium = screenshot(
                flags,
                &["--quality", "medium"],
                &dir.path().join("medium.png"),
            );
            // The enemies' shadows are small on a whole board; the city's are everywhere.
            let shaded = differing(&medium, &low, 8);
            assert!(shaded >= 50, "{scene}: only {shaded} pixels shaded");
        }
    }
}
