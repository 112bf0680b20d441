//! Fuzzes the platformer sections parser: any text gives a value or an error, never a panic;
//! what it accepts runs on the treadmill without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        horde_core_sim::platformer::check_sections_text(text);
    }
});
