//! Background generation threads give way to the render thread: they run at a lower
//! scheduling priority, so that when both want a core the frame wins, while generation still
//! gets enough of a contended core to keep ahead of the player.

/// Cross-platform priority 22 of 0–99, which the `thread-priority` crate maps to nice 10 on
/// Linux (about a tenth of a contended core). Nice 15 starved the city generator on 2 cores
/// under lavapipe; normal priority made the render thread wait.
const BACKGROUND_PRIORITY: u8 = 22;

/// Lowers the calling thread's priority. Best effort: where the system refuses, the thread
/// carries on at normal priority.
pub fn lower_priority(what: &str) {
    let priority = thread_priority::ThreadPriorityValue::try_from(BACKGROUND_PRIORITY)
        .map(thread_priority::ThreadPriority::Crossplatform);
    if let Err(error) = priority.map(thread_priority::set_current_thread_priority) {
        log::debug!("{what} keeps normal priority: {error:?}");
    }
}
