//! The window's *Submit* of a lost challenge: the game's own recording sent to a real board
//! server on `127.0.0.1:0`, off the render thread, and the answer (the rank, the day's top
//! ten) taken by the panel.
#![allow(clippy::unwrap_used)] // a failed unwrap is a failed test

mod common;

use common::board::{board_server, ranked};
use horde::scenes::td::TdGame;
use horde::scenes::td::submit::SubmitPanel;
use horde_core_sim::td::game::Outcome;
use horde_core_sim::td::history::RecordingWriter;
use horde_core_sim::td::swarm::SpawnSettings;
use horde_online::Client;
use std::time::{Duration, Instant};

#[test]
fn a_lost_challenge_is_submitted_from_the_window_and_ranked() {
    let dir = tempfile::tempdir().unwrap();
    let server = board_server(dir.path());
    let seed = Client::new(&server.url()).day("today", 1).unwrap().seed;
    let source = horde_games::challenge(seed);
    let mut game = TdGame::open(&source, SpawnSettings::default(), seed).unwrap();
    let board = game.sim().board();
    let header =
        horde_games::recording_header(&source, board, SpawnSettings::default(), false, seed)
            .unwrap();
    let path = dir.path().join("window.rec");
    game.start_recording(RecordingWriter::start_in_background(&path, header).unwrap());
    let mut ticks = 0;
    while game.sim().outcome() != Outcome::Defeat {
        assert!(ticks < 200_000, "the challenge never ended");
        game.step_once();
        ticks += 1;
    }

    let mut panel = SubmitPanel::new(server.url(), dir.path().join("tokens"));
    panel.submit(&mut game, Some("Ana".to_string()));
    let deadline = Instant::now() + Duration::from_secs(60);
    let answer = ranked(&mut panel, deadline);
    assert_eq!((answer.player.as_str(), answer.run.rank), ("Ana", 1));
    assert_eq!(answer.run.ticks, ticks);
    assert_eq!(answer.top.len(), 1);
    assert_eq!(answer.top[0].run, answer.run.run);
    // The recording was closed and is whole: the server keeps exactly it.
    let kept = Client::new(&server.url())
        .text(&format!("{}/runs/{}.rec", server.url(), answer.run.run))
        .unwrap();
    assert_eq!(kept, std::fs::read_to_string(&path).unwrap());
}
