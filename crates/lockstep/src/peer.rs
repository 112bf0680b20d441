//! A joiner's side of a session: the game from the host's save, then each tick stepped only
//! with the host's list for it in hand, its own edits sent to the host, its progress and its
//! checksums reported, and the end (or a desync, with the save of its tick) as the host tells.

use crate::code::JoinCode;
use crate::desync::{Checks, DesyncError};
use crate::game::{Game, is_check_tick, play_tick};
use crate::net::{PeerEvent, PeerNet};
use crate::rules::{CATCH_UP, LIST_EVERY, REPORT_EVERY, SILENT_DROP};
use crate::wire::{Placer, PlayerState, Stamped, ToHost, ToPeer, WireEdit};
use anyhow::{Result, anyhow, bail};
use horde_core_sim::td::files::{SavedGame, game_from_bytes};
use horde_core_sim::td::game::GameSource;
use horde_core_sim::td::history::checksum_hex;
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How often a peer that steps nothing still says where it stands.
const HEARTBEAT: Duration = Duration::from_millis(250);

/// A host that says nothing for this long is gone (it tells who plays at least every few
/// seconds, in every phase of the game): the joiner stops with an error instead of waiting.
pub const HOST_SILENT: Duration = SILENT_DROP;

/// A joined game's session.
pub struct Peer {
    net: PeerNet,
    name: String,
    host: String,
    delay_ticks: u64,
    speed: f64,
    last_tick: Option<u64>,
    /// The host's lists are in hand through this tick.
    through: u64,
    /// Their edits not yet applied.
    pending: VecDeque<Stamped>,
    checks: Checks,
    players: Vec<PlayerState>,
    next_step: Instant,
    reported: (u64, Instant),
    /// The host's end: the last tick and its checksum.
    ended: Option<(u64, u64)>,
    report_dir: PathBuf,
    /// Where the game came from, as the host's save says.
    source: Option<GameSource>,
    /// This player's edits: the tick each was made at, oldest first, until it applies.
    own: VecDeque<u64>,
    /// Ticks from making an edit to its tick, for each of this player's that applied.
    latencies: Vec<u64>,
    /// Everyone who played, as the host's end says.
    everyone: Vec<String>,
    /// How many times the host has taken the game back.
    epoch: u32,
    /// Lists arrived since this side last said where it stands.
    heard_lists: bool,
    /// Who placed the standing towers when this player joined.
    placers: Vec<Placer>,
    /// When the host was last heard from.
    heard: Instant,
    /// Why the connection to the host ended, where it ended before the game's end: the
    /// ticks whose lists are in hand are still played (the host's lists are final), then
    /// [`Peer::advance`] says so.
    gone: Option<String>,
}

/// What [`Peer::advance`] did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PeerAdvance {
    /// Ticks stepped.
    pub stepped: u64,
    /// The game ended where the host's did, on the host's checksum.
    pub finished: bool,
}

impl Peer {
    /// Joins the game `code` names as `name` (empty: the host gives one); the game from the
    /// host's save. A name in use is asked again for a few seconds (its holder may be a
    /// window that was closed and not yet dropped).
    pub fn join(code: &str, name: &str, report_dir: &Path) -> Result<(Peer, SavedGame)> {
        let code = JoinCode::parse(code).map_err(|e| anyhow!("--join: {e}"))?;
        if !name.is_empty() {
            crate::wire::check_name(name).map_err(|e| anyhow!("--name: {e}"))?;
        }
        let deadline = Instant::now() + Duration::from_secs(12);
        let (net, welcome) = loop {
            match PeerNet::join(&code, name) {
                Ok(joined) => break joined,
                Err(e) if e.to_string().contains("is playing") && Instant::now() < deadline => {
                    log::info!("{e:#}; asking again");
                    std::thread::sleep(Duration::from_millis(500));
                }
                Err(e) => return Err(e),
            }
        };
        let saved = game_from_bytes(&welcome.save, Path::new("(the host's game)"))
            .map_err(|e| anyhow!("--join: the host's game: {e}"))?;
        let tick = saved.sim.counts().ticks;
        if welcome.through < tick {
            bail!("--join: the host's lists end before its own game's tick");
        }
        let peer = Peer {
            net,
            name: welcome.name,
            host: welcome.host,
            delay_ticks: welcome.delay_ticks,
            speed: if welcome.speed > 0.0 {
                welcome.speed
            } else {
                1.0
            },
            last_tick: welcome.last_tick,
            through: welcome.through,
            pending: welcome
                .edits
                .into_iter()
                .filter(|e| e.tick > tick)
                .collect(),
            checks: Checks::default(),
            players: welcome.players,
            next_step: Instant::now(),
            reported: (tick, Instant::now()),
            ended: None,
            report_dir: report_dir.to_path_buf(),
            source: saved.source.clone(),
            own: VecDeque::new(),
            latencies: Vec::new(),
            everyone: Vec::new(),
            epoch: welcome.epoch,
            heard_lists: false,
            placers: welcome.placers,
            heard: Instant::now(),
            gone: None,
        };
        peer.net.send(&ToHost::Progress {
            tick,
            epoch: peer.epoch,
        });
        Ok((peer, saved))
    }

    /// Who placed the standing towers when this player joined, where the host knew.
    pub fn placers(&self) -> &[Placer] {
        &self.placers
    }

    /// The name this player plays under.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The host's player name.
    pub fn host(&self) -> &str {
        &self.host
    }

    /// Ticks between an edit and the tick it applies at.
    pub fn delay_ticks(&self) -> u64 {
        self.delay_ticks
    }

    /// Everyone playing, as the host last said, the host first.
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// Everyone who played, the host first, once the host said the game ended.
    pub fn everyone(&self) -> &[String] {
        &self.everyone
    }

    /// The round trip to the host.
    pub fn rtt(&self) -> Duration {
        self.net.rtt()
    }

    /// Bytes sent to and received from the host.
    pub fn traffic(&self) -> (u64, u64) {
        self.net.bytes()
    }

    /// Ticks from making each of this player's edits to the tick it applied at.
    pub fn latencies(&self) -> &[u64] {
        &self.latencies
    }

    /// This player made `edit` with the game standing after `game_tick`: it goes to the host.
    pub fn edit(&mut self, game_tick: u64, edit: WireEdit) {
        self.own.push_back(game_tick);
        self.net.send(&ToHost::Edit {
            made_at: game_tick,
            edit,
        });
    }

    /// When the next tick is due by the pace.
    pub fn next_step(&self) -> Instant {
        self.next_step
    }

    /// Hears the host and plays the ticks whose lists are in hand, at the pace (faster while
    /// far behind), at most `max_steps`.
    pub fn advance<G: Game>(
        &mut self,
        game: &mut G,
        now: Instant,
        max_steps: u64,
    ) -> Result<PeerAdvance> {
        if self.hear(game)? {
            self.heard = now;
        }
        if self.gone.is_none() && now.saturating_duration_since(self.heard) >= HOST_SILENT {
            bail!(
                "co-op: the host said nothing for {} s (this side stands after tick {}): it is gone",
                HOST_SILENT.as_secs(),
                game.tick()
            );
        }
        let mut advance = PeerAdvance::default();
        let period = Duration::from_secs_f64(1.0 / (60.0 * self.speed));
        while advance.stepped < max_steps && self.may_step(game) {
            let behind = self.through - game.tick() > self.delay_ticks + LIST_EVERY;
            if !behind && now < self.next_step {
                break;
            }
            while let Some(edit) = game.scripted_edit() {
                self.edit(game.tick(), edit);
            }
            let next = game.tick() + 1;
            let due = self.pending.iter().take_while(|e| e.tick <= next).count();
            let edits: Vec<Stamped> = self.pending.drain(..due).collect();
            for edit in edits.iter().filter(|e| e.player == self.name) {
                if let Some(made) = self.own.pop_front() {
                    self.latencies.push(edit.tick.saturating_sub(made));
                }
            }
            play_tick(game, &edits);
            advance.stepped += 1;
            self.next_step += period;
            if let Some(floor) = now.checked_sub(CATCH_UP) {
                self.next_step = self.next_step.max(floor);
            }
            if is_check_tick(next, self.last_tick, game.over()) {
                let checksum = self.checks.keep(game.sim());
                self.net.send(&ToHost::Checksum {
                    tick: next,
                    checksum,
                    epoch: self.epoch,
                });
                self.reported = (next, now);
            } else if next >= self.reported.0 + 2 * REPORT_EVERY {
                self.net.send(&ToHost::Progress {
                    tick: next,
                    epoch: self.epoch,
                });
                self.reported = (next, now);
            }
        }
        if let Some(why) = &self.gone
            && !self.may_step(game)
        {
            bail!(
                "co-op: the connection to the host ended at tick {} ({why})",
                game.tick()
            );
        }
        // Where this side stands goes back as lists arrive, so that it rides in the packet
        // that acknowledges them (a quiet game's bytes stay few); a heartbeat while nothing
        // arrives.
        let answer = self.heard_lists && game.tick() > self.reported.0;
        if answer || now.duration_since(self.reported.1) >= HEARTBEAT {
            self.heard_lists = false;
            self.net.send(&ToHost::Progress {
                tick: game.tick(),
                epoch: self.epoch,
            });
            self.reported = (game.tick(), now);
        }
        if let Some((tick, checksum)) = self.ended
            && game.tick() >= tick
        {
            let ours = game.sim().checksum();
            if game.tick() != tick || ours != checksum {
                return Err(self.desync(
                    tick,
                    format!(
                        "desync at tick {tick}: the host's checksum is {}, {}'s {} (at tick {})",
                        checksum_hex(checksum),
                        self.name,
                        checksum_hex(ours),
                        game.tick()
                    ),
                ));
            }
            advance.finished = true;
        } else if let Some((end, _)) = self.ended
            && !self.may_step(game)
        {
            // The host ended past this side's game, which can go no further: over sooner, or
            // without the lists to reach the end.
            return Err(self.desync(
                end,
                format!(
                    "desync at tick {end}: the host's game ended there, {}'s stands after tick {} and can go no further ({})",
                    self.name,
                    game.tick(),
                    if game.over() { "it was decided sooner" } else { "the lists stop short" }
                ),
            ));
        }
        Ok(advance)
    }

    /// Whether a tick may be stepped: its list is in hand, and the game is not over.
    fn may_step<G: Game>(&self, game: &G) -> bool {
        let tick = game.tick();
        tick < self.through
            && !game.over()
            && self.last_tick.is_none_or(|last| tick < last)
            && self.ended.is_none_or(|(end, _)| tick < end)
    }

    /// Drains what the host sent: whether anything came.
    fn hear<G: Game>(&mut self, game: &mut G) -> Result<bool> {
        let mut heard = false;
        while let Ok(event) = self.net.events.try_recv() {
            heard = true;
            match event {
                PeerEvent::Message(ToPeer::Lists {
                    from,
                    through,
                    edits,
                }) => {
                    if from > self.through {
                        bail!(
                            "co-op: the host's lists skip ticks {} to {from}: the game cannot go on",
                            self.through + 1
                        );
                    }
                    self.heard_lists = true;
                    let known = self.through;
                    self.pending
                        .extend(edits.into_iter().filter(|e| e.tick > known));
                    self.through = self.through.max(through);
                }
                PeerEvent::Message(ToPeer::Players(players)) => self.players = players,
                PeerEvent::Message(ToPeer::Desync { tick, players }) => {
                    let message = format!(
                        "desync at tick {tick}: the host found {}'s checksum differs from its own",
                        players.join(", ")
                    );
                    return Err(self.desync(tick, message));
                }
                PeerEvent::Message(ToPeer::End {
                    tick,
                    checksum,
                    players,
                }) => {
                    self.ended = Some((tick, checksum));
                    self.everyone = players;
                }
                PeerEvent::Message(ToPeer::Dropped(why)) => {
                    bail!("co-op: the host dropped {}: {why}", self.name)
                }
                PeerEvent::Message(ToPeer::Welcome(_)) => {
                    log::warn!("co-op: the host sent a second welcome: ignored")
                }
                PeerEvent::Message(ToPeer::Rewind(welcome)) => self.rewind(game, *welcome)?,
                PeerEvent::Closed(why) => {
                    if self.ended.is_some() {
                        return Ok(true);
                    }
                    // The lists in hand are played first; `advance` says it once they are.
                    self.gone = Some(why);
                }
            }
        }
        Ok(heard)
    }

    /// The host took the game back: the game from its save, the lists from its tick.
    fn rewind<G: Game>(&mut self, game: &mut G, welcome: crate::wire::Welcome) -> Result<()> {
        let saved = game_from_bytes(&welcome.save, Path::new("(the host's game)"))
            .map_err(|e| anyhow!("co-op: the host's game, taken back: {e}"))?;
        let tick = saved.sim.counts().ticks;
        log::info!("co-op: the host took the game back to tick {tick}");
        game.restore(saved);
        game.set_placers(&welcome.placers);
        self.through = welcome.through.max(tick);
        self.pending = welcome
            .edits
            .into_iter()
            .filter(|e| e.tick > tick)
            .collect();
        self.checks.forget_after(tick);
        self.own.clear();
        self.ended = None;
        self.players = welcome.players;
        self.epoch = welcome.epoch;
        self.reported = (tick, Instant::now());
        self.net.send(&ToHost::Progress {
            tick,
            epoch: self.epoch,
        });
        Ok(())
    }

    /// The desync error, with this side's save of `tick` written.
    fn desync(&self, tick: u64, message: String) -> anyhow::Error {
        let saved =
            self.checks
                .write_desync_save(tick, &self.name, &self.report_dir, self.source.as_ref());
        let saved = match saved {
            Ok(path) => format!("{}'s save of tick {tick}: {}", self.name, path.display()),
            Err(e) => format!("{}'s save could not be written: {e:#}", self.name),
        };
        DesyncError {
            tick,
            message: format!("{message} ({saved})"),
        }
        .into()
    }
}
