//! Fuzzes the scenario parser and plays what it accepts for a few seconds: any text gives a
//! value or an error, and an accepted scenario plays without a panic.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;
#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::run("scenario", data));
