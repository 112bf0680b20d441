//! What a save holds after its enemies' planes, since format 6: a list of entries keyed by
//! name, each the postcard bytes of one thing a game uses that the first formats did not know
//! — `endless` (the scenario's endless waves) and `waves` (the waves cleared, and the marks of
//! those still waiting). A game that uses none has an empty tail, so its save is format 5's
//! bytes; an entry this build does not know is refused by name (a newer Horde's). The state
//! checksum hashes the same bytes after format 4's layout: what a game does not use adds
//! nothing to it. A save may also name where its game came from (`source`: its level and
//! scenario, as a recording names them), which is not game state: the checksum leaves it out.

use crate::maths::Maths;
use crate::td::scenario::Endless;
use crate::td::simulation::Simulation;
use crate::td::simulation::waves::WaveTally;
use crate::td::source::{GameSource, LevelSource, ScenarioSource};
use serde::{Deserialize, Serialize};

/// What the tail held.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Tail {
    /// The scenario's endless waves.
    pub(crate) endless: Option<Endless>,
    /// The waves cleared and waiting.
    pub(crate) tally: Option<WaveTally>,
    /// Where the game came from.
    pub(crate) source: Option<GameSource>,
    /// The maths the game is played with: `None` in a save made before games said
    /// (the platform's).
    pub(crate) maths: Option<Maths>,
}

/// Where the game came from, as the tail keeps it: the names a recording's `#! level` and
/// `#! scenario` lines give (text, so that any path is kept).
#[derive(Serialize, Deserialize)]
struct SourceRecord {
    level: String,
    scenario: Option<String>,
}

/// The tally as the tail keeps it.
#[derive(Serialize, Deserialize)]
struct TallyRecord {
    cleared: u64,
    waiting: Vec<u64>,
}

/// The entries of `sim`'s tail that are game state (the state checksum hashes them).
fn state_entries(sim: &Simulation) -> Vec<(&'static str, Vec<u8>)> {
    let Some(endless) = sim.scenario().and_then(|s| s.endless) else {
        return Vec::new();
    };
    let tally = sim.wave_tally();
    let record = TallyRecord {
        cleared: tally.cleared,
        waiting: tally.waiting.iter().copied().collect(),
    };
    vec![
        (
            "endless",
            postcard::to_allocvec(&endless).unwrap_or_default(),
        ),
        ("waves", postcard::to_allocvec(&record).unwrap_or_default()),
    ]
}

/// The entries encoded, or nothing for none.
fn encoded(entries: &[(&str, Vec<u8>)]) -> Vec<u8> {
    if entries.is_empty() {
        return Vec::new();
    }
    postcard::to_allocvec(entries).unwrap_or_default()
}

/// The tail of `sim`'s state, as the state checksum hashes it (empty when the game uses
/// nothing it keeps).
pub(crate) fn tail_of(sim: &Simulation) -> Vec<u8> {
    encoded(&state_entries(sim))
}

/// The tail of `sim`'s save: its state's entries, then `source` (where the game came from, as
/// a recording names its level and scenario) where given. Empty when neither has anything.
pub(crate) fn save_tail(sim: &Simulation, source: Option<&GameSource>) -> Vec<u8> {
    let mut entries = state_entries(sim);
    if let Some(source) = source {
        let record = SourceRecord {
            level: source.level.to_string(),
            scenario: source.scenario.as_ref().map(ToString::to_string),
        };
        entries.push(("source", postcard::to_allocvec(&record).unwrap_or_default()));
    }
    // A game played with the platform's maths (an old game, loaded) says nothing, as the
    // saves made before said nothing.
    if sim.maths() == Maths::Portable {
        let name = Maths::Portable.name();
        entries.push(("maths", postcard::to_allocvec(name).unwrap_or_default()));
    }
    encoded(&entries)
}

/// The tail in `bytes` (empty: nothing), or what is wrong with it.
pub(crate) fn read_tail(bytes: &[u8]) -> Result<Tail, String> {
    let mut tail = Tail::default();
    if bytes.is_empty() {
        return Ok(tail);
    }
    let bad = |what: &str| format!("its {what} after the enemies do not read");
    let entries: Vec<(String, Vec<u8>)> =
        postcard::from_bytes(bytes).map_err(|_| bad("entries"))?;
    for (name, value) in entries {
        match name.as_str() {
            "endless" => {
                let endless: Endless =
                    postcard::from_bytes(&value).map_err(|_| bad("endless waves"))?;
                tail.endless = Some(endless);
            }
            "waves" => {
                let record: TallyRecord = postcard::from_bytes(&value).map_err(|_| bad("waves"))?;
                tail.tally = Some(WaveTally {
                    cleared: record.cleared,
                    waiting: record.waiting.into(),
                });
            }
            "source" => {
                let record: SourceRecord =
                    postcard::from_bytes(&value).map_err(|_| bad("source"))?;
                let level = LevelSource::parse(&record.level)
                    .map_err(|e| format!("its source after the enemies: {e}"))?;
                tail.source = Some(GameSource {
                    level,
                    scenario: record.scenario.as_deref().map(ScenarioSource::parse),
                });
            }
            "maths" => {
                let name: String = postcard::from_bytes(&value).map_err(|_| bad("maths"))?;
                tail.maths = Some(match name.as_str() {
                    "portable" => Maths::Portable,
                    "platform" => Maths::Platform,
                    other => {
                        return Err(format!("its maths `{other}` is not one this build knows"));
                    }
                });
            }
            other => {
                return Err(format!(
                    "it holds `{other}`, which this build does not know (saved by a newer Horde?)"
                ));
            }
        }
    }
    Ok(tail)
}
