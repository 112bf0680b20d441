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
    /// The queue's far end, held where no verifier holds it (a pool of none, in tests).
    _held: Option<Arc<Mutex<Receiver<Job>>>>,
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
        Verifiers::with_threads(threads.max(1), queue)
    }

    /// `threads` verifiers (none: jobs only wait, for tests of a full queue) behind a queue of
    /// `queue` runs.
    fn with_threads(threads: usize, queue: usize) -> std::io::Result<Verifiers> {
        let (sender, receiver) = sync_channel::<Job>(queue);
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..threads {
            let receiver = Arc::clone(&receiver);
            std::thread::Builder::new()
                .name(format!("verifier-{i}"))
                .spawn(move || work(&receiver))?;
        }
        let held = (threads == 0).then_some(receiver);
        Ok(Verifiers {
            queue: sender,
            _held: held,
        })
    }

    /// Puts `text` in the queue to be verified under `rules`: where its answer will come,
    /// or why it was not queued (the queue is full: [`Unverified::Busy`]).
    fn enqueue(&self, text: String, rules: Rules) -> Result<Answer, Unverified> {
        let (answer, answered) = oneshot::channel();
        let job = Job {
            text,
            rules,
            answer,
        };
        match self.queue.try_send(job) {
            Ok(()) => Ok(answered),
            Err(TrySendError::Full(_)) => Err(Unverified::Busy),
            Err(TrySendError::Disconnected(_)) => Err(Unverified::Gone),
        }
    }

    /// Verifies `text` under `rules` on the pool, waiting for its turn.
    pub async fn verify(
        &self,
        text: String,
        rules: Rules,
    ) -> Result<Result<Verified, Refusal>, Unverified> {
        let answered = self.enqueue(text, rules)?;
        answered.await.map_err(|_| Unverified::Gone)
    }
}

/// Where a queued verification's answer comes.
type Answer = oneshot::Receiver<Result<Verified, Refusal>>;

/// One verifier: takes jobs until the queue closes.
fn work(receiver: &Mutex<Receiver<Job>>) {
    loop {
        let job = match receiver.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        // A panic in a replay is a bug; it must not take the verifier down with it. The replay
        // runs as a rayon thread, as `horde replay` does: a tick's parallel passes then start
        // where they run, instead of being handed to the pool and waited for every tick (a
        // wake-up and a sleep a tick: most of a small game's replay).
        let replay = || rayon::scope(|_| verify(&job.text, &job.rules));
        let verdict = std::panic::catch_unwind(replay).unwrap_or_else(|_| {
            log::error!("a verification panicked");
            Err(Refusal {
                error: "the server could not verify this recording".to_string(),
                line: None,
            })
        });
        let _ = job.answer.send(verdict);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_full_queue_refuses_at_once_and_a_free_one_takes_the_run() {
        let rules = Rules {
            secret: [0; 32],
            today: 20_261_204,
            max_ticks: 10,
        };
        // No verifier and room for two: the third waits for nobody and is refused.
        let stuck = Verifiers::with_threads(0, 2).unwrap();
        let _first = stuck.enqueue("a".into(), rules).unwrap();
        let _second = stuck.enqueue("b".into(), rules).unwrap();
        assert!(matches!(
            stuck.enqueue("c".into(), rules),
            Err(Unverified::Busy)
        ));
        // One verifier: a run is answered (here refused: it is no recording).
        let pool = Verifiers::start(1, 1).unwrap();
        let answer = pool.enqueue("not a recording".into(), rules).unwrap();
        let refusal = answer.blocking_recv().unwrap().unwrap_err();
        assert!(!refusal.error.is_empty());
    }
}
