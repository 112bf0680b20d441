//! Where levels and scenarios come from: a file the user names, a board generated from a seed
//! (levelgen's generator; `--generate N`), or the built-in default board. A generated board is
//! named in recordings by its label, `generated v1 seed 7 spec 23x11 spawns=2 ..`, which
//! [`load`] reads back by generating the board again.

use anyhow::{Result, bail};
use horde_core_sim::{Board, Carried, Scenario};
use horde_core_sim::{level_text, load_level, parse_level};
use horde_files::{TEXT_CAP, read_text};
use horde_levelgen::{BoardSpec, GENERATOR_VERSION, generate_board};
use std::path::{Path, PathBuf};

/// The label a generated board's level is named by: `generated v1 seed 7 spec 23x11 ..`.
pub fn generated_label(seed: u64, spec: &BoardSpec) -> PathBuf {
    PathBuf::from(format!(
        "{LABEL_START}{GENERATOR_VERSION} seed {seed} spec {spec}"
    ))
}

/// The board generated from `seed` to `spec`, as the level parser reads it.
pub fn generated(seed: u64, spec: &BoardSpec) -> Result<Board> {
    let board = generate_board(spec, seed)?;
    Ok(parse_level(
        &board.level_text(),
        &generated_label(seed, spec),
    )?)
}

/// The start of every generated board's label.
const LABEL_START: &str = "generated v";

/// Whether `path` is a generated board's label, not a file.
pub fn is_generated_label(path: &Path) -> bool {
    path.to_str().is_some_and(|p| p.starts_with(LABEL_START))
}

/// The seed and spec a generated board's label names, if `path` is one.
fn parse_label(path: &Path) -> Option<Result<(u64, BoardSpec)>> {
    let text = path.to_str()?.strip_prefix(LABEL_START)?;
    Some((|| {
        let (version, rest) = text.split_once(" seed ").unwrap_or((text, ""));
        let (seed, spec) = rest.split_once(" spec ").unwrap_or((rest, ""));
        if version != GENERATOR_VERSION.to_string() {
            bail!(
                "{}: a board of generator v{version}; this build's generator is v{GENERATOR_VERSION}",
                path.display()
            );
        }
        let seed = seed
            .parse::<u64>()
            .map_err(|_| anyhow::anyhow!("{}: no seed", path.display()))?;
        Ok((seed, BoardSpec::parse(spec)?))
    })())
}

/// Whether a recorded game is a challenge (`--challenge SEED`): the board generated from a
/// seed to the default spec, the built-in endless scenario, and that seed as the game's.
pub fn is_challenge(level: Option<&Path>, scenario: Option<&Path>, seed: u64) -> bool {
    let challenge_board = generated_label(seed, &BoardSpec::default());
    scenario == Some(Path::new(ENDLESS_LABEL)) && level == Some(challenge_board.as_path())
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
        let (seed, spec) = label?;
        return generated(seed, &spec);
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
