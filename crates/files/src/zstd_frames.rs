//! The zstd frames of a sealed payload, read and written the same way on every platform: where
//! a frame ends and the size it declares (read from its header and block headers, RFC 8878,
//! by this module alone), and the compression itself — the zstd library natively, and on
//! `wasm32` (where a C library does not build) the pure-Rust `ruzstd`, whose frames are given
//! the size they hold in their header as the native ones declare it. Either side reads what
//! the other wrote.

/// The first four bytes of every zstd frame.
const MAGIC: [u8; 4] = [0x28, 0xB5, 0x2F, 0xFD];

/// The bytes of a block's header.
const BLOCK_HEADER: usize = 3;

/// Where a frame's header says its parts are.
struct FrameHeader {
    /// Its length, magic included.
    len: usize,
    /// The size of its content, where it says.
    content_size: Option<u64>,
    /// Whether a 4-byte checksum follows the last block.
    checksum: bool,
}

/// Reads the header of the frame `stored` starts with.
fn frame_header(stored: &[u8]) -> Result<FrameHeader, String> {
    let not_zstd = || "its contents are not zstd frames".to_string();
    if stored.get(..4) != Some(&MAGIC[..]) {
        return Err(not_zstd());
    }
    let descriptor = *stored.get(4).ok_or_else(not_zstd)?;
    let single_segment = descriptor & 0x20 != 0;
    let window = usize::from(!single_segment);
    let dictionary = [0, 1, 2, 4][usize::from(descriptor & 3)];
    let size_bytes = match descriptor >> 6 {
        0 => usize::from(single_segment),
        1 => 2,
        2 => 4,
        _ => 8,
    };
    let at = 5 + window + dictionary;
    let len = at + size_bytes;
    let field = stored.get(at..len).ok_or_else(not_zstd)?;
    let mut value = [0u8; 8];
    value[..size_bytes].copy_from_slice(field);
    let value = u64::from_le_bytes(value);
    let content_size = match size_bytes {
        0 => None,
        2 => Some(value + 256),
        _ => Some(value),
    };
    Ok(FrameHeader {
        len,
        content_size,
        checksum: descriptor & 4 != 0,
    })
}

/// The length of the frame `stored` starts with, and the size of its content where its header
/// says; an error where it is not a whole zstd frame.
pub(crate) fn frame_len_and_size(stored: &[u8]) -> Result<(usize, Option<u64>), String> {
    let header = frame_header(stored)?;
    let cut = || "a zstd frame is cut short".to_string();
    let mut at = header.len;
    loop {
        let bytes = stored.get(at..at + BLOCK_HEADER).ok_or_else(cut)?;
        let word = u32::from(bytes[0]) | u32::from(bytes[1]) << 8 | u32::from(bytes[2]) << 16;
        let (last, kind, size) = (word & 1 != 0, (word >> 1) & 3, (word >> 3) as usize);
        let stored_size = match kind {
            0 | 2 => size,
            1 => 1,
            _ => return Err("a zstd block of the reserved type".to_string()),
        };
        at += BLOCK_HEADER + stored_size;
        if at > stored.len() {
            return Err(cut());
        }
        if last {
            break;
        }
    }
    if header.checksum {
        at += 4;
        if at > stored.len() {
            return Err(cut());
        }
    }
    Ok((at, header.content_size))
}

/// Compresses `piece` as one zstd frame declaring its size, at `level` (natively).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn compress(piece: &[u8], level: i32) -> std::io::Result<Vec<u8>> {
    zstd::bulk::compress(piece, level)
}

/// Compresses `piece` as one zstd frame declaring its size (`ruzstd`'s fastest level, the
/// native level 1's match; `level` is the native library's).
#[cfg(target_arch = "wasm32")]
pub(crate) fn compress(piece: &[u8], _level: i32) -> std::io::Result<Vec<u8>> {
    pure::compress(piece)
}

/// Decompresses the frame `frame` into `out`: the bytes written.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn decompress_into(frame: &[u8], out: &mut [u8]) -> Result<usize, String> {
    zstd::bulk::decompress_to_buffer(frame, out).map_err(|e| e.to_string())
}

/// Decompresses the frame `frame` into `out`: the bytes written.
#[cfg(target_arch = "wasm32")]
pub(crate) fn decompress_into(frame: &[u8], out: &mut [u8]) -> Result<usize, String> {
    pure::decompress_into(frame, out)
}

/// The pure-Rust codec (`ruzstd`): the one on `wasm32`, and tested natively against the zstd
/// library both ways.
#[cfg(any(target_arch = "wasm32", test))]
mod pure {
    use crate::zstd_frames::{MAGIC, frame_header};

    /// `piece` compressed by `ruzstd`, its header rewritten to declare the content's size.
    pub(crate) fn compress(piece: &[u8]) -> std::io::Result<Vec<u8>> {
        use ruzstd::encoding::{CompressionLevel, compress_to_vec};
        let frame = compress_to_vec(piece, CompressionLevel::Fastest);
        declare_size(&frame, piece.len() as u64).map_err(std::io::Error::other)
    }

    /// `frame` with an 8-byte content size in its header (`ruzstd` writes none).
    pub(crate) fn declare_size(frame: &[u8], size: u64) -> Result<Vec<u8>, String> {
        let header = frame_header(frame)?;
        if header.content_size.is_some() {
            return Ok(frame.to_vec());
        }
        let descriptor = frame[4];
        let mut out = Vec::with_capacity(frame.len() + 8);
        out.extend_from_slice(&MAGIC);
        out.push(descriptor | 0xC0);
        out.extend_from_slice(&frame[5..header.len]);
        out.extend_from_slice(&size.to_le_bytes());
        out.extend_from_slice(&frame[header.len..]);
        Ok(out)
    }

    /// Decompresses `frame` into `out` with `ruzstd`: the bytes written.
    pub(crate) fn decompress_into(frame: &[u8], out: &mut [u8]) -> Result<usize, String> {
        let mut decoder = ruzstd::decoding::FrameDecoder::new();
        decoder.decode_all(frame, out).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload() -> Vec<u8> {
        (0..300_000u32)
            .flat_map(|i| ((i / 7) % 251).to_le_bytes())
            .collect()
    }

    #[test]
    fn the_pure_codec_reads_what_the_library_wrote() {
        let data = payload();
        let frame = compress(&data, 3).unwrap();
        assert_eq!(
            frame_len_and_size(&frame).unwrap(),
            (frame.len(), Some(data.len() as u64))
        );
        let mut out = vec![0; data.len()];
        assert_eq!(pure::decompress_into(&frame, &mut out).unwrap(), data.len());
        assert_eq!(out, data);
    }

    #[test]
    fn the_library_reads_what_the_pure_codec_wrote() {
        let data = payload();
        let frame = pure::compress(&data).unwrap();
        assert!(frame.len() < data.len() / 4, "{}", frame.len());
        assert_eq!(
            frame_len_and_size(&frame).unwrap(),
            (frame.len(), Some(data.len() as u64))
        );
        let mut out = vec![0; data.len()];
        assert_eq!(decompress_into(&frame, &mut out).unwrap(), data.len());
        assert_eq!(out, data);
        // Empty and tiny pieces too.
        for data in [&[][..], &[7u8][..], b"abcabcabc"] {
            let frame = pure::compress(data).unwrap();
            let mut out = vec![0; data.len()];
            assert_eq!(decompress_into(&frame, &mut out).unwrap(), data.len());
            assert_eq!(out, data);
        }
    }

    #[test]
    fn frames_cut_short_or_foreign_are_errors() {
        let frame = compress(&payload(), 1).unwrap();
        for cut in [0, 3, 5, 9, frame.len() / 2, frame.len() - 1] {
            assert!(frame_len_and_size(&frame[..cut]).is_err(), "{cut}");
        }
        assert!(frame_len_and_size(b"not zstd at all").is_err());
        let mut two = frame.clone();
        two.extend_from_slice(&frame);
        assert_eq!(frame_len_and_size(&two).unwrap().0, frame.len());
    }
}
