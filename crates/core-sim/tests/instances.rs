//! The fused update writes exactly the instances a separate pass would, through a slice or a
//! write-only sink, with reclaimed enemies swap-removed in between.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::swarm::{FloatRange, InstanceSink, ModelInstance, SpawnSettings};
use horde_core_sim::td::tiles::winding_board;

/// A sink that can only be written, like GPU staging memory: it records its writes.
struct WriteOnlySink<'a>(&'a mut [ModelInstance]);

impl InstanceSink for WriteOnlySink<'_> {
    type Part<'p>
        = WriteOnlySink<'p>
    where
        Self: 'p;

    fn len(&self) -> usize {
        self.0.len()
    }

    fn split(&mut self, mid: usize) -> (WriteOnlySink<'_>, WriteOnlySink<'_>) {
        let (a, b) = self.0.split_at_mut(mid);
        (WriteOnlySink(a), WriteOnlySink(b))
    }

    fn write(&mut self, start: usize, instances: &[ModelInstance]) {
        self.0[start..start + instances.len()].copy_from_slice(instances);
    }
}

fn busy_sim() -> Simulation {
    // A small board crowded with fast enemies: many are reclaimed every step.
    let board = winding_board(24, 16, 6, 4).unwrap();
    let settings = SpawnSettings::new(
        10.0,
        FloatRange::new(0.5, 2.0).unwrap(),
        FloatRange::new(2.0, 5.0).unwrap(),
        FloatRange::new(-0.4, 0.4).unwrap(),
    )
    .unwrap();
    let mut sim = Simulation::new(board, settings, 11);
    sim.populate(20_000);
    sim
}

#[test]
fn fused_writes_match_a_separate_pass() {
    for write_only in [false, true] {
        let mut sim = busy_sim();
        let mut fused = vec![ModelInstance::zeroed_instance(); 25_000];
        let mut separate = vec![ModelInstance::zeroed_instance(); 25_000];
        let mut reclaimed = 0;
        for _ in 0..40 {
            let before = sim.counts().reclaimed;
            let n = if write_only {
                sim.step_into(0.1, &mut WriteOnlySink(&mut fused)).unwrap()
            } else {
                sim.step_and_write(0.1, &mut fused).unwrap()
            };
            reclaimed += sim.counts().reclaimed - before;
            assert_eq!(n, sim.enemies().len());
            sim.enemies()
                .write_into(&mut separate.as_mut_slice())
                .unwrap();
            assert!(
                fused[..n] == separate[..n],
                "fused instances differ (write-only: {write_only})"
            );
        }
        assert!(reclaimed > 1000, "only {reclaimed} reclaimed");
    }
}

#[test]
fn a_short_sink_is_an_error_before_anything_changes() {
    let mut sim = busy_sim();
    let mut out = vec![ModelInstance::zeroed_instance(); 100];
    let before = sim.counts();
    assert!(sim.step_and_write(0.1, &mut out).is_err());
    assert!(sim.step_into(0.1, &mut WriteOnlySink(&mut out)).is_err());
    assert_eq!(sim.counts(), before);
}

/// Two simulations from the same seed: one takes fused steps, the other plain steps followed
/// by a separate write. They stay the same, enemy for enemy and instance for instance.
#[test]
fn a_fused_step_equals_a_plain_step_then_a_write() {
    let mut fused_sim = busy_sim();
    let mut plain_sim = busy_sim();
    let mut fused = vec![ModelInstance::zeroed_instance(); 25_000];
    let mut plain = vec![ModelInstance::zeroed_instance(); 25_000];
    for step in 0..40 {
        let n = fused_sim.step_and_write(0.1, &mut fused).unwrap();
        plain_sim.step(0.1);
        plain_sim
            .enemies()
            .write_into(&mut plain.as_mut_slice())
            .unwrap();
        assert_eq!(fused_sim.counts(), plain_sim.counts(), "step {step}");
        assert_eq!(n, plain_sim.enemies().len(), "step {step}");
        assert!(fused[..n] == plain[..n], "step {step}: instances differ");
    }
    assert!(fused_sim.counts().reclaimed > 1000);
}

#[test]
fn writing_without_a_step_writes_the_last_steps_instances_and_moves_nobody() {
    let mut sim = busy_sim();
    let mut fused = vec![ModelInstance::zeroed_instance(); 25_000];
    let n = sim.step_and_write(0.1, &mut fused).unwrap();
    let before = sim.counts();
    for write_only in [false, true] {
        let mut again = vec![ModelInstance::zeroed_instance(); 25_000];
        let written = if write_only {
            sim.write_into(&mut WriteOnlySink(&mut again)).unwrap()
        } else {
            sim.write_into(&mut again.as_mut_slice()).unwrap()
        };
        assert_eq!(written, n);
        assert!(again[..n] == fused[..n], "write-only: {write_only}");
        assert_eq!(sim.counts(), before, "writing stepped the simulation");
    }
    // Too short a sink is refused.
    let mut short = vec![ModelInstance::zeroed_instance(); n - 1];
    assert!(sim.write_into(&mut WriteOnlySink(&mut short)).is_err());
}
