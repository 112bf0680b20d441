//! Saved games (`*.horde`): the whole tower-defense game — board and towers, every enemy
//! mid-step with its health, the random source, the spawner or the scenario's position, lives,
//! the towers' targets and launch progress, shells in flight, explosions and the tick — so
//! that a loaded game goes on exactly as if it had never stopped: the same ticks give the same
//! trace, byte for byte, on any number of threads.
//!
//! The file is a sealed container ([`horde_files::sealed`]: magic `HORDESAV`, format version,
//! lengths, CRC-32, zstd frames) around a payload: a postcard encoding of
//! [`record::GameRecord`], then the enemies as byte planes ([`columns`]), which compress
//! several times better than records would. Anything damaged, truncated, of another version or not a save at all is refused
//! naming the file and what is wrong ([`horde_files::FileError`]), and a record that passed the
//! checksum is still checked field by field before a game is made of it.
//!
//! What a save does not hold: the function that colours new enemies (the caller's, as at
//! [`Simulation::set_enemy_color`]; enemies already alive keep their colour), and scratch
//! space that each tick rebuilds before reading it.
//!
//! The rooms: this file (the format, saving and opening), [`record`] (`record.rs`: what a save
//! holds and how it is checked when it comes back), [`columns`] (`columns.rs`: the enemies as
//! byte planes), [`tail`] (`tail.rs`: the entries keyed by name after the planes, since format
//! 6), [`format4`] (`format4.rs`: format 4's layout, frozen, read to migrate it and hashed by
//! the state checksum), `fuzz.rs` (with the `fuzzing` feature: the body of the `save` fuzz
//! target).

pub mod columns;
pub mod format4;
#[cfg(feature = "fuzzing")]
pub mod fuzz;
pub mod record;
pub mod tail;

use crate::td::simulation::Simulation;
use crate::td::source::GameSource;
use horde_files::{FileError, SealedFormat, Unsealed};
use record::GameRecord;
use std::path::Path;

/// The format of `*.horde` files. Version 6 is version 5 with a tail after the enemies
/// (`tail`: keyed entries for what a game uses beyond version 5 — endless waves, and where
/// the game came from when the saver knows — empty for the rest, so version 5 saves read as
/// they are). Version 5 is: the towers' settings and costs
/// keyed by kind and field name (so a kind added to the table, or a field added to a kind,
/// leaves the layout as it is: what a save does not name keeps its default), and the speed
/// factors towers gave enemies for their next update. Version 4 (settings and costs by
/// position, no speed factors) is read and migrated (`format4`); from version 4 on, every
/// save loads in every later build. Versions 1 to 3 are refused by version. Any other change
/// to `GameRecord` or `columns` is a new version, with its migration.
pub const SAVE_FORMAT: SealedFormat = SealedFormat {
    magic: *b"HORDESAV",
    version: 6,
    oldest: 4,
    name: "Horde save",
    payload_cap: 4 << 30,
    level: 1,
};

/// The most bytes a save file may have on disk (far above a million enemies' 40-odd MB).
pub const SAVE_CAP: u64 = 2 << 30;

/// A game brought back from a save.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game, as it stood after its last tick.
    pub sim: Simulation,
    /// The seconds per tick it was played at (what continuing it exactly needs).
    pub dt: f32,
    /// Where the game came from (its level and scenario), when the save names it: saves
    /// written by [`save_with_source`]; `None` for the rest and for saves made before.
    pub source: Option<GameSource>,
}

/// The bytes of a save of `sim`, played at `dt` seconds a tick. Errors: compressing failed
/// (zstd could not get memory); encoding plain data into memory cannot fail.
pub fn to_bytes(sim: &Simulation, dt: f32) -> std::io::Result<Vec<u8>> {
    to_bytes_with_source(sim, dt, None)
}

/// [`to_bytes`], naming where the game came from (`source`, where given) in the save's tail.
pub fn to_bytes_with_source(
    sim: &Simulation,
    dt: f32,
    source: Option<&GameSource>,
) -> std::io::Result<Vec<u8>> {
    let (record, planes) = GameRecord::of(sim, dt, source);
    let head = postcard::to_allocvec(&record).map_err(std::io::Error::other)?;
    horde_files::seal(&SAVE_FORMAT, &[&head, &planes])
}

/// The game in a save's `bytes` (read from `path`, which errors name).
pub fn from_bytes(bytes: &[u8], path: &Path) -> Result<SavedGame, FileError> {
    decode(horde_files::unseal(&SAVE_FORMAT, bytes, path)?, path)
}

/// The game in a save's decompressed payload, of its version (an older one migrated).
fn decode(unsealed: Unsealed, path: &Path) -> Result<SavedGame, FileError> {
    let invalid = |problem: String| FileError::Damaged {
        path: path.to_path_buf(),
        problem: format!("not a valid save: {problem}"),
    };
    let payload = &unsealed.payload;
    let invalid_postcard = |e: postcard::Error| match e {
        // A rule of a value refused it (postcard keeps no message).
        postcard::Error::SerdeDeCustom => invalid(
            "it holds a value this build does not accept: a tower kind or setting it does not \
             know (saved by a newer Horde?), or a number outside its limits"
                .to_string(),
        ),
        other => invalid(other.to_string()),
    };
    let (record, planes): (GameRecord, &[u8]) = if unsealed.version == 4 {
        let (old, planes) = postcard::take_from_bytes::<format4::Format4Record>(payload)
            .map_err(invalid_postcard)?;
        (format4::migrate(old).map_err(invalid)?, planes)
    } else {
        postcard::take_from_bytes(payload).map_err(invalid_postcard)?
    };
    if !(record.dt.is_finite() && record.dt > 0.0) {
        return Err(invalid(format!(
            "its step of {} s is not positive",
            record.dt
        )));
    }
    let dt = record.dt;
    let (sim, source) = record.into_simulation(planes).map_err(invalid)?;
    Ok(SavedGame { sim, dt, source })
}

/// Saves `sim` (played at `dt` seconds a tick) to `path`, atomically
/// ([`horde_files::write_file`]).
pub fn save(path: &Path, sim: &Simulation, dt: f32) -> Result<(), FileError> {
    save_with_source(path, sim, dt, None)
}

/// [`save`], naming where the game came from (`source`, where given): a loaded game knows its
/// level and scenario again ([`SavedGame::source`]). The state checksum does not hash it.
pub fn save_with_source(
    path: &Path,
    sim: &Simulation,
    dt: f32,
    source: Option<&GameSource>,
) -> Result<(), FileError> {
    to_bytes_with_source(sim, dt, source)
        .and_then(|bytes| horde_files::write_file(path, &bytes))
        .map_err(|error| FileError::io(path, error))
}

/// Loads the game saved at `path` (at most [`SAVE_CAP`] bytes; a file that is not a save is
/// refused after its first 32 bytes, however long it is).
pub fn load(path: &Path) -> Result<SavedGame, FileError> {
    decode(
        horde_files::read_sealed(&SAVE_FORMAT, path, SAVE_CAP)?,
        path,
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::td::level::parse_level;
    use crate::td::settings::SpawnSettings;

    #[test]
    fn a_save_naming_a_tower_kind_this_build_does_not_know_is_refused_saying_so() {
        let board = parse_level(".S.\n.DL\n", "k.txt".as_ref()).unwrap();
        let sim = Simulation::new(board, SpawnSettings::default(), 1);
        let (record, planes) = GameRecord::of(&sim, 1.0 / 60.0, None);
        let mut head = postcard::to_allocvec(&record).unwrap();
        // The keyed tower settings name the laser: a newer build's kind in its place.
        let at = head.windows(5).position(|w| w == b"laser").unwrap();
        head[at..at + 5].copy_from_slice(b"frost");
        let bytes = horde_files::seal(&SAVE_FORMAT, &[&head, &planes]).unwrap();
        let error = from_bytes(&bytes, "new.horde".as_ref())
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("new.horde: not a valid save"), "{error}");
        assert!(error.contains("does not"), "{error}");
    }

    #[test]
    fn a_save_names_where_its_game_came_from_and_the_game_is_the_same_without() {
        use crate::td::source::{GeneratedLevel, LevelSource, ScenarioSource};
        let board = parse_level(".S.\n.DL\n", "k.txt".as_ref()).unwrap();
        let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
        for _ in 0..30 {
            sim.step(crate::step::DT);
        }
        let source = GameSource {
            level: LevelSource::Generated(GeneratedLevel {
                version: 2,
                seed: 9,
                spec: "5x5 spawns=1".to_string(),
            }),
            scenario: Some(ScenarioSource::Endless),
        };
        let plain = to_bytes(&sim, 1.0 / 60.0).unwrap();
        let named = to_bytes_with_source(&sim, 1.0 / 60.0, Some(&source)).unwrap();
        assert_eq!(to_bytes_with_source(&sim, 1.0 / 60.0, None).unwrap(), plain);
        assert_ne!(named, plain);
        let path: &Path = "s.horde".as_ref();
        let (plain, named) = (
            from_bytes(&plain, path).unwrap(),
            from_bytes(&named, path).unwrap(),
        );
        assert_eq!(plain.source, None);
        assert_eq!(named.source, Some(source));
        // Where a game came from is not its state.
        assert_eq!(named.sim.checksum(), sim.checksum());
        assert_eq!(plain.sim.checksum(), sim.checksum());
    }
}
