//! One way to open a scene: `horde screenshot` takes every scene flag `horde run` takes, a
//! flag of another scene is refused naming it, and a picture honours the scene's own files.

#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use clap::{CommandFactory, Parser};
use common::horde;
use horde::cli::{Cli, Command};
use horde::scenes::opening::Opening;
use horde::scenes::registry;
use horde_renderer::BackendChoice;
use std::collections::BTreeSet;

/// The long flags of subcommand `name`.
fn flags_of(name: &str) -> BTreeSet<String> {
    let cli = Cli::command();
    let sub = cli.find_subcommand(name).unwrap();
    sub.get_arguments()
        .filter_map(|a| a.get_long().map(str::to_string))
        .collect()
}

#[test]
fn screenshot_takes_every_scene_flag_of_run() {
    let run = flags_of("run");
    let shot = flags_of("screenshot");
    // What only a window has: watching files, a JSON summary on exit, quitting after N
    // presented frames, recording the player's edits, opening a recording on the timeline,
    // the play speed, co-op and its scripted player (a picture plays nobody's game).
    let window_only: BTreeSet<String> = [
        "no-watch",
        "json",
        "frames",
        "record",
        "replay",
        "play-speed",
        "host",
        "join",
        "name",
        "players",
        "delay-ticks",
        "pace",
        "code-out",
        "script",
    ]
    .into_iter()
    .map(str::to_string)
    .collect();
    let missing: Vec<&String> = run
        .difference(&shot)
        .filter(|f| !window_only.contains(*f))
        .collect();
    assert!(missing.is_empty(), "screenshot lacks {missing:?}");
    for flag in [
        "settings", "sections", "scenery", "modules", "scenario", "load", "autoplay",
    ] {
        assert!(shot.contains(flag), "--{flag}");
        assert!(run.contains(flag), "--{flag}");
    }
}

#[test]
fn a_flag_of_another_scene_is_refused_naming_it_and_its_scene() {
    for (command, scene, flag, value, owner) in [
        ("screenshot", "td", "--modules", "x.ron", "city"),
        ("screenshot", "city", "--sections", "x.ron", "platformer"),
        ("screenshot", "platformer", "--settings", "x.ron", "runner"),
        ("screenshot", "runner", "--scenario", "x.ron", "td"),
        ("run", "city", "--scenery", "x.ron", "runner"),
        ("screenshot", "city", "--level", "x.txt", "td"),
        ("run", "td", "--autoplay", "", "runner"),
    ] {
        let mut args = vec![command, "--scene", scene, flag];
        if !value.is_empty() {
            args.push(value);
        }
        if command == "screenshot" {
            args.extend(["--out", "never.png"]);
        } else {
            args.extend(["--frames", "1"]);
        }
        let out = horde(&args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let expected = format!("{flag}: only with --scene {owner}, not --scene {scene}");
        assert!(stderr.contains(&expected), "{args:?}: {stderr}");
    }
    assert!(!std::path::Path::new("never.png").exists());
}

#[test]
fn a_screenshot_reads_the_scenes_own_files_and_names_a_broken_one() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.ron");
    std::fs::write(&broken, "(section_width: oops)").unwrap();
    let out_png = dir.path().join("x.png");
    for (scene, flag) in [("platformer", "--sections"), ("runner", "--settings")] {
        let out = horde(&[
            "screenshot",
            "--scene",
            scene,
            flag,
            broken.to_str().unwrap(),
            "--out",
            out_png.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(1), "{scene}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("broken.ron:1:"), "{scene}: {stderr}");
        assert!(!out_png.exists());
    }
}

#[test]
fn a_platformer_picture_shows_its_own_sections() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("assets/platformer/default.ron")).unwrap();
    // The same templates on sections half as wide again: the track is laid out otherwise.
    let wide = dir.path().join("wide.ron");
    std::fs::write(
        &wide,
        text.replace("section_width: 10.0", "section_width: 15.0"),
    )
    .unwrap();
    let shot = |sections: Option<&std::path::Path>, name: &str| {
        let path = dir.path().join(name);
        let mut args = vec![
            "screenshot",
            "--scene",
            "platformer",
            "--frames",
            "30",
            "--size",
            "320x180",
            "--backend",
            "vulkan",
            "--out",
            path.to_str().unwrap(),
        ];
        if let Some(file) = sections {
            args.extend(["--sections", file.to_str().unwrap()]);
        }
        let out = horde(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read(&path).unwrap()
    };
    let built_in = shot(None, "built-in.png");
    let again = shot(None, "again.png");
    let tuned = shot(Some(&wide), "wide.png");
    assert_eq!(built_in, again, "a picture is a pure function of the flags");
    assert_ne!(built_in, tuned, "--sections changes the picture");
}

#[test]
fn scene_takes_the_registrys_names_and_refuses_others_naming_the_flag() {
    let names: Vec<&str> = registry::names().collect();
    let names = names.join(", ");
    for command in ["run", "screenshot"] {
        let out = horde(&[command, "--scene", "nope"]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("'--scene <SCENE>'"), "{stderr}");
        assert!(stderr.contains(&names), "{command}: {stderr}");
        let help = horde(&[command, "-h"]);
        let help = String::from_utf8_lossy(&help.stdout);
        let values = format!("[possible values: {names}]");
        assert!(help.contains(&values), "{help}");
    }
}

/// `horde run --scene ASKED --FLAG VALUE`, with the first value of `candidates` clap takes.
fn run_with(asked: &str, flag: &clap::Arg, candidates: &[&str]) -> Cli {
    let long = format!("--{}", flag.get_long().unwrap());
    let mut words = vec!["horde", "run", "--scene", asked, &long];
    if !flag.get_num_args().is_some_and(|n| n.takes_values())
        && !flag.is_positional()
        && let Ok(cli) = Cli::try_parse_from(&words)
    {
        return cli;
    }
    let possible = flag.get_possible_values();
    let names: Vec<&str> = possible.iter().map(|v| v.get_name()).collect();
    for value in names.iter().chain(candidates) {
        words.push(value);
        if let Ok(cli) = Cli::try_parse_from(&words) {
            return cli;
        }
        words.pop();
    }
    panic!("no value of {candidates:?} is taken by {long}");
}

/// Every flag a scene of the registry owns (in a picture and in a window) is refused by every
/// other scene of the registry, naming the flag and its scene; the flags every scene takes are
/// taken.
#[test]
fn every_scenes_own_flags_are_refused_by_every_other_scene() {
    for owner in registry::SCENES {
        let mut flags = clap::Command::new("flags");
        flags = (owner.window_flags)((owner.flags)(flags));
        for flag in flags.get_arguments() {
            let long = flag.get_long().unwrap();
            let shared = owner.taken_by_every_scene.contains(&long);
            for asked in registry::names().filter(|n| *n != owner.name) {
                let candidates = ["x.ron", "2x2x2", "23x11", "2", "0", "127.0.0.1:0"];
                let cli = run_with(asked, flag, &candidates);
                let Some(Command::Run(run)) = cli.command else {
                    panic!("not a run")
                };
                let opening = Opening {
                    window: run.window.clone(),
                    ..Opening::picture(BackendChoice::Auto)
                };
                let opened = registry::open(&run.scene, opening);
                let expected = format!(
                    "--{long}: only with --scene {}, not --scene {asked}",
                    owner.name
                );
                match opened {
                    Err(e) if !shared => assert_eq!(e.to_string(), expected),
                    Err(e) => assert!(!e.to_string().contains("only with"), "--{long}: {e}"),
                    Ok(_) if shared => {}
                    Ok(_) => panic!("--{long} was taken by --scene {asked}"),
                }
            }
        }
    }
}

/// Every scene of the registry, read from it, takes a picture: `horde screenshot --scene NAME`
/// writes a PNG of the asked size in which no one colour covers nearly all of it.
#[test]
fn every_registered_scene_takes_a_picture_of_more_than_one_colour() {
    if !common::gpu_available(BackendChoice::Vulkan) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for name in registry::names() {
        let path = dir.path().join(format!("{name}.png"));
        let out = horde(&[
            "screenshot",
            "--scene",
            name,
            "--seed",
            "1",
            "--frames",
            "120",
            "--size",
            "320x180",
            "--backend",
            "vulkan",
            "--out",
            path.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{name}: {stderr}");
        let picture = image::open(&path).unwrap().to_rgba8();
        assert_eq!(picture.dimensions(), (320, 180), "{name}");
        let mut counts = std::collections::HashMap::new();
        for p in picture.pixels() {
            *counts.entry(p.0).or_insert(0usize) += 1;
        }
        let most = counts.values().max().copied().unwrap_or(0);
        let all = (320 * 180) as usize;
        assert!(
            counts.len() > 1 && most * 100 < all * 95,
            "{name}: one colour covers {most} of {all} pixels"
        );
    }
}
