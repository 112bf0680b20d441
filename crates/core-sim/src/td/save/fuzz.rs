//! The body of the `save` fuzz target: any bytes are opened as a save file, and sealed as a
//! save's payload and opened again (so that the fuzzer reaches the decoding and the checks
//! behind the checksum, which random bytes never pass). A game either comes back or is refused
//! with an error naming the file; a game that comes back plays on without a panic and saves
//! again to the same game.

use super::{SAVE_FORMAT, from_bytes, to_bytes};
use std::path::Path;

/// Checks `data` both as a whole save file and as a sealed payload; replayed by `cargo test`.
pub fn check_save_bytes(data: &[u8]) {
    let path = Path::new("fuzz.horde");
    for bytes in [
        Some(data.to_vec()),
        horde_files::seal(&SAVE_FORMAT, &[data]).ok(),
    ]
    .into_iter()
    .flatten()
    {
        match from_bytes(&bytes, path) {
            Ok(mut saved) => {
                if saved.sim.enemies().len() > 10_000 || saved.sim.board().tile_count() > 1 << 16 {
                    continue;
                }
                let bytes = to_bytes(&saved.sim, saved.dt)
                    .unwrap_or_else(|e| panic!("a loaded game does not save: {e}"));
                let again = from_bytes(&bytes, path)
                    .unwrap_or_else(|e| panic!("a loaded game saves unreadably: {e}"));
                assert_eq!(again.sim.counts(), saved.sim.counts());
                for _ in 0..30 {
                    saved.sim.step(saved.dt.min(0.1));
                }
                let counts = saved.sim.counts();
                assert!(counts.alive <= counts.spawned);
            }
            Err(error) => assert!(error.to_string().starts_with("fuzz.horde: "), "{error}"),
        }
    }
}
