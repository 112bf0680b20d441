//! A private Xvfb for the window tests, and `xdotool` to find, focus and type into the Horde
//! window on it.

use super::skipped;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, ChildStdout, Command, Output, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// A private X server, killed on drop.
pub struct Xvfb {
    child: Child,
    /// The display, `:N`.
    pub display: String,
    /// The server's stdout, held open so that it never writes into a closed pipe.
    _stdout: BufReader<ChildStdout>,
}

impl Drop for Xvfb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts a private Xvfb. The server picks a free display number itself (`-displayfd`: it takes
/// the number's lock file atomically and writes the number back once it listens), so tests
/// running in parallel, or other X servers on the machine, can never share or steal a display.
pub fn start_xvfb() -> Option<Xvfb> {
    let required = std::env::var_os("HORDE_REQUIRE_GPU").is_some();
    let found = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|p| p.join("Xvfb").exists()));
    if !found {
        assert!(
            !required,
            "HORDE_REQUIRE_GPU is set but Xvfb is not installed"
        );
        skipped("Xvfb is not installed");
        return None;
    }
    let mut child = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1280x720x24",
            "-nolisten",
            "tcp",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    stdout.read_line(&mut line).unwrap();
    let number = line.trim();
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        let _ = child.kill();
        let status = child.wait();
        panic!("Xvfb did not report a display number (got {line:?}, {status:?})");
    }
    Some(Xvfb {
        display: format!(":{number}"),
        child,
        _stdout: stdout,
    })
}

/// Waits (up to 20 s) until the X server on `display` answers a client.
pub fn wait_for_display(display: &str) {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(20) {
        let answered = Command::new("xdotool")
            .arg("getdisplaygeometry")
            .env("DISPLAY", display)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|status| status.success());
        if answered {
            return;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("Xvfb on {display} does not answer");
}

/// The Horde window on `display`, if it is up.
pub fn find_window(display: &str) -> Option<String> {
    let search = Command::new("xdotool")
        .args(["search", "--name", "^Horde"])
        .env("DISPLAY", display)
        .output()
        .expect("xdotool is needed for the F12 test (apt-get install xdotool)");
    let stdout = String::from_utf8_lossy(&search.stdout);
    stdout
        .lines()
        .next()
        .map(|w| w.trim().to_string())
        .filter(|w| !w.is_empty())
}

/// Whether the Horde window is up on `display`.
pub fn window_exists(display: &str) -> bool {
    find_window(display).is_some()
}

/// Focuses the Horde window on `display` and presses `key`; false while there is no window
/// yet. Xvfb has no window manager, so the window is focused by hand first.
pub fn press_key(display: &str, key: &str) -> bool {
    in_window(display, |_| vec!["key".to_string(), key.to_string()])
}

/// Focuses the Horde window on `display` and runs the xdotool commands `then` gives for it
/// (its id in hand); false while there is no window yet, or where xdotool fails.
pub fn in_window(display: &str, then: impl FnOnce(&str) -> Vec<String>) -> bool {
    let Some(window) = find_window(display) else {
        return false;
    };
    // `--sync` waits for the focus to arrive; `timeout` keeps a lost window from hanging us.
    Command::new("timeout")
        .args(["20", "xdotool", "windowfocus", "--sync", &window])
        .args(then(&window))
        .env("DISPLAY", display)
        .status()
        .is_ok_and(|s| s.success())
}

/// The last stdout line as JSON (the `--json` summary).
pub fn summary(out: &Output) -> serde_json::Value {
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(stdout.lines().last().unwrap_or_default())
        .unwrap_or_else(|e| panic!("no JSON summary ({e}) in {stdout:?}"))
}

/// `horde ARGS` on `xvfb` in `cwd`, logging at `info`, its stderr lines arriving on the
/// receiver as they are written (and kept whole for the end).
pub fn spawn_logged(xvfb: &Xvfb, args: &[&str], cwd: &Path) -> (Child, Receiver<String>) {
    spawn_logged_with(xvfb, args, cwd, &[])
}

/// [`spawn_logged`] with these environment variables set too (`RUST_LOG` among them).
pub fn spawn_logged_with(
    xvfb: &Xvfb,
    args: &[&str],
    cwd: &Path,
    env: &[(&str, &str)],
) -> (Child, Receiver<String>) {
    let runtime = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_horde"))
        .env("RUST_LOG", "info")
        .envs(env.iter().copied())
        .args(args)
        .current_dir(cwd)
        .env("DISPLAY", &xvfb.display)
        .env("XDG_RUNTIME_DIR", runtime.keep())
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = super::logged::stderr_lines(&mut child);
    (child, lines)
}
