//! Running the board: the store opened (migrations, the secret, stale claims dropped), the
//! verifiers started, and the listener's accept loop — each connection served by hyper with a
//! 10 s limit on its request's header, the peer's address handed to the rate limit.

use crate::board::{Board, CLAIM_LEASE_MS, now_ms};
use crate::play::WebBuild;
use crate::server::{RateLimit, Timeouts, router};
use crate::store::{Store, redacted};
use crate::tokens::random_bytes;
use crate::verifiers::Verifiers;
use anyhow::{Context, Result};
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tower::ServiceExt;

/// How a board server runs (`horde serve`'s flags).
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// Where it listens (`127.0.0.1:7878`; port 0 picks one).
    pub addr: SocketAddr,
    /// The database: a SQLite file or a `postgres://` URL.
    pub db: String,
    /// Verifier threads.
    pub verifiers: usize,
    /// Runs that may wait for a verifier.
    pub queue: usize,
    /// The most ticks a run's replay may run.
    pub max_ticks: u64,
    /// The rate limit by address.
    pub rate: RateLimit,
    /// How long a client may take to send its request's header and body.
    pub timeouts: Timeouts,
    /// The web build to serve at `/play` (`--web DIR`), if any.
    pub web: Option<std::path::PathBuf>,
}

/// Opens the store and starts the verifiers of `options`: the board, ready to serve.
pub async fn open_board(options: &ServeOptions) -> Result<Board> {
    let store = Store::open(&options.db).await?;
    let fresh = random_bytes().context("no random bytes for the server's secret")?;
    let secret = store.secret(fresh).await?;
    // Claims of a server that died mid-verification: their runs never got a 201.
    let dropped = store
        .drop_stale_claims(now_ms().saturating_sub(CLAIM_LEASE_MS))
        .await?;
    if dropped > 0 {
        log::warn!("dropped {dropped} claims a stopped server left unverified");
    }
    let web = match &options.web {
        Some(dir) => Some(Arc::new(WebBuild::load(dir).map_err(anyhow::Error::msg)?)),
        None => None,
    };
    let verifiers = Verifiers::start(options.verifiers, options.queue)
        .context("starting the verifier threads")?;
    Ok(Board {
        store,
        verifiers,
        secret,
        max_ticks: options.max_ticks,
        days: Default::default(),
        waiters: Arc::new(tokio::sync::Semaphore::new(crate::server::WAITERS)),
        body_timeout: options.timeouts.body,
        web,
    })
}

/// Serves `board` on `listener` until the process stops.
pub async fn serve(
    listener: TcpListener,
    board: Board,
    rate: RateLimit,
    timeouts: Timeouts,
) -> Result<()> {
    let app = router(board, rate);
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of descriptors, say: wait a moment rather than spin.
                log::warn!("accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let app = app.clone();
        tokio::spawn(async move {
            let service = hyper::service::service_fn(move |mut request| {
                request.extensions_mut().insert(ConnectInfo(peer));
                app.clone().oneshot(request)
            });
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(timeouts.header);
            if let Err(e) = http.serve_connection(TokioIo::new(stream), service).await {
                log::debug!("{peer}: {e}");
            }
        });
    }
}

/// A board server running on a runtime of its own (tests, and `horde serve`'s thread).
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Running {
    /// Starts a server as `options` say and returns once it listens.
    pub fn start(options: &ServeOptions) -> Result<Running> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .thread_name("board")
            .build()
            .context("starting the server's runtime")?;
        let (listener, board) = runtime.block_on(async {
            let listener = TcpListener::bind(options.addr)
                .await
                .with_context(|| format!("listening on {}", options.addr))?;
            let board = open_board(options).await?;
            anyhow::Ok((listener, board))
        })?;
        let addr = listener.local_addr()?;
        log::info!("board on http://{addr}, database {}", redacted(&options.db));
        let (rate, timeouts) = (options.rate, options.timeouts);
        runtime.spawn(async move {
            if let Err(e) = serve(listener, board, rate, timeouts).await {
                log::error!("{e:#}");
            }
        });
        Ok(Running {
            addr,
            runtime: Some(runtime),
        })
    }

    /// The server's base URL, `http://ADDR`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Serves until the process is stopped.
    pub fn wait(mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.block_on(std::future::pending::<()>());
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(Duration::from_secs(1));
        }
    }
}
