//! A scripted player ([`PlayerScript`]): edits made at given ticks as if clicked then, for
//! tests, demos and `--script`. The session asks the game for them before each tick it plays
//! ([`crate::Game::scripted_edit`]), so a line is made with the game standing at its tick − 1
//! and, like a click, applies the delay later — the same in a window and headless.

use crate::wire::WireEdit;
use horde_core_sim::td::files::EditScript;
use std::collections::VecDeque;

/// Edits to make, each at its tick, in tick order.
#[derive(Clone, Debug, Default)]
pub struct PlayerScript {
    lines: VecDeque<(u64, WireEdit)>,
}

impl PlayerScript {
    /// The script of `lines` (`(tick, edit)`), sorted by tick (equal ticks keep their order).
    pub fn new(lines: impl IntoIterator<Item = (u64, WireEdit)>) -> PlayerScript {
        let mut lines: Vec<(u64, WireEdit)> = lines.into_iter().collect();
        lines.sort_by_key(|(tick, _)| *tick);
        PlayerScript {
            lines: lines.into(),
        }
    }

    /// The edits of an edit script (`--script F`), each at its tick.
    pub fn of(script: &EditScript) -> PlayerScript {
        let lines = script.edits().iter();
        PlayerScript::new(lines.map(|e| (e.tick, WireEdit::of(e.kind, e.x, e.y))))
    }

    /// Forgets the lines of ticks up to `tick`: a player joining the game at `tick` (a
    /// reconnect made them before it left).
    pub fn skip_through(&mut self, tick: u64) {
        while self.lines.front().is_some_and(|(t, _)| *t <= tick) {
            self.lines.pop_front();
        }
    }

    /// The next line due with the game standing after `game_tick` (a line of tick `t` is
    /// made when the game stands at `t − 1` or later), taken from the script.
    pub fn due(&mut self, game_tick: u64) -> Option<WireEdit> {
        if self.lines.front()?.0 <= game_tick + 1 {
            self.lines.pop_front().map(|(_, edit)| edit)
        } else {
            None
        }
    }

    /// Lines not yet made.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether every line was made.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use horde_core_sim::td::tiles::EditKind;

    fn wall(x: i64) -> WireEdit {
        WireEdit::of(EditKind::Wall, x, 0)
    }

    #[test]
    fn a_line_is_due_the_tick_before_its_own_and_in_tick_order() {
        let mut script = PlayerScript::new([(5, wall(2)), (3, wall(1)), (5, wall(3))]);
        assert_eq!(script.due(1), None);
        assert_eq!(script.due(2), Some(wall(1)));
        assert_eq!(script.due(2), None);
        assert_eq!(script.due(4), Some(wall(2)));
        assert_eq!(script.due(4), Some(wall(3)));
        assert!(script.is_empty());
    }

    #[test]
    fn a_joiner_skips_the_lines_before_it_joined() {
        let mut script = PlayerScript::new([(3, wall(1)), (7, wall(2)), (8, wall(3))]);
        script.skip_through(7);
        assert_eq!(script.len(), 1);
        assert_eq!(script.due(100), Some(wall(3)));
    }
}
