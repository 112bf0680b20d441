//! The co-op flags `horde run` and `horde sim` share: `--host [ADDR]` with its `--players`,
//! `--delay-ticks`, `--pace` and `--code-out`, or `--join CODE`, and `--name`. Under `--host`,
//! `--speed X` is read as `--pace X` ([`host_speed_is_pace`]): the contract's name for the
//! pace, which elsewhere is the enemies' speed range.

use clap::Args;
use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Where `--host` listens when given no address: loopback, any free port (the join code
/// names it).
pub const DEFAULT_HOST_ADDR: &str = "127.0.0.1:0";

/// The co-op flags.
#[derive(Clone, Debug, Default, Args)]
pub struct CoopFlags {
    /// Co-op: host this game for others at ADDR (default loopback, any free port; 0.0.0.0:PORT
    /// opens it to other machines); the join code goes to standard error.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = DEFAULT_HOST_ADDR,
          conflicts_with = "join")]
    pub host: Option<SocketAddr>,
    /// Co-op host: the players (the host too) the game waits for before its first tick, 1–64
    /// (default 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=64))]
    pub players: Option<u64>,
    /// Co-op host: ticks between the tick an edit reaches the host and the tick it applies at,
    /// 1–120 (default 6).
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u64).range(1..=120))]
    pub delay_ticks: Option<u64>,
    /// Co-op host: the pace, 60 ticks a second times X, 0.1–1000 (default 1; `--speed X` under
    /// `--host`).
    #[arg(long, value_name = "X", value_parser = parse_pace)]
    pub pace: Option<f64>,
    /// Co-op host: also write the join code to this file.
    #[arg(long, value_name = "FILE")]
    pub code_out: Option<PathBuf>,
    /// Co-op: join the game the code names (`ADDR#FINGERPRINT`, as its host printed it); the
    /// game comes from the host.
    #[arg(long, value_name = "CODE")]
    pub join: Option<String>,
    /// Co-op: the name to play under, 1–24 letters, digits, spaces and -_. (default: the
    /// host's is `host`, a joiner is given `player N`).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
}

impl CoopFlags {
    /// Whether either co-op role is asked for.
    pub fn any(&self) -> bool {
        self.host.is_some() || self.join.is_some()
    }

    /// The players the host waits for (`--players`, default 1).
    pub fn players(&self) -> u64 {
        self.players.unwrap_or(1)
    }

    /// The delay (`--delay-ticks`, default [`horde_lockstep::DEFAULT_DELAY_TICKS`]).
    pub fn delay_ticks(&self) -> u64 {
        self.delay_ticks
            .unwrap_or(horde_lockstep::DEFAULT_DELAY_TICKS)
    }

    /// The pace (`--pace`, default 1).
    pub fn pace(&self) -> f64 {
        self.pace.unwrap_or(1.0)
    }

    /// Refuses the host's flags without `--host`, and `--name` without either role, naming the
    /// flag.
    pub fn check(&self) -> Result<(), String> {
        if self.host.is_none() {
            let given = [
                ("--players", self.players.is_some()),
                ("--delay-ticks", self.delay_ticks.is_some()),
                ("--pace", self.pace.is_some()),
                ("--code-out", self.code_out.is_some()),
            ];
            if let Some((flag, _)) = given.iter().find(|(_, given)| *given) {
                return Err(format!("{flag} is a co-op host's flag: it needs --host"));
            }
            if self.join.is_none() && self.name.is_some() {
                return Err("--name is a co-op player's name: it needs --host or --join".into());
            }
        }
        Ok(())
    }
}

/// `--pace`: a number from 0.1 to 1000.
fn parse_pace(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.1..=1000.0).contains(&x) => Ok(x),
        _ => Err(format!("`{text}` is not a pace from 0.1 to 1000")),
    }
}

/// The command line with `--speed` read as `--pace` where `--host` is given to `run` or `sim`
/// (the co-op contract's `--speed X` is the pace; the enemies' speed range keeps the name
/// everywhere else).
pub fn host_speed_is_pace(args: Vec<OsString>) -> Vec<OsString> {
    let command = args.get(1).and_then(|a| a.to_str());
    let hosting = args.iter().any(|a| {
        a.to_str()
            .is_some_and(|a| a == "--host" || a.starts_with("--host="))
    });
    if !hosting || !matches!(command, Some("run" | "sim")) {
        return args;
    }
    args.into_iter()
        .map(|arg| match arg.to_str() {
            Some("--speed") => OsString::from("--pace"),
            Some(text) if text.starts_with("--speed=") => {
                OsString::from(format!("--pace={}", &text["--speed=".len()..]))
            }
            _ => arg,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[test]
    fn speed_is_the_pace_only_under_host() {
        assert_eq!(
            host_speed_is_pace(os(&[
                "horde",
                "sim",
                "--host",
                "127.0.0.1:0",
                "--speed",
                "4"
            ])),
            os(&["horde", "sim", "--host", "127.0.0.1:0", "--pace", "4"])
        );
        assert_eq!(
            host_speed_is_pace(os(&["horde", "sim", "--speed=2", "--host"])),
            os(&["horde", "sim", "--pace=2", "--host"])
        );
        let plain = os(&["horde", "sim", "--speed", "2"]);
        assert_eq!(host_speed_is_pace(plain.clone()), plain);
        let other = os(&["horde", "stress", "--host", "--speed", "2"]);
        assert_eq!(host_speed_is_pace(other.clone()), other);
    }
}
