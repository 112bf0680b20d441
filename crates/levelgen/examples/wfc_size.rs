//! Solves one finite map of the city set and prints its size, time and cells per second; run
//! it under `/usr/bin/time -v` to read the peak resident memory for that size.
//!
//! Run: `cargo run --release -p horde-levelgen --example wfc_size -- 128 6 128 [SEED]`.

use horde_levelgen::collapse::{ModuleSet, Size, Solver};
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<u64> = match std::env::args().skip(1).map(|a| a.parse()).collect() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("usage: wfc_size X Y Z [SEED] ({e})");
            return ExitCode::FAILURE;
        }
    };
    let (Some(&x), Some(&y), Some(&z)) = (args.first(), args.get(1), args.get(2)) else {
        eprintln!("usage: wfc_size X Y Z [SEED]");
        return ExitCode::FAILURE;
    };
    let (Ok(x), Ok(y), Ok(z)) = (u32::try_from(x), u32::try_from(y), u32::try_from(z)) else {
        eprintln!("sizes must fit in 32 bits");
        return ExitCode::FAILURE;
    };
    let seed = args.get(3).copied().unwrap_or(1);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/wfc/city.ron");
    let set = match ModuleSet::load(&path) {
        Ok(set) => set,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let size = Size { x, y, z };
    let start = Instant::now();
    let result = Solver::new(&set, size, seed)
        .expect("size within limits")
        .solve();
    let seconds = start.elapsed().as_secs_f64();
    match result {
        Ok(map) => {
            println!(
                "{x}x{y}x{z} seed {seed}: {} cells, {} backtracks, {:.1} ms, {:.0} cells/s",
                map.cells.len(),
                map.backtracks,
                seconds * 1e3,
                map.cells.len() as f64 / seconds
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{x}x{y}x{z} seed {seed}: {e}");
            ExitCode::FAILURE
        }
    }
}
