//! The title screen's menu: its entries, its pages (the main list, the shipped games, co-op,
//! the stress test), the keys that move through it, and how it is drawn. What an entry opens
//! is a [`Pick`]; the menu opens nothing itself.

use horde_games::SHIPPED;
use horde_renderer::BackendChoice;
use std::path::{Path, PathBuf};
use winit::keyboard::KeyCode;

/// What the title screen opens.
#[derive(Clone, Debug, PartialEq)]
pub enum Pick {
    /// The daily challenge: online where the board server answered, else today's seed.
    Daily,
    /// A scene as `horde run WORDS..` opens it.
    Run(Vec<String>),
    /// The stress test with this many enemies on this backend.
    Stress {
        /// Enemies held on the board.
        enemies: u32,
        /// The backend to draw with.
        backend: BackendChoice,
    },
}

/// The main list, in order (digits `1`–`8` pick them).
pub const ENTRIES: [&str; 8] = [
    "Daily challenge",
    "Play",
    "Co-op",
    "Sandbox",
    "The city",
    "The runner",
    "The platformer",
    "Stress test",
];

/// The page the menu shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// The main list.
    Main,
    /// The shipped levels and their scenarios.
    Play,
    /// Host, or join with a code and a name.
    Coop,
    /// The stress test's enemies and backend.
    Stress,
}

/// The menu's state.
#[derive(Debug)]
pub struct Menu {
    /// The page shown.
    pub page: Page,
    /// The highlighted line of the page.
    pub selected: usize,
    /// The shipped games found: title, level and scenario paths.
    pub shipped: Vec<(String, PathBuf, PathBuf)>,
    /// Co-op: the code to join.
    pub join_code: String,
    /// Co-op: the name to join under.
    pub join_name: String,
    /// The stress test's enemies.
    pub enemies: u32,
    /// The stress test's backend.
    pub backend: BackendChoice,
}

impl Menu {
    /// The menu on its main page, listing the shipped games found under `assets`.
    pub fn new(assets: Option<&Path>) -> Menu {
        let shipped = assets.map_or_else(Vec::new, |assets| {
            (SHIPPED.iter())
                .map(|game| {
                    let (level, scenario) = (assets.join(game.level), assets.join(game.scenario));
                    (game.title.to_string(), level, scenario)
                })
                .filter(|(_, level, scenario)| level.is_file() && scenario.is_file())
                .collect()
        });
        Menu {
            page: Page::Main,
            selected: 0,
            shipped,
            join_code: String::new(),
            join_name: "player".to_string(),
            enemies: 10_000,
            backend: BackendChoice::Auto,
        }
    }

    /// Lines on the page shown.
    fn lines(&self) -> usize {
        match self.page {
            Page::Main => ENTRIES.len(),
            Page::Play => self.shipped.len(),
            Page::Coop => 2,
            Page::Stress => 1,
        }
    }

    /// Back to the main page; whether the menu was on another page.
    pub fn back(&mut self) -> bool {
        let was = self.page != Page::Main;
        self.page = Page::Main;
        self.selected = 0;
        was
    }

    /// A key on the title screen: arrows move, Enter picks, a digit picks that line.
    pub fn key(&mut self, key: KeyCode) -> Option<Pick> {
        let lines = self.lines().max(1);
        match key {
            KeyCode::ArrowDown => self.selected = (self.selected + 1) % lines,
            KeyCode::ArrowUp => self.selected = (self.selected + lines - 1) % lines,
            KeyCode::Enter | KeyCode::NumpadEnter => return self.choose(self.selected),
            _ => {
                let digit = crate::scenes::input::digit(key)?;
                if (1..=lines).contains(&digit) {
                    self.selected = digit - 1;
                    return self.choose(digit - 1);
                }
            }
        }
        None
    }

    /// Line `line` of the page chosen.
    pub fn choose(&mut self, line: usize) -> Option<Pick> {
        let words = |words: &[&str]| Some(Pick::Run(words.iter().map(|w| w.to_string()).collect()));
        match self.page {
            Page::Main => match line {
                0 => Some(Pick::Daily),
                1 => self.open_page(Page::Play),
                2 => self.open_page(Page::Coop),
                3 => words(&["--scene", "td", "--spawn-speed", "2"]),
                4 => words(&["--scene", "city"]),
                5 => words(&["--scene", "runner"]),
                6 => words(&["--scene", "platformer"]),
                _ => self.open_page(Page::Stress),
            },
            Page::Play => {
                let (_, level, scenario) = self.shipped.get(line)?;
                let (level, scenario) = (path_word(level), path_word(scenario));
                words(&["--level", &level, "--scenario", &scenario])
            }
            Page::Coop if line == 0 => self.host(),
            Page::Coop => {
                let code = self.join_code.trim();
                if code.is_empty() {
                    return None;
                }
                let name = self.join_name.trim();
                words(&["--join", code, "--name", name])
            }
            Page::Stress => Some(Pick::Stress {
                enemies: self.enemies,
                backend: self.backend,
            }),
        }
    }

    /// Co-op's host: the siege on the battle board where it was found, else the default
    /// board's spawner.
    fn host(&self) -> Option<Pick> {
        let siege = self
            .shipped
            .iter()
            .find(|(_, _, s)| s.ends_with("siege.ron"));
        let mut words = vec!["--host".to_string()];
        if let Some((_, level, scenario)) = siege {
            words.extend(["--level".to_string(), path_word(level)]);
            words.extend(["--scenario".to_string(), path_word(scenario)]);
        }
        Some(Pick::Run(words))
    }

    fn open_page(&mut self, page: Page) -> Option<Pick> {
        self.page = page;
        self.selected = 0;
        None
    }

    /// Draws the page in the middle of the screen; returns what was clicked.
    pub fn show(&mut self, ctx: &egui::Context, status: &str) -> Option<Pick> {
        let mut picked = None;
        egui::Window::new("Horde")
            .title_bar(false)
            .resizable(false)
            .collapsible(false)
            .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
            .show(ctx, |ui| {
                ui.vertical_centered(|ui| ui.heading("H O R D E"));
                ui.separator();
                picked = match self.page {
                    Page::Main => self.main_page(ui),
                    Page::Play => self.play_page(ui),
                    Page::Coop => self.coop_page(ui),
                    Page::Stress => self.stress_page(ui),
                };
                ui.separator();
                if !status.is_empty() {
                    ui.label(status);
                }
                let hint = match self.page {
                    Page::Main => "arrows and Enter, or 1–8 · Esc quits (in a scene: back here)",
                    _ => "arrows and Enter · Esc: back",
                };
                ui.weak(hint);
            });
        picked
    }

    /// A line of a list: highlighted where selected; whether it was clicked.
    fn line(&mut self, ui: &mut egui::Ui, index: usize, text: &str) -> bool {
        let label = format!("{}  {text}", index + 1);
        let clicked = ui.selectable_label(self.selected == index, label).clicked();
        if clicked {
            self.selected = index;
        }
        clicked
    }

    fn main_page(&mut self, ui: &mut egui::Ui) -> Option<Pick> {
        let mut picked = None;
        for (i, entry) in ENTRIES.iter().enumerate() {
            if self.line(ui, i, entry) {
                picked = self.choose(i);
            }
        }
        picked
    }

    fn play_page(&mut self, ui: &mut egui::Ui) -> Option<Pick> {
        ui.strong("Play a level");
        if self.shipped.is_empty() {
            ui.label("no shipped levels found (run Horde from its folder)");
        }
        let mut picked = None;
        for i in 0..self.shipped.len() {
            let title = self.shipped[i].0.clone();
            if self.line(ui, i, &title) {
                picked = self.choose(i);
            }
        }
        picked
    }

    fn coop_page(&mut self, ui: &mut egui::Ui) -> Option<Pick> {
        ui.strong("Co-op");
        let mut picked = None;
        if self.line(ui, 0, "Host a game (the join code shows in the game)") {
            picked = self.choose(0);
        }
        ui.horizontal(|ui| {
            ui.label("code");
            ui.text_edit_singleline(&mut self.join_code);
        });
        ui.horizontal(|ui| {
            ui.label("name");
            ui.text_edit_singleline(&mut self.join_name);
        });
        if self.line(ui, 1, "Join") {
            picked = self.choose(1);
        }
        picked
    }

    fn stress_page(&mut self, ui: &mut egui::Ui) -> Option<Pick> {
        ui.strong("Stress test");
        ui.horizontal(|ui| {
            ui.label("enemies");
            ui.add(egui::DragValue::new(&mut self.enemies).range(1..=10_000_000));
        });
        egui::ComboBox::from_label("backend")
            .selected_text(self.backend.to_string())
            .show_ui(ui, |ui| {
                for choice in BackendChoice::ALL {
                    ui.selectable_value(&mut self.backend, choice, choice.to_string());
                }
            });
        if self.line(ui, 0, "Start") {
            return self.choose(0);
        }
        None
    }
}

/// A path as a command-line word.
fn path_word(path: &Path) -> String {
    path.display().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assets() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets")
    }

    #[test]
    fn digits_pick_the_main_entries() {
        let mut menu = Menu::new(Some(&assets()));
        assert_eq!(menu.key(KeyCode::Digit1), Some(Pick::Daily));
        let sandbox = menu.key(KeyCode::Digit4);
        assert!(matches!(&sandbox, Some(Pick::Run(w)) if w[..2] == ["--scene", "td"]));
        assert_eq!(
            menu.key(KeyCode::Digit5),
            Some(Pick::Run(vec!["--scene".into(), "city".into()]))
        );
    }

    #[test]
    fn play_lists_every_shipped_game_and_arrows_move() {
        let mut menu = Menu::new(Some(&assets()));
        assert_eq!(
            menu.shipped.len(),
            SHIPPED.len(),
            "every shipped file is there"
        );
        assert_eq!(menu.key(KeyCode::Digit2), None);
        assert_eq!(menu.page, Page::Play);
        menu.key(KeyCode::ArrowDown);
        let Some(Pick::Run(words)) = menu.key(KeyCode::Enter) else {
            panic!("Enter on a game opens it");
        };
        assert!(words[1].ends_with("battle.txt") && words[3].ends_with("siege.ron"));
        assert!(menu.back() && !menu.back());
    }

    #[test]
    fn co_op_hosts_the_siege_and_joins_with_a_code() {
        let mut menu = Menu::new(Some(&assets()));
        menu.key(KeyCode::Digit3);
        let Some(Pick::Run(host)) = menu.choose(0) else {
            panic!("host");
        };
        assert_eq!(host[0], "--host");
        assert_eq!(menu.choose(1), None, "no code, no join");
        menu.join_code = "127.0.0.1:5#ab".into();
        menu.join_name = "ann".into();
        let join = ["--join", "127.0.0.1:5#ab", "--name", "ann"].map(String::from);
        assert_eq!(menu.choose(1), Some(Pick::Run(join.to_vec())));
    }

    #[test]
    fn the_stress_page_starts_with_its_count_and_backend() {
        let mut menu = Menu::new(None);
        assert!(menu.shipped.is_empty());
        menu.key(KeyCode::Digit8);
        menu.enemies = 2_000;
        let expected = Pick::Stress {
            enemies: 2_000,
            backend: BackendChoice::Auto,
        };
        assert_eq!(menu.key(KeyCode::Enter), Some(expected));
    }
}
