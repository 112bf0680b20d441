//! The endless runner scene: [`scene`] (the game at the fixed step, its batches and HUD),
//! [`generator`] (scenery rows on a background worker), [`draw`] (boxes and the chase
//! camera), [`figures`] (where a run stands) and [`files`] (its settings and scenery).

pub mod draw;
pub mod figures;
pub mod files;
pub mod generator;
pub mod scene;

pub use figures::RunFigures;
pub use files::{load_scenery, load_settings};
pub use scene::RunnerScene;
