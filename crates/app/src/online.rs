//! The game's side of the challenge board: which server (`--server`, else `HORDE_SERVER`,
//! else `http://127.0.0.1:7878`), `--challenge online` made a seed, and the player's token kept
//! in the data folder (mode 0600) for `horde submit` and the window's *Submit*.

use crate::cli::board::{BoardFlags, Challenge};
use anyhow::{Context, Result, bail};
use horde_core_sim::td::game::GameSource;
use horde_online::Client;
use std::path::{Path, PathBuf};

/// The server when neither `--server` nor `HORDE_SERVER` names one.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:7878";

/// The board server: `flag`, else `HORDE_SERVER`, else [`DEFAULT_SERVER`].
pub fn server_url(flag: Option<&str>) -> String {
    flag.map(str::to_string)
        .or_else(|| std::env::var("HORDE_SERVER").ok().filter(|s| !s.is_empty()))
        .unwrap_or_else(|| DEFAULT_SERVER.to_string())
}

/// `--challenge`'s seed: its own, or today's from the board server for `online` (a clear
/// error naming the server when it cannot be reached).
pub fn challenge_seed(challenge: Option<Challenge>, server: Option<&str>) -> Result<Option<u64>> {
    Ok(match challenge {
        None => None,
        Some(Challenge::Seed(seed)) => Some(seed),
        Some(Challenge::Online) => {
            let url = server_url(server);
            let day = Client::new(&url)
                .day("today", 1)
                .with_context(|| format!("--challenge online: asking {url} for today's seed"))?;
            log::info!("today ({}) on {url}: seed {}", day.day, day.seed);
            Some(day.seed)
        }
    })
}

/// Where a challenge played in the window records itself when `--record` names no file:
/// `runs/challenge-SEED-SECONDS.rec` in the data folder (`None` without one).
pub fn challenge_recording_path(seed: u64) -> Option<PathBuf> {
    let folder = dirs::data_dir()?.join("horde").join("runs");
    std::fs::create_dir_all(&folder).ok()?;
    let now = horde_games::unix_seconds();
    Some(folder.join(format!("challenge-{seed}-{now}.rec")))
}

/// The game the flags name, and its seed: `--challenge` resolved ([`challenge_seed`]), then
/// the level or the board asked and the scenario ([`horde_games::source_from_flags`]); `seed`
/// (`--seed`) where no challenge gives one.
pub fn flagged_game(
    board: &impl BoardFlags,
    level: Option<&Path>,
    scenario: Option<&Path>,
    seed: u64,
) -> Result<(GameSource, u64)> {
    let challenge = challenge_seed(board.challenge_flag(), board.server_flag())?;
    let asked = board.asked(challenge)?;
    let source = horde_games::source_from_flags(level, asked, scenario, challenge.is_some())?;
    Ok((source, challenge.unwrap_or(seed)))
}

/// The data folder's file of the player tokens, one line a server: `URL NAME TOKEN`.
pub fn tokens_path() -> Result<PathBuf> {
    let Some(data) = dirs::data_dir() else {
        bail!("no data folder for the board's token (set HOME or XDG_DATA_HOME)");
    };
    Ok(data.join("horde").join("board-tokens"))
}

/// The name and token kept for `server` in the tokens file `path`, if any.
pub fn kept_token(path: &Path, server: &str) -> Result<Option<(String, String)>> {
    if !path.exists() {
        return Ok(None);
    }
    let text = horde_files::read_text(path, horde_files::TEXT_CAP)?;
    Ok(text.lines().find_map(|line| {
        let mut parts = line.splitn(3, ' ');
        let (url, token) = (parts.next()?, parts.next()?);
        let name = parts.next().unwrap_or("");
        (url == server).then(|| (name.to_string(), token.to_string()))
    }))
}

/// Keeps `token` of the player `name` for `server` in the tokens file `path` (mode 0600,
/// written atomically).
pub fn keep_token(path: &Path, server: &str, name: &str, token: &str) -> Result<()> {
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).with_context(|| format!("{}", folder.display()))?;
    }
    let old = match path.exists() {
        true => horde_files::read_text(path, horde_files::TEXT_CAP)?,
        false => String::new(),
    };
    let mut text: String = old
        .lines()
        .filter(|line| line.split(' ').next() != Some(server))
        .map(|line| format!("{line}\n"))
        .collect();
    text.push_str(&format!("{server} {token} {name}\n"));
    horde_files::write_private_file(path, text.as_bytes())
        .with_context(|| format!("keeping the token in {}", path.display()))
}

/// The name and token to submit to `client`'s server with: the one kept in the tokens file
/// `tokens`, else a new player `name` made there (and kept). Errors: no token kept and no name
/// given, or the server refused the name.
pub fn token_for(client: &Client, tokens: &Path, name: Option<&str>) -> Result<(String, String)> {
    let server = client.base();
    if let Some((kept_name, token)) = kept_token(tokens, server)? {
        let same = |n: &str| n.trim().to_uppercase() == kept_name.to_uppercase();
        if name.is_none_or(same) {
            return Ok((kept_name, token));
        }
    }
    let Some(name) = name else {
        bail!("no player on {server} yet: give --name NAME to make one (its token is kept)");
    };
    let made = client
        .new_player(name)
        .with_context(|| format!("making the player `{name}` on {server}"))?;
    keep_token(tokens, server, &made.name, &made.token)?;
    Ok((made.name, made.token))
}
