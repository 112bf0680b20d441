//! What a save holds: every part of a [`Simulation`] that a later tick reads, and how it is
//! checked when it comes back. Scratch space (the spatial index, the update's buffers, the
//! places the index reads) is not kept: each is rebuilt from the state before it is read.
//!
//! A record that passed the file's checksum was written by Horde, or made to look so; either
//! way nothing in it is trusted: every index must be on the board or in its list, every number
//! finite and within its limits, the towers those of the board, the scenario state one its
//! scenario can reach. A record that fails is refused, saying what is wrong.

use super::columns;
use crate::maths::Maths;
use crate::td::ballistics::{Explosion, Shell};
use crate::td::board::Board;
use crate::td::enemies::Enemies;
use crate::td::scenario::Scenario;
use crate::td::scenario_state::ScenarioState;
use crate::td::settings::{FloatRange, SpawnSettings};
use crate::td::simulation::parts::SimulationParts;
use crate::td::simulation::{Outcome, Simulation};
use crate::td::source::GameSource;
use crate::td::tile::TileContent;
use crate::td::towers::{Tower, TowerSettings};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The whole game, as a save's payload holds it (postcard): [`GameRecord`] today, and, with
/// other types for the parts whose layout changed since, the records of older formats
/// ([`super::format4`]). `Settings` are the towers' settings, `Play` the scenario, `Extra` what
/// a format added at its end.
#[derive(Serialize, Deserialize)]
pub(crate) struct Record<Settings, Play, Extra> {
    /// The seconds per tick the game was played at.
    pub(crate) dt: f32,
    pub(super) seed: u64,
    pub(super) rng: RngRecord,
    pub(super) board: BoardRecord,
    pub(super) settings: SettingsRecord,
    pub(super) spawning: bool,
    pub(super) spawn_progress: f64,
    pub(super) ticks: u64,
    pub(super) killed: u64,
    pub(super) reached: u64,
    pub(super) shots: u64,
    pub(super) lives: u32,
    /// 0 running, 1 victory, 2 defeat.
    pub(super) outcome: u8,
    pub(super) tower_settings: Settings,
    /// Whether animation was asked for (a scenario may ask for it too).
    pub(super) animation: bool,
    pub(super) playing: Option<(Play, ScenarioState)>,
    pub(super) towers: Vec<Tower>,
    pub(super) shells: Vec<Shell>,
    pub(super) explosions: Vec<Explosion>,
    /// The money left under a budget, and what was paid for each tile's content.
    pub(super) money: u32,
    pub(super) paid: Vec<u32>,
    pub(super) enemies: EnemiesRecord,
    pub(super) extra: Extra,
}

/// The record of today's format: tower settings and costs keyed by name; at its end, the
/// speed factors towers gave enemies for their next update, by slot (empty when none).
pub(crate) type GameRecord = Record<TowerSettings, Scenario, Vec<f32>>;

impl<S, P, X> Record<S, P, X> {
    /// The same record with its settings, scenario and end made by `settings`, `play` and
    /// `extra` (from one format's layout to another's).
    pub(super) fn map<S2, P2, X2>(
        self,
        settings: impl FnOnce(S) -> Result<S2, String>,
        play: impl FnOnce(P) -> Result<P2, String>,
        extra: X2,
    ) -> Result<Record<S2, P2, X2>, String> {
        let playing = match self.playing {
            Some((scenario, state)) => Some((play(scenario)?, state)),
            None => None,
        };
        Ok(Record {
            dt: self.dt,
            seed: self.seed,
            rng: self.rng,
            board: self.board,
            settings: self.settings,
            spawning: self.spawning,
            spawn_progress: self.spawn_progress,
            ticks: self.ticks,
            killed: self.killed,
            reached: self.reached,
            shots: self.shots,
            lives: self.lives,
            outcome: self.outcome,
            tower_settings: settings(self.tower_settings)?,
            animation: self.animation,
            playing,
            towers: self.towers,
            shells: self.shells,
            explosions: self.explosions,
            money: self.money,
            paid: self.paid,
            enemies: self.enemies,
            extra,
        })
    }

    /// The board's tile codes.
    pub(super) fn tile_codes(&self) -> &[u8] {
        &self.board.tiles
    }
}

/// Where the ChaCha8 stream stands.
#[derive(Serialize, Deserialize)]
pub(super) struct RngRecord {
    seed: [u8; 32],
    stream: u64,
    word_pos: u128,
}

/// The board's tiles (their `repr(u8)` codes), spawn point order and revision.
#[derive(Serialize, Deserialize)]
pub(super) struct BoardRecord {
    width: u32,
    height: u32,
    #[serde(with = "serde_bytes")]
    tiles: Vec<u8>,
    spawn_points: Vec<u32>,
    revision: u64,
}

/// The spawner's settings.
#[derive(Serialize, Deserialize)]
pub(super) struct SettingsRecord {
    spawn_speed: f32,
    scale: (f32, f32),
    speed: (f32, f32),
    path_offset: (f32, f32),
}

/// The enemies: how many, and the next id. Their byte planes ([`columns`]) follow the record
/// in the payload, outside postcard, so that neither direction copies them.
#[derive(Serialize, Deserialize)]
pub(super) struct EnemiesRecord {
    next_id: u64,
    count: u64,
}

impl GameRecord {
    /// The record of `sim`, played at `dt` seconds a tick, and its enemies' planes followed
    /// by the tail (which names `source`, where given).
    pub(crate) fn of(
        sim: &Simulation,
        dt: f32,
        source: Option<&GameSource>,
    ) -> (GameRecord, Vec<u8>) {
        let (ids, states) = sim.enemies().slots();
        let mut after = columns::to_planes(ids, states);
        after.extend(super::tail::save_tail(sim, source));
        (GameRecord::head(sim, dt), after)
    }

    /// The record of `sim`, played at `dt` seconds a tick, without its enemies' planes:
    /// everything but the enemies themselves (their count and the next id are in it).
    pub(crate) fn head(sim: &Simulation, dt: f32) -> GameRecord {
        let board = sim.board();
        let settings = sim.settings();
        let counts = sim.counts();
        let rng = sim.rng();
        let range = |r: FloatRange| (r.min(), r.max());
        let states = sim.enemies().slots().1;
        GameRecord {
            dt,
            seed: sim.seed(),
            rng: RngRecord {
                seed: rng.get_seed(),
                stream: rng.get_stream(),
                word_pos: rng.get_word_pos(),
            },
            board: BoardRecord {
                width: board.width(),
                height: board.height(),
                tiles: board.contents().iter().map(|c| c.code()).collect(),
                spawn_points: board.spawn_points().to_vec(),
                revision: board.revision(),
            },
            settings: SettingsRecord {
                spawn_speed: settings.spawn_speed(),
                scale: range(settings.scale()),
                speed: range(settings.speed()),
                path_offset: range(settings.path_offset()),
            },
            spawning: sim.spawning(),
            spawn_progress: sim.spawn_progress(),
            ticks: counts.ticks,
            killed: counts.killed,
            reached: counts.reached,
            shots: counts.shots,
            lives: counts.lives,
            outcome: match counts.outcome {
                Outcome::Running => 0,
                Outcome::Victory => 1,
                Outcome::Defeat => 2,
            },
            tower_settings: *sim.tower_settings(),
            animation: sim.animation(),
            playing: (sim.scenario().zip(sim.scenario_state()))
                .map(|(scenario, state)| (scenario.clone(), state.clone())),
            towers: sim.towers().all().to_vec(),
            shells: sim.shells().to_vec(),
            explosions: sim.explosions().to_vec(),
            money: sim.money().unwrap_or(0),
            paid: sim.paid().to_vec(),
            enemies: EnemiesRecord {
                next_id: sim.enemies().spawned(),
                count: states.len() as u64,
            },
            extra: sim.enemies().speed_factors().to_vec(),
        }
    }

    /// The simulation this record and its enemies' `planes` describe (drawing new enemies in
    /// the neutral colour until the caller chooses) and where the game came from, if the
    /// save says; or what is wrong with it.
    pub(crate) fn into_simulation(
        self,
        after: &[u8],
    ) -> Result<(Simulation, Option<GameSource>), String> {
        // The enemies' planes, then the tail.
        let planes_len = usize::try_from(self.enemies.count)
            .ok()
            .and_then(|n| n.checked_mul(columns::BYTES_PER_ENEMY))
            .filter(|&len| len <= after.len())
            .ok_or_else(|| format!("{} bytes cannot hold its enemies", after.len()))?;
        let (planes, tail) = after.split_at(planes_len);
        let tail = super::tail::read_tail(tail)?;
        let tiles = self
            .board
            .tiles
            .iter()
            .map(|&code| TileContent::from_code(code).ok_or(format!("unknown tile code {code}")))
            .collect::<Result<Vec<_>, _>>()?;
        let b = self.board;
        let board = Board::restore(b.width, b.height, tiles, b.spawn_points, b.revision)
            .map_err(|e| format!("its board is not valid: {e}"))?;
        let settings = settings_from(&self.settings)?;
        let outcome = match self.outcome {
            0 => Outcome::Running,
            1 => Outcome::Victory,
            2 => Outcome::Defeat,
            other => return Err(format!("unknown outcome {other}")),
        };
        let mut playing = self.playing;
        match (&mut playing, tail.endless) {
            (Some((scenario, _)), endless) => scenario.endless = endless,
            (None, Some(_)) => return Err("it has endless waves but no scenario".to_string()),
            (None, None) => {}
        }
        let mut enemies = restore_enemies(&self.enemies, planes, board.tile_count())?;
        enemies.restore_speed_factors(self.extra)?;
        // A save that does not say was played with the platform's maths.
        enemies.set_maths(tail.maths.unwrap_or(Maths::Platform));
        let mut rng = ChaCha8Rng::from_seed(self.rng.seed);
        rng.set_stream(self.rng.stream);
        rng.set_word_pos(self.rng.word_pos);
        let sim = Simulation::from_parts(SimulationParts {
            board,
            enemies,
            settings,
            seed: self.seed,
            rng,
            spawn_progress: self.spawn_progress,
            spawning: self.spawning,
            ticks: self.ticks,
            killed: self.killed,
            reached: self.reached,
            shots: self.shots,
            lives: self.lives,
            outcome,
            tower_settings: self.tower_settings,
            animation: self.animation,
            playing,
            towers: self.towers,
            shells: self.shells,
            explosions: self.explosions,
            money: self.money,
            paid: self.paid,
            tally: tail.tally.unwrap_or_default(),
        })?;
        Ok((sim, tail.source))
    }
}

/// The spawner's settings, each checked against its limits.
fn settings_from(record: &SettingsRecord) -> Result<SpawnSettings, String> {
    let range = |(min, max): (f32, f32), what: &str| {
        FloatRange::new(min, max).ok_or_else(|| format!("its {what} range {min}..{max} is empty"))
    };
    SpawnSettings::new(
        record.spawn_speed,
        range(record.scale, "scale")?,
        range(record.speed, "speed")?,
        range(record.path_offset, "path offset")?,
    )
    .map_err(|e| e.to_string())
}

/// The enemy pool from its planes, every enemy and id checked.
fn restore_enemies(record: &EnemiesRecord, planes: &[u8], tiles: usize) -> Result<Enemies, String> {
    let count = usize::try_from(record.count).map_err(|_| "too many enemies".to_string())?;
    let (ids, enemies) = columns::from_planes(planes, count, tiles)?;
    if let Some(id) = ids.iter().find(|&&id| id >= record.next_id) {
        return Err(format!(
            "enemy id {id} was never given out (ids so far: {})",
            record.next_id
        ));
    }
    Ok(Enemies::restore(record.next_id, ids, enemies))
}
