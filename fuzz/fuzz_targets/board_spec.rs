//! Fuzzes a generated board's spec as its header writes it (`23x11 spawns=2 ..`): any text is
//! refused naming a flag, or makes a board the game's level check passes.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;
#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::run("board_spec", data));
