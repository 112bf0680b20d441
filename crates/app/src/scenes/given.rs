//! What was given of the flags that open a scene, as the scenes read it: the scene's name and
//! seed ([`SceneArgs`]), each scene's own flags struct ([`SceneFlags`], read back with
//! [`SceneArgs::flags`]), and the flags only a window takes ([`WindowArgs`]). How clap reads
//! them from the registry's scenes is `scenes/flags.rs`'s; this room depends on no scene and
//! no registry, so a scene can read its flags without a loop back to the list of scenes.

use clap::{ArgMatches, Args, Command, FromArgMatches};

/// A scene's own flags: a clap `Args` struct in the scene's folder, added to `horde run` and
/// `horde screenshot` by the scene's registry line.
pub trait SceneFlags: Args + FromArgMatches {
    /// Flags of the struct (long names, without `--`) that the other scenes take too, and
    /// ignore, instead of refusing them.
    const TAKEN_BY_EVERY_SCENE: &'static [&'static str] = &[];

    /// `command` with the scene's flags that only a window takes (none by default).
    fn augment_window(command: Command) -> Command {
        command
    }
}

/// The flags that open a scene: the scene's name, the seed, and what was given of every
/// scene's own flags (read as the scene's own struct by [`SceneArgs::flags`]).
#[derive(Clone, Debug)]
pub struct SceneArgs {
    /// The scene to open: a name of the scene registry (`--scene`).
    pub name: String,
    /// Random seed (`--seed`).
    pub seed: u64,
    /// The parsed command line the scenes' flags are read from.
    matches: ArgMatches,
}

impl SceneArgs {
    /// The flags of scene `name` with `seed`, read from `matches`.
    pub fn new(name: String, seed: u64, matches: ArgMatches) -> SceneArgs {
        SceneArgs {
            name,
            seed,
            matches,
        }
    }

    /// The flags of scene struct `F` as given (clap's defaults for the rest).
    pub fn flags<F: FromArgMatches>(&self) -> anyhow::Result<F> {
        F::from_arg_matches(&self.matches).map_err(|e| anyhow::anyhow!("{e}"))
    }

    /// The parsed command line.
    pub fn matches(&self) -> &ArgMatches {
        &self.matches
    }
}

/// The scenes' flags that only a window takes (`--record`, ..): every registered scene's,
/// flattened into `horde run`.
#[derive(Clone, Debug, Default)]
pub struct WindowArgs {
    /// The parsed command line, where there is one (none for a picture).
    matches: Option<ArgMatches>,
}

impl WindowArgs {
    /// The window flags of scene struct `F` as given; its `Default` where there is no window.
    pub fn flags<F: FromArgMatches + Default>(&self) -> anyhow::Result<F> {
        match &self.matches {
            Some(matches) => F::from_arg_matches(matches).map_err(|e| anyhow::anyhow!("{e}")),
            None => Ok(F::default()),
        }
    }

    /// The window flags read from `matches`.
    pub fn new(matches: ArgMatches) -> WindowArgs {
        WindowArgs {
            matches: Some(matches),
        }
    }

    /// The parsed command line, where there is one.
    pub fn matches(&self) -> Option<&ArgMatches> {
        self.matches.as_ref()
    }
}
