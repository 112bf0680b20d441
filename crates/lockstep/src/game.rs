//! The game as a session drives it ([`Game`]): apply a tick's edits, step it; which ticks'
//! checksums are compared ([`is_check_tick`]). [`SimGame`] is the headless game (a
//! [`Simulation`], with the merged recording where asked); the window drives its own.

use crate::script::PlayerScript;
use crate::wire::{Placer, Stamped, WireEdit};
use anyhow::{Context, Result};
use horde_core_sim::DT;
use horde_core_sim::td::files::game_to_bytes_with_source;
use horde_core_sim::td::game::{GameSource, Outcome, Simulation};
use horde_core_sim::td::history::RecordingWriter;
use horde_core_sim::td::tiles::EditKind;
use horde_games::{CoopSide, Mode, Session};
use std::collections::BTreeMap;

/// Ticks between two checksum comparisons: one a second of game time.
pub const CHECK_EVERY: u64 = 60;

/// What a session needs of a game.
pub trait Game {
    /// The game as it stands.
    fn sim(&self) -> &Simulation;

    /// Applies `edit` (of `kind`) at the start of the next tick, as a click would; `Err` says
    /// why it was refused (every peer refuses it alike).
    fn apply(&mut self, edit: &Stamped, kind: EditKind) -> Result<(), String>;

    /// Steps the game one tick.
    fn step(&mut self);

    /// The host took the game back: it is `saved`'s from now on (every later tick forgotten).
    fn restore(&mut self, saved: horde_core_sim::td::files::SavedGame);

    /// The tick the game stands after.
    fn tick(&self) -> u64 {
        self.sim().counts().ticks
    }

    /// Whether the game is decided.
    fn over(&self) -> bool {
        self.sim().outcome() != Outcome::Running
    }

    /// Who placed the standing towers, where this game knows (a joiner is told).
    fn placers(&self) -> Vec<Placer> {
        Vec::new()
    }

    /// The host says who placed the standing towers (after a join or the host's undo).
    fn set_placers(&mut self, _placers: &[Placer]) {}

    /// This player's next scripted edit due with the game where it stands (a
    /// [`PlayerScript`]); none for a player who only clicks. The session asks before each
    /// tick it plays and sends what comes as this player's edit.
    fn scripted_edit(&mut self) -> Option<WireEdit> {
        None
    }
}

/// Whether the checksum after `tick` is compared: every [`CHECK_EVERY`] ticks, the last tick
/// and the tick the game is decided.
pub fn is_check_tick(tick: u64, last_tick: Option<u64>, over: bool) -> bool {
    tick.is_multiple_of(CHECK_EVERY) || Some(tick) == last_tick || over
}

/// Plays tick `game.tick() + 1`: its edits (those of `edits` stamped for it), then the step.
/// Returns how many edits were refused.
pub fn play_tick<G: Game>(game: &mut G, edits: &[Stamped]) -> u64 {
    let mut refused = 0;
    for stamped in edits {
        let outcome = stamped
            .edit
            .kind()
            .and_then(|kind| game.apply(stamped, kind));
        if let Err(why) = outcome {
            refused += 1;
            log::info!(
                "co-op: tick {}: {}'s {} at ({}, {}) refused: {why}",
                stamped.tick,
                stamped.player,
                stamped.edit.action,
                stamped.edit.x,
                stamped.edit.y
            );
        }
    }
    game.step();
    refused
}

/// The bytes of a save of `sim` naming `source`.
pub fn save_bytes(sim: &Simulation, source: Option<&GameSource>) -> Result<Vec<u8>> {
    game_to_bytes_with_source(sim, DT, source).context("saving the game for a joiner")
}

/// The headless game: a simulation, and where asked the recording of the merged game (each
/// edit after a comment naming its player).
pub struct SimGame {
    /// The game, as a co-op session plays it (with the merged recording, the host's
    /// `--record`, where one is made).
    session: Session,
    /// The edits refused.
    pub refused: u64,
    /// The first error writing the recording.
    pub recording_error: Option<horde_files::FileError>,
    /// This player's scripted edits (`--script`).
    pub script: PlayerScript,
    /// Who placed the tower on each tile (stale entries, of towers gone, are skipped).
    placed: BTreeMap<usize, String>,
}

impl SimGame {
    /// `sim`, recorded into `recording` where given.
    pub fn new(sim: Simulation, recording: Option<RecordingWriter>) -> SimGame {
        let mode = Mode::Coop {
            side: CoopSide::Host,
            players: 1,
        };
        let mut session = Session::new(sim, None, mode);
        if let Some(recording) = recording {
            session.start_recording(recording);
        }
        SimGame {
            session,
            refused: 0,
            recording_error: None,
            script: PlayerScript::default(),
            placed: BTreeMap::new(),
        }
    }

    /// The session playing the game.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The session, to change the game between ticks on this side (a host's undo, a
    /// forced desync in tests).
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }

    /// Keeps the first recording error.
    fn note(&mut self, result: Result<(), horde_files::FileError>) {
        if let Err(e) = result
            && self.recording_error.is_none()
        {
            self.recording_error = Some(e);
        }
    }

    /// Ends the recording, returning the first error writing it.
    pub fn finish(&mut self) -> Result<()> {
        if let Some(recording) = self.session.take_recording() {
            let result = recording.finish();
            self.note(result);
        }
        match self.recording_error.take() {
            Some(e) => Err(e).context("--record"),
            None => Ok(()),
        }
    }
}

impl Game for SimGame {
    fn sim(&self) -> &Simulation {
        self.session.sim()
    }

    fn apply(&mut self, edit: &Stamped, kind: EditKind) -> Result<(), String> {
        let result = self.session.edit(kind, edit.edit.x, edit.edit.y);
        match result {
            Ok(_) => {
                let sim = self.session.sim();
                if let Some(index) = sim.board().index(edit.edit.x, edit.edit.y) {
                    if matches!(kind, EditKind::Tower(_)) && sim.towers().on_tile(index).is_some() {
                        self.placed.insert(index, edit.player.clone());
                    } else {
                        self.placed.remove(&index);
                    }
                }
                let at = (kind, edit.edit.x, edit.edit.y);
                let noted = self.session.note_edit(edit.tick, at, Some(&edit.player));
                self.note(noted);
                Ok(())
            }
            Err(why) => {
                self.refused += 1;
                Err(why.to_string())
            }
        }
    }

    fn restore(&mut self, saved: horde_core_sim::td::files::SavedGame) {
        self.session.replace_sim(saved.sim);
    }

    fn placers(&self) -> Vec<Placer> {
        let towers = self.session.sim().towers();
        (self.placed.iter())
            .filter(|(tile, _)| towers.on_tile(**tile).is_some())
            .map(|(tile, player)| Placer {
                tile: *tile as u32,
                player: player.clone(),
            })
            .collect()
    }

    fn set_placers(&mut self, placers: &[Placer]) {
        let placed = placers.iter().map(|p| (p.tile as usize, p.player.clone()));
        self.placed = placed.collect();
    }

    fn scripted_edit(&mut self) -> Option<WireEdit> {
        let tick = self.tick();
        self.script.due(tick)
    }

    fn step(&mut self) {
        if let Err(e) = self.session.step() {
            match e.downcast::<horde_files::FileError>() {
                Ok(e) => self.note(Err(e)),
                Err(e) => log::warn!("co-op: {e:#}"),
            }
        }
    }
}
