//! Fuzzes the command line's value parsers (sizes, regions, columns, numbers, ranges): any
//! text gives a value within its limits or a message, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/app/src/cli/values.rs"]
#[allow(dead_code, missing_docs)]
mod values;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok((w, h)) = values::parse_size(text) {
        assert!((1..=8192).contains(&w) && (1..=8192).contains(&h));
    }
    if let Ok((x, y, z)) = values::parse_size3(text) {
        assert!([x, y, z].iter().all(|v| (1..=1024).contains(v)));
    }
    if let Ok(region) = values::parse_region(text) {
        assert!((1..=1024).contains(&region.width) && (1..=1024).contains(&region.depth));
    }
    let _ = values::parse_column(text);
    if let Ok(seconds) = values::parse_seconds(text) {
        assert!((0.0..=86_400.0).contains(&seconds));
    }
    if let Ok(dt) = values::parse_dt(text) {
        assert!(dt > 0.0 && dt <= 10.0);
    }
    let _ = values::parse_spawn_speed(text);
    let _ = values::parse_scale(text);
    let _ = values::parse_speed(text);
    let _ = values::parse_path_offset(text);
});
