//! Modes with rules: what a player may change in each kind of game, and why not.
//!
//! A mode is a value ([`Mode`]); a change a player asks for is a [`Change`]; [`Mode::allows`]
//! answers with `Ok` or a [`Refusal`] that says why in the mode's own words. The window's
//! inspector, keys and menus ask before they act, so a refused change changes nothing.

use std::fmt;

/// Where a challenge's game came from: a day's, or a seed's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeOf {
    /// The day's challenge, its date as `YYYY-MM-DD`.
    Day(String),
    /// A challenge by seed (`--challenge SEED`).
    Seed(u64),
}

/// Which side of a co-op game this player is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoopSide {
    /// The host: stamps every edit, may take the game back (undo).
    Host,
    /// A joiner: plays the host's game at the host's pace.
    Joiner,
}

/// The kind of game a session plays, and so what its player may change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Free play: every change is the player's.
    Sandbox,
    /// A level's scenario: every change is the player's (the scenario decides the spawning).
    Scenario,
    /// A challenge: the tutorial's towers and the built-in endless waves on a generated board,
    /// recorded to be verified; nothing that would make the recording another game.
    Challenge {
        /// The day's, or a seed's.
        of: ChallengeOf,
        /// Whether the run is for a board server (false: offline, kept locally).
        online: bool,
    },
    /// Co-op: one game shared by every player, stepped at the host's pace.
    Coop {
        /// This player's side.
        side: CoopSide,
        /// Players in the game, this one included.
        players: usize,
    },
    /// A recording watched: the player may look anywhere along it, and takes over by editing.
    Watch,
    /// Making a level.
    Edit,
}

/// Something a player may ask to change about the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Change {
    /// Place or remove a wall, tower, spawn point or destination.
    Edit,
    /// The towers' settings (damage, range, rate).
    TowerSettings,
    /// The spawner's settings, the animation, spawning on or off.
    SpawnSettings,
    /// Open another level file (or its edit reloaded live).
    Level,
    /// Play another scenario, or the spawner instead.
    Scenario,
    /// A new or generated board.
    Board,
    /// Another seed.
    Seed,
    /// Start the game over.
    Restart,
    /// Load a saved game in place of this one.
    Load,
    /// Pause or single-step.
    Pause,
    /// The play speed (simulated seconds per real second).
    PlaySpeed,
    /// Look back along the timeline.
    Seek,
    /// Edit behind the live edge, forgetting the game after it.
    Undo,
}

impl Change {
    /// Every change, in the order the inspector shows them.
    pub const ALL: [Change; 13] = [
        Change::Edit,
        Change::TowerSettings,
        Change::SpawnSettings,
        Change::Level,
        Change::Scenario,
        Change::Board,
        Change::Seed,
        Change::Restart,
        Change::Load,
        Change::Pause,
        Change::PlaySpeed,
        Change::Seek,
        Change::Undo,
    ];

    /// The change in a player's words, as a refusal starts.
    pub fn noun(self) -> &'static str {
        match self {
            Change::Edit => "editing the board",
            Change::TowerSettings => "the towers' settings",
            Change::SpawnSettings => "the spawner's settings",
            Change::Level => "another level",
            Change::Scenario => "another scenario",
            Change::Board => "a new board",
            Change::Seed => "another seed",
            Change::Restart => "a restart",
            Change::Load => "loading a game",
            Change::Pause => "pausing",
            Change::PlaySpeed => "the play speed",
            Change::Seek => "looking back",
            Change::Undo => "an edit behind the live edge",
        }
    }
}

/// A change a mode does not allow, and why, in the mode's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// What was asked.
    pub change: Change,
    /// Why not.
    pub why: &'static str,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.change.noun(), self.why)
    }
}

impl std::error::Error for Refusal {}

/// What a mode allows, answered once for every change: a value to read each frame (the
/// inspector's), allocating nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules([Result<(), Refusal>; Change::ALL.len()]);

impl Rules {
    /// Whether `change` is allowed, and if not, why ([`Mode::allows`]).
    pub fn allows(&self, change: Change) -> Result<(), Refusal> {
        self.0[change as usize]
    }
}

/// Why a challenge refuses a change to its game.
const CHALLENGE_FIXED: &str =
    "fixed in a challenge (its recording must be the game every player of the day plays)";
/// Why a challenge refuses an undo.
const CHALLENGE_FORWARD: &str = "a challenge is played forward only (looking back is fine; an edit there would make its recording another game)";
/// Why a co-op player cannot change the shared game alone.
const COOP_SHARED: &str =
    "the game is shared in co-op: it would change on this side alone and split the game";
/// Why a joiner cannot undo.
const COOP_HOSTS_UNDO: &str = "only the host may take the shared game back";

impl Mode {
    /// Whether the player may make `change`, and if not, why.
    pub fn allows(&self, change: Change) -> Result<(), Refusal> {
        let why = match (self, change) {
            (Mode::Challenge { .. }, Change::Undo) => Some(CHALLENGE_FORWARD),
            (
                Mode::Challenge { .. },
                Change::TowerSettings
                | Change::SpawnSettings
                | Change::Level
                | Change::Scenario
                | Change::Board
                | Change::Seed
                | Change::Load,
            ) => Some(CHALLENGE_FIXED),
            (Mode::Coop { .. }, Change::Edit | Change::Seek) => None,
            (Mode::Coop { side, .. }, Change::Undo) if *side == CoopSide::Host => None,
            (Mode::Coop { .. }, Change::Undo) => Some(COOP_HOSTS_UNDO),
            (Mode::Coop { .. }, _) => Some(COOP_SHARED),
            _ => None,
        };
        match why {
            Some(why) => Err(Refusal { change, why }),
            None => Ok(()),
        }
    }

    /// Every change's answer at once ([`Rules`]).
    pub fn rules(&self) -> Rules {
        Rules(Change::ALL.map(|change| self.allows(change)))
    }

    /// The mode's name in summaries (`sandbox`, `scenario`, `challenge`, `coop`, `watch`,
    /// `edit`).
    pub fn name(&self) -> &'static str {
        match self {
            Mode::Sandbox => "sandbox",
            Mode::Scenario => "scenario",
            Mode::Challenge { .. } => "challenge",
            Mode::Coop { .. } => "coop",
            Mode::Watch => "watch",
            Mode::Edit => "edit",
        }
    }

    /// The mode as the HUD names it (`Daily challenge · 2026-12-05 · online`,
    /// `Co-op · host · 3 players`).
    pub fn label(&self) -> String {
        match self {
            Mode::Sandbox => "Sandbox".to_string(),
            Mode::Scenario => "Scenario".to_string(),
            Mode::Challenge { of, online } => {
                let online = if *online { "online" } else { "offline" };
                match of {
                    ChallengeOf::Day(day) => format!("Daily challenge · {day} · {online}"),
                    ChallengeOf::Seed(seed) => format!("Challenge · seed {seed} · {online}"),
                }
            }
            Mode::Coop { side, players } => {
                let side = match side {
                    CoopSide::Host => "host",
                    CoopSide::Joiner => "joiner",
                };
                let s = if *players == 1 { "" } else { "s" };
                format!("Co-op · {side} · {players} player{s}")
            }
            Mode::Watch => "Watching a recording".to_string(),
            Mode::Edit => "Making a level".to_string(),
        }
    }

    /// Whether this is a challenge.
    pub fn is_challenge(&self) -> bool {
        matches!(self, Mode::Challenge { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day() -> Mode {
        Mode::Challenge {
            of: ChallengeOf::Day("2026-12-05".into()),
            online: true,
        }
    }

    #[test]
    fn the_rules_answer_as_the_mode_does() {
        for (i, change) in Change::ALL.into_iter().enumerate() {
            assert_eq!(change as usize, i, "ALL is in declaration order");
            assert_eq!(day().rules().allows(change), day().allows(change));
        }
    }

    #[test]
    fn a_sandbox_allows_everything() {
        for change in Change::ALL {
            assert_eq!(Mode::Sandbox.allows(change), Ok(()), "{change:?}");
        }
    }

    #[test]
    fn a_challenge_refuses_what_would_make_its_recording_another_game() {
        let refused: Vec<Change> = (Change::ALL.into_iter())
            .filter(|c| day().allows(*c).is_err())
            .collect();
        let expected = [
            Change::TowerSettings,
            Change::SpawnSettings,
            Change::Level,
            Change::Scenario,
            Change::Board,
            Change::Seed,
            Change::Load,
            Change::Undo,
        ];
        assert_eq!(refused, expected);
        let why = day().allows(Change::TowerSettings).unwrap_err().to_string();
        assert!(
            why.starts_with("the towers' settings: fixed in a challenge"),
            "{why}"
        );
    }

    #[test]
    fn co_op_allows_edits_and_looking_back_and_the_hosts_undo() {
        let host = Mode::Coop {
            side: CoopSide::Host,
            players: 3,
        };
        let joiner = Mode::Coop {
            side: CoopSide::Joiner,
            players: 3,
        };
        for mode in [&host, &joiner] {
            assert!(mode.allows(Change::Edit).is_ok() && mode.allows(Change::Seek).is_ok());
            assert!(mode.allows(Change::Restart).is_err() && mode.allows(Change::Pause).is_err());
        }
        assert!(host.allows(Change::Undo).is_ok());
        assert_eq!(
            joiner.allows(Change::Undo).unwrap_err().why,
            COOP_HOSTS_UNDO
        );
    }

    #[test]
    fn labels_name_the_mode() {
        assert_eq!(day().label(), "Daily challenge · 2026-12-05 · online");
        let host = Mode::Coop {
            side: CoopSide::Host,
            players: 3,
        };
        assert_eq!(host.label(), "Co-op · host · 3 players");
        let names = [
            Mode::Sandbox,
            Mode::Scenario,
            day(),
            host,
            Mode::Watch,
            Mode::Edit,
        ];
        let names: Vec<&str> = names.iter().map(Mode::name).collect();
        assert_eq!(
            names,
            ["sandbox", "scenario", "challenge", "coop", "watch", "edit"]
        );
    }
}
