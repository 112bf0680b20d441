//! Fuzzes the recording parser (header, edits, checksum lines): any text gives a value or an error, never a panic.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;
#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::run("recording", data));
