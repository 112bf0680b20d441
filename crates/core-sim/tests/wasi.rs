//! The same game on every platform: `examples/headless_game.rs` built natively and for
//! `wasm32-wasip1`, the WASI build played under Node (`tests/wasi/run.mjs`), prints the same
//! checksum lines for the same games — an hour of the bench scenario among them, where the
//! platform's own `sin` and `cos` once split the two at tick 41,400.
//!
//! Needs Node (`node` or `nodejs`) and the `wasm32-wasip1` standard library (`rustup target
//! add wasm32-wasip1`), which `.ci/run` installs; where either is missing the test says so
//! and passes, unless `HORDE_REQUIRE_WASI` is set (CI sets it), when it fails.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-wasip1";

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Node, where there is one.
fn node() -> Option<&'static str> {
    ["node", "nodejs"].into_iter().find(|name| {
        Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|out| out.status.success())
    })
}

/// Whether the WASI standard library is installed.
fn wasi_target_installed() -> bool {
    let out = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .ok();
    let Some(sysroot) = out.filter(|o| o.status.success()) else {
        return false;
    };
    let sysroot = String::from_utf8_lossy(&sysroot.stdout).trim().to_string();
    Path::new(&sysroot)
        .join("lib/rustlib")
        .join(TARGET)
        .is_dir()
}

/// Builds the example in release for `target` (the host where `None`), in a target folder of
/// its own (the outer `cargo test` holds the workspace's): the program's path.
fn build(target: Option<&str>) -> PathBuf {
    let dir = root().join("target/wasi-check");
    let mut cargo = Command::new(env!("CARGO"));
    cargo
        .current_dir(root())
        .env("CARGO_TARGET_DIR", &dir)
        .args(["build", "--release", "--locked", "-p", "horde-core-sim"])
        .args(["--example", "headless_game"]);
    if let Some(target) = target {
        cargo.args(["--target", target]);
    }
    let out = cargo.output().unwrap();
    assert!(
        out.status.success(),
        "building for {target:?}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    match target {
        Some(target) => dir.join(target).join("release/examples/headless_game.wasm"),
        None => dir.join("release/examples/headless_game"),
    }
}

/// What a run printed on stdout, which must succeed.
fn run(mut command: Command) -> String {
    let out = command.output().unwrap();
    assert!(
        out.status.success(),
        "{command:?}:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn wasi_prints_the_native_checksum_lines() {
    let node = node();
    if node.is_none() || !wasi_target_installed() {
        let why = "Node or the wasm32-wasip1 standard library is missing";
        assert!(
            std::env::var_os("HORDE_REQUIRE_WASI").is_none(),
            "HORDE_REQUIRE_WASI is set and {why}"
        );
        eprintln!("skipped: {why} (`rustup target add wasm32-wasip1`, Debian's nodejs)");
        return;
    }
    let (native, wasi) = (build(None), build(Some(TARGET)));
    let runner = root().join("crates/core-sim/tests/wasi/run.mjs");
    let assets = root().join("assets");
    let games: [(&str, &str, Option<&str>); 3] = [
        // An hour of game time at its bench's load: 721 checksum lines.
        ("levels/battle.txt", "scenarios/bench.ron", None),
        (
            "levels/battle.txt",
            "scenarios/siege.ron",
            Some("scripts/siege-budget-wins.txt"),
        ),
        ("levels/battle.txt", "scenarios/example.ron", None),
    ];
    for (level, scenario, script) in games {
        let mut args = vec![
            "--level".to_string(),
            assets.join(level).display().to_string(),
            "--scenario".to_string(),
            assets.join(scenario).display().to_string(),
        ];
        if let Some(script) = script {
            args.push("--script".to_string());
            args.push(assets.join(script).display().to_string());
        }
        let mut on_host = Command::new(&native);
        on_host.args(&args);
        let mut under_node = Command::new(node.unwrap());
        under_node
            .arg("--no-warnings")
            .arg(&runner)
            .arg(&wasi)
            .args(&args);
        let (expected, got) = (run(on_host), run(under_node));
        let lines = expected.lines().count();
        assert!(lines > 5, "{scenario}: only {lines} lines");
        if let Some((at, (a, b))) = expected
            .lines()
            .zip(got.lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
        {
            panic!(
                "{scenario}: line {} differs: native `{a}`, WASI `{b}`",
                at + 1
            );
        }
        assert_eq!(got.lines().count(), lines, "{scenario}");
        if scenario.ends_with("bench.ron") {
            assert_eq!(lines, 722, "an hour's checksum lines and the heading");
        }
    }
}
