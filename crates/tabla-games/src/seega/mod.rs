//! Seega (`rules/seega.md`): placing stones two at a time, then stepping and capturing by
//! custodian pattern, with diagonal moves by default.
//!
//! Layout:
//! - `config.rs`: the options, checked ([`SeegaConfig`]), and the seats;
//! - `position.rs`: the per-board tables, the repetition history, the position [`Seega`] and
//!   its `impl Game`;
//! - `movegen.rs`: the moves ([`SeegaMove`], [`Path`], [`Turn`]) and legal move generation,
//!   counting and sampling;
//! - `notation.rs`: move notation both ways, and the position text (`position_text`,
//!   `read_position`);
//! - `view.rs`: the board view, touched cells, click paths, and the terminal picture.
//!
//! The board is at most 9×9 = 81 cells, so each side's stones are one `u128` bitboard (bit
//! `rank * size + file`, the numbering of [`tabla_core::Geometry::square`]). Move generation
//! narrows them to the smallest integer that holds the board (`u32` on 5×5). A move is one
//! `u128`. A copy of a position never allocates: the repetition history is kept as the
//! turns since the last capture, inline (see `position.rs`).
//!
//! Speed (5×5 default, one shared core; `cargo test --release -p tabla-games --test seega --
//! --ignored --nocapture speed` counts CPU time, so a busy machine still compares): random
//! playouts about 4.6 million moves per CPU second (`tabla bench playouts seega`: about 2
//! million per wall-clock second on the loaded machine); copy-make (a copy of a position,
//! then a move played on it) about 46 million per CPU second, 2.3 times the 20 million of the
//! earlier history in a `Vec`.
//!
//! Where the rules file leaves something open, the decision is marked `Decision:` in the
//! code and listed in the rules file's "Decisions" section.

mod config;
mod movegen;
mod notation;
mod position;
mod view;

pub use config::{SeegaConfig, Start, MAX_QUIET};
pub use movegen::{Path, SeegaMove, Turn, MAX_STEPS};
pub use position::{Seega, SetupError};

use crate::registry::GameInfo;
use tabla_core::OptionSpec;

// ---------------------------------------------------------------------------------------------
// Registry

/// The options of `seega`, as in `rules/seega.md`.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "size",
        values: "5, 7, 9",
        default: "5",
        help: "board side; 12, 24 or 40 stones each",
        choices: &["5", "7", "9"],
    },
    OptionSpec {
        key: "place",
        values: "2, 1",
        default: "2",
        help: "stones placed per turn in phase 1",
        choices: &["2", "1"],
    },
    OptionSpec {
        key: "start",
        values: "egyptian, sudanese",
        default: "egyptian",
        help: "egyptian: Second starts phase 2; sudanese: First starts both phases",
        choices: &["egyptian", "sudanese"],
    },
    OptionSpec {
        key: "diagonal",
        values: "on, off",
        default: "on",
        help: "whether stones move and capture diagonally too",
        choices: &["on", "off"],
    },
    OptionSpec {
        key: "quiet",
        values: "any whole number ≥ 1",
        default: "50",
        help: "turns without a capture that end the game (more stones wins)",
        choices: &[],
    },
];

/// Option sets the conformance checks play random games under (space-separated `-o` words):
/// every value of every option, and a quiet limit long enough for the repetition history to
/// outgrow a position's inline room.
pub const SAMPLES: &[&str] = &[
    "",
    "size=7",
    "diagonal=off",
    "size=9 place=1 start=sudanese quiet=3",
    "place=1 diagonal=off start=sudanese quiet=7",
    "quiet=300",
];

/// Registry entry.
pub const INFO: GameInfo = GameInfo {
    id: "seega",
    name: "Seega",
    summary: "Place stones in pairs, then step and capture by enclosing, diagonally too.",
    options: OPTIONS,
    rules_en: include_str!("../../rules/seega.md"),
    rules_hu: include_str!("../../rules/seega.hu.md"),
    create: |o| Ok(Seega::from_options(o)?.into()),
    samples: SAMPLES,
};
