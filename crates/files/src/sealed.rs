//! Sealed binary files (saves): a fixed header that says what the file is, which version of
//! its format, how long its payload is and its checksum, then the payload compressed.
//!
//! Layout, little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 0..8 | the format's magic, such as `HORDESAV` |
//! | 8..12 | format version (`u32`) |
//! | 12..20 | payload length before compression (`u64`) |
//! | 20..28 | stored (compressed) payload length (`u64`) |
//! | 28..32 | CRC-32 (IEEE) of bytes 0..28 and the stored payload |
//! | 32.. | the payload, as zstd frames of at most 4 MiB each (each declaring its size) |
//!
//! [`unseal`] checks, in order: the magic (else "not a … file"), the version (another one is
//! refused naming it), the length (a short file is "truncated", a longer one has "bytes after
//! the end"), the checksum (else "damaged"), and the payload's size against a cap before and
//! while it is decompressed. Every refusal is a [`FileError::Damaged`] naming the file, never a
//! panic; the payload's own decoding is the format's business.

use crate::error::FileError;
use crate::zstd_frames;
use rayon::prelude::*;
use std::io::Read;
use std::path::Path;

/// Bytes before the payload.
pub const HEADER_LEN: usize = 32;

/// What a sealed format is: its magic, its current version, a name for messages and the cap on
/// its decompressed payload.
#[derive(Clone, Copy, Debug)]
pub struct SealedFormat {
    /// The first eight bytes of every file of the format.
    pub magic: [u8; 8],
    /// The version this build writes and reads.
    pub version: u32,
    /// The oldest version this build still reads (a caller migrates what it reads of an
    /// older version than [`SealedFormat::version`]); equal to it when only that one is read.
    pub oldest: u32,
    /// What the files are called in messages, such as `Horde save`.
    pub name: &'static str,
    /// The largest payload accepted, in bytes, once decompressed.
    pub payload_cap: u64,
    /// zstd level for [`seal`].
    pub level: i32,
}

/// Bytes of payload per zstd frame: frames are compressed, and decompressed, in parallel.
const FRAME: usize = 4 << 20;

/// The most a payload may expand over its compressed size: more than any zstd frame can
/// (about 32 768 : 1), so a header claiming more is damaged without anything being allocated.
const MAX_RATIO: u64 = 1 << 16;

/// Seals the payload made of `parts` (one after another) in `format`: header, checksum, the
/// payload compressed as zstd frames of at most 4 MiB each, compressed in parallel.
pub fn seal(format: &SealedFormat, parts: &[&[u8]]) -> std::io::Result<Vec<u8>> {
    let pieces: Vec<&[u8]> = parts.iter().flat_map(|part| part.chunks(FRAME)).collect();
    let frames = pieces
        .par_iter()
        .map(|piece| zstd_frames::compress(piece, format.level))
        .collect::<std::io::Result<Vec<_>>>()?;
    let payload_len: usize = parts.iter().map(|part| part.len()).sum();
    let stored_len: usize = frames.iter().map(Vec::len).sum();
    let mut out = Vec::with_capacity(HEADER_LEN + stored_len);
    out.extend_from_slice(&format.magic);
    out.extend_from_slice(&format.version.to_le_bytes());
    out.extend_from_slice(&(payload_len as u64).to_le_bytes());
    out.extend_from_slice(&(stored_len as u64).to_le_bytes());
    let mut crc = crc32fast::Hasher::new();
    crc.update(&out);
    for frame in &frames {
        crc.update(frame);
    }
    out.extend_from_slice(&crc.finalize().to_le_bytes());
    for frame in &frames {
        out.extend_from_slice(frame);
    }
    Ok(out)
}

/// A sealed file opened: the version it was written in and its decompressed payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsealed {
    /// Its format version, within the format's [`SealedFormat::oldest`] and
    /// [`SealedFormat::version`].
    pub version: u32,
    /// The payload, decompressed.
    pub payload: Vec<u8>,
}

/// What a sealed file's header says, once its magic and version are known to be right.
struct Header {
    /// The format version it was written in.
    version: u32,
    /// Payload bytes once decompressed.
    payload_len: u64,
    /// Stored (compressed) bytes after the header.
    stored_len: u64,
    /// The checksum of the header's first 28 bytes and the stored bytes.
    crc: u32,
}

/// Reads the header at the start of `bytes`: refuses an empty file, one that does not begin
/// with the format's magic, one shorter than a header, and another version.
fn header(format: &SealedFormat, bytes: &[u8], path: &Path) -> Result<Header, FileError> {
    let name = format.name;
    let damaged = |problem: String| damaged(path, problem);
    if bytes.is_empty() {
        return Err(damaged(format!("empty file, not a {name}")));
    }
    let magic_len = bytes.len().min(format.magic.len());
    if bytes[..magic_len] != format.magic[..magic_len] {
        return Err(damaged(format!(
            "not a {name} (it does not begin with `{}`)",
            String::from_utf8_lossy(&format.magic)
        )));
    }
    if bytes.len() < HEADER_LEN {
        return Err(damaged(format!(
            "truncated: {} bytes, shorter than a {name}'s {HEADER_LEN}-byte header",
            bytes.len()
        )));
    }
    let word =
        |at: usize| u32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    let long = |at: usize| u64::from(word(at)) | u64::from(word(at + 4)) << 32;
    let version = word(8);
    if !(format.oldest..=format.version).contains(&version) {
        return Err(FileError::Version {
            path: path.to_path_buf(),
            name,
            found: version,
            supported: format.version,
        });
    }
    Ok(Header {
        version,
        payload_len: long(12),
        stored_len: long(20),
        crc: word(28),
    })
}

/// A [`FileError::Damaged`] of `path`.
fn damaged(path: &Path, problem: String) -> FileError {
    FileError::Damaged {
        path: path.to_path_buf(),
        problem,
    }
}

/// Reads and opens the sealed file at `path`: its header first, so that a file that is not of
/// `format` (an endless device included) is refused after 32 bytes, then as many bytes as the
/// header says — refused when that is more than `cap` — and one more, to tell a longer file.
/// Returns its version and decompressed payload.
pub fn read_sealed(format: &SealedFormat, path: &Path, cap: u64) -> Result<Unsealed, FileError> {
    let io = |error| FileError::io(path, error);
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(HEADER_LEN);
    (&mut file)
        .take(HEADER_LEN as u64)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let stored = header(format, &bytes, path)?.stored_len;
    if stored > cap {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            cap,
        });
    }
    file.take(stored.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    unseal(format, &bytes, path)
}

/// Opens a sealed file's `bytes` (read from `path`, which errors name): checks header, length
/// and checksum, and returns its version and decompressed payload.
pub fn unseal(format: &SealedFormat, bytes: &[u8], path: &Path) -> Result<Unsealed, FileError> {
    let name = format.name;
    let damaged = |problem: String| damaged(path, problem);
    let Header {
        version,
        payload_len,
        stored_len,
        crc: expected_crc,
    } = header(format, bytes, path)?;
    let present = (bytes.len() - HEADER_LEN) as u64;
    if present < stored_len {
        return Err(damaged(format!(
            "truncated: {} bytes of {} (the header promises {stored_len} after itself)",
            bytes.len(),
            (HEADER_LEN as u64).saturating_add(stored_len)
        )));
    }
    if present > stored_len {
        return Err(damaged(format!(
            "{} bytes after the end of the {name}",
            present - stored_len
        )));
    }
    let stored = &bytes[HEADER_LEN..];
    let mut crc = crc32fast::Hasher::new();
    crc.update(&bytes[..28]);
    crc.update(stored);
    if crc.finalize() != expected_crc {
        return Err(damaged(
            "damaged: its checksum does not match its contents".to_string(),
        ));
    }
    if payload_len > format.payload_cap {
        return Err(damaged(format!(
            "its contents would take {payload_len} bytes, more than the {} a {name} may hold",
            format.payload_cap
        )));
    }
    if payload_len > stored_len.saturating_mul(MAX_RATIO) {
        return Err(damaged(format!(
            "damaged: {stored_len} bytes cannot hold {payload_len} bytes of contents"
        )));
    }
    let frames = split_frames(stored).map_err(damaged)?;
    let sizes: Option<u64> = frames
        .iter()
        .try_fold(0u64, |sum, (_, size)| sum.checked_add(*size));
    if sizes != Some(payload_len) {
        return Err(damaged(format!(
            "damaged: its frames do not add up to the {payload_len} bytes the header says"
        )));
    }
    let mut payload = vec![0u8; payload_len as usize];
    let mut slices = Vec::with_capacity(frames.len());
    let mut rest = payload.as_mut_slice();
    for (frame, size) in &frames {
        let (slice, after) = std::mem::take(&mut rest).split_at_mut(*size as usize);
        slices.push((*frame, slice));
        rest = after;
    }
    slices.into_par_iter().try_for_each(|(frame, slice)| {
        match zstd_frames::decompress_into(frame, slice) {
            Ok(written) if written == slice.len() => Ok(()),
            Ok(written) => Err(damaged(format!(
                "damaged: a frame decompresses to {written} bytes, not {}",
                slice.len()
            ))),
            Err(e) => Err(damaged(format!(
                "damaged: cannot decompress its contents: {e}"
            ))),
        }
    })?;
    Ok(Unsealed { version, payload })
}

/// The zstd frames of `stored`, each with its decompressed size (which every frame [`seal`]
/// writes declares).
fn split_frames(mut stored: &[u8]) -> Result<Vec<(&[u8], u64)>, String> {
    let mut frames = Vec::new();
    while !stored.is_empty() {
        let (len, size) =
            zstd_frames::frame_len_and_size(stored).map_err(|e| format!("damaged: {e}"))?;
        let (frame, rest) = stored.split_at(len);
        let Some(size) = size else {
            return Err("damaged: a frame does not say its size".to_string());
        };
        frames.push((frame, size));
        stored = rest;
    }
    Ok(frames)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FORMAT: SealedFormat = SealedFormat {
        magic: *b"TESTFILE",
        version: 3,
        oldest: 2,
        name: "test file",
        payload_cap: 1 << 20,
        level: 1,
    };

    fn open(bytes: &[u8]) -> Result<Vec<u8>, String> {
        unseal(&FORMAT, bytes, "t.bin".as_ref())
            .map(|u| u.payload)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_sealed_payload_opens_as_it_was() {
        let payload: Vec<u8> = (0..10_000u32)
            .flat_map(|i| (i % 251).to_le_bytes())
            .collect();
        let sealed = seal(&FORMAT, &[&payload[..1000], &payload[1000..]]).unwrap();
        assert!(sealed.len() < payload.len() / 4, "{}", sealed.len());
        assert_eq!(open(&sealed).unwrap(), payload);
        assert_eq!(
            open(&seal(&FORMAT, &[]).unwrap()).unwrap(),
            Vec::<u8>::new()
        );
    }

    #[test]
    fn every_damage_is_named() {
        let sealed = seal(&FORMAT, &[b"hello, hello, hello"]).unwrap();
        assert_eq!(open(&[]).unwrap_err(), "t.bin: empty file, not a test file");
        assert!(open(b"(lives: 3)").unwrap_err().contains("not a test file"));
        assert!(
            open(&sealed[..5])
                .unwrap_err()
                .contains("truncated: 5 bytes")
        );
        assert!(
            open(&sealed[..sealed.len() - 1])
                .unwrap_err()
                .contains("truncated")
        );
        let mut longer = sealed.clone();
        longer.push(0);
        assert!(open(&longer).unwrap_err().contains("1 bytes after the end"));
        for bit in [0, 7, 13] {
            let mut flipped = sealed.clone();
            flipped[HEADER_LEN + 1 + bit / 8] ^= 1 << (bit % 8);
            assert!(
                open(&flipped).unwrap_err().contains("checksum"),
                "bit {bit}"
            );
        }
        let mut newer = sealed.clone();
        newer[8] = 4;
        assert_eq!(
            open(&newer).unwrap_err(),
            "t.bin: a test file of format version 4, from a newer Horde; this one reads version 3"
        );
        // The oldest version read opens, saying which it is; one older is refused.
        let mut older = sealed.clone();
        older[8] = 2;
        let crc = |bytes: &[u8]| {
            let mut h = crc32fast::Hasher::new();
            h.update(&bytes[..28]);
            h.update(&bytes[HEADER_LEN..]);
            h.finalize().to_le_bytes()
        };
        let sum = crc(&older);
        older[28..32].copy_from_slice(&sum);
        let opened = unseal(&FORMAT, &older, "t.bin".as_ref()).unwrap();
        assert_eq!((opened.version, &opened.payload[..5]), (2, &b"hello"[..]));
        older[8] = 1;
        assert_eq!(
            open(&older).unwrap_err(),
            "t.bin: a test file of format version 1, from an older Horde; this one reads version 3"
        );
    }

    #[test]
    fn a_payload_above_the_cap_is_refused_before_it_is_decompressed() {
        let big = vec![0u8; (FORMAT.payload_cap + 1) as usize];
        let sealed = seal(&FORMAT, &[&big]).unwrap();
        assert!(open(&sealed).unwrap_err().contains("more than the 1048576"));
    }
}
