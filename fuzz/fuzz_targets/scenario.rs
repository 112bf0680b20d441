//! Fuzzes the scenario parser and plays what it accepts for a few seconds: any text gives a
//! value or an error, and an accepted scenario plays without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        horde_core_sim::td::scenario_fuzz::check_scenario_text(text);
    }
});
