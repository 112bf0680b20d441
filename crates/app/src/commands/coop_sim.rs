//! `horde sim --host` and `horde sim --join`: a co-op game headless (for tests and scripts).
//! The host opens the game the flags name, prints its join code, waits for `--players`, plays
//! `--ticks` at the pace and prints the summary with the last tick's `"checksum"` and the
//! `"players"`; a joiner gets the game from the host and prints the same summary at the host's
//! end. `--script` edits are this player's, each made at its tick (it applies the delay
//! later); `--record` on the host writes the merged game, each edit after a comment naming
//! its player.

use crate::cli::SimArgs;
use crate::commands::sim::{check_script_bounds, coop_summary_json, open_game};
use anyhow::{Context, Result, bail};
use horde_core_sim::DT;
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::game::GameSource;
use horde_core_sim::td::history::{RecordingWriter, header_if_any};
use horde_files::{TEXT_CAP, read_text, write_file};
use horde_lockstep::{Game, Host, HostSettings, Peer, PlayerScript, SimGame};
use std::path::Path;
use std::time::{Duration, Instant};

/// Runs `horde sim` with `--host` or `--join`.
pub fn run(args: &SimArgs) -> Result<()> {
    args.coop.check().map_err(anyhow::Error::msg)?;
    if args.dt.is_some_and(|dt| dt != DT) {
        bail!("--dt: a co-op game plays at the window's step (1/60 s)");
    }
    if args.trace.is_some() || args.checksums.is_some() || args.heavy || args.save.is_some() {
        bail!("--trace, --checksums, --heavy and --save are not for co-op games");
    }
    crate::worker::in_pool(|| match &args.coop.join {
        Some(code) => join(args, code),
        None => host(args),
    })
}

/// How long a headless host waits for its `--players` before it gives up.
const PLAYERS_WAIT: Duration = Duration::from_secs(300);

/// The folder a desync's saves go to: the current one.
fn report_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(".")
}

/// Hosts the flags' game.
fn host(args: &SimArgs) -> Result<()> {
    let coop = &args.coop;
    let Some(addr) = coop.host else {
        bail!("--host or --join is needed");
    };
    let (sim, _, source) = open_game(args)?;
    let script = load_script(args, Some(&sim))?;
    let recording = match &args.record {
        Some(path) => {
            let source = source.clone().unwrap_or_else(GameSource::built_in);
            let header = horde_games::recording_header(
                &source,
                sim.board(),
                *sim.settings(),
                args.spawn.animation,
                sim.seed(),
            )?;
            Some(RecordingWriter::start(path, header).context("--record")?)
        }
        None => None,
    };
    let first = sim.counts().ticks;
    let mut game = SimGame::new(sim, recording);
    game.script = player_script(&script, None);
    let mut host = Host::start(HostSettings {
        addr,
        name: coop.name.clone().unwrap_or_else(|| "host".to_string()),
        delay_ticks: coop.delay_ticks(),
        speed: coop.pace(),
        players: coop.players() as usize,
        last_tick: Some(first + args.ticks),
        source,
        report_dir: report_dir(),
    })?;
    let code = host.code().to_string();
    // The file first: whoever reads the line may look for the file at once.
    if let Some(path) = &coop.code_out {
        write_file(path, format!("{code}\n").as_bytes())
            .with_context(|| format!("--code-out: cannot write {}", path.display()))?;
    }
    eprintln!("{}", host.code_line());
    let mut waited_named = Vec::new();
    let waiting_since = Instant::now();
    while !host.finished(&game) {
        if game.tick() == first && waiting_since.elapsed() > PLAYERS_WAIT {
            bail!(
                "--players {}: {} of them joined within {} s",
                coop.players(),
                host.peer_count() + 1,
                PLAYERS_WAIT.as_secs()
            );
        }
        let advance = host.advance(&mut game, Instant::now())?;
        if advance.waiting_for != waited_named {
            if !advance.waiting_for.is_empty() {
                log::info!("waiting for {}", advance.waiting_for.join(", "));
            }
            waited_named = advance.waiting_for;
        }
        nap_until(host.next_step());
    }
    host.finish(&mut game)?;
    let everyone = host.everyone().to_vec();
    host.close();
    game.finish()?;
    println!("{}", coop_summary_json(game.sim(), game.refused, everyone)?);
    Ok(())
}

/// Joins the game `code` names.
fn join(args: &SimArgs, code: &str) -> Result<()> {
    let name = args.coop.name.clone().unwrap_or_default();
    let (mut peer, saved) = Peer::join(code, &name, &report_dir())?;
    eprintln!(
        "joined {}'s game as {} at tick {}",
        peer.host(),
        peer.name(),
        saved.sim.counts().ticks
    );
    let script = load_script(args, Some(&saved.sim))?;
    let joined_at = saved.sim.counts().ticks;
    let mut game = SimGame::new(saved.sim, None);
    game.script = player_script(&script, Some(joined_at));
    let perturb = test_hooks::perturb_tick();
    loop {
        if perturb == Some(game.tick()) {
            test_hooks::perturb(&mut game);
        }
        if peer.advance(&mut game, Instant::now(), u64::MAX)?.finished {
            break;
        }
        nap_until(peer.next_step());
    }
    println!(
        "{}",
        coop_summary_json(game.sim(), game.refused, peer.everyone().to_vec())?
    );
    Ok(())
}

/// The script's edits, checked against the board (a joiner's: the host's).
fn load_script(
    args: &SimArgs,
    sim: Option<&horde_core_sim::td::game::Simulation>,
) -> Result<EditScript> {
    let Some(path) = &args.script else {
        return Ok(EditScript::default());
    };
    let text = read_text(path, TEXT_CAP)?;
    let script = EditScript::parse(&text, path)?;
    if let Some(sim) = sim {
        if let Some(header) = header_if_any(&text, path)?
            && args.coop.host.is_some()
            && args.load.is_none()
        {
            header.check_board(sim.board(), path)?;
        }
        check_script_bounds(&script, sim.board(), Path::new(path))?;
    }
    Ok(script)
}

/// The script as this player makes it: a joiner's from the tick after it joined at (a
/// reconnecting player made the earlier lines before it left).
fn player_script(script: &EditScript, joined_at: Option<u64>) -> PlayerScript {
    let mut script = PlayerScript::of(script);
    if let Some(tick) = joined_at {
        script.skip_through(tick);
    }
    script
}

/// Sleeps until `when`, at least a millisecond and at most two (the network is heard between
/// naps; a game waiting for its players or its lists does not spin).
fn nap_until(when: Instant) {
    let nap = when
        .saturating_duration_since(Instant::now())
        .clamp(Duration::from_millis(1), Duration::from_millis(2));
    std::thread::sleep(nap);
}

/// The test-only hook that forces a desync: in debug builds only (the tests' binary), the
/// joiner named by nothing but `HORDE_TEST_PERTURB_TICK=T` changes its own game off the lists
/// at tick T. A release build has no such hook.
mod test_hooks {
    use horde_core_sim::td::tiles::{EditKind, TileContent};
    use horde_lockstep::{Game, SimGame};

    /// The tick to perturb at, in a debug build where the variable says so.
    pub fn perturb_tick() -> Option<u64> {
        if cfg!(debug_assertions) {
            std::env::var("HORDE_TEST_PERTURB_TICK")
                .ok()
                .and_then(|t| t.parse().ok())
        } else {
            None
        }
    }

    /// Puts a wall on the first empty tile of this side's game alone.
    pub fn perturb(game: &mut SimGame) {
        let board = game.sim().board();
        let empty = (0..board.height() as i64)
            .flat_map(|y| (0..board.width() as i64).map(move |x| (x, y)))
            .find(|&(x, y)| {
                board
                    .index(x, y)
                    .is_some_and(|i| board.content(i) == TileContent::Empty)
            });
        if let Some((x, y)) = empty {
            let _ = game.session_mut().edit(EditKind::Wall, x, y);
            log::warn!(
                "test hook: tick {}: a wall at ({x}, {y}) off the lists",
                game.sim().counts().ticks
            );
        }
    }
}
