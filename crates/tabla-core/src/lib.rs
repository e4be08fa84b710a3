//! The game model shared by every Tabla game.
//!
//! - [`Game`]: one trait for positions of any game (2–4 players, chance nodes, whole-turn
//!   moves, outcomes, Zobrist hashes, notation);
//! - [`geometry`]: square grids with masks and hexagons, with neighbour and ray tables;
//! - [`perft`](mod@perft) and random playouts, generic over the game;
//! - [`conformance`]: the checks every game passes;
//! - [`view`]: one board picture and click paths for every game, for graphical front ends;
//! - [`DynGame`]: the object-safe wrapper the command line and server use.

pub mod bits;
pub mod conformance;
pub mod dyn_game;
pub mod game;
pub mod geometry;
pub mod options;
pub mod perft;
pub mod view;
pub mod zobrist;

pub use bits::Bits;
pub use dyn_game::{play_record, DynGame, Played, RecordError, StateReport};
pub use game::{
    EndReason, Game, MoveError, MoveErrorKind, Outcome, PerPlayer, Player, PlayerSet,
    PositionError, ToMove, MAX_PLAYERS,
};
pub use geometry::{Cell, Geometry, Shape};
pub use options::{GameOptions, OptionError, OptionSpec};
pub use view::{BoardShape, BoardView, CellView, Label, Piece, PlayerView};
pub use zobrist::{zobrist, zobrist_table};

/// The random-number crate the trait's samplers use, so games name the same version.
pub use rand;
