//! The four Tabla games, one folder each, and the [`registry`] that builds them and holds
//! [`AnyGame`], the closed enum every dynamic caller matches on.
//!
//! Every game folder has the same files in the same roles:
//!
//! | file | role |
//! | --- | --- |
//! | `mod.rs` | what the game is; `OPTIONS`, `SAMPLES` (option sets the conformance checks play), `INFO` (the registry entry) |
//! | `config.rs` | options, declared once with typed defaults, checked into the game's config |
//! | `position.rs` | board and position types, `impl Game` (play, whose turn, outcome, hash) |
//! | `movegen.rs` | legal turns: listing, counting (perft's last ply), sampling (playouts) |
//! | `notation.rs` | moves as text both ways, and the position text |
//! | `view.rs` | the board view, the click paths of every turn, the cells a turn touches, the terminal picture |
//!
//! A new game joins by a folder like these, a line in [`registry::GAMES`] and a variant of
//! [`AnyGame`]; whatever does not handle it then fails to compile. Its tests join by
//! existing: `tests/conformance.rs` plays its samples, `tests/perft.rs` reads
//! `tests/fixtures/<id>.perft`, `tests/golden.rs` replays `tests/golden/<id>-*.jsonl`.

pub mod amazons;
pub mod bulgarian_ur;
pub mod gipf;
pub mod registry;
pub mod seega;

pub use registry::{find, new_game, AnyGame, GameInfo, GAMES};
