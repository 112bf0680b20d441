//! Players' tokens: 32 random bytes from the operating system, base64url without padding,
//! shown once; the server keeps only their SHA-256.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand::TryRngCore;
use sha2::{Digest, Sha256};

/// A new token, or `None` where the operating system gives no random bytes.
pub fn new_token() -> Option<String> {
    random_bytes().map(|bytes| URL_SAFE_NO_PAD.encode(bytes))
}

/// 32 random bytes from the operating system.
pub fn random_bytes() -> Option<[u8; 32]> {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.try_fill_bytes(&mut bytes).ok()?;
    Some(bytes)
}

/// The SHA-256 of `text`, in lower-case hex: what is stored of a token.
pub fn sha256_hex(text: &[u8]) -> String {
    hex(&Sha256::digest(text))
}

/// `bytes` in lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of lower-case or upper-case `hex`, or `None` for anything else.
pub fn from_hex<const N: usize>(hex: &str) -> Option<[u8; N]> {
    let mut bytes = [0u8; N];
    if hex.len() != 2 * N {
        return None;
    }
    for (i, byte) in bytes.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn tokens_are_43_url_safe_characters_and_differ() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 43);
        assert!(
            a.bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
        );
        assert_ne!(a, b);
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
