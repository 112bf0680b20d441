//! The games Horde ships: a level and a scenario of `assets/` each, as the title screen's
//! *Play* lists them. Natively they are read from their files (a player may edit them); their
//! texts are compiled in too, for where there are no files (the browser's page), and a game
//! opened from the texts is recorded carrying them, so that its recording replays anywhere.

use crate::session::{Mode, Session};
use anyhow::Result;
use horde_core_sim::maths::Maths;
use horde_core_sim::td::files::{level_text, parse_level};
use horde_core_sim::td::game::{GameSource, LevelSource, Scenario, ScenarioSource, Simulation};
use horde_core_sim::td::history::{Carried, RecordingHeader, board_checksum};
use horde_core_sim::td::swarm::SpawnSettings;
use std::path::{Path, PathBuf};

/// A game Horde ships.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shipped {
    /// Its title, as the menu lists it.
    pub title: &'static str,
    /// Its level, a file under `assets/`.
    pub level: &'static str,
    /// Its scenario, a file under `assets/`.
    pub scenario: &'static str,
    /// The level file's text, compiled in.
    pub level_text: &'static str,
    /// The scenario file's text, compiled in.
    pub scenario_text: &'static str,
}

/// A shipped game of `assets/LEVEL` and `assets/SCENARIO`, titled `TITLE`.
macro_rules! shipped {
    ($title:literal, $level:literal, $scenario:literal) => {
        Shipped {
            title: $title,
            level: $level,
            scenario: $scenario,
            level_text: include_str!(concat!("../../../assets/", $level)),
            scenario_text: include_str!(concat!("../../../assets/", $scenario)),
        }
    };
}

/// The shipped games, in the menu's order.
pub const SHIPPED: [Shipped; 6] = [
    shipped!(
        "Battle · example waves",
        "levels/battle.txt",
        "scenarios/example.ron"
    ),
    shipped!(
        "Battle · the siege",
        "levels/battle.txt",
        "scenarios/siege.ron"
    ),
    shipped!(
        "Fortress · example waves",
        "levels/fortress.txt",
        "scenarios/example.ron"
    ),
    shipped!(
        "Serpentine · example waves",
        "levels/serpentine.txt",
        "scenarios/example.ron"
    ),
    shipped!(
        "Default board · endless waves",
        "levels/default.txt",
        "scenarios/endless.ron"
    ),
    shipped!(
        "Large board · endless waves",
        "levels/large.txt",
        "scenarios/endless.ron"
    ),
];

impl Shipped {
    /// Where the game comes from: its two files under `assets/`.
    pub fn source(&self) -> GameSource {
        let assets = Path::new("assets");
        GameSource {
            level: LevelSource::File(assets.join(self.level)),
            scenario: Some(ScenarioSource::File(assets.join(self.scenario))),
        }
    }

    /// The game opened from the compiled-in texts, with the spawner's `settings` and `seed`,
    /// in the scenario's mode.
    pub fn open(&self, settings: SpawnSettings, seed: u64) -> Result<Session> {
        let source = self.source();
        let level_path = PathBuf::from("assets").join(self.level);
        let board = parse_level(self.level_text, &level_path)?;
        let scenario_path = PathBuf::from("assets").join(self.scenario);
        let scenario = Scenario::parse(self.scenario_text, &scenario_path)?;
        let mut sim = Simulation::new(board, settings, seed);
        sim.set_scenario(Some(scenario));
        Ok(Session::new(sim, Some(source), Mode::Scenario))
    }

    /// The header of a recording of this game opened with `settings` and `seed` (as
    /// [`Shipped::open`] opens it, on `board`), carrying both texts.
    pub fn recording_header(
        &self,
        board: &horde_core_sim::td::tiles::Board,
        settings: SpawnSettings,
        seed: u64,
    ) -> RecordingHeader {
        RecordingHeader {
            source: self.source(),
            board: board_checksum(board),
            settings,
            animation: false,
            seed,
            level_line: 0,
            level_text: Some(Carried::new(level_text(board))),
            scenario_text: Some(Carried::new(self.scenario_text)),
            maths: Maths::Portable,
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_shipped_game_opens_from_its_texts_as_from_its_files() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        for game in SHIPPED {
            let from_texts = game.open(SpawnSettings::default(), 5).unwrap();
            let mut source = game.source();
            if let LevelSource::File(path) = &mut source.level {
                *path = root.join(&*path);
            }
            if let Some(ScenarioSource::File(path)) = &mut source.scenario {
                *path = root.join(&*path);
            }
            let from_files =
                Session::open(&source, SpawnSettings::default(), 5, Mode::Scenario).unwrap();
            assert_eq!(
                from_texts.sim().checksum(),
                from_files.sim().checksum(),
                "{}",
                game.title
            );
            assert_eq!(from_texts.mode(), &Mode::Scenario);
        }
    }

    #[test]
    fn a_run_of_a_shipped_game_replays_from_its_recording_alone() {
        use horde_core_sim::td::history::{Recording, RecordingWriter};
        let game = SHIPPED[1];
        let settings = SpawnSettings::default();
        let mut session = game.open(settings, 9).unwrap();
        let header = game.recording_header(session.sim().board(), settings, 9);
        session.start_recording(RecordingWriter::in_memory("siege.rec", header));
        for _ in 0..600 {
            session.step().unwrap();
        }
        let text = session
            .recording()
            .and_then(|r| r.text())
            .unwrap()
            .to_string();
        let path = Path::new("siege.rec");
        let recording = Recording::parse(&text, path).unwrap();
        // The level and scenario files are nowhere: the texts carried stand in for them.
        let sim = crate::replay::start(&recording, path).unwrap();
        let checked = crate::replay::check(&recording, sim, horde_core_sim::DT).unwrap();
        assert!(checked.desync.is_none());
        assert_eq!(checked.sim.counts().ticks, session.tick());
        assert_eq!(checked.sim.checksum(), session.sim().checksum());
    }
}
