//! The files a user hands Horde, read and written one way for every format.
//!
//! Priorities: a user's file never crashes us and never costs unbounded memory; every error
//! names the file and, where the text is at fault, the line and column of the offending value;
//! nothing a user saved is ever half written.
//!
//! Every room is private; the names below are the crate's whole face, one path each.
//!
//! The rooms:
//! - `read.rs`: reading with a size cap ([`TEXT_CAP`] for text formats), UTF-8 checked.
//! - `ron_file.rs`: the loader of every RON format: a capped read and two readings by RON's
//!   parser, every rule checked inside deserialisation.
//! - `rules.rs`: the pieces a format's rules are made of ([`checked`], [`list`],
//!   [`unique_name`]); `rule_macro.rs`: the [`rule!`] macro, one field and one condition.
//! - `pass.rs`: what one parse knows besides the value being read (the whole file, for rules
//!   between values; the names given so far).
//! - `write.rs`: the one way every file is written: atomically (a temporary file renamed over
//!   the target, through symbolic links), devices and FIFOs in place, `-` to standard output.
//! - `append.rs`: files that grow (recordings): written whole once as above, then appended to
//!   and cut back, never rewritten.
//! - `sealed.rs`: binary files (saves) with a magic, a version, a checksum and a compressed
//!   payload, every kind of damage refused by name; `zstd_frames.rs`: its zstd frames, found
//!   and sized by one reader on every platform, compressed by the zstd library natively and by
//!   the pure-Rust `ruzstd` on `wasm32` (either reads what the other wrote).
//! - `position.rs`: byte offsets to 1-based lines and columns.
//! - `sides.rs`: the one grammar of sizes as text ([`parse_sides`]: `WxH`, `XxYxZ`).
//! - `error.rs`: [`FileError`], the one error of all of them.
//!
//! ```
//! use horde_files::parse_ron;
//!
//! horde_files::rule!(length: f32, "length", "be positive", |v| *v > 0.0);
//!
//! #[derive(serde::Deserialize)]
//! struct Track {
//!     pieces: Vec<Piece>,
//! }
//!
//! #[derive(serde::Deserialize)]
//! struct Piece {
//!     #[serde(deserialize_with = "length")]
//!     length: f32,
//! }
//!
//! let text = "(\n    pieces: [\n        (length: 2.0),\n        (length: -1.0),\n    ],\n)";
//! let error = parse_ron::<Track>(text, "track.ron".as_ref()).err().map(|e| e.to_string());
//! assert_eq!(error.as_deref(), Some("track.ron:4:18: `length` must be positive, found -1.0"));
//! ```

mod append;
mod error;
mod pass;
mod position;
mod read;
mod ron_file;
mod rule_macro;
mod rules;
mod sealed;
mod sides;
mod write;
mod zstd_frames;

/// serde, for the [`rule!`] macro's expansion.
#[doc(hidden)]
pub use serde as __serde;

pub use append::AppendFile;
pub use error::FileError;
pub use pass::{place, placed, whole};
pub use position::line_column;
pub use read::{TEXT_CAP, read_bytes, read_text};
pub use ron_file::{load_ron, parse_ron, parse_ron_then};
pub use rules::{checked, list, must, non_negative, positive, unique_name, with_whole};
pub use sealed::{SealedFormat, Unsealed, read_sealed, seal, unseal};
pub use sides::parse_sides;
pub use write::{OutputFile, is_stdout, write_file, write_private_file};
