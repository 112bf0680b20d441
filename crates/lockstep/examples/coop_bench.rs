//! Co-op measured on loopback, for BENCHMARKS.md: a saved game (10k enemies alive in the
//! figures quoted) hosted here, each peer in a process of its own (this program again, with
//! `--peer`), as another machine would be.
//!
//! ```sh
//! horde sim --level assets/levels/siege-bench.txt --scenario assets/scenarios/bench.ron \
//!     --ticks 36000 --save bench.horde
//! RAYON_NUM_THREADS=1 cargo run --release -p horde-lockstep --example coop_bench -- bench.horde
//! ```
//!
//! It prints one JSON line a measurement:
//! - `step`: the single-player step, and the co-op host's tick (its `advance` that played one
//!   tick: the network's events, the tick, its checks and lists) with the game's step inside it
//!   timed apart, so the session's own cost is known whatever else the machine does; both at
//!   60 ticks a second, 600 ticks each, milliseconds (median, mean). `ratio_same_run` is the
//!   co-op tick's mean over its own step's; `ratio_to_single` the medians against the
//!   single-player run;
//! - `traffic`: bytes a second between the host and one peer (UDP payloads both ways, QUIC's
//!   own included), 10 s idle and 10 s with the peer making an edit every 10 ticks;
//! - `join`: from a second peer's `Peer::join` to its game standing at the host's tick;
//! - `latency`: a third peer through a relay losing 10 % and delaying 30 ± 20 ms each way, an
//!   edit every 30 ticks: ticks from making an edit to the tick it applies at.

use anyhow::{Context, Result};
use horde_core_sim::td::files::load_game;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::tiles::EditKind;
use horde_lockstep::relay::{Relay, RelaySettings};
use horde_lockstep::{Game, Host, HostSettings, JoinCode, Peer, SimGame, WireEdit};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// One tick's time at 60 ticks a second.
const TICK: Duration = Duration::from_micros(16_667);

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(0.0)
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len().max(1) as f64
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A tile a wall may be put on and taken off again (paths stay open).
fn free_tile(sim: &Simulation) -> Option<(i64, i64)> {
    let board = sim.board();
    (0..board.height() as i64)
        .flat_map(|y| (0..board.width() as i64).map(move |x| (x, y)))
        .find(|&(x, y)| {
            let mut trial = sim.clone();
            trial.edit(EditKind::Wall, x, y).is_ok() && trial.edit(EditKind::Wall, x, y).is_ok()
        })
}

/// A peer in a process of its own (this program again, `--peer`), as another machine would
/// be: it plays until the host ends the game, an edit every `edit_every` ticks (0: none), then
/// prints its figures as one JSON line.
fn peer(code: &str, name: &str, edit_every: u64, tile: (i64, i64)) -> Result<std::process::Child> {
    let exe = std::env::current_exe()?;
    Ok(std::process::Command::new(exe)
        .args(["--peer", code, name, &edit_every.to_string()])
        .args([tile.0.to_string(), tile.1.to_string()])
        .stdout(std::process::Stdio::piped())
        .spawn()?)
}

/// `--peer CODE NAME EVERY X Y`: one peer, until the host ends the game.
fn run_peer(args: &[String]) -> Result<()> {
    let [code, name, every, x, y] = args else {
        anyhow::bail!("--peer CODE NAME EVERY X Y");
    };
    let (every, tile): (u64, (i64, i64)) = (every.parse()?, (x.parse()?, y.parse()?));
    let started = Instant::now();
    let (mut peer, saved) = Peer::join(code, name, std::path::Path::new("."))?;
    let joined_at = saved.sim.counts().ticks;
    let mut game = SimGame::new(saved.sim, None);
    let mut caught_up = None;
    let mut last_edit = game.tick();
    loop {
        let ahead = peer.players().first().map_or(0, |host| host.tick);
        match peer.advance(&mut game, Instant::now(), u64::MAX) {
            Ok(_) => {}
            Err(_) => break,
        }
        if caught_up.is_none() && game.tick() >= ahead.max(joined_at + 1) {
            caught_up = Some(started.elapsed());
        }
        if every > 0 && game.tick() >= last_edit + every {
            last_edit = game.tick();
            peer.edit(game.tick(), WireEdit::of(EditKind::Wall, tile.0, tile.1));
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let mut ticks: Vec<f64> = peer.latencies().iter().map(|t| *t as f64).collect();
    ticks.sort_by(f64::total_cmp);
    let at = |q: f64| {
        ticks
            .get(((ticks.len().max(1) - 1) as f64 * q) as usize)
            .copied()
            .unwrap_or(0.0)
    };
    println!(
        "{{\"peer\":\"{name}\",\"joined_at\":{joined_at},\"join_to_playing_ms\":{:.0},\"edits_applied\":{},\"latency_ticks\":{{\"median\":{},\"p95\":{}}}}}",
        ms(caught_up.unwrap_or_default()),
        ticks.len(),
        at(0.5),
        at(0.95)
    );
    Ok(())
}

/// The host's game, timing its own steps apart from the session around them.
struct Timed {
    game: SimGame,
    /// The last step's time.
    stepped: Duration,
}

impl Game for Timed {
    fn sim(&self) -> &Simulation {
        self.game.sim()
    }
    fn apply(&mut self, edit: &horde_lockstep::Stamped, kind: EditKind) -> Result<(), String> {
        self.game.apply(edit, kind)
    }
    fn restore(&mut self, saved: horde_core_sim::td::files::SavedGame) {
        self.game.restore(saved)
    }
    fn step(&mut self) {
        let started = Instant::now();
        self.game.step();
        self.stepped = started.elapsed();
    }
}

/// One tick played by the host: the whole `advance` and the game's step inside it, ms.
struct HostTick {
    tick: u64,
    advance: f64,
    step: f64,
}

/// Plays the host for `ticks` ticks at its pace; the calls that played one tick.
fn host_for(
    host: &mut Host,
    game: &mut Timed,
    ticks: u64,
    tick: &AtomicU64,
) -> Result<Vec<HostTick>> {
    let until = game.tick() + ticks;
    let mut times = Vec::new();
    while game.tick() < until {
        let started = Instant::now();
        let advance = host.advance(game, Instant::now())?;
        let took = started.elapsed();
        if advance.stepped == 1 {
            times.push(HostTick {
                tick: game.tick(),
                advance: ms(took),
                step: ms(game.stepped),
            });
        }
        tick.store(game.tick(), Ordering::Release);
        let nap = host
            .next_step()
            .saturating_duration_since(Instant::now())
            .clamp(Duration::from_micros(500), Duration::from_millis(2));
        std::thread::sleep(nap);
    }
    Ok(times)
}

fn bytes_of(host: &Host, name: &str) -> u64 {
    host.traffic()
        .iter()
        .find(|(n, _, _)| n == name)
        .map_or(0, |(_, sent, received)| sent + received)
}

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--peer") {
        return run_peer(&args[1..]);
    }
    let path = args.first().context("give the save to host")?;
    let saved = load_game(std::path::Path::new(path))?;
    let alive = saved.sim.counts().alive;
    let tile = free_tile(&saved.sim).context("no free tile for the edits")?;

    // What a checked tick adds: the checksum, and the copy kept for a desync's save.
    let (mut sums, mut copies) = (Vec::new(), Vec::new());
    for _ in 0..20 {
        let started = Instant::now();
        std::hint::black_box(saved.sim.checksum());
        sums.push(ms(started.elapsed()));
        let started = Instant::now();
        std::hint::black_box(saved.sim.clone());
        copies.push(ms(started.elapsed()));
    }
    println!(
        "{{\"checked_tick\":{{\"checksum_ms\":{:.3},\"copy_ms\":{:.3}}}}}",
        median(&mut sums),
        median(&mut copies)
    );
    // The single-player step at 60 ticks a second.
    let mut single = SimGame::new(saved.sim.clone(), None);
    let mut plain = Vec::new();
    let mut next = Instant::now();
    for _ in 0..600 {
        let started = Instant::now();
        single.step();
        plain.push(ms(started.elapsed()));
        next += TICK;
        std::thread::sleep(next.saturating_duration_since(Instant::now()));
    }

    let mut host = Host::start(HostSettings {
        addr: "127.0.0.1:0".parse()?,
        name: "host".into(),
        delay_ticks: 6,
        speed: 1.0,
        players: 2,
        last_tick: None,
        source: saved.source.clone(),
        report_dir: std::env::temp_dir(),
    })?;
    let code = host.code();
    let mut game = Timed {
        game: SimGame::new(saved.sim, None),
        stepped: Duration::ZERO,
    };
    let tick = AtomicU64::new(game.tick());
    let ann = peer(&code.to_string(), "ann", 0, tile)?;
    // Idle: 10 s (after a second to settle).
    host_for(&mut host, &mut game, 60, &tick)?;
    let (b0, t0) = (bytes_of(&host, "ann"), Instant::now());
    let coop = host_for(&mut host, &mut game, 600, &tick)?;
    let idle = (bytes_of(&host, "ann") - b0) as f64 / t0.elapsed().as_secs_f64();
    let mut whole: Vec<f64> = coop.iter().map(|t| t.advance).collect();
    let inside: Vec<f64> = coop.iter().map(|t| t.step).collect();
    let mut spread: Vec<f64> = coop.iter().map(|t| t.advance - t.step).collect();
    spread.sort_by(f64::total_cmp);
    let at = |q: f64| spread[((spread.len() - 1) as f64 * q) as usize];
    let mut checked: Vec<f64> = coop
        .iter()
        .filter(|t| t.tick % horde_lockstep::CHECK_EVERY == 0)
        .map(|t| t.advance - t.step)
        .collect();
    eprintln!(
        "session ms at checked ticks: median {:.4} of {}",
        median(&mut checked),
        checked.len()
    );
    eprintln!(
        "session ms: p50 {:.4} p90 {:.4} p99 {:.4} max {:.4}",
        at(0.5),
        at(0.9),
        at(0.99),
        at(1.0)
    );
    let session: Vec<f64> = coop.iter().map(|t| t.advance - t.step).collect();
    println!(
        "{{\"step\":{{\"enemies\":{alive},\"single_ms\":{{\"median\":{:.4},\"mean\":{:.4}}},\"coop_tick_ms\":{{\"median\":{:.4},\"mean\":{:.4}}},\"its_step_ms\":{{\"median\":{:.4},\"mean\":{:.4}}},\"session_ms\":{{\"median\":{:.4},\"mean\":{:.4}}},\"ratio_same_run\":{:.3},\"ratio_to_single\":{:.3}}}}}",
        median(&mut plain.clone()),
        mean(&plain),
        median(&mut whole.clone()),
        mean(&whole),
        median(&mut inside.clone()),
        mean(&inside),
        median(&mut session.clone()),
        mean(&session),
        mean(&whole) / mean(&inside),
        median(&mut whole) / median(&mut plain),
    );
    // A second peer that edits (its own connection's bytes).
    let bob = peer(&code.to_string(), "bob", 10, tile)?;
    host_for(&mut host, &mut game, 60, &tick)?;
    let (b0, t0) = (bytes_of(&host, "bob"), Instant::now());
    host_for(&mut host, &mut game, 600, &tick)?;
    let editing = (bytes_of(&host, "bob") - b0) as f64 / t0.elapsed().as_secs_f64();
    println!(
        "{{\"traffic\":{{\"idle_bytes_per_s\":{idle:.0},\"editing_bytes_per_s\":{editing:.0},\"edits_per_s\":6}}}}"
    );
    // A joiner through the bad relay, timed from its join to the host's tick.
    let relay = Relay::start(code.addr, RelaySettings::lossy(3))?;
    let through = JoinCode {
        addr: relay.addr(),
        fingerprint: code.fingerprint,
    };
    let cy = peer(&through.to_string(), "cy", 30, tile)?;
    // A direct joiner, for the join time on loopback.
    let dee = peer(&code.to_string(), "dee", 0, tile)?;
    host_for(&mut host, &mut game, 960, &tick)?;
    host.close();
    for child in [ann, bob, cy, dee] {
        let out = child.wait_with_output()?;
        print!("{}", String::from_utf8_lossy(&out.stdout));
    }
    let (passed, lost) = relay.counts();
    println!("{{\"relay\":{{\"passed\":{passed},\"lost\":{lost}}}}}");
    Ok(())
}
