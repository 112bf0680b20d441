//! The tile board: contents, spawn points, and the flow field kept in step with every edit.
//!
//! A [`Board`] is always valid: at least one destination and one spawn point, and every tile
//! (walls included) has a path to a destination. Edits that would break this are refused and
//! leave the board as it was (docs/ARCHITECTURE.md, board, paths and enemies).

use crate::td::direction::Direction;
use crate::td::flow_field::{FlowField, NO_TILE};
use crate::td::tile::TileContent;
use crate::td::towers::kind::TowerKind;
use crate::td::towers::priority::Priority;

/// The most tiles a board may have (a 4096 × 4096 board).
pub const MAX_TILES: usize = 4096 * 4096;

/// Why a board could not be built from a grid of contents.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Width or height is zero, a side is longer than the flow field supports, or there are too
    /// many tiles.
    #[error(
        "board size {width}×{height} is out of range (each side 1–65535, at most {MAX_TILES} tiles)"
    )]
    BadSize {
        /// Requested width.
        width: u32,
        /// Requested height.
        height: u32,
    },
    /// The number of contents does not match `width × height`.
    #[error("expected {expected} tiles, got {found}")]
    WrongTileCount {
        /// `width × height`.
        expected: usize,
        /// Contents given.
        found: usize,
    },
    /// No tile is a destination.
    #[error("the board has no destination")]
    NoDestination,
    /// No tile is a spawn point.
    #[error("the board has no spawn point")]
    NoSpawnPoint,
    /// Some tile cannot reach any destination (the first in reading order, north row first).
    #[error("tile ({x}, {y}) has no path to a destination")]
    NoPath {
        /// Tile column, from the west edge.
        x: u32,
        /// Tile row, from the south edge.
        y: u32,
    },
}

/// Why an edit was refused. The board is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EditRefused {
    /// The tile is outside the board.
    #[error("tile ({x}, {y}) is outside the board")]
    OutOfBounds {
        /// Requested column.
        x: i64,
        /// Requested row.
        y: i64,
    },
    /// Only an empty tile can become something else; this one holds other content.
    #[error("the tile holds a {}", .0.name())]
    Occupied(TileContent),
    /// The edit would leave some tile without a path to a destination.
    #[error("that would leave a tile without a path")]
    WouldBlockPath,
    /// The board must keep at least one destination.
    #[error("the last destination cannot be removed")]
    LastDestination,
    /// The board must keep at least one spawn point.
    #[error("the last spawn point cannot be removed")]
    LastSpawnPoint,
    /// A targeting priority needs a tower on the tile.
    #[error("there is no tower on that tile")]
    NoTower,
    /// The scenario's budget cannot pay for it.
    #[error("it costs {cost} and the budget holds {money}")]
    CannotPay {
        /// What it costs.
        cost: u32,
        /// What the budget holds.
        money: u32,
    },
}

/// The kinds of edit a player (or a script) can make; each toggles a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EditKind {
    /// Empty ⇄ wall.
    Wall,
    /// Empty ⇄ destination.
    Destination,
    /// Empty ⇄ spawn point.
    SpawnPoint,
    /// Empty (or a wall, or the other tower) → a tower of this kind; the same tower → empty.
    Tower(TowerKind),
    /// Not a toggle: the tower on the tile gets this targeting priority (refused where there
    /// is no tower). The board itself does not change.
    Target(Priority),
}

impl EditKind {
    /// The content this edit puts on an empty tile (none for a priority).
    pub fn content(self) -> Option<TileContent> {
        match self {
            EditKind::Wall => Some(TileContent::Wall),
            EditKind::Destination => Some(TileContent::Destination),
            EditKind::SpawnPoint => Some(TileContent::SpawnPoint),
            EditKind::Tower(kind) => Some(TileContent::Tower(kind)),
            EditKind::Target(_) => None,
        }
    }
}

/// A rectangular grid of tiles with a flow field that always matches it.
#[derive(Clone, Debug)]
pub struct Board {
    width: u32,
    height: u32,
    contents: Vec<TileContent>,
    /// Spawn point tiles in the order they were added (level files add them in index order).
    spawn_points: Vec<u32>,
    destinations: usize,
    field: FlowField,
    /// Counts successful edits, so views know when to rebuild what they drew from the board.
    revision: u64,
}

impl Board {
    /// The texts' starting board: all empty but a destination on the middle tile
    /// (index `tiles / 2`) and a spawn point on tile (0, 0), the south-west corner.
    pub fn with_defaults(width: u32, height: u32) -> Result<Board, BoardError> {
        let tiles = check_size(width, height)?;
        if tiles < 2 {
            return Err(BoardError::BadSize { width, height });
        }
        let mut contents = vec![TileContent::Empty; tiles];
        contents[tiles / 2] = TileContent::Destination;
        contents[0] = TileContent::SpawnPoint;
        Board::from_contents(width, height, contents)
    }

    /// A board from row-major contents (`y * width + x`, row 0 the southmost).
    pub fn from_contents(
        width: u32,
        height: u32,
        contents: Vec<TileContent>,
    ) -> Result<Board, BoardError> {
        let tiles = check_size(width, height)?;
        if contents.len() != tiles {
            return Err(BoardError::WrongTileCount {
                expected: tiles,
                found: contents.len(),
            });
        }
        let destinations = contents
            .iter()
            .filter(|c| **c == TileContent::Destination)
            .count();
        if destinations == 0 {
            return Err(BoardError::NoDestination);
        }
        let spawn_points: Vec<u32> = (0..tiles as u32)
            .filter(|&i| contents[i as usize] == TileContent::SpawnPoint)
            .collect();
        if spawn_points.is_empty() {
            return Err(BoardError::NoSpawnPoint);
        }
        let mut field = FlowField::new(width, height);
        field.search(&contents);
        if !field.is_complete() {
            // Report the first such tile in reading order: northmost row first, west to east.
            let unreached = (0..height)
                .rev()
                .flat_map(|y| (0..width).map(move |x| (x, y)));
            if let Some((x, y)) = unreached
                .into_iter()
                .find(|&(x, y)| !field.has_path((y * width + x) as usize))
            {
                return Err(BoardError::NoPath { x, y });
            }
        }
        Ok(Board {
            width,
            height,
            contents,
            spawn_points,
            destinations,
            field,
            revision: 0,
        })
    }

    /// The board a save describes: `contents` checked as [`Board::from_contents`] checks
    /// them, its spawn points in the order given (the order edits left them in, which spawning
    /// draws from; they must be exactly the spawn point tiles) and its revision.
    pub(crate) fn restore(
        width: u32,
        height: u32,
        contents: Vec<TileContent>,
        spawn_points: Vec<u32>,
        revision: u64,
    ) -> Result<Board, String> {
        let mut board = Board::from_contents(width, height, contents).map_err(|e| e.to_string())?;
        let mut sorted = spawn_points.clone();
        sorted.sort_unstable();
        if sorted != board.spawn_points {
            return Err(format!(
                "its list of spawn points {spawn_points:?} does not match the board's"
            ));
        }
        board.spawn_points = spawn_points;
        board.revision = revision;
        Ok(board)
    }

    /// Width in tiles (west to east).
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in tiles (south to north).
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Number of tiles.
    pub fn tile_count(&self) -> usize {
        self.contents.len()
    }

    /// The index of tile `(x, y)`, if it is on the board.
    pub fn index(&self, x: i64, y: i64) -> Option<usize> {
        let inside = (0..self.width as i64).contains(&x) && (0..self.height as i64).contains(&y);
        inside.then(|| (y * self.width as i64 + x) as usize)
    }

    /// The `(x, y)` coordinates of tile `index`.
    pub fn coords(&self, index: usize) -> (u32, u32) {
        (index as u32 % self.width, index as u32 / self.width)
    }

    /// All tile contents, row-major from the south-west corner.
    pub fn contents(&self) -> &[TileContent] {
        &self.contents
    }

    /// The content of tile `index`.
    pub fn content(&self, index: usize) -> TileContent {
        self.contents[index]
    }

    /// Spawn point tiles, in the order they were added.
    pub fn spawn_points(&self) -> &[u32] {
        &self.spawn_points
    }

    /// Number of destination tiles.
    pub fn destination_count(&self) -> usize {
        self.destinations
    }

    /// The world position `(x, z)` of the centre of tile `index` (docs/ARCHITECTURE.md, frames and units).
    #[inline]
    pub fn tile_center(&self, index: usize) -> [f32; 2] {
        let (x, y) = self.coords(index);
        [
            x as f32 - (self.width - 1) as f32 * 0.5,
            y as f32 - (self.height - 1) as f32 * 0.5,
        ]
    }

    /// The next tile on the path from `index`, or `None` at a destination.
    #[inline]
    pub fn next_on_path(&self, index: usize) -> Option<usize> {
        match self.field.next(index) {
            NO_TILE => None,
            next => Some(next as usize),
        }
    }

    /// The direction from tile `index` to its next tile (north at destinations).
    #[inline]
    pub fn path_direction(&self, index: usize) -> Direction {
        self.field.direction(index)
    }

    /// Steps from tile `index` to the nearest destination.
    #[inline]
    pub fn distance(&self, index: usize) -> u32 {
        self.field.distance(index).unwrap_or(u32::MAX)
    }

    /// [`Board::distance`] as `f32`, read from a compact copy (the towers' priority keys).
    #[inline]
    pub(crate) fn steps(&self, index: usize) -> f32 {
        self.field.steps(index)
    }

    /// Where an enemy leaves tile `index`: the midpoint of the edge it shares with its next
    /// tile, or its own centre for a destination.
    #[inline]
    pub fn exit_point(&self, index: usize) -> [f32; 2] {
        let center = self.tile_center(index);
        if self.contents[index] == TileContent::Destination {
            return center;
        }
        let half = self.field.direction(index).half_vector();
        [center[0] + half[0], center[1] + half[1]]
    }

    /// The flow field, for inspection.
    pub fn flow_field(&self) -> &FlowField {
        &self.field
    }

    /// How many edits have changed this board; any change of contents or paths bumps it.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Applies one toggle edit at `(x, y)` and returns the tile's new content.
    pub fn toggle(&mut self, kind: EditKind, x: i64, y: i64) -> Result<TileContent, EditRefused> {
        let index = self.index(x, y).ok_or(EditRefused::OutOfBounds { x, y })?;
        let result = match kind {
            EditKind::Wall => self.toggle_wall(index),
            EditKind::Destination => self.toggle_destination(index),
            EditKind::SpawnPoint => self.toggle_spawn_point(index),
            EditKind::Tower(kind) => self.toggle_tower(index, kind),
            // A priority is the tower's, not the board's: the board only checks the tower.
            EditKind::Target(_) => {
                return match self.contents[index] {
                    content @ TileContent::Tower(_) => Ok(content),
                    _ => Err(EditRefused::NoTower),
                };
            }
        };
        if result.is_ok() {
            self.revision += 1;
        }
        result
    }

    /// Empty ⇄ wall. Placing a wall that would leave any tile (itself included) without a path
    /// is refused.
    fn toggle_wall(&mut self, index: usize) -> Result<TileContent, EditRefused> {
        match self.contents[index] {
            TileContent::Wall => {
                self.set_and_search(index, TileContent::Empty);
                Ok(TileContent::Empty)
            }
            TileContent::Empty => {
                if self.set_and_search(index, TileContent::Wall) {
                    Ok(TileContent::Wall)
                } else {
                    self.set_and_search(index, TileContent::Empty);
                    Err(EditRefused::WouldBlockPath)
                }
            }
            other => Err(EditRefused::Occupied(other)),
        }
    }

    /// Empty ⇄ destination. Removing the last destination, or one whose removal leaves a tile
    /// without a path, is refused.
    fn toggle_destination(&mut self, index: usize) -> Result<TileContent, EditRefused> {
        match self.contents[index] {
            TileContent::Destination => {
                if self.destinations == 1 {
                    return Err(EditRefused::LastDestination);
                }
                self.destinations -= 1;
                if self.set_and_search(index, TileContent::Empty) {
                    Ok(TileContent::Empty)
                } else {
                    self.destinations += 1;
                    self.set_and_search(index, TileContent::Destination);
                    Err(EditRefused::WouldBlockPath)
                }
            }
            TileContent::Empty => {
                self.destinations += 1;
                self.set_and_search(index, TileContent::Destination);
                Ok(TileContent::Destination)
            }
            other => Err(EditRefused::Occupied(other)),
        }
    }

    /// Empty ⇄ spawn point. Removing the last spawn point is refused. Paths do not change.
    fn toggle_spawn_point(&mut self, index: usize) -> Result<TileContent, EditRefused> {
        match self.contents[index] {
            TileContent::SpawnPoint => {
                if self.spawn_points.len() == 1 {
                    return Err(EditRefused::LastSpawnPoint);
                }
                if let Some(at) = self.spawn_points.iter().position(|&s| s as usize == index) {
                    self.spawn_points.remove(at);
                }
                self.contents[index] = TileContent::Empty;
                Ok(TileContent::Empty)
            }
            TileContent::Empty => {
                self.contents[index] = TileContent::SpawnPoint;
                self.spawn_points.push(index as u32);
                Ok(TileContent::SpawnPoint)
            }
            other => Err(EditRefused::Occupied(other)),
        }
    }

    /// A tower of `kind`: on an empty tile it is placed unless a tile would lose its path; on
    /// a tower of the same kind it is removed; on a wall or a tower of another kind it takes
    /// its place (both block paths, so paths stay as they are); destinations and spawn points
    /// are refused.
    fn toggle_tower(&mut self, index: usize, kind: TowerKind) -> Result<TileContent, EditRefused> {
        let tower = TileContent::Tower(kind);
        match self.contents[index] {
            TileContent::Empty => {
                if self.set_and_search(index, tower) {
                    Ok(tower)
                } else {
                    self.set_and_search(index, TileContent::Empty);
                    Err(EditRefused::WouldBlockPath)
                }
            }
            same if same == tower => {
                self.set_and_search(index, TileContent::Empty);
                Ok(TileContent::Empty)
            }
            TileContent::Wall | TileContent::Tower(_) => {
                self.contents[index] = tower;
                Ok(tower)
            }
            other => Err(EditRefused::Occupied(other)),
        }
    }

    /// Sets one tile and recomputes the paths; returns whether every tile has a path.
    fn set_and_search(&mut self, index: usize, content: TileContent) -> bool {
        self.contents[index] = content;
        self.field.search(&self.contents);
        self.field.is_complete()
    }
}

/// Checks a board size and returns its tile count.
fn check_size(width: u32, height: u32) -> Result<usize, BoardError> {
    let tiles = width as usize * height as usize;
    let side_ok = |s: u32| (1..=FlowField::MAX_SIDE).contains(&s);
    if side_ok(width) && side_ok(height) && tiles <= MAX_TILES {
        Ok(tiles)
    } else {
        Err(BoardError::BadSize { width, height })
    }
}
