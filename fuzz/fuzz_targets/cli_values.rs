//! Fuzzes the command line's value parsers (sizes, regions, columns, numbers, ranges): any
//! text gives a value within its limits or a message, never a panic.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;
#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::run("cli_values", data));
