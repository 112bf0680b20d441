//! What each tower kind looks like: one [`TowerLook`] a kind, in the kind table's order. A
//! look gives the tower's two boxes (a base, and a turret turned to where it aims) and, for a
//! kind that has one, an effect drawn while it acts (a laser's beam). The fight's drawing
//! ([`super::fight`]), the HUD, the inspector and the keys iterate [`TowerKind::ALL`] and ask
//! [`look`]; adding a kind is one entry in [`LOOKS`].

use super::draw::block;
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::td::ballistics::LAUNCH_HEIGHT;
use horde_core_sim::{Tower, TowerKind, TowerState};
use horde_renderer::Instance;

/// How a kind of tower is drawn.
#[derive(Clone, Copy, Debug)]
pub struct TowerLook {
    /// The kind this look is for (checked against the kind table's order).
    pub kind: TowerKind,
    /// The base's box: width, height, depth.
    pub base: Vec3,
    /// The base's colour, sRGB.
    pub base_color: [u8; 4],
    /// The turret of a tower, turned by `turn` (the yaw towards its aim).
    pub turret: fn(&Tower, Quat) -> Instance,
    /// What the tower shows while it acts, besides its turret, if anything.
    pub effect: fn(&Tower) -> Option<Instance>,
}

/// Every kind's look, in the kind table's order.
pub const LOOKS: &[TowerLook] = &[
    TowerLook {
        kind: TowerKind::Laser,
        base: Vec3::new(0.7, 0.55, 0.7),
        base_color: [96, 110, 140, 255],
        turret: laser_turret,
        effect: laser_beam,
    },
    TowerLook {
        kind: TowerKind::Mortar,
        base: Vec3::new(0.8, 0.4, 0.8),
        base_color: [120, 100, 70, 255],
        turret: mortar_barrel,
        effect: |_| None,
    },
];

/// The look of `kind`.
pub fn look(kind: TowerKind) -> &'static TowerLook {
    &LOOKS[kind.index()]
}

impl TowerLook {
    /// The tower's base and its turret, turned towards where it aims (north when it never
    /// aimed; the yaw turns local `+z` clockwise from north, as the path arrows).
    pub fn instances(&self, tower: &Tower) -> [Instance; 2] {
        let [x, z] = tower.at;
        let yaw = tower.aim.map_or(0.0, |[ax, az]| (ax - x).atan2(az - z));
        let turn = Quat::from_rotation_y(yaw);
        [
            block(x, z, self.base, 0.0, self.base_color),
            (self.turret)(tower, turn),
        ]
    }
}

/// Height of the laser turret's centre (the beam starts there).
const LASER_TURRET_HEIGHT: f32 = 0.7;
/// Height of the point a beam ends at: about an enemy's middle.
const BEAM_TARGET_HEIGHT: f32 = 0.15;
/// A laser's turret colour, sRGB.
const LASER_TURRET: [u8; 4] = [170, 190, 230, 255];
/// A laser beam's colour, sRGB.
const BEAM: [u8; 4] = [255, 70, 90, 255];
/// A mortar's barrel colour, sRGB.
const MORTAR_BARREL: [u8; 4] = [60, 55, 50, 255];

/// A laser's turret: a long box pointing where it aims.
fn laser_turret(tower: &Tower, turn: Quat) -> Instance {
    let [x, z] = tower.at;
    let turret = Vec3::new(0.22, 0.22, 0.6);
    let centre = Vec3::new(x, LASER_TURRET_HEIGHT, z) + turn * Vec3::new(0.0, 0.0, 0.12);
    Instance::new(
        Mat4::from_scale_rotation_translation(turret, turn, centre),
        LASER_TURRET,
    )
}

/// A firing laser's beam: a thin box from its turret to its target.
fn laser_beam(tower: &Tower) -> Option<Instance> {
    let TowerState::Laser(laser) = tower.state else {
        return None;
    };
    if !laser.firing() {
        return None;
    }
    let [ax, az] = tower.aim?;
    let from = Vec3::new(tower.at[0], LASER_TURRET_HEIGHT, tower.at[1]);
    let to = Vec3::new(ax, BEAM_TARGET_HEIGHT, az);
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

/// A mortar's barrel: leaning 50° up from the ground towards where it aims.
fn mortar_barrel(tower: &Tower, turn: Quat) -> Instance {
    let [x, z] = tower.at;
    let lean = turn * Quat::from_rotation_x(-50f32.to_radians());
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
    use horde_core_sim::td::towers::Target;
    use horde_core_sim::td::towers::kinds::laser::LaserState;

    fn laser(at: [f32; 2], aim: Option<[f32; 2]>, firing: bool) -> Tower {
        Tower {
            tile: 0,
            at,
            aim,
            // A laser fires while it has a target.
            state: TowerState::Laser(LaserState {
                target: firing.then_some(Target { id: 0, slot: 0 }),
            }),
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

    #[test]
    fn the_turret_turns_towards_its_aim() {
        let tower = laser([1.0, 1.0], Some([3.0, 1.0]), false);
        let out = look(tower.kind()).instances(&tower);
        // The turret's long axis (local +z) points east, at the aim.
        let axis = model(&out[1]).transform_vector3(Vec3::Z).normalize();
        assert!((axis - Vec3::X).length() < 1e-5, "{axis}");
    }

    #[test]
    fn a_beam_spans_turret_to_target_only_while_firing() {
        assert!(laser_beam(&laser([0.0, 0.0], Some([2.0, 0.0]), false)).is_none());
        let b = laser_beam(&laser([0.0, 0.0], Some([2.0, 0.0]), true)).unwrap();
        let m = model(&b);
        let start = m.transform_point3(Vec3::new(0.0, 0.0, -0.5));
        let end = m.transform_point3(Vec3::new(0.0, 0.0, 0.5));
        assert!((start - Vec3::new(0.0, LASER_TURRET_HEIGHT, 0.0)).length() < 1e-4);
        assert!((end - Vec3::new(2.0, BEAM_TARGET_HEIGHT, 0.0)).length() < 1e-4);
    }
}
