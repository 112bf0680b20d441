//! Co-op in two windows, each on a private Xvfb of its own: `horde run --host --players 2` and
//! `horde run --join CODE --name ann`; a tower placed in each with the mouse (xdotool: Shift +
//! left click over a tile), and both boards show both towers, each under its placer's name.
//! And the siege won in windows: two scripted players (`--script`, each half of a defence), a
//! third who joins in the middle, and a window killed and started again that rejoins under its
//! name; every window ends on the victory and one checksum, which `horde replay` of the host's
//! recording gives too. The windows run until their
//! summaries say so (`HORDE_RUN_UNTIL`). Skipped only where Xvfb or an adapter is missing and
//! `HORDE_REQUIRE_GPU` is unset.
#![allow(clippy::unwrap_used)]

mod common;

use common::logged::{Logged, Seen};
use common::xvfb::{Xvfb, in_window, spawn_logged_with, start_xvfb, wait_for_display};
use common::{replay_json, skipped};
use glam::{Vec2, Vec3};
use horde::scenes::td::view;
use horde_core_sim::td::swarm::SpawnSettings;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a window may take to come up, take a click and see the other's tower.
const DEADLINE: Duration = Duration::from_secs(240);

/// Starts `horde ARGS` on `xvfb` in `cwd` with `env`.
fn start_window(xvfb: &Xvfb, args: &[&str], cwd: &Path, env: &[(&str, &str)]) -> Logged {
    let (child, lines) = spawn_logged_with(xvfb, args, cwd, env);
    Logged::with_lines(child, lines)
}

/// The window pixel over tile `(x, y)` of the built-in board, in the scene's viewport as the
/// window logged it (`td view: viewport X Y WxH`).
fn pixel_over(viewport_line: &str, (x, y): (i64, i64)) -> (i32, i32) {
    let fields: Vec<&str> = viewport_line
        .split("td view: viewport ")
        .nth(1)
        .unwrap()
        .split([' ', 'x'])
        .collect();
    let [vx, vy, w, h]: [f32; 4] = [0, 1, 2, 3].map(|i| fields[i].parse().unwrap());
    let source = horde_core_sim::td::game::GameSource::built_in();
    let sim = horde_games::simulation_of(&source, SpawnSettings::default(), 0).unwrap();
    let board = sim.board();
    let [cx, cz] = board.tile_center(board.index(x, y).unwrap());
    let camera = view::default_camera(&sim, w / h);
    let at = camera
        .project(Vec3::new(cx, 0.0, cz), Vec2::new(w, h))
        .unwrap();
    ((at.x + vx).round() as i32, (at.y + vy).round() as i32)
}

/// Shift + left click at `(px, py)` in the Horde window on `display`.
fn shift_click(display: &str, (px, py): (i32, i32)) -> bool {
    in_window(display, |window| {
        let (px, py) = (px.to_string(), py.to_string());
        let actions = [
            "mousemove",
            "--window",
            window,
            &px,
            &py,
            "keydown",
            "shift",
        ];
        let actions = actions.into_iter().chain(["click", "1", "keyup", "shift"]);
        actions.map(str::to_string).collect()
    })
}

/// Places a tower over `tile` in `window` on `xvfb`: clicks until the window says it sent it.
fn place(window: &mut Logged, xvfb: &Xvfb, tile: (i64, i64), name: &str, deadline: Instant) {
    let viewport = window.wait_for("td view: viewport", deadline).unwrap();
    let at = pixel_over(&viewport, tile);
    let sent = format!("co-op: {name} sent laser at ({}, {})", tile.0, tile.1);
    loop {
        assert!(shift_click(&xvfb.display, at), "xdotool failed");
        let until = Instant::now() + Duration::from_secs(5);
        if let Seen::Found(()) = window.look(until, |l| l.contains(&sent).then_some(())) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the click never took:\n{}",
            window.log()
        );
    }
}

/// Starts the host's window and reads its join code; `None` (the test skipped) where no
/// adapter exists and `HORDE_REQUIRE_GPU` is unset.
fn start_host(
    xvfb: &Xvfb,
    args: &[&str],
    cwd: &Path,
    env: &[(&str, &str)],
    deadline: Instant,
) -> Option<(Logged, String)> {
    let mut host = start_window(xvfb, args, cwd, env);
    let Some(code) = host.wait_for("join code: ", deadline) else {
        let log = host.log();
        if log.contains("no graphics adapter") && std::env::var_os("HORDE_REQUIRE_GPU").is_none() {
            skipped("no adapter for the co-op windows");
            return None;
        }
        panic!("the host window ended:\n{log}");
    };
    let code = code.split("join code: ").nth(1).unwrap().trim().to_string();
    Some((host, code))
}

#[test]
fn two_windows_play_one_board_and_each_sees_the_others_tower() {
    let (Some(host_x), Some(ann_x)) = (start_xvfb(), start_xvfb()) else {
        return;
    };
    wait_for_display(&host_x.display);
    wait_for_display(&ann_x.display);
    let dir = tempfile::tempdir().unwrap();
    let until = [("HORDE_RUN_UNTIL", "towers=2")];
    let args = [
        "run",
        "--host",
        "--players",
        "2",
        "--code-out",
        "code.txt",
        "--json",
    ];
    let deadline = Instant::now() + DEADLINE;
    let Some((mut host, code)) = start_host(&host_x, &args, dir.path(), &until, deadline) else {
        return;
    };
    let args = ["run", "--join", &code, "--name", "ann", "--json"];
    let mut ann = start_window(&ann_x, &args, dir.path(), &until);
    ann.wait_for("joined host's game as ann", deadline)
        .unwrap_or_else(|| panic!("ann did not join:\n{}", ann.log()));
    place(&mut host, &host_x, (3, 1), "host", deadline);
    place(&mut ann, &ann_x, (5, 1), "ann", deadline);
    for (name, window) in [("host", host), ("ann", ann)] {
        let summary = window.summary(name, deadline);
        assert_eq!(summary["towers"], 2, "{name}: {summary}");
        let mut owners: Vec<String> =
            serde_json::from_value(summary["tower_owners"].clone()).unwrap();
        owners.sort();
        assert_eq!(owners, ["ann", "host"], "{name}: {summary}");
        assert_eq!(
            summary["players"],
            serde_json::json!(["host", "ann"]),
            "{name}: {summary}"
        );
    }
}

/// The siege's files: its level, its scenario, and the host's and the joiner's halves of a
/// greedy defence that wins it together.
fn siege() -> [PathBuf; 4] {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    [
        root.join("../../assets/levels/battle.txt"),
        root.join("../../assets/scenarios/siege.ron"),
        root.join("tests/data/coop-siege-host.txt"),
        root.join("tests/data/coop-siege-ann.txt"),
    ]
}

#[test]
fn windows_win_the_siege_together_with_a_third_joining_midway_and_a_killed_one_rejoining() {
    let (Some(host_x), Some(ann_x), Some(bob_x)) = (start_xvfb(), start_xvfb(), start_xvfb())
    else {
        return;
    };
    for x in [&host_x, &ann_x, &bob_x] {
        wait_for_display(&x.display);
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let [level, scenario, host_half, ann_half] = siege().map(|p| p.to_str().unwrap().to_string());
    let until = ("HORDE_RUN_UNTIL", "outcome=victory,session=ended");
    // The host logs each edit it stamps (debug), so the test knows ann's edit reached it.
    let host_env = [until, ("RUST_LOG", "info,horde_lockstep=debug")];
    let args = [
        "run",
        "--level",
        &level,
        "--scenario",
        &scenario,
        "--host",
        "--players",
        "2",
        "--pace",
        "5",
        "--script",
        &host_half,
        "--record",
        "siege.txt",
        "--json",
    ];
    let deadline = Instant::now() + DEADLINE * 2;
    let Some((mut host, code)) = start_host(&host_x, &args, d, &host_env, deadline) else {
        return;
    };
    let ann_args = [
        "run", "--join", &code, "--name", "ann", "--script", &ann_half, "--json",
    ];
    let mut ann = start_window(&ann_x, &ann_args, d, &[until]);

    // A third player joins in the middle of the siege, with no script of their own.
    ann.wait_for_tick("co-op: scripted", "sent at tick ", 2000, deadline);
    let bob_args = ["run", "--join", &code, "--name", "bob", "--json"];
    let mut bob = start_window(&bob_x, &bob_args, d, &[until]);
    let (_, joined) = bob.wait_for_tick("joined host's game as bob", "at tick ", 1, deadline);
    assert!(joined >= 2000, "bob joined at tick {joined}");

    // Ann's window is killed right after one of her edits reached the host (her next is 180
    // ticks later), and started again: she rejoins under her name and plays on.
    let (line, made) = ann.wait_for_tick("co-op: scripted", "sent at tick ", 3500, deadline);
    let what = line.split("co-op: scripted ").nth(1).unwrap();
    let what = what.split(" sent at").next().unwrap().to_string();
    host.wait_for(&format!("co-op: ann's {what} stamped"), deadline)
        .unwrap_or_else(|| panic!("the host never heard ann's {what}"));
    let _ = ann.child.kill();
    let _ = ann.child.wait();
    drop(ann);
    let mut ann = start_window(&ann_x, &ann_args, d, &[until]);
    let (_, rejoined) = ann.wait_for_tick("joined host's game as ann", "at tick ", 1, deadline);
    assert!(
        rejoined >= made && rejoined < made + 110,
        "ann made an edit at tick {made} and rejoined at {rejoined}"
    );

    let summaries = [
        ("host", host.summary("host", deadline)),
        ("ann", ann.summary("ann", deadline)),
        ("bob", bob.summary("bob", deadline)),
    ];
    let (_, first) = &summaries[0];
    for (name, summary) in &summaries {
        assert_eq!(summary["outcome"], "victory", "{name}: {summary}");
        assert_eq!(summary["session"], "ended", "{name}: {summary}");
        assert_eq!(summary["ticks"], first["ticks"], "{name}: {summary}");
        assert_eq!(summary["checksum"], first["checksum"], "{name}: {summary}");
        let mut players: Vec<String> = serde_json::from_value(summary["players"].clone()).unwrap();
        players.sort();
        assert_eq!(players, ["ann", "bob", "host"], "{name}: {summary}");
        // Every board knows who placed each player's tower (the level's own have no placer),
        // those placed before it joined too.
        let owners: Vec<String> = serde_json::from_value(summary["tower_owners"].clone()).unwrap();
        assert!(
            owners.iter().any(|o| o == "host") && owners.iter().any(|o| o == "ann"),
            "{name}: {summary}"
        );
        assert_eq!(summary["tower_owners"], first["tower_owners"], "{name}");
    }
    // The host's recording is the merged game, each edit after its player's name, and
    // `horde replay` verifies it to the same checksum.
    let recording = std::fs::read_to_string(d.join("siege.txt")).unwrap();
    assert!(recording.contains("# by host\n") && recording.contains("# by ann\n"));
    let replayed = replay_json(Path::new("siege.txt"), d);
    assert_eq!(replayed["checksum"], first["checksum"], "{replayed}");
    assert_eq!(replayed["outcome"], "victory", "{replayed}");
}
