//! The network side of a session, on a thread of its own running a small tokio runtime: the
//! host's endpoint and one task per connection (its one stream read frame by frame, each frame
//! decoded and handed to the game's thread, and a writer sending what the game queues), and a
//! joiner's connection. The game's thread never waits on the network: it drains a channel of
//! events and queues frames.
//!
//! A connection's reader drops what a flood brings past a budget of messages (a token bucket,
//! `bucket.rs`, logged once a second), so one hostile peer cannot fill the game's queue; a frame past its
//! cap, or a stream that breaks, closes that connection only.

use crate::bucket::Bucket;
use crate::code::{Identity, JoinCode, Mismatch, SERVER_NAME, client_config};
use crate::wire::{
    Hello, HelloReply, PROTOCOL_VERSION, TO_HOST_CAP, TO_PEER_CAP, ToHost, ToPeer, Welcome, decode,
    frame,
};
use anyhow::{Context, Result, anyhow, bail};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::mpsc::{Receiver as Queued, Sender as Outbox, channel as outbox};
use tokio::time::timeout;

/// How long a host waits for a connection's handshake and its hello.
const HELLO_WAIT: Duration = Duration::from_secs(5);

/// How long a joiner waits for the host to answer at all.
pub const CONNECT_WAIT: Duration = Duration::from_secs(5);

/// How long a joiner waits for the game once the host said yes (a save at a million enemies
/// is tens of megabytes).
const WELCOME_WAIT: Duration = Duration::from_secs(60);

/// How long the host's side of a connection waits, once the game let go of it, for the
/// joiner to read what was sent (the game's end among it) before closing it.
pub const HOST_LINGER: Duration = Duration::from_secs(10);

/// The frames queued for one connection at most. A side that stops reading fills it (the
/// host's lists come 10 a second: this is minutes of them) and is dropped then, never
/// buffered without end.
pub const OUT_QUEUE: usize = 1024;

/// A connection as the game's thread holds it: where to queue frames, and the connection (for
/// its round trip, its byte counts, and closing it).
#[derive(Clone)]
pub struct Link {
    conn: quinn::Connection,
    out: Outbox<Arc<Vec<u8>>>,
}

impl Link {
    /// Queues a frame (dropped if the connection is gone); a peer whose queue is full (it
    /// stopped reading) is dropped.
    pub fn send(&self, frame: Arc<Vec<u8>>) {
        if let Err(why) = queue(&self.out, frame) {
            log::warn!("co-op: {}: {why}; dropped", self.conn.remote_address());
            self.close(&why);
        }
    }

    /// The round trip QUIC measures.
    pub fn rtt(&self) -> Duration {
        self.conn.rtt()
    }

    /// Bytes sent and received on the wire (UDP payloads, with QUIC's own).
    pub fn bytes(&self) -> (u64, u64) {
        let stats = self.conn.stats();
        (stats.udp_tx.bytes, stats.udp_rx.bytes)
    }

    /// Closes the connection, telling the other side `why`.
    pub fn close(&self, why: &str) {
        self.conn.close(1u32.into(), why.as_bytes());
    }
}

/// What the host's network tells its game.
pub enum HostEvent {
    /// A peer said hello (its protocol is this build's); the game answers through `link`.
    Hello {
        /// The connection's number.
        conn: u64,
        /// The name it asks for (empty: any).
        name: String,
        /// Its connection.
        link: Link,
    },
    /// A message from a peer that said hello.
    Message {
        /// The connection's number.
        conn: u64,
        /// The message.
        message: ToHost,
    },
    /// A connection ended.
    Left {
        /// The connection's number.
        conn: u64,
        /// Why.
        why: String,
    },
}

/// The host's network: its endpoint on a thread of its own.
pub struct HostNet {
    /// What it heard, in order.
    pub events: Receiver<HostEvent>,
    addr: SocketAddr,
    endpoint: quinn::Endpoint,
    thread: Option<JoinHandle<()>>,
}

impl HostNet {
    /// Listens on `addr` with `identity`'s certificate.
    pub fn start(addr: SocketAddr, identity: &Identity) -> Result<HostNet> {
        let config = identity.server_config()?;
        let runtime = runtime()?;
        let endpoint = {
            let _inside = runtime.enter();
            quinn::Endpoint::server(config, addr)
                .with_context(|| format!("--host {addr}: cannot listen there"))?
        };
        let addr = endpoint.local_addr().context("the host's address")?;
        let (events_tx, events) = channel();
        let accepting = endpoint.clone();
        let thread = std::thread::Builder::new()
            .name("coop-host".to_string())
            .spawn(move || runtime.block_on(accept_all(accepting, events_tx)))
            .context("starting the host's network thread")?;
        Ok(HostNet {
            events,
            addr,
            endpoint,
            thread: Some(thread),
        })
    }

    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Waits (at most `wait`) until every connection has closed.
    pub fn wait_idle(&self, wait: Duration) {
        let deadline = Instant::now() + wait;
        while self.endpoint.open_connections() > 0 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for HostNet {
    fn drop(&mut self) {
        self.endpoint.close(0u32.into(), b"the host ended the game");
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A one-thread tokio runtime for a session's network.
fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("starting the network's runtime")
}

/// Accepts connections until the endpoint closes, one task each.
async fn accept_all(endpoint: quinn::Endpoint, events: Sender<HostEvent>) {
    let mut next = 0u64;
    let mut tasks = tokio::task::JoinSet::new();
    while let Some(incoming) = endpoint.accept().await {
        next += 1;
        tasks.spawn(serve(incoming, next, events.clone()));
        while tasks.try_join_next().is_some() {}
    }
    tasks.abort_all();
}

/// One connection: the handshake, the hello, then its frames to the game and the game's
/// frames to it.
async fn serve(incoming: quinn::Incoming, id: u64, events: Sender<HostEvent>) {
    let from = incoming.remote_address();
    let conn = match timeout(HELLO_WAIT, incoming).await {
        Ok(Ok(conn)) => conn,
        Ok(Err(e)) => return log::info!("co-op: a connection from {from} failed: {e}"),
        Err(_) => return log::info!("co-op: {from} did not finish its handshake in time"),
    };
    let (mut send, mut recv) = match timeout(HELLO_WAIT, conn.accept_bi()).await {
        Ok(Ok(streams)) => streams,
        _ => {
            log::warn!("co-op: {from} opened no stream; closed");
            return conn.close(2u32.into(), b"no stream");
        }
    };
    let hello = match timeout(HELLO_WAIT, read_frame(&mut recv, TO_HOST_CAP)).await {
        Ok(Ok(Some(body))) => decode::<Hello>(&body),
        Ok(Ok(None)) => Err("it closed its stream before saying hello".to_string()),
        Ok(Err(e)) => Err(e),
        Err(_) => Err("it said no hello within 5 s".to_string()),
    };
    let hello = match hello {
        Ok(hello) => hello,
        Err(why) => {
            log::warn!("co-op: {from}: {why}; closed");
            return conn.close(2u32.into(), why.as_bytes());
        }
    };
    if hello.protocol != PROTOCOL_VERSION {
        let why = format!(
            "this host speaks Horde co-op protocol {PROTOCOL_VERSION}, the joiner {}: play the same version of Horde",
            hello.protocol
        );
        log::warn!("co-op: {from}: {why}");
        let reply = frame(&HelloReply {
            protocol: PROTOCOL_VERSION,
            refused: Some(why),
        });
        let _ = send.write_all(&reply).await;
        let _ = send.finish();
        let _ = timeout(Duration::from_secs(2), send.stopped()).await;
        return conn.close(3u32.into(), b"protocol version");
    }
    let (out, queued) = outbox::<Arc<Vec<u8>>>(OUT_QUEUE);
    let link = Link {
        conn: conn.clone(),
        out,
    };
    let hello_event = HostEvent::Hello {
        conn: id,
        name: hello.name,
        link,
    };
    if events.send(hello_event).is_err() {
        return;
    }
    // The host's last frames (the game's end) must be read before the connection closes: a
    // close discards what the joiner has not read yet, and a loaded joiner can be slow.
    let writer = spawn_writer(&conn, send, queued, HOST_LINGER);
    let mut bucket = Bucket::new();
    let why = loop {
        match read_frame(&mut recv, TO_HOST_CAP).await {
            Ok(Some(body)) => {
                if !bucket.take() {
                    continue;
                }
                match decode::<ToHost>(&body) {
                    Ok(message) => {
                        if events
                            .send(HostEvent::Message { conn: id, message })
                            .is_err()
                        {
                            break "the game ended".to_string();
                        }
                    }
                    Err(why) => log::warn!("co-op: {from}: {why}; dropped"),
                }
            }
            Ok(None) => break "it left".to_string(),
            Err(why) => {
                conn.close(2u32.into(), why.as_bytes());
                break why;
            }
        }
    };
    let _ = events.send(HostEvent::Left { conn: id, why });
    let _ = writer.await;
}

/// Queues `frame` on `out`: `Err` says why a connection whose queue is full (its reader
/// stopped) must end. A queue already closed (the connection is gone) drops the frame.
fn queue(out: &Outbox<Arc<Vec<u8>>>, frame: Arc<Vec<u8>>) -> Result<(), String> {
    match out.try_send(frame) {
        Ok(()) | Err(TrySendError::Closed(_)) => Ok(()),
        Err(TrySendError::Full(_)) => Err(format!(
            "it stopped reading: {OUT_QUEUE} messages wait for it"
        )),
    }
}

/// The next frame's body, `None` where the stream ended between frames.
async fn read_frame(recv: &mut quinn::RecvStream, cap: usize) -> Result<Option<Vec<u8>>, String> {
    let mut len = [0u8; 4];
    match recv.read_exact(&mut len).await {
        Ok(()) => {}
        Err(quinn::ReadExactError::FinishedEarly(0)) => return Ok(None),
        Err(e) => return Err(format!("the stream broke ({e})")),
    }
    let len = u32::from_le_bytes(len) as usize;
    if len > cap {
        return Err(format!("a message of {len} bytes, over the {cap} allowed"));
    }
    let mut body = vec![0; len];
    recv.read_exact(&mut body)
        .await
        .map_err(|e| format!("the stream broke ({e})"))?;
    Ok(Some(body))
}

/// What a joiner's network tells its game.
pub enum PeerEvent {
    /// A message from the host.
    Message(ToPeer),
    /// The connection ended (why).
    Closed(String),
}

/// A joiner's network: its connection on a thread of its own.
pub struct PeerNet {
    /// What the host sent, in order.
    pub events: Receiver<PeerEvent>,
    out: Option<Outbox<Arc<Vec<u8>>>>,
    conn: quinn::Connection,
    thread: Option<JoinHandle<()>>,
}

impl PeerNet {
    /// Connects to the host `code` names, asks to play as `name` and waits for the game.
    pub fn join(code: &JoinCode, name: &str) -> Result<(PeerNet, Welcome)> {
        let runtime = runtime()?;
        let (events_tx, events) = channel();
        let (ready_tx, ready) = channel();
        let (out, queued) = outbox(OUT_QUEUE);
        let (code, name) = (*code, name.to_string());
        let thread = std::thread::Builder::new()
            .name("coop-peer".to_string())
            .spawn(move || {
                runtime.block_on(async move {
                    match connect(&code, &name).await {
                        Ok((conn, send, recv, welcome)) => {
                            let _ = ready_tx.send(Ok((conn.clone(), welcome)));
                            talk(conn, send, recv, queued, events_tx).await;
                        }
                        Err(e) => {
                            let _ = ready_tx.send(Err(e));
                        }
                    }
                })
            })
            .context("starting the joiner's network thread")?;
        let answer = ready
            .recv()
            .map_err(|_| anyhow!("the joiner's network thread stopped"))?;
        let (conn, welcome) = match answer {
            Ok(done) => done,
            Err(e) => {
                let _ = thread.join();
                return Err(e);
            }
        };
        Ok((
            PeerNet {
                events,
                out: Some(out),
                conn,
                thread: Some(thread),
            },
            welcome,
        ))
    }

    /// Queues a message to the host; a host that stopped reading (the queue is full) ends
    /// the connection.
    pub fn send(&self, message: &ToHost) {
        // A closed connection takes nothing more (the game may still play what it was sent).
        if self.conn.close_reason().is_some() {
            return;
        }
        if let Some(out) = &self.out
            && let Err(why) = queue(out, Arc::new(frame(message)))
        {
            log::warn!("co-op: the host: {why}; leaving");
            self.conn.close(1u32.into(), why.as_bytes());
        }
    }

    /// The round trip QUIC measures.
    pub fn rtt(&self) -> Duration {
        self.conn.rtt()
    }

    /// Bytes sent and received on the wire.
    pub fn bytes(&self) -> (u64, u64) {
        let stats = self.conn.stats();
        (stats.udp_tx.bytes, stats.udp_rx.bytes)
    }
}

impl Drop for PeerNet {
    fn drop(&mut self) {
        self.send(&ToHost::Bye);
        // The writer sends what is queued, then closes.
        self.out = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The stream halves a joiner talks over.
type Streams = (
    quinn::Connection,
    quinn::SendStream,
    quinn::RecvStream,
    Welcome,
);

/// Connects, says hello and reads the host's answer and the game.
async fn connect(code: &JoinCode, name: &str) -> Result<Streams> {
    let mismatch = Arc::new(Mismatch::default());
    let config = client_config(code, mismatch.clone())?;
    let any: SocketAddr = if code.addr.is_ipv4() {
        ([0, 0, 0, 0], 0).into()
    } else {
        (std::net::Ipv6Addr::UNSPECIFIED, 0).into()
    };
    let endpoint = quinn::Endpoint::client(any).context("opening a UDP socket")?;
    let addr = code.addr;
    let connecting = endpoint
        .connect_with(config, addr, SERVER_NAME)
        .with_context(|| format!("--join: cannot reach {addr}"))?;
    let conn = match timeout(CONNECT_WAIT, connecting).await {
        Ok(Ok(conn)) => conn,
        Ok(Err(e)) => {
            if let Some(shown) = mismatch.shown() {
                bail!(
                    "--join: the host at {addr} is not the one the join code names: its certificate's fingerprint is {}, the code's {} (a new game hosted there makes a new code)",
                    URL_SAFE_NO_PAD.encode(shown),
                    URL_SAFE_NO_PAD.encode(code.fingerprint)
                );
            }
            bail!("--join: the host at {addr} refused the connection ({e})");
        }
        Err(_) => bail!(
            "--join: no host answered at {addr} within {} s (is a game hosted there, and is the code its latest?)",
            CONNECT_WAIT.as_secs()
        ),
    };
    let (mut send, mut recv) = conn.open_bi().await.context("--join: opening a stream")?;
    let hello = frame(&Hello {
        protocol: PROTOCOL_VERSION,
        name: name.to_string(),
    });
    send.write_all(&hello)
        .await
        .context("--join: saying hello")?;
    let reply = match timeout(CONNECT_WAIT, read_frame(&mut recv, TO_HOST_CAP)).await {
        Ok(Ok(Some(body))) => decode::<HelloReply>(&body).map_err(|e| anyhow!("--join: {e}"))?,
        Ok(Ok(None)) => bail!("--join: the host closed the connection without an answer"),
        Ok(Err(e)) => bail!("--join: {e}"),
        Err(_) => bail!("--join: the host at {addr} did not answer within 5 s"),
    };
    if let Some(why) = reply.refused {
        bail!("--join: the host refused: {why}");
    }
    let welcome = match timeout(WELCOME_WAIT, read_frame(&mut recv, TO_PEER_CAP)).await {
        Ok(Ok(Some(body))) => decode::<ToPeer>(&body).map_err(|e| anyhow!("--join: {e}"))?,
        Ok(Ok(None)) => bail!("--join: the host closed the connection before sending the game"),
        Ok(Err(e)) => bail!("--join: {e}"),
        Err(_) => bail!("--join: the game did not arrive within a minute"),
    };
    match welcome {
        ToPeer::Welcome(welcome) => Ok((conn, send, recv, *welcome)),
        ToPeer::Dropped(why) => bail!("--join: the host refused: {why}"),
        other => bail!("--join: the host sent {other:?} before the game"),
    }
}

/// Writes the frames the game queues on `send`, in order, until the game lets go of its side
/// of the queue: then what was queued is sent, the stream finished (waiting at most `linger`
/// for the other side to take it) and the connection closed.
fn spawn_writer(
    conn: &quinn::Connection,
    mut send: quinn::SendStream,
    mut queued: Queued<Arc<Vec<u8>>>,
    linger: Duration,
) -> tokio::task::JoinHandle<()> {
    let conn = conn.clone();
    tokio::spawn(async move {
        while let Some(frame) = queued.recv().await {
            if send.write_all(&frame).await.is_err() {
                return;
            }
        }
        let _ = send.finish();
        let _ = timeout(linger, send.stopped()).await;
        conn.close(0u32.into(), b"bye");
    })
}

/// A joined peer's traffic: the host's frames to the game, the game's queued frames to the
/// host, until either side ends.
async fn talk(
    conn: quinn::Connection,
    send: quinn::SendStream,
    mut recv: quinn::RecvStream,
    queued: Queued<Arc<Vec<u8>>>,
    events: Sender<PeerEvent>,
) {
    let writer = spawn_writer(&conn, send, queued, Duration::from_secs(1));
    let reader = async {
        loop {
            match read_frame(&mut recv, TO_PEER_CAP).await {
                Ok(Some(body)) => match decode::<ToPeer>(&body) {
                    Ok(message) => {
                        if events.send(PeerEvent::Message(message)).is_err() {
                            return;
                        }
                    }
                    Err(why) => {
                        let _ = events.send(PeerEvent::Closed(format!(
                            "the host sent a message that does not parse: {why}"
                        )));
                        return;
                    }
                },
                Ok(None) => {
                    let _ = events.send(PeerEvent::Closed("the host ended the game".to_string()));
                    return;
                }
                Err(why) => {
                    let why = match conn.close_reason() {
                        Some(quinn::ConnectionError::ApplicationClosed(close)) => {
                            String::from_utf8_lossy(&close.reason).into_owned()
                        }
                        Some(other) => other.to_string(),
                        None => why,
                    };
                    let _ = events.send(PeerEvent::Closed(why));
                    return;
                }
            }
        }
    };
    // The game dropping its side ends the writer; the reader then has nobody to tell.
    tokio::select! {
        _ = reader => {}
        _ = conn.closed() => {}
    }
    let _ = writer.await;
    conn.close(0u32.into(), b"bye");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_queue_that_is_never_read_fills_and_says_so() {
        let (out, queued) = outbox::<Arc<Vec<u8>>>(OUT_QUEUE);
        let frame = Arc::new(vec![0u8; 8]);
        for _ in 0..OUT_QUEUE {
            assert_eq!(queue(&out, frame.clone()), Ok(()));
        }
        let why = queue(&out, frame.clone()).unwrap_err();
        assert!(why.contains("stopped reading"), "{why}");
        // A connection gone (its queue closed) drops frames quietly.
        drop(queued);
        assert_eq!(queue(&out, frame), Ok(()));
    }
}
