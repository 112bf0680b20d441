//! Fuzzes the edit script parser: any text gives a value or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = horde_core_sim::td::script::EditScript::parse(text, "fuzz.txt".as_ref());
    }
});
