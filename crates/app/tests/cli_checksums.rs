//! `horde sim --checksums` and `--heavy` as a user runs them: the CSV's shape (`tick,checksum`,
//! every N ticks and the last), the same numbers on 1 and 2 threads and across a save and
//! load, and heavy mode (the game saved and loaded after every tick keeps the uninterrupted
//! game's checksum) on both shipped scenarios and the spawner, with towers.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::Path;
use std::process::{Command, Output};

fn horde(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_horde"))
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("horde runs")
}

fn ok(out: Output) -> Output {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn asset(path: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../assets")
        .join(path);
    path.to_str().unwrap().to_string()
}

#[test]
fn the_csv_has_a_line_every_n_ticks_and_the_last() {
    let out = ok(horde(
        &[
            "sim",
            "--ticks",
            "130",
            "--checksums",
            "-",
            "--checksum-every",
            "50",
        ],
        "2",
    ));
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().take(4).collect();
    assert_eq!(lines[0], "tick,checksum");
    let ticks: Vec<&str> = lines[1..]
        .iter()
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(ticks, ["50", "100", "130"]);
    for line in &lines[1..] {
        let hex = line.split(',').nth(1).unwrap();
        assert_eq!(hex.len(), 16, "{line}");
        assert!(
            hex.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
    }
    // A bad interval names its flag.
    let out = horde(&["sim", "--checksums", "-", "--checksum-every", "0"], "1");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--checksum-every"));
}

#[test]
fn checksums_agree_on_one_and_two_threads_and_across_a_save() {
    let dir = tempfile::tempdir().unwrap();
    let (level, scenario) = (asset("levels/battle.txt"), asset("scenarios/siege.ron"));
    let game = ["--level", &level, "--scenario", &scenario, "--seed", "4"];
    let csv = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let (one, two, first, rest) = (csv("1.csv"), csv("2.csv"), csv("a.csv"), csv("b.csv"));
    let save = csv("mid.horde");
    for (threads, out) in [("1", &one), ("2", &two)] {
        let mut args = vec!["sim", "--ticks", "1200", "--checksums", out];
        args.extend(game);
        ok(horde(&args, threads));
    }
    let read = |path: &str| std::fs::read_to_string(path).unwrap();
    assert_eq!(read(&one), read(&two));
    assert_eq!(read(&one).lines().count(), 21);
    // 500 ticks, saved; 700 more from the save: the same numbers from tick 540 on.
    let mut args = vec![
        "sim",
        "--ticks",
        "500",
        "--checksums",
        &first,
        "--save",
        &save,
    ];
    args.extend(game);
    ok(horde(&args, "2"));
    ok(horde(
        &[
            "sim",
            "--load",
            &save,
            "--ticks",
            "700",
            "--checksums",
            &rest,
        ],
        "1",
    ));
    let whole = read(&one);
    let later: Vec<&str> = whole
        .lines()
        .filter(|l| {
            l.split(',')
                .next()
                .unwrap()
                .parse::<u64>()
                .is_ok_and(|t| t > 500)
        })
        .collect();
    let rest = read(&rest);
    let resumed: Vec<&str> = rest.lines().skip(1).collect();
    assert_eq!(resumed, later);
}

#[test]
fn heavy_mode_keeps_the_checksums_on_the_shipped_scenarios_and_the_spawner() {
    let battle = asset("levels/battle.txt");
    for (scenario, ticks) in [
        (Some(asset("scenarios/example.ron")), "900"),
        (Some(asset("scenarios/siege.ron")), "900"),
        (None, "600"),
    ] {
        let mut args = vec!["sim", "--level", &battle, "--ticks", ticks, "--heavy"];
        if let Some(scenario) = &scenario {
            args.extend(["--scenario", scenario]);
        } else {
            args.extend(["--spawn-speed", "4", "--animation"]);
        }
        let out = ok(horde(&args, "2"));
        let summary = String::from_utf8(out.stdout).unwrap();
        assert!(summary.contains("\"shots\":"), "{summary}");
    }
}
