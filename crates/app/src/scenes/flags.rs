//! The flags that open a scene as clap reads them, shared by `horde run` (a window) and `horde
//! screenshot` (one picture): `--scene`, every registered scene's own flags (each a clap `Args`
//! struct in the scene's folder), and `--seed`; every flag a scene takes in a window it takes
//! in a picture. The flags only a window takes are [`WindowArgs`], flattened into `horde run`
//! alone. What was given is kept in the types of `scenes/given.rs`, which the scenes read
//! without knowing the registry. Both are made from the scene registry (`scenes/registry.rs`), the one list of
//! scenes, which also refuses a flag given to another scene.

use super::given::{SceneArgs, WindowArgs};
use super::registry::{Registered, SCENES};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};

/// `--scene`, the first of the scene flags.
#[derive(Clone, Debug, Args)]
struct Choice {
    /// The scene to open: a name of the scene registry (`td`, the tower defense, by default).
    #[arg(
        id = "scene",
        long = "scene",
        value_name = "SCENE",
        default_value = "td"
    )]
    name: String,
}

/// `--seed`, the last of the scene flags.
#[derive(Clone, Debug, Args)]
struct Seed {
    /// Random seed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
}

impl SceneArgs {
    /// The scene flags of `words` (`["--scene", "city", "--seed", "2"]`), parsed as `horde
    /// run` and `horde screenshot` parse them: for tests and callers without a command line.
    pub fn parse_from<I, T>(words: I) -> Result<SceneArgs, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        let command = <SceneArgs as Args>::augment_args(Command::new("scene"));
        let words = std::iter::once(std::ffi::OsString::from("scene"))
            .chain(words.into_iter().map(Into::into));
        let matches = command.try_get_matches_from(words)?;
        SceneArgs::from_arg_matches(&matches)
    }

    /// The scene-owned flags given on the command line, as `(owner, "--flag")`, in the order
    /// they are checked: flags taking a value, then switches, each in the registry's order.
    pub fn given(&self) -> Vec<(&'static str, String)> {
        given_in(self.matches(), |r| (r.flags)(Command::new("flags")), true)
    }

    /// Whether the command line names a scene: `--scene`, or any flag a scene owns (the
    /// spawn settings every scene takes too among them).
    pub fn names_a_scene(&self) -> bool {
        let matches = self.matches();
        let given = |id: &str| matches.value_source(id) == Some(ValueSource::CommandLine);
        given("scene") || any_given(matches, |r| (r.flags)(Command::new("flags")))
    }
}

impl FromArgMatches for SceneArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<SceneArgs, clap::Error> {
        let choice = Choice::from_arg_matches(matches)?;
        let seed = Seed::from_arg_matches(matches)?;
        Ok(SceneArgs::new(choice.name, seed.seed, matches.clone()))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = SceneArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for SceneArgs {
    fn augment_args(command: Command) -> Command {
        let command = Choice::augment_args(command);
        let command = SCENES.iter().fold(command, |c, scene| (scene.flags)(c));
        Seed::augment_args(command)
    }

    fn augment_args_for_update(command: Command) -> Command {
        SceneArgs::augment_args(command)
    }
}

impl WindowArgs {
    /// The window flags given on the command line, as `(owner, "--flag")`, in the registry's
    /// order.
    pub fn given(&self) -> Vec<(&'static str, String)> {
        match self.matches() {
            Some(matches) => given_in(matches, |r| (r.window_flags)(Command::new("w")), false),
            None => Vec::new(),
        }
    }

    /// Whether any scene's window flag (`--record`, `--replay`, `--host`, ..) was given.
    pub fn names_a_scene(&self) -> bool {
        self.matches()
            .is_some_and(|m| any_given(m, |r| (r.window_flags)(Command::new("w"))))
    }
}

/// Whether any flag `flags_of` gives of any scene was given on the command line.
fn any_given(matches: &ArgMatches, flags_of: impl Fn(&Registered) -> Command) -> bool {
    SCENES.iter().any(|scene| {
        let command = flags_of(scene);
        let mut args = command.get_arguments();
        args.any(|arg| {
            matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine)
        })
    })
}

impl FromArgMatches for WindowArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<WindowArgs, clap::Error> {
        Ok(WindowArgs::new(matches.clone()))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = WindowArgs::from_arg_matches(matches)?;
        Ok(())
    }
}

impl Args for WindowArgs {
    fn augment_args(command: Command) -> Command {
        SCENES
            .iter()
            .fold(command, |c, scene| (scene.window_flags)(c))
    }

    fn augment_args_for_update(command: Command) -> Command {
        WindowArgs::augment_args(command)
    }
}

/// The registered scenes' flags (those `flags_of` adds to a command) given on the command line
/// of `matches`, as `(owner, "--flag")`: in the registry's order, those taking a value before
/// the switches when `values_first`. Flags every scene takes are left out.
fn given_in(
    matches: &ArgMatches,
    flags_of: impl Fn(&Registered) -> Command,
    values_first: bool,
) -> Vec<(&'static str, String)> {
    let mut given: Vec<(bool, &'static str, String)> = Vec::new();
    for scene in SCENES {
        let command = flags_of(scene);
        let args = command.get_arguments().filter(|arg| {
            let shared = (arg.get_long()).is_some_and(|l| scene.taken_by_every_scene.contains(&l));
            !shared && matches.value_source(arg.get_id().as_str()) == Some(ValueSource::CommandLine)
        });
        for arg in args {
            let long = arg.get_long().unwrap_or(arg.get_id().as_str());
            given.push((
                values_first && is_switch(arg),
                scene.name,
                format!("--{long}"),
            ));
        }
    }
    given.sort_by_key(|(switch, ..)| *switch);
    given
        .into_iter()
        .map(|(_, owner, flag)| (owner, flag))
        .collect()
}

/// Whether `arg` is a switch (takes no value).
fn is_switch(arg: &Arg) -> bool {
    matches!(
        arg.get_action(),
        ArgAction::SetTrue | ArgAction::SetFalse | ArgAction::Count
    )
}
