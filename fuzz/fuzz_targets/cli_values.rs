//! Fuzzes the command line's value parsers (sizes, regions, columns, numbers, ranges): any
//! text gives a value within its limits or a message, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        values::check_all(text);
    }
});
