//! Fuzzes the scatter settings parser and, for settings small enough to be quick, a few chunks
//! and their roads: any text gives a value or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = horde_levelgen::scatter::check_settings_text(text);
    }
});
