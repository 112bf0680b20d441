//! A bad network on loopback, for tests and measurements: a UDP relay in front of a host that
//! loses a share of the datagrams each way and delays the rest by a random time in a range
//! (so they also arrive out of order). A joiner given the relay's address in its join code
//! (with the host's fingerprint) plays through it.

use std::collections::{BinaryHeap, HashMap};
use std::io;
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How the relay mistreats datagrams.
#[derive(Clone, Copy, Debug)]
pub struct RelaySettings {
    /// The share lost, each way (0.1: one in ten).
    pub loss: f64,
    /// The mean delay, each way.
    pub delay: Duration,
    /// The delay varies by up to this either side of the mean.
    pub jitter: Duration,
    /// Seeds the relay's dice.
    pub seed: u64,
}

impl RelaySettings {
    /// The bad network the co-op tests and measurements play through: 10 % lost and 30 ± 20 ms
    /// each way (so datagrams also arrive out of order), the dice seeded with `seed`.
    pub fn lossy(seed: u64) -> RelaySettings {
        RelaySettings {
            loss: 0.10,
            delay: Duration::from_millis(30),
            jitter: Duration::from_millis(20),
            seed,
        }
    }
}

/// A datagram waiting for its time.
struct Held {
    due: Instant,
    order: u64,
    to: SocketAddr,
    /// Which socket sends it: the front (to a client) or a client's upstream socket.
    via: Arc<UdpSocket>,
    bytes: Vec<u8>,
}

impl PartialEq for Held {
    fn eq(&self, other: &Held) -> bool {
        (self.due, self.order) == (other.due, other.order)
    }
}
impl Eq for Held {}
impl PartialOrd for Held {
    fn partial_cmp(&self, other: &Held) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Held {
    fn cmp(&self, other: &Held) -> std::cmp::Ordering {
        // The earliest first out of the max-heap.
        (other.due, other.order).cmp(&(self.due, self.order))
    }
}

/// What the threads share.
struct Shared {
    settings: RelaySettings,
    held: Mutex<(BinaryHeap<Held>, u64)>,
    wake: Condvar,
    stop: AtomicBool,
    dice: AtomicU64,
    /// Datagrams passed on, and lost.
    passed: AtomicU64,
    lost: AtomicU64,
}

impl Shared {
    /// A uniform number in [0, 1) (splitmix64).
    fn roll(&self) -> f64 {
        let mut z = self
            .dice
            .fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed)
            .wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Loses `bytes`, or holds them for their delay.
    fn pass(&self, bytes: &[u8], to: SocketAddr, via: &Arc<UdpSocket>) {
        if self.roll() < self.settings.loss {
            self.lost.fetch_add(1, Ordering::Relaxed);
            return;
        }
        let s = self.settings;
        let spread = (self.roll() * 2.0 - 1.0) * s.jitter.as_secs_f64();
        let delay = (s.delay.as_secs_f64() + spread).max(0.0);
        let due = Instant::now() + Duration::from_secs_f64(delay);
        if let Ok(mut held) = self.held.lock() {
            held.1 += 1;
            let order = held.1;
            held.0.push(Held {
                due,
                order,
                to,
                via: via.clone(),
                bytes: bytes.to_vec(),
            });
            self.wake.notify_one();
        }
    }
}

/// The relay, running until dropped.
pub struct Relay {
    addr: SocketAddr,
    shared: Arc<Shared>,
    threads: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Relay {
    /// A relay on loopback (any free port) in front of `upstream`.
    pub fn start(upstream: SocketAddr, settings: RelaySettings) -> io::Result<Relay> {
        let front = Arc::new(UdpSocket::bind("127.0.0.1:0")?);
        front.set_read_timeout(Some(Duration::from_millis(20)))?;
        let addr = front.local_addr()?;
        let shared = Arc::new(Shared {
            settings,
            held: Mutex::new((BinaryHeap::new(), 0)),
            wake: Condvar::new(),
            stop: AtomicBool::new(false),
            dice: AtomicU64::new(settings.seed),
            passed: AtomicU64::new(0),
            lost: AtomicU64::new(0),
        });
        let threads = Arc::new(Mutex::new(Vec::new()));
        let sender = {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name("relay-send".into())
                .spawn(move || send_when_due(&shared))?
        };
        let receiver = {
            let (shared, threads_inner) = (shared.clone(), threads.clone());
            std::thread::Builder::new()
                .name("relay-front".into())
                .spawn(move || from_clients(&front, upstream, &shared, &threads_inner))?
        };
        if let Ok(mut list) = threads.lock() {
            list.push(sender);
            list.push(receiver);
        }
        Ok(Relay {
            addr,
            shared,
            threads,
        })
    }

    /// Where clients send.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Datagrams passed on and lost so far.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.shared.passed.load(Ordering::Relaxed),
            self.shared.lost.load(Ordering::Relaxed),
        )
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.shared.stop.store(true, Ordering::Release);
        self.shared.wake.notify_all();
        // The front thread adds no more threads once it has seen the stop.
        loop {
            let next = self.threads.lock().ok().and_then(|mut t| t.pop());
            match next {
                Some(thread) => {
                    let _ = thread.join();
                }
                None => break,
            }
        }
    }
}

/// Sends each held datagram at its time.
fn send_when_due(shared: &Shared) {
    let Ok(mut held) = shared.held.lock() else {
        return;
    };
    while !shared.stop.load(Ordering::Acquire) {
        let now = Instant::now();
        let wait = match held.0.peek() {
            Some(first) if first.due <= now => {
                if let Some(due) = held.0.pop() {
                    let _ = due.via.send_to(&due.bytes, due.to);
                    shared.passed.fetch_add(1, Ordering::Relaxed);
                }
                continue;
            }
            Some(first) => first.due - now,
            None => Duration::from_millis(50),
        };
        held = match shared.wake.wait_timeout(held, wait) {
            Ok((guard, _)) => guard,
            Err(_) => return,
        };
    }
}

/// Takes clients' datagrams, each client through an upstream socket of its own (whose
/// replies a thread of its own carries back).
fn from_clients(
    front: &Arc<UdpSocket>,
    upstream: SocketAddr,
    shared: &Arc<Shared>,
    threads: &Arc<Mutex<Vec<JoinHandle<()>>>>,
) {
    let mut clients: HashMap<SocketAddr, Arc<UdpSocket>> = HashMap::new();
    let mut buf = vec![0u8; 65536];
    while !shared.stop.load(Ordering::Acquire) {
        let Ok((n, client)) = front.recv_from(&mut buf) else {
            continue;
        };
        let socket = match clients.get(&client) {
            Some(socket) => socket.clone(),
            None => {
                let Ok(socket) = UdpSocket::bind("127.0.0.1:0") else {
                    continue;
                };
                let _ = socket.set_read_timeout(Some(Duration::from_millis(20)));
                let socket = Arc::new(socket);
                let (back, front, shared_back) = (socket.clone(), front.clone(), shared.clone());
                let thread =
                    std::thread::Builder::new()
                        .name("relay-back".into())
                        .spawn(move || {
                            let mut buf = vec![0u8; 65536];
                            while !shared_back.stop.load(Ordering::Acquire) {
                                if let Ok((n, _)) = back.recv_from(&mut buf) {
                                    shared_back.pass(&buf[..n], client, &front);
                                }
                            }
                        });
                if let (Ok(thread), Ok(mut list)) = (thread, threads.lock()) {
                    list.push(thread);
                }
                clients.insert(client, socket.clone());
                socket
            }
        };
        shared.pass(&buf[..n], upstream, &socket);
    }
}
