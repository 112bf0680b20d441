//! Where a step of the game writes what it draws: the fused pass of the enemies (the step
//! moves every enemy and writes its model matrix in the same parallel loop) needs somewhere to
//! write, which only the view has. The game runs the step and the history hook around it; the
//! sink only runs the simulation's step, writing or not.

use horde_core_sim::td::Simulation;

/// What the last step of a frame writes its enemies' instances into as it runs: the view's
/// enemy batch in a drawn frame ([`crate::scenes::td::view::EnemySink`]), nothing in a
/// frame that is not drawn ([`Undrawn`]).
pub trait StepSink {
    /// Runs one step of `dt` seconds of `sim`, exactly as [`Simulation::step`] would, writing
    /// what the sink draws as the step goes.
    fn step(&mut self, sim: &mut Simulation, dt: f32);
}

/// A sink that draws nothing: the step runs plain (a frame not drawn, the inspector's step
/// button, tests and headless commands).
#[derive(Clone, Copy, Debug, Default)]
pub struct Undrawn;

impl StepSink for Undrawn {
    fn step(&mut self, sim: &mut Simulation, dt: f32) {
        sim.step(dt);
    }
}
