//! The command line's value parsers: sizes, regions, columns, numbers and ranges, each checked
//! against its documented limits, returning a message clap prints next to the flag's name.
//! Plain functions of a string with no other state, so they are fuzzed on their own
//! (`fuzz/fuzz_targets/cli_values.rs`).

use horde_core_sim::td::defence::Priority;
use horde_core_sim::td::swarm::FloatRange;
use horde_core_sim::td::swarm::{
    PATH_OFFSET_LIMITS, SCALE_LIMITS, SPAWN_SPEED_LIMITS, SPEED_LIMITS, parse_range,
};

/// A rectangle of columns of the infinite map: corner and size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// West edge (first column along x).
    pub x: i32,
    /// South edge (first column along z).
    pub z: i32,
    /// Columns along x.
    pub width: u32,
    /// Columns along z.
    pub depth: u32,
}

/// `--seconds`: a finite, non-negative number of seconds (at most a simulated day).
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if (0.0..=86_400.0).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(format!("{seconds} is not between 0 and 86400 seconds"))
    }
}

/// Parses a range for `setting` and checks it against `limits`.
pub fn limited_range(
    setting: &'static str,
    text: &str,
    limits: FloatRange,
) -> Result<FloatRange, String> {
    let range = parse_range(setting, text).map_err(|e| e.to_string())?;
    if !limits.contains_range(range) {
        return Err(format!(
            "{setting}: {range} is outside the allowed {limits}"
        ));
    }
    Ok(range)
}

/// `--scale A..B`, within the reference text's limits.
pub fn parse_scale(text: &str) -> Result<FloatRange, String> {
    limited_range("scale", text, SCALE_LIMITS)
}

/// `--speed A..B`, within the reference text's limits.
pub fn parse_speed(text: &str) -> Result<FloatRange, String> {
    limited_range("speed", text, SPEED_LIMITS)
}

/// `--path-offset A..B`, within the reference text's limits.
pub fn parse_path_offset(text: &str) -> Result<FloatRange, String> {
    limited_range("path offset", text, PATH_OFFSET_LIMITS)
}

/// `--spawn-speed X`, within the reference text's limits.
pub fn parse_spawn_speed(text: &str) -> Result<f32, String> {
    let value: f32 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !(SPAWN_SPEED_LIMITS.min()..=SPAWN_SPEED_LIMITS.max()).contains(&value) {
        return Err(format!(
            "spawn speed {value} is outside the allowed {SPAWN_SPEED_LIMITS}"
        ));
    }
    Ok(value)
}

/// A targeting priority by name: `random, first, last, strongest, weakest or closest`.
pub fn parse_priority(text: &str) -> Result<Priority, String> {
    Priority::from_name(text)
        .ok_or_else(|| format!("no priority '{text}'; expected {}", Priority::names_or()))
}

/// `WxH`: a picture or window size, each side 1–8192.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let [w, h] = sides_within(text, 8192)
        .ok_or_else(|| format!("`{text}` is not a size WIDTHxHEIGHT, each 1–8192"))?;
    Ok((w, h))
}

/// `XxYxZ`: a grid size, each side 1–1024.
pub fn parse_size3(text: &str) -> Result<(u32, u32, u32), String> {
    let [x, y, z] = sides_within(text, 1024)
        .ok_or_else(|| format!("`{text}` is not a size XxYxZ, each 1–1024"))?;
    Ok((x, y, z))
}

/// `N` sides in the one size grammar ([`horde_files::parse_sides`]), each 1–`most`.
fn sides_within<const N: usize>(text: &str, most: u32) -> Option<[u32; N]> {
    horde_files::parse_sides(text)
        .filter(|sides: &[u32; N]| sides.iter().all(|s| (1..=most).contains(s)))
}

/// `X,Z`: a column of the infinite map.
pub fn parse_column(text: &str) -> Result<(i32, i32), String> {
    let bad = || format!("`{text}` is not a column X,Z (two whole numbers)");
    let (x, z) = text.split_once(',').ok_or_else(bad)?;
    Ok((
        x.trim().parse().map_err(|_| bad())?,
        z.trim().parse().map_err(|_| bad())?,
    ))
}

/// `X,Z,WxD`: a region of the infinite map, each side 1–1024.
pub fn parse_region(text: &str) -> Result<Region, String> {
    let bad = || format!("`{text}` is not a region X,Z,WxD (corner, then size 1–1024 each way)");
    let (corner, size) = text.rsplit_once(',').ok_or_else(bad)?;
    let (x, z) = parse_column(corner).map_err(|_| bad())?;
    let [width, depth] = sides_within(size, 1024).ok_or_else(bad)?;
    Ok(Region { x, z, width, depth })
}

/// `--dt`: a step length in (0, 10] seconds.
pub fn parse_dt(text: &str) -> Result<f32, String> {
    let value: f32 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number"))?;
    if !(value > 0.0 && value <= 10.0) {
        return Err(format!("{value} is not a step length in (0, 10] seconds"));
    }
    Ok(value)
}

/// Runs every parser here on `text` and checks that what each accepts is within its limits
/// (a panic otherwise): the body of the `cli_values` fuzz target, replayed by `cargo test`.
pub fn check_all(text: &str) {
    if let Ok((w, h)) = parse_size(text) {
        assert!((1..=8192).contains(&w) && (1..=8192).contains(&h));
    }
    if let Ok((x, y, z)) = parse_size3(text) {
        assert!([x, y, z].iter().all(|v| (1..=1024).contains(v)));
    }
    if let Ok(region) = parse_region(text) {
        assert!((1..=1024).contains(&region.width) && (1..=1024).contains(&region.depth));
    }
    let _ = parse_column(text);
    if let Ok(seconds) = parse_seconds(text) {
        assert!((0.0..=86_400.0).contains(&seconds));
    }
    if let Ok(dt) = parse_dt(text) {
        assert!(dt > 0.0 && dt <= 10.0);
    }
    if let Ok(speed) = parse_spawn_speed(text) {
        assert!(speed.is_finite());
    }
    for parse in [parse_scale, parse_speed, parse_path_offset] {
        if let Ok(range) = parse(text) {
            assert!(range.min().is_finite() && range.max().is_finite());
        }
    }
    if let Ok(until) = parse_until(text) {
        assert!(!until.key.is_empty() && until.key.iter().all(|k| !k.is_empty()));
    }
}

/// How a `HORDE_RUN_UNTIL` condition compares a summary field with its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compare {
    /// `KEY=VALUE`: the field reads `VALUE` (a string without its quotes, a number, a bool).
    Equals,
    /// `KEY>N`: the field is a number above `N`.
    Above,
    /// `KEY<N`: the field is a number below `N`.
    Below,
}

/// A `HORDE_RUN_UNTIL` condition, `KEY=VALUE`, `KEY>N` or `KEY<N`: a field of a scene's summary (`a.b` for field `b`
/// of object `a`) and what it must be.
#[derive(Clone, Debug, PartialEq)]
pub struct Until {
    /// The field's path in the summary, outermost first.
    pub key: Vec<String>,
    /// The comparison.
    pub compare: Compare,
    /// The value compared with, as written.
    pub value: String,
    /// The value as a number, where it is one (needed by `>` and `<`).
    pub number: Option<f64>,
}

/// A `HORDE_RUN_UNTIL` condition: `KEY=VALUE`, `KEY>N` or `KEY<N`, KEY of letters, digits,
/// `_` and `.`.
pub fn parse_until(text: &str) -> Result<Until, String> {
    let bad = || format!("`{text}` is not a condition KEY=VALUE, KEY>N or KEY<N");
    let at = text.find(['=', '>', '<']).ok_or_else(bad)?;
    let (key, rest) = text.split_at(at);
    let compare = match rest.as_bytes().first() {
        Some(b'=') => Compare::Equals,
        Some(b'>') => Compare::Above,
        _ => Compare::Below,
    };
    let value = rest[1..].trim().to_string();
    let key: Vec<String> = key.trim().split('.').map(str::to_string).collect();
    let plain =
        |k: &String| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !key.iter().all(plain) || value.is_empty() {
        return Err(bad());
    }
    let number = value.parse::<f64>().ok().filter(|n| n.is_finite());
    if compare != Compare::Equals && number.is_none() {
        return Err(format!("`{value}` is not a number to compare with"));
    }
    Ok(Until {
        key,
        compare,
        value,
        number,
    })
}
