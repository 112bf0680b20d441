//! The host's side of a session: it plays the game like every peer, and relays. Each edit
//! (its own player's or a peer's) gets the tick it applies at — the host's tick plus the
//! delay — and every tick's list goes to every peer; the host paces the game, waits for a peer
//! that falls behind (naming them after half a second), drops one silent for ten seconds,
//! welcomes joiners with a save of its tick and the lists after it, and compares every peer's
//! checksums with its own.
//!
//! The rooms: this file (the settings, the pace, stamping and the lists), `peers.rs` (the
//! network's events, welcomes and name claims, each peer's messages checked, the silent
//! dropped), `slot.rs` (a peer as the host holds it), `compare.rs` (the peers' checksums
//! against the host's).

mod compare;
mod peers;
mod slot;

use crate::code::{Identity, JoinCode};
use crate::desync::Checks;
use crate::game::{Game, is_check_tick, play_tick, save_bytes};
use crate::net::HostNet;
use crate::rules::{
    CATCH_UP, LIST_EVERY, MAX_EDITS_PER_TICK, REPORT_EVERY, SILENT_DROP, WAIT_NAMED_AFTER,
};
use crate::wire::{PlayerState, Stamped, ToPeer, Welcome, WireEdit, check_name, frame};
use anyhow::{Result, bail};
use horde_core_sim::td::game::GameSource;
use horde_core_sim::td::history::checksum_hex;
use slot::Slot;
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The players are told who plays at least this often.
const PLAYERS_AT_LEAST: Duration = Duration::from_secs(3);

/// How a game is hosted.
#[derive(Clone, Debug)]
pub struct HostSettings {
    /// Where to listen (`127.0.0.1:0`: loopback, any free port).
    pub addr: SocketAddr,
    /// The host's player name.
    pub name: String,
    /// Ticks between the tick an edit reaches the host at and the tick it applies at.
    pub delay_ticks: u64,
    /// The pace: 60 ticks a second times this.
    pub speed: f64,
    /// How many players (the host too) the game waits for before its first tick.
    pub players: usize,
    /// The tick the game ends after (headless), if any.
    pub last_tick: Option<u64>,
    /// Where the game came from (the joiners' saves name it).
    pub source: Option<GameSource>,
    /// Where a desync's save is written.
    pub report_dir: PathBuf,
}

/// What [`Host::advance`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Advance {
    /// Ticks stepped.
    pub stepped: u64,
    /// Whom the game waits for (named once it has waited half a second).
    pub waiting_for: Vec<String>,
}

/// A hosted game's session.
pub struct Host {
    settings: HostSettings,
    net: HostNet,
    code: JoinCode,
    peers: Vec<Slot>,
    /// Edits stamped and not yet applied, in the order they apply.
    pending: VecDeque<Stamped>,
    /// The lists are sent through this tick.
    sent_through: u64,
    /// Whether the first tick was played (the game waits for its players before).
    started: bool,
    /// When the next tick is due.
    next_step: Instant,
    checks: Checks,
    /// Peers' checksums for ticks the host has not played yet.
    early: Vec<(u64, String, u64)>,
    waiting_since: Option<Instant>,
    /// When the players were last told who plays, and what they were told.
    players_sent: (Instant, Vec<PlayerState>),
    /// Everyone who played, in the order they came.
    everyone: Vec<String>,
    /// The host's own edits at its last stamp tick.
    own_edits_at: (u64, usize),
    /// How many times the host took the game back ([`Host::rewind`]).
    epoch: u32,
    /// When the game's end was first seen, and whether the peers were told it.
    end: Option<(Instant, bool)>,
}

impl Host {
    /// Opens the game for joiners at `settings.addr`.
    pub fn start(settings: HostSettings) -> Result<Host> {
        check_name(&settings.name).map_err(|e| anyhow::anyhow!("--name: {e}"))?;
        if !(settings.speed.is_finite() && settings.speed > 0.0) {
            bail!("--speed: {} is not a positive number", settings.speed);
        }
        let identity = Identity::new()?;
        let net = HostNet::start(settings.addr, &identity)?;
        let code = JoinCode {
            addr: net.addr(),
            fingerprint: identity.fingerprint(),
        };
        let now = Instant::now();
        Ok(Host {
            everyone: vec![settings.name.clone()],
            settings,
            net,
            code,
            peers: Vec::new(),
            pending: VecDeque::new(),
            sent_through: 0,
            started: false,
            next_step: now,
            checks: Checks::default(),
            early: Vec::new(),
            waiting_since: None,
            players_sent: (now, Vec::new()),
            own_edits_at: (0, 0),
            epoch: 0,
            end: None,
        })
    }

    /// The code a joiner gives (`ADDR#FINGERPRINT`).
    pub fn code(&self) -> JoinCode {
        self.code
    }

    /// The line a host prints: `join code: CODE`, and where it listens on every address, that
    /// others put this machine's address in place of the unspecified one.
    pub fn code_line(&self) -> String {
        let code = self.code;
        if code.addr.ip().is_unspecified() {
            format!(
                "join code: {code} (from another machine: this machine's address in place of {})",
                code.addr.ip()
            )
        } else {
            format!("join code: {code}")
        }
    }

    /// The host's player name.
    pub fn name(&self) -> &str {
        &self.settings.name
    }

    /// Everyone who played so far, the host first.
    pub fn everyone(&self) -> &[String] {
        &self.everyone
    }

    /// How many peers are connected.
    pub fn peer_count(&self) -> usize {
        self.peers.len()
    }

    /// Ticks between an edit and the tick it applies at.
    pub fn delay_ticks(&self) -> u64 {
        self.settings.delay_ticks
    }

    /// Every player with their ping, the host first.
    pub fn players(&self, game_tick: u64) -> Vec<PlayerState> {
        let waited = self.waited_for(game_tick);
        let mut players = vec![PlayerState {
            name: self.settings.name.clone(),
            ping_ms: 0,
            tick: game_tick,
            waited_for: false,
        }];
        players.extend(self.peers.iter().map(|slot| PlayerState {
            name: slot.name.clone(),
            ping_ms: slot.link.rtt().as_millis().min(u32::MAX as u128) as u32,
            tick: slot.tick,
            waited_for: waited.contains(&slot.name),
        }));
        players
    }

    /// Bytes sent to and received from each peer, by name.
    pub fn traffic(&self) -> Vec<(String, u64, u64)> {
        self.peers
            .iter()
            .map(|slot| {
                let (sent, received) = slot.link.bytes();
                (slot.name.clone(), sent, received)
            })
            .collect()
    }

    /// The host's own player made `edit`: it applies `delay_ticks` after the host's tick.
    pub fn edit(&mut self, game_tick: u64, edit: WireEdit) {
        let stamp = game_tick + self.settings.delay_ticks;
        if self.own_edits_at.0 != stamp {
            self.own_edits_at = (stamp, 0);
        }
        if self.own_edits_at.1 >= MAX_EDITS_PER_TICK {
            log::warn!("co-op: more than {MAX_EDITS_PER_TICK} edits a tick from the host: dropped");
            return;
        }
        self.own_edits_at.1 += 1;
        self.pending.push_back(Stamped {
            tick: stamp,
            player: self.settings.name.clone(),
            edit,
        });
    }

    /// Hears the network, drops silent peers, and plays the ticks that are due (none before
    /// every expected player is here, none past the last tick, none while a peer lags).
    pub fn advance<G: Game>(&mut self, game: &mut G, now: Instant) -> Result<Advance> {
        self.hear(game, now)?;
        self.drop_silent(now);
        let mut advance = Advance::default();
        if !self.started {
            if self.peers.len() + 1 < self.settings.players {
                // Those here hear the host while it waits (a joiner takes silence for its end).
                self.tell_players(game.tick(), now);
                return Ok(advance);
            }
            self.started = true;
            self.next_step = now;
            self.send_lists(game.tick(), true);
        }
        let period = Duration::from_secs_f64(1.0 / (60.0 * self.settings.speed));
        while !self.finished(game) && now >= self.next_step {
            while let Some(edit) = game.scripted_edit() {
                self.edit(game.tick(), edit);
            }
            let next = game.tick() + 1;
            if self.any_lagging(next) {
                self.waiting_since.get_or_insert(now);
                // After a wait the game goes on from then at its pace; it does not sprint.
                self.next_step = now;
                break;
            }
            self.waiting_since = None;
            self.play(game, next)?;
            advance.stepped += 1;
            self.next_step += period;
            if let Some(floor) = now.checked_sub(CATCH_UP) {
                self.next_step = self.next_step.max(floor);
            }
            if advance.stepped >= 240 {
                break;
            }
        }
        if self.waiting_since.is_some() {
            advance.waiting_for = self.waited_for(game.tick());
        }
        self.tell_players(game.tick(), now);
        Ok(advance)
    }

    /// Every half second, tells the peers who plays — when whom the game waits for changed,
    /// or a ping moved by more than a few milliseconds, and at least every few seconds (the
    /// bytes of a quiet game stay few).
    fn tell_players(&mut self, tick: u64, now: Instant) {
        if now.duration_since(self.players_sent.0) < Duration::from_millis(500) {
            return;
        }
        let players = self.players(tick);
        let changed = players.len() != self.players_sent.1.len()
            || players.iter().zip(&self.players_sent.1).any(|(a, b)| {
                a.name != b.name
                    || a.waited_for != b.waited_for
                    || a.ping_ms.abs_diff(b.ping_ms) > 5
            });
        if !changed && now.duration_since(self.players_sent.0) < PLAYERS_AT_LEAST {
            return;
        }
        self.broadcast(&Arc::new(frame(&ToPeer::Players(players.clone()))));
        self.players_sent = (now, players);
    }

    /// Keeps the peers told who plays while the host's game stands still (a window's player
    /// looking back through the timeline: nothing is heard or played then, the game being
    /// elsewhere), `tick` the live game's: a joiner takes a host silent for ten seconds for
    /// gone.
    pub fn keep_alive(&mut self, tick: u64, now: Instant) {
        self.tell_players(tick, now);
    }

    /// When the next tick is due (a headless loop sleeps until then).
    pub fn next_step(&self) -> Instant {
        self.next_step
    }

    /// Whether the game reached its last tick or was decided.
    pub fn finished<G: Game>(&self, game: &G) -> bool {
        game.over()
            || self
                .settings
                .last_tick
                .is_some_and(|last| game.tick() >= last)
    }

    /// The game ended: waits (at most ten seconds) for every peer's checksum of the last tick,
    /// compares it, and tells everyone the end.
    pub fn finish<G: Game>(&mut self, game: &mut G) -> Result<()> {
        while !self.try_finish(game, Instant::now())? {
            std::thread::sleep(Duration::from_millis(2));
        }
        Ok(())
    }

    /// [`Host::finish`] without waiting, for a loop that goes on meanwhile (a window): hears
    /// the peers and, once every one reached the last tick (or ten seconds after the end),
    /// compares their checksums of it and tells everyone the end. Whether they were told.
    pub fn try_finish<G: Game>(&mut self, game: &mut G, now: Instant) -> Result<bool> {
        let since = match self.end {
            Some((_, true)) => return Ok(true),
            Some((since, false)) => since,
            None => self.end.insert((now, false)).0,
        };
        let last = game.tick();
        self.hear(game, now)?;
        self.drop_silent(now);
        let missing: Vec<&str> = self
            .peers
            .iter()
            .filter(|slot| slot.tick < last)
            .map(|slot| slot.name.as_str())
            .collect();
        if !missing.is_empty() {
            if now < since + SILENT_DROP {
                self.tell_players(last, now);
                return Ok(false);
            }
            log::warn!(
                "co-op: the game ended; {} did not reach its last tick in time",
                missing.join(", ")
            );
        }
        // Checksums of the last tick that came with the reports.
        self.compare_early(game, last)?;
        let end = Arc::new(frame(&ToPeer::End {
            tick: last,
            checksum: game.sim().checksum(),
            players: self.everyone.clone(),
        }));
        self.broadcast(&end);
        self.end = Some((since, true));
        log::info!("co-op: the game ended at tick {last}; every player told");
        Ok(true)
    }

    /// Whether the peers were told the game's end.
    pub fn ended(&self) -> bool {
        matches!(self.end, Some((_, true)))
    }

    /// The host's player took the game back (an undo: `game` was moved to an earlier tick of
    /// its history and edited there): every peer gets the game again from a save of that
    /// tick, and every later tick — its edits, its lists, its checksums — is forgotten.
    pub fn rewind<G: Game>(&mut self, game: &G) -> Result<()> {
        let tick = game.tick();
        let save = save_bytes(game.sim(), self.settings.source.as_ref())?;
        self.epoch += 1;
        self.end = None;
        self.pending.clear();
        self.sent_through = tick;
        self.checks.forget_after(tick);
        self.early.clear();
        for slot in &mut self.peers {
            slot.tick = tick;
        }
        let players = self.players(tick);
        let placers = game.placers();
        let welcome = |name: &str| {
            Arc::new(frame(&ToPeer::Rewind(Box::new(Welcome {
                name: name.to_string(),
                host: self.settings.name.clone(),
                delay_ticks: self.settings.delay_ticks,
                speed: self.settings.speed,
                last_tick: self.settings.last_tick,
                save: save.clone(),
                through: tick,
                edits: Vec::new(),
                players: players.clone(),
                epoch: self.epoch,
                placers: placers.clone(),
            }))))
        };
        for slot in &self.peers {
            slot.link.send(welcome(&slot.name));
        }
        log::info!("co-op: the host took the game back to tick {tick}");
        Ok(())
    }

    /// Lets go of every peer (what was queued is sent first) and waits, briefly, for the
    /// connections to close; dropping the host does the same (a window that closes on the
    /// game's end still delivers it).
    pub fn close(self) {
        drop(self);
    }

    /// Plays tick `next`: its edits, the step, the checks; then the lists due.
    fn play<G: Game>(&mut self, game: &mut G, next: u64) -> Result<()> {
        let due = self.pending.iter().take_while(|e| e.tick <= next).count();
        let edits: Vec<Stamped> = self.pending.drain(..due).collect();
        play_tick(game, &edits);
        let over = game.over();
        if is_check_tick(next, self.settings.last_tick, over) {
            let checksum = self.checks.keep(game.sim());
            log::debug!("co-op: tick {next} checked: {}", checksum_hex(checksum));
        }
        self.send_lists(next, false);
        self.compare_early(game, next)
    }

    /// Sends the lists final after the host's `tick`: through `tick + delay − 1` (a later
    /// edit applies at `tick + delay` or after), when enough ticks gathered or an edit is
    /// among them.
    fn send_lists(&mut self, tick: u64, now: bool) {
        let mut through = tick + self.settings.delay_ticks.max(1) - 1;
        if let Some(last) = self.settings.last_tick {
            through = through.min(last);
        }
        if through <= self.sent_through && !(now && through == 0) {
            return;
        }
        let from = self.sent_through;
        let has_edit = self
            .pending
            .iter()
            .any(|e| e.tick > from && e.tick <= through);
        let at_end = Some(through) == self.settings.last_tick;
        let every = LIST_EVERY.min(self.settings.delay_ticks).max(1);
        if !(now || has_edit || at_end || through - from >= every) {
            return;
        }
        let edits: Vec<Stamped> = self
            .pending
            .iter()
            .filter(|e| e.tick > from && e.tick <= through)
            .cloned()
            .collect();
        self.sent_through = through;
        let lists = Arc::new(frame(&ToPeer::Lists {
            from,
            through,
            edits,
        }));
        self.broadcast(&lists);
    }

    fn broadcast(&self, frame: &Arc<Vec<u8>>) {
        for slot in &self.peers {
            slot.link.send(frame.clone());
        }
    }

    /// The peers the host would wait for before playing `next`: more than the delay (and a
    /// report's interval) behind.
    fn lagging(&self, next: u64) -> Vec<&str> {
        self.peers
            .iter()
            .filter(|slot| self.lags(slot, next))
            .map(|slot| slot.name.as_str())
            .collect()
    }

    /// Whether any peer lags (what [`Host::lagging`] names, asked every tick without a list).
    fn any_lagging(&self, next: u64) -> bool {
        self.peers.iter().any(|slot| self.lags(slot, next))
    }

    /// Whether `slot` is too far behind for the host to play `next`.
    fn lags(&self, slot: &Slot, next: u64) -> bool {
        slot.tick + self.settings.delay_ticks + 2 * REPORT_EVERY < next
    }

    /// Whom the game has waited for, for half a second or more.
    fn waited_for(&self, game_tick: u64) -> Vec<String> {
        match self.waiting_since {
            Some(since) if since.elapsed() >= WAIT_NAMED_AFTER => self
                .lagging(game_tick + 1)
                .into_iter()
                .map(str::to_string)
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl Drop for Host {
    /// What was queued for the peers (the game's end among it) is sent before the network
    /// closes: every peer let go, then a wait (at most the linger and a little) for each to
    /// read it all and the connections to close — at once where they do.
    fn drop(&mut self) {
        self.peers.clear();
        self.net
            .wait_idle(crate::net::HOST_LINGER + Duration::from_secs(2));
    }
}
