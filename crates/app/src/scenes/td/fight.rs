//! What the fight looks like: towers (a base and a turret turned to where it aims), laser beams
//! from turret to target, shells in flight and explosions, in simulation coordinates. Each
//! kind is one instanced batch, rewritten in place in the renderer's instance array after every
//! tick.

use super::draw::{block, mix_colors};
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::td::ballistics::LAUNCH_HEIGHT;
use horde_core_sim::td::{Explosion, Shell};
use horde_core_sim::{Simulation, Tower, TowerKind};
use horde_renderer::{BatchId, Instance, Renderer};

/// Colours, sRGB.
pub mod colors {
    /// A laser tower's base.
    pub const LASER_BASE: [u8; 4] = [96, 110, 140, 255];
    /// A laser tower's turret.
    pub const LASER_TURRET: [u8; 4] = [170, 190, 230, 255];
    /// A mortar's base.
    pub const MORTAR_BASE: [u8; 4] = [120, 100, 70, 255];
    /// A mortar's barrel.
    pub const MORTAR_BARREL: [u8; 4] = [60, 55, 50, 255];
    /// A laser beam.
    pub const BEAM: [u8; 4] = [255, 70, 90, 255];
    /// A shell.
    pub const SHELL: [u8; 4] = [250, 220, 120, 255];
    /// An explosion as it begins.
    pub const BLAST_HOT: [u8; 4] = [255, 230, 140, 255];
    /// What an explosion fades to (the ground's colour).
    pub const BLAST_COLD: [u8; 4] = super::super::draw::colors::GROUND;
}

/// Height of the laser turret's centre (the beam starts there).
const LASER_TURRET_HEIGHT: f32 = 0.7;
/// Height of the point a beam ends at: about an enemy's middle.
const BEAM_TARGET_HEIGHT: f32 = 0.15;
/// Side of a shell's cube.
const SHELL_SIZE: f32 = 0.14;

/// The fight's batches.
#[derive(Clone, Copy, Debug)]
pub struct FightBatches {
    /// Tower bases and turrets.
    pub towers: BatchId,
    /// Laser beams.
    pub beams: BatchId,
    /// Shells in flight.
    pub shells: BatchId,
    /// Explosions.
    pub explosions: BatchId,
}

/// What the fight's batches show: `(ticks, board revision)` when they were last written.
#[derive(Debug, Default)]
pub struct FightView {
    drawn: Option<(u64, u64)>,
}

impl FightView {
    /// Forgets what was drawn (new batches, a new simulation): the next sync writes all.
    pub fn invalidate(&mut self) {
        self.drawn = None;
    }

    /// Writes the fight of `sim` into `batches` if it changed since the last write (a tick
    /// passed or the board was edited).
    pub fn sync(&mut self, sim: &Simulation, renderer: &mut Renderer, batches: FightBatches) {
        let identity = (sim.counts().ticks, sim.board().revision());
        if self.drawn == Some(identity) {
            return;
        }
        let towers = sim.towers().all();
        let out = renderer.instances_mut(batches.towers, 2 * towers.len());
        for (tower, pair) in towers.iter().zip(out.chunks_exact_mut(2)) {
            pair.copy_from_slice(&tower_instances(tower));
        }
        // At most one beam a tower: written into that many, then cut to those written.
        let out = renderer.instances_mut(batches.beams, towers.len());
        let mut beams = 0;
        for beam in towers.iter().filter_map(beam) {
            out[beams] = beam;
            beams += 1;
        }
        renderer.instances_mut(batches.beams, beams);
        let shells = sim.shells();
        let out = renderer.instances_mut(batches.shells, shells.len());
        for (shell, slot) in shells.iter().zip(out.iter_mut()) {
            *slot = shell_instance(shell);
        }
        let explosions = sim.explosions();
        let out = renderer.instances_mut(batches.explosions, 2 * explosions.len());
        for (explosion, pair) in explosions.iter().zip(out.chunks_exact_mut(2)) {
            pair.copy_from_slice(&explosion_instances(explosion));
        }
        self.drawn = Some(identity);
    }
}

/// A tower's base and its turret, turned towards where it aims (north when it never aimed;
/// the yaw turns local `+z` clockwise from north, as the path arrows).
fn tower_instances(tower: &Tower) -> [Instance; 2] {
    let [x, z] = tower.at;
    let yaw = tower.aim.map_or(0.0, |[ax, az]| (ax - x).atan2(az - z));
    let turn = Quat::from_rotation_y(yaw);
    match tower.kind {
        TowerKind::Laser => {
            let base = Vec3::new(0.7, 0.55, 0.7);
            let turret = Vec3::new(0.22, 0.22, 0.6);
            let centre = Vec3::new(x, LASER_TURRET_HEIGHT, z) + turn * Vec3::new(0.0, 0.0, 0.12);
            [
                block(x, z, base, 0.0, colors::LASER_BASE),
                Instance::new(
                    Mat4::from_scale_rotation_translation(turret, turn, centre),
                    colors::LASER_TURRET,
                ),
            ]
        }
        TowerKind::Mortar => {
            let base = Vec3::new(0.8, 0.4, 0.8);
            // The barrel leans 50° up from the ground towards the target.
            let lean = turn * Quat::from_rotation_x(-50f32.to_radians());
            let barrel = Vec3::new(0.26, 0.26, 0.55);
            let centre = Vec3::new(x, LAUNCH_HEIGHT, z) + lean * Vec3::new(0.0, 0.0, 0.1);
            [
                block(x, z, base, 0.0, colors::MORTAR_BASE),
                Instance::new(
                    Mat4::from_scale_rotation_translation(barrel, lean, centre),
                    colors::MORTAR_BARREL,
                ),
            ]
        }
    }
}

/// A firing laser's beam: a thin box from its turret to its target.
fn beam(tower: &Tower) -> Option<Instance> {
    if tower.kind != TowerKind::Laser || !tower.firing() {
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
        colors::BEAM,
    ))
}

/// A shell where it is now, turned along its flight.
fn shell_instance(shell: &Shell) -> Instance {
    let [x, y, z] = shell.position();
    let [vx, vy, vz] = shell.current_velocity();
    let v = Vec3::new(vx, vy, vz);
    let turn = if v.length_squared() > 1e-8 {
        Quat::from_rotation_arc(Vec3::Z, v.normalize())
    } else {
        Quat::IDENTITY
    };
    Instance::new(
        Mat4::from_scale_rotation_translation(
            Vec3::new(SHELL_SIZE, SHELL_SIZE, SHELL_SIZE * 1.6),
            turn,
            Vec3::new(x, y.max(0.0), z),
        ),
        colors::SHELL,
    )
}

/// An explosion: two flat boxes an eighth of a turn apart (an eight-pointed star from above,
/// its points on the blast's circle) that grow from a fifth of the blast to all of it while
/// their colour fades from hot to the ground's over the explosion's life.
fn explosion_instances(explosion: &Explosion) -> [Instance; 2] {
    let life = explosion.life();
    let grow = 0.2 + 0.8 * (1.0 - (1.0 - life) * (1.0 - life));
    let reach = explosion.radius * grow;
    let height = (0.4 * reach * (1.0 - 0.6 * life)).max(0.02);
    // Hot for most of its life, cooling fast at the end.
    let color = mix_colors(colors::BLAST_HOT, colors::BLAST_COLD, life * life);
    let [x, z] = explosion.at;
    let centre = Vec3::new(x, height * 0.5, z);
    // A square whose corners are `reach` from its centre.
    let side = reach * std::f32::consts::SQRT_2;
    [0.0, std::f32::consts::FRAC_PI_4].map(|turn| {
        Instance::new(
            Mat4::from_scale_rotation_translation(
                Vec3::new(side, height, side),
                Quat::from_rotation_y(turn),
                centre,
            ),
            color,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn laser(at: [f32; 2], aim: Option<[f32; 2]>, firing: bool) -> Tower {
        Tower {
            tile: 0,
            kind: TowerKind::Laser,
            at,
            // A laser fires while it has a target.
            target: firing.then_some(horde_core_sim::td::towers::Target { id: 0, slot: 0 }),
            aim,
            launch_progress: 0.0,
        }
    }

    fn model(instance: &Instance) -> Mat4 {
        Mat4::from_cols_array_2d(&instance.model)
    }

    #[test]
    fn the_turret_turns_towards_its_aim() {
        let out = tower_instances(&laser([1.0, 1.0], Some([3.0, 1.0]), false));
        // The turret's long axis (local +z) points east, at the aim.
        let axis = model(&out[1]).transform_vector3(Vec3::Z).normalize();
        assert!((axis - Vec3::X).length() < 1e-5, "{axis}");
    }

    #[test]
    fn a_beam_spans_turret_to_target_only_while_firing() {
        assert!(beam(&laser([0.0, 0.0], Some([2.0, 0.0]), false)).is_none());
        let b = beam(&laser([0.0, 0.0], Some([2.0, 0.0]), true)).unwrap();
        let m = model(&b);
        let start = m.transform_point3(Vec3::new(0.0, 0.0, -0.5));
        let end = m.transform_point3(Vec3::new(0.0, 0.0, 0.5));
        assert!((start - Vec3::new(0.0, LASER_TURRET_HEIGHT, 0.0)).length() < 1e-4);
        assert!((end - Vec3::new(2.0, BEAM_TARGET_HEIGHT, 0.0)).length() < 1e-4);
    }

    #[test]
    fn an_explosion_grows_and_fades_over_its_life() {
        let at = |age| {
            let e = Explosion {
                at: [0.0, 0.0],
                radius: 1.5,
                age,
            };
            let out = explosion_instances(&e);
            let width = model(&out[0]).transform_vector3(Vec3::X).length();
            (width, out[0].color)
        };
        let (young, hot) = at(0.0);
        let (old, cold) = at(0.45);
        assert!(old > young, "grows: {young} -> {old}");
        assert!(
            old <= 1.5 * 2f32.sqrt() + 1e-4,
            "corners at most on the blast's circle: {old}"
        );
        assert_ne!(hot, cold, "fades");
    }
}
