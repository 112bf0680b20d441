//! The window's side of co-op without a window: two scenes' sessions (`TdCoop`) in one
//! process over loopback, each stepping its own `TdGame` as a frame would. Each player's
//! tower lands on both boards under its placer's name, a joiner's edit behind the live edge is
//! refused, and the host's undo (a seek back and an edit) takes both boards back, after which
//! they play on to one checksum.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

use horde::cli::coop::CoopFlags;
use horde::scenes::td::TdGame;
use horde::scenes::td::coop::TdCoop;
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::game::GameSource;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::EditKind;
use std::time::{Duration, Instant};

/// Advances both sessions (a frame each) until `done` or the deadline.
fn frames(
    (host, host_game): (&mut TdCoop, &mut TdGame),
    (ann, ann_game): (&mut TdCoop, &mut TdGame),
    what: &str,
    mut done: impl FnMut(&TdGame, &TdGame) -> bool,
) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(host_game, ann_game) {
        host.advance(host_game);
        ann.advance(ann_game);
        assert!(host.stopped.is_none(), "{:?}", host.stopped);
        assert!(ann.stopped.is_none(), "{:?}", ann.stopped);
        assert!(Instant::now() < deadline, "never: {what}");
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[test]
fn towers_land_on_both_boards_and_the_hosts_undo_takes_both_back() {
    let mut host_game = TdGame::open(&GameSource::built_in(), SpawnSettings::default(), 4).unwrap();
    let flags = CoopFlags {
        host: Some("127.0.0.1:0".parse().unwrap()),
        players: Some(2),
        pace: Some(10.0),
        ..CoopFlags::default()
    };
    let mut host = TdCoop::host(&host_game, &flags).unwrap();
    let code = host.code.clone().unwrap();
    let joining = std::thread::spawn(move || TdCoop::join(&code, Some("ann")).unwrap());
    while !joining.is_finished() {
        host.advance(&mut host_game);
        std::thread::sleep(Duration::from_millis(1));
    }
    let (mut ann_game, mut ann) = joining.join().unwrap();
    let laser = EditKind::Tower(TowerKind::Laser);
    let both = |h: &TdGame, a: &TdGame| {
        h.sim().towers().all().len() == 2 && a.sim().towers().all().len() == 2
    };
    frames(
        (&mut host, &mut host_game),
        (&mut ann, &mut ann_game),
        "tick 100",
        |h, _| h.sim().counts().ticks >= 100,
    );
    host.edit(&mut host_game, laser, 3, 1).unwrap();
    ann.edit(&mut ann_game, laser, 5, 1).unwrap();
    frames(
        (&mut host, &mut host_game),
        (&mut ann, &mut ann_game),
        "both towers",
        both,
    );
    for (game, coop) in [(&host_game, &host), (&ann_game, &ann)] {
        let mut owners = coop.tower_owners(game);
        owners.sort();
        assert_eq!(owners, ["ann", "host"]);
    }
    frames(
        (&mut host, &mut host_game),
        (&mut ann, &mut ann_game),
        "tick 400",
        |h, a| h.sim().counts().ticks >= 400 && a.sim().counts().ticks >= 400,
    );
    // A joiner looking back may not edit there.
    ann_game.seek(300);
    assert!(ann.edit(&mut ann_game, EditKind::Wall, 6, 6).is_err());
    ann_game.to_live_edge();
    // The host looks back to tick 200 and builds a wall there: both boards go back.
    let back_to = host_game.seek(200);
    host.edit(&mut host_game, EditKind::Wall, 2, 2).unwrap();
    assert_eq!(
        host_game.live_tick(),
        back_to,
        "the undo cut the host's future"
    );
    frames(
        (&mut host, &mut host_game),
        (&mut ann, &mut ann_game),
        "both taken back",
        |_, a| {
            let index = a.sim().board().index(2, 2).unwrap();
            a.sim().board().content(index) == horde_core_sim::td::tiles::TileContent::Wall
        },
    );
    assert!(ann_game.sim().counts().ticks < 400);
    frames(
        (&mut host, &mut host_game),
        (&mut ann, &mut ann_game),
        "tick 600 on both",
        |h, a| h.sim().counts().ticks >= 600 && a.sim().counts().ticks >= 600,
    );
    // Compared at one tick: the host's history seeks to the tick the joiner stands at.
    let tick = ann_game
        .sim()
        .counts()
        .ticks
        .min(host_game.sim().counts().ticks);
    let (h, a) = (host_game.seek(tick), ann_game.seek(tick));
    assert_eq!((h, a), (tick, tick));
    assert_eq!(host_game.sim().checksum(), ann_game.sim().checksum());
}
