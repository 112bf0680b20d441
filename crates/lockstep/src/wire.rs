//! What travels between a host and its peers: the messages (serde + postcard), each sent as
//! one frame on the connection's one stream — its length as 4 little-endian bytes, then its
//! postcard bytes. Nothing else is framed by hand: QUIC orders, retransmits and encrypts.
//!
//! The first frame each way never changes layout, whatever the protocol version: a peer's
//! [`Hello`] and the host's [`HelloReply`]. So a peer of another version is told so in words
//! ("this host speaks co-op protocol 1, you speak 2") instead of failing to parse.

use horde_core_sim::td::defence::{Priority, TowerKind};
use horde_core_sim::td::files::action_name;
use horde_core_sim::td::tiles::EditKind;
use serde::{Deserialize, Serialize};

/// The protocol this build speaks; a peer of another is refused by the host, naming both.
pub const PROTOCOL_VERSION: u32 = 1;

/// The most bytes a frame a peer sends may have (a message to the host is small: an edit, a
/// tick, a checksum). A longer frame closes the connection.
pub const TO_HOST_CAP: usize = 16 << 10;

/// The most bytes a frame from the host may have (a welcome carries a save: 40-odd MB at a
/// million enemies).
pub const TO_PEER_CAP: usize = 512 << 20;

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A peer's first frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// The protocol it speaks ([`PROTOCOL_VERSION`]).
    pub protocol: u32,
    /// The name it asks to play under (empty: the host gives one).
    pub name: String,
}

/// The host's answer to a [`Hello`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HelloReply {
    /// The protocol the host speaks.
    pub protocol: u32,
    /// Why the peer may not join (`None`: a [`ToPeer::Welcome`] follows).
    pub refused: Option<String>,
}

/// An edit as it travels: the edit-script action's name (`wall`, `destination`, `spawn`, a
/// tower kind, `target`), the tile, and for `target` the priority's name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct WireEdit {
    /// The action, as an edit script names it.
    pub action: String,
    /// Column from the west edge.
    pub x: i64,
    /// Row from the south edge.
    pub y: i64,
    /// For `target`: the priority's name.
    pub priority: Option<String>,
}

impl WireEdit {
    /// The wire form of an edit of `kind` at `(x, y)`.
    pub fn of(kind: EditKind, x: i64, y: i64) -> WireEdit {
        let priority = match kind {
            EditKind::Target(priority) => Some(priority.name().to_string()),
            _ => None,
        };
        WireEdit {
            action: action_name(kind).to_string(),
            x,
            y,
            priority,
        }
    }

    /// The edit's kind, or why it names none this build knows.
    pub fn kind(&self) -> Result<EditKind, String> {
        Ok(match self.action.as_str() {
            "wall" => EditKind::Wall,
            "destination" => EditKind::Destination,
            "spawn" => EditKind::SpawnPoint,
            "target" => {
                let name = self.priority.as_deref().unwrap_or("");
                EditKind::Target(
                    Priority::from_name(name)
                        .ok_or_else(|| format!("unknown priority `{}`", name.escape_debug()))?,
                )
            }
            other => EditKind::Tower(
                TowerKind::from_name(other)
                    .ok_or_else(|| format!("unknown action `{}`", other.escape_debug()))?,
            ),
        })
    }
}

/// An edit with the tick at whose start it applies and who made it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamped {
    /// The tick at whose start it applies, on every peer.
    pub tick: u64,
    /// The player who made it.
    pub player: String,
    /// The edit.
    pub edit: WireEdit,
}

/// A player as the host sees them, for everyone's HUD.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerState {
    /// The player's name.
    pub name: String,
    /// The round trip to the host, in milliseconds (0 for the host itself).
    pub ping_ms: u32,
    /// The last tick they said they had stepped.
    pub tick: u64,
    /// Whether the game waits for them (for half a second or more).
    pub waited_for: bool,
}

/// Everything after a peer's [`Hello`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToHost {
    /// An edit the player made, when their game stood after `made_at`.
    Edit {
        /// The tick the player's game stood after.
        made_at: u64,
        /// The edit.
        edit: WireEdit,
    },
    /// The player's game stands after `tick` (also sent while it waits, as a heartbeat).
    Progress {
        /// The tick.
        tick: u64,
        /// How many times the host had taken the game back ([`ToPeer::Rewind`]) when the
        /// player's game stood there: a report from before the last is not this game's.
        epoch: u32,
    },
    /// The game's state checksum after `tick`.
    Checksum {
        /// The tick.
        tick: u64,
        /// The checksum.
        checksum: u64,
        /// As [`ToHost::Progress`]'s.
        epoch: u32,
    },
    /// The player leaves.
    Bye,
}

/// The game as a joiner gets it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Welcome {
    /// The name the player plays under.
    pub name: String,
    /// The host's player name.
    pub host: String,
    /// Ticks between an edit and the tick it applies at.
    pub delay_ticks: u64,
    /// The pace: 60 ticks a second times this.
    pub speed: f64,
    /// The tick the game ends after (headless games), if any.
    pub last_tick: Option<u64>,
    /// A save of the game after the host's tick (`horde` save format, naming its source).
    #[serde(with = "serde_bytes")]
    pub save: Vec<u8>,
    /// The lists are final through this tick; `edits` holds those after the save's tick.
    pub through: u64,
    /// The edits after the save's tick, through `through`.
    pub edits: Vec<Stamped>,
    /// Everyone playing.
    pub players: Vec<PlayerState>,
    /// How many times the host has taken the game back.
    pub epoch: u32,
    /// Who placed the standing towers, where the host knows.
    pub placers: Vec<Placer>,
}

/// Who placed a standing tower: its tile (the board's index) and the player's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placer {
    /// The tower's tile, as the board indexes it.
    pub tile: u32,
    /// The player who placed it.
    pub player: String,
}

/// Everything after the host's [`HelloReply`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ToPeer {
    /// The game, for a joiner.
    Welcome(Box<Welcome>),
    /// The lists of ticks `from + 1` through `through`: every edit stamped for them.
    Lists {
        /// The last tick of the previous lists.
        from: u64,
        /// The last tick these lists are final for.
        through: u64,
        /// Their edits, in the order they apply.
        edits: Vec<Stamped>,
    },
    /// Who plays, their pings and whom the game waits for.
    Players(Vec<PlayerState>),
    /// The checksums after `tick` differ: the game stops.
    Desync {
        /// The tick.
        tick: u64,
        /// The players whose checksum differs from the host's.
        players: Vec<String>,
    },
    /// The game ended after `tick` with the host's `checksum`.
    End {
        /// The last tick.
        tick: u64,
        /// The host's checksum after it.
        checksum: u64,
        /// Everyone who played, the host first.
        players: Vec<String>,
    },
    /// The host dropped this peer (it says why).
    Dropped(String),
    /// The host took the game back (an undo: a seek and an edit): the game again from a save
    /// of the host's tick, and the lists from there; every later tick is forgotten.
    Rewind(Box<Welcome>),
}

/// `message` as one frame: its length (4 bytes, little-endian), then its postcard bytes.
pub fn frame<T: Serialize>(message: &T) -> Vec<u8> {
    let out = vec![0u8; 4];
    // Plain data into memory: postcard cannot fail here.
    match postcard::to_extend(message, out) {
        Ok(mut bytes) => {
            let len = (bytes.len() - 4) as u32;
            bytes[..4].copy_from_slice(&len.to_le_bytes());
            bytes
        }
        Err(_) => Vec::new(),
    }
}

/// A frame's body decoded as a `T`, or why not.
pub fn decode<'a, T: Deserialize<'a>>(body: &'a [u8]) -> Result<T, String> {
    postcard::from_bytes(body).map_err(|e| format!("the message does not parse ({e})"))
}

/// Whether `name` may be a player's: 1 to [`MAX_NAME_CHARS`] characters, letters, digits,
/// spaces and `-_.`, not starting or ending with a space. `Err` says why not.
pub fn check_name(name: &str) -> Result<(), String> {
    let chars = name.chars().count();
    if chars == 0 || chars > MAX_NAME_CHARS {
        return Err(format!(
            "a player's name has 1 to {MAX_NAME_CHARS} characters (`{}` has {chars})",
            name.escape_debug()
        ));
    }
    if name.starts_with(' ') || name.ends_with(' ') {
        return Err("a player's name does not start or end with a space".to_string());
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_alphabetic() || c.is_numeric() || " -_.".contains(*c)))
    {
        return Err(format!(
            "a player's name holds letters, digits, spaces and -_. only, not `{}`",
            bad.escape_debug()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn every_edit_kind_travels_and_comes_back() {
        let kinds = [
            EditKind::Wall,
            EditKind::Destination,
            EditKind::SpawnPoint,
            EditKind::Tower(TowerKind::from_name("laser").unwrap()),
            EditKind::Tower(TowerKind::from_name("mortar").unwrap()),
            EditKind::Target(Priority::from_name("strongest").unwrap()),
        ];
        for kind in kinds {
            let wire = WireEdit::of(kind, 3, 4);
            let body = frame(&ToHost::Edit {
                made_at: 9,
                edit: wire.clone(),
            });
            let back: ToHost = decode(&body[4..]).unwrap();
            let ToHost::Edit { edit, .. } = back else {
                panic!("{back:?}")
            };
            assert_eq!(edit.kind().unwrap(), kind);
        }
        let bogus = WireEdit {
            action: "nuke".into(),
            x: 0,
            y: 0,
            priority: None,
        };
        assert!(bogus.kind().unwrap_err().contains("nuke"));
    }

    #[test]
    fn a_frame_is_its_length_then_its_body() {
        let body = frame(&ToHost::Progress {
            tick: 300,
            epoch: 0,
        });
        let len = u32::from_le_bytes(body[..4].try_into().unwrap()) as usize;
        assert_eq!(len, body.len() - 4);
        assert_eq!(
            decode::<ToHost>(&body[4..]).unwrap(),
            ToHost::Progress {
                tick: 300,
                epoch: 0
            }
        );
        assert!(decode::<ToHost>(&[200, 1, 2]).is_err());
    }

    #[test]
    fn names_are_checked() {
        assert!(check_name("ann").is_ok());
        assert!(check_name("Zoë 2").is_ok());
        assert!(check_name("").is_err());
        assert!(check_name(" ann").is_err());
        assert!(check_name("a<b>").is_err());
        assert!(check_name(&"x".repeat(25)).is_err());
    }

    #[test]
    fn a_welcome_carries_its_save_as_bytes() {
        let welcome = ToPeer::Welcome(Box::new(Welcome {
            name: "ann".into(),
            host: "host".into(),
            delay_ticks: 6,
            speed: 1.0,
            last_tick: None,
            save: vec![7; 1000],
            through: 5,
            edits: vec![],
            players: vec![],
            epoch: 0,
            placers: vec![Placer {
                tile: 3,
                player: "ann".into(),
            }],
        }));
        let body = frame(&welcome);
        // One length and the bytes: not a number per byte.
        assert!(body.len() < 1100, "{}", body.len());
        assert_eq!(decode::<ToPeer>(&body[4..]).unwrap(), welcome);
    }
}
