//! Fuzzes the board server's player body (`POST /api/players`): any bytes give a name within
//! the rule or a refusal, never a panic.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;
#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::run("player_json", data));
