//! The daily challenge as the title screen offers it: the board server is asked for today's
//! seed as the screen opens; where it answers within [`ANSWER_WITHIN`] the day is played
//! online (its run can be submitted and ranked), else today's seed is played offline, and
//! the screen says which.

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// How long the board server has to answer.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(2);

/// What the server said: today's seed, or why there is none.
type Answer = Result<u64, String>;

/// The daily challenge's server and what it answered.
pub struct Daily {
    server: String,
    asking: Option<Receiver<Answer>>,
    answer: Option<Answer>,
    asked_at: Instant,
}

impl Daily {
    /// Asks `server` for today's seed, off the render thread.
    pub fn ask(server: String) -> Daily {
        let url = server.clone();
        let asking = crate::worker::once("daily challenge", move || {
            let client = horde_online::Client::with_timeout(&url, ANSWER_WITHIN);
            (client.day("today", 1))
                .map(|day| day.seed)
                .map_err(|e| e.to_string())
        });
        let answer = asking
            .is_none()
            .then(|| Err("no thread to ask on".to_string()));
        Daily {
            server,
            asking,
            answer,
            asked_at: Instant::now(),
        }
    }

    /// Takes the answer if it came; whether it came now.
    pub fn poll(&mut self) -> bool {
        if let Some(asking) = &self.asking
            && let Ok(answer) = asking.try_recv()
        {
            self.answer = Some(answer);
            self.asking = None;
            return true;
        }
        false
    }

    /// The `horde run` words that open today's challenge, and the sentence saying how: waits
    /// for the server's answer up to what is left of [`ANSWER_WITHIN`].
    pub fn words(&mut self) -> (Vec<String>, String) {
        if let Some(asking) = self.asking.take() {
            let left = ANSWER_WITHIN.saturating_sub(self.asked_at.elapsed());
            self.answer = Some(
                asking
                    .recv_timeout(left)
                    .unwrap_or_else(|_| Err(format!("no answer within {ANSWER_WITHIN:?}"))),
            );
        }
        match &self.answer {
            Some(Ok(seed)) => {
                let words = ["--challenge", "online", "--server", &self.server];
                let said = format!("today's challenge, online at {} (seed {seed})", self.server);
                (words.map(String::from).to_vec(), said)
            }
            other => {
                let why = match other {
                    Some(Err(why)) => why.as_str(),
                    _ => "no answer",
                };
                let said = why_offline(&self.server, why);
                (vec!["--challenge".into(), "today".into()], said)
            }
        }
    }

    /// What the menu says of the daily challenge.
    pub fn status(&self) -> String {
        match &self.answer {
            None => format!("asking {} for today's challenge…", self.server),
            Some(Ok(_)) => format!("daily challenge: online at {}", self.server),
            Some(Err(why)) => why_offline(&self.server, why),
        }
    }
}

/// The sentence of a day played offline.
fn why_offline(server: &str, why: &str) -> String {
    format!(
        "daily challenge: offline, today's seed (the board server at {server} did not answer within 2 s: {why})"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_server_means_todays_seed_offline_within_two_seconds() {
        // Port 9 on loopback: nothing listens there.
        let mut daily = Daily::ask("http://127.0.0.1:9".to_string());
        let started = Instant::now();
        let (words, said) = daily.words();
        assert!(started.elapsed() < ANSWER_WITHIN + Duration::from_millis(500));
        assert_eq!(words, ["--challenge", "today"]);
        assert!(said.contains("offline"), "{said}");
        assert!(daily.status().contains("offline"));
    }
}
