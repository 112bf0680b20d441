//! Opening the tower-defense scene from the shared scene flags: the level (or a saved game),
//! the scenario, the spawn settings and seed, the enemy cube, and in a window the recording of
//! the player's edits and the live files; co-op's host and joiner.

use super::args::{TdFlags, TdWindowFlags};
use super::coop::TdCoop;
use super::forecast::Forecast;
use super::game::TdGame;
use super::play::TdPlay;
use super::submit::SubmitPanel;
use super::view::TdView;
use crate::clock::STEP_F32;
use crate::scenes::given::SceneArgs;
use crate::scenes::opening::Opening;
use anyhow::{Context, Result, bail};
use horde_core_sim::td::game::ScenarioSource;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::history::Recording;
use horde_core_sim::td::history::RecordingWriter;
use std::path::Path;

impl TdPlay {
    /// The scene `args` describe, opened as `opening` says.
    pub fn open(scene: &SceneArgs, opening: Opening) -> Result<TdPlay> {
        let args: TdFlags = scene.flags()?;
        let window: TdWindowFlags = opening.window.flags()?;
        window.coop.check().map_err(anyhow::Error::msg)?;
        if window.script.is_some() && !window.coop.any() {
            bail!(
                "--script: a window plays a script as a co-op player (with --host or --join); `horde sim --script` plays one alone"
            );
        }
        if window.record.is_some() && args.load.is_some() {
            bail!("--record cannot start from --load: an edit script starts from a level");
        }
        let mut view = TdView::new();
        view.enemy_mesh = args.cube.mesh();
        if let Some(path) = &window.replay {
            return TdPlay::open_replay(path, view, window.play_speed, opening);
        }
        if let Some(code) = &window.coop.join {
            if args.load.is_some() || args.level.is_some() || args.scenario.is_some() {
                bail!("--join: the game comes from the host (no --level, --scenario or --load)");
            }
            let (game, mut coop) = TdCoop::join(code, window.coop.name.as_deref())?;
            if let Some(path) = &window.script {
                coop.play_script(path, &game)?;
            }
            let mut play = TdPlay::new(
                (game, view),
                (None, None),
                opening.backend,
                opening.adapters,
            );
            play.set_coop(coop);
            if !opening.picture {
                play.forecast = Some(Forecast::new());
            }
            play.watch(opening.live, None, None);
            return Ok(play);
        }
        let (source, seed) = crate::online::flagged_game(
            &args.board,
            args.level.as_deref(),
            args.scenario.as_deref(),
            scene.seed,
        )?;
        let settings = args.spawn.settings()?;
        let mut game = TdGame::open(&source, settings, seed)?;
        let online = args.board.challenge == Some(crate::cli::board::Challenge::Online);
        game.set_mode(horde_games::mode_of(Some(&source), seed, online));
        log::info!("td: {}", game.session().mode().label());
        game.change_sim(|sim| sim.set_animation(args.spawn.animation));
        if let Some(path) = &args.load {
            game.load(path)?;
        }
        // A challenge in a window records itself (for its Submit) where no file is named.
        let is_challenge = horde_games::is_challenge(&source, seed) && args.load.is_none();
        let record = match (&window.record, is_challenge && !opening.picture) {
            (Some(path), _) => Some(path.clone()),
            (None, true) => crate::online::challenge_recording_path(seed),
            (None, false) => None,
        };
        if let Some(path) = &record {
            let board = game.sim().board();
            let animation = args.spawn.animation;
            let start = horde_games::recording_header(&source, board, settings, animation, seed)?;
            // Written off the render thread: a frame never waits on the disk.
            let writer = RecordingWriter::start_in_background(path, start);
            game.start_recording(writer.context("--record")?);
        }
        if let Some(speed) = window.play_speed {
            game.time_scale = speed;
        }
        let files = (args.level.clone(), args.scenario.clone());
        let picture = opening.picture;
        let submit = match crate::online::tokens_path() {
            Ok(tokens) if is_challenge && record.is_some() => Some(SubmitPanel::new(
                crate::online::server_url(args.board.server.as_deref()),
                tokens,
            )),
            _ => None,
        };
        let coop = match window.coop.host {
            Some(_) => {
                let mut coop = TdCoop::host(&game, &window.coop)?;
                if let Some(path) = &window.script {
                    coop.play_script(path, &game)?;
                }
                Some(coop)
            }
            None => None,
        };
        let mut play = TdPlay::new((game, view), files, opening.backend, opening.adapters);
        play.submit = submit;
        if let Some(coop) = coop {
            play.set_coop(coop);
        }
        if !picture {
            play.forecast = Some(Forecast::new());
        }
        // A loaded game has no level file of its own to watch, but what the inspector loads
        // later is watched.
        if args.load.is_none() {
            play.watch(
                opening.live,
                args.level.as_deref(),
                args.scenario.as_deref(),
            );
        } else {
            play.watch(opening.live, None, None);
        }
        Ok(play)
    }

    /// `--replay F`: the recording played again and its whole game on the timeline, shown
    /// from its first tick, at `play_speed` where given; nothing is written to the recording.
    fn open_replay(
        path: &Path,
        view: TdView,
        play_speed: Option<f32>,
        opening: Opening,
    ) -> Result<TdPlay> {
        let (recording, sim) = open_recording(path)?;
        let seed = recording.header.seed;
        let replayed = horde_games::replay(&recording, sim, STEP_F32, &mut ())?;
        if let Some(desync) = replayed.desync {
            log::warn!("{}", desync.sentence(path));
        }
        let timeline = replayed.timeline;
        let start = timeline
            .seek(timeline.start())
            .map_err(anyhow::Error::msg)?;
        let mut game = TdGame::from_simulation(start, seed);
        game.adopt_history(timeline);
        game.set_source(Some(recording.header.source.clone()));
        game.set_mode(horde_games::Mode::Watch);
        if let Some(speed) = play_speed {
            game.time_scale = speed;
        }
        let header = recording.header;
        let source = &header.source;
        let scenario = source.scenario.as_ref().and_then(ScenarioSource::file);
        let files = (
            source.level.file().map(Path::to_path_buf),
            scenario.map(Path::to_path_buf),
        );
        let mut play = TdPlay::new((game, view), files, opening.backend, opening.adapters);
        play.forecast = Some(Forecast::new());
        play.watch(opening.live, None, None);
        Ok(play)
    }
}

/// The recording at `path` and the game its header starts: a file, or a run's recording on a
/// board server (`http://HOST/runs/ID.rec`), fetched.
fn open_recording(path: &Path) -> Result<(Recording, Simulation)> {
    let Some(url) = path
        .to_str()
        .filter(|p| p.starts_with("http://") || p.starts_with("https://"))
    else {
        return horde_games::open(path);
    };
    let text = horde_online::Client::new(url)
        .text(url)
        .with_context(|| format!("--replay: fetching {url}"))?;
    let recording = Recording::parse(&text, path)?;
    let sim = horde_games::start(&recording, path)?;
    Ok((recording, sim))
}
