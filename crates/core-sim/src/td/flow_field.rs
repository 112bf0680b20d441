//! The breadth-first flow field: for every tile, the distance to the nearest destination, the
//! next tile on the way there and the direction to it.
//!
//! The search grows from all destinations at once (enqueued in index order). Tiles on a
//! checkerboard grow to their neighbours in different orders (north, south, east, west on
//! "alternative" tiles; west, east, south, north on the others), which makes equally short paths
//! zig-zag instead of running along one axis and then the other. Walls receive a path from the
//! neighbour that reaches them first but pass none on, so an enemy already heading into a new
//! wall still has a way out.
//!
//! The field owns its buffers and reuses them: after the first search on a board size, a search
//! allocates nothing. Tiles are marked as reached with a generation stamp, so nothing is cleared
//! between searches.

use crate::td::direction::Direction;
use crate::td::tile::TileContent;

/// Marks "no next tile" (a destination, or a tile the last search did not reach).
pub const NO_TILE: u32 = u32::MAX;

/// Per-tile search result, 12 bytes, so one neighbour check touches one cache line.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Equal to the field's generation when the last search reached this tile.
    stamp: u32,
    /// The next tile's index in the low 30 bits ([`NEXT_NONE`] for none), the direction to it
    /// in the top 2.
    next_and_direction: u32,
    distance: u32,
}

/// The low 30 bits of [`Node::next_and_direction`].
const NEXT_MASK: u32 = (1 << 30) - 1;

/// "No next tile" in the low 30 bits.
const NEXT_NONE: u32 = NEXT_MASK;

impl Node {
    fn next(&self) -> u32 {
        match self.next_and_direction & NEXT_MASK {
            NEXT_NONE => NO_TILE,
            next => next,
        }
    }

    fn direction(&self) -> Direction {
        Direction::from_index((self.next_and_direction >> 30) as u8)
    }
}

/// A queued tile with its coordinates, so the search never divides to recover them.
#[derive(Clone, Copy, Debug)]
struct Entry {
    index: u32,
    x: u16,
    y: u16,
}

/// Shortest paths from every tile to its nearest destination, recomputed by [`FlowField::search`].
#[derive(Clone, Debug)]
pub struct FlowField {
    width: u32,
    height: u32,
    nodes: Vec<Node>,
    queue: Vec<Entry>,
    generation: u32,
    reached: usize,
    /// Per tile, its distance as `f32` ([`u32::MAX`] where the last search did not reach it),
    /// one after another: what the towers' priority keys read a million times a tick (4 bytes
    /// a tile stay in the cache where the nodes' 12 do not).
    steps: Vec<f32>,
}

impl FlowField {
    /// The largest number of tiles along one side (queue entries store coordinates as `u16`).
    pub const MAX_SIDE: u32 = u16::MAX as u32;

    /// An empty field for a `width × height` board. Both sides must be in `1..=MAX_SIDE`, and
    /// the board must have fewer than 2³⁰ − 1 tiles ([`crate::td::board::Board`] allows 2²⁴).
    pub fn new(width: u32, height: u32) -> FlowField {
        assert!(
            (1..=Self::MAX_SIDE).contains(&width) && (1..=Self::MAX_SIDE).contains(&height),
            "board side out of range"
        );
        let tiles = width as usize * height as usize;
        assert!(
            tiles < NEXT_NONE as usize,
            "too many tiles for a flow field"
        );
        FlowField {
            width,
            height,
            nodes: vec![Node::default(); tiles],
            queue: Vec::with_capacity(tiles),
            generation: 0,
            reached: 0,
            steps: vec![u32::MAX as f32; tiles],
        }
    }

    /// Board width in tiles.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Board height in tiles.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Recomputes every path for the given tile contents (row-major, `y * width + x`).
    /// Returns how many tiles got a path; the field is complete when that equals the tile count.
    pub fn search(&mut self, contents: &[TileContent]) -> usize {
        assert_eq!(
            contents.len(),
            self.nodes.len(),
            "contents do not match the board size"
        );
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // The stamps wrapped: forget them all once, then start again from 1.
            self.nodes.iter_mut().for_each(|n| n.stamp = 0);
            self.generation = 1;
        }
        let generation = self.generation;
        let width = self.width as usize;
        let (max_x, max_y) = (self.width as u16 - 1, self.height as u16 - 1);
        let nodes = &mut self.nodes[..];
        let queue = &mut self.queue;
        queue.clear();

        for (index, content) in contents.iter().enumerate() {
            if *content == TileContent::Destination {
                nodes[index] = Node {
                    stamp: generation,
                    next_and_direction: NEXT_NONE,
                    distance: 0,
                };
                queue.push(Entry {
                    index: index as u32,
                    x: (index % width) as u16,
                    y: (index / width) as u16,
                });
            }
        }

        let mut walls_reached = 0usize;
        let mut head = 0;
        // The queue holds one distance after another: tiles grown from tiles before
        // `layer_end` are `distance` steps away.
        let mut layer_end = queue.len();
        let mut distance = 1;
        while let Some(&Entry { index, x, y }) = queue.get(head) {
            if head == layer_end {
                layer_end = queue.len();
                distance += 1;
            }
            head += 1;
            // Gives neighbour `to` its path through this tile, unless it already has one; the
            // neighbour's direction points back at this tile.
            let mut grow = |to: u32, to_x: u16, to_y: u16, direction: Direction| {
                let node = &mut nodes[to as usize];
                if node.stamp == generation {
                    return;
                }
                *node = Node {
                    stamp: generation,
                    next_and_direction: index | (direction as u32) << 30,
                    distance,
                };
                if contents[to as usize].blocks_path() {
                    walls_reached += 1;
                } else {
                    queue.push(Entry {
                        index: to,
                        x: to_x,
                        y: to_y,
                    });
                }
            };
            let north = index + width as u32;
            let south = index.wrapping_sub(width as u32);
            if is_alternative(x, y) {
                if y < max_y {
                    grow(north, x, y + 1, Direction::South);
                }
                if y > 0 {
                    grow(south, x, y - 1, Direction::North);
                }
                if x < max_x {
                    grow(index + 1, x + 1, y, Direction::West);
                }
                if x > 0 {
                    grow(index - 1, x - 1, y, Direction::East);
                }
            } else {
                if x > 0 {
                    grow(index - 1, x - 1, y, Direction::East);
                }
                if x < max_x {
                    grow(index + 1, x + 1, y, Direction::West);
                }
                if y > 0 {
                    grow(south, x, y - 1, Direction::North);
                }
                if y < max_y {
                    grow(north, x, y + 1, Direction::South);
                }
            }
        }
        self.reached = head + walls_reached;
        for (steps, node) in self.steps.iter_mut().zip(&self.nodes) {
            let distance = if node.stamp == generation {
                node.distance
            } else {
                u32::MAX
            };
            *steps = distance as f32;
        }
        self.reached
    }

    /// How many tiles the last search reached.
    pub fn reached(&self) -> usize {
        self.reached
    }

    /// Whether the last search gave every tile a path.
    pub fn is_complete(&self) -> bool {
        self.reached == self.nodes.len()
    }

    /// Whether the last search reached tile `index`.
    pub fn has_path(&self, index: usize) -> bool {
        self.nodes[index].stamp == self.generation
    }

    /// The next tile on the path from `index`, or `NO_TILE` for a destination or an unreached tile.
    #[inline]
    pub fn next(&self, index: usize) -> u32 {
        let node = &self.nodes[index];
        if node.stamp == self.generation {
            node.next()
        } else {
            NO_TILE
        }
    }

    /// Steps from `index` to its nearest destination, if the last search reached it.
    #[inline]
    pub fn distance(&self, index: usize) -> Option<u32> {
        let node = &self.nodes[index];
        (node.stamp == self.generation).then_some(node.distance)
    }

    /// Steps from `index` to its nearest destination as `f32`: [`FlowField::distance`], or
    /// [`u32::MAX`] where the last search did not reach it.
    #[inline]
    pub fn steps(&self, index: usize) -> f32 {
        self.steps[index]
    }

    /// The direction from `index` to its next tile (north for destinations and unreached tiles).
    #[inline]
    pub fn direction(&self, index: usize) -> Direction {
        let node = &self.nodes[index];
        if node.stamp == self.generation {
            node.direction()
        } else {
            Direction::North
        }
    }
}

/// Whether tile `(x, y)` is "alternative" on the checkerboard: `x` even, flipped on even rows.
/// Alternative tiles grow north, south, east, west; the others west, east, south, north.
pub fn is_alternative(x: u16, y: u16) -> bool {
    ((x & 1) == 0) != ((y & 1) == 0)
}
