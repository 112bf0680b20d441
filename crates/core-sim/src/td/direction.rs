//! Compass directions of paths, the turns between them, and the per-direction constants the
//! movement code looks up instead of recomputing.
//!
//! Frame (docs/ARCHITECTURE.md, frames and units): `+x` east, `+z` north, yaw in degrees clockwise from north seen from above.

/// One of the four directions a path can take from a tile to its neighbour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Direction {
    /// Towards `+z`, yaw 0°.
    #[default]
    North = 0,
    /// Towards `+x`, yaw 90°.
    East = 1,
    /// Towards `-z`, yaw 180°.
    South = 2,
    /// Towards `-x`, yaw 270°.
    West = 3,
}

/// How the heading changes between two consecutive path directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirectionChange {
    /// Same direction: keep going straight.
    None,
    /// A quarter turn clockwise seen from above.
    TurnRight,
    /// A quarter turn counter-clockwise seen from above.
    TurnLeft,
    /// Reverse.
    TurnAround,
}

/// Half-unit steps towards each direction as `(x, z)`, indexed by `Direction as usize`.
const HALF_VECTORS: [[f32; 2]; 4] = [[0.0, 0.5], [0.5, 0.0], [0.0, -0.5], [-0.5, 0.0]];

/// `(cos yaw, sin yaw)` of each direction, indexed by `Direction as usize`.
const COS_SIN: [[f32; 2]; 4] = [[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0], [0.0, -1.0]];

impl Direction {
    /// All four directions in yaw order.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The direction with the given yaw index (0 north, 1 east, 2 south, 3 west), wrapping.
    pub fn from_index(index: u8) -> Direction {
        Direction::ALL[(index & 3) as usize]
    }

    /// The yaw of this direction in degrees (0, 90, 180 or 270).
    pub fn angle_deg(self) -> f32 {
        self as u8 as f32 * 90.0
    }

    /// The vector of length ½ pointing this way, as `(x, z)`.
    pub fn half_vector(self) -> [f32; 2] {
        HALF_VECTORS[self as usize]
    }

    /// `(cos, sin)` of this direction's yaw, exact.
    pub fn cos_sin(self) -> [f32; 2] {
        COS_SIN[self as usize]
    }

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        Direction::from_index(self as u8 + 2)
    }

    /// The change of heading needed to go from facing `self` to facing `next`.
    pub fn change_to(self, next: Direction) -> DirectionChange {
        match (next as u8).wrapping_sub(self as u8) & 3 {
            0 => DirectionChange::None,
            1 => DirectionChange::TurnRight,
            3 => DirectionChange::TurnLeft,
            _ => DirectionChange::TurnAround,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_follow_clockwise_order() {
        use Direction::*;
        assert_eq!(North.change_to(East), DirectionChange::TurnRight);
        assert_eq!(West.change_to(North), DirectionChange::TurnRight);
        assert_eq!(North.change_to(West), DirectionChange::TurnLeft);
        assert_eq!(East.change_to(West), DirectionChange::TurnAround);
        assert_eq!(South.change_to(South), DirectionChange::None);
        assert_eq!(East.opposite(), West);
    }

    #[test]
    fn cos_sin_matches_angle() {
        for d in Direction::ALL {
            let (s, c) = d.angle_deg().to_radians().sin_cos();
            let [tc, ts] = d.cos_sin();
            assert!((c - tc).abs() < 1e-6 && (s - ts).abs() < 1e-6);
        }
    }
}
