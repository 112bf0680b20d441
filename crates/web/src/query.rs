//! What the page's address asks for (`/play?…`): a recording to replay (`replay=URL`), a scene
//! (`scene=td|city|runner|platformer`, `seed=N`), a shipped game (`play=N`) or a challenge
//! (`challenge=today`, or `challenge=SEED` as the board's day page links it).

use horde_games::SHIPPED;

/// What the page was asked to open.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// The recording to replay (a URL, relative to the page or absolute).
    pub replay: Option<String>,
    /// The scene named, if any (`td`, `city`, `runner` or `platformer`).
    pub scene: Option<String>,
    /// The challenge named, if any: `online` (today's, from the board that serves the page:
    /// a lost run is submitted), `today` (today's seed, as the native game plays it offline)
    /// or a seed (a day's challenge as a board's page names it).
    pub challenge: Option<String>,
    /// The name to play under on the board, where the browser holds no player's token yet.
    pub name: Option<String>,
    /// Edits to play the game with, at their ticks (an edit script's URL): the game is played
    /// to its end at once (a scripted player, for tests and demonstrations).
    pub script: Option<String>,
    /// A stress run of this many enemies (1 to [`MOST_STRESS`]): `horde stress`'s board and
    /// swarm, one tick a frame, the population topped up, the frame's time reported.
    pub stress: Option<u32>,
    /// A game Horde ships, by its place in the title screen's *Play* list (1 to
    /// `horde_games::SHIPPED.len()`): its level and scenario.
    pub play: Option<usize>,
    /// Whether the quick-save kept in this browser is loaded at the start (`load=quick`):
    /// a save the player opened from a file, or the one F5 kept.
    pub load_quick: bool,
    /// The seed of a scene other than the tower defense (`city`, `runner`, `platformer`; 1
    /// where none is given).
    pub seed: Option<u64>,
}

/// The most enemies a stress run in the page holds.
pub const MOST_STRESS: u32 = 1_000_000;

/// Why a query is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError(pub String);

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The scenes the page can open.
pub const SCENES: [&str; 4] = ["td", "city", "runner", "platformer"];

impl Query {
    /// Reads `search` (the address's `?…` part, with or without the `?`).
    pub fn parse(search: &str) -> Result<Query, QueryError> {
        let mut query = Query::default();
        let search = search.strip_prefix('?').unwrap_or(search);
        for pair in search.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = decode(value).ok_or_else(|| QueryError(format!("`{key}`: bad escape")))?;
            match key {
                "replay" if !value.is_empty() => query.replay = Some(value),
                "script" if !value.is_empty() => query.script = Some(value),
                "stress" => match value.parse::<u32>() {
                    Ok(n) if (1..=MOST_STRESS).contains(&n) => query.stress = Some(n),
                    _ => {
                        return Err(QueryError(format!(
                            "stress `{value}`: enemies, 1 to {MOST_STRESS}"
                        )));
                    }
                },
                "load" if value == "quick" => query.load_quick = true,
                "load" => {
                    return Err(QueryError(format!(
                        "load `{value}`: `quick` (the quick-save this browser keeps)"
                    )));
                }
                "play" => match value.parse::<usize>() {
                    Ok(n) if (1..=SHIPPED.len()).contains(&n) => query.play = Some(n),
                    _ => {
                        return Err(QueryError(format!(
                            "play `{value}`: a shipped game, 1 to {}",
                            SHIPPED.len()
                        )));
                    }
                },
                "seed" => match value.parse::<u64>() {
                    Ok(seed) => query.seed = Some(seed),
                    Err(_) => return Err(QueryError(format!("seed `{value}`: a whole number"))),
                },
                "name" if !value.trim().is_empty() => query.name = Some(value),
                "scene" if SCENES.contains(&value.as_str()) => query.scene = Some(value),
                "scene" => {
                    return Err(QueryError(format!(
                        "scene `{value}`: the page has {}",
                        SCENES.join(", ")
                    )));
                }
                "challenge"
                    if value == "today" || value == "online" || value.parse::<u64>().is_ok() =>
                {
                    query.challenge = Some(value)
                }
                "challenge" => {
                    return Err(QueryError(format!(
                        "challenge `{value}`: `online`, `today` or a seed"
                    )));
                }
                _ => {
                    return Err(QueryError(format!(
                        "`{key}`: the page takes replay, scene, seed, play, load, challenge, name, script and stress"
                    )));
                }
            }
        }
        Ok(query)
    }
}

/// `text` with its `%XX` escapes and `+` decoded; `None` for a broken escape or bytes that
/// are not UTF-8.
fn decode(text: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.bytes();
    while let Some(byte) = rest.next() {
        match byte {
            b'%' => {
                let hex = [rest.next()?, rest.next()?];
                let hex = std::str::from_utf8(&hex).ok()?;
                bytes.push(u8::from_str_radix(hex, 16).ok()?);
            }
            b'+' => bytes.push(b' '),
            other => bytes.push(other),
        }
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_url_is_decoded() {
        let query = Query::parse("?replay=%2Fruns%2F7.rec&scene=td").unwrap_or_default();
        assert_eq!(query.replay.as_deref(), Some("/runs/7.rec"));
        assert_eq!(query.scene.as_deref(), Some("td"));
        assert_eq!(Query::parse("").ok(), Some(Query::default()));
        assert_eq!(
            Query::parse("challenge=today")
                .ok()
                .and_then(|q| q.challenge),
            Some("today".to_string())
        );
        assert_eq!(
            Query::parse("challenge=20261205")
                .ok()
                .and_then(|q| q.challenge),
            Some("20261205".to_string())
        );
        let online = Query::parse("challenge=online&name=Ida+I&script=data%3A,1%20wall%201%202")
            .unwrap_or_default();
        assert_eq!(online.challenge.as_deref(), Some("online"));
        assert_eq!(online.name.as_deref(), Some("Ida I"));
        assert_eq!(online.script.as_deref(), Some("data:,1 wall 1 2"));
        let shipped = Query::parse("play=2&seed=4").unwrap_or_default();
        assert_eq!((shipped.play, shipped.seed), (Some(2), Some(4)));
        assert!(
            Query::parse("scene=td&load=quick")
                .unwrap_or_default()
                .load_quick
        );
        assert_eq!(
            Query::parse("replay=stored")
                .unwrap_or_default()
                .replay
                .as_deref(),
            Some("stored")
        );
    }

    #[test]
    fn what_the_page_does_not_have_is_refused_by_name() {
        for (search, says) in [
            ("?scene=moon", "scene `moon`"),
            ("?challenge=yesterday", "challenge `yesterday`"),
            ("?volume=11", "`volume`"),
            ("?stress=0", "stress `0`"),
            ("?stress=2000000", "stress `2000000`"),
            ("?replay=%zz", "bad escape"),
            ("?scene=city&seed=-1", "seed `-1`"),
            ("?play=0", "play `0`"),
            ("?load=slot2", "load `slot2`"),
            ("?play=7", "play `7`"),
            ("?replay=%c3%28", "bad escape"),
        ] {
            let error = Query::parse(search).err().map(|e| e.to_string());
            assert!(
                error.as_deref().is_some_and(|e| e.contains(says)),
                "{search}: {error:?}"
            );
        }
    }
}
