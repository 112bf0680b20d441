//! Progress bars for long command-line runs. A bar is drawn only on an interactive terminal
//! (stderr), never when the output is piped or a command was asked for `--json`, so what other
//! tools read stays exactly as documented.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

/// A bar of known length, or a spinner for work whose length is unknown; hidden where no
/// terminal watches.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `total` units of `unit` (for example "frames"), shown when `show` is set and
    /// stderr is a terminal.
    pub fn new(total: u64, unit: &str, show: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), target(show));
        if let Ok(style) = ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{wide_bar}}] {{human_pos}}/{{human_len}} {unit} ({{eta}} left)"
        )) {
            bar.set_style(style.progress_chars("=> "));
        }
        Progress { bar }
    }

    /// A spinner with `message` for one long call that cannot say how far it is, ticking on
    /// its own.
    pub fn spinner(message: &str, show: bool) -> Progress {
        let bar = ProgressBar::with_draw_target(None, target(show));
        if let Ok(style) = ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}") {
            bar.set_style(style);
        }
        bar.set_message(message.to_string());
        bar.enable_steady_tick(Duration::from_millis(120));
        Progress { bar }
    }

    /// One more unit done.
    pub fn inc(&self) {
        self.bar.inc(1);
    }

    /// `n` more units done.
    pub fn inc_by(&self, n: u64) {
        self.bar.inc(n);
    }
}

/// A replay's watcher that shows a bar on a terminal once the replay has run a second (the
/// ticks replayed of the recording's last).
pub struct ReplayBar {
    started: std::time::Instant,
    shown: Option<Progress>,
    show: bool,
    last: u64,
}

impl ReplayBar {
    /// A bar to tick `last` that shows itself after a second where `show` (a terminal's
    /// `horde replay`).
    pub fn new(show: bool, last: u64) -> ReplayBar {
        ReplayBar {
            started: std::time::Instant::now(),
            shown: None,
            show,
            last,
        }
    }
}

impl horde_games::Watcher for ReplayBar {
    fn after(
        &mut self,
        tick: u64,
        _sim: &horde_core_sim::td::game::Simulation,
    ) -> anyhow::Result<()> {
        let late = self.started.elapsed() > std::time::Duration::from_secs(1);
        if self.show && self.shown.is_none() && late {
            let bar = Progress::new(self.last, "ticks", true);
            bar.inc_by(tick.saturating_sub(1));
            self.shown = Some(bar);
        }
        if let Some(bar) = &self.shown {
            bar.inc();
        }
        Ok(())
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        // Leaves the terminal clean for the summary line.
        self.bar.finish_and_clear();
    }
}

/// Where a bar draws: stderr on a terminal, when asked; nowhere otherwise.
fn target(show: bool) -> ProgressDrawTarget {
    if show && std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_bar_is_drawn_when_not_asked_or_not_on_a_terminal() {
        let bar = Progress::new(10, "frames", false);
        bar.inc();
        assert!(bar.bar.is_hidden());
        // Under `cargo test` stderr is captured, not a terminal.
        if !std::io::stderr().is_terminal() {
            assert!(Progress::new(10, "frames", true).bar.is_hidden());
            assert!(Progress::spinner("solving", true).bar.is_hidden());
        }
    }
}
