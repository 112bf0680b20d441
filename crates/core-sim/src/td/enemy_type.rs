//! The scenario's enemy types (the series' scenarios part): small, medium and large. A type
//! is also what an enemy keeps of where it came from (its code, in two spare bits), which
//! colours it and decides what its kill pays.

use serde::{Deserialize, Serialize};

/// The three enemy types of the texts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EnemyType {
    /// Small and quick.
    Small,
    /// The middle one.
    Medium,
    /// Large, slow and tough.
    Large,
}
