//! The game model shared by every Tabla game.
//!
//! - [`Game`]: one trait for positions of any game (2–4 players, chance nodes, whole-turn
//!   moves, outcomes, Zobrist hashes, notation);
//! - [`geometry`]: square grids with masks and hexagons, with neighbour and ray tables;
//! - [`perft`](mod@perft) and random playouts, generic over the game;
//! - [`conformance`]: the checks every game passes;
//! - [`DynGame`]: the object-safe wrapper the command line and server use.

pub mod bits;
pub mod conformance;
pub mod dyn_game;
pub mod game;
pub mod geometry;
pub mod options;
pub mod perft;
pub mod zobrist;

pub use bits::Bits;
pub use dyn_game::{play_record, DynGame, RecordError, StateReport};
pub use game::{Game, MoveError, Outcome, Player, PlayerSet, ToMove, MAX_PLAYERS};
pub use geometry::{Cell, Geometry, Shape};
pub use options::{GameOptions, OptionError, OptionSpec};
pub use zobrist::{zobrist, zobrist_table};

/// The random-number crate the trait's samplers use, so games name the same version.
pub use rand;
