//! The challenge board: a server that replays every challenge run before it lists it, its
//! store, its pages, and the client the game submits with (the manual's chapter on the board
//! is the contract: endpoints, JSON, status codes, promises). No GPU crate: the server verifies runs with
//! `horde-games`' replay on a pool of threads.
//!
//! The rooms:
//! - `api.rs`: every JSON body of the board, one type each, shared by server and client.
//! - `names.rs`: players' names and their rule; `tokens.rs`: tokens and their SHA-256.
//! - `days.rs`: the days' seeds, derived from the server's secret.
//! - `store.rs`: the store over SQLite or Postgres (sqlx, one schema, migrations at start),
//!   runs claimed before they are verified and listed after.
//! - `verify.rs`: a run verified — exactly a day's challenge, replayed, over at the defeat;
//!   `verifiers.rs`: the pool of verifier threads behind a bounded queue.
//! - `server.rs`: the router, its handlers and layers (body limit, timeouts, rate limit, a log
//!   line a request); `board.rs`: what the handlers share, and what a day is to them;
//!   `answers.rs`: the shapes of the answers; `pages.rs`: the HTML pages; `serve.rs`: the
//!   accept loop and a server on its own runtime; `play.rs`: `/play`, the web build served
//!   (`horde serve --web DIR`).
//! - `client.rs`: the client (`horde submit`, `horde board`, `--challenge online`).
#![deny(missing_docs)]

mod answers;
mod api;
mod board;
mod client;
mod days;
mod names;
mod pages;
mod play;
mod serve;
mod server;
mod store;
mod tokens;
mod verifiers;
mod verify;

pub use api::{
    DayBoard, NewPlayer, PlayerCreated, Refusal, RunAccepted, RunInfo, ScoreCount, TopRun,
};
pub use board::{Board, LIMIT_MAX};
pub use client::{Client, ClientError};
pub use days::{day_of_seed, seed_of};
pub use names::{NAME_MAX, Name, check_name};
pub use play::{WEB_FILES, WebBuild};
pub use serve::{Running, ServeOptions, open_board, serve};
pub use server::{BODY_LIMIT, RateLimit, Timeouts, parse_new_player, router};
pub use store::{Claim, Store, StoredRun, Verdict};
pub use tokens::sha256_hex;
pub use verify::{Rules, Verified, verify};
