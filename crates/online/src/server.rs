//! The board's HTTP face (the manual's chapter on the board is its contract): the router,
//! its handlers and the layers every request passes — the body limit (413), the body
//! timeout, the rate limit by address (429), one log line a request (never a token). Runs
//! are verified on the pool before they are answered.

use crate::answers::{ApiError, json};
use crate::api::{NewPlayer, PlayerCreated, Refusal, RunAccepted, RunInfo};
use crate::board::{Board, CLAIM_LEASE_MS, begun_day, board_of_day, now_ms};
use crate::names::check_name;
use crate::pages;
use crate::store::{Claim, NewPlayerError, StoredRun, Verdict};
use crate::tokens::{hex, new_token, random_bytes, sha256_hex};
use crate::verifiers::Unverified;
use crate::verify::Rules;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower_governor::GovernorLayer;
use tower_governor::governor::GovernorConfigBuilder;
use tower_governor::key_extractor::{KeyExtractor, PeerIpKeyExtractor, SmartIpKeyExtractor};

/// The most bytes a request body may have: 1 MiB.
pub const BODY_LIMIT: usize = 1 << 20;
/// Requests that may wait at once for a run another request verifies.
pub const WAITERS: usize = 64;
/// How long a request waits for another's verification of the same run.
const WAIT_FOR_OTHER: Duration = Duration::from_secs(30);

/// How long a client may take to send a request: its header, then its body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// The request line and headers (10 s).
    pub header: Duration,
    /// The body (30 s).
    pub body: Duration,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            header: Duration::from_secs(10),
            body: Duration::from_secs(30),
        }
    }
}

/// The rate limit: a burst of `burst` requests a client, refilled at `per_second`.
#[derive(Clone, Copy, Debug)]
pub struct RateLimit {
    /// The burst.
    pub burst: u32,
    /// Requests a second refilled.
    pub per_second: u32,
    /// Whether the server stands behind a reverse proxy, so that a client is the address the
    /// proxy forwards (`X-Forwarded-For`, `X-Real-Ip`, `Forwarded`) rather than the proxy's;
    /// only for a server the proxy alone can reach (its headers are believed).
    pub behind_proxy: bool,
}

/// `GET /play` (and `/play/`): the web build's page (its query is the page's to read).
async fn play_page(State(board): State<Board>, headers: HeaderMap) -> Response {
    crate::play::answer(board.web.as_deref(), "index.html", &headers)
}

/// `GET /play/{file}`: a file of the web build (the glue script, the module).
async fn play_file(
    State(board): State<Board>,
    Path(file): Path<String>,
    headers: HeaderMap,
) -> Response {
    crate::play::answer(board.web.as_deref(), &file, &headers)
}

/// The router of `board`, with its layers.
pub fn router(board: Board, rate: RateLimit) -> Router {
    let routes = Router::new()
        .route("/", get(pages::today))
        .route("/day/{day}", get(pages::day))
        .route("/healthz", get(|| async { "ok" }))
        .route("/api/players", post(new_player))
        .route("/api/runs", post(new_run))
        .route("/api/runs/{id}", get(run_info))
        .route("/api/days/{day}", get(day_board))
        .route("/runs/{file}", get(recording))
        .route("/play", get(play_page))
        .route("/play/", get(play_page))
        .route("/play/{file}", get(play_file))
        .with_state(board)
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    let routes = if rate.behind_proxy {
        rate_limited(routes, rate, SmartIpKeyExtractor)
    } else {
        rate_limited(routes, rate, PeerIpKeyExtractor)
    };
    routes.layer(middleware::from_fn(log_request))
}

/// `routes` behind the rate limit, each client told apart by `key` (its address, or behind a
/// proxy the address the proxy forwards).
fn rate_limited<K>(routes: Router, rate: RateLimit, key: K) -> Router
where
    K: KeyExtractor + Send + Sync + 'static,
    K::Key: Send + Sync + 'static,
{
    let per_ms = (1_000 / u64::from(rate.per_second.max(1))).max(1);
    let config = GovernorConfigBuilder::default()
        .key_extractor(key)
        .per_millisecond(per_ms)
        .burst_size(rate.burst.max(1))
        .error_handler(|mut error| {
            // The library's answer (its status, `Retry-After`), its reason as a refusal's JSON.
            let plain: Response<String> = error.as_response();
            let (mut parts, reason) = plain.into_parts();
            let body = serde_json::to_string(&Refusal {
                error: reason,
                line: None,
            })
            .unwrap_or_default();
            parts.headers.insert(
                header::CONTENT_TYPE,
                header::HeaderValue::from_static("application/json"),
            );
            Response::from_parts(parts, body.into())
        })
        .finish();
    let Some(config) = config else {
        return routes;
    };
    let config = Arc::new(config);
    // The limiter keeps a bucket a client: forget the quiet ones every minute, so that many
    // clients do not grow the server.
    if let Ok(runtime) = tokio::runtime::Handle::try_current() {
        let limiter = Arc::downgrade(&config);
        runtime.spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                let Some(config) = limiter.upgrade() else {
                    return;
                };
                config.limiter().retain_recent();
            }
        });
    }
    routes.layer(GovernorLayer { config })
}

/// One log line a request: who, what, the answer and how long it took. The path only (no
/// query, no header): a token never reaches the log.
async fn log_request(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or("-".to_string(), |c| c.0.ip().to_string());
    let (method, path) = (request.method().clone(), request.uri().path().to_string());
    let response = next.run(request).await;
    log::info!(
        "{peer} {method} {path} {} {:.1} ms",
        response.status().as_u16(),
        started.elapsed().as_secs_f64() * 1e3
    );
    response
}

/// The name a `POST /api/players` body asks for, or why it is refused (422): the body of
/// the `player_json` fuzz target.
pub fn parse_new_player(body: &[u8]) -> Result<crate::names::Name, Refusal> {
    let asked: NewPlayer = serde_json::from_slice(body).map_err(|e| Refusal {
        error: format!("not a player: {e} (expected {{\"name\": \"..\"}})"),
        line: None,
    })?;
    check_name(&asked.name).map_err(|error| Refusal { error, line: None })
}

/// The request's body, read whole within the board's body timeout (the whole of it, not
/// between two of its pieces) and at most [`BODY_LIMIT`] bytes; else the refusal (408, 413).
async fn read_body(board: &Board, body: Body) -> Result<Bytes, ApiError> {
    let read = tokio::time::timeout(board.body_timeout, axum::body::to_bytes(body, BODY_LIMIT));
    match read.await {
        Ok(Ok(bytes)) => Ok(bytes),
        Ok(Err(e)) => {
            let text = format!("{e:#}");
            let source = std::error::Error::source(&e).map(|s| s.to_string());
            let long =
                text.contains("length limit") || source.is_some_and(|s| s.contains("length limit"));
            Err(match long {
                true => ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("a body has at most {BODY_LIMIT} bytes"),
                ),
                false => ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("the body did not read: {text}"),
                ),
            })
        }
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the body did not arrive within {} s",
                board.body_timeout.as_secs()
            ),
        )),
    }
}

/// `POST /api/players {"name"}` → 201 with the token, 409 for a name taken.
async fn new_player(State(board): State<Board>, body: Body) -> Result<Response, ApiError> {
    let body = read_body(&board, body).await?;
    let name = parse_new_player(&body)
        .map_err(|refusal| ApiError::refused(StatusCode::UNPROCESSABLE_ENTITY, refusal))?;
    let (Some(token), Some(id)) = (new_token(), random_bytes()) else {
        return Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "no random bytes for a token",
        ));
    };
    let id = hex(&id[..8]);
    (board.store)
        .create_player(&id, &name, &sha256_hex(token.as_bytes()), now_ms())
        .await
        .map_err(|e| match e {
            NewPlayerError::Taken => ApiError::new(
                StatusCode::CONFLICT,
                format!("the name `{}` is taken", name.shown),
            ),
            NewPlayerError::Store(e) => ApiError::store(e),
        })?;
    Ok(json(
        StatusCode::CREATED,
        &PlayerCreated {
            player: id,
            name: name.shown,
            token,
        },
    ))
}

/// The token of `Authorization: Bearer TOKEN`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// `POST /api/runs` (a recording, with a player's token) → 201 once verified, 200 for one
/// already listed.
async fn new_run(
    State(board): State<Board>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, ApiError> {
    let Some(token) = bearer(&headers) else {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "no token: send `Authorization: Bearer TOKEN` (horde submit makes one)",
        ));
    };
    let Some(player) = board
        .store
        .player_by_token(&sha256_hex(token.as_bytes()))
        .await?
    else {
        return Err(ApiError::new(StatusCode::UNAUTHORIZED, "unknown token"));
    };
    let body = read_body(&board, body).await?;
    let Ok(text) = String::from_utf8(Vec::from(body)) else {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "the recording is not UTF-8 text",
        ));
    };
    let id = run_id(&player.id, &text);
    // Verified on a task of its own: a client that goes away does not stop it halfway.
    let work = tokio::spawn(submit(board, player.id, id, text));
    work.await.unwrap_or_else(|_| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the run's verification stopped",
        ))
    })
}

/// The id of the run `text` of the player `player_id`: the SHA-256 of the player and the
/// recording's lines that say something (its `#!` header, its `#|` carried texts, its edits and
/// checksums; not its comments, blank lines or trailing spaces), so that a comment added does
/// not make one game two runs.
pub fn run_id(player_id: &str, text: &str) -> String {
    use sha2::Digest;
    let mut hash = sha2::Sha256::new();
    hash.update(player_id);
    hash.update("\n");
    for line in text.lines().map(str::trim_end) {
        let said =
            !line.trim_start().starts_with('#') || line.starts_with("#!") || line.starts_with("#|");
        if said && !line.trim().is_empty() {
            hash.update(line);
            hash.update("\n");
        }
    }
    hex(&hash.finalize()[..16])
}

/// Claims, verifies and lists run `id` of `player_id`, or finds it listed already. A request
/// that finds another verifying the same run waits for it (at most [`WAIT_FOR_OTHER`], and
/// only [`WAITERS`] at a time: past them, 503), probing the store without the recording.
async fn submit(
    board: Board,
    player_id: String,
    id: String,
    text: String,
) -> Result<Response, ApiError> {
    let Some(owner) = random_bytes().map(|b| hex(&b[..8])) else {
        return Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "no random bytes for a claim",
        ));
    };
    let deadline = Instant::now() + WAIT_FOR_OTHER;
    let mut permit = None;
    let mut claim = board
        .store
        .claim(&id, &player_id, &text, &owner, now_ms())
        .await;
    loop {
        match claim? {
            Claim::Claimed => return verify_and_list(&board, &id, &owner, text).await,
            Claim::Listed(run) => return accepted(&board, StatusCode::OK, &run).await,
            Claim::Busy | Claim::Gone if Instant::now() >= deadline => {
                return Err(ApiError::busy("the same run is being verified; ask again"));
            }
            Claim::Gone => {
                claim = board
                    .store
                    .claim(&id, &player_id, &text, &owner, now_ms())
                    .await;
            }
            Claim::Busy => {
                if permit.is_none() {
                    let waiter = board.waiters.clone().try_acquire_owned().map_err(|_| {
                        ApiError::busy("too many requests wait for runs being verified")
                    })?;
                    permit = Some(waiter);
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                claim = board
                    .store
                    .probe(&id, &owner, now_ms(), CLAIM_LEASE_MS)
                    .await;
            }
        }
    }
}

/// Verifies run `id`, claimed by `owner`, and lists it (201), or drops the claim and refuses
/// it; the claim's lease is renewed while the run waits and replays.
async fn verify_and_list(
    board: &Board,
    id: &str,
    owner: &str,
    text: String,
) -> Result<Response, ApiError> {
    let rules = Rules {
        secret: board.secret,
        today: horde_games::today_utc(),
        max_ticks: board.max_ticks,
    };
    let renewing = {
        let (store, id, owner) = (board.store.clone(), id.to_string(), owner.to_string());
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(CLAIM_LEASE_MS / 3)).await;
                if let Err(e) = store.renew(&id, &owner, now_ms()).await {
                    log::warn!("renewing the claim on run {id}: {e:#}");
                }
            }
        })
    };
    let verdict = board.verifiers.verify(text, rules).await;
    renewing.abort();
    let verified = match verdict {
        Ok(Ok(verified)) => verified,
        other => {
            board.store.unclaim(id, owner).await?;
            return Err(match other {
                Ok(Err(refusal)) => ApiError::refused(StatusCode::UNPROCESSABLE_ENTITY, refusal),
                Err(Unverified::Busy) => {
                    ApiError::busy("every verifier is busy and the queue is full")
                }
                Err(Unverified::Gone) | Ok(Ok(_)) => ApiError::busy("the server is stopping"),
            });
        }
    };
    let verdict = Verdict {
        score: verified.score,
        ticks: verified.ticks,
        outcome: verified.outcome.to_string(),
        verify_ms: verified.verify_ms,
    };
    let listed = board
        .store
        .list(id, owner, verified.day, &verdict, now_ms())
        .await?;
    match board.store.run(id).await? {
        Some(run) if listed => accepted(board, StatusCode::CREATED, &run).await,
        // Another took the claim over and listed it first: the run it already is.
        Some(run) => accepted(board, StatusCode::OK, &run).await,
        None => Err(ApiError::busy("the run's claim was taken over; ask again")),
    }
}

/// The answer for listed `run`, with its rank.
async fn accepted(
    board: &Board,
    status: StatusCode,
    run: &StoredRun,
) -> Result<Response, ApiError> {
    let (rank, best) = board.store.standing(run).await?;
    Ok(json(
        status,
        &RunAccepted {
            run: run.id.clone(),
            day: run.day,
            score: run.score,
            ticks: run.ticks,
            outcome: run.outcome.clone(),
            rank,
            best,
        },
    ))
}

/// `?limit=N`.
#[derive(Deserialize)]
pub struct Limit {
    limit: Option<u64>,
}

/// `GET /api/days/D?limit=N`.
async fn day_board(
    State(board): State<Board>,
    Path(day): Path<String>,
    Query(limit): Query<Limit>,
) -> Result<Response, ApiError> {
    let day = begun_day(&day).map_err(ApiError::not_found)?;
    let day = board_of_day(&board, day, limit.limit.unwrap_or(100)).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], day.json).into_response())
}

/// `GET /api/runs/ID`.
async fn run_info(
    State(board): State<Board>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let Some(run) = board.store.run(&id).await? else {
        return Err(ApiError::not_found(format!("no run {id}")));
    };
    Ok(json(
        StatusCode::OK,
        &RunInfo {
            run: run.id,
            player: run.player,
            day: run.day,
            score: run.score,
            ticks: run.ticks,
            outcome: run.outcome,
            submitted: rfc3339(run.submitted_ms),
            verify_ms: run.verify_ms,
        },
    ))
}

/// `GET /runs/ID.rec`: the recording as submitted.
async fn recording(
    State(board): State<Board>,
    Path(file): Path<String>,
) -> Result<Response, ApiError> {
    let Some(id) = file.strip_suffix(".rec") else {
        return Err(ApiError::not_found(format!(
            "no {file}: recordings end in .rec"
        )));
    };
    let Some(text) = board.store.recording(id).await? else {
        return Err(ApiError::not_found(format!("no run {id}")));
    };
    let kind = [
        (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    ];
    Ok((kind, text).into_response())
}

/// Milliseconds since 1970 as RFC 3339, UTC, to the second.
pub fn rfc3339(ms: u64) -> String {
    let seconds = ms / 1000;
    let (y, m, d) = horde_games::civil_from_days((seconds / 86_400) as i64);
    let s = seconds % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        s / 3600,
        s / 60 % 60,
        s % 60
    )
}
