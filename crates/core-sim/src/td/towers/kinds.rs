//! The kind table: every tower kind the game knows, one line each. A line names the kind's
//! variant, its settings' field in scenario files and its state type, whose [`Behaviour`] (in
//! the kind's own file beside this one) says everything else: its names and level character,
//! its settings with their defaults and limits, and what it does in a tick. From the table come
//! [`TowerKind`] (which kinds exist), [`TowerState`] (one tower's per-kind state),
//! [`TowerSettings`] (every kind's settings, as a scenario's `towers:` field) and the dispatch
//! from each to the kind's behaviour, so nothing else in the game matches on a kind.
//!
//! Adding a kind: its file `kinds/NAME.rs` with its state type and `impl Behaviour`, and its
//! row in the table ([`super::kind`]), which declares the file. Kinds are kept in the order of
//! the table: their index is their code in saves (append, never reorder).
//!
//! The kinds today: `laser.rs` (keeps its target, damage every tick) and `mortar.rs` (shells
//! launched at the ground under a random enemy, damage in a blast).

use super::behaviour::{Behaviour, KindInfo, Moment, Reads, Site, Turn};
pub use super::kind::TowerKind;
use super::kind::tower_table;
use super::limits::SettingField;
use super::targeting::{Glance, Seen};
use serde::{Deserialize, Serialize};

/// Builds the state enum, the settings struct and their dispatch from the table.
macro_rules! tower_kinds {
    ($($(#[$doc:meta])* $kind:ident: $field:ident => $state:ident;)+) => {
        $(pub mod $field;)+

        /// One tower's state, of its kind.
        #[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
        pub enum TowerState {
            $($(#[$doc])* $kind($field::$state),)+
        }

        /// Every kind's settings: a scenario's `towers:` field, each kind's under its name;
        /// a kind left out keeps the texts' values. Saves keep them keyed by kind and field
        /// name (`keyed`), so a kind added to the table leaves older saves readable.
        #[derive(Clone, Copy, Debug, Default, PartialEq)]
        pub struct TowerSettings {
            $($(#[$doc])* pub $field: <$field::$state as Behaviour>::Settings,)+
        }

        /// [`TowerSettings`] as a scenario file writes it: each kind's under its name.
        #[derive(Clone, Copy, Default, Serialize, Deserialize)]
        #[serde(deny_unknown_fields, default, rename = "TowerSettings")]
        pub(super) struct SettingsFile {
            $($field: <$field::$state as Behaviour>::Settings,)+
        }

        impl From<SettingsFile> for TowerSettings {
            fn from(file: SettingsFile) -> TowerSettings {
                TowerSettings { $($field: file.$field,)+ }
            }
        }

        impl From<&TowerSettings> for SettingsFile {
            fn from(settings: &TowerSettings) -> SettingsFile {
                SettingsFile { $($field: settings.$field,)+ }
            }
        }

        impl TowerKind {
            /// Every kind's name ([`KindInfo::name`]), in the table's order.
            pub const NAMES: [&'static str; TowerKind::COUNT] =
                [$(<$field::$state as Behaviour>::INFO.name,)+];

            /// The kind's names and level character.
            pub fn info(self) -> &'static KindInfo {
                match self {
                    $(TowerKind::$kind => &<$field::$state as Behaviour>::INFO,)+
                }
            }

            /// A new tower's state: idle.
            pub fn idle(self) -> TowerState {
                match self {
                    $(TowerKind::$kind => TowerState::$kind(<$field::$state>::default()),)+
                }
            }
        }

        impl TowerState {
            /// The kind this state belongs to.
            pub fn kind(&self) -> TowerKind {
                match self {
                    $(TowerState::$kind(_) => TowerKind::$kind,)+
                }
            }

            /// Where the kind may read the index this tick ([`Behaviour::wants`]).
            pub(crate) fn wants(&self, site: Site, all: &TowerSettings, glance: &Glance, dt: f32) -> Reads {
                match self {
                    $(TowerState::$kind(state) => state.wants(site, &all.$field, glance, dt),)+
                }
            }

            /// The kind's look ([`Behaviour::look`]).
            pub(crate) fn look(&mut self, site: Site, all: &TowerSettings, seen: &Seen, moment: Moment) {
                match self {
                    $(TowerState::$kind(state) => state.look(site, &all.$field, seen, moment),)+
                }
            }

            /// The kind's turn ([`Behaviour::act`]).
            pub(crate) fn act(
                &mut self,
                site: Site,
                aim: &mut Option<[f32; 2]>,
                all: &TowerSettings,
                turn: &mut Turn,
            ) {
                match self {
                    $(TowerState::$kind(state) => state.act(site, aim, &all.$field, turn),)+
                }
            }

            /// Whether every number of the state is finite.
            pub fn is_finite(&self) -> bool {
                match self {
                    $(TowerState::$kind(state) => state.is_finite(),)+
                }
            }
        }

        impl TowerSettings {
            /// Calls `visit` with each number of `kind`'s settings and how an editor shows it.
            pub fn visit(&mut self, kind: TowerKind, visit: &mut dyn FnMut(&SettingField, &mut f32)) {
                match kind {
                    $(TowerKind::$kind => <$field::$state as Behaviour>::visit_settings(&mut self.$field, visit),)+
                }
            }
        }
    };
}

tower_table!(tower_kinds);

impl TowerKind {
    /// Its lower-case name, for scripts, messages, the CLI and JSON (`laser`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The kind called `name` (as [`TowerKind::name`] spells it), if there is one.
    pub fn from_name(name: &str) -> Option<TowerKind> {
        TowerKind::ALL.iter().copied().find(|k| k.name() == name)
    }

    /// The kind whose level-file character is `symbol`, if there is one.
    pub fn from_symbol(symbol: char) -> Option<TowerKind> {
        TowerKind::ALL
            .iter()
            .copied()
            .find(|k| k.info().symbol == symbol)
    }

    /// Every kind's name joined by commas and a final `or` (`laser or mortar`), for messages.
    pub fn names_or() -> String {
        let names: Vec<&str> = TowerKind::ALL.iter().map(|k| k.name()).collect();
        match names.split_last() {
            Some((last, [])) => (*last).to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}
