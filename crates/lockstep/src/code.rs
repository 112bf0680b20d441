//! Who the host is: its self-signed certificate (made at start with rcgen, never written
//! anywhere), the join code that names it (`ADDR#FINGERPRINT`, the certificate's SHA-256 in
//! base64url), and the QUIC configurations — the host's with that certificate, a joiner's that
//! accepts the one certificate whose fingerprint the code gives and no other.

use anyhow::{Context, Result};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{CryptoProvider, WebPkiSupportedAlgorithms};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer, ServerName, UnixTime};
use rustls::{DigitallySignedStruct, SignatureScheme};
use sha2::{Digest, Sha256};
use std::fmt;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The server name both sides use in the handshake (the fingerprint, not the name, is what a
/// joiner checks).
pub const SERVER_NAME: &str = "horde-coop";

/// The ALPN protocol both sides offer.
const ALPN: &[u8] = b"horde-coop";

/// A connection with nothing heard for this long is closed by QUIC itself (the session drops a
/// silent peer sooner, after [`crate::rules::SILENT_DROP`]).
const IDLE_TIMEOUT: Duration = Duration::from_secs(15);

/// What a join code says: where the host listens and its certificate's fingerprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JoinCode {
    /// The host's address.
    pub addr: SocketAddr,
    /// SHA-256 of the host's certificate (DER).
    pub fingerprint: [u8; 32],
}

impl JoinCode {
    /// Reads `ADDR#FINGERPRINT`; the error says which part is wrong and how it should look.
    pub fn parse(text: &str) -> Result<JoinCode, String> {
        let text = text.trim();
        let Some((addr, fingerprint)) = text.split_once('#') else {
            return Err(format!(
                "join code `{}` has no `#`: a join code is ADDR#FINGERPRINT, as the host prints it",
                text.escape_debug()
            ));
        };
        let addr: SocketAddr = addr.parse().map_err(|_| {
            format!(
                "join code: `{}` is not an address (IP:PORT, such as 127.0.0.1:7879)",
                addr.escape_debug()
            )
        })?;
        let bytes = URL_SAFE_NO_PAD.decode(fingerprint).ok();
        let fingerprint: [u8; 32] = bytes.and_then(|b| b.try_into().ok()).ok_or_else(|| {
            format!(
                "join code: `{}` is not a fingerprint (43 base64url characters, a SHA-256)",
                fingerprint.escape_debug()
            )
        })?;
        Ok(JoinCode { addr, fingerprint })
    }
}

impl fmt::Display for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{}#{}",
            self.addr,
            URL_SAFE_NO_PAD.encode(self.fingerprint)
        )
    }
}

/// SHA-256 of a certificate's DER bytes.
pub fn fingerprint(cert_der: &[u8]) -> [u8; 32] {
    Sha256::digest(cert_der).into()
}

/// The host's certificate and key, made at start.
pub struct Identity {
    cert: CertificateDer<'static>,
    key: PrivatePkcs8KeyDer<'static>,
}

impl Identity {
    /// A fresh self-signed certificate.
    pub fn new() -> Result<Identity> {
        let made = rcgen::generate_simple_self_signed(vec![SERVER_NAME.to_string()])
            .context("making the host's certificate")?;
        Ok(Identity {
            cert: made.cert.der().clone(),
            key: PrivatePkcs8KeyDer::from(made.signing_key.serialize_der()),
        })
    }

    /// SHA-256 of its certificate.
    pub fn fingerprint(&self) -> [u8; 32] {
        fingerprint(&self.cert)
    }

    /// The host's QUIC configuration.
    pub fn server_config(&self) -> Result<quinn::ServerConfig> {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut tls = rustls::ServerConfig::builder_with_provider(provider)
            .with_protocol_versions(&[&rustls::version::TLS13])
            .context("TLS 1.3")?
            .with_no_client_auth()
            .with_single_cert(
                vec![self.cert.clone()],
                PrivateKeyDer::Pkcs8(self.key.clone_key()),
            )
            .context("the host's certificate")?;
        tls.alpn_protocols = vec![ALPN.to_vec()];
        let crypto = quinn::crypto::rustls::QuicServerConfig::try_from(tls)
            .context("QUIC's TLS settings")?;
        let mut config = quinn::ServerConfig::with_crypto(Arc::new(crypto));
        config.transport_config(Arc::new(transport()));
        Ok(config)
    }
}

/// Both sides' transport settings: an idle timeout, and keep-alives so a quiet game is not
/// mistaken for a dead one.
fn transport() -> quinn::TransportConfig {
    let mut transport = quinn::TransportConfig::default();
    // Fifteen seconds fit in the idle timeout's variable-length integer.
    if let Ok(idle) = IDLE_TIMEOUT.try_into() {
        transport.max_idle_timeout(Some(idle));
    }
    transport.keep_alive_interval(Some(Duration::from_secs(2)));
    transport
}

/// What a joiner's verifier saw: set when the host showed a certificate the code does not name.
#[derive(Default)]
pub struct Mismatch {
    seen: AtomicBool,
    fingerprint: Mutex<Option<[u8; 32]>>,
}

impl Mismatch {
    /// The fingerprint the host showed instead, if it showed another.
    pub fn shown(&self) -> Option<[u8; 32]> {
        if !self.seen.load(Ordering::Acquire) {
            return None;
        }
        self.fingerprint.lock().ok().and_then(|f| *f)
    }
}

/// Accepts exactly the certificate whose SHA-256 is the join code's, with its signatures
/// checked as TLS 1.3 checks them.
struct Pinned {
    fingerprint: [u8; 32],
    algorithms: WebPkiSupportedAlgorithms,
    mismatch: Arc<Mismatch>,
}

impl fmt::Debug for Pinned {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("Pinned")
    }
}

impl ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let shown = fingerprint(end_entity);
        if shown == self.fingerprint {
            return Ok(ServerCertVerified::assertion());
        }
        if let Ok(mut slot) = self.mismatch.fingerprint.lock() {
            *slot = Some(shown);
        }
        self.mismatch.seen.store(true, Ordering::Release);
        Err(rustls::Error::General(
            "the host's certificate is not the one the join code names".to_string(),
        ))
    }

    fn verify_tls12_signature(
        &self,
        _message: &[u8],
        _cert: &CertificateDer<'_>,
        _dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        // Only TLS 1.3 is offered.
        Err(rustls::Error::General("TLS 1.2 is not offered".to_string()))
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// A joiner's QUIC configuration: it talks only to the host whose certificate `code` names;
/// `mismatch` learns what another host showed.
pub fn client_config(code: &JoinCode, mismatch: Arc<Mismatch>) -> Result<quinn::ClientConfig> {
    let provider: Arc<CryptoProvider> = Arc::new(rustls::crypto::ring::default_provider());
    let verifier = Arc::new(Pinned {
        fingerprint: code.fingerprint,
        algorithms: provider.signature_verification_algorithms,
        mismatch,
    });
    let mut tls = rustls::ClientConfig::builder_with_provider(provider)
        .with_protocol_versions(&[&rustls::version::TLS13])
        .context("TLS 1.3")?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    tls.alpn_protocols = vec![ALPN.to_vec()];
    let crypto =
        quinn::crypto::rustls::QuicClientConfig::try_from(tls).context("QUIC's TLS settings")?;
    let mut config = quinn::ClientConfig::new(Arc::new(crypto));
    config.transport_config(Arc::new(transport()));
    Ok(config)
}

/// A QUIC client configuration that trusts exactly the host `code` names (what a joiner
/// uses; public for tools and tests that speak the protocol themselves).
pub fn pinned_client_config(code: &JoinCode) -> Result<quinn::ClientConfig> {
    client_config(code, Arc::new(Mismatch::default()))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_join_code_reads_back_as_written() {
        let identity = Identity::new().unwrap();
        let code = JoinCode {
            addr: "127.0.0.1:7879".parse().unwrap(),
            fingerprint: identity.fingerprint(),
        };
        let text = code.to_string();
        assert_eq!(text.split('#').nth(1).unwrap().len(), 43);
        assert_eq!(JoinCode::parse(&text).unwrap(), code);
        assert_eq!(JoinCode::parse(&format!(" {text}\n")).unwrap(), code);
    }

    #[test]
    fn bad_join_codes_say_what_is_wrong() {
        let no_hash = JoinCode::parse("127.0.0.1:7879").unwrap_err();
        assert!(no_hash.contains("no `#`"), "{no_hash}");
        let addr = JoinCode::parse("localhost#abc").unwrap_err();
        assert!(addr.contains("not an address"), "{addr}");
        let fp = JoinCode::parse("127.0.0.1:1#abc").unwrap_err();
        assert!(fp.contains("not a fingerprint"), "{fp}");
    }
}
