//! What the tower-defense scene reports: the line printed at exit and the `--json` summary
//! (the frames, the counts, the live files' reloads, the play speed, the frame times, the
//! towers, and in co-op the players, who placed the towers, the game's checksum and the session's state).

use super::TdPlay;
use crate::live::ReloadCounts;
use crate::scenes::Reporting;
use crate::scenes::td::coop::TdCoop;
use crate::stats::Stat;
use crate::td_counts::CountsJson;
use anyhow::Result;
use horde_core_sim::td::history::checksum_hex;
use serde::Serialize;

/// `--json` summary of the tower-defense scene: the frames presented, then the counters.
#[derive(Serialize)]
struct Summary {
    frames: u64,
    #[serde(flatten)]
    counts: CountsJson,
    #[serde(flatten)]
    live: ReloadCounts,
    /// The play speed asked for and the speed reached lately (simulated seconds per real
    /// second, smoothed).
    play_speed: f32,
    speed_reached: f32,
    /// Frame times (p50, p95, max), milliseconds.
    frame_ms: Stat,
    /// The towers standing.
    towers: usize,
    /// Co-op: everyone playing, the host first.
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<Vec<String>>,
    /// Co-op: who placed each standing tower, in the towers' order.
    #[serde(skip_serializing_if = "Option::is_none")]
    tower_owners: Option<Vec<String>>,
    /// Co-op: the game's checksum (16 hex digits), the same on every board of one game at
    /// one tick.
    #[serde(skip_serializing_if = "Option::is_none")]
    checksum: Option<String>,
    /// Co-op: where the session stands (`waiting`, `playing`, `ended`, `stopped`).
    #[serde(skip_serializing_if = "Option::is_none")]
    session: Option<&'static str>,
    /// The scene: `td`.
    scene: &'static str,
    /// The game's mode (`sandbox`, `scenario`, `challenge`, `coop`, `watch`, `edit`).
    mode: &'static str,
}

impl Reporting for TdPlay {
    fn exit_line(&self) -> String {
        let c = self.game.sim().counts();
        format!(
            "{} ticks, {} spawned, {} reclaimed, {} alive, {} killed, {} reached, {}",
            c.ticks,
            c.spawned,
            c.reclaimed,
            c.alive,
            c.killed,
            c.reached,
            c.outcome.name()
        )
    }

    fn summary_json(&self, frames: u64) -> Result<String> {
        Ok(serde_json::to_string(&Summary {
            scene: "td",
            mode: self.game.session().mode().name(),
            frames,
            counts: self.game.sim().counts().into(),
            live: self.live.counts(),
            play_speed: self.game.time_scale,
            speed_reached: (self.game.speed_reached() * 10.0).round() / 10.0,
            frame_ms: Stat::of(&mut self.frames.clone()),
            towers: self.game.sim().towers().all().len(),
            players: (self.coop.as_ref())
                .map(|c| c.players(&self.game).into_iter().map(|p| p.name).collect()),
            tower_owners: self.coop.as_ref().map(|c| c.tower_owners(&self.game)),
            checksum: (self.coop.as_ref()).map(|_| checksum_hex(self.game.sim().checksum())),
            session: self.coop.as_ref().map(TdCoop::state),
        })?)
    }
}
