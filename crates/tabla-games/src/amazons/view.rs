//! Pictures of a position: the board view for graphical front ends (cells, labels, players),
//! what a move touches, its click paths, and the terminal's text picture.
//!
//! Drawing coordinates are in cell units, y up. Square boards: a cell at file `f`, rank `r`
//! (0-based) is drawn at `(f, r)`. Hex boards stand on a vertex with vertical files, so the
//! cells are flat-topped hexagons: file `f` at `x = f·√3/2`, and each file starts half a
//! cell higher per step away from the middle file `m`: `y = r + |f − m| / 2`. Neighbouring
//! centres are then exactly one unit apart.

use super::config::Placement;
use super::position::{Amazons, Content, Move};
use tabla_core::{
    BoardShape, BoardView, Cell, CellView, Game, Label, Piece, Player, PlayerView, Shape,
};

/// Horizontal distance between neighbouring hex files, centre to centre.
const HEX_DX: f64 = 0.866_025_403_784_438_6; // √3 / 2

/// Where the cell at `(file, rank)` (0-based) is drawn; the rank may lie outside the board
/// (labels are drawn one step beyond the edge).
fn draw_at(shape: Shape, f: i32, r: i32) -> (f64, f64) {
    match shape {
        Shape::Square { .. } => (f64::from(f), f64::from(r)),
        Shape::Hex { side } => {
            let m = i32::from(side) - 1;
            (f64::from(f) * HEX_DX, f64::from(r) + f64::from((f - m).abs()) / 2.0)
        }
    }
}

fn label(text: String, (x, y): (f64, f64)) -> Label {
    Label { text, x, y }
}

fn file_letter(f: i32) -> String {
    char::from(b'a' + f as u8).to_string()
}

impl Amazons {
    /// The contract's board view (`last` left empty).
    pub(super) fn board_view(&self) -> BoardView {
        let geo = &self.cfg.geo;
        let shape = geo.shape();
        let cells = geo
            .cells()
            .map(|c| {
                let (f, r) = geo.coords(c);
                let (x, y) = draw_at(shape, i32::from(f), i32::from(r));
                let mut cell = CellView::new(geo.name(c), x, y);
                cell.stack.extend(self.piece(c));
                cell
            })
            .collect();
        let (board, labels) = match shape {
            Shape::Square { files, ranks } => {
                // Letters under the bottom rank, numbers left of file a.
                let mut labels: Vec<Label> = (0..i32::from(files))
                    .map(|f| label(file_letter(f), draw_at(shape, f, -1)))
                    .collect();
                labels.extend(
                    (0..i32::from(ranks))
                        .map(|r| label((r + 1).to_string(), draw_at(shape, -1, r))),
                );
                (BoardShape::Square { width: u32::from(files), height: u32::from(ranks) }, labels)
            }
            Shape::Hex { side } => {
                let m = i32::from(side) - 1;
                // Letters under the bottom cell of each file.
                let mut labels: Vec<Label> =
                    (0..=2 * m).map(|f| label(file_letter(f), draw_at(shape, f, -1))).collect();
                // A rank is a line that runs down-right from the left edge to the middle file
                // (and up-right beyond it): its number goes one step up-left of its leftmost
                // cell, along the lower-left and upper-left edges.
                labels.extend((0..=2 * m).map(|r| {
                    let leftmost = (r - m).max(0);
                    label((r + 1).to_string(), draw_at(shape, leftmost - 1, r))
                }));
                (BoardShape::Hex { side: u32::from(side), orientation: "flat" }, labels)
            }
        };
        let players = self
            .cfg
            .seats()
            .map(|p| {
                let mut v = PlayerView::new(self.player_name(p))
                    .with("queens", self.queens[p].len() as i64);
                if self.cfg.placement != Placement::None {
                    v = v.with("in_hand", i64::from(self.in_hand[p]));
                }
                if self.cfg.players > 2 {
                    v = v.with("out", i64::from(self.out.contains(p)));
                }
                if self.cfg.teams {
                    v = v.with("team", i64::from(p.0 % 2) + 1);
                }
                v
            })
            .collect();
        BoardView { board, cells, points: Vec::new(), labels, players, last: Vec::new() }
    }

    /// What stands on `c`, as the view draws it.
    fn piece(&self, c: Cell) -> Option<Piece> {
        match self.board[c.index()] {
            Content::EMPTY => None,
            Content::STONE => Some(Piece { owner: None, kind: "stone" }),
            q => Some(Piece {
                owner: Some(self.player_name(q.queen_owner().expect("a queen"))),
                kind: "queen",
            }),
        }
    }

    /// The cells a turn touches: a placement's cell; a shot's from, to (where a captured
    /// queen stood) and stone, each once (a stone shot back lands on `from`).
    pub(super) fn move_touches(&self, mv: Move) -> Vec<String> {
        let geo = &self.cfg.geo;
        match mv {
            Move::Place(c) => vec![geo.name(c)],
            Move::Shot { from, to, stone } => {
                let mut ids = vec![geo.name(from), geo.name(to)];
                if stone != from {
                    ids.push(geo.name(stone));
                }
                ids
            }
        }
    }

    /// The clicks of a turn: the queen, its target, the stone's cell (`[b1, b4, e4]`); a
    /// placement is one click on its cell. A placement's cell is empty and a shot starts on
    /// the mover's queen, so no path is a prefix of another.
    pub(super) fn move_clicks(&self, mv: Move) -> Vec<Vec<String>> {
        let geo = &self.cfg.geo;
        match mv {
            Move::Place(c) => vec![vec![geo.name(c)]],
            Move::Shot { from, to, stone } => {
                vec![vec![geo.name(from), geo.name(to), geo.name(stone)]]
            }
        }
    }

    /// The terminal's picture: one glyph per cell, coordinates around, then the players.
    pub(super) fn picture(&self) -> String {
        let geo = &self.cfg.geo;
        let mut out = String::new();
        match geo.shape() {
            Shape::Square { files, ranks } => {
                for r in (0..ranks).rev() {
                    out.push_str(&format!("{:>3} ", r + 1));
                    for f in 0..files {
                        let ch = geo.at(f, r).map_or(' ', |c| self.cell_glyph(c));
                        out.push(ch);
                        out.push(' ');
                    }
                    out.push('\n');
                }
                out.push_str("    ");
                for f in 0..files {
                    out.push((b'a' + f) as char);
                    out.push(' ');
                }
                out.push('\n');
            }
            Shape::Hex { side } => {
                // Files are columns; each file is shifted half a row per step from the middle.
                let m = i32::from(side) - 1;
                let files = 2 * side - 1;
                let rows = 2 * (2 * m + 1);
                let mut grid = vec![vec![' '; files as usize * 3 + 1]; rows as usize];
                for f in 0..files {
                    let off = (i32::from(f) - m).abs();
                    for r in 0..(2 * m + 1 - off) {
                        let y = rows - 1 - (off + 2 * r);
                        let x = f as usize * 3 + 1;
                        let ch = geo.at(f, r as u8).map_or(' ', |c| self.cell_glyph(c));
                        grid[y as usize - 1][x] = ch;
                    }
                }
                for row in grid {
                    let line: String = row.into_iter().collect();
                    if !line.trim().is_empty() {
                        out.push_str(line.trim_end());
                        out.push('\n');
                    }
                }
                let mut labels = vec![' '; files as usize * 3 + 1];
                for f in 0..files {
                    labels[f as usize * 3 + 1] = (b'a' + f) as char;
                }
                out.push_str(labels.iter().collect::<String>().trim_end());
                out.push('\n');
                out.push_str("(ranks count from 1 at the bottom of each file)\n");
            }
        }
        for pl in self.cfg.seats() {
            out.push_str(&format!(
                "{} {}: {} on board, {} in hand{}\n",
                self.queen_glyph(pl),
                self.player_name(pl),
                self.queens[pl].len(),
                self.in_hand[pl],
                if self.out.contains(pl) { ", out" } else { "" }
            ));
        }
        match self.over {
            Some(o) if o.is_draw() => out.push_str("Game over: draw\n"),
            Some(o) => {
                let w: Vec<&str> = o.winners.iter().map(|p| self.player_name(p)).collect();
                out.push_str(&format!("Game over: {} won\n", w.join(" and ")));
            }
            None => out.push_str(&format!("{} to move\n", self.player_name(self.turn))),
        }
        out
    }

    fn cell_glyph(&self, c: Cell) -> char {
        match self.board[c.index()] {
            Content::EMPTY => '.',
            Content::STONE => '#',
            q => self.queen_glyph(q.queen_owner().expect("a queen")),
        }
    }

    fn queen_glyph(&self, p: Player) -> char {
        if self.cfg.players == 2 {
            ['W', 'B'][p.index()]
        } else {
            (b'1' + p.0) as char
        }
    }
}
