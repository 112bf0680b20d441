//! Fuzzes saved games (`*.horde`): any bytes, as a file and as a sealed payload, give a game
//! or an error naming the file, never a panic; a game that loads plays on and saves again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    horde_core_sim::td::save::fuzz::check_save_bytes(data);
});
