//! Fuzzes the module set parser (and a parsed set's zoning): any text gives a value or an
//! error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        horde_levelgen::wfc::module_set::check_text(text);
    }
});
