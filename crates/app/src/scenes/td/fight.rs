//! What the fight looks like: towers (each kind as its [`looks`](super::looks) entry draws it),
//! the effects towers show while they act, shells in flight and explosions, in simulation
//! coordinates. Each is one instanced batch, rewritten in place in the renderer's instance
//! array after every tick.

use super::draw::mix_colors;
use super::looks::{Around, look};
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::Simulation;
use horde_core_sim::td::{Explosion, Shell};
use horde_renderer::{BatchId, Instance, Renderer};

/// Colours, sRGB.
pub mod colors {
    /// A shell.
    pub const SHELL: [u8; 4] = [250, 220, 120, 255];
    /// An explosion as it begins.
    pub const BLAST_HOT: [u8; 4] = [255, 230, 140, 255];
    /// What an explosion fades to (the ground's colour).
    pub const BLAST_COLD: [u8; 4] = super::super::draw::colors::GROUND;
}

/// Side of a shell's cube.
const SHELL_SIZE: f32 = 0.14;

/// The fight's batches.
#[derive(Clone, Copy, Debug)]
pub struct FightBatches {
    /// Tower bases and turrets.
    pub towers: BatchId,
    /// What towers show while they act (a beam, for a kind whose look has one).
    pub effects: BatchId,
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
        let around = Around {
            enemies: sim.enemies(),
            settings: sim.tower_settings(),
        };
        let out = renderer.instances_mut(batches.towers, 2 * towers.len());
        for (tower, pair) in towers.iter().zip(out.chunks_exact_mut(2)) {
            pair.copy_from_slice(&look(tower.kind()).instances(tower, around));
        }
        // At most one effect a tower: written into that many, then cut to those written.
        let out = renderer.instances_mut(batches.effects, towers.len());
        let mut effects = 0;
        for effect in towers
            .iter()
            .filter_map(|t| (look(t.kind()).effect)(t, around))
        {
            out[effects] = effect;
            effects += 1;
        }
        renderer.instances_mut(batches.effects, effects);
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

    fn model(instance: &Instance) -> Mat4 {
        Mat4::from_cols_array_2d(&instance.model)
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
