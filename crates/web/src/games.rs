//! Where the page's tower-defense game comes from (wasm32 only): the game the address asks
//! for (today's challenge on the board, offline, a shipped game, the sandbox, the stress
//! test), recorded; a script played in it at once; the player's token; a run submitted; a
//! recording fetched, checked to its last checksum and opened to be watched.

use crate::browser::{console, fetch, stored, write_report};
use crate::keeping::RECORDING_KEY;
use crate::online::{TOKEN_KEY, new_player, seed_of_day, submitted, token_of};
use crate::query::Query;
use crate::report::Report;
use horde_core_sim::DT;
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::game::{GameSource, Simulation};
use horde_core_sim::td::history::{Recording, RecordingWriter, Timeline};
use horde_core_sim::td::swarm::{FloatRange, SpawnSettings};
use horde_core_sim::td::tiles::winding_board;
use horde_games::{Mode, Plain, Scripted, Session};
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

/// The most ticks a scripted game is played (the board replays no longer a run).
const MOST_SCRIPTED_TICKS: u64 = 1_080_000;

/// Plays the script at `url` in `session` to the game's end, at once.
pub async fn play_script(session: &mut Session, url: &str) -> Result<(), String> {
    let (status, text) = fetch(url, None, None).await?;
    if status != 200 && status != 0 {
        return Err(format!("{url}: HTTP {status}"));
    }
    let script = EditScript::parse(&text, Path::new(url)).map_err(|e| e.to_string())?;
    let mut due = Scripted {
        script: &script,
        what: "script",
    };
    while !session.decided() && session.tick() < MOST_SCRIPTED_TICKS {
        session
            .advance(&mut due, &mut Plain, &mut ())
            .map_err(|e| format!("{e:#}"))?;
    }
    Ok(())
}

/// The game the address asks for — today's challenge on the board (recorded, with the
/// player's token), a challenge offline, or the sandbox on the built-in board — and the token
/// its run is submitted with, for a game played online.
pub async fn game(query: &Query) -> Result<(Session, Option<String>), String> {
    if let Some(enemies) = query.stress {
        return Ok((stress(enemies)?, None));
    }
    if let Some(n) = query.play {
        let game = &horde_games::SHIPPED[n - 1];
        let (settings, seed) = (SpawnSettings::default(), query.seed.unwrap_or(1));
        let mut session = game
            .open(settings, seed)
            .map_err(|e| format!("{}: {e:#}", game.title))?;
        let header = game.recording_header(session.sim().board(), settings, seed);
        session.start_recording(RecordingWriter::in_memory(&format!("play-{n}.rec"), header));
        return Ok((session, None));
    }
    let Some(challenge) = &query.challenge else {
        let source = GameSource::built_in();
        let mut session = Session::open(&source, SpawnSettings::default(), 1, Mode::Sandbox)
            .map_err(|e| format!("the built-in board: {e:#}"))?;
        record(&mut session, &source, 1, "sandbox.rec")?;
        return Ok((session, None));
    };
    let online = challenge == "online";
    let seed = if online {
        let (status, day) = fetch("/api/days/today", None, None).await?;
        if status != 200 {
            return Err(format!("the board's day: HTTP {status}: {day}"));
        }
        seed_of_day(&day)?
    } else {
        // Offline: today's seed, as the native title screen plays it without a server, or
        // the seed a board's day page names.
        challenge
            .parse()
            .unwrap_or_else(|_| horde_games::today_utc())
    };
    let source = horde_games::challenge(seed);
    let mode = horde_games::mode_of(Some(&source), seed, online);
    let settings = SpawnSettings::default();
    let mut session = Session::open(&source, settings, seed, mode)
        .map_err(|e| format!("the challenge: {e:#}"))?;
    record(
        &mut session,
        &source,
        seed,
        &format!("challenge-{seed}.rec"),
    )?;
    if !online {
        return Ok((session, None));
    }
    console("asking for the player's token");
    let token = player_token(query.name.as_deref()).await?;
    Ok((session, Some(token)))
}

/// Records the game of `session` (from `source`, with `seed`) in memory, as `name`: the run
/// submitted, kept in the browser's storage and offered as a download when the game ends.
pub fn record(
    session: &mut Session,
    source: &GameSource,
    seed: u64,
    name: &str,
) -> Result<(), String> {
    let board = session.sim().board();
    let header =
        horde_games::recording_header(source, board, SpawnSettings::default(), false, seed)
            .map_err(|e| format!("{e:#}"))?;
    session.start_recording(RecordingWriter::in_memory(name, header));
    Ok(())
}

/// `horde stress`'s game: its 256×256 serpentine, every characteristic over its whole range,
/// spawning off, `enemies` placed at once (topped up after each tick).
pub fn stress(enemies: u32) -> Result<Session, String> {
    let board = winding_board(256, 256, 64, 8).map_err(|e| format!("the stress board: {e}"))?;
    let range = |a, b| FloatRange::new(a, b).ok_or("a stress range");
    let settings = SpawnSettings::new(10.0, range(0.5, 2.0)?, range(0.2, 5.0)?, range(-0.4, 0.4)?)
        .map_err(|e| format!("the stress settings: {e}"))?;
    let mut sim = Simulation::new(board, settings, 1);
    sim.set_spawning(false);
    sim.reserve_enemies(enemies as usize + enemies as usize / 4);
    sim.populate(enemies as usize);
    Ok(Session::new(sim, None, Mode::Sandbox))
}

/// The player's token: the one the browser keeps, else a new player's named `name`, kept.
pub async fn player_token(name: Option<&str>) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let storage = window.local_storage().ok().flatten();
    if let Some(token) = storage
        .as_ref()
        .and_then(|s| s.get_item(TOKEN_KEY).ok().flatten())
    {
        return Ok(token);
    }
    let name = name.ok_or("to play online, name yourself: add ?name=NAME to the address")?;
    let (status, answer) = fetch("/api/players", Some(&new_player(name)), None).await?;
    let token = token_of(status, &answer)?;
    if let Some(storage) = storage {
        let _ = storage.set_item(TOKEN_KEY, &token);
    }
    Ok(token)
}

/// Submits `recording` with `token` and says the board's answer in `report`.
pub async fn submit(recording: String, token: String, report: Rc<RefCell<Report>>) {
    console("submitting the run");
    let answer = fetch("/api/runs", Some(&recording), Some(&token)).await;
    let mut report = report.borrow_mut();
    match answer {
        Ok((status, text)) => {
            let said = submitted(status, &text);
            report.submitted = Some((said.status, said.rank));
            if let Some(why) = said.refused {
                report.error = Some(format!("the board refused the run ({status}): {why}"));
            }
        }
        Err(e) => report.error = Some(format!("submitting the run: {e}")),
    }
    write_report(&report);
}

/// A recording played to its last line and checked, ready to be watched from its start.
pub struct Watched {
    /// The ticks played and the last checksum.
    pub end: (u64, u64),
    /// The recording's game at its start, in the watching mode.
    pub session: Session,
    /// The recording's edits, at their ticks.
    pub script: EditScript,
    /// The game's history from its first tick to its last, to seek in.
    pub timeline: Timeline,
}

/// Fetches the recording at `url` (`stored`: the last run kept in this browser) and plays it
/// to its last line, checking its checksums and keeping its history (as the native window's
/// timeline keeps it): its end, and its game from the start to watch.
pub async fn replay(url: &str) -> Result<Watched, String> {
    let text = if url == "stored" {
        stored(RECORDING_KEY).ok_or("no run kept in this browser yet")?
    } else {
        let (status, text) = fetch(url, None, None).await?;
        if status != 200 {
            return Err(format!("{url}: HTTP {status}"));
        }
        text
    };
    let path = Path::new(url);
    let recording = Recording::parse(&text, path).map_err(|e| e.to_string())?;
    let start = horde_games::start(&recording, path).map_err(|e| format!("{e:#}"))?;
    // The game at its start, kept to be watched from there.
    let watched = start.clone();
    let replayed =
        horde_games::replay(&recording, start, DT, &mut ()).map_err(|e| format!("{e:#}"))?;
    if let Some(desync) = replayed.desync {
        return Err(desync.sentence(path));
    }
    let end = (replayed.sim.counts().ticks, replayed.sim.checksum());
    let source = Some(recording.header.source.clone());
    let session = Session::new(watched, source, Mode::Watch);
    Ok(Watched {
        end,
        session,
        script: recording.script,
        timeline: replayed.timeline,
    })
}
