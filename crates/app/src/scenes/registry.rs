//! The scene registry: the one way `horde run` and `horde screenshot` open a scene. Each
//! scene is one entry — its `--scene` name, the flags that are its own, and its opener from
//! the shared scene flags ([`SceneArgs`]) and an [`Opening`] — so adding a scene is its folder,
//! its `--scene` value and one entry here, and no command names a scene type.

use super::Reporting;
pub use super::opening::Opening;
use super::{city, platformer, runner, td};
use crate::cli::{Scene as SceneName, SceneArgs};
use anyhow::{Result, bail};

/// Opens a scene from the shared flags.
pub type Open = fn(&SceneArgs, Opening) -> Result<Box<dyn Reporting>>;

/// One scene of the registry.
#[derive(Clone, Copy, Debug)]
pub struct Registered {
    /// Its `--scene` value.
    pub name: SceneName,
    /// The flags only it takes (another scene refuses them).
    pub flags: &'static [&'static str],
    /// Its opener.
    pub open: Open,
}

/// Every scene.
pub const SCENES: &[Registered] = &[
    Registered {
        name: SceneName::Td,
        flags: &["--scenario", "--load", "--record"],
        open: |args, opening| Ok(Box::new(td::TdPlay::open(args, opening)?)),
    },
    Registered {
        name: SceneName::City,
        flags: &["--modules", "--view", "--map-size"],
        open: city::opening::open,
    },
    Registered {
        name: SceneName::Runner,
        flags: &["--settings", "--scenery"],
        open: |args, opening| Ok(Box::new(runner::RunnerScene::open(args, opening)?)),
    },
    Registered {
        name: SceneName::Platformer,
        flags: &["--sections"],
        open: |args, opening| Ok(Box::new(platformer::PlatformerScene::open(args, opening)?)),
    },
];

/// Opens the scene `args` names, after refusing any flag that belongs to another scene
/// (`--modules: only with --scene city, not --scene td`).
pub fn open(args: &SceneArgs, opening: Opening) -> Result<Box<dyn Reporting>> {
    let Some(asked) = SCENES.iter().find(|r| r.name == args.name) else {
        bail!("--scene {}: no such scene is registered", args.name.name());
    };
    let mut given = args.given();
    if opening.record.is_some() {
        given.push("--record");
    }
    for flag in given {
        if asked.flags.contains(&flag) {
            continue;
        }
        if let Some(owner) = SCENES.iter().find(|r| r.flags.contains(&flag)) {
            let (owner, asked) = (owner.name.name(), asked.name.name());
            bail!("{flag}: only with --scene {owner}, not --scene {asked}");
        }
    }
    (asked.open)(args, opening)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::ValueEnum;

    #[test]
    fn every_scene_name_is_registered_once() {
        for name in SceneName::value_variants() {
            let entries = SCENES.iter().filter(|r| r.name == *name).count();
            assert_eq!(entries, 1, "{name:?}");
        }
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
