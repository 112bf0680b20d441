//! Where levels and scenarios come from, as values ([`GameSource`]): a file the user names, a
//! board generated from a seed (levelgen's generator; `--generate N`), the built-in default
//! board; a scenario file or the built-in endless one. The flags become a source here
//! ([`source_from_flags`]); a source becomes a board and a scenario here ([`board_of`],
//! [`scenario_of`]). A generated board is made again from its version, seed and spec (so a
//! recording made on an older version's board replays on it), straight into a board: no level
//! text in between.

use anyhow::{Result, bail};
use horde_core_sim::maths::Maths;
use horde_core_sim::td::files::{level_text, load_level, parse_level};
use horde_core_sim::td::game::Scenario;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::game::{GameSource, GeneratedLevel, LevelSource, ScenarioSource};
use horde_core_sim::td::history::Carried;
use horde_core_sim::td::history::{RecordingHeader, board_checksum};
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::{Board, TileContent};
use horde_files::{TEXT_CAP, read_text};
use horde_levelgen::boards::generate_board_version;
use horde_levelgen::boards::{BoardSpec, GENERATOR_VERSION, GENERATOR_VERSIONS, Tile};
use std::path::Path;

/// The texts' default board (11×11, destination in the centre, spawn point in the south-west
/// corner), compiled in so the app works from any folder.
const DEFAULT_LEVEL: &str = include_str!("../../../assets/levels/default.txt");

/// The built-in endless scenario a challenge plays, `assets/scenarios/endless.ron`, compiled
/// in so a challenge is the same game from any folder.
pub const ENDLESS_SCENARIO: &str = include_str!("../../../assets/scenarios/endless.ron");

/// The board this build's generator makes from `seed` to `spec`, as a source.
pub fn generated_source(seed: u64, spec: &BoardSpec) -> LevelSource {
    LevelSource::Generated(GeneratedLevel {
        version: GENERATOR_VERSION,
        seed,
        spec: spec.to_string(),
    })
}

/// The game the flags name. The level: `--generate` / `--challenge`'s board (`generate`: its
/// seed and spec, made by this build's generator), else `--level` — a file, or a name as
/// recordings write them (`built-in`, `generated v2 seed 7 spec ..`, so that the command a
/// recording's header gives works) — else the built-in board. The scenario: the built-in
/// endless one for a challenge, else `--scenario` (a file, or `built-in:endless`), else the
/// spawner.
pub fn source_from_flags(
    level: Option<&Path>,
    generate: Option<(u64, BoardSpec)>,
    scenario: Option<&Path>,
    challenge: bool,
) -> Result<GameSource> {
    let level = match (generate, level) {
        (Some((seed, spec)), _) => generated_source(seed, &spec),
        (None, Some(path)) => match path.to_str() {
            Some(text) => LevelSource::parse(text).map_err(anyhow::Error::msg)?,
            None => LevelSource::File(path.to_path_buf()),
        },
        (None, None) => LevelSource::BuiltIn,
    };
    let scenario = match (challenge, scenario) {
        (true, _) => Some(ScenarioSource::Endless),
        (false, Some(path)) => Some(match path.to_str() {
            Some(text) => ScenarioSource::parse(text),
            None => ScenarioSource::File(path.to_path_buf()),
        }),
        (false, None) => None,
    };
    Ok(GameSource { level, scenario })
}

/// The challenge of `seed` (`--challenge SEED`) as this build plays it: the board its
/// generator makes from the seed to the default spec, and the built-in endless scenario.
pub fn challenge(seed: u64) -> GameSource {
    GameSource {
        level: generated_source(seed, &BoardSpec::default()),
        scenario: Some(ScenarioSource::Endless),
    }
}

/// Whether a game from `source` with `seed` is a challenge: the board a generator version this
/// build makes from that seed to the default spec (named exactly as that version names it),
/// the built-in endless scenario, and the seed as the game's.
pub fn is_challenge(source: &GameSource, seed: u64) -> bool {
    let LevelSource::Generated(level) = &source.level else {
        return false;
    };
    source.scenario == Some(ScenarioSource::Endless)
        && GENERATOR_VERSIONS.contains(&level.version)
        && level.seed == seed
        && level.spec == BoardSpec::default().to_string()
}

/// The board `level` names: the built-in board, a level file, or a board generated again.
pub fn board_of(level: &LevelSource) -> Result<Board> {
    Ok(match level {
        LevelSource::BuiltIn => parse_level(DEFAULT_LEVEL, Path::new("assets/levels/default.txt"))?,
        LevelSource::File(path) => load_level(path)?,
        LevelSource::Generated(generated) => generated_board(generated)?,
    })
}

/// The board this build's generator makes from `seed` to `spec`.
pub fn generated(seed: u64, spec: &BoardSpec) -> Result<Board> {
    board_of(&generated_source(seed, spec))
}

/// The board the generator version `level` names makes from its seed and spec, its tiles
/// taken over one for one.
fn generated_board(level: &GeneratedLevel) -> Result<Board> {
    let name = LevelSource::Generated(level.clone());
    if !GENERATOR_VERSIONS.contains(&level.version) {
        bail!(
            "{name}: not a board of a generator version this build makes (v{} to v{})",
            GENERATOR_VERSIONS.start(),
            GENERATOR_VERSIONS.end()
        );
    }
    let spec = BoardSpec::parse(&level.spec)?;
    let made = generate_board_version(level.version, &spec, level.seed)?;
    let contents = made
        .tiles
        .iter()
        .map(|tile| match tile {
            Tile::Empty => TileContent::Empty,
            Tile::Wall => TileContent::Wall,
            Tile::Spawn => TileContent::SpawnPoint,
            Tile::Destination => TileContent::Destination,
        })
        .collect();
    Board::from_contents(made.spec.width, made.spec.height, contents)
        .map_err(|e| anyhow::anyhow!("{name}: {e}"))
}

/// The board and the scenario `source` names.
pub fn game_of(source: &GameSource) -> Result<(Board, Option<Scenario>)> {
    Ok((
        board_of(&source.level)?,
        scenario_of(source.scenario.as_ref())?,
    ))
}

/// The game `source` names, ready to play: its board with `settings` and `seed`, and its
/// scenario where it plays one.
pub fn simulation_of(
    source: &GameSource,
    settings: SpawnSettings,
    seed: u64,
) -> Result<Simulation> {
    let (board, scenario) = game_of(source)?;
    let mut sim = Simulation::new(board, settings, seed);
    sim.set_scenario(scenario);
    Ok(sim)
}

/// The scenario `scenario` names, if one: a file, or the built-in endless one.
pub fn scenario_of(scenario: Option<&ScenarioSource>) -> Result<Option<Scenario>> {
    Ok(match scenario {
        None => None,
        Some(ScenarioSource::Endless) => Some(Scenario::parse(
            ENDLESS_SCENARIO,
            Path::new(&ScenarioSource::Endless.to_string()),
        )?),
        Some(ScenarioSource::File(path)) => Some(Scenario::load(path)?),
    })
}

/// The header of a recording of a game from `source` opened on `board` with the spawner's
/// `settings`, `animation` and `seed`, played with the portable maths as every new game is:
/// the board's checksum, and the texts it carries
/// ([`carried_texts`]).
pub fn recording_header(
    source: &GameSource,
    board: &Board,
    settings: SpawnSettings,
    animation: bool,
    seed: u64,
) -> Result<RecordingHeader> {
    let (level_text, scenario_text) = carried_texts(source, board)?;
    Ok(RecordingHeader {
        source: source.clone(),
        board: board_checksum(board),
        settings,
        animation,
        seed,
        level_line: 0,
        level_text,
        scenario_text,
        maths: Maths::Portable,
    })
}

/// The texts a recording carries for a game from `source` (as `board`, the board it opened):
/// a level file's board and a scenario file's text; nothing for the built-in board and
/// scenario or a generated board, which any Horde makes again from their names.
pub fn carried_texts(
    source: &GameSource,
    board: &Board,
) -> Result<(Option<Carried>, Option<Carried>)> {
    let level = source.level.file().map(|_| Carried::new(level_text(board)));
    let scenario = match source.scenario.as_ref().and_then(ScenarioSource::file) {
        Some(path) => Some(Carried::new(read_text(path, TEXT_CAP)?)),
        None => None,
    };
    Ok((level, scenario))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_generated_board_is_the_board_its_level_text_reads_as() {
        let spec = BoardSpec::default();
        for version in GENERATOR_VERSIONS {
            let made = generate_board_version(version, &spec, 41).unwrap();
            let through_text = parse_level(&made.level_text(), Path::new("gen")).unwrap();
            let level = GeneratedLevel {
                version,
                seed: 41,
                spec: spec.to_string(),
            };
            let direct = generated_board(&level).unwrap();
            assert_eq!(direct.contents(), through_text.contents(), "v{version}");
            assert_eq!(direct.spawn_points(), through_text.spawn_points());
        }
    }

    #[test]
    fn a_challenge_is_a_value_whatever_the_flags_it_came_from() {
        let asked = Some((7, BoardSpec::default()));
        let flags = source_from_flags(None, asked, None, true).unwrap();
        assert_eq!(flags, challenge(7));
        assert!(is_challenge(&flags, 7));
        assert!(!is_challenge(&flags, 8), "the seed is the game's too");
        // The same game named as a recording names it.
        let named = challenge(7).level.to_string();
        let again = source_from_flags(
            Some(Path::new(&named)),
            None,
            Some(Path::new("built-in:endless")),
            false,
        )
        .unwrap();
        assert!(is_challenge(&again, 7));
        let mut other_spec = challenge(7);
        if let LevelSource::Generated(level) = &mut other_spec.level {
            level.spec = "23x12".to_string();
        }
        assert!(!is_challenge(&other_spec, 7));
        let spawner = GameSource {
            scenario: None,
            ..challenge(7)
        };
        assert!(!is_challenge(&spawner, 7));
    }

    #[test]
    fn a_generator_version_this_build_does_not_make_is_refused_by_name() {
        let level = LevelSource::Generated(GeneratedLevel {
            version: 99,
            seed: 1,
            spec: BoardSpec::default().to_string(),
        });
        let error = format!("{:#}", board_of(&level).unwrap_err());
        assert!(error.contains("generated v99 seed 1"), "{error}");
        assert!(error.contains("generator version"), "{error}");
    }
}
