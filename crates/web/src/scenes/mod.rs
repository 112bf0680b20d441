//! The scenes the page shows beside the tower defense (`?scene=runner|platformer|city`): each
//! the native game (core-sim's runner and platformer, levelgen's infinite city) stepped at the
//! fixed tick and drawn as `horde-looks` draws it in the native window. Platform-independent:
//! the page (wasm32) steps and draws them, the native tests play them.
//!
//! The rooms: `shown.rs` (what the page needs of a scene, and the tick), `runner.rs` (the endless runner with its scenery rows made where the player
//! goes), `platformer.rs` (the section treadmill), `city.rs` (the infinite city, grown around
//! a camera that travels over it).

mod city;
mod platformer;
mod runner;
mod shown;

pub use city::CityShow;
pub use platformer::PlatformerShow;
pub use runner::RunnerShow;
pub use shown::{STEP, Shown};

/// Opens the scene `name` (`runner`, `platformer` or `city`) with `seed`; `None` for another
/// name.
pub fn open(name: &str, seed: u64) -> Option<Result<Box<dyn Shown>, String>> {
    Some(match name {
        "runner" => RunnerShow::new(seed).map(|s| Box::new(s) as Box<dyn Shown>),
        "platformer" => PlatformerShow::new(seed).map(|s| Box::new(s) as Box<dyn Shown>),
        "city" => CityShow::new(seed).map(|s| Box::new(s) as Box<dyn Shown>),
        _ => return None,
    })
}
