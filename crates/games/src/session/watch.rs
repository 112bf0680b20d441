//! Who sees a session's ticks ([`Watcher`]: the timeline's history, a recording and its
//! checksum lines, a progress bar, co-op's reports) and who makes the edits due at a tick
//! ([`Due`]: a script, a recording, a co-op list).

use anyhow::Result;
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::tiles::EditKind;

/// What a session tells whoever watches it, tick by tick.
pub trait Watcher {
    /// An edit due at `tick` took.
    fn edit(&mut self, tick: u64, kind: EditKind, x: i64, y: i64) {
        let _ = (tick, kind, x, y);
    }

    /// An edit due was refused (`why` names where it came from): logged by default.
    fn refused(&mut self, why: &str) {
        log::warn!("{why}");
    }

    /// The game stands after `tick`; an error ends the run.
    fn after(&mut self, tick: u64, sim: &Simulation) -> Result<()> {
        let _ = (tick, sim);
        Ok(())
    }
}

/// Nobody watches (a refused edit is logged).
impl Watcher for () {}

/// Both watch, the first first.
impl<A: Watcher, B: Watcher> Watcher for (A, B) {
    fn edit(&mut self, tick: u64, kind: EditKind, x: i64, y: i64) {
        self.0.edit(tick, kind, x, y);
        self.1.edit(tick, kind, x, y);
    }

    fn refused(&mut self, why: &str) {
        self.0.refused(why);
        self.1.refused(why);
    }

    fn after(&mut self, tick: u64, sim: &Simulation) -> Result<()> {
        self.0.after(tick, sim)?;
        self.1.after(tick, sim)
    }
}

/// Where the edits due at a tick come from.
pub trait Due {
    /// Applies to `sim` the edits due at the start of `tick`, telling `watcher` of each that
    /// took and each refused.
    fn apply_due(&mut self, tick: u64, sim: &mut Simulation, watcher: &mut dyn Watcher);
}

/// No edits are due (the player's apply as they are made, between ticks).
impl Due for () {
    fn apply_due(&mut self, _: u64, _: &mut Simulation, _: &mut dyn Watcher) {}
}

/// A script's edits, or a recording's, named in refusals as `what`.
pub struct Scripted<'a> {
    /// The edits.
    pub script: &'a EditScript,
    /// What refusals call it (`script`, `recording`).
    pub what: &'a str,
}

impl Due for Scripted<'_> {
    fn apply_due(&mut self, tick: u64, sim: &mut Simulation, watcher: &mut dyn Watcher) {
        if self.script.at_tick(tick).is_empty() {
            return;
        }
        let took = self
            .script
            .apply_at(sim, tick, self.what, |why| watcher.refused(&why));
        for edit in took {
            watcher.edit(tick, edit.kind, edit.x, edit.y);
        }
    }
}
