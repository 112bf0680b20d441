//! What the fuzz targets run (`fuzz/`, with the `fuzzing` feature): each takes a hostile
//! input and must not panic, except on a broken rule of the game.

pub use crate::platformer::check_sections_text;
pub use crate::td::recording::fuzz_parse as check_recording_text;
pub use crate::td::save::fuzz::check_save_bytes;
pub use crate::td::scenario_fuzz::check_scenario_text;
