//! The tower-defense game in the window's hands, headless (no window, no GPU): `1`/`2` and
//! Shift + left click place towers where the cursor points, `B` restarts the level and the
//! scenario, and the HUD's outcome follows the game.
#![allow(clippy::unwrap_used)]

mod common;

use common::play::{click, framed};
use horde::scenes::td::{TdGame, TdPlay};
use horde::scenes::{Requests, Scene};
use horde_core_sim::td::defence::TowerKind;
use horde_core_sim::td::files::parse_level;
use horde_core_sim::td::game::EXAMPLE_SCENARIO;
use horde_core_sim::td::game::{Outcome, Scenario};
use horde_core_sim::td::swarm::SpawnSettings;
use horde_core_sim::td::tiles::TileContent;
use winit::event::MouseButton;
use winit::keyboard::KeyCode;

const LEVEL: &str = "S.........\n..........\n.........D\n";

fn play() -> TdPlay {
    let board = parse_level(LEVEL, "t.txt".as_ref()).unwrap();
    framed(TdGame::new(board, SpawnSettings::default(), 3))
}

fn press(play: &mut TdPlay, key: KeyCode) {
    let mut requests = Requests::default();
    play.key(key, true, false, &mut requests);
    play.key(key, false, false, &mut requests);
}

fn content(play: &TdPlay, (x, y): (u32, u32)) -> TileContent {
    let board = play.game.sim().board();
    board.content(board.index(x as i64, y as i64).unwrap())
}

#[test]
fn keys_choose_the_tower_and_shift_click_toggles_it() {
    let mut play = play();
    click(&mut play, MouseButton::Left, (3, 1), true);
    assert_eq!(
        content(&play, (3, 1)),
        TileContent::Tower(TowerKind::Laser),
        "laser by default"
    );
    press(&mut play, KeyCode::Digit2);
    click(&mut play, MouseButton::Left, (5, 1), true);
    assert_eq!(
        content(&play, (5, 1)),
        TileContent::Tower(TowerKind::Mortar)
    );
    // A mortar clicked over the laser replaces it; the same kind again removes it.
    click(&mut play, MouseButton::Left, (3, 1), true);
    assert_eq!(
        content(&play, (3, 1)),
        TileContent::Tower(TowerKind::Mortar)
    );
    click(&mut play, MouseButton::Left, (3, 1), true);
    assert_eq!(content(&play, (3, 1)), TileContent::Empty);
    press(&mut play, KeyCode::Digit1);
    click(&mut play, MouseButton::Left, (3, 1), true);
    assert_eq!(content(&play, (3, 1)), TileContent::Tower(TowerKind::Laser));
    // Without Shift, a left click is still a wall.
    click(&mut play, MouseButton::Left, (7, 0), false);
    assert_eq!(content(&play, (7, 0)), TileContent::Wall);
    assert_eq!(play.game.sim().towers().len(), 2);
}

#[test]
fn b_restarts_the_level_and_the_scenario() {
    let mut play = play();
    let scenario = Scenario::parse(EXAMPLE_SCENARIO, "example.ron".as_ref()).unwrap();
    let lives = scenario.lives;
    play.game.play_scenario(Some(scenario), None);
    click(&mut play, MouseButton::Left, (4, 1), true);
    assert_eq!(content(&play, (4, 1)), TileContent::Tower(TowerKind::Laser));
    // One laser cannot hold the example wave back: the game is lost.
    for _ in 0..60 * 120 {
        play.game.sim_mut().step(1.0 / 60.0);
        if play.game.sim().outcome() != Outcome::Running {
            break;
        }
    }
    let c = play.game.sim().counts();
    assert_eq!(c.outcome, Outcome::Defeat);
    assert_eq!(c.lives, 0);
    assert!(c.killed > 0, "the laser killed some: {c:?}");
    press(&mut play, KeyCode::KeyB);
    let c = play.game.sim().counts();
    assert_eq!(c.outcome, Outcome::Running);
    assert_eq!((c.ticks, c.spawned, c.alive), (0, 0, 0));
    assert_eq!(c.lives, lives, "full lives again");
    assert!(
        play.game.sim().scenario().is_some(),
        "the scenario plays again"
    );
    assert_eq!(
        content(&play, (4, 1)),
        TileContent::Empty,
        "the level as it was opened"
    );
    play.game.sim_mut().step(1.0 / 60.0);
    assert_eq!(
        play.game.sim().counts().spawned,
        1,
        "the first wave starts again"
    );
}

#[test]
fn the_inspectors_generate_button_plays_the_board_of_its_seed_and_spec() {
    use horde::scenes::td::inspector::Action;
    use horde_levelgen::boards::{BoardSpec, generate_board};
    let mut play = play();
    let spec = BoardSpec {
        width: 30,
        height: 15,
        ..BoardSpec::default()
    };
    play.perform(Action::Generate(9, spec), &mut Requests::default());
    let expected = generate_board(&spec, 9).unwrap().level_text();
    let board = play.game.sim().board();
    assert_eq!((board.width(), board.height()), (30, 15));
    let rows: String = expected.lines().skip(1).flat_map(|l| l.chars()).collect();
    let shown: String = (0..15)
        .rev()
        .flat_map(|y| (0..30).map(move |x| (x, y)))
        .map(|(x, y)| board.content(board.index(x, y).unwrap()).to_char())
        .collect();
    assert_eq!(shown, rows);
}
