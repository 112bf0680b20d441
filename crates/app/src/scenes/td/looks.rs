//! What each tower kind looks like: one [`TowerLook`] a kind, in the kind table's order. A
//! look gives the tower's two parts (a base, and a turret turned to where it aims), each a
//! [`Shape`] — a box, a sphere, a dome or a cylinder, each filling the box its matrix scales —
//! and, for a kind that has one, an effect drawn while it acts (a laser's beam). The fight's drawing
//! ([`super::fight`]), the HUD, the inspector and the keys iterate [`TowerKind::ALL`] and ask
//! [`look`]; adding a kind is one entry in [`LOOKS`].

use super::draw::block;
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::td::defence::{LAUNCH_HEIGHT, Shell, launch_speed};
use horde_core_sim::td::defence::{Tower, TowerKind, TowerSettings, TowerState};
use horde_core_sim::td::swarm::Enemies;
use horde_renderer::{Instance, MeshKind};

/// The shape a part of a tower is drawn as; each fills the unit box `[-½, ½]³` that the part's
/// matrix scales, turns and places. The fight draws each shape as one batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A box.
    Box,
    /// A ball (stretched by its box's sides).
    Sphere,
    /// A dome: flat base at the box's bottom, round top at its top.
    Dome,
    /// An upright cylinder (its axis along the box's height).
    Cylinder,
}

impl Shape {
    /// Every shape, in the order of the fight's batches.
    pub const ALL: [Shape; 4] = [Shape::Box, Shape::Sphere, Shape::Dome, Shape::Cylinder];

    /// The renderer's mesh of this shape.
    pub fn mesh(self) -> MeshKind {
        match self {
            Shape::Box => MeshKind::Cube,
            Shape::Sphere => MeshKind::Sphere,
            Shape::Dome => MeshKind::Dome,
            Shape::Cylinder => MeshKind::Cylinder,
        }
    }

    /// Its place in [`Shape::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// What a look may read besides its tower: the enemies (where a target is) and the towers'
/// settings (how far a mortar shoots).
#[derive(Clone, Copy)]
pub struct Around<'a> {
    /// The live enemies.
    pub enemies: &'a Enemies,
    /// The towers' settings.
    pub settings: &'a TowerSettings,
    /// Co-op: each tile's tower placer (empty outside co-op), whose colour tints the base.
    pub owners: &'a [u8],
}

/// The players' colours, by their place in the game (the host first): a tower's base is
/// tinted in its placer's.
pub const PLAYER_COLORS: [[u8; 4]; 6] = [
    [70, 130, 220, 255],
    [220, 120, 50, 255],
    [70, 180, 90, 255],
    [190, 80, 190, 255],
    [210, 190, 60, 255],
    [60, 190, 190, 255],
];

/// The colour of the player at `place` (1 the host, 2 the next to join, ..; 0 nobody).
pub fn player_color(place: u8) -> Option<[u8; 4]> {
    let place = usize::from(place).checked_sub(1)?;
    Some(PLAYER_COLORS[place % PLAYER_COLORS.len()])
}

impl Around<'_> {
    /// The colour of `tower`'s base: its placer's in co-op, else `plain`.
    pub fn base_color(&self, tower: &Tower, plain: [u8; 4]) -> [u8; 4] {
        let place = self.owners.get(tower.tile as usize).copied().unwrap_or(0);
        player_color(place).unwrap_or(plain)
    }
}

/// How a kind of tower is drawn.
#[derive(Clone, Copy, Debug)]
pub struct TowerLook {
    /// The kind this look is for (checked against the kind table's order).
    pub kind: TowerKind,
    /// The base's shape.
    pub base_shape: Shape,
    /// The base's box: width, height, depth.
    pub base: Vec3,
    /// The base's colour, sRGB.
    pub base_color: [u8; 4],
    /// The turret's shape.
    pub turret_shape: Shape,
    /// The turret of a tower, turned by `turn` (the yaw towards its aim).
    pub turret: fn(&Tower, Quat, Around<'_>) -> Instance,
    /// What the tower shows while it acts, besides its turret, if anything.
    pub effect: fn(&Tower, Around<'_>) -> Option<Instance>,
}

/// Every kind's look, in the kind table's order.
pub const LOOKS: &[TowerLook] = &[
    TowerLook {
        kind: TowerKind::Laser,
        base_shape: Shape::Box,
        base: Vec3::new(0.7, 0.55, 0.7),
        base_color: [96, 110, 140, 255],
        turret_shape: Shape::Box,
        turret: laser_turret,
        effect: laser_beam,
    },
    TowerLook {
        kind: TowerKind::Mortar,
        base_shape: Shape::Box,
        base: Vec3::new(0.8, 0.4, 0.8),
        base_color: [120, 100, 70, 255],
        turret_shape: Shape::Box,
        turret: mortar_barrel,
        effect: |_, _| None,
    },
];

/// The look of `kind`.
pub fn look(kind: TowerKind) -> &'static TowerLook {
    &LOOKS[kind.index()]
}

impl TowerLook {
    /// The shapes of [`TowerLook::instances`]: the base's, then the turret's.
    pub fn shapes(&self) -> [Shape; 2] {
        [self.base_shape, self.turret_shape]
    }

    /// The tower's base and its turret, turned towards where it aims (north when it never
    /// aimed; the yaw turns local `+z` clockwise from north, as the path arrows).
    pub fn instances(&self, tower: &Tower, around: Around<'_>) -> [Instance; 2] {
        let [x, z] = tower.at;
        let yaw = tower.aim.map_or(0.0, |[ax, az]| (ax - x).atan2(az - z));
        let turn = Quat::from_rotation_y(yaw);
        [
            block(
                x,
                z,
                self.base,
                0.0,
                around.base_color(tower, self.base_color),
            ),
            (self.turret)(tower, turn, around),
        ]
    }
}

/// Height of the laser turret's centre (the beam starts there).
const LASER_TURRET_HEIGHT: f32 = 0.7;
/// Height of the point a beam ends at when its target is not found: an enemy of scale 0.6's
/// middle.
const BEAM_TARGET_HEIGHT: f32 = 0.15;
/// A laser's turret colour, sRGB.
const LASER_TURRET: [u8; 4] = [170, 190, 230, 255];
/// A laser beam's colour, sRGB.
const BEAM: [u8; 4] = [255, 70, 90, 255];
/// A mortar's barrel colour, sRGB.
const MORTAR_BARREL: [u8; 4] = [60, 55, 50, 255];

/// A laser's turret: a long box pointing where it aims.
fn laser_turret(tower: &Tower, turn: Quat, _: Around<'_>) -> Instance {
    let [x, z] = tower.at;
    let turret = Vec3::new(0.22, 0.22, 0.6);
    let centre = Vec3::new(x, LASER_TURRET_HEIGHT, z) + turn * Vec3::new(0.0, 0.0, 0.12);
    Instance::new(
        Mat4::from_scale_rotation_translation(turret, turn, centre),
        LASER_TURRET,
    )
}

/// A firing laser's beam: a thin box from its turret to its target's point (the centre of
/// its model as drawn, bouncing with it).
fn laser_beam(tower: &Tower, around: Around<'_>) -> Option<Instance> {
    let TowerState::Laser(laser) = tower.state else {
        return None;
    };
    if !laser.firing() {
        return None;
    }
    let target = laser.target?;
    let [ax, az] = tower.aim?;
    let from = Vec3::new(tower.at[0], LASER_TURRET_HEIGHT, tower.at[1]);
    let enemy = (around.enemies.get(target.slot as usize)).filter(|e| e.id == target.id);
    let to = match enemy {
        Some(e) => Vec3::new(e.position[0], e.height, e.position[1]),
        None => Vec3::new(ax, BEAM_TARGET_HEIGHT, az),
    };
    let along = to - from;
    let length = along.length();
    if length < 1e-4 {
        return None;
    }
    let turn = Quat::from_rotation_arc(Vec3::Z, along / length);
    let size = Vec3::new(0.05, 0.05, length);
    Some(Instance::new(
        Mat4::from_scale_rotation_translation(size, turn, from + along * 0.5),
        BEAM,
    ))
}

/// The elevation the mortar at `tower` fires at towards its aim, radians: the high arc of its
/// launch speed (39–86° within its range); 50° before it ever aimed.
fn mortar_elevation(tower: &Tower, around: Around<'_>) -> f32 {
    let Some(aim) = tower.aim else {
        return 50f32.to_radians();
    };
    let speed = launch_speed(around.settings.mortar.range);
    let [vx, vz, vy] = Shell::launch(tower.at, aim, speed, 0.0, 0.0).velocity;
    vy.atan2((vx * vx + vz * vz).sqrt())
}

/// A mortar's barrel: pointing along its launch, towards where it aims.
fn mortar_barrel(tower: &Tower, turn: Quat, around: Around<'_>) -> Instance {
    let [x, z] = tower.at;
    let lean = turn * Quat::from_rotation_x(-mortar_elevation(tower, around));
    let barrel = Vec3::new(0.26, 0.26, 0.55);
    let centre = Vec3::new(x, LAUNCH_HEIGHT, z) + lean * Vec3::new(0.0, 0.0, 0.1);
    Instance::new(
        Mat4::from_scale_rotation_translation(barrel, lean, centre),
        MORTAR_BARREL,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::td::defence::LaserState;
    use horde_core_sim::td::defence::Target;

    fn laser(at: [f32; 2], aim: Option<[f32; 2]>, firing: bool) -> Tower {
        Tower {
            tile: 0,
            at,
            aim,
            // A laser fires while it has a target.
            state: TowerState::Laser(LaserState {
                target: firing.then_some(Target { id: 0, slot: 0 }),
            }),
            priority: Default::default(),
        }
    }

    fn model(instance: &Instance) -> Mat4 {
        Mat4::from_cols_array_2d(&instance.model)
    }

    #[test]
    fn there_is_a_look_for_every_kind_in_the_tables_order() {
        assert_eq!(LOOKS.len(), TowerKind::ALL.len());
        for (look, &kind) in LOOKS.iter().zip(TowerKind::ALL) {
            assert_eq!(look.kind, kind);
        }
    }

    /// Nothing around: no enemies, the texts' settings.
    fn around<'a>(enemies: &'a Enemies, settings: &'a TowerSettings) -> Around<'a> {
        Around {
            enemies,
            settings,
            owners: &[],
        }
    }

    #[test]
    fn the_turret_turns_towards_its_aim() {
        let (enemies, settings) = (Enemies::default(), TowerSettings::default());
        let tower = laser([1.0, 1.0], Some([3.0, 1.0]), false);
        let out = look(tower.kind()).instances(&tower, around(&enemies, &settings));
        // The turret's long axis (local +z) points east, at the aim.
        let axis = model(&out[1]).transform_vector3(Vec3::Z).normalize();
        assert!((axis - Vec3::X).length() < 1e-5, "{axis}");
    }

    #[test]
    fn a_beam_spans_turret_to_target_only_while_firing() {
        let (enemies, settings) = (Enemies::default(), TowerSettings::default());
        let near = around(&enemies, &settings);
        assert!(laser_beam(&laser([0.0, 0.0], Some([2.0, 0.0]), false), near).is_none());
        let b = laser_beam(&laser([0.0, 0.0], Some([2.0, 0.0]), true), near).unwrap();
        let m = model(&b);
        let start = m.transform_point3(Vec3::new(0.0, 0.0, -0.5));
        let end = m.transform_point3(Vec3::new(0.0, 0.0, 0.5));
        assert!((start - Vec3::new(0.0, LASER_TURRET_HEIGHT, 0.0)).length() < 1e-4);
        assert!((end - Vec3::new(2.0, BEAM_TARGET_HEIGHT, 0.0)).length() < 1e-4);
    }

    #[test]
    fn a_beam_ends_at_its_target_as_drawn() {
        use horde_core_sim::td::files::parse_level;
        use horde_core_sim::td::game::Simulation;
        use horde_core_sim::td::swarm::{EnemyParams, SpawnSettings};
        let board = parse_level("S.....D\n", "t".as_ref()).unwrap();
        let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
        let params = EnemyParams {
            scale: 2.0,
            speed: 1.0,
            path_offset: 0.0,
        };
        let id = sim.spawn_enemy_with(0, params, 0.5).unwrap();
        let tower = Tower {
            tile: 0,
            at: [0.0, 1.0],
            aim: Some([0.0, 0.0]),
            state: TowerState::Laser(LaserState {
                target: Some(Target { id, slot: 0 }),
            }),
            priority: Default::default(),
        };
        let b = laser_beam(&tower, around(sim.enemies(), sim.tower_settings())).unwrap();
        let end = model(&b).transform_point3(Vec3::new(0.0, 0.0, 0.5));
        let e = sim.enemies().get(0).unwrap();
        // A scale-2 cube's centre, half a unit up.
        assert!(
            (end - Vec3::new(e.position[0], 0.5, e.position[1])).length() < 1e-4,
            "{end}"
        );
    }

    #[test]
    fn a_mortar_barrel_points_along_its_launch() {
        let (enemies, settings) = (Enemies::default(), TowerSettings::default());
        let near = around(&enemies, &settings);
        let mortar = |aim: [f32; 2]| Tower {
            tile: 0,
            at: [0.0, 0.0],
            aim: Some(aim),
            state: TowerKind::Mortar.idle(),
            priority: Default::default(),
        };
        let elevation = |aim| {
            let barrel = mortar_barrel(&mortar(aim), Quat::IDENTITY, near);
            let axis = model(&barrel).transform_vector3(Vec3::Z).normalize();
            axis.y.asin().to_degrees()
        };
        // Close in, nearly straight up; at the edge of its range, lower (39–86° over the range).
        let (near_shot, far_shot) = (elevation([0.3, 0.0]), elevation([3.74, 0.0]));
        assert!(
            near_shot > 80.0 && far_shot < 45.0 && far_shot > 35.0,
            "{near_shot} {far_shot}"
        );
    }
}
