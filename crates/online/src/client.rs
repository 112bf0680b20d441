//! The board's client, on ureq: what `horde submit`, `horde board`, `--challenge online` and
//! `horde run --replay URL` ask a server. A refusal comes back as the server's reason (and
//! the recording's line, where it names one), never as a bare status.

use crate::api::{DayBoard, NewPlayer, PlayerCreated, Refusal, RunAccepted};
use std::time::Duration;

/// A board server, by its base URL (`http://127.0.0.1:7878`).
pub struct Client {
    base: String,
    agent: ureq::Agent,
}

/// Why a request got no answer it could use.
#[derive(Debug)]
pub enum ClientError {
    /// The server could not be reached (or its answer was cut off).
    Unreachable(String),
    /// The server refused, with its status and reason.
    Refused {
        /// The HTTP status.
        status: u16,
        /// The server's reason.
        refusal: Refusal,
    },
    /// The server answered something that is not the board's JSON.
    Garbled(String),
}

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClientError::Unreachable(why) => write!(f, "the board server cannot be reached: {why}"),
            ClientError::Refused { status, refusal } => {
                write!(f, "the board server refused ({status}): {}", refusal.error)?;
                if let Some(line) = refusal.line {
                    write!(f, " (line {line})")?;
                }
                Ok(())
            }
            ClientError::Garbled(why) => {
                write!(f, "the board server's answer does not read: {why}")
            }
        }
    }
}

impl std::error::Error for ClientError {}

/// The most bytes of an answer the client reads (a recording is at most 1 MiB).
const ANSWER_LIMIT: u64 = 4 << 20;

impl Client {
    /// A client of the server at `base` (`http://HOST:PORT`, no trailing slash needed).
    pub fn new(base: &str) -> Client {
        Client::with_timeout(base, Duration::from_secs(60))
    }

    /// [`Client::new`] giving up on any request after `timeout` (the title screen asks
    /// whether the server answers within 2 s).
    pub fn with_timeout(base: &str, timeout: Duration) -> Client {
        let agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(timeout))
            .build()
            .into();
        Client {
            base: base.trim_end_matches('/').to_string(),
            agent,
        }
    }

    /// The server's base URL.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The answer's status and body, or why there is none.
    fn answer(
        result: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
    ) -> Result<(u16, String), ClientError> {
        let mut response = result.map_err(|e| ClientError::Unreachable(e.to_string()))?;
        let status = response.status().as_u16();
        let body = response
            .body_mut()
            .with_config()
            .limit(ANSWER_LIMIT)
            .read_to_string()
            .map_err(|e| ClientError::Unreachable(e.to_string()))?;
        Ok((status, body))
    }

    /// A 2xx answer's JSON, or the refusal.
    fn json<T: serde::de::DeserializeOwned>(
        (status, body): (u16, String),
    ) -> Result<(u16, T), ClientError> {
        if !(200..300).contains(&status) {
            let refusal = serde_json::from_str::<Refusal>(&body).unwrap_or(Refusal {
                error: body.trim().chars().take(500).collect(),
                line: None,
            });
            return Err(ClientError::Refused { status, refusal });
        }
        serde_json::from_str(&body)
            .map(|value| (status, value))
            .map_err(|e| ClientError::Garbled(e.to_string()))
    }

    /// `POST /api/players`: makes the player `name`.
    pub fn new_player(&self, name: &str) -> Result<PlayerCreated, ClientError> {
        let url = format!("{}/api/players", self.base);
        let asked = NewPlayer {
            name: name.to_string(),
        };
        Client::json(Client::answer(self.agent.post(&url).send_json(&asked))?).map(|(_, p)| p)
    }

    /// `POST /api/runs`: submits `recording` for the player of `token`. The status (201 new,
    /// 200 already listed) and the run.
    pub fn submit(&self, token: &str, recording: &str) -> Result<(u16, RunAccepted), ClientError> {
        let url = format!("{}/api/runs", self.base);
        let request = (self.agent.post(&url))
            .header("Authorization", &format!("Bearer {token}"))
            .header("Content-Type", "text/plain; charset=utf-8");
        Client::json(Client::answer(request.send(recording))?)
    }

    /// `GET /api/days/D?limit=N` (`day`: `YYYYMMDD` or `today`; no `limit`: the server's).
    pub fn day(&self, day: &str, limit: impl Into<Option<u64>>) -> Result<DayBoard, ClientError> {
        let url = match limit.into() {
            Some(limit) => format!("{}/api/days/{day}?limit={limit}", self.base),
            None => format!("{}/api/days/{day}", self.base),
        };
        Client::json(Client::answer(self.agent.get(&url).call())?).map(|(_, d)| d)
    }

    /// The text at `url` (a run's recording, `/runs/ID.rec`).
    pub fn text(&self, url: &str) -> Result<String, ClientError> {
        let (status, body) = Client::answer(self.agent.get(url).call())?;
        if (200..300).contains(&status) {
            return Ok(body);
        }
        let refusal = serde_json::from_str::<Refusal>(&body).unwrap_or(Refusal {
            error: body.trim().chars().take(500).collect(),
            line: None,
        });
        Err(ClientError::Refused { status, refusal })
    }
}
