//! Fuzzes what co-op peers and hosts read from each other: any bytes decode to a message or a
//! refusal (never a panic), and any text to a join code or a refusal.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;
#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::run("coop_message", data));
