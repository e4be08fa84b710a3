//! What front ends draw and click: the terminal picture, the board view, the ids a turn
//! touches, and the click paths of a turn (`rules/gipf.md`, "Click paths").

use super::config::Variant;
use super::movegen::{gipf_loss, rows, Row};
use super::notation::kind_glyph;
use super::position::{
    bit, cells_of, tables, Board, Entering, Gipf, GipfMove, Kind, PerPlayer, PieceKind, Removal,
    ALL_LINES, LINES, PLAYERS,
};
use tabla_core::view::click::DONE;
use tabla_core::{
    BoardShape, BoardView, Cell, CellView, Game, Label, Piece, Player, PlayerView, ToMove,
};

/// Most alternative click paths listed for one turn: a guard for positions with many rows
/// at once, where every row's choice of cell and every order of its GIPF pieces multiply
/// them (the first ones in cell order are kept; every turn keeps at least one).
const MAX_PATHS: usize = 256;

/// Half the width of a hexagon column: files are `√3/2` apart when cells are 1 apart.
const COLUMN: f64 = 0.866_025_403_784_438_6;

/// Drawing coordinates of a cell, centre `e5` at the origin, `y` up, neighbours 1 apart.
fn xy(c: u8) -> (f64, f64) {
    let (f, r) = tables().geo.coords(Cell(u16::from(c)));
    let (f, r) = (f64::from(f), f64::from(r));
    ((f - 4.0) * COLUMN, r + (f - 4.0).max(0.0) - f / 2.0 - 2.0)
}

impl Gipf {
    /// [`Game::render_text`]: the board with glyphs, reserves, and whose turn it is.
    pub(super) fn picture(&self) -> String {
        let t = tables();
        // Text column 3 × file, text row from y = 2 × axial rank − file (half steps).
        let mut grid = vec![vec![b' '; 3 * 8 + 6]; 17];
        for c in t.geo.cells() {
            let (f, r) = t.geo.coords(c);
            let (q, a) = (i32::from(f), i32::from(r) + (i32::from(f) - 4).max(0));
            let y = (12 - (2 * a - q)) as usize;
            let x = 2 + 3 * f as usize;
            let glyph = match self.board.kind_at(c.0 as u8) {
                Some(k) => kind_glyph(k) as u8,
                _ if t.points >> c.0 & 1 == 1 => b'.',
                _ => b'+',
            };
            grid[y][x] = glyph;
            // Rank numbers beside the outer files.
            if f == 0 {
                grid[y][0] = b'1' + r;
            }
            if f == 8 {
                grid[y][x + 2] = b'1' + r;
            }
        }
        let mut s = String::new();
        let files: String = (0..9).map(|f| format!("  {}", (b'a' + f) as char)).collect();
        s.push_str(&files);
        s.push('\n');
        for row in grid {
            s.push_str(String::from_utf8_lossy(&row).trim_end());
            s.push('\n');
        }
        s.push_str(&files);
        s.push('\n');
        s.push_str("o/x white/black piece, O/X GIPF piece, . point, + dot (entry)\n");
        s.push_str("ranks count up from 1 at the bottom (dot) of each file\n");
        let [w, b] = PLAYERS;
        s.push_str(&format!("reserves: white {}, black {}\n", self.reserve[w], self.reserve[b]));
        match self.outcome {
            Some(o) if o.is_draw() => s.push_str("game over: draw\n"),
            Some(o) => s.push_str(&format!(
                "game over: {} wins\n",
                self.player_name(o.winners.iter().next().expect("a winner"))
            )),
            None => s.push_str(&format!("{} to move\n", self.player_name(self.side))),
        }
        s
    }

    /// [`Game::view`]: the 37 points as cells, the 24 dots as points, file letters under
    /// the files and rank numbers at both ends of every rank, and each player's counts.
    pub(super) fn board_view(&self) -> BoardView {
        let t = tables();
        let mut cells = Vec::with_capacity(37);
        let mut points = Vec::with_capacity(24);
        for c in t.geo.cells() {
            let n = c.0 as u8;
            let (x, y) = xy(n);
            let mut v = CellView::new(t.names[c.index()].clone(), x, y);
            if let Some(k) = self.board.kind_at(n) {
                let kind = match k.piece() {
                    PieceKind::Single => "piece",
                    PieceKind::Gipf => "gipf",
                };
                v.stack.push(Piece { owner: Some(self.player_name(k.owner())), kind });
            }
            if t.points >> n & 1 == 1 {
                cells.push(v);
            } else {
                points.push(v);
            }
        }
        BoardView {
            board: BoardShape::Hex { side: 5, orientation: "flat" },
            cells,
            points,
            labels: labels(),
            players: PLAYERS.iter().map(|&p| self.player_view(p)).collect(),
            last: Vec::new(),
        }
    }

    fn player_view(&self, p: Player) -> PlayerView {
        let tournament = self.variant == Variant::Tournament;
        let loses_without_gipf = match self.variant {
            Variant::Basic => false,
            Variant::Standard => true,
            Variant::Tournament => self.entered_gipf[p],
        };
        PlayerView::new(self.player_name(p))
            .with("reserve", i64::from(self.reserve[p]))
            .with("gipf_on_board", i64::from(self.gipf_on_board(p)))
            .with("captured", i64::from(self.captured(p)))
            .with("may_enter_gipf", i64::from(tournament && !self.entered_single[p]))
            .with("must_enter_gipf", i64::from(tournament && !self.entered_gipf[p]))
            .with("loses_without_gipf", i64::from(loses_without_gipf))
    }

    /// [`Game::touched`]: the points emptied before the entry, the dot, every point the push
    /// moved a piece onto, and the points emptied after it.
    pub(super) fn touched_ids(&self, mv: GipfMove) -> Vec<String> {
        let t = tables();
        let mut cells: Vec<u8> = cells_of(mv.pre.0).collect();
        if let Some(Entering { entry, .. }) = mv.entry {
            let mut board = self.board;
            board.remove(mv.pre.0);
            let e = entry.line();
            cells.push(e.dot);
            if let Some(j) = board.first_empty(e) {
                cells.extend_from_slice(&e.cells[..=j]);
            }
            cells.extend(cells_of(mv.post.0));
        }
        let mut ids: Vec<String> = Vec::with_capacity(cells.len());
        for c in cells {
            let name = &t.names[usize::from(c)];
            if !ids.contains(name) {
                ids.push(name.clone());
            }
        }
        ids
    }

    /// [`Game::click_paths`]: the takes before the entry, the entry (the dot, the dot again
    /// for a GIPF piece, the point), the takes after it, and `done` when the turn could go
    /// on. A take is a click on its row, the GIPF pieces it takes (in every order), and
    /// `done` if its run has GIPF pieces.
    pub(super) fn paths(&self, mv: GipfMove) -> Vec<Vec<String>> {
        if self.to_move() == ToMove::Over {
            return Vec::new();
        }
        let t = tables();
        let p = self.side;
        let mut steps: Vec<Step> = Vec::new();
        let ends_game = mv.entry.is_none();
        let Some((pre, mut board, _)) = phase_takes(
            &self.board,
            p,
            self.entered_gipf,
            mv.pre,
            Ending { may_end_game: ends_game, must_end_game: ends_game },
        ) else {
            return Vec::new();
        };
        push_takes(&mut steps, pre);
        if let Some(Entering { entry, piece }) = mv.entry {
            let e = entry.line();
            let Some(j) = board.first_empty(e) else { return Vec::new() };
            steps.push(Step::Click(vec![vec![e.dot]]));
            if piece == PieceKind::Gipf {
                steps.push(Step::Click(vec![vec![e.dot]]));
            }
            steps.push(Step::Click(vec![vec![e.cells[0]]]));
            board.push(e, j, Kind::new(p, piece));
            let must = self.must_keep_after(piece);
            let Some((post, after, ended)) = phase_takes(
                &board,
                p,
                must,
                mv.post,
                Ending { may_end_game: true, must_end_game: false },
            ) else {
                return Vec::new();
            };
            push_takes(&mut steps, post);
            // The turn could go on with an optional row: say it ends here.
            let mut found = [Row::default(); LINES];
            if !ended && rows(&after, p, ALL_LINES, &mut found) > 0 {
                steps.push(Step::Done);
            }
        }
        // Every combination of the steps' alternatives.
        let mut paths: Vec<Vec<String>> = vec![Vec::new()];
        for step in &steps {
            match step {
                Step::Done => paths.iter_mut().for_each(|path| path.push(DONE.to_string())),
                Step::Click(alternatives) => {
                    let mut next = Vec::with_capacity(paths.len() * alternatives.len());
                    for path in &paths {
                        for alt in alternatives {
                            if next.len() == MAX_PATHS {
                                break;
                            }
                            let mut q = path.clone();
                            q.extend(alt.iter().map(|&c| t.names[usize::from(c)].clone()));
                            next.push(q);
                        }
                    }
                    paths = next;
                }
            }
        }
        paths
    }
}

/// Where the labels go: file letters under each file's bottom dot; each rank's number beyond
/// both ends of that rank (ranks run down-right from the left edge to file e, then up-right).
fn labels() -> Vec<Label> {
    let t = tables();
    let at = |f: u8, r: u8| t.geo.at(f, r).expect("a cell").0 as u8;
    let mut out = Vec::new();
    for f in 0..9u8 {
        let (x, y) = xy(at(f, 0));
        out.push(Label { text: ((b'a' + f) as char).to_string(), x, y: y - 0.8 });
    }
    for r in 0..9u8 {
        let left = if r <= 4 { at(0, r) } else { at(r - 4, r) };
        let right = if r <= 4 { at(8, r) } else { at(12 - r, r) };
        let text = (r + 1).to_string();
        let (x, y) = xy(left);
        out.push(Label { text: text.clone(), x: x - 0.8 * COLUMN, y: y + 0.4 });
        let (x, y) = xy(right);
        out.push(Label { text, x: x + 0.8 * COLUMN, y: y + 0.4 });
    }
    out
}

/// One part of a click path.
enum Step {
    /// One click (or two, to pick a row whose every point is shared), with alternatives.
    Click(Vec<Vec<u8>>),
    /// The word `done`.
    Done,
}

/// The steps of the takes of one removal phase.
fn push_takes(steps: &mut Vec<Step>, takes: Vec<Take>) {
    for take in takes {
        steps.push(Step::Click(take.selectors));
        if take.picks != 0 {
            // The GIPF pieces taken, clicked in any order (`done` closes the set, so no order
            // of one set starts the path of another).
            steps.push(Step::Click(orders(take.picks)));
        }
        if take.done {
            steps.push(Step::Done);
        }
    }
}

/// Every order of the cells of `set`: notation order first, then the others in
/// lexicographic order, at most [`MAX_PATHS`] (a take has at most a run's GIPF pieces, so
/// few: five pieces make 120 orders).
fn orders(set: u64) -> Vec<Vec<u8>> {
    let mut order: Vec<u8> = cells_of(set).collect();
    let mut out = vec![order.clone()];
    while out.len() < MAX_PATHS && next_order(&mut order) {
        out.push(order.clone());
    }
    out
}

/// Steps `a` to the next order in lexicographic order; `false` after the last.
fn next_order(a: &mut [u8]) -> bool {
    let Some(i) = a.windows(2).rposition(|w| w[0] < w[1]) else { return false };
    let j = a.iter().rposition(|&x| x > a[i]).expect("a larger cell after i");
    a.swap(i, j);
    a[i + 1..].reverse();
    true
}

/// One take on a click path.
struct Take {
    /// The clicks that pick its row, one list per alternative: one cell of the run that lies
    /// in no other run; if every cell is shared, two cells of the run (two runs share at most
    /// one point, so two cells name one line).
    selectors: Vec<Vec<u8>>,
    /// The GIPF pieces it takes.
    picks: u64,
    /// Whether its run has GIPF pieces, so that the picking ends with `done`.
    done: bool,
}

/// How a removal phase may end.
#[derive(Clone, Copy)]
struct Ending {
    /// A take may end the game (then the phase stops there).
    may_end_game: bool,
    /// The phase must end the game (a turn without entry).
    must_end_game: bool,
}

/// The takes of one order that empties exactly `target` (rules: "One turn per removed set":
/// one order per turn, the first in row order), the board after them, and whether the last
/// take ended the game. `None` if no order does (the turn is not legal).
fn phase_takes(
    start: &Board,
    p: Player,
    must: PerPlayer<bool>,
    target: Removal,
    ending: Ending,
) -> Option<(Vec<Take>, Board, bool)> {
    let mut takes = Vec::new();
    let mut failed = Vec::new();
    let (board, ended) = take_step(start, p, must, target.0, 0, ending, &mut takes, &mut failed)?;
    Some((takes, board, ended))
}

#[allow(clippy::too_many_arguments)]
fn take_step(
    board: &Board,
    p: Player,
    must: PerPlayer<bool>,
    target: u64,
    removed: u64,
    ending: Ending,
    takes: &mut Vec<Take>,
    failed: &mut Vec<u64>,
) -> Option<(Board, bool)> {
    let mut found = [Row::default(); LINES];
    let n = rows(board, p, ALL_LINES, &mut found);
    let found = &found[..n];
    if removed == target && !ending.must_end_game && found.iter().all(|r| !r.compulsory()) {
        return Some((*board, false));
    }
    if failed.contains(&removed) {
        return None;
    }
    let left = target & !removed;
    for (i, r) in found.iter().enumerate() {
        if r.singles & !left != 0 {
            continue;
        }
        let avail = r.gipf & left;
        // Every subset of the GIPF pieces still to go, the empty one for a compulsory row.
        let mut picks = 0u64;
        loop {
            if r.compulsory() || picks != 0 {
                let take = r.singles | picks;
                let now = removed | take;
                let mut b = *board;
                b.remove(take);
                let here = Take { selectors: selectors(found, i), picks, done: r.gipf != 0 };
                if gipf_loss(&b, must) {
                    if now == target && ending.may_end_game {
                        takes.push(here);
                        return Some((b, true));
                    }
                } else {
                    takes.push(here);
                    if let Some(end) = take_step(&b, p, must, target, now, ending, takes, failed) {
                        return Some(end);
                    }
                    takes.pop();
                }
            }
            picks = picks.wrapping_sub(avail) & avail;
            if picks == 0 {
                break;
            }
        }
    }
    failed.push(removed);
    None
}

/// The ways to click row `i` of `rows`: see [`Take::selectors`].
fn selectors(rows: &[Row], i: usize) -> Vec<Vec<u8>> {
    let run = rows[i].run();
    let others = rows.iter().enumerate().filter(|&(j, _)| j != i).fold(0, |a, (_, r)| a | r.run());
    let unique = run & !others;
    if unique != 0 {
        return cells_of(unique).map(|c| vec![c]).collect();
    }
    let mut out = Vec::new();
    for a in cells_of(run) {
        for b in cells_of(run & !bit(a)) {
            out.push(vec![a, b]);
        }
    }
    out
}
