//! Where levels and scenarios come from: a file the user names, or the built-in default board.

use anyhow::Result;
use horde_core_sim::{Board, Scenario};
use horde_core_sim::{load_level, parse_level};
use std::path::Path;

/// The texts' default board (11×11, destination in the centre, spawn point in the south-west
/// corner), compiled in so the app works from any folder.
const DEFAULT_LEVEL: &str = include_str!("../../../assets/levels/default.txt");

/// Loads `path`, or the built-in default board when none is given.
pub fn load(path: Option<&Path>) -> Result<Board> {
    Ok(match path {
        Some(path) => load_level(path)?,
        None => parse_level(DEFAULT_LEVEL, Path::new("assets/levels/default.txt"))?,
    })
}

/// Loads the `--scenario` file, if one is named.
pub fn scenario(path: Option<&Path>) -> Result<Option<Scenario>> {
    Ok(path.map(Scenario::load).transpose()?)
}
