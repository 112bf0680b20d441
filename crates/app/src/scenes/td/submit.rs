//! The window's *Submit* of a lost challenge: a challenge game records itself (into the data
//! folder when `--record` names no file), and once it is over a panel offers to send the
//! recording to the board server (`--server`, else `HORDE_SERVER`). The request runs on a
//! thread of its own, never the render thread; the panel then shows the server's answer — the
//! run's rank, or its refusal — and the day's top ten.

use super::game::TdGame;
use crate::online::token_for;
use crate::overlay;
use horde_online::{Client, RunAccepted, TopRun};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, TryRecvError};

/// What the server answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The player's name.
    pub player: String,
    /// The run as the server ranked it.
    pub run: RunAccepted,
    /// The day's top ten after it.
    pub top: Vec<TopRun>,
}

/// Where a submission stands.
#[derive(Debug)]
pub enum Submission {
    /// Not sent yet.
    Ready,
    /// Sent; the server replays it.
    Sending(Receiver<Result<Answer, String>>),
    /// Ranked.
    Ranked(Answer),
    /// Refused, or the server could not be reached (it may be sent again).
    Failed(String),
}

/// The panel and what it sends.
#[derive(Debug)]
pub struct SubmitPanel {
    /// The board server's base URL.
    pub server: String,
    /// The tokens file (the data folder's `board-tokens`).
    pub tokens: PathBuf,
    /// The name to make a player with, where the server has none of ours yet (the user's
    /// login name to start with, so that a newcomer's Enter submits).
    pub name: String,
    /// The recording, once the game is over and its writer closed.
    recording: Option<PathBuf>,
    /// Where the submission stands.
    pub state: Submission,
}

impl SubmitPanel {
    /// A panel that submits to `server`, keeping tokens in `tokens`.
    pub fn new(server: String, tokens: PathBuf) -> SubmitPanel {
        SubmitPanel {
            server,
            tokens,
            name: default_name(),
            recording: None,
            state: Submission::Ready,
        }
    }

    /// Sends `game`'s recording (closing it first: the game is over) as the player `name`
    /// (used only where no token is kept), on a thread of its own.
    pub fn submit(&mut self, game: &mut TdGame, name: Option<String>) {
        if let Some(writer) = game.take_recording() {
            let path = writer.path().to_path_buf();
            if let Err(e) = writer.finish() {
                self.state = Submission::Failed(format!("closing the recording: {e}"));
                return;
            }
            self.recording = Some(path);
        }
        let Some(path) = self.recording.clone() else {
            self.state = Submission::Failed(
                "this game has no recording to submit (play with --challenge .. --record F)"
                    .to_string(),
            );
            return;
        };
        let (server, tokens) = (self.server.clone(), self.tokens.clone());
        let sent = crate::worker::once("submit", move || {
            send_run(&server, &tokens, name.as_deref(), &path)
        });
        self.state = match sent {
            Some(answer) => Submission::Sending(answer),
            None => Submission::Failed("no thread to submit on".to_string()),
        };
    }

    /// Whether Submit may be pressed (not sent yet, or sent and refused).
    pub fn ready(&self) -> bool {
        matches!(self.state, Submission::Ready | Submission::Failed(_))
    }

    /// Submits as the name field says (Enter, or the button).
    pub fn submit_as_named(&mut self, game: &mut TdGame) {
        let name = self.name.trim();
        let name = (!name.is_empty()).then(|| name.to_string());
        self.submit(game, name);
    }

    /// Takes the server's answer if it came.
    pub fn poll(&mut self) {
        if let Submission::Sending(answer) = &self.state {
            self.state = match answer.try_recv() {
                Ok(Ok(ranked)) => {
                    log::info!(
                        "submit: {}'s run ranks #{} of day {}",
                        ranked.player,
                        ranked.run.rank,
                        ranked.run.day
                    );
                    Submission::Ranked(ranked)
                }
                Ok(Err(why)) => {
                    log::warn!("submit: {why}");
                    Submission::Failed(why)
                }
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    Submission::Failed("the submission stopped".to_string())
                }
            };
        }
    }

    /// The panel, once `game` is over: the Submit button (and a name field), then the answer.
    pub fn show(&mut self, ctx: &egui::Context, game: &mut TdGame) {
        self.poll();
        let waves = game.sim().wave_tally().cleared;
        let mut send = None;
        let place = egui::Vec2::new(0.0, 60.0);
        overlay::panel(ctx, "td submit", egui::Align2::CENTER_CENTER, place, |ui| {
            ui.set_min_width(320.0);
            let plural = if waves == 1 { "" } else { "s" };
            ui.strong(format!("Challenge over: {waves} wave{plural} cleared"));
            match &self.state {
                Submission::Ready | Submission::Failed(_) => {
                    if let Submission::Failed(why) = &self.state {
                        ui.colored_label(overlay::ERROR_COLOR, why);
                    }
                    ui.horizontal(|ui| {
                        ui.label("name");
                        ui.text_edit_singleline(&mut self.name);
                    });
                    ui.label(format!("to {}", self.server));
                    if ui.button("Submit (Enter)").clicked() {
                        let name = self.name.trim();
                        send = Some((!name.is_empty()).then(|| name.to_string()));
                    }
                }
                Submission::Sending(_) => {
                    ui.label(format!("{} replays the run…", self.server));
                }
                Submission::Ranked(answer) => {
                    ui.label(format!(
                        "{}'s run ranks #{} of day {}",
                        answer.player, answer.run.rank, answer.run.day
                    ));
                    for run in &answer.top {
                        let mine = run.run == answer.run.run;
                        let line = format!(
                            "{:>3}. {}  {} waves  {} ticks",
                            run.rank, run.player, run.score, run.ticks
                        );
                        if mine {
                            ui.strong(line);
                        } else {
                            ui.label(line);
                        }
                    }
                }
            }
        });
        if let Some(name) = send {
            self.submit(game, name);
        }
    }
}

/// Sends the recording at `path` to `server` (as the kept player, or a new one named `name`)
/// and asks for the day's top ten.
fn send_run(
    server: &str,
    tokens: &std::path::Path,
    name: Option<&str>,
    path: &std::path::Path,
) -> Result<Answer, String> {
    let text = horde_files::read_text(path, horde_files::TEXT_CAP).map_err(|e| e.to_string())?;
    let client = Client::new(server);
    let (player, token) = token_for(&client, tokens, name).map_err(|e| format!("{e:#}"))?;
    let (_, run) = client.submit(&token, &text).map_err(|e| e.to_string())?;
    let top = client
        .day(&run.day.to_string(), 10)
        .map_err(|e| e.to_string())?
        .top;
    Ok(Answer { player, run, top })
}

/// The name a newcomer's first run is submitted under: the login name, else `player`.
fn default_name() -> String {
    ["USER", "USERNAME"]
        .iter()
        .filter_map(|var| std::env::var(var).ok())
        .map(|name| name.trim().to_string())
        .find(|name| !name.is_empty())
        .unwrap_or_else(|| "player".to_string())
}
