//! A `horde` process whose standard error arrives line by line as it is written, for the tests
//! that wait on what a process says (co-op's hosts, joiners and windows); killed when dropped.

use std::io::{BufRead, BufReader, Read};
use std::process::Child;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The stderr lines of `child` (spawned with stderr piped), on a receiver as they come.
pub fn stderr_lines(child: &mut Child) -> Receiver<String> {
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let (send, lines) = channel();
    std::thread::spawn(move || {
        for line in stderr.lines().map_while(Result::ok) {
            if send.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// How long [`Logged::finish`] waits for a process to end: far past any test's game (the
/// longest plays a minute or less), short of a stalled CI run.
pub const FINISH_WAIT: Duration = Duration::from_secs(180);

/// What [`Logged::look`] saw by its time.
pub enum Seen<T> {
    /// The line looked for, as its picker took it.
    Found(T),
    /// The process ended (its stderr closed) first.
    Ended,
    /// Not yet.
    NotYet,
}

/// A process, its stderr so far.
pub struct Logged {
    /// The process (stdout piped: its summary is the last line).
    pub child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl Drop for Logged {
    /// A test that fails leaves no process behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Logged {
    /// `child` (spawned with stdout and stderr piped), its stderr read from now on.
    pub fn new(mut child: Child) -> Logged {
        let lines = stderr_lines(&mut child);
        Logged::with_lines(child, lines)
    }

    /// `child`, its stderr already arriving on `lines` ([`stderr_lines`]).
    pub fn with_lines(child: Child, lines: Receiver<String>) -> Logged {
        Logged {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits, until `until`, for the first stderr line `pick` takes.
    pub fn look<T>(&mut self, until: Instant, pick: impl Fn(&str) -> Option<T>) -> Seen<T> {
        let mut from = 0;
        loop {
            if let Some(found) = self.seen[from..].iter().find_map(|l| pick(l)) {
                return Seen::Found(found);
            }
            from = self.seen.len();
            match self.lines.recv_timeout(Duration::from_millis(100)) {
                Ok(line) => self.seen.push(line),
                Err(RecvTimeoutError::Disconnected) => return Seen::Ended,
                Err(RecvTimeoutError::Timeout) => {}
            }
            if Instant::now() >= until {
                return Seen::NotYet;
            }
        }
    }

    /// Waits for the first stderr line `pick` takes, failing the test at `deadline`; `None`
    /// if the process ended first.
    pub fn find<T>(&mut self, deadline: Instant, pick: impl Fn(&str) -> Option<T>) -> Option<T> {
        match self.look(deadline, pick) {
            Seen::Found(found) => Some(found),
            Seen::Ended => None,
            Seen::NotYet => panic!("nothing looked for on stderr in time:\n{}", self.log()),
        }
    }

    /// Waits for a stderr line containing `text`; `None` if the process ended first.
    pub fn wait_for(&mut self, text: &str, deadline: Instant) -> Option<String> {
        self.find(deadline, |l| l.contains(text).then(|| l.to_string()))
    }

    /// Waits (at most `within`) for a stderr line containing `text`, which must come.
    pub fn expect(&mut self, text: &str, within: Duration) -> String {
        let line = self.wait_for(text, Instant::now() + within);
        line.unwrap_or_else(|| panic!("no `{text}` on stderr; saw:\n{}", self.log()))
    }

    /// Waits for a stderr line containing `text` whose number after `after` is `floor` or
    /// more, which must come: the line and the number.
    pub fn wait_for_tick(
        &mut self,
        text: &str,
        after: &str,
        floor: u64,
        deadline: Instant,
    ) -> (String, u64) {
        let found = self.find(deadline, |line| {
            let tick: u64 = line
                .split(after)
                .nth(1)?
                .split_whitespace()
                .next()?
                .parse()
                .ok()?;
            (line.contains(text) && tick >= floor).then(|| (line.to_string(), tick))
        });
        found.unwrap_or_else(|| panic!("it ended before `{text}`:\n{}", self.log()))
    }

    /// Everything on stderr so far.
    pub fn log(&mut self) -> String {
        while let Ok(line) = self.lines.try_recv() {
            self.seen.push(line);
        }
        self.seen.join("\n")
    }

    /// Waits for the exit: whether it succeeded, its summary (stdout's last line; null where
    /// there is none) and all of stderr. A process still running after [`FINISH_WAIT`] is
    /// killed and fails the test with what it said: a hang is a failure, never a stalled run.
    pub fn finish(mut self) -> (bool, serde_json::Value, String) {
        let mut out = self.child.stdout.take().unwrap();
        // Read on a thread of its own: a process that fills its pipe would never end otherwise.
        let stdout = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = out.read_to_string(&mut text);
            text
        });
        let deadline = Instant::now() + FINISH_WAIT;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() >= deadline {
                let _ = self.child.kill();
                let _ = self.child.wait();
                panic!(
                    "the process did not end within {} s; killed. Its stderr:\n{}",
                    FINISH_WAIT.as_secs(),
                    self.log()
                );
            }
            // Stderr is taken meanwhile, so the log is whole when it ends.
            match self.lines.recv_timeout(Duration::from_millis(50)) {
                Ok(line) => self.seen.push(line),
                Err(RecvTimeoutError::Disconnected) => {
                    std::thread::sleep(Duration::from_millis(50))
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
        };
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(5)) {
            self.seen.push(line);
        }
        let stdout = stdout.join().unwrap_or_default();
        let summary = stdout
            .lines()
            .last()
            .and_then(|l| serde_json::from_str(l).ok())
            .unwrap_or(serde_json::Value::Null);
        (status.success(), summary, self.seen.join("\n"))
    }

    /// Waits (polling, until `deadline`) for the process to end on its own, which must
    /// succeed: its summary.
    pub fn summary(mut self, name: &str, deadline: Instant) -> serde_json::Value {
        while self.child.try_wait().unwrap().is_none() {
            assert!(
                Instant::now() < deadline,
                "{name} did not end in time:\n{}",
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let (ok, summary, log) = self.finish();
        assert!(ok, "{name} failed:\n{log}");
        summary
    }
}
