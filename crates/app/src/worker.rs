//! One background worker: a named thread at a lower scheduling priority, fed requests and
//! returning results through bounded channels. The city and runner generators run on it; this
//! file is the only place in the app that starts threads (workers, their small background
//! pools, and the thread that retires an old worker).
//!
//! The render thread never waits on a worker: it sends with [`Worker::try_send`] (a full
//! queue is a refusal to retry next frame, not a block) and takes results with
//! [`Worker::try_recv`]. The one exception is a worker asked in step ([`Worker::ask`]), for
//! screenshots and tests whose pictures must be a pure function of their flags. The worker
//! blocks when its result queue is full, which throttles it to what the render thread takes.
//! Dropping the [`Worker`] closes both channels (a worker blocked on a full result queue wakes
//! with an error) and joins the thread.

use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::thread::JoinHandle;

/// Cross-platform priority 22 of 0–99, which the `thread-priority` crate maps to nice 10 on
/// Linux (about a tenth of a contended core). Nice 15 starved the city generator on 2 cores
/// under lavapipe; normal priority made the render thread wait.
const BACKGROUND_PRIORITY: u8 = 22;

/// The lowest priority short of idle (about nice 18 on Linux): for work that may wait for
/// whatever the frame leaves (the wave forecast).
const SPARE_PRIORITY: u8 = 2;

/// Lowers the calling thread's priority, so that when a worker and the render thread want the
/// same core the frame wins. Best effort: where the system refuses, the thread carries on at
/// normal priority.
pub fn lower_priority(what: &str) {
    set_priority(what, BACKGROUND_PRIORITY);
}

/// Sets the calling thread's cross-platform priority (best effort).
fn set_priority(what: &str, value: u8) {
    let priority = thread_priority::ThreadPriorityValue::try_from(value)
        .map(thread_priority::ThreadPriority::Crossplatform);
    if let Err(error) = priority.map(thread_priority::set_current_thread_priority) {
        log::debug!("{what} keeps normal priority: {error:?}");
    }
}

/// A pool of two low-priority threads named `name 0`, `name 1` for a worker's parallel work;
/// `None` where the system refuses threads (the work then runs on the worker itself).
pub fn background_pool(name: &'static str) -> Option<rayon::ThreadPool> {
    quiet_pool(name, 2)
}

/// A pool of `threads` low-priority threads named `name 0`, `name 1`, ..; `None` where the
/// system refuses threads. With one thread, parallel passes inside it run inline: a worker
/// that must stay off the render thread's cores as far as it can runs its game there.
pub fn quiet_pool(name: &'static str, threads: usize) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(move |i| format!("{name} {i}"))
        .start_handler(move |_| lower_priority(name))
        .build()
        .ok()
}

/// Runs `job` once on a thread of its own named `name` (work that may wait on the network,
/// say, which must never block the render thread), and gives where its answer comes; `None`
/// where the system refuses threads.
pub fn once<T: Send + 'static>(
    name: &str,
    job: impl FnOnce() -> T + Send + 'static,
) -> Option<std::sync::mpsc::Receiver<T>> {
    let (send, answer) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name(name.to_string())
        .spawn(move || {
            let _ = send.send(job());
        })
        .ok()?;
    Some(answer)
}

/// Runs `work` on the global rayon pool, as one of its threads: the parallel passes inside it
/// start where they run, instead of being handed from this thread to the pool and waited for
/// (each hand-over is a wake-up and a sleep: most of a small game's tick).
pub fn in_pool<R: Send>(work: impl FnOnce() -> R + Send) -> R {
    rayon::scope(|_| work())
}

/// One thread that runs only when a core would otherwise be idle (Linux's `SCHED_IDLE`; the
/// lowest priority short of it elsewhere), named `name`, for work that takes only what the
/// frame leaves; `None` where the system refuses threads. Parallel passes inside it run inline.
pub fn spare_pool(name: &'static str) -> Option<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .thread_name(move |_| name.to_string())
        .start_handler(move |_| idle_priority(name))
        .build()
        .ok()
}

/// The calling thread runs only on an otherwise idle core (best effort).
fn idle_priority(what: &str) {
    #[cfg(target_os = "linux")]
    {
        use thread_priority::{
            NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
            set_thread_priority_and_policy, thread_native_id,
        };
        let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
        match set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle) {
            Ok(()) => return,
            Err(error) => log::debug!("{what} is not idle-scheduled: {error:?}"),
        }
    }
    set_priority(what, SPARE_PRIORITY);
}

/// Runs `work` on `pool`, or here without one.
pub fn on_pool<R: Send>(pool: Option<&rayon::ThreadPool>, work: impl FnOnce() -> R + Send) -> R {
    match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }
}

/// Drops `old` (a worker, or what holds one) on a thread of its own, named `name`, so that
/// joining a worker in the middle of its work never stalls the caller (the render thread
/// replacing a generator). Where no thread can be started, `old` is dropped here.
pub fn retire<T: Send + 'static>(name: &str, old: T) {
    let _ = std::thread::Builder::new()
        .name(name.to_string())
        .spawn(move || drop(old));
}

/// The worker's side: the requests it is sent and where its results go.
pub struct WorkerChannels<Request, Response> {
    /// Requests, in the order they were sent; `recv` fails once the owner is gone.
    pub requests: Receiver<Request>,
    /// Results; `send` blocks while the queue is full and fails once the owner is gone.
    pub results: SyncSender<Response>,
}

/// A background thread and the owner's ends of its channels.
pub struct Worker<Request, Response> {
    requests: Option<SyncSender<Request>>,
    results: Option<Receiver<Response>>,
    thread: Option<JoinHandle<()>>,
}

impl<Request: Send + 'static, Response: Send + 'static> Worker<Request, Response> {
    /// Starts `work` on a thread called `name`, at a lower priority, with room for `capacity`
    /// requests and `capacity` results in flight.
    pub fn spawn(
        name: &str,
        capacity: usize,
        work: impl FnOnce(WorkerChannels<Request, Response>) + Send + 'static,
    ) -> std::io::Result<Worker<Request, Response>> {
        let (request_sender, requests) = sync_channel(capacity);
        let (results, result_receiver) = sync_channel(capacity);
        let what = name.to_string();
        let thread = std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                lower_priority(&what);
                work(WorkerChannels { requests, results });
            })?;
        Ok(Worker {
            requests: Some(request_sender),
            results: Some(result_receiver),
            thread: Some(thread),
        })
    }

    /// Queues a request without waiting. Returns it back when the queue is full (try again
    /// next frame) or the worker has stopped.
    pub fn try_send(&self, request: Request) -> Result<(), Request> {
        match &self.requests {
            Some(sender) => sender.try_send(request).map_err(|e| match e {
                TrySendError::Full(r) | TrySendError::Disconnected(r) => r,
            }),
            None => Err(request),
        }
    }

    /// Sends `request` and waits for the worker's next result: a worker asked in step (its
    /// requests answered one at a time, in order). `None` once the worker has stopped.
    pub fn ask(&self, request: Request) -> Option<Response> {
        self.requests.as_ref()?.send(request).ok()?;
        self.results.as_ref()?.recv().ok()
    }

    /// A finished result, if there is one, without waiting.
    pub fn try_recv(&self) -> Option<Response> {
        self.results.as_ref()?.try_recv().ok()
    }

    /// Whether the worker thread has ended (returned or panicked). Takes nothing from the
    /// result queue: what it delivered before ending is still there for [`Worker::try_recv`].
    pub fn stopped(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }
}

impl<Request, Response> Drop for Worker<Request, Response> {
    fn drop(&mut self) {
        // Closing both ends wakes the worker wherever it waits; then it can be joined.
        self.requests = None;
        self.results = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use std::time::{Duration, Instant};

    fn doubler(channels: WorkerChannels<u32, u32>) {
        while let Ok(n) = channels.requests.recv() {
            if channels.results.send(n * 2).is_err() {
                return;
            }
        }
    }

    fn wait_for(worker: &Worker<u32, u32>) -> u32 {
        let start = Instant::now();
        loop {
            if let Some(result) = worker.try_recv() {
                return result;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "no result");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn requests_come_back_as_results_in_order() {
        let worker = Worker::spawn("test doubler", 4, doubler).unwrap();
        for n in 1..=3 {
            worker.try_send(n).unwrap();
        }
        assert_eq!(
            [wait_for(&worker), wait_for(&worker), wait_for(&worker)],
            [2, 4, 6]
        );
    }

    #[test]
    fn a_worker_asked_in_step_answers_each_request() {
        let worker = Worker::spawn("test doubler in step", 1, doubler).unwrap();
        assert_eq!((worker.ask(3), worker.ask(4)), (Some(6), Some(8)));
        let gone = Worker::<u32, u32>::spawn("test gone", 1, |_| {}).unwrap();
        while !gone.stopped() {
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(gone.ask(1), None);
    }

    #[test]
    fn a_full_queue_refuses_instead_of_blocking() {
        // A worker that never reads: the second request does not fit.
        let worker = Worker::<u32, u32>::spawn("test sleeper", 1, |channels| {
            let _keep = channels;
            std::thread::sleep(Duration::from_millis(200));
        })
        .unwrap();
        worker.try_send(1).unwrap();
        assert_eq!(worker.try_send(2), Err(2));
    }

    #[test]
    fn dropping_wakes_a_worker_blocked_on_a_full_result_queue() {
        let worker =
            Worker::<u32, u32>::spawn(
                "test flood",
                1,
                |channels| {
                    while channels.results.send(1).is_ok() {}
                },
            )
            .unwrap();
        std::thread::sleep(Duration::from_millis(20));
        drop(worker); // would hang here if the worker could not be woken
    }

    #[test]
    fn a_worker_that_ends_is_seen_as_stopped() {
        let worker = Worker::<u32, u32>::spawn("test quitter", 1, |_| {}).unwrap();
        let start = Instant::now();
        while !worker.stopped() {
            assert!(start.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(worker.try_send(1), Err(1));
    }

    #[test]
    fn asking_whether_a_worker_stopped_takes_none_of_its_results() {
        let worker = Worker::<u32, u32>::spawn("test last words", 2, |channels| {
            let _ = channels.results.send(7);
        })
        .unwrap();
        let start = Instant::now();
        while !worker.stopped() {
            assert!(start.elapsed() < Duration::from_secs(10));
            std::thread::sleep(Duration::from_millis(1));
        }
        assert!(worker.stopped());
        assert_eq!(worker.try_recv(), Some(7));
    }
}
