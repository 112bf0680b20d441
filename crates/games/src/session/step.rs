//! How a session's step runs: plain, or fused with writing every enemy's instance (the
//! renderer's sink, or any [`InstanceSink`]). A [`Stepper`] runs exactly
//! [`Simulation::step`]'s tick; only what it writes on the way differs.

use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{InstanceSink, SliceTooShort};

/// Runs one step of a session's simulation, writing what it draws as it goes.
pub trait Stepper {
    /// Runs one step of `dt` seconds of `sim`, exactly as [`Simulation::step`] would.
    fn step(&mut self, sim: &mut Simulation, dt: f32);
}

/// The step drawing nothing (headless commands, a frame not drawn, the inspector's step).
#[derive(Clone, Copy, Debug, Default)]
pub struct Plain;

impl Stepper for Plain {
    fn step(&mut self, sim: &mut Simulation, dt: f32) {
        sim.step(dt);
    }
}

/// The step fused with writing every enemy's instance into a sink
/// ([`Simulation::step_into`]); what it wrote is kept in [`Fused::written`].
pub struct Fused<S> {
    /// Where the instances go.
    pub sink: S,
    /// The instances the last step wrote, or why none were (the sink was too short: the
    /// step did not run).
    pub written: Result<usize, SliceTooShort>,
}

impl<S: InstanceSink> Fused<S> {
    /// A fused step into `sink`.
    pub fn new(sink: S) -> Fused<S> {
        Fused {
            sink,
            written: Ok(0),
        }
    }
}

impl<S: InstanceSink> Stepper for Fused<S> {
    fn step(&mut self, sim: &mut Simulation, dt: f32) {
        self.written = sim.step_into(dt, &mut self.sink);
    }
}
