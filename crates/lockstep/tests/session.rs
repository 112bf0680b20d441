//! Sessions in one process over loopback: a host and peers, each on a thread of its own,
//! playing one game; through a relay that loses, delays and reorders datagrams; a join in
//! the middle (told who placed the towers); a desync forced by the test (one peer's game
//! changed off the lists).
#![allow(clippy::unwrap_used)]

use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::game::{GameSource, Simulation};
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::EditKind;
use horde_lockstep::relay::{Relay, RelaySettings};
use horde_lockstep::{
    DesyncError, Game, Host, HostSettings, JoinCode, Peer, Placer, PlayerScript, SimGame, Stamped,
    WireEdit,
};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

fn settings(players: usize, last_tick: u64, dir: &Path) -> HostSettings {
    HostSettings {
        addr: "127.0.0.1:0".parse().unwrap(),
        name: "host".into(),
        delay_ticks: 6,
        speed: 10.0,
        players,
        last_tick: Some(last_tick),
        source: Some(GameSource::built_in()),
        report_dir: dir.to_path_buf(),
    }
}

fn new_game() -> SimGame {
    let source = GameSource::built_in();
    let sim = horde_games::simulation_of(&source, SpawnSettings::default(), 7).unwrap();
    SimGame::new(sim, None)
}

fn wall(x: i64, y: i64) -> WireEdit {
    WireEdit::of(EditKind::Wall, x, y)
}

/// Plays the host's game to its end; its edits at the given ticks; `tick` tells the others.
fn run_host(
    mut host: Host,
    mut game: SimGame,
    edits: Vec<(u64, WireEdit)>,
    tick: Arc<AtomicU64>,
) -> anyhow::Result<(u64, Vec<String>)> {
    let mut edits = edits.into_iter().peekable();
    while !host.finished(&game) {
        while let Some((at, _)) = edits.peek()
            && game.tick() >= *at
        {
            let (_, edit) = edits.next().unwrap();
            host.edit(game.tick(), edit);
        }
        host.advance(&mut game, Instant::now())?;
        tick.store(game.tick(), Ordering::Release);
        std::thread::sleep(Duration::from_millis(1));
    }
    host.finish(&mut game)?;
    let everyone = host.everyone().to_vec();
    host.close();
    Ok((game.sim().checksum(), everyone))
}

/// Joins and plays to the host's end; its edits at the given ticks; `perturb_at` changes its
/// own game off the lists at that tick (the forced desync).
fn run_peer(
    code: String,
    name: &str,
    edits: Vec<(u64, WireEdit)>,
    perturb_at: Option<u64>,
    dir: &Path,
) -> anyhow::Result<(u64, u64)> {
    let (mut peer, saved) = Peer::join(&code, name, dir)?;
    let joined_at = saved.sim.counts().ticks;
    let mut game = SimGame::new(saved.sim, None);
    let mut edits = edits.into_iter().peekable();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        while let Some((at, _)) = edits.peek()
            && game.tick() >= *at
        {
            let (_, edit) = edits.next().unwrap();
            peer.edit(game.tick(), edit);
        }
        if perturb_at == Some(game.tick()) {
            let _ = game.session_mut().edit(EditKind::Wall, 0, 10);
        }
        if peer.advance(&mut game, Instant::now(), u64::MAX)?.finished {
            return Ok((game.sim().checksum(), joined_at));
        }
        assert!(Instant::now() < deadline, "the peer never finished");
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn three_players_through_a_lossy_relay_end_on_one_checksum_with_everyones_edits() {
    let dir = tempfile::tempdir().unwrap();
    let host = Host::start(settings(3, 1200, dir.path())).unwrap();
    let code = host.code();
    let relay = Relay::start(code.addr, RelaySettings::lossy(5)).unwrap();
    let through_relay = JoinCode {
        addr: relay.addr(),
        fingerprint: code.fingerprint,
    }
    .to_string();
    let tick = Arc::new(AtomicU64::new(0));
    let host_thread = {
        let tick = tick.clone();
        std::thread::spawn(move || run_host(host, new_game(), vec![(100, wall(3, 3))], tick))
    };
    let peers: Vec<_> = [("ann", (4, 4)), ("bob", (5, 5))]
        .into_iter()
        .map(|(name, (x, y))| {
            let (code, dir) = (through_relay.clone(), dir.path().to_path_buf());
            std::thread::spawn(move || {
                run_peer(
                    code,
                    name,
                    vec![(200, wall(x, y)), (400, wall(x, y + 2))],
                    None,
                    &dir,
                )
            })
        })
        .collect();
    let (host_sum, everyone) = host_thread.join().unwrap().unwrap();
    for peer in peers {
        let (sum, joined_at) = peer.join().unwrap().unwrap();
        assert_eq!(sum, host_sum);
        assert_eq!(joined_at, 0);
    }
    let mut joiners = everyone[1..].to_vec();
    joiners.sort();
    assert_eq!(
        (everyone[0].as_str(), joiners),
        ("host", vec!["ann".to_string(), "bob".into()])
    );
    let (passed, lost) = relay.counts();
    assert!(
        lost > 0 && passed > 10 * lost / 2,
        "{passed} passed, {lost} lost"
    );
}

#[test]
fn a_player_joining_at_tick_600_plays_the_same_game() {
    let dir = tempfile::tempdir().unwrap();
    let host = Host::start(settings(1, 1200, dir.path())).unwrap();
    let code = host.code().to_string();
    let tick = Arc::new(AtomicU64::new(0));
    let host_thread = {
        let tick = tick.clone();
        std::thread::spawn(move || {
            run_host(
                host,
                new_game(),
                vec![(100, wall(3, 3)), (700, wall(2, 2))],
                tick,
            )
        })
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while tick.load(Ordering::Acquire) < 600 {
        assert!(Instant::now() < deadline, "the host never reached tick 600");
        std::thread::sleep(Duration::from_millis(2));
    }
    let (sum, joined_at) =
        run_peer(code, "late", vec![(800, wall(6, 6))], None, dir.path()).unwrap();
    let (host_sum, everyone) = host_thread.join().unwrap().unwrap();
    assert!(joined_at >= 600, "{joined_at}");
    assert_eq!(sum, host_sum);
    assert_eq!(everyone, ["host", "late"]);
}

#[test]
fn a_desync_is_reported_at_the_first_checked_tick_on_every_side_with_loadable_saves() {
    let dir = tempfile::tempdir().unwrap();
    let host = Host::start(settings(2, 1200, dir.path())).unwrap();
    let code = host.code().to_string();
    let tick = Arc::new(AtomicU64::new(0));
    let host_thread = std::thread::spawn(move || run_host(host, new_game(), vec![], tick));
    let peer = run_peer(code, "ann", vec![], Some(100), dir.path());
    let host = host_thread.join().unwrap();
    for (side, result) in [("host", host.map(|_| ())), ("ann", peer.map(|_| ()))] {
        let error = result.unwrap_err();
        let desync = error
            .downcast_ref::<DesyncError>()
            .unwrap_or_else(|| panic!("{side}: {error:#}"));
        assert_eq!(desync.tick, 120, "{side}: {error:#}");
        assert!(
            error.to_string().starts_with("desync at tick 120"),
            "{error}"
        );
        let save = dir.path().join(format!("desync-120-{side}.horde"));
        let loaded = horde_core_sim::td::files::load_game(&save).unwrap();
        assert_eq!(loaded.sim.counts().ticks, 120);
    }
    let host_save =
        horde_core_sim::td::files::load_game(&dir.path().join("desync-120-host.horde")).unwrap();
    let ann_save =
        horde_core_sim::td::files::load_game(&dir.path().join("desync-120-ann.horde")).unwrap();
    assert_ne!(host_save.sim.checksum(), ann_save.sim.checksum());
}

#[test]
fn an_edit_stamp_is_the_hosts_tick_plus_the_delay() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = Host::start(settings(1, 30, dir.path())).unwrap();
    let mut game = Recorder {
        game: new_game(),
        applied: Vec::new(),
    };
    host.edit(0, wall(3, 3));
    let mut second = false;
    while !host.finished(&game) {
        host.advance(&mut game, Instant::now()).unwrap();
        if game.tick() >= 10 && !second {
            second = true;
            host.edit(game.tick(), wall(4, 4));
            assert_eq!(game.tick(), 10, "the host stepped past tick 10 at once");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    let ticks: Vec<u64> = game.applied.iter().map(|s| s.tick).collect();
    assert_eq!(ticks, [6, 16]);
}

/// A game that remembers the edits applied.
struct Recorder {
    game: SimGame,
    applied: Vec<Stamped>,
}

impl Game for Recorder {
    fn sim(&self) -> &Simulation {
        self.game.sim()
    }
    fn apply(&mut self, edit: &Stamped, kind: EditKind) -> Result<(), String> {
        assert_eq!(self.game.sim().counts().ticks + 1, edit.tick);
        self.applied.push(edit.clone());
        self.game.apply(edit, kind)
    }
    fn restore(&mut self, saved: horde_core_sim::td::files::SavedGame) {
        self.game.restore(saved)
    }
    fn step(&mut self) {
        self.game.step()
    }
}

#[test]
fn the_hosts_undo_takes_every_peer_back_and_they_play_on_to_one_checksum() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = Host::start(settings(2, 900, dir.path())).unwrap();
    let code = host.code().to_string();
    let peer = {
        let dir = dir.path().to_path_buf();
        std::thread::spawn(move || run_peer(code, "ann", vec![(500, wall(6, 6))], None, &dir))
    };
    let mut game = new_game();
    let mut kept = None;
    let mut undone = false;
    while !host.finished(&game) {
        host.advance(&mut game, Instant::now()).unwrap();
        if game.tick() >= 200 && kept.is_none() {
            kept = Some(game.sim().clone());
        }
        // At tick 400 the host looks back to tick 200 and builds a wall there: an undo.
        if game.tick() >= 400 && !undone {
            undone = true;
            game.session_mut().replace_sim(kept.clone().unwrap());
            game.session_mut().edit(EditKind::Wall, 2, 2).unwrap();
            host.rewind(&game).unwrap();
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    host.finish(&mut game).unwrap();
    let host_sum = game.sim().checksum();
    host.close();
    let (sum, _) = peer.join().unwrap().unwrap();
    assert_eq!(sum, host_sum);
    assert_eq!(game.sim().counts().ticks, 900);
    // The wall of the undo stands on both boards.
    let index = game.sim().board().index(2, 2).unwrap();
    assert_eq!(
        game.sim().board().content(index),
        horde_core_sim::td::tiles::TileContent::Wall
    );
}

#[test]
fn a_scripted_host_places_a_tower_and_a_later_joiner_is_told_who_placed_it() {
    let dir = tempfile::tempdir().unwrap();
    let host = Host::start(settings(1, 900, dir.path())).unwrap();
    let code = host.code().to_string();
    let mut game = new_game();
    // A wall, then a laser on it (a tower on a wall cuts no path), made by the script.
    let laser = WireEdit::of(EditKind::Tower(TowerKind::Laser), 3, 3);
    game.script = PlayerScript::new([(100, wall(3, 3)), (200, laser)]);
    let tile = game.sim().board().index(3, 3).unwrap() as u32;
    let tick = Arc::new(AtomicU64::new(0));
    let host_thread = {
        let tick = tick.clone();
        std::thread::spawn(move || {
            assert!(game.placers().is_empty());
            run_host(host, game, Vec::new(), tick)
        })
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while tick.load(Ordering::Acquire) < 400 {
        assert!(Instant::now() < deadline, "the host never reached tick 400");
        std::thread::sleep(Duration::from_millis(2));
    }
    let (peer, saved) = Peer::join(&code, "late", dir.path()).unwrap();
    assert!(saved.sim.towers().on_tile(tile as usize).is_some());
    let placed = [Placer {
        tile,
        player: "host".into(),
    }];
    assert_eq!(peer.placers(), placed);
    drop(peer);
    host_thread.join().unwrap().unwrap();
}

#[test]
fn a_joiner_stops_when_the_host_is_silent_and_not_while_it_keeps_alive() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = Host::start(settings(1, 100_000, dir.path())).unwrap();
    let code = host.code().to_string();
    let joining = {
        let dir = dir.path().to_path_buf();
        std::thread::spawn(move || Peer::join(&code, "ann", &dir))
    };
    let mut game = new_game();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !joining.is_finished() {
        assert!(Instant::now() < deadline, "no welcome");
        host.advance(&mut game, Instant::now()).unwrap();
        std::thread::sleep(Duration::from_millis(2));
    }
    let (mut peer, saved) = joining.join().unwrap().unwrap();
    let mut theirs = SimGame::new(saved.sim, None);
    // Twenty seconds of the host standing still (its player looking back), in steps of a
    // tenth of a second of the clock both are handed: told who plays, the joiner stays.
    let start = Instant::now();
    for step in 0..200 {
        let now = start + Duration::from_millis(100 * step);
        host.keep_alive(game.tick(), now);
        std::thread::sleep(Duration::from_millis(3));
        peer.advance(&mut theirs, now, 0).unwrap();
    }
    // Then silence: ten seconds after the last it heard, the joiner gives up, saying so.
    let quiet = start + Duration::from_secs(20);
    let mut said = None;
    for step in 0..120 {
        let now = quiet + Duration::from_millis(100 * step);
        if let Err(e) = peer.advance(&mut theirs, now, 0) {
            said = Some((step, e.to_string()));
            break;
        }
    }
    let (step, why) = said.expect("the joiner never gave up");
    // Ten seconds after the last it heard (the host tells who plays at least every 3 s).
    assert!(
        (65..=101).contains(&step),
        "it gave up {step} tenths of a second into the silence"
    );
    assert!(why.contains("said nothing for 10 s"), "{why}");
}

#[test]
fn a_joiner_plays_what_the_host_sent_before_it_went_then_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let mut host = Host::start(settings(1, 100_000, dir.path())).unwrap();
    let code = host.code().to_string();
    let joining = {
        let dir = dir.path().to_path_buf();
        std::thread::spawn(move || Peer::join(&code, "ann", &dir))
    };
    let mut game = new_game();
    let deadline = Instant::now() + Duration::from_secs(30);
    while !joining.is_finished() {
        assert!(Instant::now() < deadline, "no welcome");
        host.advance(&mut game, Instant::now()).unwrap();
        std::thread::sleep(Duration::from_millis(2));
    }
    let (mut peer, saved) = joining.join().unwrap().unwrap();
    let mut theirs = SimGame::new(saved.sim, None);
    // The host builds a wall and plays until it stands, while the joiner plays nothing; then
    // the host goes, before the joiner reached the wall's tick.
    host.edit(game.tick(), wall(3, 3));
    let before = game.sim().checksum();
    while game.sim().checksum() == before || game.tick() < theirs.tick() + 8 {
        assert!(Instant::now() < deadline, "the host's wall never stood");
        host.advance(&mut game, Instant::now()).unwrap();
        std::thread::sleep(Duration::from_millis(2));
    }
    let (last, checksum) = (game.tick(), game.sim().checksum());
    assert!(theirs.tick() < last);
    host.close();
    // The joiner plays the ticks it was sent, the host's last among them, then says the
    // connection ended, at the tick it reached.
    let mut at_last = None;
    let why = loop {
        assert!(
            Instant::now() < deadline,
            "the joiner never noticed the host went"
        );
        // One tick at most a call: every tick is seen.
        let result = peer.advance(&mut theirs, Instant::now(), 1);
        if theirs.tick() == last {
            at_last = Some(theirs.sim().checksum());
        }
        if let Err(e) = result {
            break e.to_string();
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    assert_eq!(at_last, Some(checksum), "{why}");
    assert!(theirs.tick() >= last);
    assert!(
        why.contains(&format!(
            "the connection to the host ended at tick {}",
            theirs.tick()
        )),
        "{why}"
    );
}
