//! The flags of a generated board: its spec (`--size`, `--spawns`, `--destinations`,
//! `--min-path`, `--walls`, `--tower-room`), which `horde generate` takes, and `--generate N`
//! with the same spec flags, and `--challenge SEED|today`, which `run`, `sim`, `preview` and
//! `screenshot` take wherever they take `--level`. Plain clap types; each number is checked by the spec (an error names its
//! flag).

use clap::Args;
use horde_levelgen::boards::{BoardSpec, parse_size};

/// A generated board's spec but its size (levelgen's `BoardSpec`; clap's defaults are the
/// spec's).
#[derive(Clone, Debug, Args)]
pub struct SpecFlags {
    /// Generated board: spawn points on the west edge, 1–8.
    #[arg(long, value_name = "K", default_value_t = 2)]
    pub spawns: u32,
    /// Generated board: destinations on the east edge, 1–8.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub destinations: u32,
    /// Generated board: the least length of every spawn's shortest path, in steps (default
    /// width + height).
    #[arg(long, value_name = "L")]
    pub min_path: Option<u32>,
    /// Generated board: the share of walls aimed at, 0–0.6.
    #[arg(long, value_name = "F", default_value_t = 0.45)]
    pub walls: f32,
    /// Generated board: the least number of empty tiles beside a path where a tower cuts
    /// nothing off.
    #[arg(long, value_name = "R", default_value_t = 4)]
    pub tower_room: u32,
}

impl SpecFlags {
    /// The spec of a `width × height` board with these flags, checked (an error names the
    /// flag).
    pub fn spec(&self, (width, height): (u32, u32)) -> anyhow::Result<BoardSpec> {
        Ok(BoardSpec {
            width,
            height,
            spawns: self.spawns,
            destinations: self.destinations,
            min_path: self.min_path,
            walls: self.walls,
            tower_room: self.tower_room,
        }
        .checked()?)
    }
}

/// A generated board's whole spec, `--size` for its size (`horde generate`, `sim`, `preview`).
#[derive(Clone, Debug, Args)]
pub struct BoardSpecFlags {
    /// Generated board: its size, WxH, 5 to 256 tiles a side.
    #[arg(long, visible_alias = "board-size", value_name = "WxH", default_value = "23x11", value_parser = size)]
    pub size: (u32, u32),
    /// The rest of the spec.
    #[command(flatten)]
    pub rest: SpecFlags,
}

impl BoardSpecFlags {
    /// The spec the flags give, checked.
    pub fn spec(&self) -> anyhow::Result<BoardSpec> {
        self.rest.spec(self.size)
    }
}

/// `--size`: `WxH`.
fn size(text: &str) -> Result<(u32, u32), String> {
    parse_size(text).map_err(|e| e.problem)
}

/// `--challenge`'s value: a seed (`today` is the date's), or `online`, today's seed of the
/// board server (`--server`), fetched when the command runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Challenge {
    /// This seed.
    Seed(u64),
    /// Today's seed from the board server.
    Online,
}

/// `--challenge SEED|today|online`: the board generated from SEED with the default spec, played
/// with the built-in endless scenario and SEED as the game's seed; `today` is the date (UTC) as
/// `YYYYMMDD`; `online` is resolved when the command runs.
pub fn parse_challenge(text: &str) -> Result<Challenge, String> {
    match text {
        "today" => Ok(Challenge::Seed(horde_games::today_utc())),
        "online" => Ok(Challenge::Online),
        _ => text
            .parse()
            .map(Challenge::Seed)
            .map_err(|_| format!("`{text}` is not a seed (a whole number), `today` or `online`")),
    }
}

/// `--generate N`: play the board generated from seed N (with the spec flags) instead of a
/// level file (`horde sim`, `preview`).
#[derive(Clone, Debug, Args)]
pub struct GenerateFlags {
    /// Play the tower-defense board generated from this seed (`horde generate`; the spec
    /// flags `--size`, `--spawns`, .. shape it) instead of a level file.
    #[arg(long, value_name = "N", conflicts_with = "level")]
    pub generate: Option<u64>,
    /// Play a challenge: the board generated from SEED (the default spec) with the built-in
    /// endless scenario and SEED as the game's seed; `today` is the date, UTC (YYYYMMDD);
    /// `online`, today's seed of the board server (`--server`). Nothing else shapes the game: the level, board spec, scenario and seed flags conflict.
    #[arg(long, value_name = "SEED|today|online", value_parser = parse_challenge,
          conflicts_with_all = ["level", "generate", "scenario", "seed", "size", "spawns",
                                "destinations", "min_path", "walls", "tower_room"])]
    pub challenge: Option<Challenge>,
    /// The board server `--challenge online` asks for today's seed (default: `HORDE_SERVER`,
    /// else `http://127.0.0.1:7878`).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// The generated board's spec.
    #[command(flatten)]
    pub spec: BoardSpecFlags,
}

/// What both kinds of generated-board flags (`horde sim`'s and a scene's) say: the challenge
/// asked for, the server to ask for `online`, and the board asked once the challenge's seed is
/// known. Each kind gives its flags ([`BoardFlags::given`]) and its spec; the rest is said
/// once, here.
pub trait BoardFlags {
    /// `--generate`, `--challenge` and `--server`, as given.
    fn given(&self) -> (Option<u64>, Option<Challenge>, Option<&str>);

    /// The generated board's spec the flags give, checked.
    fn board_spec(&self) -> anyhow::Result<BoardSpec>;

    /// `--challenge`, as given.
    fn challenge_flag(&self) -> Option<Challenge> {
        self.given().1
    }

    /// `--server`, as given.
    fn server_flag(&self) -> Option<&str> {
        self.given().2
    }

    /// The seed and spec of the board asked for, if one is; `challenge`: the challenge's seed,
    /// resolved (`online` fetched): its board has the default spec.
    fn asked(&self, challenge: Option<u64>) -> anyhow::Result<Option<(u64, BoardSpec)>> {
        if let Some(seed) = challenge {
            return Ok(Some((seed, BoardSpec::default())));
        }
        let (generate, ..) = self.given();
        generate
            .map(|seed| Ok((seed, self.board_spec()?)))
            .transpose()
    }
}

impl BoardFlags for GenerateFlags {
    fn given(&self) -> (Option<u64>, Option<Challenge>, Option<&str>) {
        (self.generate, self.challenge, self.server.as_deref())
    }

    fn board_spec(&self) -> anyhow::Result<BoardSpec> {
        self.spec.spec()
    }
}

/// `--generate N` in a scene (`horde run`, `screenshot`), whose `--size` is the picture's:
/// the board's size is `--board-size`.
#[derive(Clone, Debug, Args)]
pub struct SceneGenerateFlags {
    /// TD scene: play the board generated from this seed (`horde generate`; `--board-size`,
    /// `--spawns`, .. shape it) instead of a level file.
    #[arg(long, value_name = "N", conflicts_with = "level")]
    pub generate: Option<u64>,
    /// TD scene: play a challenge: the board generated from SEED (the default spec) with the
    /// built-in endless scenario and SEED as the game's seed; `today` is the date, UTC;
    /// `online`, today's seed of the board server (`--server`).
    /// Nothing else shapes the game: the level, board spec, scenario, seed and spawn flags
    /// conflict.
    #[arg(long, value_name = "SEED|today|online", value_parser = parse_challenge,
          conflicts_with_all = ["level", "generate", "scenario", "seed", "board_size", "spawns",
                                "destinations", "min_path", "walls", "tower_room", "spawn_speed",
                                "scale", "speed", "path_offset", "animation"])]
    pub challenge: Option<Challenge>,
    /// The board server `--challenge online` asks for today's seed (default: `HORDE_SERVER`,
    /// else `http://127.0.0.1:7878`).
    #[arg(long, value_name = "URL")]
    pub server: Option<String>,
    /// Generated board: its size, WxH, 5 to 256 tiles a side.
    #[arg(long, value_name = "WxH", default_value = "23x11", value_parser = size)]
    pub board_size: (u32, u32),
    /// The rest of the spec.
    #[command(flatten)]
    pub rest: SpecFlags,
}

impl BoardFlags for SceneGenerateFlags {
    fn given(&self) -> (Option<u64>, Option<Challenge>, Option<&str>) {
        (self.generate, self.challenge, self.server.as_deref())
    }

    fn board_spec(&self) -> anyhow::Result<BoardSpec> {
        self.rest.spec(self.board_size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_challenge_is_a_seed_or_today() {
        assert_eq!(parse_challenge("42"), Ok(Challenge::Seed(42)));
        assert_eq!(parse_challenge("online"), Ok(Challenge::Online));
        assert!(parse_challenge("tomorrow").is_err());
        let Ok(Challenge::Seed(today)) = parse_challenge("today") else {
            panic!("today is a seed");
        };
        assert!((20_260_101..30_000_000).contains(&today), "{today}");
    }
}
