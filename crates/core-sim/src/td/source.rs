//! Where a game comes from, as a value: its board (a level file, a board a generator made, the
//! built-in one) and its waves (a scenario file, the built-in endless scenario, or the
//! spawner). The value travels from the flags to the game, a recording's header and a save;
//! text only at the edges — a recording's `#! level` and `#! scenario` lines, which
//! [`LevelSource::parse`] and [`ScenarioSource::parse`] read and `Display` writes.

use std::fmt;
use std::path::{Path, PathBuf};

/// What a recording's `level` says for the built-in board.
const BUILT_IN_LEVEL: &str = "built-in";
/// The start of a generated board's name: `generated v2 seed 7 spec 23x11 ..`.
const GENERATED_START: &str = "generated v";
/// What a recording's `scenario` says for the built-in endless scenario.
const ENDLESS_SCENARIO: &str = "built-in:endless";

/// Where a game's board comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LevelSource {
    /// The built-in default board (the texts' 11×11, destination in the centre).
    BuiltIn,
    /// A level file.
    File(PathBuf),
    /// A board a generator made.
    Generated(GeneratedLevel),
}

/// A board a generator made, named by what makes it again: the generator's version, the seed
/// and the spec.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GeneratedLevel {
    /// The generator version that made it.
    pub version: u32,
    /// Its seed.
    pub seed: u64,
    /// The spec, as the generator writes it (`23x11 spawns=2 destinations=1 ..`). This crate
    /// carries it but does not read it: the generator is another crate, independent of this
    /// one, which parses it when it makes the board.
    pub spec: String,
}

/// Where a game's waves come from when it plays a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ScenarioSource {
    /// A scenario file.
    File(PathBuf),
    /// The built-in endless scenario a challenge plays.
    Endless,
}

/// Where a game comes from: its board and the scenario it plays (`None`: the spawner).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameSource {
    /// The board.
    pub level: LevelSource,
    /// The scenario, if one is played.
    pub scenario: Option<ScenarioSource>,
}

impl LevelSource {
    /// Reads a level's name as a recording writes it: `built-in`, a generated board
    /// (`generated v2 seed 7 spec 23x11 ..`), else a file's path. Errors: a generated board's
    /// name without a whole version or seed.
    pub fn parse(text: &str) -> Result<LevelSource, String> {
        if text == BUILT_IN_LEVEL {
            return Ok(LevelSource::BuiltIn);
        }
        let Some(rest) = text.strip_prefix(GENERATED_START) else {
            return Ok(LevelSource::File(PathBuf::from(text)));
        };
        let bad = |what: &str| format!("`{text}` names a generated board without {what}");
        let (version, rest) = rest.split_once(" seed ").ok_or_else(|| bad("a seed"))?;
        let (seed, spec) = rest.split_once(" spec ").unwrap_or((rest, ""));
        Ok(LevelSource::Generated(GeneratedLevel {
            version: version.parse().map_err(|_| bad("a whole version"))?,
            seed: seed.parse().map_err(|_| bad("a whole seed"))?,
            spec: spec.to_string(),
        }))
    }

    /// The level file, if the board comes from one.
    pub fn file(&self) -> Option<&Path> {
        match self {
            LevelSource::File(path) => Some(path),
            _ => None,
        }
    }
}

impl fmt::Display for LevelSource {
    /// The name a recording gives the level ([`LevelSource::parse`] reads it back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LevelSource::BuiltIn => f.write_str(BUILT_IN_LEVEL),
            LevelSource::File(path) => write!(f, "{}", path.display()),
            LevelSource::Generated(g) => {
                write!(
                    f,
                    "{GENERATED_START}{} seed {} spec {}",
                    g.version, g.seed, g.spec
                )
            }
        }
    }
}

impl ScenarioSource {
    /// Reads a scenario's name as a recording writes it: `built-in:endless`, else a file's
    /// path.
    pub fn parse(text: &str) -> ScenarioSource {
        if text == ENDLESS_SCENARIO {
            ScenarioSource::Endless
        } else {
            ScenarioSource::File(PathBuf::from(text))
        }
    }

    /// The scenario file, if the waves come from one.
    pub fn file(&self) -> Option<&Path> {
        match self {
            ScenarioSource::File(path) => Some(path),
            ScenarioSource::Endless => None,
        }
    }
}

impl fmt::Display for ScenarioSource {
    /// The name a recording gives the scenario ([`ScenarioSource::parse`] reads it back).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScenarioSource::File(path) => write!(f, "{}", path.display()),
            ScenarioSource::Endless => f.write_str(ENDLESS_SCENARIO),
        }
    }
}

impl GameSource {
    /// A game on the built-in board with the spawner.
    pub fn built_in() -> GameSource {
        GameSource {
            level: LevelSource::BuiltIn,
            scenario: None,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_level_name_reads_back_as_the_value_it_was_written_from() {
        let generated = LevelSource::Generated(GeneratedLevel {
            version: 2,
            seed: 20261204,
            spec: "23x11 spawns=2 destinations=1 min-path=34 walls=0.45 tower-room=4".into(),
        });
        for level in [
            LevelSource::BuiltIn,
            LevelSource::File(PathBuf::from("assets/levels/battle.txt")),
            generated,
        ] {
            assert_eq!(LevelSource::parse(&level.to_string()), Ok(level));
        }
        for scenario in [
            ScenarioSource::Endless,
            ScenarioSource::File("waves.ron".into()),
        ] {
            assert_eq!(ScenarioSource::parse(&scenario.to_string()), scenario);
        }
    }

    #[test]
    fn a_generated_name_without_its_numbers_is_refused() {
        for text in [
            "generated v",
            "generated vX seed 1 spec 5x5",
            "generated v2 seed -1",
        ] {
            let error = LevelSource::parse(text).unwrap_err();
            assert!(error.contains(text), "{error}");
        }
        // Only the exact start names a generated board.
        assert_eq!(
            LevelSource::parse("generated/v2.txt"),
            Ok(LevelSource::File("generated/v2.txt".into()))
        );
    }
}
