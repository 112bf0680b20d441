//! The runner's scenery generator: chunk rows requested by the scene, answered with their
//! boxes (ready to draw) by a low-priority worker whose chunks are generated in parallel on a
//! small low-priority pool.

use crate::worker::{Worker, WorkerChannels, background_pool, on_pool};
use horde_levelgen::scenery::Scatter;
use horde_looks::scenery_row;
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
        let boxes = on_pool(pool.as_ref(), || scenery_row(scatter, row));
        if channels.results.send((row, boxes)).is_err() {
            return;
        }
    }
}
