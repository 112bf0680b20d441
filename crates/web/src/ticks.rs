//! The fixed tick from the browser's frames: the game time since the last frame, at the play
//! speed, stepped in whole ticks, the rest owed to the next frame; a tab that was hidden does
//! not sprint (at most [`MOST_TICKS_A_FRAME`] ticks a frame at ×1).

use horde_core_sim::TICKS_PER_SECOND;

/// Ticks stepped in one browser frame at most, at ×1.
pub const MOST_TICKS_A_FRAME: u32 = 8;

/// The frames seen and the game time owed.
#[derive(Clone, Debug, Default)]
pub struct Ticker {
    /// The browser's time of the last frame, in milliseconds.
    last: Option<f64>,
    /// Game time not yet stepped, in seconds.
    owed: f64,
}

impl Ticker {
    /// A frame at `now` (milliseconds): the milliseconds since the last one (0 for the first).
    pub fn frame_interval(&mut self, now: f64) -> f64 {
        let since = self.last.map_or(0.0, |last| now - last);
        self.last = Some(now);
        since
    }

    /// A frame at `now` (milliseconds) of a game played at `speed` game seconds a second: the
    /// ticks due now.
    pub fn due(&mut self, now: f64, speed: f64) -> u32 {
        let tick = 1.0 / f64::from(TICKS_PER_SECOND);
        let since = self.frame_interval(now) / 1000.0;
        let most = f64::from(MOST_TICKS_A_FRAME) * tick * speed;
        self.owed = (self.owed + since * speed).min(most);
        let mut ticks = 0;
        while self.owed >= tick {
            self.owed -= tick;
            ticks += 1;
        }
        ticks
    }

    /// Forgets the game time owed (the game was moved elsewhere: a seek).
    pub fn forget_owed(&mut self) {
        self.owed = 0.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_step_whole_ticks_at_the_play_speed_and_a_long_gap_does_not_sprint() {
        let mut ticker = Ticker::default();
        assert_eq!(ticker.due(1000.0, 1.0), 0, "the first frame owes nothing");
        // Two frames of 25 ms: 1 tick, then the rest and the next make 2 more (50 ms = 3 ticks).
        assert_eq!(ticker.due(1025.0, 1.0), 1);
        assert_eq!(ticker.due(1050.0, 1.0), 2);
        // Ten seconds hidden: 8 ticks, not 600.
        assert_eq!(ticker.due(11_050.0, 1.0), MOST_TICKS_A_FRAME);
        // ×4: four times the ticks, and four times the cap.
        let mut fast = Ticker::default();
        fast.due(0.0, 4.0);
        assert_eq!(fast.due(50.0, 4.0), 12);
        assert_eq!(fast.due(10_000.0, 4.0), 4 * MOST_TICKS_A_FRAME);
        fast.forget_owed();
        assert_eq!(fast.frame_interval(10_016.0), 16.0);
    }
}
