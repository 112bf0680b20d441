//! The scene registry: the one list of scenes, and the one way `horde run` and `horde
//! screenshot` open one. Each scene is one line — its `--scene` name, its own flags (a clap
//! `Args` struct in its folder, [`SceneFlags`]) and its opener from the shared scene flags
//! ([`SceneArgs`]) and an [`Opening`] — so adding a scene is its folder (declared in
//! `scenes/mod.rs`) and one line here: `--scene` takes the registry's names ([`names`], given to
//! the command line by `commands::parse`), `run` and `screenshot` take the scene's flags (added
//! by [`SceneArgs`] and `WindowArgs` from this table; no other list of flags exists), the
//! tests open every scene listed here in a picture and in a window, and no command names a
//! scene type.

use super::Reporting;
use super::given::{SceneArgs, SceneFlags};
use super::opening::Opening;
use super::{city, platformer, runner, td, title};
use anyhow::{Result, bail};
use clap::Command;

/// Opens a scene from the shared flags.
pub type Open = fn(&SceneArgs, Opening) -> Result<Box<dyn Reporting>>;

/// One scene of the registry.
#[derive(Clone, Copy, Debug)]
pub struct Registered {
    /// Its `--scene` value.
    pub name: &'static str,
    /// Adds its own flags to a command (its flags struct's `augment_args`); another scene
    /// refuses them, but for [`Registered::taken_by_every_scene`].
    pub flags: fn(Command) -> Command,
    /// Adds its flags that only a window takes (`horde run`).
    pub window_flags: fn(Command) -> Command,
    /// Its flags the other scenes take too (and ignore), by long name.
    pub taken_by_every_scene: &'static [&'static str],
    /// Its opener.
    pub open: Open,
}

impl Registered {
    /// The scene `name` with flags struct `F`, opened by `open`.
    pub const fn new<F: SceneFlags>(name: &'static str, open: Open) -> Registered {
        Registered {
            name,
            flags: <F as clap::Args>::augment_args,
            window_flags: F::augment_window,
            taken_by_every_scene: F::TAKEN_BY_EVERY_SCENE,
            open,
        }
    }
}

/// Every scene, the default (`td`) first.
pub const SCENES: &[Registered] = &[
    Registered::new::<td::args::TdFlags>("td", |args, opening| {
        Ok(Box::new(td::TdPlay::open(args, opening)?))
    }),
    Registered::new::<city::args::CityFlags>("city", city::opening::open),
    Registered::new::<runner::args::RunnerFlags>("runner", |args, opening| {
        Ok(Box::new(runner::RunnerScene::open(args, opening)?))
    }),
    Registered::new::<platformer::args::PlatformerFlags>("platformer", |args, opening| {
        Ok(Box::new(platformer::PlatformerScene::open(args, opening)?))
    }),
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
    let given = args.given().into_iter().chain(opening.window.given());
    for (owner, flag) in given {
        if owner != asked.name {
            let asked = asked.name;
            bail!("{flag}: only with --scene {owner}, not --scene {asked}");
        }
    }
    (asked.open)(args, opening)
}

/// The title screen (what `horde run` opens when no flag names a scene) over `backdrop`,
/// opening its picks through `opener`; its daily challenge asks `server`, its *Play* lists
/// the shipped games under `assets`.
pub fn open_title(
    backdrop: Box<dyn Reporting>,
    opener: title::Opener,
    server: String,
    assets: Option<&std::path::Path>,
) -> Box<dyn Reporting> {
    Box::new(title::TitleScene::new(backdrop, opener, server, assets))
}

/// Whether `args` (and the window's `window` flags) name no scene: no `--scene` and no flag
/// a scene owns (level, scenario, challenge, load, replay, host, join, ..) was given, so
/// `horde run` opens the title screen.
pub fn names_no_scene(args: &SceneArgs, window: &super::given::WindowArgs) -> bool {
    !args.names_a_scene() && !window.names_a_scene()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every flag a scene adds, by long name.
    fn longs(add: fn(Command) -> Command) -> Vec<String> {
        let command = add(Command::new("flags"));
        let longs = command.get_arguments().filter_map(|a| a.get_long());
        longs.map(str::to_string).collect()
    }

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
        let mut all: Vec<String> = SCENES
            .iter()
            .flat_map(|r| longs(r.flags).into_iter().chain(longs(r.window_flags)))
            .collect();
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n, "{all:?}");
    }

    #[test]
    fn the_flags_every_scene_takes_are_the_scenes_own() {
        for scene in SCENES {
            let own = longs(scene.flags);
            for flag in scene.taken_by_every_scene {
                assert!(own.iter().any(|f| f == flag), "{}: --{flag}", scene.name);
            }
        }
    }

    #[test]
    fn a_command_line_with_no_scene_flag_names_no_scene() {
        let no_window = super::super::given::WindowArgs::default();
        let named = |words: &[&str]| {
            let args = SceneArgs::parse_from(words.iter().copied()).unwrap();
            !names_no_scene(&args, &no_window)
        };
        assert!(!named(&[]) && !named(&["--seed", "3"]));
        assert!(named(&["--scene", "td"]) && named(&["--scene", "city"]));
        // A TD flag names the TD scene, the spawn settings every scene takes among them.
        assert!(named(&["--level", "l.txt"]) && named(&["--spawn-speed", "10"]));
        assert!(named(&["--challenge", "today"]) && named(&["--view", "map"]));
    }

    #[test]
    fn the_scene_flags_are_read_as_the_scenes_own_struct() {
        let args = SceneArgs::parse_from(["--scene", "city", "--view", "map", "--seed", "3"]);
        let args = args.unwrap();
        assert_eq!((args.name.as_str(), args.seed), ("city", 3));
        let city: city::args::CityFlags = args.flags().unwrap();
        assert_eq!(city.view, Some(city::args::CityView::Map));
        assert_eq!(args.given(), [("city", "--view".to_string())]);
        let td: td::args::TdFlags = args.flags().unwrap();
        assert_eq!(td.spawn.spawn_speed, 1.0);
    }
}
