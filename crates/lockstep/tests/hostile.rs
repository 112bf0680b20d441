//! Hostile peers, from a raw QUIC client speaking the protocol by hand: a message that does
//! not parse, an edit for a tick already confirmed, a flood of edits, a claim of another's
//! name, another protocol version, a frame past its cap. Each is refused or dropped; the host
//! and the honest peer play on and end on one checksum. And the joiner's own mistakes: a bad
//! code, a wrong fingerprint, a host that is not there — clear errors within seconds.
#![allow(clippy::unwrap_used)]

use horde_core_sim::td::game::{GameSource, Simulation};
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::EditKind;
use horde_lockstep::{
    Game, Hello, HelloReply, Host, HostSettings, JoinCode, PROTOCOL_VERSION, Peer, SERVER_NAME,
    SimGame, Stamped, ToHost, ToPeer, WireEdit, decode, frame, pinned_client_config,
};
use std::collections::HashMap;
use std::time::{Duration, Instant};

fn new_game() -> SimGame {
    let source = GameSource::built_in();
    let sim = horde_games::simulation_of(&source, SpawnSettings::default(), 3).unwrap();
    SimGame::new(sim, None)
}

/// A game that counts the edits applied, by player and tick.
struct Counting {
    game: SimGame,
    applied: HashMap<(String, u64), usize>,
}

impl Game for Counting {
    fn sim(&self) -> &Simulation {
        self.game.sim()
    }
    fn apply(&mut self, edit: &Stamped, kind: EditKind) -> Result<(), String> {
        *self
            .applied
            .entry((edit.player.clone(), edit.tick))
            .or_default() += 1;
        self.game.apply(edit, kind)
    }
    fn restore(&mut self, saved: horde_core_sim::td::files::SavedGame) {
        self.game.restore(saved)
    }
    fn step(&mut self) {
        self.game.step()
    }
}

/// A raw connection: the stream halves after the handshake.
async fn raw(code: &JoinCode) -> (quinn::Connection, quinn::SendStream, quinn::RecvStream) {
    let mut endpoint = quinn::Endpoint::client("127.0.0.1:0".parse().unwrap()).unwrap();
    endpoint.set_default_client_config(pinned_client_config(code).unwrap());
    let conn = endpoint
        .connect(code.addr, SERVER_NAME)
        .unwrap()
        .await
        .unwrap();
    let (send, recv) = conn.open_bi().await.unwrap();
    (conn, send, recv)
}

async fn read(recv: &mut quinn::RecvStream) -> Option<Vec<u8>> {
    let mut len = [0u8; 4];
    recv.read_exact(&mut len).await.ok()?;
    let mut body = vec![0; u32::from_le_bytes(len) as usize];
    recv.read_exact(&mut body).await.ok()?;
    Some(body)
}

async fn hello(
    code: &JoinCode,
    protocol: u32,
    name: &str,
) -> (
    quinn::Connection,
    quinn::SendStream,
    quinn::RecvStream,
    HelloReply,
) {
    let (conn, mut send, mut recv) = raw(code).await;
    send.write_all(&frame(&Hello {
        protocol,
        name: name.into(),
    }))
    .await
    .unwrap();
    let reply: HelloReply = decode(&read(&mut recv).await.unwrap()).unwrap();
    (conn, send, recv, reply)
}

#[test]
fn hostile_peers_are_refused_or_dropped_and_the_others_play_on() {
    let dir = tempfile::tempdir().unwrap();
    let host = Host::start(HostSettings {
        addr: "127.0.0.1:0".parse().unwrap(),
        name: "host".into(),
        delay_ticks: 6,
        speed: 10.0,
        players: 3,
        last_tick: Some(900),
        source: Some(GameSource::built_in()),
        report_dir: dir.path().to_path_buf(),
    })
    .unwrap();
    let code = host.code();
    let host_thread = std::thread::spawn(move || {
        let mut host = host;
        let mut game = Counting {
            game: new_game(),
            applied: HashMap::new(),
        };
        while !host.finished(&game) {
            host.advance(&mut game, Instant::now())?;
            std::thread::sleep(Duration::from_millis(1));
        }
        host.finish(&mut game)?;
        host.close();
        anyhow::Ok((game.game.sim().checksum(), game.applied))
    });
    let honest = {
        let (code, dir) = (code.to_string(), dir.path().to_path_buf());
        std::thread::spawn(move || {
            let (mut peer, saved) = Peer::join(&code, "ann", &dir)?;
            let mut game = SimGame::new(saved.sim, None);
            let deadline = Instant::now() + Duration::from_secs(60);
            while !peer.advance(&mut game, Instant::now(), u64::MAX)?.finished {
                assert!(Instant::now() < deadline);
                std::thread::sleep(Duration::from_millis(1));
            }
            anyhow::Ok(game.sim().checksum())
        })
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        // Another protocol version: refused, naming both.
        let (_, _, _, reply) = hello(&code, PROTOCOL_VERSION + 98, "old").await;
        let why = reply.refused.unwrap();
        assert!(
            why.contains(&format!("protocol {PROTOCOL_VERSION}")),
            "{why}"
        );
        assert!(why.contains(&format!("{}", PROTOCOL_VERSION + 98)), "{why}");
        // A bad name: refused.
        let (_, _, _, reply) = hello(&code, PROTOCOL_VERSION, "<script>").await;
        assert!(reply.refused.unwrap().contains("name"));
        // The evil peer joins.
        let (conn, mut send, mut recv, reply) = hello(&code, PROTOCOL_VERSION, "evil").await;
        assert_eq!(reply.refused, None);
        let welcome: ToPeer = decode(&read(&mut recv).await.unwrap()).unwrap();
        let ToPeer::Welcome(welcome) = welcome else {
            panic!("{welcome:?}")
        };
        assert_eq!(welcome.name, "evil");
        // Wait for ann, so that the name is held by a live peer.
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let body = read(&mut recv).await.unwrap();
            if let Ok(ToPeer::Players(players)) = decode::<ToPeer>(&body)
                && players.iter().any(|p| p.name == "ann")
            {
                break;
            }
            assert!(Instant::now() < deadline, "ann never joined");
        }
        // Claiming ann's name while she plays: refused.
        let (_, _, _, reply) = hello(&code, PROTOCOL_VERSION, "ANN").await;
        assert!(reply.refused.unwrap().contains("is playing"));
        // A message that does not parse: dropped with a log line.
        send.write_all(&[3, 0, 0, 0, 250, 251, 252]).await.unwrap();
        // Progress to tick 0, then an edit made at a tick before it... and one past the lists.
        send.write_all(&frame(&ToHost::Progress { tick: 0, epoch: 0 }))
            .await
            .unwrap();
        let far = ToHost::Edit {
            made_at: 1_000_000,
            edit: WireEdit::of(EditKind::Wall, 1, 1),
        };
        send.write_all(&frame(&far)).await.unwrap();
        // A flood: two thousand edits at once.
        let mut flood = Vec::new();
        for i in 0..2000 {
            let edit = ToHost::Edit {
                made_at: 0,
                edit: WireEdit::of(EditKind::Wall, i % 11, (i / 11) % 11),
            };
            flood.extend(frame(&edit));
        }
        send.write_all(&flood).await.unwrap();
        // A frame past the cap closes the connection.
        send.write_all(&(1u32 << 30).to_le_bytes()).await.unwrap();
        let closed = tokio::time::timeout(Duration::from_secs(10), conn.closed()).await;
        assert!(
            closed.is_ok(),
            "the host kept a connection that sent a frame past its cap"
        );
    });
    let (host_sum, applied) = host_thread.join().unwrap().unwrap();
    let ann_sum = honest.join().unwrap().unwrap();
    assert_eq!(host_sum, ann_sum);
    let evil: Vec<usize> = applied
        .iter()
        .filter(|((who, _), _)| who == "evil")
        .map(|(_, n)| *n)
        .collect();
    assert!(!evil.is_empty(), "none of the flood's edits applied");
    assert!(
        evil.iter()
            .all(|n| *n <= horde_lockstep::MAX_EDITS_PER_TICK),
        "{evil:?}"
    );
    assert!(evil.iter().sum::<usize>() < 100, "{evil:?}");
}

#[test]
fn a_joiners_mistakes_are_clear_errors_within_seconds() {
    let dir = tempfile::tempdir().unwrap();
    let bad = Peer::join("nonsense", "ann", dir.path()).err().unwrap();
    assert!(bad.to_string().contains("ADDR#FINGERPRINT"), "{bad:#}");
    let host = Host::start(HostSettings {
        addr: "127.0.0.1:0".parse().unwrap(),
        name: "host".into(),
        delay_ticks: 6,
        speed: 1.0,
        players: 2,
        last_tick: Some(10),
        source: None,
        report_dir: dir.path().to_path_buf(),
    })
    .unwrap();
    let mut wrong = host.code();
    wrong.fingerprint[0] ^= 1;
    let started = Instant::now();
    let error = Peer::join(&wrong.to_string(), "ann", dir.path())
        .err()
        .unwrap();
    assert!(
        format!("{error:#}").contains("not the one the join code names"),
        "{error:#}"
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // Nobody there: a port just freed.
    let free = std::net::UdpSocket::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let nobody = JoinCode {
        addr: free,
        fingerprint: host.code().fingerprint,
    };
    let started = Instant::now();
    let error = Peer::join(&nobody.to_string(), "ann", dir.path())
        .err()
        .unwrap();
    assert!(
        format!("{error:#}").contains("no host answered"),
        "{error:#}"
    );
    assert!(started.elapsed() < Duration::from_secs(8));
}
