//! `horde scatter`: the first K slices of the scenery band, generated in parallel, with a JSON
//! summary line and optionally every placement and every road as JSON.

use crate::cli::ScatterArgs;
use crate::outputs::{tell, write_json};
use crate::progress::Progress;
use anyhow::{Result, bail};
use horde_levelgen::scenery::{ChunkPlacements, Road, Scatter, ScatterSettings};
use serde::Serialize;
use std::time::Instant;

/// The most chunks one run generates (a chunk of the default settings takes about a
/// millisecond of one core).
const MAX_CHUNKS: u64 = 1_000_000;

/// The summary line (keys in contract order; extras after them).
#[derive(Debug, Serialize)]
struct Summary {
    chunks: usize,
    points: usize,
    ms: f64,
    threads: usize,
    /// Whole roads after joining the chunks' pieces.
    roads: usize,
    /// Their total length, world units.
    road_length: f64,
}

/// One road in `--roads-out` (keys in contract order).
#[derive(Debug, Serialize)]
struct RoadFile<'a> {
    width: f32,
    points: &'a [[f32; 2]],
}

/// One placement in `--out` (keys in contract order; extras after them).
#[derive(Debug, Serialize)]
struct PointFile<'a> {
    x: f32,
    z: f32,
    radius: f32,
    kind: &'a str,
    layer: u16,
    chunk: [i32; 2],
    slice: usize,
}

/// Runs `horde scatter`.
pub fn run(args: &ScatterArgs) -> Result<()> {
    let settings = ScatterSettings::load_or_built_in(args.settings.as_deref())?;
    let rows: u64 = (0..args.slices as usize)
        .map(|k| {
            let last = settings.slices.len().saturating_sub(1);
            settings
                .slices
                .get(k.min(last))
                .map_or(0, |s| u64::from(s.length))
        })
        .sum();
    let chunks = rows * u64::from(settings.columns);
    if chunks > MAX_CHUNKS {
        bail!(
            "--slices {}: {chunks} chunks ({rows} rows of {}); at most {MAX_CHUNKS} per run",
            args.slices,
            settings.columns
        );
    }
    let scatter = Scatter::new(settings, args.seed);
    let coords = scatter.chunks_for_slices(args.slices as usize);
    let start = Instant::now();
    let chunks = generate_with_progress(&scatter, &coords, !args.json);
    let ms = start.elapsed().as_secs_f64() * 1e3;
    let points = chunks.iter().map(|c| c.placements.len()).sum();
    let roads = scatter.join_roads(&chunks);
    if let Some(out) = &args.out {
        let json = points_json(&scatter, &chunks)?;
        write_json(out, "--out", &json)?;
    }
    if let Some(out) = &args.roads_out {
        let json = roads_json(&roads)?;
        write_json(out, "--roads-out", &json)?;
    }
    let summary = Summary {
        chunks: chunks.len(),
        points,
        ms,
        threads: rayon::current_num_threads(),
        roads: roads.len(),
        road_length: roads.iter().map(length).fold(0.0, |sum, l| sum + l),
    };
    if args.json {
        println!("{}", serde_json::to_string(&summary)?);
    } else {
        tell(
            &format!(
                "{} slices: {} chunks, {} placements, {} roads ({:.0} m) in {:.1} ms on {} threads",
                args.slices,
                summary.chunks,
                summary.points,
                summary.roads,
                summary.road_length,
                summary.ms,
                summary.threads
            ),
            &[args.out.as_ref(), args.roads_out.as_ref()],
        );
    }
    Ok(())
}

/// Generates `coords` in parallel, in batches so a bar can follow; the result is the same as
/// one call (each chunk is a pure function of seed and coordinates).
fn generate_with_progress(
    scatter: &Scatter,
    coords: &[horde_levelgen::scenery::ChunkCoord],
    show: bool,
) -> Vec<ChunkPlacements> {
    /// Chunks per batch: enough to keep every thread busy.
    const BATCH: usize = 256;
    let progress = Progress::new(coords.len() as u64, "chunks", show);
    let mut chunks = Vec::with_capacity(coords.len());
    for batch in coords.chunks(BATCH) {
        chunks.extend(scatter.generate(batch));
        progress.inc_by(batch.len() as u64);
    }
    chunks
}

/// Every placement, chunk by chunk, as one JSON array.
fn points_json(scatter: &Scatter, chunks: &[ChunkPlacements]) -> Result<String> {
    let kinds = &scatter.settings().kinds;
    let points = chunks
        .iter()
        .flat_map(|chunk| {
            chunk.placements.iter().map(move |p| PointFile {
                x: p.x,
                z: p.z,
                radius: p.radius,
                kind: kinds.get(p.kind as usize).map_or("?", |k| k.name.as_str()),
                layer: p.layer,
                chunk: [chunk.coord.x, chunk.coord.z],
                slice: chunk.slice,
            })
        })
        .collect::<Vec<_>>();
    Ok(serde_json::to_string(&points)?)
}

/// Every road as one JSON array of `{width, points}`.
fn roads_json(roads: &[Road]) -> Result<String> {
    let roads: Vec<RoadFile> = roads
        .iter()
        .map(|r| RoadFile {
            width: r.width,
            points: &r.points,
        })
        .collect();
    Ok(serde_json::to_string(&roads)?)
}

/// Length of a road's polyline, world units.
fn length(road: &Road) -> f64 {
    road.points
        .windows(2)
        .map(|w| {
            let (dx, dz) = (w[1][0] - w[0][0], w[1][1] - w[0][1]);
            f64::from(dx).hypot(f64::from(dz))
        })
        .sum()
}
