//! The runner's scenery generator: chunk rows requested by the scene, answered with their
//! boxes (ready to draw) by a low-priority worker whose chunks are generated in parallel on a
//! small low-priority pool.

use super::draw::chunk_instances;
use crate::worker::{Worker, WorkerChannels, background_pool, on_pool};
use horde_levelgen::scenery::Scatter;
use horde_renderer::Instance;

/// Rows requested and rows finished in flight.
const QUEUE: usize = 64;

/// A finished chunk row from the generator: its index and its boxes, ready to draw.
pub type Row = (i32, Vec<Instance>);

/// Starts the generator for `scatter` on a background worker; send it row indices.
pub fn start(scatter: Scatter) -> std::io::Result<Worker<i32, Row>> {
    Worker::spawn("scenery generator", QUEUE, move |channels| {
        generate(&scatter, channels)
    })
}

/// The worker's loop: answer each requested chunk row with its boxes.
fn generate(scatter: &Scatter, channels: WorkerChannels<i32, Row>) {
    let pool = background_pool("scenery worker");
    while let Ok(row) = channels.requests.recv() {
        let boxes = on_pool(pool.as_ref(), || row_boxes(scatter, row));
        if channels.results.send((row, boxes)).is_err() {
            return;
        }
    }
}

/// The boxes of chunk row `row`, its chunks generated in parallel on the current pool (what
/// the worker sends, and what a scene generating in its own thread makes).
pub fn row_boxes(scatter: &Scatter, row: i32) -> Vec<Instance> {
    let chunks = scatter.generate(&scatter.chunk_row(row));
    let mut boxes = Vec::new();
    for chunk in &chunks {
        chunk_instances(scatter.settings(), chunk, &mut boxes);
    }
    boxes
}
