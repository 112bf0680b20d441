//! Co-op: two or more defenders on one board, in deterministic lockstep over QUIC. Horde's
//! game is exact on every machine, so peers that apply the same edits at the same ticks play
//! the same game: only the edits travel, relayed by the host, which stamps each with the tick
//! it applies at (its own tick plus a delay) and sends every tick's list to everyone. A joiner
//! (or a peer reconnecting: the same thing) gets a save of the host's tick and the lists after
//! it; every [`CHECK_EVERY`] ticks each peer's checksum goes to the host, and a difference
//! stops the game on every side with the save of that tick written.
//!
//! No GPU crate: the window and `horde sim` drive a session through [`Game`].
//!
//! The rooms:
//! - `code.rs`: the host's self-signed certificate, the join code (`ADDR#FINGERPRINT`) and the
//!   QUIC configurations (a joiner trusts exactly the certificate its code names).
//! - `game.rs`: what a session needs of a game ([`Game`]), one tick played, the checksums and
//!   copies kept for a desync report, and the headless game ([`SimGame`]).
//! - `host.rs`: the host's session: stamping, lists, pace, waiting, dropping, welcomes,
//!   checksum comparison.
//! - `net.rs`: the network threads: the host's endpoint and connections, a joiner's
//!   connection, frames in and out, a flood's budget.
//! - `relay.rs`: a bad network on loopback (a UDP relay that loses, delays and reorders
//!   datagrams), for tests and measurements.
//! - `peer.rs`: a joiner's session: the game from the save, ticks stepped with their lists,
//!   edits, reports, the end.
//! - `wire.rs`: the messages (serde + postcard, versioned) and their frames.
#![deny(missing_docs)]

mod code;
mod game;
mod host;
mod net;
mod peer;
pub mod relay;
mod wire;

use std::time::Duration;

pub use code::{JoinCode, SERVER_NAME, pinned_client_config};
pub use game::{CHECK_EVERY, Checks, Game, SimGame, is_check_tick, play_tick};
pub use host::{Advance, DesyncError, Host, HostSettings};
pub use peer::{Peer, PeerAdvance};
pub use wire::{
    Hello, HelloReply, MAX_NAME_CHARS, PROTOCOL_VERSION, PlayerState, Stamped, ToHost, ToPeer,
    Welcome, WireEdit, check_name, decode, frame,
};

/// Ticks between an edit and the tick it applies at, unless `--delay-ticks` says otherwise.
pub const DEFAULT_DELAY_TICKS: u64 = 6;

/// A peer heard from by nobody for this long is dropped, and the game goes on.
pub const SILENT_DROP: Duration = Duration::from_secs(10);

/// The HUD names whom the game waits for once it has waited this long.
pub const WAIT_NAMED_AFTER: Duration = Duration::from_millis(500);

/// A peer reports where it stands every this many ticks (and on every checked tick).
pub const REPORT_EVERY: u64 = 3;

/// The host sends its lists every this many ticks (sooner when an edit is among them).
pub const LIST_EVERY: u64 = 3;

/// The most edits one player may have applied at one tick; more are dropped.
pub const MAX_EDITS_PER_TICK: usize = 4;
