//! Where levels and scenarios come from: a file the user names, a board generated from a seed
//! (levelgen's generator; `--generate N`), or the built-in default board. A generated board is
//! named in recordings by its label, `generated v2 seed 7 spec 23x11 spawns=2 ..`, which
//! [`load`] reads back by generating the board again, by the generator version the label names
//! (so a recording made on an older version's board replays on it).

use anyhow::{Result, bail};
use horde_core_sim::td::{Board, Carried, Scenario};
use horde_core_sim::td::{level_text, load_level, parse_level};
use horde_files::{TEXT_CAP, read_text};
use horde_levelgen::{BoardSpec, GENERATOR_VERSION, GENERATOR_VERSIONS, generate_board_version};
use std::path::{Path, PathBuf};

/// The label a generated board of this build's generator is named by: `generated v2 seed 7
/// spec 23x11 ..`.
pub fn generated_label(seed: u64, spec: &BoardSpec) -> PathBuf {
    versioned_label(GENERATOR_VERSION, seed, spec)
}

/// The label of the board generator `version` makes from `seed` and `spec`.
fn versioned_label(version: u32, seed: u64, spec: &BoardSpec) -> PathBuf {
    PathBuf::from(format!("{LABEL_START}{version} seed {seed} spec {spec}"))
}

/// The board this build's generator makes from `seed` to `spec`, as the level parser reads it.
pub fn generated(seed: u64, spec: &BoardSpec) -> Result<Board> {
    generated_by(GENERATOR_VERSION, seed, spec)
}

/// The board generator `version` makes from `seed` to `spec`, as the level parser reads it.
fn generated_by(version: u32, seed: u64, spec: &BoardSpec) -> Result<Board> {
    let board = generate_board_version(version, spec, seed)?;
    Ok(parse_level(
        &board.level_text(),
        &versioned_label(version, seed, spec),
    )?)
}

/// The start of every generated board's label.
const LABEL_START: &str = "generated v";

/// Whether `path` is a generated board's label, not a file.
pub fn is_generated_label(path: &Path) -> bool {
    path.to_str().is_some_and(|p| p.starts_with(LABEL_START))
}

/// A generated board's label read back: the generator version, seed and spec it names.
struct Label {
    version: u32,
    seed: u64,
    spec: BoardSpec,
}

/// The version, seed and spec a generated board's label names, if `path` is one.
fn parse_label(path: &Path) -> Option<Result<Label>> {
    let text = path.to_str()?.strip_prefix(LABEL_START)?;
    Some((|| {
        let (version, rest) = text.split_once(" seed ").unwrap_or((text, ""));
        let (seed, spec) = rest.split_once(" spec ").unwrap_or((rest, ""));
        let version = version
            .parse::<u32>()
            .ok()
            .filter(|v| GENERATOR_VERSIONS.contains(v));
        let Some(version) = version else {
            bail!(
                "{}: not a board of a generator version this build makes (v{} to v{})",
                path.display(),
                GENERATOR_VERSIONS.start(),
                GENERATOR_VERSIONS.end()
            );
        };
        let seed = seed
            .parse::<u64>()
            .map_err(|_| anyhow::anyhow!("{}: no seed", path.display()))?;
        let spec = BoardSpec::parse(spec)?;
        Ok(Label {
            version,
            seed,
            spec,
        })
    })())
}

/// Whether a recorded game is a challenge (`--challenge SEED`): the board a generator version
/// made from a seed to the default spec (written exactly as that version labels it), the
/// built-in endless scenario, and that seed as the game's.
pub fn is_challenge(level: Option<&Path>, scenario: Option<&Path>, seed: u64) -> bool {
    let Some(Ok(label)) = level.and_then(parse_label) else {
        return false;
    };
    let exact = versioned_label(label.version, seed, &BoardSpec::default());
    scenario == Some(Path::new(ENDLESS_LABEL))
        && label.seed == seed
        && level == Some(exact.as_path())
}

/// The board of `--level` or `--generate` (`generated`: its seed and spec), or the built-in
/// default board.
pub fn board(level: Option<&Path>, generate: Option<(u64, BoardSpec)>) -> Result<Board> {
    match generate {
        Some((seed, spec)) => generated(seed, &spec),
        None => load(level),
    }
}

/// The texts' default board (11×11, destination in the centre, spawn point in the south-west
/// corner), compiled in so the app works from any folder.
const DEFAULT_LEVEL: &str = include_str!("../../../assets/levels/default.txt");

/// Loads `path` (a generated board's label is generated again), or the built-in default board
/// when none is given.
pub fn load(path: Option<&Path>) -> Result<Board> {
    if let Some(label) = path.and_then(parse_label) {
        let Label {
            version,
            seed,
            spec,
        } = label?;
        return generated_by(version, seed, &spec);
    }
    Ok(match path {
        Some(path) => load_level(path)?,
        None => parse_level(DEFAULT_LEVEL, Path::new("assets/levels/default.txt"))?,
    })
}

/// The built-in endless scenario a challenge plays, `assets/scenarios/endless.ron`, compiled
/// in so a challenge is the same game from any folder.
pub const ENDLESS_SCENARIO: &str = include_str!("../../../assets/scenarios/endless.ron");

/// The name recordings give the built-in endless scenario.
pub const ENDLESS_LABEL: &str = "built-in:endless";

/// Loads the `--scenario` file, if one is named (the built-in endless scenario by its label).
pub fn scenario(path: Option<&Path>) -> Result<Option<Scenario>> {
    if path.is_some_and(|p| p == Path::new(ENDLESS_LABEL)) {
        return Ok(Some(Scenario::parse(
            ENDLESS_SCENARIO,
            Path::new(ENDLESS_LABEL),
        )?));
    }
    Ok(path.map(Scenario::load).transpose()?)
}

/// The scenario a game plays: the built-in endless one for a challenge, else `--scenario`'s
/// file (named as recordings name it).
pub fn scenario_named(challenge: bool, path: Option<&Path>) -> Option<PathBuf> {
    if challenge {
        Some(PathBuf::from(ENDLESS_LABEL))
    } else {
        path.map(Path::to_path_buf)
    }
}

/// The texts a recording carries for a game on `level` (as `board`, the board it opened) with
/// `scenario` (both as recordings name them): a level file's board and a scenario file's text;
/// nothing for the built-in board and scenario or a generated board, which any Horde makes
/// again from their names.
pub fn carried_texts(
    level: Option<&Path>,
    board: &Board,
    scenario: Option<&Path>,
) -> Result<(Option<Carried>, Option<Carried>)> {
    let level = level
        .filter(|path| !is_generated_label(path))
        .map(|_| Carried::new(level_text(board)));
    let scenario = match scenario.filter(|path| *path != Path::new(ENDLESS_LABEL)) {
        Some(path) => Some(Carried::new(read_text(path, TEXT_CAP)?)),
        None => None,
    };
    Ok((level, scenario))
}
