//! What a generated tower-defense board must be ([`BoardSpec`]): its size, spawn points and
//! destinations, how long every spawn's shortest path must be, its share of walls and its room
//! for towers; the limits each is checked against (an error names the flag that set it), and
//! the one-line text of a spec that a generated board's header comment carries (`23x11
//! spawns=2 destinations=1 min-path=34 walls=0.45 tower-room=4`), which [`BoardSpec::parse`]
//! reads back.

use std::fmt;

/// The smallest and largest side of a board, in tiles.
pub const BOARD_SIDES: std::ops::RangeInclusive<u32> = 5..=256;
/// The most spawn points, and the most destinations.
pub const MAX_ENDS: u32 = 8;
/// The largest share of walls a spec may ask for.
pub const MAX_WALLS: f32 = 0.6;

/// What a generated board must be.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoardSpec {
    /// Tiles west to east (5..=256).
    pub width: u32,
    /// Tiles south to north (5..=256).
    pub height: u32,
    /// Spawn points, on the west edge (1..=8).
    pub spawns: u32,
    /// Destinations, on the east edge (1..=8).
    pub destinations: u32,
    /// The least length, in steps, of every spawn's shortest path to its nearest destination
    /// (`None`: width + height, where a straight crossing is width − 1).
    pub min_path: Option<u32>,
    /// The share of tiles that are walls the generator aims at (0..=0.6); the connectivity it
    /// keeps may leave fewer.
    pub walls: f32,
    /// The least number of empty tiles beside a spawn's shortest path where a tower can stand
    /// without cutting any tile off.
    pub tower_room: u32,
}

impl Default for BoardSpec {
    /// The battle level's size, 23×11, two spawns, one destination.
    fn default() -> BoardSpec {
        BoardSpec {
            width: 23,
            height: 11,
            spawns: 2,
            destinations: 1,
            min_path: None,
            walls: 0.45,
            tower_room: 4,
        }
    }
}

/// A spec no board can meet, naming the flag (as `horde generate` spells it) that set it.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{flag}: {problem}")]
pub struct SpecError {
    /// The flag: `--size`, `--spawns`, `--destinations`, `--min-path`, `--walls`,
    /// `--tower-room`.
    pub flag: &'static str,
    /// What is wrong with it.
    pub problem: String,
}

impl BoardSpec {
    /// The least length of every spawn's shortest path it asks for.
    pub fn min_path(&self) -> u32 {
        self.min_path.unwrap_or(self.width + self.height)
    }

    /// The spec if every number is within its limits and a board can meet it, else what is
    /// wrong, naming the flag. Provably impossible lengths are refused here; others may still
    /// fail after the generator's bounded retries.
    pub fn checked(self) -> Result<BoardSpec, SpecError> {
        let bad = |flag, problem: String| Err(SpecError { flag, problem });
        let (w, h) = (self.width, self.height);
        if !BOARD_SIDES.contains(&w) || !BOARD_SIDES.contains(&h) {
            return bad(
                "--size",
                format!("{w}x{h}: each side must be 5 to 256 tiles"),
            );
        }
        for (flag, n) in [
            ("--spawns", self.spawns),
            ("--destinations", self.destinations),
        ] {
            if !(1..=MAX_ENDS).contains(&n) {
                return bad(flag, format!("{n}: must be 1 to {MAX_ENDS}"));
            }
        }
        // Spawns on the west edge, destinations on the east, at least a tile apart.
        let room = h.div_ceil(2);
        for (flag, n, edge) in [
            ("--spawns", self.spawns, "west"),
            ("--destinations", self.destinations, "east"),
        ] {
            if n > room {
                return bad(
                    flag,
                    format!(
                        "{n}: the {edge} edge of a board {h} tiles high holds at most {room}, a tile apart"
                    ),
                );
            }
        }
        if !(self.walls.is_finite() && (0.0..=MAX_WALLS).contains(&self.walls)) {
            return bad(
                "--walls",
                format!("{}: must be a share 0 to {MAX_WALLS}", self.walls),
            );
        }
        let min = self.min_path();
        // A shortest path visits a tile at most once: it is shorter than the board has tiles,
        // and no shorter than the straight crossing, which every board has at least.
        let tiles = w * h;
        if min >= tiles {
            return bad(
                "--min-path",
                format!("{min}: no path on a {w}x{h} board ({tiles} tiles) is that long"),
            );
        }
        if min > tiles / 2 + w {
            return bad(
                "--min-path",
                format!(
                    "{min}: a {w}x{h} board whose walls leave every tile a path holds no shortest \
                 path longer than about half its tiles ({})",
                    tiles / 2 + w
                ),
            );
        }
        if self.tower_room > tiles / 2 {
            return bad(
                "--tower-room",
                format!(
                    "{}: a {w}x{h} board has at most {} empty tiles beside a path",
                    self.tower_room,
                    tiles / 2
                ),
            );
        }
        Ok(self)
    }

    /// Reads a spec as [`BoardSpec`]'s `Display` writes it (`23x11 spawns=2 destinations=1
    /// min-path=34 walls=0.45 tower-room=4`; entries after the size in any order, each at
    /// most once, the ones left out at their defaults), checked.
    pub fn parse(text: &str) -> Result<BoardSpec, SpecError> {
        let mut words = text.split_whitespace();
        let size = words.next().ok_or(SpecError {
            flag: "--size",
            problem: "missing (WxH)".to_string(),
        })?;
        let (width, height) = parse_size(size)?;
        let mut spec = BoardSpec {
            width,
            height,
            ..BoardSpec::default()
        };
        let mut seen = Vec::new();
        for word in words {
            let (key, value) = word.split_once('=').ok_or(SpecError {
                flag: "spec",
                problem: format!("`{word}` is not KEY=VALUE"),
            })?;
            if seen.contains(&key) {
                return Err(SpecError {
                    flag: "spec",
                    problem: format!("`{key}` given twice"),
                });
            }
            seen.push(key);
            let number = |flag: &'static str| {
                value.parse::<u32>().map_err(|_| SpecError {
                    flag,
                    problem: format!("`{value}` is not a whole number"),
                })
            };
            match key {
                "spawns" => spec.spawns = number("--spawns")?,
                "destinations" => spec.destinations = number("--destinations")?,
                "min-path" => spec.min_path = Some(number("--min-path")?),
                "tower-room" => spec.tower_room = number("--tower-room")?,
                "walls" => {
                    spec.walls = value.parse::<f32>().map_err(|_| SpecError {
                        flag: "--walls",
                        problem: format!("`{value}` is not a number"),
                    })?
                }
                other => {
                    return Err(SpecError {
                        flag: "spec",
                        problem: format!(
                            "unknown entry `{other}` (spawns, destinations, min-path, walls, \
                             tower-room)"
                        ),
                    });
                }
            }
        }
        spec.checked()
    }
}

/// `WxH` as two numbers, or an error naming `--size`.
pub fn parse_size(text: &str) -> Result<(u32, u32), SpecError> {
    let bad = || SpecError {
        flag: "--size",
        problem: format!("`{text}` is not WxH (two whole numbers, such as 23x11)"),
    };
    let [w, h] = horde_files::parse_sides(text).ok_or_else(bad)?;
    Ok((w, h))
}

impl fmt::Display for BoardSpec {
    /// `23x11 spawns=2 destinations=1 min-path=34 walls=0.45 tower-room=4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{} spawns={} destinations={} min-path={} walls={:.2} tower-room={}",
            self.width,
            self.height,
            self.spawns,
            self.destinations,
            self.min_path(),
            self.walls,
            self.tower_room
        )
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_spec_reads_back_as_it_is_written() {
        let spec = BoardSpec {
            width: 64,
            height: 40,
            spawns: 3,
            destinations: 2,
            min_path: Some(120),
            walls: 0.25,
            tower_room: 9,
        };
        assert_eq!(BoardSpec::parse(&spec.to_string()).unwrap(), spec);
        let default = BoardSpec::default();
        assert_eq!(default.min_path(), 34);
        assert_eq!(
            BoardSpec::parse("23x11").unwrap(),
            BoardSpec {
                min_path: None,
                ..default
            }
        );
    }

    #[test]
    fn each_impossible_spec_names_its_flag() {
        let flag = |text: &str| BoardSpec::parse(text).unwrap_err().flag;
        assert_eq!(flag("4x11"), "--size");
        assert_eq!(flag("23x257"), "--size");
        assert_eq!(flag("23xx"), "--size");
        assert_eq!(flag("23x11 spawns=0"), "--spawns");
        assert_eq!(flag("23x11 spawns=7"), "--spawns");
        assert_eq!(flag("23x11 destinations=9"), "--destinations");
        assert_eq!(flag("23x11 min-path=300"), "--min-path");
        assert_eq!(flag("23x11 walls=0.9"), "--walls");
        assert_eq!(flag("23x11 walls=NaN"), "--walls");
        assert_eq!(flag("23x11 tower-room=500"), "--tower-room");
        assert_eq!(flag("23x11 spawns=2 spawns=2"), "spec");
        assert_eq!(flag("23x11 colour=red"), "spec");
    }
}
