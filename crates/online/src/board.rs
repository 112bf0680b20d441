//! What every handler of the board shares — the store, the verifiers, the secret, the replay
//! bound — and what a day is to them: a day that has begun, and its board.

use crate::api::DayBoard;
use crate::store::Store;
use crate::verifiers::Verifiers;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The most runs `limit` lists.
pub const LIMIT_MAX: u64 = 1_000;

/// What every handler shares.
#[derive(Clone)]
pub struct Board {
    /// The store.
    pub store: Store,
    /// The verifiers.
    pub verifiers: Verifiers,
    /// The server's secret.
    pub secret: [u8; 32],
    /// The most ticks a replay may run.
    pub max_ticks: u64,
    /// The days' boards as last read, by day and limit, with the version they were read at.
    pub days: DayCache,
    /// Room for the requests that wait for a run another request verifies.
    pub waiters: Arc<tokio::sync::Semaphore>,
    /// How long a request's whole body may take to arrive.
    pub body_timeout: std::time::Duration,
    /// The web build `/play` serves, if the server was given one.
    pub web: Option<Arc<crate::play::WebBuild>>,
}

/// How long a claim on a run stands unrenewed before another request may take it over (its
/// holder renews it every third of this while it verifies).
pub const CLAIM_LEASE_MS: u64 = 60_000;

/// The days' boards as last read ([`board_of_day`]): `(day, limit)` → the day's version
/// ([`Store::day_version`]) and its board. Every server on one database checks the version
/// before answering from it, so none serves a board older than the store's.
pub type DayCache = Arc<Mutex<HashMap<(u64, u64), ((u64, u64), Shown)>>>;

/// A day's board as read, and as its JSON (written once, answered as it is).
#[derive(Clone, Debug)]
pub struct Shown {
    /// The board.
    pub board: Arc<DayBoard>,
    /// Its JSON.
    pub json: axum::body::Bytes,
}

/// Boards a cache keeps before it starts over.
const CACHED_DAYS: usize = 256;

/// Milliseconds since 1970 UTC.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A day of a path (`YYYYMMDD` or `today`) that has begun, or why not (a 404's reason).
pub fn begun_day(text: &str) -> Result<u64, String> {
    let today = horde_games::today_utc();
    let day = if text == "today" {
        today
    } else {
        text.parse::<u64>()
            .ok()
            .filter(|&d| horde_games::days_of(d).is_some())
            .ok_or_else(|| format!("`{text}` is not a day (YYYYMMDD or today)"))?
    };
    if day > today {
        return Err(format!("day {day} has not begun"));
    }
    Ok(day)
}

/// Day `day`'s board, with its best `limit` runs (at most [`LIMIT_MAX`]): from the cache when
/// nothing was listed on the day since it was read.
pub async fn board_of_day(board: &Board, day: u64, limit: u64) -> anyhow::Result<Shown> {
    let limit = limit.min(LIMIT_MAX);
    let version = board.store.day_version(day).await?;
    if let Ok(cache) = board.days.lock()
        && let Some((seen, cached)) = cache.get(&(day, limit))
        && *seen == version
    {
        return Ok(cached.clone());
    }
    let seed = crate::days::seed_of(&board.secret, day);
    let (runs, top, histogram) = board.store.day(day, limit).await?;
    let fresh = DayBoard {
        day,
        seed,
        board: horde_games::challenge(seed).level.to_string(),
        runs,
        top,
        histogram,
    };
    let json = serde_json::to_vec(&fresh)?.into();
    let fresh = Shown {
        board: Arc::new(fresh),
        json,
    };
    if let Ok(mut cache) = board.days.lock() {
        if cache.len() >= CACHED_DAYS {
            cache.clear();
        }
        cache.insert((day, limit), (version, fresh.clone()));
    }
    Ok(fresh)
}
