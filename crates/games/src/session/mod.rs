//! The session: the one type that drives a TD game. It owns the [`Simulation`], where the
//! game came from ([`GameSource`]), its [`Mode`], what it keeps of the game where asked (its
//! history, a [`Timeline`] the window seeks in, and its recording) and the tick — the edits
//! due at tick T (those its history made, behind the live edge; a script's, a recording's, a
//! co-op list: a [`Due`]; the player's apply as they are made, through [`Session::edit`], and
//! are kept with [`Session::note_edit`]), then the step (plain, or through the view's sink
//! when the frame fuses it: a [`Stepper`]), then the history and the recording (a keyframe,
//! a checksum line, where due), then whoever else watches (a [`Watcher`]: a trace, a progress
//! bar, a replay's checks). `horde sim`, `horde replay` and the
//! board server's verifier, `horde preview`, the timeline's re-simulation, the window and
//! co-op's host and peers all drive a session; none steps a `Simulation` itself.
//!
//! The rooms:
//! - this file: [`Session`] and its tick;
//! - `mode.rs`: [`Mode`]s with rules — what a player may change ([`Change`]) and why not
//!   ([`Refusal`]);
//! - `step.rs`: how the step runs ([`Stepper`]: [`Plain`], [`Fused`] into an instance sink);
//! - `watch.rs`: who watches ([`Watcher`]) and where the edits due come from ([`Due`],
//!   [`Scripted`]).

mod mode;
mod step;
mod watch;

pub use mode::{ChallengeOf, Change, CoopSide, Mode, Refusal, Rules};
pub use step::{Fused, Plain, Stepper};
pub use watch::{Due, Scripted, Watcher};

use anyhow::Result;
use horde_core_sim::DT;
use horde_core_sim::td::game::{GameSource, Outcome, Simulation};
use horde_core_sim::td::history::{RecordingWriter, Timeline};
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::{EditKind, EditRefused, TileContent};

/// The mode a game of `source` with `seed` plays in when nothing else says: a challenge
/// (`online`: today's on a board server, whose seed it is; offline, a day's when its seed is
/// a date, `YYYYMMDD`, as `--challenge today` gives), a scenario's, or the sandbox.
pub fn mode_of(source: Option<&GameSource>, seed: u64, online: bool) -> Mode {
    match source {
        Some(source) if crate::levels::is_challenge(source, seed) => {
            let day = if online {
                crate::days::days_of(crate::days::today_utc())
            } else {
                crate::days::days_of(seed)
            };
            let of = match day {
                Some(days) => {
                    let (y, m, d) = crate::days::civil_from_days(days);
                    ChallengeOf::Day(format!("{y:04}-{m:02}-{d:02}"))
                }
                None => ChallengeOf::Seed(seed),
            };
            Mode::Challenge { of, online }
        }
        Some(source) if source.scenario.is_some() => Mode::Scenario,
        _ => Mode::Sandbox,
    }
}

/// One TD game as it is played: its simulation, source, mode and tick, and what it keeps of
/// it where asked: its history (a [`Timeline`], for seeking) and its recording.
#[derive(Debug)]
pub struct Session {
    sim: Simulation,
    source: Option<GameSource>,
    mode: Mode,
    /// The mode as the HUD names it, made when the mode changes (drawn every frame).
    label: String,
    dt: f32,
    history: Option<Timeline>,
    recording: Option<RecordingWriter>,
    /// The first error writing an edit due to the recording, returned at the tick's end.
    failed: Option<horde_files::FileError>,
}

impl Session {
    /// A session of `sim` (from `source` where known) in `mode`, stepping
    /// [`horde_core_sim::DT`] seconds a tick.
    pub fn new(sim: Simulation, source: Option<GameSource>, mode: Mode) -> Session {
        Session {
            sim,
            source,
            label: mode.label(),
            mode,
            dt: DT,
            history: None,
            recording: None,
            failed: None,
        }
    }

    /// The game `source` names (its board and scenario) with the spawner's `settings` and
    /// `seed`, in `mode`.
    pub fn open(
        source: &GameSource,
        settings: SpawnSettings,
        seed: u64,
        mode: Mode,
    ) -> Result<Session> {
        let sim = crate::levels::simulation_of(source, settings, seed)?;
        Ok(Session::new(sim, Some(source.clone()), mode))
    }

    /// The same session stepping `dt` seconds a tick (a save played at another step).
    pub fn with_dt(mut self, dt: f32) -> Session {
        self.dt = dt;
        self
    }

    /// Seconds a tick.
    pub fn dt(&self) -> f32 {
        self.dt
    }

    /// The game as it stands, between two ticks.
    pub fn sim(&self) -> &Simulation {
        &self.sim
    }

    /// The game to change between two ticks (its settings, a reloaded board): never to step
    /// it, which is the session's ([`Session::advance`]).
    pub fn sim_mut(&mut self) -> &mut Simulation {
        &mut self.sim
    }

    /// The game, the session ended.
    pub fn into_sim(self) -> Simulation {
        self.sim
    }

    /// Plays `sim` from here on (a game loaded, or taken back by co-op's host).
    pub fn replace_sim(&mut self, sim: Simulation) {
        self.sim = sim;
    }

    /// Where the game came from, where known.
    pub fn source(&self) -> Option<&GameSource> {
        self.source.as_ref()
    }

    /// Says where the game came from from now on.
    pub fn set_source(&mut self, source: Option<GameSource>) {
        self.source = source;
    }

    /// The mode played.
    pub fn mode(&self) -> &Mode {
        &self.mode
    }

    /// Plays in `mode` from now on (a watched recording taken over, co-op's players changing).
    pub fn set_mode(&mut self, mode: Mode) {
        if mode != self.mode {
            self.label = mode.label();
            self.mode = mode;
        }
    }

    /// The mode as the HUD names it ([`Mode::label`]).
    pub fn mode_label(&self) -> &str {
        &self.label
    }

    /// Whether the mode lets the player make `change`, and if not, why
    /// ([`Mode::allows`]).
    pub fn allows(&self, change: Change) -> Result<(), Refusal> {
        self.mode.allows(change)
    }

    /// The tick the game stands after.
    pub fn tick(&self) -> u64 {
        self.sim.counts().ticks
    }

    /// Whether the game is decided (won or lost): no tick changes it any more.
    pub fn decided(&self) -> bool {
        self.sim.outcome() != Outcome::Running
    }

    /// The player's edit at `(x, y)`: it applies now, between two ticks, so the next tick
    /// plays it (as an edit due at that tick would).
    pub fn edit(&mut self, kind: EditKind, x: i64, y: i64) -> Result<TileContent, EditRefused> {
        self.sim.edit(kind, x, y)
    }

    /// Applies the edits due at the next tick without playing it (a prediction starts there):
    /// those its history made, where the game stands behind the history's live edge, then
    /// `due`'s; returns that tick.
    pub fn apply_due(&mut self, due: &mut impl Due, watcher: &mut impl Watcher) -> u64 {
        let tick = self.tick() + 1;
        // Behind its history's live edge (a seek back), the game takes the edits the history
        // made at that tick: played again, not edits made anew (nothing is noted).
        if let Some(history) = &self.history
            && tick <= history.live()
        {
            for edit in history.edits_at(tick) {
                let _ = self.sim.edit(edit.kind, edit.x, edit.y);
            }
        }
        let mut noting = Noting {
            recording: self.recording.as_mut(),
            failed: None,
            watcher,
        };
        due.apply_due(tick, &mut self.sim, &mut noting);
        if let Some(e) = noting.failed {
            self.failed.get_or_insert(e);
        }
        tick
    }

    /// Keeps the game's history from here, as it stands (a new game, a restart, a load): a
    /// timeline whose first keyframe is now; none (logged) if that keyframe fails.
    pub fn keep_history(&mut self) {
        self.history = match Timeline::new(&self.sim, self.dt) {
            Ok(timeline) => Some(timeline),
            Err(e) => {
                log::warn!("no timeline for this game: {e}");
                None
            }
        };
    }

    /// Takes `history` as the game's (a replayed recording's), or keeps none.
    pub fn set_history(&mut self, history: Option<Timeline>) {
        self.history = history;
    }

    /// The game's history, if it keeps one.
    pub fn history(&self) -> Option<&Timeline> {
        self.history.as_ref()
    }

    /// Records the game into `writer` from the next tick on (each edit noted, and the
    /// checksum lines after the ticks the writer asks for).
    pub fn start_recording(&mut self, writer: RecordingWriter) {
        self.recording = Some(writer);
    }

    /// The recording being made, if one is.
    pub fn recording(&self) -> Option<&RecordingWriter> {
        self.recording.as_ref()
    }

    /// The recording being made, to change (a restart writes its new start).
    pub fn recording_mut(&mut self) -> Option<&mut RecordingWriter> {
        self.recording.as_mut()
    }

    /// Ends the recording here, handing it over (to finish, or to submit).
    pub fn take_recording(&mut self) -> Option<RecordingWriter> {
        self.recording.take()
    }

    /// Notes an edit that took, applying at the start of `tick`, by co-op's `player` where
    /// named: the history keeps it, and the recording writes it (after a `# by NAME` comment
    /// for a named player). An edit behind the history's live edge forgets the recording's
    /// lines after the tick before it first: the game took another turn there.
    pub fn note_edit(
        &mut self,
        tick: u64,
        (kind, x, y): (EditKind, i64, i64),
        player: Option<&str>,
    ) -> Result<(), horde_files::FileError> {
        let in_past = self.history.as_ref().is_some_and(|h| tick <= h.live());
        if let Some(history) = &mut self.history {
            history.record_edit(tick, kind, x, y);
        }
        if let Some(recording) = &mut self.recording {
            if in_past {
                recording.cut(tick.saturating_sub(1));
            }
            if let Some(name) = player {
                recording.comment(tick, &format!("by {name}"))?;
            }
            recording.edit(tick, kind, x, y)?;
        }
        Ok(())
    }

    /// Plays the next tick T: the edits `due` at T, the step through `stepper`, then what
    /// the session keeps sees it (the history a keyframe where due, the recording its
    /// checksum line where due), then `watcher` sees the game after T. Returns the tick the game stands after: T, or (a
    /// decided game, which no step changes) the tick it was decided at, which is also what the
    /// watcher is told. An error is the watcher's.
    pub fn advance(
        &mut self,
        due: &mut impl Due,
        stepper: &mut impl Stepper,
        watcher: &mut impl Watcher,
    ) -> Result<u64> {
        self.apply_due(due, watcher);
        stepper.step(&mut self.sim, self.dt);
        let now = self.tick();
        if let Some(history) = &mut self.history
            && let Err(e) = history.observe(&self.sim)
        {
            log::warn!("timeline: {e}");
        }
        if let Some(e) = self.failed.take() {
            return Err(e.into());
        }
        if let Some(recording) = &mut self.recording {
            recording.after_tick(now, &self.sim)?;
        }
        watcher.after(now, &self.sim)?;
        Ok(now)
    }

    /// Plays the next tick with nothing due, drawing nothing and no other watcher: the tick of
    /// [`Session::advance`] (what the session keeps sees it). Returns the tick the game stands
    /// after; an error is the recording's.
    pub fn step(&mut self) -> Result<u64> {
        self.advance(&mut (), &mut Plain, &mut ())
    }
}

/// Passes what the edits due say to the caller's watcher, writing each that took to the
/// session's recording on the way.
struct Noting<'a, W> {
    recording: Option<&'a mut RecordingWriter>,
    failed: Option<horde_files::FileError>,
    watcher: &'a mut W,
}

impl<W: Watcher> Watcher for Noting<'_, W> {
    fn edit(&mut self, tick: u64, kind: EditKind, x: i64, y: i64) {
        if let Some(recording) = &mut self.recording
            && let Err(e) = recording.edit(tick, kind, x, y)
        {
            self.failed.get_or_insert(e);
        }
        self.watcher.edit(tick, kind, x, y);
    }

    fn refused(&mut self, why: &str) {
        self.watcher.refused(why);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::td::files::EditScript;
    use horde_core_sim::td::swarm::ModelInstance;
    use std::path::Path;

    fn session() -> Session {
        let source = GameSource::built_in();
        let settings = SpawnSettings::default();
        Session::open(&source, settings, 7, Mode::Sandbox).unwrap()
    }

    /// Counts what it sees.
    #[derive(Default)]
    struct Seen {
        edits: Vec<u64>,
        refused: usize,
        ticks: Vec<u64>,
    }

    impl Watcher for Seen {
        fn edit(&mut self, tick: u64, _: EditKind, _: i64, _: i64) {
            self.edits.push(tick);
        }
        fn refused(&mut self, _: &str) {
            self.refused += 1;
        }
        fn after(&mut self, tick: u64, sim: &Simulation) -> Result<()> {
            assert_eq!(sim.counts().ticks, tick);
            self.ticks.push(tick);
            Ok(())
        }
    }

    #[test]
    fn a_tick_applies_its_edits_then_steps_then_is_watched() {
        let board = session().into_sim().board().clone();
        let (w, h) = (board.width() as i64, board.height() as i64);
        let empty = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .find(|&(x, y)| board.index(x, y).map(|i| board.content(i)) == Some(TileContent::Empty))
            .unwrap();
        let text = format!("2 wall {} {}\n2 wall 99 99\n", empty.0, empty.1);
        let script = EditScript::parse(&text, Path::new("s")).unwrap();
        let mut due = Scripted {
            script: &script,
            what: "script",
        };
        let mut played = session();
        let mut seen = Seen::default();
        for _ in 0..3 {
            played.advance(&mut due, &mut Plain, &mut seen).unwrap();
        }
        assert_eq!(seen.ticks, [1, 2, 3]);
        assert_eq!((seen.edits.as_slice(), seen.refused), (&[2][..], 1));
        // The same ticks stepped by hand give the same game.
        let mut plain = session().into_sim();
        plain.step(DT);
        plain.edit(EditKind::Wall, empty.0, empty.1).unwrap();
        plain.step(DT);
        plain.step(DT);
        assert_eq!(plain.checksum(), played.sim().checksum());
    }

    #[test]
    fn a_fused_step_is_the_plain_step() {
        let (mut fused, mut plain) = (session(), session());
        let mut out = vec![ModelInstance::zeroed_instance(); 64];
        for _ in 0..120 {
            let mut stepper = Fused::new(out.as_mut_slice());
            fused.advance(&mut (), &mut stepper, &mut ()).unwrap();
            assert_eq!(stepper.written, Ok(fused.sim().enemies().len()));
            plain.step().unwrap();
        }
        assert_eq!(fused.sim().checksum(), plain.sim().checksum());
        assert!(fused.sim().counts().spawned > 0);
    }

    #[test]
    fn a_games_mode_follows_its_source() {
        let day = crate::levels::challenge(20261205);
        let offline = Mode::Challenge {
            of: ChallengeOf::Day("2026-12-05".into()),
            online: false,
        };
        assert_eq!(mode_of(Some(&day), 20261205, false), offline);
        // Online, the day is the server's today, whatever its seed.
        let served = crate::levels::challenge(41);
        let online = mode_of(Some(&served), 41, true);
        assert!(
            online.label().starts_with("Daily challenge · ")
                && online.label().ends_with(" · online")
        );
        let seeded = crate::levels::challenge(7);
        let offline = mode_of(Some(&seeded), 7, false);
        assert_eq!(offline.label(), "Challenge · seed 7 · offline");
        assert_eq!(mode_of(Some(&day), 3, false), Mode::Scenario);
        assert_eq!(
            mode_of(Some(&GameSource::built_in()), 3, false),
            Mode::Sandbox
        );
        assert_eq!(mode_of(None, 3, false), Mode::Sandbox);
    }

    #[test]
    fn a_decided_game_stands_at_the_tick_it_was_decided() {
        let board = horde_core_sim::td::files::parse_level("S.D\n", Path::new("l")).unwrap();
        let mut scenario = horde_core_sim::td::game::Scenario::parse(
            horde_core_sim::td::game::EXAMPLE_SCENARIO,
            Path::new("s.ron"),
        )
        .unwrap();
        scenario.lives = 1;
        let mut sim = Simulation::new(board, SpawnSettings::default(), 1);
        sim.set_scenario(Some(scenario));
        let mut played = Session::new(sim, None, Mode::Scenario);
        let mut seen = Seen::default();
        while !played.decided() {
            played.advance(&mut (), &mut Plain, &mut seen).unwrap();
        }
        let decided = played.tick();
        // The window keeps stepping a lost game: it stands where it was decided, and the
        // watchers (a recording's checksum lines) are told that tick, never one past it.
        let stands = played.advance(&mut (), &mut Plain, &mut seen).unwrap();
        assert_eq!((stands, *seen.ticks.last().unwrap()), (decided, decided));
    }

    #[test]
    fn a_watchers_error_ends_the_tick() {
        struct Fails;
        impl Watcher for Fails {
            fn after(&mut self, _: u64, _: &Simulation) -> Result<()> {
                anyhow::bail!("disk full")
            }
        }
        let err = session()
            .advance(&mut (), &mut Plain, &mut Fails)
            .unwrap_err();
        assert_eq!(err.to_string(), "disk full");
    }
}
