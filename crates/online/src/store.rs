//! The board's store: one schema and one set of queries over SQLite (the embedded default: a
//! file, WAL, every write one transaction) or Postgres (`postgres://..`: several servers on one
//! database are one board), through sqlx's `Any` driver; the migrations
//! (`crates/online/migrations/`) run at start.
//!
//! A run is claimed before it is verified: its row is inserted as `claimed` under an id
//! derived from the player and the recording (so a second server, or a second request, finds
//! it and waits instead of verifying it again) and becomes `listed` in the transaction that
//! records its verification. Only listed runs are ever shown; a claim whose server died is
//! taken over after its lease, and dropped at the next start.

use crate::api::{ScoreCount, TopRun};
use crate::names::Name;
use anyhow::{Context, Result};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};
use std::path::Path;

/// The migrations, compiled in.
static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// The board's store.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
}

/// A player, as a token finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// A run as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRun {
    /// Its id.
    pub id: String,
    /// The player's id.
    pub player_id: String,
    /// The player's name.
    pub player: String,
    /// The day, `YYYYMMDD`.
    pub day: u64,
    /// The waves cleared.
    pub score: u64,
    /// The ticks survived.
    pub ticks: u64,
    /// How it ended.
    pub outcome: String,
    /// When it was listed, milliseconds since 1970 UTC.
    pub submitted_ms: u64,
    /// When it was received (ties rank by it), milliseconds since 1970 UTC.
    pub received_ms: u64,
    /// How long its verification took, milliseconds.
    pub verify_ms: u64,
}

/// What verifying a run found, to list it with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The waves cleared.
    pub score: u64,
    /// The ticks survived.
    pub ticks: u64,
    /// How it ended.
    pub outcome: String,
    /// How long the verification took, milliseconds.
    pub verify_ms: u64,
}

/// What a claim on a run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This caller verifies it now.
    Claimed,
    /// It is listed already.
    Listed(StoredRun),
    /// Another request or server is verifying it (ask again shortly).
    Busy,
    /// It was refused and dropped: claim it again.
    Gone,
}

/// Why a player could not be made.
#[derive(Debug)]
pub enum NewPlayerError {
    /// The name is taken (ignoring case).
    Taken,
    /// The store failed.
    Store(anyhow::Error),
}

/// A count or other number the store holds as `BIGINT`.
fn number(row: &sqlx::any::AnyRow, column: &str) -> Result<u64> {
    let value: i64 = row.try_get(column)?;
    u64::try_from(value).with_context(|| format!("a negative {column} in the store"))
}

/// A number as the store holds it.
fn stored(value: u64) -> Result<i64> {
    i64::try_from(value).context("a number past what the store holds")
}

impl Store {
    /// Opens the store at `db`: a `postgres://` URL, else a SQLite file (made, with its
    /// folder, if missing); runs the migrations.
    pub async fn open(db: &str) -> Result<Store> {
        install_default_drivers();
        let sqlite = !(db.starts_with("postgres://") || db.starts_with("postgresql://"));
        let url = if !sqlite {
            db.to_string()
        } else {
            let path = Path::new(db);
            if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(folder)
                    .with_context(|| format!("{}: making its folder", path.display()))?;
            }
            format!("sqlite://{db}?mode=rwc")
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 8 })
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        for pragma in [
                            "PRAGMA journal_mode = WAL",
                            "PRAGMA synchronous = FULL",
                            "PRAGMA busy_timeout = 10000",
                            "PRAGMA foreign_keys = ON",
                        ] {
                            sqlx::query(pragma).execute(&mut *conn).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect(&url)
            .await
            .with_context(|| format!("opening the board's database {}", redacted(db)))?;
        MIGRATOR
            .run(&pool)
            .await
            .context("migrating the board's database")?;
        Ok(Store { pool })
    }

    /// The server's secret, made (from `fresh`) on the first start and kept in the store, so
    /// every server on one database derives the same days.
    pub async fn secret(&self, fresh: [u8; 32]) -> Result<[u8; 32]> {
        let hex = crate::tokens::hex(&fresh);
        sqlx::query(
            "INSERT INTO meta (key, value) VALUES ('secret', $1) ON CONFLICT (key) DO NOTHING",
        )
        .bind(hex)
        .execute(&self.pool)
        .await?;
        let row = sqlx::query("SELECT value FROM meta WHERE key = 'secret'")
            .fetch_one(&self.pool)
            .await?;
        let kept: String = row.try_get("value")?;
        crate::tokens::from_hex(&kept)
            .context("the board's secret in the store is not 32 bytes of hex")
    }

    /// Makes the player `name` of `id` whose token's hash is `token_hash`.
    pub async fn create_player(
        &self,
        id: &str,
        name: &Name,
        token_hash: &str,
        now_ms: u64,
    ) -> Result<(), NewPlayerError> {
        let done = sqlx::query(
            "INSERT INTO players (id, name, name_key, token_hash, created_ms) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(id)
        .bind(&name.shown)
        .bind(&name.key)
        .bind(token_hash)
        .bind(stored(now_ms).map_err(NewPlayerError::Store)?)
        .execute(&self.pool)
        .await
        .map_err(|e| NewPlayerError::Store(e.into()))?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(NewPlayerError::Taken)
        }
    }

    /// The player whose token hashes to `token_hash`.
    pub async fn player_by_token(&self, token_hash: &str) -> Result<Option<Player>> {
        let row = sqlx::query("SELECT id, name FROM players WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| {
            Ok(Player {
                id: row.try_get("id")?,
                name: row.try_get("name")?,
            })
        })
        .transpose()
    }

    /// Claims run `id` of `player_id` for verifying, with `recording`, as `owner` (a random id
    /// of the claiming request; see the module's doc). Its day is known once it is verified.
    pub async fn claim(
        &self,
        id: &str,
        player_id: &str,
        recording: &str,
        owner: &str,
        now_ms: u64,
    ) -> Result<Claim> {
        let inserted = sqlx::query(
            "INSERT INTO runs (id, player_id, day, state, claimed_ms, score, ticks, outcome, \
             submitted_ms, verify_ms, recording, claim_owner, received_ms) \
             VALUES ($1, $2, 0, 'claimed', $3, 0, 0, '', 0, 0, $4, $5, $3) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind(id)
        .bind(player_id)
        .bind(stored(now_ms)?)
        .bind(recording)
        .bind(owner)
        .execute(&self.pool)
        .await?;
        if inserted.rows_affected() == 1 {
            return Ok(Claim::Claimed);
        }
        Ok(Claim::Busy)
    }

    /// Where run `id` stands for a request that did not claim it, as `owner`: listed, being
    /// verified, or (a claim past `lease_ms`: its server died) taken over now by `owner`.
    /// The recording is not sent again: the probe is one small statement.
    pub async fn probe(&self, id: &str, owner: &str, now_ms: u64, lease_ms: u64) -> Result<Claim> {
        let row = sqlx::query("SELECT state, claimed_ms FROM runs WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            // Refused and dropped since: the caller claims it again.
            return Ok(Claim::Gone);
        };
        let state: String = row.try_get("state")?;
        if state == "listed" {
            return match self.run(id).await? {
                Some(run) => Ok(Claim::Listed(run)),
                None => Ok(Claim::Busy),
            };
        }
        let claimed_ms = number(&row, "claimed_ms")?;
        if claimed_ms.saturating_add(lease_ms) > now_ms {
            return Ok(Claim::Busy);
        }
        // The claim outlived its lease (its server died): take it over, if nobody else did.
        let taken = sqlx::query(
            "UPDATE runs SET claimed_ms = $1, claim_owner = $2 \
             WHERE id = $3 AND state = 'claimed' AND claimed_ms = $4",
        )
        .bind(stored(now_ms)?)
        .bind(owner)
        .bind(id)
        .bind(stored(claimed_ms)?)
        .execute(&self.pool)
        .await?;
        Ok(if taken.rows_affected() == 1 {
            Claim::Claimed
        } else {
            Claim::Busy
        })
    }

    /// Keeps `owner`'s claim on run `id` alive while it is verified (its lease starts again).
    pub async fn renew(&self, id: &str, owner: &str, now_ms: u64) -> Result<()> {
        sqlx::query(
            "UPDATE runs SET claimed_ms = $1 WHERE id = $2 AND state = 'claimed' AND claim_owner = $3",
        )
        .bind(stored(now_ms)?)
        .bind(id)
        .bind(owner)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Lists run `id`, claimed by `owner`, on `day` with what its verification found, in one
    /// statement; whether it was still `owner`'s to list.
    pub async fn list(
        &self,
        id: &str,
        owner: &str,
        day: u64,
        verdict: &Verdict,
        now_ms: u64,
    ) -> Result<bool> {
        let done = sqlx::query(
            "UPDATE runs SET state = 'listed', day = $1, score = $2, ticks = $3, outcome = $4, \
             submitted_ms = $5, verify_ms = $6 \
             WHERE id = $7 AND state = 'claimed' AND claim_owner = $8",
        )
        .bind(stored(day)?)
        .bind(stored(verdict.score)?)
        .bind(stored(verdict.ticks)?)
        .bind(&verdict.outcome)
        .bind(stored(now_ms)?)
        .bind(stored(verdict.verify_ms)?)
        .bind(id)
        .bind(owner)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Drops `owner`'s claim on run `id` (its verification refused it, or could not run).
    pub async fn unclaim(&self, id: &str, owner: &str) -> Result<()> {
        sqlx::query("DELETE FROM runs WHERE id = $1 AND state = 'claimed' AND claim_owner = $2")
            .bind(id)
            .bind(owner)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Drops every claim older than `before_ms` (a server that died while verifying them).
    pub async fn drop_stale_claims(&self, before_ms: u64) -> Result<u64> {
        let done = sqlx::query("DELETE FROM runs WHERE state = 'claimed' AND claimed_ms < $1")
            .bind(stored(before_ms)?)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// Listed run `id`, with its player's name.
    pub async fn run(&self, id: &str) -> Result<Option<StoredRun>> {
        let row = sqlx::query(
            "SELECT r.id, r.player_id, p.name, r.day, r.score, r.ticks, r.outcome, \
             r.submitted_ms, r.received_ms, r.verify_ms FROM runs r \
             JOIN players p ON p.id = r.player_id \
             WHERE r.id = $1 AND r.state = 'listed'",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| stored_run(&row)).transpose()
    }

    /// The recording of listed run `id`, as submitted.
    pub async fn recording(&self, id: &str) -> Result<Option<String>> {
        let row = sqlx::query("SELECT recording FROM runs WHERE id = $1 AND state = 'listed'")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| Ok(row.try_get("recording")?)).transpose()
    }

    /// Where listed `run` stands on its day, in one statement: its rank (1 + the runs ahead of
    /// it: more waves cleared, then more ticks survived, then received earlier) and whether it
    /// is its player's best (none of theirs ahead).
    pub async fn standing(&self, run: &StoredRun) -> Result<(u64, bool)> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS ahead, \
             COALESCE(SUM(CASE WHEN player_id = $6 THEN 1 ELSE 0 END), 0) AS own_ahead \
             FROM runs WHERE day = $1 AND state = 'listed' AND \
             (score > $2 OR (score = $2 AND (ticks > $3 OR (ticks = $3 AND \
             (received_ms < $4 OR (received_ms = $4 AND id < $5))))))",
        )
        .bind(stored(run.day)?)
        .bind(stored(run.score)?)
        .bind(stored(run.ticks)?)
        .bind(stored(run.received_ms)?)
        .bind(&run.id)
        .bind(&run.player_id)
        .fetch_one(&self.pool)
        .await?;
        Ok((number(&row, "ahead")? + 1, number(&row, "own_ahead")? == 0))
    }

    /// Day `day`'s listed runs: how many, the best `limit` in rank order, and the histogram of
    /// every score.
    pub async fn day(&self, day: u64, limit: u64) -> Result<(u64, Vec<TopRun>, Vec<ScoreCount>)> {
        let rows = sqlx::query(
            "SELECT r.id, p.name, r.score, r.ticks FROM runs r JOIN players p \
             ON p.id = r.player_id WHERE r.day = $1 AND r.state = 'listed' \
             ORDER BY r.score DESC, r.ticks DESC, r.received_ms ASC, r.id ASC LIMIT $2",
        )
        .bind(stored(day)?)
        .bind(stored(limit)?)
        .fetch_all(&self.pool)
        .await?;
        let mut top = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            top.push(TopRun {
                rank: i as u64 + 1,
                player: row.try_get("name")?,
                score: number(row, "score")?,
                ticks: number(row, "ticks")?,
                run: row.try_get("id")?,
            });
        }
        let rows = sqlx::query(
            "SELECT score, COUNT(*) AS count FROM runs WHERE day = $1 AND state = 'listed' \
             GROUP BY score ORDER BY score",
        )
        .bind(stored(day)?)
        .fetch_all(&self.pool)
        .await?;
        let mut histogram = Vec::with_capacity(rows.len());
        let mut runs = 0;
        for row in &rows {
            let bar = ScoreCount {
                score: number(row, "score")?,
                count: number(row, "count")?,
            };
            runs += bar.count;
            histogram.push(bar);
        }
        Ok((runs, top, histogram))
    }

    /// What changes whenever a run of `day` is listed: its listed runs and the last one's
    /// submission time (runs are never unlisted), for caching a day's board exactly.
    pub async fn day_version(&self, day: u64) -> Result<(u64, u64)> {
        let row = sqlx::query(
            "SELECT COUNT(*) AS runs, COALESCE(MAX(submitted_ms), 0) AS last FROM runs \
             WHERE day = $1 AND state = 'listed'",
        )
        .bind(stored(day)?)
        .fetch_one(&self.pool)
        .await?;
        Ok((number(&row, "runs")?, number(&row, "last")?))
    }

    /// The best score on `day` of the player whose name is `name_key` (lower case), if any.
    pub async fn best_score_of(&self, name_key: &str, day: u64) -> Result<Option<u64>> {
        let row = sqlx::query(
            "SELECT MAX(r.score) AS best FROM runs r JOIN players p ON p.id = r.player_id \
             WHERE p.name_key = $1 AND r.day = $2 AND r.state = 'listed'",
        )
        .bind(name_key)
        .bind(stored(day)?)
        .fetch_one(&self.pool)
        .await?;
        let best: Option<i64> = row.try_get("best")?;
        Ok(best.and_then(|b| u64::try_from(b).ok()))
    }

    /// The days with listed runs, newest first, at most `limit`.
    pub async fn days(&self, limit: u64) -> Result<Vec<u64>> {
        let rows = sqlx::query(
            "SELECT DISTINCT day FROM runs WHERE state = 'listed' ORDER BY day DESC LIMIT $1",
        )
        .bind(stored(limit)?)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(|row| number(row, "day")).collect()
    }
}

/// A listed run's row.
fn stored_run(row: &sqlx::any::AnyRow) -> Result<StoredRun> {
    Ok(StoredRun {
        id: row.try_get("id")?,
        player_id: row.try_get("player_id")?,
        player: row.try_get("name")?,
        day: number(row, "day")?,
        score: number(row, "score")?,
        ticks: number(row, "ticks")?,
        outcome: row.try_get("outcome")?,
        submitted_ms: number(row, "submitted_ms")?,
        received_ms: number(row, "received_ms")?,
        verify_ms: number(row, "verify_ms")?,
    })
}

/// `db` without a password, for messages and logs.
pub fn redacted(db: &str) -> String {
    match (db.find("://"), db.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            format!("{}://…@{}", &db[..scheme], &db[at + 1..])
        }
        _ => db.to_string(),
    }
}
