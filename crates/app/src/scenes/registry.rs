//! The scene registry: the one way `horde run` and `horde screenshot` open a scene. Each
//! scene is one entry — its `--scene` name, the flags that are its own, and its opener from
//! the shared scene flags ([`SceneArgs`]) and an [`Opening`] — so adding a scene is its folder
//! (declared in `scenes/mod.rs`) and one entry here: `--scene` takes the registry's names
//! ([`names`], given to the command line by `commands::parse`), and no command names a scene
//! type.

use super::Reporting;
pub use super::opening::Opening;
use super::{city, platformer, runner, td};
use crate::cli::SceneArgs;
use anyhow::{Result, bail};

/// Opens a scene from the shared flags.
pub type Open = fn(&SceneArgs, Opening) -> Result<Box<dyn Reporting>>;

/// One scene of the registry.
#[derive(Clone, Copy, Debug)]
pub struct Registered {
    /// Its `--scene` value.
    pub name: &'static str,
    /// The flags only it takes (another scene refuses them).
    pub flags: &'static [&'static str],
    /// Its opener.
    pub open: Open,
}

/// Every scene.
pub const SCENES: &[Registered] = &[
    Registered {
        name: "td",
        flags: &[
            "--level",
            "--scenario",
            "--load",
            "--record",
            "--replay",
            "--play-speed",
        ],
        open: |args, opening| Ok(Box::new(td::TdPlay::open(args, opening)?)),
    },
    Registered {
        name: "city",
        flags: &["--modules", "--view", "--map-size"],
        open: city::opening::open,
    },
    Registered {
        name: "runner",
        flags: &["--settings", "--scenery", "--autoplay"],
        open: |args, opening| Ok(Box::new(runner::RunnerScene::open(args, opening)?)),
    },
    Registered {
        name: "platformer",
        flags: &["--sections"],
        open: |args, opening| Ok(Box::new(platformer::PlatformerScene::open(args, opening)?)),
    },
];

/// Every scene's `--scene` name, in the registry's order (what `--scene` accepts and its help
/// lists).
pub fn names() -> impl Iterator<Item = &'static str> {
    SCENES.iter().map(|r| r.name)
}

/// Opens the scene `args` names, after refusing any flag that belongs to another scene
/// (`--modules: only with --scene city, not --scene td`).
pub fn open(args: &SceneArgs, opening: Opening) -> Result<Box<dyn Reporting>> {
    let Some(asked) = SCENES.iter().find(|r| r.name == args.name) else {
        let names: Vec<&str> = names().collect();
        bail!(
            "--scene {}: no such scene (the scenes are {})",
            args.name,
            names.join(", ")
        );
    };
    let mut given = args.given();
    if opening.record.is_some() {
        given.push("--record");
    }
    if opening.replay.is_some() {
        given.push("--replay");
    }
    if opening.play_speed.is_some() {
        given.push("--play-speed");
    }
    for flag in given {
        if asked.flags.contains(&flag) {
            continue;
        }
        if let Some(owner) = SCENES.iter().find(|r| r.flags.contains(&flag)) {
            let (owner, asked) = (owner.name, asked.name);
            bail!("{flag}: only with --scene {owner}, not --scene {asked}");
        }
    }
    (asked.open)(args, opening)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_scene_name_is_registered_once() {
        for name in names() {
            let entries = SCENES.iter().filter(|r| r.name == name).count();
            assert_eq!(entries, 1, "{name:?}");
        }
        assert_eq!(names().next(), Some("td"), "the default scene comes first");
    }

    #[test]
    fn no_flag_belongs_to_two_scenes() {
        let mut all: Vec<&str> = SCENES
            .iter()
            .flat_map(|r| r.flags.iter().copied())
            .collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "{all:?}");
    }
}
