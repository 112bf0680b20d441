//! The platformer in the page: the section treadmill moving under the player, the autopilot
//! jumping until the player takes over (`W` or Up jumps, `P` hands it back and forth, Space
//! restarts after a fall), as the native scene plays it.

use super::shown::{STEP, Shown};
use horde_core_sim::platformer::{Player, Sections, Treadmill, autopilot};
use horde_looks::{platformer_camera, platformer_instances};
use horde_renderer::{FrameParams, Instance};

/// The platformer as the page shows it.
pub struct PlatformerShow {
    treadmill: Treadmill,
    player: Player,
    autopilot: bool,
    /// A jump asked for since the last tick.
    jump: bool,
    /// Runs started after the first.
    restarts: u64,
}

impl PlatformerShow {
    /// The built-in sections, laid out with `seed`; the autopilot plays.
    pub fn new(seed: u64) -> Result<PlatformerShow, String> {
        let sections = Sections::built_in().map_err(|e| e.to_string())?;
        Ok(PlatformerShow {
            treadmill: Treadmill::new(sections, seed),
            player: Player::default(),
            autopilot: true,
            jump: false,
            restarts: 0,
        })
    }

    /// The treadmill.
    pub fn treadmill(&self) -> &Treadmill {
        &self.treadmill
    }

    /// The player.
    pub fn player(&self) -> &Player {
        &self.player
    }
}

impl Shown for PlatformerShow {
    fn name(&self) -> &'static str {
        "platformer"
    }

    fn step(&mut self) {
        self.treadmill.step(STEP);
        let jump = std::mem::take(&mut self.jump)
            || (self.autopilot && autopilot(&self.player, &self.treadmill));
        self.player.step(&self.treadmill, jump, STEP);
    }

    fn key(&mut self, code: &str, down: bool) {
        if !down {
            return;
        }
        match code {
            "KeyW" | "ArrowUp" => self.jump = true,
            "KeyP" => self.autopilot = !self.autopilot,
            "Space" if self.player.out => {
                self.player = Player::default();
                self.restarts += 1;
            }
            _ => {}
        }
    }

    fn refill(&mut self, out: &mut Vec<Instance>) -> bool {
        out.clear();
        platformer_instances(&self.treadmill, &self.player, out);
        true
    }

    fn camera(&self, aspect: f32) -> FrameParams {
        platformer_camera(self.treadmill.sections().section_width as f32, aspect)
    }

    fn status(&self) -> String {
        format!(
            "platformer: {:.0} s, {} sections recycled, {} jumps{}{}",
            self.treadmill.seconds(),
            self.treadmill.recycled(),
            self.player.jumps,
            if self.autopilot { ", autopilot" } else { "" },
            if self.player.out {
                " — fell: Space plays again"
            } else {
                ""
            }
        )
    }
}
