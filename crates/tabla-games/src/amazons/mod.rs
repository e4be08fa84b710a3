//! Amazons (`rules/amazons.md`): queens move like chess queens and shoot a stone; a player
//! who cannot move is out. 2–4 players, teams, killer, placement, hex boards, holes and
//! layouts.
//!
//! The position is copy-make friendly: a byte per cell and the queens' cells per player,
//! with the rule set behind an `Arc`. Move generation walks precomputed rays, as bitsets on
//! boards of at most 128 cells.
//!
//! Layout (the same in every game folder):
//! - `config.rs`: the options, declared once with typed defaults, and [`Config`], the checked
//!   rule set they make (board, set-up, variants);
//! - `position.rs`: [`Amazons`] (the position), [`Move`], cell contents, `impl Game`;
//! - `movegen.rs`: listing, counting and random sampling of turns (uniform over turns, or
//!   stepwise as OpenSpiel draws them: [`Sampler`]), the ray bitsets;
//! - `notation.rs`: moves as text both ways, and the position text (`position_text`,
//!   `read_position`);
//! - `view.rs`: the board view, touched cells and click paths for front ends, and the
//!   terminal's text picture.

mod config;
mod movegen;
mod notation;
mod position;
mod view;

pub use config::{Config, Placement, MAX_CELLS, MAX_QUEENS, OPTIONS};
pub use movegen::{Rays128, Sampler};
pub use position::{Amazons, ByPlayer, Content, Move, Queens};

use crate::registry::GameInfo;

/// Option sets the conformance checks play random games under (space-separated `-o` words):
/// every option and the board-size families (bitset boards, and one over 128 cells), with
/// 10×10 once, since its random games are long.
pub const SAMPLES: &[&str] = &[
    "",
    "size=8 killer=on",
    "size=10",
    "size=8 holes=d4,e5,a1",
    "size=7 placement=free killer=on",
    "layout=..1.../#....-/--...2/...... turn=2",
    "layout=1...-/.#.2./..... queens=2 placement=free",
    "board=hex",
    "board=hex players=3 killer=on",
    "board=hex side=4 hex_diagonals=on holes=d4",
    "players=4 teams=on size=10 killer=on",
    "players=3 queens=2 placement=alternate",
    "size=12 queens=2",
    "size=12 killer=on",
    "board=hex side=4 players=4 queens=1",
];

/// Registry entry.
pub const INFO: GameInfo = GameInfo {
    id: "amazons",
    name: "Amazons",
    summary: "Queens move and shoot stones; whoever cannot move is out.",
    options: OPTIONS,
    rules_en: include_str!("../../rules/amazons.md"),
    rules_hu: include_str!("../../rules/amazons.hu.md"),
    create: |o| Ok(Amazons::from_options(o)?.into()),
    samples: SAMPLES,
};
