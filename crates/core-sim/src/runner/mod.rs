//! The endless runner: a fixed pool of track sections moved ahead of the player as they fall
//! behind, random obstacles (jump over, crouch under, both) after the first clear sections,
//! gravity, jump and crouch, a score and a speed that rises with it, game over on touching an
//! obstacle, restart.
//!
//! - [`settings`]: the RON settings (the reference text's numbers by default).
//! - [`figures`]: where a run stands, as `horde runner` and the scene's summary print it.
//! - [`game`]: the game itself; [`bot`]: an autopilot; [`replay`]: input scripts to replay or
//!   record a run.
//!
//! ```
//! use horde_core_sim::{RunState, Runner, RunnerSettings, runner_autopilot as autopilot};
//!
//! let mut runner = Runner::new(RunnerSettings::default(), 1);
//! for _ in 0..60 * 10 {
//!     let input = autopilot(&runner);
//!     runner.step(input, 1.0 / 60.0);
//! }
//! assert_eq!(runner.state(), RunState::Running);
//! // Score grows at the base speed: 12 a second.
//! assert!((runner.score() - 120.0).abs() < 0.01);
//! assert_eq!(runner.sections().len(), 15);
//! ```

pub mod bot;
pub mod figures;
pub mod game;
pub mod replay;
pub mod settings;

pub use bot::autopilot;
pub use figures::RunFigures;
pub use game::{Player, RunState, Runner, RunnerInput, Section};
pub use replay::{InputEvent, InputRecorder, InputScript};
pub use settings::{DEFAULT_SETTINGS, RunnerSettings, RunnerSettingsError};
