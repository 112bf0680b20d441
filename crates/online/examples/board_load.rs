//! A load of runs for a board server, for BENCHMARKS.md: makes `--runs` players on `--server`,
//! then `--clients` threads submit the recording `--recording` once for each player (every
//! submission a new run, so every one is verified), and prints one JSON line: runs, seconds,
//! runs a second and the latency percentiles of the submissions, milliseconds.
//!
//! ```sh
//! cargo run --release -p horde-online --example board_load -- \
//!     --server http://127.0.0.1:7878 --recording run.rec --clients 32 --runs 256
//! ```

use horde_online::Client;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The value after `flag` in the arguments, or `default`.
fn arg(flag: &str, default: &str) -> String {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_else(|| default.to_string())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let server = arg("--server", "http://127.0.0.1:7878");
    let recording = std::fs::read_to_string(arg("--recording", "run.rec"))?;
    let clients: usize = arg("--clients", "32").parse()?;
    let runs: usize = arg("--runs", "256").parse()?;
    let prefix = arg("--prefix", "load");
    let client = Client::new(&server);
    let mut tokens = Vec::with_capacity(runs);
    for i in 0..runs {
        tokens.push(client.new_player(&format!("{prefix}{i}"))?.token);
    }
    let queue = Arc::new(Mutex::new(tokens));
    let latencies = Arc::new(Mutex::new(Vec::with_capacity(runs)));
    let statuses = Arc::new(Mutex::new(std::collections::BTreeMap::<u16, usize>::new()));
    let recording = Arc::new(recording);
    let started = Instant::now();
    let threads: Vec<_> = (0..clients)
        .map(|_| {
            let (queue, latencies, statuses) = (queue.clone(), latencies.clone(), statuses.clone());
            let (server, recording) = (server.clone(), recording.clone());
            std::thread::spawn(move || {
                let client = Client::new(&server);
                loop {
                    let Some(token) = queue.lock().ok().and_then(|mut q| q.pop()) else {
                        return;
                    };
                    let sent = Instant::now();
                    let status = match client.submit(&token, &recording) {
                        Ok((status, _)) => status,
                        Err(horde_online::ClientError::Refused { status, .. }) => status,
                        Err(_) => 0,
                    };
                    let ms = sent.elapsed().as_secs_f64() * 1e3;
                    if let Ok(mut l) = latencies.lock() {
                        l.push(ms);
                    }
                    if let Ok(mut s) = statuses.lock() {
                        *s.entry(status).or_default() += 1;
                    }
                }
            })
        })
        .collect();
    for thread in threads {
        let _ = thread.join();
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut latencies = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    latencies.sort_by(f64::total_cmp);
    let at = |q: f64| {
        let i = ((latencies.len() as f64 - 1.0) * q).round() as usize;
        latencies.get(i).copied().unwrap_or(0.0)
    };
    let statuses = statuses.lock().map(|s| s.clone()).unwrap_or_default();
    let statuses: Vec<String> = statuses
        .iter()
        .map(|(s, n)| format!("\"{s}\":{n}"))
        .collect();
    println!(
        "{{\"runs\":{runs},\"clients\":{clients},\"seconds\":{seconds:.3},\"runs_per_s\":{:.2},\"p50_ms\":{:.1},\"p99_ms\":{:.1},\"statuses\":{{{}}}}}",
        runs as f64 / seconds,
        at(0.5),
        at(0.99),
        statuses.join(",")
    );
    Ok(())
}
