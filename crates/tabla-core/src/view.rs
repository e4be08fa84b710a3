//! One picture of a position for every game: what a graphical front end draws and where a
//! person can click. Front ends know no rules; they lay this out and match clicks against the
//! click paths of the legal moves (see [`crate::Game::click_paths`]).
//!
//! Serialised exactly as `tabla state --view` prints it (`docs/cli-contract.md`).

use serde::Serialize;
use std::collections::BTreeMap;

/// The words a click path may hold besides cell and point ids.
pub mod click {
    /// Ends a turn that could go on (a Seega series stopped early, GIPF pieces kept).
    pub const DONE: &str = "done";
    /// A turn that moves nothing.
    pub const PASS: &str = "pass";
}

/// What to draw for one position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardView {
    /// The board's shape, with the facts needed to lay it out.
    pub board: BoardShape,
    /// Every cell of the board, and only those (holes and a removed centre are not cells).
    pub cells: Vec<CellView>,
    /// Clickable places that are not cells (GIPF's dots, a reserve).
    pub points: Vec<CellView>,
    /// Coordinate labels around the board, so front ends need not know the notation.
    pub labels: Vec<Label>,
    /// Per player, in seat order: public counts.
    pub players: Vec<PlayerView>,
    /// The ids the last move touched, for highlighting (filled by the edge that knows the
    /// last move; a position alone does not).
    pub last: Vec<String>,
}

/// The board's layout family, serialised as `{"kind":"square"|"hex"|"track", ...}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum BoardShape {
    /// A rectangle of square cells (some may be holes); `x` counts files, `y` ranks.
    Square {
        /// Files.
        width: u32,
        /// Ranks.
        height: u32,
    },
    /// A hexagon of hexagonal cells; cell centres are one unit apart.
    Hex {
        /// Cells along each edge.
        side: u32,
        /// Whether cell corners point up (`"pointy"`) or sides are flat on top (`"flat"`).
        orientation: &'static str,
    },
    /// Squares along tracks (the Ur board): cells are unit squares at their coordinates.
    Track {
        /// Which board (`"ur"`, `"ur-twin"`).
        layout: &'static str,
    },
}

/// A cell or a clickable point.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellView {
    /// The id a click path uses; for cells, the cell's name in the notation where it has one.
    pub id: String,
    /// Drawing coordinates in cell units; `y` grows upwards.
    pub x: f64,
    /// See `x`.
    pub y: f64,
    /// The pieces on it, bottom first.
    pub stack: Vec<Piece>,
    /// A special cell (`"centre"`, `"start-black"`, ...), or none.
    pub mark: Option<&'static str>,
}

impl CellView {
    /// An empty, unmarked cell.
    pub fn new(id: impl Into<String>, x: f64, y: f64) -> CellView {
        CellView { id: id.into(), x, y, stack: Vec::new(), mark: None }
    }
}

/// One piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// The owning player's name, or none (an Amazons stone).
    pub owner: Option<&'static str>,
    /// What it is (`"queen"`, `"stone"`, `"gipf"`, `"blue"`, ...).
    pub kind: &'static str,
}

/// A coordinate label at a drawing position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Label {
    /// The text (`"a"`, `"3"`).
    pub text: String,
    /// Drawing position, as for cells.
    pub x: f64,
    /// See `x`.
    pub y: f64,
}

/// One player's public facts.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerView {
    /// The contract name of the seat.
    pub name: &'static str,
    /// Reserves, captures and other public counts, by name (`"reserve"`, `"captured"`).
    #[serde(flatten)]
    pub counts: BTreeMap<&'static str, i64>,
}

impl PlayerView {
    /// A player with no counts yet.
    pub fn new(name: &'static str) -> PlayerView {
        PlayerView { name, counts: BTreeMap::new() }
    }
    /// Adds a count.
    #[must_use]
    pub fn with(mut self, key: &'static str, value: i64) -> PlayerView {
        self.counts.insert(key, value);
        self
    }
}

impl BoardView {
    /// Every id a click can name: cells then points.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.cells.iter().chain(&self.points).map(|c| c.id.as_str())
    }
}
