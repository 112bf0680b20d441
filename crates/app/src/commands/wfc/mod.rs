//! `horde wfc`: a finite Wave Function Collapse map from a module set, with a JSON summary and
//! optionally the whole map as JSON ([`map_file`]); or a walk through the infinite map.

pub mod map_file;

use crate::cli::WfcArgs;
use crate::progress::Progress;
use anyhow::{Context, Result, bail};
use horde_core_sim::atomic_file::write_atomically;
use horde_levelgen::wfc::infinite::{spiral_route, walk};
use horde_levelgen::wfc::{InfiniteMap, ModuleSet, Size, Solver};
use serde::Serialize;
use std::time::Instant;

/// The summary line.
#[derive(Debug, Serialize)]
struct Summary {
    cells: usize,
    backtracks: u64,
    ms: f64,
    cells_per_s: f64,
}

/// The summary line of an infinite walk.
#[derive(Debug, Serialize)]
struct WalkSummary {
    cells: u64,
    backtracks: u64,
    regenerated_shown: u64,
    ms: f64,
}

/// `horde wfc --infinite --walk N`: walks the fixed spiral route of N cells headless, growing
/// the map two chunks ahead and showing the columns within 12 cells.
fn run_infinite(args: &WfcArgs, set: &ModuleSet) -> Result<()> {
    let Some(steps) = args.walk else {
        bail!("--infinite needs --walk N (the number of cells to walk)");
    };
    let height = args.size.map_or(6, |(_, y, _)| y);
    let start = Instant::now();
    let mut map = InfiniteMap::new(set, height, args.seed)?;
    let progress = Progress::new(steps, "cells walked", !args.json);
    walk(
        &mut map,
        spiral_route(steps).inspect(|_| progress.inc()),
        12,
    )?;
    drop(progress);
    let summary = WalkSummary {
        cells: map.cells(),
        backtracks: map.backtracks(),
        regenerated_shown: map.regenerated_shown(),
        ms: start.elapsed().as_secs_f64() * 1e3,
    };
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "walked {steps} cells: {} cells generated, {} backtracks, {} shown cells regenerated, {:.0} ms",
            summary.cells, summary.backtracks, summary.regenerated_shown, summary.ms
        );
    }
    Ok(())
}

/// Runs `horde wfc`.
pub fn run(args: &WfcArgs) -> Result<()> {
    let set = ModuleSet::load(&args.modules)?;
    if args.infinite {
        return run_infinite(args, &set);
    }
    let Some((x, y, z)) = args.size else {
        bail!("--size XxYxZ is required");
    };
    let size = Size { x, y, z };
    let start = Instant::now();
    let spinner = Progress::spinner(&format!("solving {x}x{y}x{z}"), !args.json);
    let map = Solver::new(&set, size, args.seed)
        .solve()
        .with_context(|| format!("{}: no map of size {x}x{y}x{z}", args.modules.display()))?;
    drop(spinner);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    if let Some(out) = &args.out {
        let json = map_file::map_json(&map, &set)?;
        write_atomically(out, json.as_bytes())
            .with_context(|| format!("--out: cannot write {}", out.display()))?;
    }
    let summary = Summary {
        cells: size.cells(),
        backtracks: map.backtracks,
        ms,
        cells_per_s: size.cells() as f64 / (ms / 1e3).max(1e-9),
    };
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        println!(
            "{} cells ({x}x{y}x{z}) of {} modules in {:.1} ms ({:.0} cells/s), {} backtracks",
            summary.cells,
            set.modules.len(),
            summary.ms,
            summary.cells_per_s,
            summary.backtracks
        );
    }
    Ok(())
}
