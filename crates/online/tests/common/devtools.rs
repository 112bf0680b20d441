//! Headless Chromium driven over its DevTools protocol, in real time (not `--dump-dom`'s
//! virtual time, which runs out while the page waits on the GPU process): a page opened, an
//! expression evaluated in it, `<body>`'s `data-horde-*` attributes polled until a condition
//! holds or a deadline passes, and keys pressed as a player presses them.

use serde_json::{Value, json};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

/// Headless Chromium, WebGL2 through SwiftShader, quiet on a closed network.
pub const BROWSER_FLAGS: [&str; 10] = [
    "--headless",
    "--no-sandbox",
    "--use-angle=swiftshader",
    "--enable-unsafe-swiftshader",
    "--hide-scrollbars",
    "--disable-dev-shm-usage",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// How long the browser may take to start and open its page.
const STARTING: Duration = Duration::from_secs(60);

/// A browser showing one page, killed when dropped.
pub struct Page {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    next_id: u64,
}

impl Page {
    /// Opens `url` in a browser of its own (its profile in `profile`, which keeps its storage
    /// for the next browser given the same profile).
    pub fn open(profile: &Path, url: &str) -> Page {
        let _ = std::fs::remove_file(profile.join("DevToolsActivePort"));
        let child = Command::new("/usr/bin/chromium")
            .args(BROWSER_FLAGS)
            .arg("--remote-debugging-port=0")
            .arg("--window-size=960,540")
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg(url)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting Chromium");
        let deadline = Instant::now() + STARTING;
        // The port the browser chose, in its profile's first line.
        let port = loop {
            let text = std::fs::read_to_string(profile.join("DevToolsActivePort"));
            if let Some(port) = text
                .ok()
                .and_then(|t| t.lines().next()?.parse::<u16>().ok())
            {
                break port;
            }
            assert!(Instant::now() < deadline, "Chromium never opened its port");
            std::thread::sleep(Duration::from_millis(100));
        };
        let socket_url = loop {
            let list = ureq::get(&format!("http://127.0.0.1:{port}/json/list"))
                .call()
                .ok()
                .and_then(|mut r| r.body_mut().read_json::<Vec<Value>>().ok());
            let page = list.into_iter().flatten().find(|t| t["type"] == "page");
            if let Some(url) =
                page.and_then(|p| p["webSocketDebuggerUrl"].as_str().map(String::from))
            {
                break url;
            }
            assert!(Instant::now() < deadline, "Chromium never listed its page");
            std::thread::sleep(Duration::from_millis(100));
        };
        let (socket, _) = tungstenite::connect(socket_url.as_str()).expect("the page's socket");
        Page {
            child,
            socket,
            next_id: 1,
        }
    }

    /// Calls the DevTools `method` with `params`, its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        let message = json!({ "id": id, "method": method, "params": params });
        self.socket
            .send(Message::text(message.to_string()))
            .expect("a message to the page");
        loop {
            let answer = self.socket.read().expect("the page's answer");
            let Message::Text(text) = answer else {
                continue;
            };
            let value: Value = serde_json::from_str(text.as_str()).expect("JSON from the page");
            if value["id"] == id {
                assert!(value.get("error").is_none(), "{method}: {value}");
                return value["result"].clone();
            }
        }
    }

    /// The value of `expression` evaluated in the page.
    pub fn eval(&mut self, expression: &str) -> Value {
        let result = self.call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true }),
        );
        result["result"]["value"].clone()
    }

    /// `<body>`'s `data-horde-NAME`, if set.
    pub fn attribute(&mut self, name: &str) -> Option<String> {
        let value = self.eval(&format!(
            "document.body && document.body.getAttribute('data-horde-{name}')"
        ));
        value.as_str().map(String::from)
    }

    /// Polls the page until `holds` says yes of it, for at most `seconds`; fails naming
    /// `what` and `<body>`'s attributes where it never did.
    pub fn wait_until(
        &mut self,
        what: &str,
        seconds: u64,
        mut holds: impl FnMut(&mut Page) -> bool,
    ) {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        while !holds(self) {
            if Instant::now() >= deadline {
                let said = self.eval(
                    "[...document.body.attributes].map(a => a.name + '=' + a.value).join(' ')",
                );
                panic!("{what}: not within {seconds} s; the page says {said}");
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Polls until `<body>`'s `data-horde-NAME` is set and `holds` of it; its value.
    pub fn wait_for(&mut self, name: &str, seconds: u64, holds: impl Fn(&str) -> bool) -> String {
        let mut seen = None;
        self.wait_until(&format!("data-horde-{name}"), seconds, |page| {
            seen = page.attribute(name).filter(|v| holds(v));
            seen.is_some()
        });
        seen.unwrap_or_default()
    }

    /// Frames the page has drawn so far.
    pub fn frames(&mut self) -> u64 {
        self.attribute("frames")
            .and_then(|f| f.parse().ok())
            .unwrap_or(0)
    }

    /// Presses and lets go of the key `code` (`KeyW`, `F5`, `Space`), as a player does.
    pub fn press(&mut self, code: &str) {
        let (key, virtual_code) = match code {
            "Space" => (" ".to_string(), 32),
            "F5" => ("F5".to_string(), 116),
            "F9" => ("F9".to_string(), 120),
            "ArrowUp" => ("ArrowUp".to_string(), 38),
            "ArrowLeft" => ("ArrowLeft".to_string(), 37),
            "Home" => ("Home".to_string(), 36),
            "End" => ("End".to_string(), 35),
            "Equal" => ("=".to_string(), 187),
            letter if letter.starts_with("Key") => {
                let c = letter[3..].to_ascii_lowercase();
                let upper = c.to_ascii_uppercase().bytes().next().unwrap_or(b'A');
                (c, u32::from(upper))
            }
            other => panic!("no key {other} in the tests' keyboard"),
        };
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({
                    "type": kind,
                    "code": code,
                    "key": key,
                    "windowsVirtualKeyCode": virtual_code,
                }),
            );
        }
    }

    /// Goes to `url` in the same browser (its storage kept).
    pub fn go(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url }));
    }
}

impl Drop for Page {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
