//! The host's peers: hearing the network (hellos, messages, departures), welcoming a joiner
//! (a name checked and claimed, or a reconnect; the game as a save at the host's tick and the
//! lists after it), each message checked before it counts, and dropping the silent.

use super::Host;
use super::slot::Slot;
use crate::game::{Game, save_bytes};
use crate::net::{HostEvent, Link};
use crate::rules::{MAX_EDITS_PER_TICK, SILENT_DROP};
use crate::wire::{
    HelloReply, PROTOCOL_VERSION, PlayerState, Stamped, ToHost, ToPeer, Welcome, check_name, frame,
};
use anyhow::Result;
use std::sync::Arc;
use std::time::{Duration, Instant};

impl Host {
    /// Drops peers silent for [`SILENT_DROP`].
    pub(super) fn drop_silent(&mut self, now: Instant) {
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
    pub(super) fn hear<G: Game>(&mut self, game: &G, now: Instant) -> Result<()> {
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
    pub(super) fn welcome<G: Game>(
        &mut self,
        game: &G,
        conn: u64,
        asked: String,
        link: Link,
        now: Instant,
    ) {
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
            epoch: self.epoch,
            placers: game.placers(),
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

    pub(super) fn name_taken(&self, name: &str) -> bool {
        let name = name.to_lowercase();
        name == self.settings.name.to_lowercase()
            || self.peers.iter().any(|s| s.name.to_lowercase() == name)
    }

    /// A peer's message.
    pub(super) fn message<G: Game>(
        &mut self,
        game: &G,
        conn: u64,
        message: ToHost,
        now: Instant,
    ) -> Result<()> {
        let host_tick = game.tick();
        let (delay, sent_through) = (self.settings.delay_ticks, self.sent_through);
        let host_epoch = self.epoch;
        let Some(slot) = self.peers.iter_mut().find(|s| s.conn == conn) else {
            return Ok(());
        };
        slot.heard = now;
        match message {
            ToHost::Progress { epoch, .. } | ToHost::Checksum { epoch, .. }
                if epoch != host_epoch => {}
            ToHost::Progress { tick, .. } => {
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
                log::debug!(
                    "co-op: {player}'s {} at ({}, {}) stamped for tick {stamp}",
                    edit.action,
                    edit.x,
                    edit.y
                );
                self.pending.push_back(Stamped {
                    tick: stamp,
                    player,
                    edit,
                });
            }
            ToHost::Checksum { tick, checksum, .. } => {
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
}
