//! `horde adapters` and `horde screenshot` as a user runs them.
#![allow(clippy::unwrap_used)]

mod common;

use horde_renderer::BackendChoice;
use std::process::{Command, Output};

fn horde(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn adapters_lists_backend_name_type_and_driver() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let out = horde(&["adapters"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    let vulkan = text
        .lines()
        .find(|l| l.starts_with("vulkan: "))
        .expect("a Vulkan adapter");
    assert!(
        vulkan.contains(" [") && vulkan.contains("driver: "),
        "{vulkan}"
    );
}

#[test]
fn screenshot_is_deterministic_and_has_the_asked_size() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shot = |name: &str| {
        let path = dir.path().join(name);
        let out = horde(&[
            "screenshot",
            "--scene",
            "td",
            "--seed",
            "4",
            "--frames",
            "300",
            "--size",
            "320x200",
            "--backend",
            "vulkan",
            "--spawn-speed",
            "6",
            "--out",
            path.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read(path).unwrap()
    };
    let a = shot("a.png");
    let b = shot("b.png");
    assert_eq!(a, b, "two runs gave different images");
    let image = image::load_from_memory(&a).unwrap();
    assert_eq!((image.width(), image.height()), (320, 200));
}

#[test]
fn a_missing_adapter_is_an_error_that_says_what_exists_and_what_to_install() {
    let out = horde(&[
        "screenshot",
        "--adapter",
        "no-such-gpu",
        "--out",
        "/tmp/never.png",
    ]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("no graphics adapter") && err.contains("no-such-gpu"),
        "{err}"
    );
    assert!(
        err.contains("mesa-vulkan-drivers") && err.contains("libgl1-mesa-dri"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
}

#[test]
fn bad_size_and_backend_flags_are_named() {
    for (args, flag) in [
        (
            vec!["screenshot", "--size", "0x10", "--out", "x.png"],
            "--size",
        ),
        (
            vec!["screenshot", "--backend", "directx9", "--out", "x.png"],
            "--backend",
        ),
        (vec!["run", "--backend", "glide"], "--backend"),
    ] {
        let out = horde(&args);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(flag) && !err.contains("panicked"),
            "{args:?}: {err}"
        );
    }
}
