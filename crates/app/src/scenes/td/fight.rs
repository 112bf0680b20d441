//! What the fight looks like: towers (each kind as its [`looks`](super::looks) entry draws it),
//! the effects towers show while they act, shells in flight, and explosions as the series draws
//! them — translucent spheres whose size and opacity follow curves over their age — with the
//! trail every shell leaves (a tiny explosion of no damage each drawn frame of its flight, kept
//! here: it is no part of the game, its trace or its saves). In simulation coordinates. Each is
//! one instanced batch (explosions and trails translucent), rewritten in place in the
//! renderer's instance array after every tick.

use super::looks::{Around, Shape, TowerLook, look};
use crate::clock::STEP_F32;
use glam::{Mat4, Quat, Vec3};
use horde_core_sim::td::defence::EXPLOSION_SECONDS;
use horde_core_sim::td::defence::Shell;
use horde_core_sim::td::defence::Tower;
use horde_core_sim::td::game::Simulation;
use horde_renderer::{BatchId, Instance, Renderer};
use std::collections::VecDeque;

/// Colours, sRGB.
pub mod colors {
    /// A shell.
    pub const SHELL: [u8; 4] = [250, 220, 120, 255];
    /// An explosion (its opacity follows its age).
    pub const BLAST: [u8; 3] = [255, 190, 90];
    /// A shell's trail.
    pub const TRAIL: [u8; 3] = [235, 225, 210];
}

/// Radius of a trail's puff (the series: an explosion of 0.1).
const TRAIL_RADIUS: f32 = 0.1;
/// The most trail puffs drawn; the oldest go first beyond it (a few hundred shells in flight).
pub const MAX_TRAIL: usize = 8 * 1024;

/// Side of a shell's cube.
const SHELL_SIZE: f32 = 0.14;

/// The fight's batches.
#[derive(Clone, Copy, Debug)]
pub struct FightBatches {
    /// Tower bases and turrets: one batch a shape, in [`Shape::ALL`]'s order.
    pub towers: [BatchId; 4],
    /// What towers show while they act (a beam, for a kind whose look has one).
    pub effects: BatchId,
    /// Shells in flight.
    pub shells: BatchId,
    /// Explosions: translucent spheres.
    pub explosions: BatchId,
    /// The shells' trails: small translucent puffs (cubes: at a tenth of a tile they look the
    /// same as spheres, for a sixtieth of the triangles).
    pub trails: BatchId,
}

/// How many tower parts each shape draws (in [`Shape::ALL`]'s order), the looks given by
/// `look_of`.
fn part_counts(
    towers: &[Tower],
    look_of: fn(horde_core_sim::td::defence::TowerKind) -> &'static TowerLook,
) -> [usize; 4] {
    let mut counts = [0; 4];
    for tower in towers {
        for shape in look_of(tower.kind()).shapes() {
            counts[shape.index()] += 1;
        }
    }
    counts
}

/// Writes the parts of `towers` drawn as `shape` into `out` (as many as [`part_counts`] says),
/// in the towers' order, base before turret.
fn write_parts(
    towers: &[Tower],
    shape: Shape,
    look_of: fn(horde_core_sim::td::defence::TowerKind) -> &'static TowerLook,
    around: Around<'_>,
    out: &mut [Instance],
) {
    let mut next = out.iter_mut();
    for tower in towers {
        let look = look_of(tower.kind());
        let shapes = look.shapes();
        if !shapes.contains(&shape) {
            continue;
        }
        for (part, part_shape) in look.instances(tower, around).into_iter().zip(shapes) {
            if part_shape == shape
                && let Some(slot) = next.next()
            {
                *slot = part;
            }
        }
    }
}

/// A puff of a shell's trail: where, and how old.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Puff {
    at: [f32; 3],
    age: f32,
}

/// What the fight's batches show: `(ticks, board revision)` when they were last written, and
/// the shells' trails.
#[derive(Debug, Default)]
pub struct FightView {
    drawn: Option<(u64, u64)>,
    /// The trails' puffs, oldest first (room kept: no allocation once it has grown).
    trail: VecDeque<Puff>,
}

impl FightView {
    /// Forgets what was drawn (new batches, a new simulation): the next sync writes all.
    pub fn invalidate(&mut self) {
        self.drawn = None;
        self.trail.clear();
    }

    /// Ages the trails by the ticks passed since the last write (puffs older than an
    /// explosion's life go) and leaves a puff where each shell is now.
    fn leave_trails(&mut self, sim: &Simulation) {
        let ticks = sim.counts().ticks;
        let passed = self.drawn.map_or(1, |(last, _)| ticks.saturating_sub(last));
        let seconds = passed as f32 * STEP_F32;
        for puff in &mut self.trail {
            puff.age += seconds;
        }
        while self
            .trail
            .front()
            .is_some_and(|p| p.age >= EXPLOSION_SECONDS)
        {
            self.trail.pop_front();
        }
        for shell in sim.shells() {
            if self.trail.len() == MAX_TRAIL {
                self.trail.pop_front();
            }
            self.trail.push_back(Puff {
                at: shell.position(),
                age: 0.0,
            });
        }
    }

    /// Writes the fight of `sim` into `batches` if it changed since the last write (a tick
    /// passed or the board was edited).
    pub fn sync(
        &mut self,
        sim: &Simulation,
        owners: &[u8],
        renderer: &mut Renderer,
        batches: FightBatches,
    ) {
        let identity = (sim.counts().ticks, sim.board().revision());
        if self.drawn == Some(identity) {
            return;
        }
        let towers = sim.towers().all();
        let around = Around {
            enemies: sim.enemies(),
            settings: sim.tower_settings(),
            owners,
        };
        let counts = part_counts(towers, look);
        for shape in Shape::ALL {
            let out = renderer.instances_mut(batches.towers[shape.index()], counts[shape.index()]);
            if !out.is_empty() {
                write_parts(towers, shape, look, around, out);
            }
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
        self.leave_trails(sim);
        let explosions = sim.explosions();
        let out = renderer.instances_mut(batches.explosions, explosions.len());
        for (explosion, slot) in explosions.iter().zip(out) {
            let [x, z] = explosion.at;
            *slot = sphere(
                [x, 0.0, z],
                explosion.radius,
                explosion.life(),
                colors::BLAST,
            );
        }
        let puffs = renderer.instances_mut(batches.trails, self.trail.len());
        for (puff, slot) in self.trail.iter().zip(puffs) {
            let life = (puff.age / EXPLOSION_SECONDS).clamp(0.0, 1.0);
            *slot = sphere(puff.at, TRAIL_RADIUS, life, colors::TRAIL);
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

/// An explosion's size over its life (`0..1`), as a share of its full diameter (twice its
/// radius): from 0.7 of it, easing out to all of it.
pub fn blast_scale(life: f32) -> f32 {
    let t = life.clamp(0.0, 1.0);
    0.7 + 0.3 * t * (2.0 - t)
}

/// An explosion's opacity over its life (`0..1`): faint at first, a third opaque at its
/// fullest (0.3 of its life), gone at its end.
pub fn blast_opacity(life: f32) -> f32 {
    let t = life.clamp(0.0, 1.0);
    if t < 0.3 {
        0.05 + 0.28 * t / 0.3
    } else {
        0.33 * (1.0 - t) / 0.7
    }
}

/// A translucent ball of `radius` at `at` (`x, y, z`), `life` through an explosion's life, in
/// `rgb`: the series' explosion (a sphere), and, small, a shell's trail's puff.
fn sphere(at: [f32; 3], radius: f32, life: f32, [r, g, b]: [u8; 3]) -> Instance {
    let diameter = 2.0 * radius * blast_scale(life);
    let alpha = (blast_opacity(life) * 255.0).round() as u8;
    Instance::new(
        Mat4::from_scale_rotation_translation(
            Vec3::splat(diameter),
            Quat::IDENTITY,
            Vec3::from_array(at),
        ),
        [r, g, b, alpha],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::td::defence::{TowerKind, TowerSettings};
    use horde_core_sim::td::swarm::Enemies;

    fn model(instance: &Instance) -> Mat4 {
        Mat4::from_cols_array_2d(&instance.model)
    }

    /// A look of a dome on a cylinder, as a new kind might have.
    static ROUND: TowerLook = TowerLook {
        kind: TowerKind::Laser,
        base_shape: Shape::Cylinder,
        base: Vec3::new(0.8, 0.3, 0.8),
        base_color: [1, 2, 3, 255],
        turret_shape: Shape::Dome,
        turret: |tower, _, _| {
            let [x, z] = tower.at;
            Instance::new(Mat4::from_translation(Vec3::new(x, 0.5, z)), [4, 5, 6, 255])
        },
        effect: |_, _| None,
    };

    #[test]
    fn each_part_goes_to_the_batch_of_its_shape_in_the_towers_order() {
        let tower = |x: f32, kind: TowerKind| Tower {
            tile: 0,
            at: [x, 0.0],
            aim: None,
            state: kind.idle(),
            priority: Default::default(),
        };
        let towers = [tower(1.0, TowerKind::Laser), tower(2.0, TowerKind::Mortar)];
        // Today's looks are boxes: both parts of both towers in the box batch.
        assert_eq!(part_counts(&towers, look), [4, 0, 0, 0]);
        let round = |_: TowerKind| &ROUND;
        assert_eq!(part_counts(&towers, round), [0, 0, 2, 2]);
        let (enemies, settings) = (Enemies::default(), TowerSettings::default());
        let around = Around {
            enemies: &enemies,
            settings: &settings,
            owners: &[],
        };
        let mut out = [Instance::new(Mat4::IDENTITY, [0; 4]); 2];
        write_parts(&towers, Shape::Cylinder, round, around, &mut out);
        // The bases, in the towers' order, in the base's colour.
        let xs: Vec<f32> = out.iter().map(|i| model(i).w_axis.x).collect();
        assert_eq!(xs, [1.0, 2.0]);
        assert!(
            out.iter()
                .all(|i| i.color == Instance::new(Mat4::IDENTITY, [1, 2, 3, 255]).color)
        );
        write_parts(&towers, Shape::Dome, round, around, &mut out);
        let ys: Vec<f32> = out.iter().map(|i| model(i).w_axis.y).collect();
        assert_eq!(ys, [0.5, 0.5]);
    }

    #[test]
    fn an_explosion_is_a_translucent_sphere_that_grows_and_fades_like_the_series() {
        let at = |life: f32| sphere([1.0, 0.0, 2.0], 1.5, life, colors::BLAST);
        let width = |i: &Instance| model(i).transform_vector3(Vec3::X).length();
        let (young, full, old) = (at(0.0), at(0.3), at(1.0));
        assert!(
            (width(&young) - 0.7 * 3.0).abs() < 1e-4,
            "starts at 0.7 of its diameter"
        );
        assert!(
            (width(&old) - 3.0).abs() < 1e-4,
            "ends at twice the blast radius"
        );
        let alpha = |i: &Instance| i.color >> 24;
        assert!(alpha(&young) < alpha(&full), "fades in");
        assert!(alpha(&full) < 128, "never opaque: {}", alpha(&full));
        assert_eq!(alpha(&old), 0, "gone at its end");
    }

    #[test]
    fn shells_leave_trails_that_fade_and_go() {
        use horde_core_sim::td::defence::TowerKind;
        use horde_core_sim::td::files::parse_level;
        use horde_core_sim::td::swarm::SpawnSettings;
        let board = parse_level("###########\nS.........D\n#####M#####\n", "t".as_ref()).unwrap();
        let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
        assert_eq!(sim.towers().all()[0].kind(), TowerKind::Mortar);
        let mut view = FightView::default();
        let mut most = 0;
        for _ in 0..60 * 20 {
            sim.step(STEP_F32);
            view.leave_trails(&sim);
            view.drawn = Some((sim.counts().ticks, 0));
            most = most.max(view.trail.len());
            assert!(view.trail.iter().all(|p| p.age < EXPLOSION_SECONDS));
        }
        assert!(
            sim.counts().shots > 0 && most > 0,
            "no trail in {} shots",
            sim.counts().shots
        );
        // No shells, no new puffs: the trail is gone an explosion's life later.
        let mut quiet = Simulation::new(
            parse_level("S..D\n", "t".as_ref()).unwrap(),
            SpawnSettings::default(),
            1,
        );
        quiet.step(STEP_F32);
        view.drawn = Some((quiet.counts().ticks, 0));
        for _ in 0..40 {
            quiet.step(STEP_F32);
            view.leave_trails(&quiet);
            view.drawn = Some((quiet.counts().ticks, 0));
        }
        assert!(view.trail.is_empty());
    }
}
