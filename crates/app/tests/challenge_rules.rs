//! A challenge keeps its promise in the window: every change the inspector and the keys offer
//! that would make its recording another game is refused (saying why in the challenge's
//! words) and changes nothing; what a challenge allows (a step, a restart: a new run of the
//! same challenge) keeps the recording the game the board replays. Lost, the run is submitted
//! with Enter to a real board server on `127.0.0.1:0` and ranked, and its recording replays
//! with no desync.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::board::{board_server, ranked};
use horde::cli::Command;
use horde::live::LiveFiles;
use horde::scenes::opening::Opening;
use horde::scenes::td::TdPlay;
use horde::scenes::td::inspector::Action;
use horde::scenes::td::submit::SubmitPanel;
use horde::scenes::{Requests, Scene};
use horde_core_sim::td::defence::TowerSettings;
use horde_core_sim::td::game::Outcome;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_levelgen::boards::BoardSpec;
use horde_renderer::BackendChoice;
use std::path::Path;
use std::time::{Duration, Instant};
use winit::keyboard::KeyCode;

/// The window's TD scene as `horde run WORDS..` opens it.
fn open(words: &[&str]) -> TdPlay {
    let words: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let Some(Command::Run(run)) = horde::commands::parse_words(&words).unwrap().command else {
        panic!("not a run");
    };
    let opening = Opening {
        picture: false,
        backend: BackendChoice::Auto,
        adapters: Vec::new(),
        live: LiveFiles::off(),
        window: run.window.clone(),
    };
    TdPlay::open(&run.scene, opening).unwrap()
}

/// What a challenge keeps: its settings, seed, board and scenario, and where it stands.
fn kept(play: &TdPlay) -> (TowerSettings, SpawnSettings, u64, u64, bool, u64) {
    let sim = play.game.sim();
    let board = sim.board().contents().len() as u64;
    (
        *sim.tower_settings(),
        *sim.settings(),
        play.game.seed,
        sim.checksum(),
        sim.endless(),
        board,
    )
}

#[test]
fn a_challenge_refuses_what_would_void_it_and_its_lost_run_is_ranked() {
    let dir = tempfile::tempdir().unwrap();
    let server = board_server(dir.path());
    let url = server.url();
    let record = dir.path().join("run.rec");
    let record_arg = record.display().to_string();
    let words = [
        "run",
        "--challenge",
        "online",
        "--server",
        &url,
        "--record",
        &record_arg,
    ];
    let mut play = open(&words);
    let mode = play.game.session().mode().clone();
    assert!(mode.is_challenge(), "{mode:?}");
    assert!(mode.label().starts_with("Daily challenge · ") && mode.label().ends_with(" · online"));
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let file = |name: &str| root.join(name);
    let before = kept(&play);
    let mut requests = Requests::default();
    let refused = [
        Action::NewBoard(8, 8),
        Action::Load(file("assets/levels/battle.txt")),
        Action::Restart(play.game.seed + 1),
        Action::LoadScenario(file("assets/scenarios/example.ron")),
        Action::Sandbox,
        Action::LoadGame(dir.path().join("any.horde")),
        Action::Generate(3, BoardSpec::default()),
    ];
    for action in refused {
        play.perform(action.clone(), &mut requests);
        let said = play.status().to_string();
        assert!(said.starts_with("refused: "), "{action:?}: {said}");
        assert!(said.contains("fixed in a challenge"), "{action:?}: {said}");
        assert_eq!(kept(&play), before, "{action:?} changed the challenge");
    }
    // The keys that would load a game: F9, Ctrl+O.
    play.key(KeyCode::F9, true, false, &mut requests);
    assert!(play.status().starts_with("refused: loading a game"));
    play.key(KeyCode::ControlLeft, true, false, &mut requests);
    play.key(KeyCode::KeyO, true, false, &mut requests);
    play.key(KeyCode::ControlLeft, false, false, &mut requests);
    assert!(play.status().starts_with("refused: loading a game"));
    assert_eq!(kept(&play), before);

    // What a challenge allows: a step, pausing, a restart (a new run of the same challenge).
    play.perform(Action::Step, &mut requests);
    assert_eq!(play.game.sim().counts().ticks, 1);
    play.key(KeyCode::Space, true, false, &mut requests);
    assert!(play.game.paused);
    play.key(KeyCode::KeyB, true, false, &mut requests);
    assert_eq!(
        (play.game.sim().counts().ticks, play.game.seed),
        (0, before.2)
    );
    assert_eq!(
        kept(&play),
        before,
        "a restart is the same challenge from its start"
    );

    // Lost with no tower, as the window steps it.
    let deadline = Instant::now() + Duration::from_secs(120);
    while play.game.sim().outcome() != Outcome::Defeat {
        assert!(Instant::now() < deadline, "the challenge never ended");
        play.game.step_once();
    }
    let ticks = play.game.sim().counts().ticks;
    // The window goes on stepping a lost game, frame after frame: the recording must not
    // gain a line past its end.
    for _ in 0..30 {
        play.game.step_once();
    }
    let mut panel = SubmitPanel::new(url.clone(), dir.path().join("tokens"));
    panel.name = "Ana".to_string();
    play.submit = Some(panel);
    play.key(KeyCode::Enter, true, false, &mut requests);
    let answer = ranked(play.submit.as_mut().unwrap(), deadline);
    assert_eq!((answer.run.rank, answer.run.ticks), (1, ticks));
    assert_eq!(answer.player, "Ana");

    // The recording is the game played: it replays to its defeat with no desync.
    let (recording, sim) = horde_games::open(&record).unwrap();
    let checked = horde_games::check(&recording, sim, horde_core_sim::DT).unwrap();
    assert_eq!(checked.desync, None);
    assert!(checked.checked > 0);
    assert_eq!(checked.sim.outcome(), Outcome::Defeat);
    assert_eq!(checked.sim.counts().ticks, ticks);
}
