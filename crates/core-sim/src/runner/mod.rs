//! The endless runner: a fixed pool of track sections moved ahead of the player as they fall
//! behind, random obstacles (jump over, crouch under, both) after the first clear sections,
//! gravity, jump and crouch, a score and a speed that rises with it, game over on touching an
//! obstacle, restart.
//!
//! - `settings.rs`: the RON settings (the reference text's numbers by default).
//! - `figures.rs`: where a run stands, as `horde runner` and the scene's summary print it.
//! - `game.rs`: the game itself; `bot.rs`: an autopilot; `replay.rs`: input scripts to replay or
//!   record a run.
//!
//! ```
//! use horde_core_sim::runner::{RunState, Runner, RunnerSettings, autopilot};
//!
//! let mut runner = Runner::new(RunnerSettings::default(), 1);
//! for _ in 0..60 * 10 {
//!     let input = autopilot(&runner);
//!     runner.step(input, 1.0 / f64::from(horde_core_sim::TICKS_PER_SECOND));
//! }
//! assert_eq!(runner.state(), RunState::Running);
//! // Score grows at the base speed: 12 a second.
//! assert!((runner.score() - 120.0).abs() < 0.01);
//! assert_eq!(runner.sections().len(), 15);
//! ```

pub(crate) mod bot;
pub(crate) mod figures;
pub(crate) mod game;
pub(crate) mod replay;
pub(crate) mod settings;

pub use bot::{autopilot, with_autopilot};
pub use figures::RunFigures;
pub use game::{Player, RunState, Runner, RunnerInput, Section};
pub use replay::{InputEvent, InputRecorder, InputScript};
pub use settings::{DEFAULT_SETTINGS, ObstacleBox, RunnerSettings, RunnerSettingsError};
