//! `horde wfc`: a finite Wave Function Collapse map from a module set, with a JSON summary and
//! optionally the whole map as JSON ([`map_file`], `map_file.rs`); or a walk through the
//! infinite map.

pub mod map_file;

use crate::cli::WfcArgs;
use crate::cli::{Region, Route as CliRoute};
use crate::outputs::{tell, write_json};
use crate::progress::Progress;
use anyhow::{Context, Result, bail};
use horde_levelgen::collapse::{
    Area, CITY_HEIGHT, CITY_KEEP_RADIUS, InfiniteMap, ModuleSet, Size, SkylineRow, Solver, skyline,
};
use horde_levelgen::walk::{Route, StoreyShare, survey_storeys, walk_route};
use serde::Serialize;
use std::time::Instant;

/// The summary line.
#[derive(Debug, Serialize)]
struct Summary {
    cells: usize,
    backtracks: u64,
    ms: f64,
    cells_per_s: f64,
    /// `--survey`: per storey, what a walker can stand on and reach.
    #[serde(skip_serializing_if = "Option::is_none")]
    storeys: Option<Vec<StoreyShare>>,
    /// `--survey`: the built columns' heights by their distance from the street.
    #[serde(skip_serializing_if = "Option::is_none")]
    skyline: Option<Vec<SkylineRow>>,
}

/// The summary line of an infinite walk (keys in contract order, extras after them).
#[derive(Debug, Serialize)]
struct WalkSummary {
    cells: u64,
    backtracks: u64,
    regenerated_shown: u64,
    ms: f64,
    cells_per_s: f64,
    columns_resident_max: u64,
    steps: u64,
    keep: u32,
    blocks_solved: u64,
    blocks_kept: u64,
}

/// Columns around the walker made and shown at each step of a walk.
const WALK_VIEW: i32 = 12;

/// `horde wfc --infinite`: a region (`--region`, after the `--visit`s) or a walk (`--walk`).
fn run_infinite(args: &WfcArgs, set: &ModuleSet) -> Result<()> {
    let height = args.size.map_or(CITY_HEIGHT, |(_, y, _)| y);
    let mut map = InfiniteMap::new(set, height, args.seed)
        .with_context(|| args.modules.display().to_string())?;
    if args.survey && args.region.is_none() {
        bail!("--survey: only with --region X,Z,WxD (it measures the region)");
    }
    if let Some(region) = args.region {
        return write_region(args, set, &mut map, region);
    }
    let Some(steps) = args.walk else {
        bail!("--infinite needs --region X,Z,WxD (with --out) or --walk N");
    };
    let keep = args.keep.unwrap_or(CITY_KEEP_RADIUS as u32);
    let route = match args.route {
        CliRoute::Spiral => Route::Spiral,
        CliRoute::Line => Route::Line,
    };
    let start = Instant::now();
    let progress = Progress::new(steps, "cells walked", !args.json);
    let walked = walk_route(
        &mut map,
        route.cells(steps).inspect(|_| progress.inc()),
        WALK_VIEW,
        keep as i32,
    )?;
    drop(progress);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let stats = map.stats();
    let summary = WalkSummary {
        cells: stats.cells,
        backtracks: stats.backtracks,
        regenerated_shown: walked.regenerated_shown,
        ms,
        cells_per_s: stats.cells as f64 / (ms / 1e3).max(1e-9),
        columns_resident_max: stats.columns_resident_max,
        steps: walked.steps,
        keep,
        blocks_solved: stats.blocks_solved.iter().sum(),
        blocks_kept: stats.blocks_kept.iter().sum(),
    };
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        tell(
            &format!(
                "walked {steps} cells: {} cells made ({:.0} cells/s), {} backtracks, {} blocks kept from below, {} shown cells regenerated, at most {} columns resident, {:.0} ms",
                summary.cells,
                summary.cells_per_s,
                summary.backtracks,
                summary.blocks_kept,
                summary.regenerated_shown,
                summary.columns_resident_max,
                summary.ms
            ),
            &[args.out.as_ref()],
        );
    }
    Ok(())
}

/// Writes the columns of `region` to `--out`, after making the map around each `--visit`.
fn write_region(
    args: &WfcArgs,
    set: &ModuleSet,
    map: &mut InfiniteMap<'_>,
    region: Region,
) -> Result<()> {
    if args.out.is_none() && !args.survey {
        bail!("--region needs --out FILE (where to write the region) or --survey");
    }
    let keep = args.keep.unwrap_or(CITY_KEEP_RADIUS as u32) as i32;
    let side = (2 * WALK_VIEW + 1) as u32;
    for &(x, z) in &args.visit {
        map.ensure(Area::new(x - WALK_VIEW, z - WALK_VIEW, side, side))?;
        map.retain_near(x, z, keep);
    }
    let start = Instant::now();
    let area = Area::new(region.x, region.z, region.width, region.depth);
    let cells = map
        .region(area)
        .map_err(|e| anyhow::anyhow!("--region: {e}"))?;
    let ms = start.elapsed().as_secs_f64() * 1e3;
    if let Some(out) = &args.out {
        let json = map_file::region_json(&cells, set, [region.x, 0, region.z])?;
        write_json(out, "--out", &json)?;
    }
    let summary = Summary {
        cells: cells.size.cells(),
        backtracks: map.backtracks(),
        ms,
        cells_per_s: cells.size.cells() as f64 / (ms / 1e3).max(1e-9),
        storeys: args
            .survey
            .then(|| survey_storeys(set, &cells, (region.x, region.z))),
        skyline: args.survey.then(|| skyline(set, &cells)),
    };
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
        return Ok(());
    }
    let written = args.out.as_ref().map_or(String::new(), |out| {
        format!(", written to {}", out.display())
    });
    let mut line = format!(
        "region {},{} {}x{}: {} cells in {:.1} ms{written}",
        region.x, region.z, region.width, region.depth, summary.cells, summary.ms,
    );
    for s in summary.storeys.iter().flatten() {
        line.push_str(&format!(
            "\nstorey {}: {:.1} % of columns walkable, {:.1} % of those reached from the street",
            s.storey,
            s.walkable * 100.0,
            s.reachable * 100.0
        ));
    }
    for row in summary.skyline.iter().flatten() {
        line.push_str(&format!(
            "\nbuildings {} column(s) from the street: {} columns, {:.2} cells high on average, {} at most",
            row.distance, row.columns, row.mean_height, row.max_height
        ));
    }
    tell(&line, &[args.out.as_ref()]);
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
    let map = Solver::zoned(&set, size, args.seed)
        .map_err(|e| anyhow::anyhow!("--size: {e}"))?
        .solve()
        .with_context(|| format!("{}: no map of size {x}x{y}x{z}", args.modules.display()))?;
    drop(spinner);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    if let Some(out) = &args.out {
        let json = map_file::map_json(&map, &set)?;
        write_json(out, "--out", &json)?;
    }
    let summary = Summary {
        cells: size.cells(),
        backtracks: map.backtracks,
        ms,
        cells_per_s: size.cells() as f64 / (ms / 1e3).max(1e-9),
        storeys: None,
        skyline: None,
    };
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        tell(
            &format!(
                "{} cells ({x}x{y}x{z}) of {} modules in {:.1} ms ({:.0} cells/s), {} backtracks",
                summary.cells,
                set.modules.len(),
                summary.ms,
                summary.cells_per_s,
                summary.backtracks
            ),
            &[args.out.as_ref()],
        );
    }
    Ok(())
}
