//! Tower-defense boards generated from a seed ([`generate_board`]): the project's WFC solver
//! over a small set of TD modules (open ground and wall pieces whose faces say where a wall
//! goes on: `assets/boards/td-modules.ron`), with connectivity enforced during propagation
//! (`connect.rs`: every tile keeps a path, spawn points and destinations stay joined) and the
//! solver's backtracking for the rest. Spawn points stand on the west edge, destinations on
//! the east. A board whose shortest paths are too short, or whose room for towers too small,
//! is made again from a seed derived from the seed, a bounded number of times.
//!
//! The result is a level file's text (the format every command reads), opening with a comment
//! naming the generator's version, the seed and the spec; it is a pure function of the three:
//! integer decisions but for the solver's weighted choice, which is the same IEEE arithmetic
//! on every machine, and one thread.
//!
//! Boards are versioned ([`GENERATOR_VERSION`]): a board once shared stays the board its label
//! names, so every version this build has made is still made ([`GENERATOR_VERSIONS`],
//! [`generate_board_version`]). Version 1 left the way's length to chance (four boards in ten
//! of the default spec needed a retry); version 2 fixes guide walls first (`guides.rs`), as
//! many as the length asked for needs, and hollows niches for towers into the finished walls
//! where the room asked for is short (`niches.rs`).
//!
//! The rooms: `spec.rs` ([`BoardSpec`], its limits and its text), `guides.rs` (the guide
//! walls), `niches.rs` (room for towers made), `connect.rs` (the connectivity constraint), `measure.rs` (paths, room for towers,
//! walls of a finished board).

mod connect;
mod guides;
mod measure;
mod niches;
mod spec;

pub use measure::{Measures, Tile, measure};
pub use spec::{BOARD_SIDES, BoardSpec, MAX_ENDS, MAX_WALLS, SpecError, parse_size};

use crate::wfc::{ModuleSet, Size, Solver};
use connect::Connected;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::OnceLock;

/// The generator's version, named in every generated board's header: a change that changes
/// the boards a spec and seed give bumps it (and keeps the old version's boards in
/// [`GENERATOR_VERSIONS`]).
pub const GENERATOR_VERSION: u32 = 2;

/// Every version whose boards this build makes: [`generate_board_version`] takes any of them.
pub const GENERATOR_VERSIONS: std::ops::RangeInclusive<u32> = 1..=GENERATOR_VERSION;

/// Places of the south and north faces in a module's faces (`FACES` order: west, east, south,
/// north, down, up).
const SOUTH: usize = 2;
const NORTH: usize = 3;

/// How much likelier a straight wall is to run north–south than east–west.
const UPRIGHT: f64 = 8.0;

/// The TD modules, `assets/boards/td-modules.ron`, compiled in.
pub const TD_MODULES: &str = include_str!("../../../../assets/boards/td-modules.ron");

/// The most boards made for one seed before giving up: 64, fewer on large boards (a cell
/// budget of 4 million tiles), never fewer than 8. A count, not a time: the answer does not
/// depend on the machine.
fn retry_budget(tiles: u32) -> u32 {
    (4_000_000 / tiles.max(1)).clamp(8, 64)
}

/// A generated board.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedBoard {
    /// What it was made to.
    pub spec: BoardSpec,
    /// Its seed.
    pub seed: u64,
    /// The generator version that made it.
    pub version: u32,
    /// Its tiles, index `x + width·y` (`y = 0` the south row).
    pub tiles: Vec<Tile>,
    /// Its figures.
    pub measures: Measures,
    /// Boards made again from a derived seed before this one met the spec.
    pub retries: u32,
}

/// Why no board was made.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BoardError {
    /// The spec is out of its limits, or provably impossible.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// No board met the spec within the retries (the flag of the condition that failed, and
    /// what the best board reached).
    #[error("{flag}: no board met it after {retries} boards from seed {seed} ({problem})")]
    GaveUp {
        /// The flag of the condition no board met.
        flag: &'static str,
        /// Boards made.
        retries: u32,
        /// The seed asked for.
        seed: u64,
        /// What was reached instead.
        problem: String,
    },
    /// A generator version this build does not make.
    #[error(
        "generator v{0}: this build makes the boards of v{first} to v{last}",
        first = GENERATOR_VERSIONS.start(),
        last = GENERATOR_VERSIONS.end()
    )]
    Version(u32),
    /// The built-in module set did not read (a broken build).
    #[error("the built-in TD module set: {0}")]
    Modules(String),
}

impl GeneratedBoard {
    /// The board as a level file: a comment naming the generator, seed and spec, then one line
    /// a row, the northmost first.
    pub fn level_text(&self) -> String {
        let (w, h) = (self.spec.width as usize, self.spec.height as usize);
        let mut text = format!(
            "// horde generate v{} seed {} spec {}\n",
            self.version, self.seed, self.spec
        );
        for y in (0..h).rev() {
            text.extend(self.tiles[y * w..(y + 1) * w].iter().map(|t| t.symbol()));
            text.push('\n');
        }
        text
    }
}

/// The module set, read once.
fn modules() -> Result<&'static ModuleSet, BoardError> {
    static SET: OnceLock<Result<ModuleSet, String>> = OnceLock::new();
    SET.get_or_init(|| {
        ModuleSet::parse(TD_MODULES, "assets/boards/td-modules.ron".as_ref())
            .map_err(|e| e.to_string())
    })
    .as_ref()
    .map_err(|e| BoardError::Modules(e.clone()))
}

/// A 64-bit mix of `seed` and `word` (splitmix64's finaliser): the seed of retry `word`.
fn derive(seed: u64, word: u64) -> u64 {
    let mut z = seed ^ word.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `count` rows of a board `height` tiles high, one in each of `count` equal bands, drawn from
/// `rng`.
fn rows(rng: &mut ChaCha8Rng, height: u32, count: u32) -> Vec<u32> {
    (0..count)
        .map(|band| {
            let (start, end) = (band * height / count, (band + 1) * height / count);
            start + (rng.next_u32() % (end - start).max(1))
        })
        .collect()
}

/// One board of `spec` from `seed` by generator `version`, or `None` where the solver found
/// none.
fn attempt(
    set: &ModuleSet,
    spec: &BoardSpec,
    seed: u64,
    version: u32,
) -> Result<Option<Vec<Tile>>, BoardError> {
    let (w, h) = (spec.width, spec.height);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tiles = vec![Tile::Empty; (w * h) as usize];
    // Spawn points in the north half of the west edge, destinations in the south half of the
    // east edge: every way between them crosses the board both ways.
    let half = h.div_ceil(2);
    for y in rows(&mut rng, half, spec.spawns) {
        tiles[((h - 1 - y) * w) as usize] = Tile::Spawn;
    }
    for y in rows(&mut rng, half, spec.destinations) {
        tiles[(y * w + w - 1) as usize] = Tile::Destination;
    }
    let share = f64::from(spec.walls);
    let guides = if version >= 2 && share > 0.0 {
        guides::guide_walls(&mut rng, spec, &tiles)
    } else {
        Vec::new()
    };
    // The wall pieces' weights scaled so that the share asked for is about what comes out.
    let mut set = set.clone();
    let ground: Vec<bool> = (set.modules.iter())
        .map(|m| set.prototypes[m.prototype].name == "ground")
        .collect();
    // The set's weights give about the default share (0.45).
    let scale = if share > 0.0 {
        (1.0 - share) / share * (0.45 / 0.55)
    } else {
        1.0
    };
    for (module, &open) in set.modules.iter_mut().zip(&ground) {
        if open {
            module.weight *= scale;
        } else if module.faces[NORTH].connector == 1 && module.faces[SOUTH].connector == 1 {
            // Walls running north–south stand across the way from west to east: paths wind.
            module.weight *= UPRIGHT;
        }
    }
    let words = set.modules.len().div_ceil(64);
    let mut open = vec![0u64; words];
    for (m, &is_ground) in ground.iter().enumerate() {
        if is_ground {
            open[m / 64] |= 1 << (m % 64);
        }
    }
    let size = Size { x: w, y: 1, z: h };
    let mut solver =
        Solver::new(&set, size, rng.next_u64()).map_err(|e| BoardError::Modules(e.to_string()))?;
    solver.max_attempts = 1;
    for (tile, kind) in tiles.iter().enumerate() {
        let no_walls = share <= 0.0;
        if (*kind != Tile::Empty || no_walls) && solver.restrict(tile, &open).is_err() {
            return Ok(None);
        }
    }
    let closed: Vec<u64> = (0..words)
        .map(|word| {
            let modules = set.modules.len() - word * 64;
            let all = if modules >= 64 {
                u64::MAX
            } else {
                (1 << modules) - 1
            };
            all & !open[word]
        })
        .collect();
    for &tile in &guides {
        if solver.restrict(tile, &closed).is_err() {
            return Ok(None);
        }
    }
    let required = tiles.iter().map(|t| *t != Tile::Empty).collect();
    let mut connected = Connected::new(w, h, open, required);
    let mut cells = Vec::new();
    if solver
        .solve_constrained(&mut cells, Some(&mut connected))
        .is_err()
    {
        return Ok(None);
    }
    for (tile, module) in tiles.iter_mut().zip(cells) {
        if *tile == Tile::Empty && !ground[usize::from(module)] {
            *tile = Tile::Wall;
        }
    }
    if version >= 2 {
        niches::hollow(&mut tiles, w, h, spec.tower_room, &mut rng);
    }
    Ok(Some(tiles))
}

/// A board of `spec` from `seed` by this build's generator (see the module docs), or why there
/// is none.
pub fn generate_board(spec: &BoardSpec, seed: u64) -> Result<GeneratedBoard, BoardError> {
    generate_board_version(GENERATOR_VERSION, spec, seed)
}

/// The board of `spec` and `seed` that generator `version` makes (any of
/// [`GENERATOR_VERSIONS`]: the same bytes as the build that had it as its own), or why there
/// is none.
pub fn generate_board_version(
    version: u32,
    spec: &BoardSpec,
    seed: u64,
) -> Result<GeneratedBoard, BoardError> {
    if !GENERATOR_VERSIONS.contains(&version) {
        return Err(BoardError::Version(version));
    }
    let spec = spec.checked()?;
    let set = modules()?;
    let budget = retry_budget(spec.width * spec.height);
    let mut best = (0u32, 0u32);
    let mut failed = ("--size", String::new());
    for retry in 0..budget {
        let Some(tiles) = attempt(set, &spec, derive(seed, u64::from(retry)), version)? else {
            failed = ("--walls", "the solver found no board".to_string());
            continue;
        };
        let measures = measure(&tiles, spec.width, spec.height);
        let shortest = measures
            .paths
            .iter()
            .map(|p| p.unwrap_or(0))
            .min()
            .unwrap_or(0);
        best = (best.0.max(shortest), best.1.max(measures.tower_room));
        if !measures.every_tile_has_a_path || measures.paths.iter().any(Option::is_none) {
            failed = ("--walls", "a tile without a path".to_string());
        } else if shortest < spec.min_path() {
            failed = (
                "--min-path",
                format!("the longest shortest path reached was {}", best.0),
            );
        } else if measures.tower_room < spec.tower_room {
            failed = (
                "--tower-room",
                format!("the most room for towers reached was {}", best.1),
            );
        } else {
            return Ok(GeneratedBoard {
                spec,
                seed,
                version,
                tiles,
                measures,
                retries: retry,
            });
        }
    }
    Err(BoardError::GaveUp {
        flag: failed.0,
        retries: budget,
        seed,
        problem: failed.1,
    })
}
