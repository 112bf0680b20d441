//! The verifiers: a fixed pool of threads behind a bounded queue. A run waits in the queue
//! for a verifier; a full queue refuses at once (the server answers 503 with `Retry-After`),
//! so no burst of uploads grows the server.

use crate::api::Refusal;
use crate::verify::{Rules, Verified, verify};
use std::sync::mpsc::{Receiver, SyncSender, TrySendError, sync_channel};
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// A verification asked for: the recording, its rules, and where the answer goes.
struct Job {
    text: String,
    rules: Rules,
    answer: oneshot::Sender<Result<Verified, Refusal>>,
}

/// The pool.
#[derive(Clone)]
pub struct Verifiers {
    queue: SyncSender<Job>,
}

/// Why a verification did not run.
#[derive(Debug, PartialEq, Eq)]
pub enum Unverified {
    /// The queue is full: ask again later.
    Busy,
    /// The pool is gone (the server is stopping).
    Gone,
}

impl Verifiers {
    /// `threads` verifiers (at least one) behind a queue of `queue` runs.
    pub fn start(threads: usize, queue: usize) -> std::io::Result<Verifiers> {
        let (sender, receiver) = sync_channel::<Job>(queue);
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..threads.max(1) {
            let receiver = Arc::clone(&receiver);
            std::thread::Builder::new()
                .name(format!("verifier-{i}"))
                .spawn(move || work(&receiver))?;
        }
        Ok(Verifiers { queue: sender })
    }

    /// Verifies `text` under `rules` on the pool, waiting for its turn.
    pub async fn verify(
        &self,
        text: String,
        rules: Rules,
    ) -> Result<Result<Verified, Refusal>, Unverified> {
        let (answer, answered) = oneshot::channel();
        let job = Job {
            text,
            rules,
            answer,
        };
        match self.queue.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Err(Unverified::Busy),
            Err(TrySendError::Disconnected(_)) => return Err(Unverified::Gone),
        }
        answered.await.map_err(|_| Unverified::Gone)
    }
}

/// One verifier: takes jobs until the queue closes.
fn work(receiver: &Mutex<Receiver<Job>>) {
    loop {
        let job = match receiver.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        // A panic in a replay is a bug; it must not take the verifier down with it.
        let verdict =
            std::panic::catch_unwind(|| verify(&job.text, &job.rules)).unwrap_or_else(|_| {
                log::error!("a verification panicked");
                Err(Refusal {
                    error: "the server could not verify this recording".to_string(),
                    line: None,
                })
            });
        let _ = job.answer.send(verdict);
    }
}
