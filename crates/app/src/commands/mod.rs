//! One module per subcommand of `horde`: each turns its parsed flags (from [`crate::cli`]) into
//! work and output. The CLI contract they keep is in `docs/ARCHITECTURE.md` and README.md.

pub mod adapters;
pub mod platformer;
pub mod run;
pub mod runner;
pub mod scatter;
pub mod screenshot;
pub mod sim;
pub mod stress;
pub mod wfc;
