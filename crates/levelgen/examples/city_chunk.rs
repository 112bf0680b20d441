//! One chunk of the infinite city, seen from above as text: each column's character says what
//! stands on it, a digit how many cells tall its building is.
//!
//! Run: `cargo run -p horde-levelgen --example city_chunk -- [--seed N] [--chunk X,Z]`. A chunk
//! is 16 × 16 columns; the map is a pure function of the seed and the position, so the same
//! chunk prints the same wherever the map was made from and whatever was made before.

use horde_levelgen::collapse::{Area, CITY_HEIGHT, InfiniteMap, Map, ModuleSet};
use std::process::ExitCode;

/// Columns along a chunk's side.
pub const CHUNK: i32 = 16;

/// What stands on each column, a line a row of the chunk (north, `+z`, at the bottom: rows are
/// printed in increasing `z`): a digit for a building, that many cells tall (of
/// [`CITY_HEIGHT`]), otherwise the top of the column's ground.
pub fn top_view(set: &ModuleSet, map: &Map) -> Vec<String> {
    let name = |m: u16| {
        set.prototype_of(usize::from(m))
            .map_or("?", |p| p.name.as_str())
    };
    (0..map.size.z)
        .map(|z| {
            (0..map.size.x)
                .map(|x| {
                    let column: Vec<u16> = (0..map.size.y)
                        .map(|y| map.cells[map.size.index(x, y, z)])
                        .collect();
                    let top = column.iter().rposition(|&m| name(m) != "air");
                    let built = column.iter().any(|&m| set.is_built(usize::from(m)));
                    match (top, built) {
                        (Some(y), true) => char::from_digit(y as u32 + 1, 10).unwrap_or('+'),
                        (Some(y), false) => ground(name(column[y])),
                        (None, _) => ' ',
                    }
                })
                .collect()
        })
        .collect()
}

/// The character of an unbuilt column's top module.
fn ground(name: &str) -> char {
    match name.split('_').next() {
        Some("street" | "crosswalk") => '.',
        Some("grass") => ',',
        Some("tree") => 'T',
        Some("plaza") => ':',
        Some("lot") => '_',
        Some("stairs" | "stair") => '/',
        Some("bridge" | "pillar") => '=',
        _ => '#',
    }
}

/// The chunk `(cx, cz)` of the built-in city for `seed`: its header line, its top view and a
/// legend, ready to print.
pub fn city_chunk(seed: u64, (cx, cz): (i32, i32)) -> Result<Vec<String>, String> {
    let set = ModuleSet::built_in().map_err(|e| e.to_string())?;
    let mut city = InfiniteMap::new(&set, CITY_HEIGHT, seed).map_err(|e| e.to_string())?;
    let (x0, z0) = (cx.saturating_mul(CHUNK), cz.saturating_mul(CHUNK));
    let area = Area::new(x0, z0, CHUNK as u32, CHUNK as u32);
    let map = city.region(area).map_err(|e| e.to_string())?;
    let mut lines = vec![format!(
        "city chunk ({cx}, {cz}), seed {seed}: columns x {x0}..{}, z {z0}..{}, {CITY_HEIGHT} cells tall",
        x0 + CHUNK,
        z0 + CHUNK
    )];
    lines.extend(
        top_view(&set, &map)
            .into_iter()
            .map(|row| format!("|{row}|")),
    );
    lines
        .push(". street  , grass  T tree  : plaza  _ lot  / stairs  = bridge  1-6 building".into());
    Ok(lines)
}

/// `--seed N` and `--chunk X,Z` from the command line.
fn arguments() -> Result<(u64, (i32, i32)), String> {
    let (mut seed, mut chunk) = (1, (0, 0));
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} takes a value"))?;
        match flag.as_str() {
            "--seed" => seed = value.parse().map_err(|e| format!("--seed {value}: {e}"))?,
            "--chunk" => {
                let (x, z) = value.split_once(',').ok_or("--chunk takes X,Z")?;
                let parse = |v: &str| {
                    v.trim()
                        .parse()
                        .map_err(|e| format!("--chunk {value}: {e}"))
                };
                chunk = (parse(x)?, parse(z)?);
            }
            _ => return Err(format!("unknown flag {flag}: try --seed N, --chunk X,Z")),
        }
    }
    Ok((seed, chunk))
}

fn main() -> ExitCode {
    match arguments().and_then(|(seed, chunk)| city_chunk(seed, chunk)) {
        Ok(lines) => {
            println!("{}", lines.join("\n"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("city_chunk: {e}");
            ExitCode::FAILURE
        }
    }
}
