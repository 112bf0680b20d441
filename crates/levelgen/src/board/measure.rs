//! What a finished board is: every spawn's shortest path to its nearest destination (steps, by
//! breadth-first search over the open tiles, as the game's flow field finds it), the empty
//! tiles beside those paths where a tower can stand without cutting any tile off (not an
//! articulation point of the open tiles, and not the last open side of a wall), and its share
//! of walls. Integer work only: the same numbers on every machine.

/// A tile of a generated board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// Open ground.
    Empty,
    /// A wall.
    Wall,
    /// Where enemies appear.
    Spawn,
    /// Where enemies go.
    Destination,
}

impl Tile {
    /// Whether enemies walk through it.
    pub fn open(self) -> bool {
        self != Tile::Wall
    }

    /// Its level-file character.
    pub fn symbol(self) -> char {
        match self {
            Tile::Empty => '.',
            Tile::Wall => '#',
            Tile::Spawn => 'S',
            Tile::Destination => 'D',
        }
    }
}

/// A board's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Measures {
    /// Each spawn's shortest path to its nearest destination, in steps (`None`: no path).
    pub paths: Vec<Option<u32>>,
    /// Empty tiles beside a shortest path where a tower cuts nothing off.
    pub tower_room: u32,
    /// Walls over all tiles.
    pub walls: f64,
    /// Whether every tile, walls included, has a path to a destination (the game's check).
    pub every_tile_has_a_path: bool,
}

/// The four sides of a tile, `(dx, dy)`.
const SIDES: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// The tiles of a `width`-wide board (index `x + width·y`) around which [`measure`] works.
struct Grid<'a> {
    tiles: &'a [Tile],
    width: i32,
    height: i32,
}

/// The tiles beside `tile` (index `x + width·y`) on a `width × height` board.
pub(super) fn sides(tile: usize, width: i32, height: i32) -> impl Iterator<Item = usize> {
    let (x, y) = (tile as i32 % width, tile as i32 / width);
    SIDES.iter().filter_map(move |(dx, dy)| {
        let (nx, ny) = (x + dx, y + dy);
        ((0..width).contains(&nx) && (0..height).contains(&ny)).then(|| (nx + ny * width) as usize)
    })
}

impl Grid<'_> {
    fn sides(&self, tile: usize) -> impl Iterator<Item = usize> + use<> {
        sides(tile, self.width, self.height)
    }

    /// Steps from the nearest of `from` to every open tile (`u32::MAX` where unreached).
    fn distances(&self, from: impl Iterator<Item = usize>) -> Vec<u32> {
        let mut distance = vec![u32::MAX; self.tiles.len()];
        let mut queue = std::collections::VecDeque::new();
        for tile in from {
            distance[tile] = 0;
            queue.push_back(tile);
        }
        while let Some(tile) = queue.pop_front() {
            for n in self.sides(tile) {
                if self.tiles[n].open() && distance[n] == u32::MAX {
                    distance[n] = distance[tile] + 1;
                    queue.push_back(n);
                }
            }
        }
        distance
    }

    /// The articulation points of the open tiles (Tarjan's, without recursion).
    fn cut_tiles(&self) -> Vec<bool> {
        let n = self.tiles.len();
        let (mut order, mut low) = (vec![u32::MAX; n], vec![0u32; n]);
        let mut cut = vec![false; n];
        let mut counter = 0;
        for root in (0..n).filter(|&t| self.tiles[t].open()) {
            if order[root] != u32::MAX {
                continue;
            }
            order[root] = counter;
            low[root] = counter;
            counter += 1;
            let mut children = 0;
            // (tile, parent, the sides of it still to visit)
            let mut stack: Vec<(usize, usize, Vec<usize>)> =
                vec![(root, usize::MAX, self.sides(root).collect())];
            while let Some((tile, parent, rest)) = stack.last_mut() {
                let (tile, parent) = (*tile, *parent);
                match rest.pop() {
                    Some(next) if self.tiles[next].open() => {
                        if order[next] == u32::MAX {
                            order[next] = counter;
                            low[next] = counter;
                            counter += 1;
                            if tile == root {
                                children += 1;
                            }
                            stack.push((next, tile, self.sides(next).collect()));
                        } else if next != parent {
                            low[tile] = low[tile].min(order[next]);
                        }
                    }
                    Some(_) => {}
                    None => {
                        stack.pop();
                        if let Some((up, _, _)) = stack.last() {
                            let up = *up;
                            low[up] = low[up].min(low[tile]);
                            if up != root && low[tile] >= order[up] {
                                cut[up] = true;
                            }
                        }
                    }
                }
            }
            cut[root] = children > 1;
        }
        cut
    }
}

/// Each spawn point's shortest path to its nearest destination on a `width × height` board of
/// `tiles` (index `x + width·y`), in steps (`None`: no path), the spawn points in tile order.
pub(super) fn shortest_paths(tiles: &[Tile], width: u32, height: u32) -> Vec<Option<u32>> {
    let grid = Grid {
        tiles,
        width: width as i32,
        height: height as i32,
    };
    let to_end = grid.distances((0..tiles.len()).filter(|&t| tiles[t] == Tile::Destination));
    (0..tiles.len())
        .filter(|&t| tiles[t] == Tile::Spawn)
        .map(|s| (to_end[s] != u32::MAX).then_some(to_end[s]))
        .collect()
}

/// The figures of a `width × height` board of `tiles` (index `x + width·y`).
pub fn measure(tiles: &[Tile], width: u32, height: u32) -> Measures {
    measure_with_paths(tiles, width, height).0
}

/// [`measure`]'s figures, and which tiles lie on some spawn point's shortest path.
pub(super) fn measure_with_paths(tiles: &[Tile], width: u32, height: u32) -> (Measures, Vec<bool>) {
    let grid = Grid {
        tiles,
        width: width as i32,
        height: height as i32,
    };
    let all = 0..tiles.len();
    let ends = |kind: Tile| all.clone().filter(move |&t| tiles[t] == kind);
    let to_end = grid.distances(ends(Tile::Destination));
    let paths: Vec<Option<u32>> = ends(Tile::Spawn)
        .map(|s| (to_end[s] != u32::MAX).then_some(to_end[s]))
        .collect();
    let every_tile_has_a_path = all.clone().all(|t| {
        if tiles[t].open() {
            to_end[t] != u32::MAX
        } else {
            grid.sides(t)
                .any(|n| tiles[n].open() && to_end[n] != u32::MAX)
        }
    });
    // Tiles on some spawn's shortest path.
    let mut on_path = vec![false; tiles.len()];
    for spawn in ends(Tile::Spawn) {
        if to_end[spawn] == u32::MAX {
            continue;
        }
        let from_spawn = grid.distances(std::iter::once(spawn));
        for t in all.clone() {
            if from_spawn[t] != u32::MAX
                && to_end[t] != u32::MAX
                && from_spawn[t] + to_end[t] == to_end[spawn]
            {
                on_path[t] = true;
            }
        }
    }
    let cut = grid.cut_tiles();
    let last_side_of_a_wall = |t: usize| {
        grid.sides(t).any(|w| {
            tiles[w] == Tile::Wall && grid.sides(w).filter(|&s| tiles[s].open()).count() == 1
        })
    };
    let tower_room = all
        .clone()
        .filter(|&t| {
            tiles[t] == Tile::Empty
                && !on_path[t]
                && grid.sides(t).any(|n| on_path[n])
                && !cut[t]
                && !last_side_of_a_wall(t)
        })
        .count() as u32;
    let walls = tiles.iter().filter(|t| **t == Tile::Wall).count() as f64 / tiles.len() as f64;
    let measures = Measures {
        paths,
        tower_room,
        walls,
        every_tile_has_a_path,
    };
    (measures, on_path)
}

/// Tests' boards: `rows` drawn north row first (`#` wall, `S` spawn, `D` destination, else
/// empty), as tiles, width and height.
#[cfg(test)]
pub(super) fn tiles_of(rows: &[&str]) -> (Vec<Tile>, u32, u32) {
    let (w, h) = (rows[0].len() as u32, rows.len() as u32);
    let mut out = vec![Tile::Empty; (w * h) as usize];
    for (r, row) in rows.iter().enumerate() {
        let y = h as usize - 1 - r;
        for (x, c) in row.chars().enumerate() {
            out[x + y * w as usize] = match c {
                '#' => Tile::Wall,
                'S' => Tile::Spawn,
                'D' => Tile::Destination,
                _ => Tile::Empty,
            };
        }
    }
    (out, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_rooms_and_cut_tiles_are_counted() {
        let (t, w, h) = tiles_of(&["S....", "###.#", "D...."]);
        let m = measure(&t, w, h);
        // S → east 3, down 2, west 3.
        assert_eq!(m.paths, [Some(8)]);
        assert!(m.every_tile_has_a_path);
        // The tiles beside the path: the top row's east end, the bottom row's east end (each
        // a dead end, not cut tiles; the bottom one is the last side of no wall).
        assert_eq!(m.tower_room, 2);
        let (t, w, h) = tiles_of(&["S.#..", "###.#", "D...."]);
        let m = measure(&t, w, h);
        assert_eq!(m.paths, [None]);
        assert!(!m.every_tile_has_a_path);
    }
}
