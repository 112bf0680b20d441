//! What every fuzz target does with its input, one line a format: the one place a format's
//! fuzz body lives. Each fuzz target (`fuzz_targets/NAME.rs`) runs its line, and the app's
//! `tests/fuzz_regressions.rs` replays every corpus and regression input through the same
//! lines on stable. A body must give a value (within its limits) or an error, never panic.
//!
//! Whoever includes this file also provides the command line's value parsers as a sibling
//! module `values` (`crates/app/src/cli/values.rs`).

use std::path::Path;

/// A fuzz body: what the target does with the fuzzer's bytes.
pub type Body = fn(&[u8]);

/// Every fuzz target, by its name in `fuzz/Cargo.toml`, and its body.
pub const TARGETS: &[(&str, Body)] = &[
    ("level", |d| {
        text(d, |t, p| drop(horde_core_sim::td::files::parse_level(t, p)))
    }),
    ("edit_script", |d| {
        text(d, |t, p| {
            drop(horde_core_sim::td::files::EditScript::parse(t, p))
        })
    }),
    ("recording", |d| {
        text(d, |t, _| horde_core_sim::fuzzing::check_recording_text(t))
    }),
    ("input_script", |d| {
        text(d, |t, p| {
            drop(horde_core_sim::runner::InputScript::parse(t, p))
        })
    }),
    ("runner_settings", |d| {
        text(d, |t, p| {
            drop(horde_core_sim::runner::RunnerSettings::parse(t, p))
        })
    }),
    ("scatter_settings", |d| {
        text(d, |t, _| {
            drop(horde_levelgen::scenery::check_scatter_settings_text(t))
        })
    }),
    ("module_set", |d| {
        text(d, |t, _| horde_levelgen::collapse::check_module_set_text(t))
    }),
    ("cli_values", |d| {
        text(d, |t, _| super::values::check_all(t))
    }),
    ("platformer_sections", |d| {
        text(d, |t, _| horde_core_sim::fuzzing::check_sections_text(t))
    }),
    ("scenario", |d| {
        text(d, |t, _| horde_core_sim::fuzzing::check_scenario_text(t))
    }),
    ("board_spec", |d| text(d, |t, _| board_spec(t))),
    // The board server's request bodies (recordings are `recording`'s).
    ("player_json", player_json),
    // Co-op: what a peer or a host sends (postcard frames' bodies), and join codes and names.
    ("coop_message", coop_message),
    // The one binary format: its bytes as they are.
    ("save", horde_core_sim::fuzzing::check_save_bytes),
];

/// A generated board's spec as its header writes it: refused naming a flag, or, on a small
/// board, a board the game's level check passes (or the generator's bounded refusal).
fn board_spec(text: &str) {
    let Ok(spec) = horde_levelgen::boards::BoardSpec::parse(text) else {
        return;
    };
    if spec.width * spec.height > 1600 {
        return;
    }
    if let Ok(board) = horde_levelgen::boards::generate_board(&spec, 1) {
        let level =
            horde_core_sim::td::files::parse_level(&board.level_text(), Path::new("generated"));
        assert!(level.is_ok(), "{spec}: {level:?}");
    }
}

/// A `POST /api/players` body: a name within the rule (1–24 characters, trimmed) or a
/// refusal.
fn player_json(data: &[u8]) {
    if let Ok(name) = horde_online::parse_new_player(data) {
        let count = name.shown.chars().count();
        assert!((1..=horde_online::NAME_MAX).contains(&count), "{name:?}");
        assert_eq!(name.shown, name.shown.trim(), "{name:?}");
    }
}

/// Any bytes as every co-op message either side may receive: a message or a refusal, never a
/// panic; a message a peer sends survives its own frame; a join code or a name as text.
fn coop_message(data: &[u8]) {
    use horde_lockstep::{Hello, HelloReply, JoinCode, ToHost, ToPeer, check_name, decode, frame};
    if let Ok(message) = decode::<ToHost>(data) {
        if let ToHost::Edit { edit, .. } = &message {
            let _ = edit.kind();
        }
        let again = frame(&message);
        assert_eq!(decode::<ToHost>(&again[4..]).ok(), Some(message));
    }
    let _ = decode::<Hello>(data);
    let _ = decode::<HelloReply>(data);
    if let Ok(ToPeer::Lists { edits, .. }) = decode::<ToPeer>(data) {
        for stamped in edits {
            let _ = stamped.edit.kind();
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(code) = JoinCode::parse(text) {
            assert_eq!(JoinCode::parse(&code.to_string()), Ok(code));
        }
        let _ = check_name(text);
    }
}

/// Runs the body of the target `name` on `data` (nothing for a name it does not hold).
pub fn run(name: &str, data: &[u8]) {
    if let Some((_, body)) = TARGETS.iter().find(|(n, _)| *n == name) {
        body(data);
    }
}

/// A text format's body: `body` gets the bytes as text, with the path errors name; bytes that
/// are not UTF-8 are no text and are left alone.
fn text(data: &[u8], body: impl FnOnce(&str, &Path)) {
    if let Ok(text) = std::str::from_utf8(data) {
        body(text, Path::new("fuzz.txt"));
    }
}
