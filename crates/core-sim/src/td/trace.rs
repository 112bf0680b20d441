//! The per-tick trace of a run (a contract: `docs/book/src/formats/traces.md`): CSV with the columns
//! `tick,id,x,z,yaw_deg,scale,speed,path_offset,health,clip`, one row per live enemy per tick after
//! that tick's update, rows of a tick in ascending id order; `health` is as it stands after the
//! whole tick, towers and shells included (an enemy at or below 0 is removed in the next tick). `(x, z)` is the world position of the
//! enemy model's origin (the clips move the model's child, not it); `yaw_deg` lies in
//! `[0, 360)`; `clip` is the animation clip playing (`intro`, `move`, `outro`, `dying`;
//! `move` throughout with animation off). Numbers are written in Rust's shortest
//! round-trip form, so a trace read back gives the exact `f32` values.

use crate::td::enemies::EnemyView;
use crate::td::simulation::Simulation;
use std::io::{self, Write};

/// The CSV header line (without the newline).
pub const TRACE_HEADER: &str = "tick,id,x,z,yaw_deg,scale,speed,path_offset,health,clip";

/// Writes trace rows, reusing its sort buffer between ticks.
#[derive(Debug)]
pub struct TraceWriter<W: Write> {
    out: W,
    rows: Vec<EnemyView>,
}

impl<W: Write> TraceWriter<W> {
    /// Starts a trace on `out` and writes the header.
    pub fn new(mut out: W) -> io::Result<TraceWriter<W>> {
        writeln!(out, "{TRACE_HEADER}")?;
        Ok(TraceWriter {
            out,
            rows: Vec::new(),
        })
    }

    /// Writes one row per live enemy of `sim`, labelled with its current tick count.
    pub fn write_tick(&mut self, sim: &Simulation) -> io::Result<()> {
        let tick = sim.counts().ticks;
        self.rows.clear();
        self.rows.extend(sim.enemies().iter());
        self.rows.sort_unstable_by_key(|r| r.id);
        for r in &self.rows {
            writeln!(
                self.out,
                "{tick},{},{},{},{},{},{},{},{},{}",
                r.id,
                r.position[0],
                r.position[1],
                r.yaw_deg,
                r.params.scale,
                r.params.speed,
                r.params.path_offset,
                r.health,
                r.clip.name()
            )?;
        }
        Ok(())
    }

    /// Flushes and returns the underlying writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.out.flush()?;
        Ok(self.out)
    }
}
