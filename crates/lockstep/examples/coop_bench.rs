//! Co-op measured on loopback, for BENCHMARKS.md: a saved game (10k enemies alive in the
//! figures quoted) hosted here, with peers on threads of this process.
//!
//! ```sh
//! horde sim --level assets/levels/siege-bench.txt --scenario assets/scenarios/bench.ron \
//!     --ticks 36000 --save bench.horde
//! RAYON_NUM_THREADS=1 cargo run --release -p horde-lockstep --example coop_bench -- bench.horde
//! ```
//!
//! It prints one JSON line a measurement:
//! - `step`: the single-player step and the co-op host's tick (its `advance` that played one
//!   tick: the network's events, the tick, its checks and lists), both at 60 ticks a second,
//!   600 ticks each, milliseconds (median, mean);
//! - `traffic`: bytes a second between the host and one peer (UDP payloads both ways, QUIC's
//!   own included), 10 s idle and 10 s with the peer making an edit every 10 ticks;
//! - `join`: from a second peer's `Peer::join` to its game standing at the host's tick;
//! - `latency`: a third peer through a relay losing 10 % and delaying 30 ± 20 ms each way, an
//!   edit every 30 ticks: ticks from making an edit to the tick it applies at.

use anyhow::{Context, Result};
use horde_core_sim::td::{EditKind, Simulation, load_game};
use horde_lockstep::relay::{Relay, RelaySettings};
use horde_lockstep::{Game, Host, HostSettings, JoinCode, Peer, SimGame, WireEdit};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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

/// A peer on a thread of its own, playing until `stop`; an edit every `edit_every` ticks
/// (0: none); its tick in `tick`. Returns its latencies (ticks) and when it first stood at
/// `catch_up` or later.
fn peer(
    code: String,
    name: &'static str,
    edit_every: u64,
    tile: (i64, i64),
    stop: Arc<AtomicBool>,
    tick: Arc<AtomicU64>,
) -> std::thread::JoinHandle<Result<(Vec<u64>, Duration, u64)>> {
    std::thread::spawn(move || {
        let started = Instant::now();
        let (mut peer, saved) = Peer::join(&code, name, std::path::Path::new("."))?;
        let joined_at = saved.sim.counts().ticks;
        let mut game = SimGame::new(saved.sim, None);
        let target = tick.load(Ordering::Acquire).max(joined_at);
        let mut caught_up = None;
        let mut last_edit = game.tick();
        while !stop.load(Ordering::Acquire) {
            peer.advance(&mut game, Instant::now(), u64::MAX)?;
            if caught_up.is_none() && game.tick() >= target {
                caught_up = Some(started.elapsed());
            }
            if edit_every > 0 && game.tick() >= last_edit + edit_every {
                last_edit = game.tick();
                peer.edit(game.tick(), WireEdit::of(EditKind::Wall, tile.0, tile.1));
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        Ok((
            peer.latencies().to_vec(),
            caught_up.unwrap_or_default(),
            joined_at,
        ))
    })
}

/// Plays the host for `ticks` ticks at its pace; the advance times of the calls that played
/// one tick, milliseconds.
fn host_for(host: &mut Host, game: &mut SimGame, ticks: u64, tick: &AtomicU64) -> Result<Vec<f64>> {
    let until = game.tick() + ticks;
    let mut times = Vec::new();
    while game.tick() < until {
        let started = Instant::now();
        let advance = host.advance(game, Instant::now())?;
        let took = started.elapsed();
        if advance.stepped == 1 {
            times.push(ms(took));
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
    let path = std::env::args().nth(1).context("give the save to host")?;
    let saved = load_game(path.as_ref())?;
    let alive = saved.sim.counts().alive;
    let tile = free_tile(&saved.sim).context("no free tile for the edits")?;

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
    let mut game = SimGame::new(saved.sim, None);
    let tick = Arc::new(AtomicU64::new(game.tick()));
    let stop = Arc::new(AtomicBool::new(false));
    let ann = peer(code.to_string(), "ann", 0, tile, stop.clone(), tick.clone());
    // Idle: 10 s (after a second to settle).
    host_for(&mut host, &mut game, 60, &tick)?;
    let (b0, t0) = (bytes_of(&host, "ann"), Instant::now());
    let mut coop = host_for(&mut host, &mut game, 600, &tick)?;
    let idle = (bytes_of(&host, "ann") - b0) as f64 / t0.elapsed().as_secs_f64();
    println!(
        "{{\"step\":{{\"enemies\":{alive},\"single_ms\":{{\"median\":{:.3},\"mean\":{:.3}}},\"coop_ms\":{{\"median\":{:.3},\"mean\":{:.3}}},\"ratio_median\":{:.3},\"ratio_mean\":{:.3}}}}}",
        median(&mut plain.clone()),
        mean(&plain),
        median(&mut coop.clone()),
        mean(&coop),
        median(&mut coop) / median(&mut plain),
        mean(&coop) / mean(&plain),
    );
    // A second peer that edits (its own connection's bytes).
    let bob = peer(
        code.to_string(),
        "bob",
        10,
        tile,
        stop.clone(),
        tick.clone(),
    );
    host_for(&mut host, &mut game, 60, &tick)?;
    let (b0, t0) = (bytes_of(&host, "bob"), Instant::now());
    host_for(&mut host, &mut game, 600, &tick)?;
    let editing = (bytes_of(&host, "bob") - b0) as f64 / t0.elapsed().as_secs_f64();
    println!(
        "{{\"traffic\":{{\"idle_bytes_per_s\":{idle:.0},\"editing_bytes_per_s\":{editing:.0},\"edits_per_s\":6}}}}"
    );
    // A joiner through the bad relay, timed from its join to the host's tick.
    let relay = Relay::start(
        code.addr,
        RelaySettings {
            loss: 0.10,
            delay: Duration::from_millis(30),
            jitter: Duration::from_millis(20),
            seed: 3,
        },
    )?;
    let through = JoinCode {
        addr: relay.addr(),
        fingerprint: code.fingerprint,
    };
    let cy = peer(
        through.to_string(),
        "cy",
        30,
        tile,
        stop.clone(),
        tick.clone(),
    );
    // A direct joiner, for the join time on loopback.
    let dee = peer(code.to_string(), "dee", 0, tile, stop.clone(), tick.clone());
    host_for(&mut host, &mut game, 960, &tick)?;
    stop.store(true, Ordering::Release);
    for (name, thread) in [("ann", ann), ("bob", bob), ("cy", cy), ("dee", dee)] {
        let (latencies, caught_up, joined_at) = thread
            .join()
            .map_err(|_| anyhow::anyhow!("{name} panicked"))??;
        let mut ticks: Vec<f64> = latencies.iter().map(|t| *t as f64).collect();
        let (med, p95) = if ticks.is_empty() {
            (0.0, 0.0)
        } else {
            ticks.sort_by(f64::total_cmp);
            (
                ticks[ticks.len() / 2],
                ticks[(ticks.len() * 95 / 100).min(ticks.len() - 1)],
            )
        };
        println!(
            "{{\"peer\":\"{name}\",\"joined_at\":{joined_at},\"join_to_playing_ms\":{:.0},\"edits_applied\":{},\"latency_ticks\":{{\"median\":{med},\"p95\":{p95}}}}}",
            ms(caught_up),
            latencies.len()
        );
    }
    let (passed, lost) = relay.counts();
    println!("{{\"relay\":{{\"passed\":{passed},\"lost\":{lost}}}}}");
    host.close();
    Ok(())
}
