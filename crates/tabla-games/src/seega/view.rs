//! What front ends and terminals show: the board view, the ids a move touches, the click
//! paths of a move (rules file, *View and click paths*), and the text picture.

use super::config::{other, FIRST, SECOND};
use super::movegen::{SeegaMove, Turn};
use super::position::{cells_of, count, Seega};
use std::fmt::Write as _;
use tabla_core::view::click;
use tabla_core::{BoardShape, BoardView, CellView, Game, Label, Piece, PlayerView};

impl Seega {
    /// The view: one square cell per board cell named as in the notation, `x` the file and
    /// `y` the rank (both from 0), the centre marked `"centre"`; files under the board and
    /// ranks left of it; per player the stones in hand, on the board and captured (taken
    /// from the opponent).
    pub(super) fn board_view(&self) -> BoardView {
        let t = self.t();
        let n = t.size;
        let mut cells = Vec::with_capacity(t.geo.len());
        for c in t.geo.cells() {
            let (f, r) = t.geo.coords(c);
            let mut cell = CellView::new(t.geo.name(c), f64::from(f), f64::from(r));
            if let Some(p) = self.owner(c) {
                cell.stack.push(Piece { owner: Some(self.player_name(p)), kind: "stone" });
            }
            if c.0 == u16::from(t.centre) {
                cell.mark = Some("centre");
            }
            cells.push(cell);
        }
        let mut labels = Vec::with_capacity(2 * usize::from(n));
        for f in 0..n {
            labels.push(Label { text: ((b'a' + f) as char).to_string(), x: f64::from(f), y: -1.0 });
        }
        for r in 0..n {
            labels.push(Label { text: (r + 1).to_string(), x: -1.0, y: f64::from(r) });
        }
        let players = [FIRST, SECOND]
            .into_iter()
            .map(|p| {
                PlayerView::new(self.player_name(p))
                    .with("in_hand", i64::from(self.stones_in_hand(p)))
                    .with("on_board", i64::from(self.stones_on_board(p)))
                    .with("captured", i64::from(self.stones_lost(other(p))))
            })
            .collect();
        BoardView {
            board: BoardShape::Square { width: u32::from(n), height: u32::from(n) },
            cells,
            points: Vec::new(),
            labels,
            players,
            last: Vec::new(),
        }
    }

    /// The cells a move touches: the placed cells; or every cell the stone visits, then
    /// the cells of the stones it captures.
    pub(super) fn touched_ids(&self, mv: SeegaMove) -> Vec<String> {
        let t = self.t();
        match mv.turn() {
            Turn::PlaceOne(a) => vec![t.geo.name(a)],
            Turn::PlaceTwo(a, b) => vec![t.geo.name(a), t.geo.name(b)],
            Turn::Pass => Vec::new(),
            Turn::Step(path) => {
                let mut ids: Vec<u8> = Vec::new();
                for c in path.cells(t) {
                    if !ids.contains(&c) {
                        ids.push(c);
                    }
                }
                // The captured stones: what the opponent has before and not after.
                let before = self.stones[other(self.to_move)];
                let (after, _, _) = self.after_path(path);
                let gone = before & !after[other(self.to_move)];
                ids.extend(cells_of(gone));
                ids.into_iter().map(|c| t.name(c)).collect()
            }
        }
    }

    /// Click paths: a placing turn of two stones in either order; one stone by its cell; a
    /// step or series by the cells the stone visits, followed by `done` when a legal series
    /// goes on from there; a pass as `pass`.
    pub(super) fn paths_of(&self, mv: SeegaMove) -> Vec<Vec<String>> {
        let t = self.t();
        match mv.turn() {
            Turn::PlaceOne(a) => vec![vec![t.geo.name(a)]],
            Turn::PlaceTwo(a, b) => {
                let (a, b) = (t.geo.name(a), t.geo.name(b));
                vec![vec![a.clone(), b.clone()], vec![b, a]]
            }
            Turn::Pass => vec![vec![click::PASS.to_string()]],
            Turn::Step(path) => {
                let mut clicks: Vec<String> = path.cells(t).map(|c| t.name(c)).collect();
                if self.series_goes_on(mv) {
                    clicks.push(click::DONE.to_string());
                }
                vec![clicks]
            }
        }
    }

    /// Whether some legal turn continues the series of `mv` (only a capturing step or series
    /// can be continued).
    fn series_goes_on(&self, mv: SeegaMove) -> bool {
        let Turn::Step(path) = mv.turn() else { return false };
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        let cells: Vec<u8> = path.cells(self.t()).collect();
        moves.iter().any(|m| match m.turn() {
            Turn::Step(q) if q.steps() > path.steps() => {
                q.cells(self.t()).take(cells.len()).eq(cells.iter().copied())
            }
            _ => false,
        })
    }

    /// The terminal picture.
    pub(super) fn render(&self) -> String {
        let t = self.t();
        let n = t.size;
        let mut s = String::new();
        let files: String = (0..n).map(|f| format!(" {}", (b'a' + f) as char)).collect();
        let _ = writeln!(s, "   {files}");
        for r in (0..n).rev() {
            let _ = write!(s, "{:>2} ", r + 1);
            for f in 0..n {
                let c = r * n + f;
                let glyph = if self.stones[FIRST] >> c & 1 != 0 {
                    'X'
                } else if self.stones[SECOND] >> c & 1 != 0 {
                    'O'
                } else if c == t.centre {
                    '+'
                } else {
                    '.'
                };
                let _ = write!(s, " {glyph}");
            }
            let _ = writeln!(s, "  {}", r + 1);
        }
        let _ = writeln!(s, "   {files}");
        let (x, o) = (count(self.stones[FIRST]), count(self.stones[SECOND]));
        let phase = if self.moving {
            format!("moving; {} turn(s) without capture of {}", self.quiet, self.config.quiet)
        } else {
            format!(
                "placing {} a turn; in hand X {}, O {}",
                self.config.place, self.in_hand[FIRST], self.in_hand[SECOND]
            )
        };
        let _ = writeln!(s, "Stones on board: X (first) {x}, O (second) {o}; {phase}");
        match self.outcome {
            None => {
                let who = if self.to_move == FIRST { "X (first)" } else { "O (second)" };
                let _ = writeln!(s, "{who} to move");
            }
            Some(o) if o.is_draw() => {
                let _ = writeln!(s, "Game over: draw");
            }
            Some(o) => {
                let who = if o.winners.contains(FIRST) { "X (first)" } else { "O (second)" };
                let _ = writeln!(s, "Game over: {who} wins");
            }
        }
        s
    }
}
