//! Co-op: two or more defenders on one board, in deterministic lockstep over QUIC. Horde's
//! game is exact on every machine, so peers that apply the same edits at the same ticks play
//! the same game: only the edits travel, relayed by the host, which stamps each with the tick
//! it applies at (its own tick plus a delay) and sends every tick's list to everyone. A joiner
//! (or a peer reconnecting: the same thing) gets a save of the host's tick and the lists after
//! it; every [`CHECK_EVERY`] ticks each peer's checksum goes to the host, and a difference
//! stops the game on every side with the save of that tick written. The host's undo (a seek
//! back and an edit there) is a welcome to everyone again: the game from a save of that tick.
//! A welcome also says who placed the standing towers, so a joiner tints them too.
//!
//! No GPU crate: the window and `horde sim` drive a session through [`Game`].
//!
//! The rooms:
//! - `bucket.rs`: the budget of messages one connection may send (a token bucket).
//! - `code.rs`: the host's self-signed certificate, the join code (`ADDR#FINGERPRINT`) and the
//!   QUIC configurations (a joiner trusts exactly the certificate its code names).
//! - `desync.rs`: the checksums and copies of the game each side keeps for a desync report,
//!   the saves it writes, the error every side stops with.
//! - `game.rs`: what a session needs of a game ([`Game`]), one tick played, and the headless
//!   game ([`SimGame`]).
//! - `host/`: the host's session: stamping, lists, pace, waiting, dropping, welcomes,
//!   checksum comparison.
//! - `net.rs`: the network threads: the host's endpoint and connections, a joiner's
//!   connection, frames in and out (each connection's queue bounded: a side that stops
//!   reading is dropped).
//! - `peer.rs`: a joiner's session: the game from the save, ticks stepped with their lists,
//!   edits, reports, the end.
//! - `relay.rs`: a bad network on loopback (a UDP relay that loses, delays and reorders
//!   datagrams), for tests and measurements.
//! - `rules.rs`: the session's numbers: the delay, the silence that drops a peer, the wait
//!   the HUD names, how often lists and reports go, the edits a tick, the pace's catch-up.
//! - `script.rs`: a scripted player ([`PlayerScript`]): edits made at their ticks, in a window
//!   and headless alike.
//! - `wire.rs`: the messages (serde + postcard, versioned) and their frames.
#![deny(missing_docs)]

mod bucket;
mod code;
mod desync;
mod game;
mod host;
mod net;
mod peer;
pub mod relay;
mod rules;
mod script;
mod wire;

pub use code::{JoinCode, SERVER_NAME, pinned_client_config};
pub use desync::{Checks, DesyncError};
pub use game::{CHECK_EVERY, Game, SimGame, is_check_tick, play_tick};
pub use host::{Advance, Host, HostSettings};
pub use peer::{Peer, PeerAdvance};
pub use rules::{
    DEFAULT_DELAY_TICKS, LIST_EVERY, MAX_EDITS_PER_TICK, REPORT_EVERY, SILENT_DROP,
    WAIT_NAMED_AFTER,
};
pub use script::PlayerScript;
pub use wire::{
    Hello, HelloReply, MAX_NAME_CHARS, PROTOCOL_VERSION, Placer, PlayerState, Stamped, ToHost,
    ToPeer, Welcome, WireEdit, check_name, decode, frame,
};
