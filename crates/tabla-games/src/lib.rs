//! The four Tabla games, one module each, and the [`registry`] that builds them.
//!
//! Each game module follows the same layout: the rules-level types (cells, moves, the
//! position), `Game` for its position, option parsing into a checked config, notation, and
//! its `INFO` entry for the registry.

pub mod amazons;
pub mod bulgarian_ur;
pub mod gipf;
pub mod registry;
pub mod seega;

pub use registry::{find, new_game, AnyGame, GameInfo, GAMES};
