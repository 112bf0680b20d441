//! Co-op in the window: the scene's side of a lockstep session ([`horde_lockstep`]). The
//! session steps the game at the host's pace (the shell's clock and play speed do not), each
//! click goes to the host as an edit and applies when the host's list says — on every
//! player's board at the same tick — and each tower remembers who placed it (its base is
//! tinted in that player's colour); `--script` makes a script's edits as this player, each at
//! its tick, beside the mouse. The HUD lists the players with their ping and whom the
//! game waits for; the inspector shows the host's join code. The timeline looks back (this
//! side waits meanwhile); an edit behind the live edge is the host's undo, which takes every
//! board back to that tick, and is refused to a joiner.

use super::game::{Plain, TdGame};
use super::looks::player_color;
use crate::cli::coop::CoopFlags;
use crate::overlay;
use anyhow::{Result, bail};
use horde_core_sim::td::files::EditScript;
use horde_core_sim::td::game::Simulation;
use horde_core_sim::td::tiles::EditKind;
use horde_games::{CoopSide, Mode};
use horde_lockstep::{
    Game, Host, HostSettings, Peer, Placer, PlayerScript, PlayerState, Stamped, WireEdit,
};
use std::path::Path;
use std::time::Instant;

/// How often the *Co-op* window reads the players again.
const SHOWN_EVERY: std::time::Duration = std::time::Duration::from_millis(250);

/// Hosting or joined.
enum Session {
    Host(Box<Host>),
    Peer(Box<Peer>),
}

/// The scene's co-op session.
pub struct TdCoop {
    session: Session,
    /// The host's join code (`ADDR#FINGERPRINT`), for the inspector.
    pub code: Option<String>,
    /// Everyone who placed something, in the order their colours go (the host first).
    places: Vec<String>,
    /// Why the game stopped (a desync, the host gone), for the HUD; the board stays as it was.
    pub stopped: Option<String>,
    /// Whom the game waits for (named after half a second).
    waiting_for: Vec<String>,
    /// This player's scripted edits (`--script`), made as the game reaches their ticks.
    script: PlayerScript,
    /// Whether the game ended for everyone (the host told the end; a joiner reached it on
    /// the host's checksum).
    ended: bool,
    /// The players as the *Co-op* window shows them, and when they were read (a few times a
    /// second, not every frame).
    shown: (Option<Instant>, Vec<PlayerState>),
}

/// The window's game as the session drives it: edits through the game (history, recording,
/// refusal flash), steps through its history hook, each tower's placer remembered.
struct Live<'a> {
    game: &'a mut TdGame,
    places: &'a mut Vec<String>,
    script: &'a mut PlayerScript,
}

impl Live<'_> {
    /// The place (from 1) of `player` in the colours' order, added where new.
    fn place_of(&mut self, player: &str) -> u8 {
        let at = match self.places.iter().position(|n| n == player) {
            Some(at) => at,
            None => {
                self.places.push(player.to_string());
                self.places.len() - 1
            }
        };
        (at + 1).min(usize::from(u8::MAX)) as u8
    }

    /// `player`'s edit of `kind` at `(x, y)`, through the game (its recording naming them);
    /// the tile's tower remembers them as its placer (a tile left without one, nobody).
    fn edit_as(&mut self, player: &str, kind: EditKind, x: i64, y: i64) -> Result<(), String> {
        (self.game.edit_by(Some(player), kind, x, y)).map_err(|e| e.to_string())?;
        if let Some(index) = self.game.sim().board().index(x, y) {
            let place = self.place_of(player);
            let placed = matches!(kind, EditKind::Tower(_))
                && self.game.sim().towers().on_tile(index).is_some();
            self.game.set_tower_owner(index, placed.then_some(place));
        }
        Ok(())
    }
}

impl Game for Live<'_> {
    fn sim(&self) -> &Simulation {
        self.game.sim()
    }

    fn apply(&mut self, edit: &Stamped, kind: EditKind) -> Result<(), String> {
        self.edit_as(&edit.player, kind, edit.edit.x, edit.edit.y)
    }

    fn restore(&mut self, saved: horde_core_sim::td::files::SavedGame) {
        self.game.adopt(saved);
    }

    fn step(&mut self) {
        self.game.step_with(&mut Plain);
    }

    fn placers(&self) -> Vec<Placer> {
        let towers = self.game.sim().towers().all();
        (towers.iter())
            .filter_map(|t| {
                let place = self.game.tower_owner(t.tile as usize)?;
                let player = self.places.get(usize::from(place) - 1)?;
                Some(Placer {
                    tile: t.tile,
                    player: player.clone(),
                })
            })
            .collect()
    }

    fn set_placers(&mut self, placers: &[Placer]) {
        for placer in placers {
            let place = self.place_of(&placer.player);
            self.game.set_tower_owner(placer.tile as usize, Some(place));
        }
    }

    fn scripted_edit(&mut self) -> Option<WireEdit> {
        let tick = self.game.sim().counts().ticks;
        let edit = self.script.due(tick)?;
        log::info!(
            "co-op: scripted {} at ({}, {}) sent at tick {tick}",
            edit.action,
            edit.x,
            edit.y
        );
        Some(edit)
    }
}

impl TdCoop {
    /// Hosts `game` as `flags` say (`--host ADDR`, its delay, pace and players).
    pub fn host(game: &TdGame, flags: &CoopFlags) -> Result<TdCoop> {
        let Some(addr) = flags.host else {
            bail!("--host: no address");
        };
        let name = flags.name.clone().unwrap_or_else(|| "host".to_string());
        let host = Host::start(HostSettings {
            addr,
            name: name.clone(),
            delay_ticks: flags.delay_ticks(),
            speed: flags.pace(),
            players: flags.players() as usize,
            last_tick: None,
            source: game.source().cloned(),
            report_dir: ".".into(),
        })?;
        let code = host.code().to_string();
        if let Some(path) = &flags.code_out {
            horde_files::write_file(path, format!("{code}\n").as_bytes())
                .map_err(|e| anyhow::anyhow!("--code-out: {e}"))?;
        }
        eprintln!("{}", host.code_line());
        Ok(TdCoop {
            session: Session::Host(Box::new(host)),
            code: Some(code),
            places: vec![name],
            stopped: None,
            waiting_for: Vec::new(),
            script: PlayerScript::default(),
            ended: false,
            shown: (None, Vec::new()),
        })
    }

    /// Joins the game `code` names as `name`: the game, from the host's save, and the session.
    pub fn join(code: &str, name: Option<&str>) -> Result<(TdGame, TdCoop)> {
        let (peer, saved) = Peer::join(code, name.unwrap_or(""), std::path::Path::new("."))?;
        eprintln!(
            "joined {}'s game as {} at tick {}",
            peer.host(),
            peer.name(),
            saved.sim.counts().ticks
        );
        let mut game = TdGame::from_saved(saved);
        let placers = peer.placers().to_vec();
        let mut coop = TdCoop {
            places: vec![peer.host().to_string()],
            session: Session::Peer(Box::new(peer)),
            code: None,
            stopped: None,
            waiting_for: Vec::new(),
            script: PlayerScript::default(),
            ended: false,
            shown: (None, Vec::new()),
        };
        Live {
            game: &mut game,
            places: &mut coop.places,
            script: &mut coop.script,
        }
        .set_placers(&placers);
        Ok((game, coop))
    }

    /// Plays the edit script at `path` as this player (`--script`): checked against the
    /// board, from the tick after the game's (a joiner's earlier lines were made before).
    pub fn play_script(&mut self, path: &Path, game: &TdGame) -> Result<()> {
        let script = EditScript::load(path)?;
        let sim = game.sim();
        script
            .check_on(sim.board(), path)
            .map_err(anyhow::Error::msg)?;
        self.script = PlayerScript::of(&script);
        if matches!(self.session, Session::Peer(_)) {
            self.script.skip_through(sim.counts().ticks);
        }
        log::info!(
            "co-op: {} plays {} ({} edits)",
            self.name(),
            path.display(),
            self.script.len()
        );
        Ok(())
    }

    /// The game's mode on this side: co-op, as host or joiner, with the players as they
    /// stand.
    pub fn mode(&self, game: &TdGame) -> Mode {
        self.mode_of(self.players(game).len())
    }

    /// Co-op as this side plays it, with `players` in the game.
    fn mode_of(&self, players: usize) -> Mode {
        let side = match &self.session {
            Session::Host(_) => CoopSide::Host,
            Session::Peer(_) => CoopSide::Joiner,
        };
        Mode::Coop {
            side,
            players: players.max(1),
        }
    }

    /// This player's name.
    pub fn name(&self) -> &str {
        match &self.session {
            Session::Host(host) => host.name(),
            Session::Peer(peer) => peer.name(),
        }
    }

    /// Hears the network and plays the ticks due; an error stops the game, saying why.
    pub fn advance(&mut self, game: &mut TdGame) {
        let now = Instant::now();
        if self
            .shown
            .0
            .is_none_or(|at| now.duration_since(at) >= SHOWN_EVERY)
        {
            self.shown = (Some(now), self.players(game));
            game.set_mode(self.mode_of(self.shown.1.len()));
        }
        if self.stopped.is_some() {
            return;
        }
        // The session plays the live game: while this player looks back, their side waits
        // (and the game waits for them, the HUD says) until they are back at the live edge.
        if game.sim().counts().ticks != game.live_tick() {
            // The peers still hear the host meanwhile (they take a silent host for gone).
            if let Session::Host(host) = &mut self.session {
                host.keep_alive(game.live_tick(), now);
            }
            return;
        }
        let mut live = Live {
            game,
            places: &mut self.places,
            script: &mut self.script,
        };
        let ended = &mut self.ended;
        let result = match &mut self.session {
            Session::Host(host) => host.advance(&mut live, now).and_then(|a| {
                // The game's end goes to everyone once they reach it; the window goes on.
                if host.finished(&live) {
                    *ended = host.try_finish(&mut live, now)?;
                }
                Ok(a.waiting_for)
            }),
            Session::Peer(peer) => peer.advance(&mut live, now, 240).map(|a| {
                *ended = a.finished;
                let players = peer.players().iter();
                players
                    .filter(|p| p.waited_for)
                    .map(|p| p.name.clone())
                    .collect()
            }),
        };
        match result {
            Ok(waiting_for) => self.waiting_for = waiting_for,
            Err(e) => {
                log::error!("{e:#}");
                self.stopped = Some(format!("{e:#}"));
            }
        }
    }

    /// This player's edit of `kind` at `(x, y)`: to the host, applying a delay later.
    pub fn edit(
        &mut self,
        game: &mut TdGame,
        kind: EditKind,
        x: i64,
        y: i64,
    ) -> Result<(), String> {
        if self.stopped.is_some() {
            return Err("the co-op game has stopped".to_string());
        }
        let tick = game.sim().counts().ticks;
        if tick != game.live_tick() {
            return self.undo(game, kind, x, y);
        }
        let edit = WireEdit::of(kind, x, y);
        log::info!("co-op: {} sent {} at ({x}, {y})", self.name(), edit.action);
        match &mut self.session {
            Session::Host(host) => host.edit(tick, edit),
            Session::Peer(peer) => peer.edit(tick, edit),
        }
        Ok(())
    }

    /// An edit behind the live edge: the host's undo — the game goes on from here with the
    /// edit, on every board (each peer gets the game again from the host's save of this tick);
    /// a joiner's is refused.
    fn undo(&mut self, game: &mut TdGame, kind: EditKind, x: i64, y: i64) -> Result<(), String> {
        let Session::Host(host) = &mut self.session else {
            return Err(
                "co-op: only the host takes the game back; edits are made at the live edge (End goes there)"
                    .to_string(),
            );
        };
        let mut live = Live {
            game,
            places: &mut self.places,
            script: &mut self.script,
        };
        live.edit_as(host.name(), kind, x, y)?;
        host.rewind(&live).map_err(|e| format!("co-op: {e:#}"))?;
        log::info!("co-op: the host took the game back to tick {}", live.tick());
        Ok(())
    }

    /// Where the session stands, for the summary: `waiting` (for a slow player, named in the
    /// *Co-op* window), `playing`, `ended` (for everyone, on one checksum) or `stopped` (a
    /// desync, the host gone).
    pub fn state(&self) -> &'static str {
        if self.stopped.is_some() {
            "stopped"
        } else if self.ended {
            "ended"
        } else if !self.waiting_for.is_empty() {
            "waiting"
        } else {
            "playing"
        }
    }

    /// Everyone playing, the host first, with their pings.
    pub fn players(&self, game: &TdGame) -> Vec<PlayerState> {
        match &self.session {
            Session::Host(host) => host.players(game.sim().counts().ticks),
            Session::Peer(peer) => peer.players().to_vec(),
        }
    }

    /// The names of the players who placed the towers standing, in the towers' order.
    pub fn tower_owners(&self, game: &TdGame) -> Vec<String> {
        let towers = game.sim().towers().all();
        towers
            .iter()
            .filter_map(|t| game.tower_owner(t.tile as usize))
            .filter_map(|place| self.places.get(usize::from(place) - 1).cloned())
            .collect()
    }

    /// The players' window: each with their colour and ping, whom the game waits for, and
    /// why it stopped.
    pub fn show(&self, ctx: &egui::Context) {
        let players = &self.shown.1;
        egui::Window::new("Co-op")
            .anchor(egui::Align2::LEFT_TOP, [8.0, 96.0])
            .resizable(false)
            .collapsible(true)
            .show(ctx, |ui| {
                for (at, player) in players.iter().enumerate() {
                    let place = self.places.iter().position(|n| *n == player.name);
                    let color = place
                        .and_then(|p| player_color(p as u8 + 1))
                        .map_or(egui::Color32::GRAY, |[r, g, b, _]| {
                            egui::Color32::from_rgb(r, g, b)
                        });
                    let you = if player.name == self.name() {
                        " (you)"
                    } else {
                        ""
                    };
                    // The host comes first; a ping under a millisecond reads 0.
                    let ping = match (at, player.ping_ms) {
                        (0, _) => "host".to_string(),
                        (_, 0) => "< 1 ms".to_string(),
                        (_, ms) => format!("{ms} ms"),
                    };
                    ui.horizontal(|ui| {
                        // The player's colour as a swatch (the fonts have no square glyph).
                        let (swatch, _) =
                            ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                        ui.painter().rect_filled(swatch, 2.0, color);
                        ui.colored_label(color, format!("{}{you}   {ping}", player.name));
                    });
                }
                if !self.waiting_for.is_empty() {
                    ui.colored_label(
                        overlay::ERROR_COLOR,
                        format!("waiting for {}", self.waiting_for.join(", ")),
                    );
                }
                if let Some(why) = &self.stopped {
                    ui.colored_label(overlay::ERROR_COLOR, why);
                }
            });
    }
}
