//! Fuzzes saved games (`*.horde`): any bytes, as a file and as a sealed payload, give a game
//! or an error naming the file, never a panic; a game that loads plays on and saves again.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;
#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::run("save", data));
