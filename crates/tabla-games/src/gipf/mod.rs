//! GIPF (Kris Burm), as specified in `rules/gipf.md`: pieces pushed in from the 24 dots,
//! rows of four or more taken back, GIPF pieces (double stacks) to protect.
//!
//! A move is a whole turn: removals before the entry, the entry, removals after it. Removals
//! are kept as sets of the points whose pieces leave the board, so two take orders that
//! remove the same pieces are one move, as the rules file asks.
//!
//! Layout:
//! - `config.rs`: the `variant` option as [`Variant`], [`Gipf::from_options`];
//! - `position.rs`: board tables (points, the 21 lines and 42 entries, built once), the board
//!   as four bitmasks, moves, the repetition history, the position and its `Game` impl;
//! - `movegen.rs`: rows, removal phases, legal turns;
//! - `notation.rs`: turn notation both ways, hand-built positions, and the position text;
//! - `view.rs`: the terminal picture, the board view, touched ids and click paths.

mod config;
mod movegen;
mod notation;
mod position;
mod view;

pub use config::Variant;
pub use position::{Entering, EntryId, Gipf, GipfMove, PerPlayer, PieceKind, Removal};

use crate::registry::GameInfo;
use tabla_core::OptionSpec;

/// The options of `gipf`.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "variant",
    values: "tournament / standard / basic",
    default: Variant::DEFAULT.name(),
    help: "tournament: empty board, GIPF pieces by choice; standard: 3 GIPF pieces each \
           at the start; basic: 3 single pieces each, no GIPF pieces",
    choices: &Variant::NAMES,
}];

/// Option sets the conformance checks play random games under (space-separated `-o` words):
/// every variant.
pub const SAMPLES: &[&str] = &["", "variant=basic", "variant=standard"];

/// Registry entry.
pub const INFO: GameInfo = GameInfo {
    id: "gipf",
    name: "GIPF",
    summary: "Push pieces in from the edge; rows of four go back, the opponent's pieces in \
              them are captured; lose your last GIPF piece and you lose.",
    options: OPTIONS,
    rules_en: include_str!("../../rules/gipf.md"),
    rules_hu: include_str!("../../rules/gipf.hu.md"),
    create: |o| Ok(Gipf::from_options(o)?.into()),
    samples: SAMPLES,
};
