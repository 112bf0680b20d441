//! Recordings made by an older build replay in this one with every checksum matching: what a
//! game does not use adds nothing to its checksum, so a later feature never breaks the
//! recordings of games that do not use it. The recordings in `data/format4/` were made by the
//! build whose saves were format 4 (`horde sim --record`, from the repository's root: the
//! siege on a budget won by its script, the example scenario with targeting priorities, the
//! spawner with animation clips on the fortress), before tower settings and costs were kept
//! by kind name.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use std::path::Path;
use std::process::Command;

/// The repository's root, where the recordings' level and scenario paths start.
fn root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn recordings_of_the_format_4_build_replay_with_every_checksum() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/format4");
    let mut replayed = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rec") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("#! state 4\n"), "{}", path.display());
        let out = Command::new(env!("CARGO_BIN_EXE_horde"))
            .args(["replay", path.to_str().unwrap(), "--json"])
            .current_dir(root())
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}: {stdout} {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
        assert!(json["desync"].is_null(), "{}: {json}", path.display());
        let is_checksum = |l: &&str| {
            let mut words = l.split_whitespace();
            let tick = words.next().is_some_and(|t| t.parse::<u64>().is_ok());
            tick && words.next() == Some("checksum")
        };
        let lines = text.lines().filter(is_checksum).count() as u64;
        assert_eq!(
            json["checked"],
            lines,
            "{}: every line checked",
            path.display()
        );
        replayed += 1;
    }
    assert_eq!(replayed, 3, "the three recordings of data/format4");
}
