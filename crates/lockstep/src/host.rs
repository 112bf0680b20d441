//! The host's side of a session: it plays the game like every peer, and relays. Each edit
//! (its own player's or a peer's) gets the tick it applies at — the host's tick plus the
//! delay — and every tick's list goes to every peer; the host paces the game, waits for a peer
//! that falls behind (naming them after half a second), drops one silent for ten seconds,
//! welcomes joiners with a save of its tick and the lists after it, and compares every peer's
//! checksums with its own.

use crate::game::{Checks, Game, is_check_tick, play_tick, save_bytes};
use crate::net::{HostEvent, HostNet, Link};
use crate::wire::{
    HelloReply, PROTOCOL_VERSION, PlayerState, Stamped, ToHost, ToPeer, Welcome, WireEdit,
    check_name, frame,
};
use crate::{
    JoinCode, LIST_EVERY, MAX_EDITS_PER_TICK, REPORT_EVERY, SILENT_DROP, WAIT_NAMED_AFTER,
    code::Identity,
};
use anyhow::{Result, bail};
use horde_core_sim::td::{GameSource, checksum_hex};
use std::collections::VecDeque;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

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

/// A peer that said hello.
struct Slot {
    conn: u64,
    name: String,
    link: Link,
    /// The last tick it said it stood after.
    tick: u64,
    /// When it was last heard from.
    heard: Instant,
    /// The stamp tick of its last edits, and how many it had.
    edits_at: (u64, usize),
}

/// What [`Host::advance`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Advance {
    /// Ticks stepped.
    pub stepped: u64,
    /// Whom the game waits for (named once it has waited half a second).
    pub waiting_for: Vec<String>,
}

/// A desync, as every side reports it.
#[derive(Debug)]
pub struct DesyncError {
    /// The tick whose checksums differ.
    pub tick: u64,
    /// The sentence.
    pub message: String,
}

impl std::fmt::Display for DesyncError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DesyncError {}

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
    players_sent: Instant,
    /// Everyone who played, in the order they came.
    everyone: Vec<String>,
    /// The host's own edits at its last stamp tick.
    own_edits_at: (u64, usize),
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
            players_sent: now,
            own_edits_at: (0, 0),
        })
    }

    /// The code a joiner gives (`ADDR#FINGERPRINT`).
    pub fn code(&self) -> JoinCode {
        self.code
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
                return Ok(advance);
            }
            self.started = true;
            self.next_step = now;
            self.send_lists(game.tick(), true);
        }
        let period = Duration::from_secs_f64(1.0 / (60.0 * self.settings.speed));
        while !self.finished(game) && now >= self.next_step {
            let next = game.tick() + 1;
            if !self.lagging(next).is_empty() {
                self.waiting_since.get_or_insert(now);
                break;
            }
            self.waiting_since = None;
            self.play(game, next)?;
            advance.stepped += 1;
            self.next_step += period;
            // After a wait the game goes on at its pace; it does not sprint to catch up.
            if self.next_step + period * 4 < now {
                self.next_step = now;
            }
            if advance.stepped >= 240 {
                break;
            }
        }
        advance.waiting_for = self.waited_for(game.tick());
        if now.duration_since(self.players_sent) >= Duration::from_millis(500) {
            self.players_sent = now;
            let players = Arc::new(frame(&ToPeer::Players(self.players(game.tick()))));
            self.broadcast(&players);
        }
        Ok(advance)
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
        let last = game.tick();
        let deadline = Instant::now() + SILENT_DROP;
        loop {
            let now = Instant::now();
            self.hear(game, now)?;
            self.drop_silent(now);
            let missing: Vec<&str> = self
                .peers
                .iter()
                .filter(|slot| slot.tick < last)
                .map(|slot| slot.name.as_str())
                .collect();
            if missing.is_empty() {
                break;
            }
            if now >= deadline {
                log::warn!(
                    "co-op: the game ended; {} did not reach its last tick in time",
                    missing.join(", ")
                );
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        // Checksums of the last tick that came with the reports.
        self.compare_early(game, last)?;
        let end = Arc::new(frame(&ToPeer::End {
            tick: last,
            checksum: game.sim().checksum(),
            players: self.everyone.clone(),
        }));
        self.broadcast(&end);
        Ok(())
    }

    /// Lets go of every peer (what was queued is sent first) and waits, briefly, for the
    /// connections to close.
    pub fn close(mut self) {
        self.peers.clear();
        self.net.wait_idle(Duration::from_secs(3));
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
        if !(now || has_edit || at_end || through - from >= LIST_EVERY) {
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
        let slack = self.settings.delay_ticks + 2 * REPORT_EVERY;
        self.peers
            .iter()
            .filter(|slot| slot.tick + slack < next)
            .map(|slot| slot.name.as_str())
            .collect()
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

    /// Drops peers silent for [`SILENT_DROP`].
    fn drop_silent(&mut self, now: Instant) {
        let mut i = 0;
        while i < self.peers.len() {
            if now.duration_since(self.peers[i].heard) >= SILENT_DROP {
                let slot = self.peers.remove(i);
                log::warn!(
                    "co-op: {} was silent for {} s: dropped; the game goes on",
                    slot.name,
                    SILENT_DROP.as_secs()
                );
                slot.link.send(Arc::new(frame(&ToPeer::Dropped(format!(
                    "silent for {} s",
                    SILENT_DROP.as_secs()
                )))));
                slot.link.close("silent for 10 s");
            } else {
                i += 1;
            }
        }
    }

    /// Drains the network's events.
    fn hear<G: Game>(&mut self, game: &G, now: Instant) -> Result<()> {
        while let Ok(event) = self.net.events.try_recv() {
            match event {
                HostEvent::Hello { conn, name, link } => self.welcome(game, conn, name, link, now),
                HostEvent::Message { conn, message } => {
                    self.message(game, conn, message, now)?;
                }
                HostEvent::Left { conn, why } => {
                    if let Some(at) = self.peers.iter().position(|s| s.conn == conn) {
                        let slot = self.peers.remove(at);
                        log::info!("co-op: {} left ({why}); the game goes on", slot.name);
                    }
                }
            }
        }
        Ok(())
    }

    /// A joiner asks for `name`: refused (another's name, a bad one), or given the game.
    fn welcome<G: Game>(&mut self, game: &G, conn: u64, asked: String, link: Link, now: Instant) {
        let refuse = |why: String| {
            log::warn!("co-op: a joiner refused: {why}");
            link.send(Arc::new(frame(&HelloReply {
                protocol: PROTOCOL_VERSION,
                refused: Some(why),
            })));
        };
        let name = if asked.is_empty() {
            (2..)
                .map(|n| format!("player {n}"))
                .find(|n| !self.name_taken(n))
                .unwrap_or_default()
        } else {
            asked
        };
        if let Err(why) = check_name(&name) {
            return refuse(why);
        }
        if name.to_lowercase() == self.settings.name.to_lowercase() {
            return refuse(format!("`{name}` is the host's name"));
        }
        // A name held by a peer heard from lately is taken; one gone quiet is a reconnect.
        if let Some(at) = self
            .peers
            .iter()
            .position(|s| s.name.to_lowercase() == name.to_lowercase())
        {
            let quiet = now.duration_since(self.peers[at].heard);
            if quiet < Duration::from_secs(2) {
                return refuse(format!(
                    "`{name}` is playing (heard from {} ms ago): pick another name",
                    quiet.as_millis()
                ));
            }
            let old = self.peers.remove(at);
            old.link.close("reconnected elsewhere");
            log::info!("co-op: {name} reconnects");
        }
        let save = match save_bytes(game.sim(), self.settings.source.as_ref()) {
            Ok(save) => save,
            Err(e) => return refuse(format!("the host could not save its game: {e:#}")),
        };
        let tick = game.tick();
        let edits: Vec<Stamped> = self
            .pending
            .iter()
            .filter(|e| e.tick > tick && e.tick <= self.sent_through)
            .cloned()
            .collect();
        link.send(Arc::new(frame(&HelloReply {
            protocol: PROTOCOL_VERSION,
            refused: None,
        })));
        let mut players = self.players(tick);
        players.push(PlayerState {
            name: name.clone(),
            ping_ms: link.rtt().as_millis().min(u32::MAX as u128) as u32,
            tick,
            waited_for: false,
        });
        link.send(Arc::new(frame(&ToPeer::Welcome(Box::new(Welcome {
            name: name.clone(),
            host: self.settings.name.clone(),
            delay_ticks: self.settings.delay_ticks,
            speed: self.settings.speed,
            last_tick: self.settings.last_tick,
            save,
            through: self.sent_through.max(tick),
            edits,
            players,
        })))));
        log::info!("co-op: {name} joined at tick {tick}");
        if !self
            .everyone
            .iter()
            .any(|n| n.to_lowercase() == name.to_lowercase())
        {
            self.everyone.push(name.clone());
        }
        self.peers.push(Slot {
            conn,
            name,
            link,
            tick,
            heard: now,
            edits_at: (0, 0),
        });
    }

    fn name_taken(&self, name: &str) -> bool {
        let name = name.to_lowercase();
        name == self.settings.name.to_lowercase()
            || self.peers.iter().any(|s| s.name.to_lowercase() == name)
    }

    /// A peer's message.
    fn message<G: Game>(
        &mut self,
        game: &G,
        conn: u64,
        message: ToHost,
        now: Instant,
    ) -> Result<()> {
        let host_tick = game.tick();
        let (delay, sent_through) = (self.settings.delay_ticks, self.sent_through);
        let Some(slot) = self.peers.iter_mut().find(|s| s.conn == conn) else {
            return Ok(());
        };
        slot.heard = now;
        match message {
            ToHost::Progress { tick } => {
                if tick > sent_through.max(slot.tick) {
                    log::warn!(
                        "co-op: {} says it stands after tick {tick}, past the lists sent ({sent_through}): ignored",
                        slot.name
                    );
                } else {
                    slot.tick = slot.tick.max(tick);
                }
            }
            ToHost::Edit { made_at, edit } => {
                if let Err(why) = edit.kind() {
                    log::warn!("co-op: {}'s edit refused: {why}", slot.name);
                    return Ok(());
                }
                if made_at > sent_through.max(slot.tick) {
                    log::warn!(
                        "co-op: {}'s edit refused: made at tick {made_at}, past the lists sent ({sent_through})",
                        slot.name
                    );
                    return Ok(());
                }
                if made_at < slot.tick {
                    log::warn!(
                        "co-op: {}'s edit refused: made at tick {made_at}, which it had already confirmed passing ({})",
                        slot.name,
                        slot.tick
                    );
                    return Ok(());
                }
                let stamp = host_tick + delay;
                if slot.edits_at.0 != stamp {
                    slot.edits_at = (stamp, 0);
                }
                if slot.edits_at.1 >= MAX_EDITS_PER_TICK {
                    log::warn!(
                        "co-op: {} sends more than {MAX_EDITS_PER_TICK} edits a tick: dropped",
                        slot.name
                    );
                    return Ok(());
                }
                slot.edits_at.1 += 1;
                let player = slot.name.clone();
                self.pending.push_back(Stamped {
                    tick: stamp,
                    player,
                    edit,
                });
            }
            ToHost::Checksum { tick, checksum } => {
                if tick > sent_through.max(slot.tick) {
                    log::warn!(
                        "co-op: {} sends a checksum of tick {tick}, past the lists sent: ignored",
                        slot.name
                    );
                    return Ok(());
                }
                slot.tick = slot.tick.max(tick);
                let name = slot.name.clone();
                if self.early.len() < 4096 {
                    self.early.push((tick, name, checksum));
                }
                self.compare_early(game, host_tick)?;
            }
            ToHost::Bye => {
                if let Some(at) = self.peers.iter().position(|s| s.conn == conn) {
                    let slot = self.peers.remove(at);
                    log::info!("co-op: {} left; the game goes on", slot.name);
                }
            }
        }
        Ok(())
    }

    /// Compares the peers' checksums of ticks up to the host's `tick`.
    fn compare_early<G: Game>(&mut self, game: &G, tick: u64) -> Result<()> {
        let mut differ: Vec<(u64, String, u64, u64)> = Vec::new();
        let checks = &self.checks;
        self.early.retain(|(at, name, theirs)| {
            if *at > tick {
                return true;
            }
            match checks.checksum(*at) {
                Some(ours) if ours != *theirs => differ.push((*at, name.clone(), *theirs, ours)),
                Some(_) => {}
                None => {
                    log::warn!("co-op: {name} sent a checksum of tick {at}, which is not checked")
                }
            }
            false
        });
        let Some(first) = differ.iter().map(|d| d.0).min() else {
            return Ok(());
        };
        let _ = game;
        let names: Vec<String> = differ
            .iter()
            .filter(|d| d.0 == first)
            .map(|d| d.1.clone())
            .collect();
        let told = Arc::new(frame(&ToPeer::Desync {
            tick: first,
            players: names.clone(),
        }));
        self.broadcast(&told);
        let detail: Vec<String> = differ
            .iter()
            .filter(|d| d.0 == first)
            .map(|d| {
                format!(
                    "{}'s checksum is {}, the host's {}",
                    d.1,
                    checksum_hex(d.2),
                    checksum_hex(d.3)
                )
            })
            .collect();
        let saved = self.checks.write_desync_save(
            first,
            &self.settings.name,
            &self.settings.report_dir,
            self.settings.source.as_ref(),
        );
        let saved = match saved {
            Ok(path) => format!("the host's save of tick {first}: {}", path.display()),
            Err(e) => format!("the host's save could not be written: {e:#}"),
        };
        Err(DesyncError {
            tick: first,
            message: format!(
                "desync at tick {first}: {} ({saved}; every player writes theirs as desync-{first}-NAME.horde)",
                detail.join("; ")
            ),
        }
        .into())
    }
}
