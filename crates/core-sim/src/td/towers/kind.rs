//! The kind table: every tower kind the game knows, one row each, and [`TowerKind`], the
//! name of a kind, made from it. This room depends on nothing, so that a tile can hold a
//! tower kind without the board depending on what towers do; [`super::kinds`] expands the
//! same table into each kind's state, settings and behaviour.
//!
//! A row names the kind's variant; its name, which is its field in scenario files and saves
//! and its file (`kinds/NAME.rs`, declared by the table: a test checks the name is
//! [`super::behaviour::KindInfo::name`]); and its state type in that file, which implements
//! [`super::behaviour::Behaviour`]. Kinds are kept in the table's order:
//! their index is their tile code in saves (append, never reorder).

/// Calls the macro `$make` with the kind table's rows (the one list of kinds).
macro_rules! tower_table {
    ($make:ident) => {
        $make! {
            /// Tracks one target and damages it every tick.
            Laser: laser => LaserState;
            /// Fires shells on a high arc at the ground under a random enemy in range.
            Mortar: mortar => MortarState;
        }
    };
}
pub(crate) use tower_table;

/// Makes [`TowerKind`] from the table's rows.
macro_rules! kind_enum {
    ($($(#[$doc:meta])* $kind:ident: $field:ident => $state:ident;)+) => {
        /// A kind of tower (the kind table's rows).
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord,
            serde::Serialize, serde::Deserialize,
        )]
        pub enum TowerKind {
            $($(#[$doc])* $kind,)+
        }

        impl TowerKind {
            /// Every kind, in the table's order.
            pub const ALL: &'static [TowerKind] = &[$(TowerKind::$kind,)+];

            /// Each kind's field of [`super::kinds::TowerSettings`] and of a scenario's
            /// `towers:` and `cost:`, in the table's order.
            pub const FIELDS: [&'static str; TowerKind::COUNT] = [$(stringify!($field),)+];
        }
    };
}
tower_table!(kind_enum);

impl TowerKind {
    /// How many kinds the table has.
    pub const COUNT: usize = TowerKind::ALL.len();

    /// The kind's position in the table (its code in saves).
    pub fn index(self) -> usize {
        self as usize
    }

    /// The kind at `index` in the table, if there is one.
    pub fn from_index(index: usize) -> Option<TowerKind> {
        TowerKind::ALL.get(index).copied()
    }
}
