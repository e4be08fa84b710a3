//! GIPF (Kris Burm), as specified in `rules/gipf.md`: pieces pushed in from the 24 dots,
//! rows of four or more taken back, GIPF pieces (double stacks) to protect.
//!
//! Layout: board tables (cells, the 21 lines and 42 entries, built once), the board as four
//! bitmasks, the removal-phase search (rows found afresh after every take), the position and
//! its `Game` impl, notation, pictures, and the registry entry.
//!
//! A move is a whole turn: removals before the entry, the entry, removals after it. Removals
//! are kept as bitmasks of the cells whose pieces leave the board, so two take orders that
//! remove the same pieces are one move, as the rules file asks.

use crate::registry::GameInfo;
use std::cell::RefCell;
use std::sync::OnceLock;
use tabla_core::geometry::HEX_DIRS;
use tabla_core::{
    zobrist_table, Cell, Game, GameOptions, Geometry, MoveError, OptionError, OptionSpec, Outcome,
    Player, ToMove,
};

/// Cells of the side-5 hexagon: 37 points and 24 dots.
const CELLS: usize = 61;
/// Lines across the playing area: 3 axes × 7.
const LINES: usize = 21;
/// Entries: both ends of every line.
const ENTRIES: usize = 42;
/// `GipfMove::entry` of a turn whose removals end the game before any entry.
const NO_ENTRY: u8 = u8::MAX;
/// Four in a row makes a row.
const ROW: u32 = 4;

// ---------------------------------------------------------------------------------------------
// Board tables
// ---------------------------------------------------------------------------------------------

/// One line of points along an axis, in order.
#[derive(Clone, Copy, Debug, Default)]
struct Line {
    cells: [u8; 7],
    len: u8,
    mask: u64,
}

/// Entering from `dot` along a line: `cells[0]` is the point the piece lands on.
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    dot: u8,
    cells: [u8; 7],
    len: u8,
    mask: u64,
    /// `touched[j]`: the lines through `cells[..=j]`, where a push that stops at `j` can
    /// make rows.
    touched: [u32; 7],
}

/// Everything about the board that never changes, built once from [`Geometry::hex`].
struct Tables {
    geo: Geometry,
    /// The 37 points.
    points: u64,
    lines: [Line; LINES],
    /// Entries sorted by notation (dot, then first point).
    entries: [Entry; ENTRIES],
    names: [String; CELLS],
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build_tables)
}

fn build_tables() -> Tables {
    let geo = Geometry::hex(5, &HEX_DIRS, |_, _| true);
    assert_eq!(geo.len(), CELLS);
    let mut points = 0u64;
    for c in geo.cells() {
        // Points have all six neighbours; the outer ring (dots) misses some.
        if (0..6).all(|d| geo.neighbour(c, d).is_some()) {
            points |= 1 << c.0;
        }
    }
    assert_eq!(points.count_ones(), 37);
    let is_point = |c: Cell| points >> c.0 & 1 == 1;
    let mut lines = [Line::default(); LINES];
    let mut entries = Vec::new();
    let mut lines_through = [0u32; CELLS];
    let mut n = 0;
    for d in 0..3 {
        for c in geo.cells().filter(|&c| is_point(c)) {
            let back = geo.neighbour(c, d + 3).expect("points have all neighbours");
            if is_point(back) {
                continue;
            }
            // `c` starts a line along axis `d`; `back` is the dot behind it.
            let mut line = Line::default();
            let mut cells = vec![c];
            cells.extend(geo.ray(c, d).iter().copied().take_while(|&x| is_point(x)));
            for (i, &x) in cells.iter().enumerate() {
                line.cells[i] = x.0 as u8;
                line.mask |= 1 << x.0;
                lines_through[x.index()] |= 1 << n;
            }
            line.len = cells.len() as u8;
            let last = *cells.last().expect("a line has points");
            let front = geo.neighbour(last, d).expect("points have all neighbours");
            for (dot, order) in
                [(back, cells.clone()), (front, cells.iter().rev().copied().collect())]
            {
                let mut e =
                    Entry { dot: dot.0 as u8, len: line.len, mask: line.mask, ..Entry::default() };
                for (i, x) in order.iter().enumerate() {
                    e.cells[i] = x.0 as u8;
                }
                entries.push(e);
            }
            lines[n] = line;
            n += 1;
        }
    }
    assert_eq!(n, LINES);
    // Cell numbers follow the sorted order of names, so this sorts by notation.
    entries.sort_by_key(|e| (e.dot, e.cells[0]));
    for e in &mut entries {
        let mut acc = 0;
        for j in 0..usize::from(e.len) {
            acc |= lines_through[usize::from(e.cells[j])];
            e.touched[j] = acc;
        }
    }
    let names = std::array::from_fn(|i| geo.name(Cell(i as u16)));
    Tables { geo, points, lines, entries: entries.try_into().expect("42 entries"), names }
}

#[inline]
fn bit(c: u8) -> u64 {
    1u64 << c
}

/// Iterates the cells of a mask in ascending (notation) order.
fn cells_of(mut m: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(c)
    })
}

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/// Pieces on the board: single and GIPF pieces of each colour (index = player).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct Board {
    single: [u64; 2],
    gipf: [u64; 2],
}

/// The kind of piece on a cell: `2 * player + is_gipf`.
type Kind = u8;

impl Board {
    #[inline]
    fn occupied(&self) -> u64 {
        self.single[0] | self.single[1] | self.gipf[0] | self.gipf[1]
    }
    #[inline]
    fn own(&self, p: usize) -> u64 {
        self.single[p] | self.gipf[p]
    }
    #[inline]
    fn gipfs(&self) -> u64 {
        self.gipf[0] | self.gipf[1]
    }
    #[inline]
    fn singles(&self) -> u64 {
        self.single[0] | self.single[1]
    }
    fn kind_at(&self, c: u8) -> Option<Kind> {
        let b = bit(c);
        (0..4).find(|&k| self.mask(k) & b != 0)
    }
    #[inline]
    fn mask(&self, k: Kind) -> u64 {
        if k & 1 == 0 {
            self.single[usize::from(k >> 1)]
        } else {
            self.gipf[usize::from(k >> 1)]
        }
    }
    #[inline]
    fn mask_mut(&mut self, k: Kind) -> &mut u64 {
        if k & 1 == 0 {
            &mut self.single[usize::from(k >> 1)]
        } else {
            &mut self.gipf[usize::from(k >> 1)]
        }
    }
    #[inline]
    fn remove(&mut self, m: u64) {
        for w in self.single.iter_mut().chain(self.gipf.iter_mut()) {
            *w &= !m;
        }
    }
    /// The index of the first empty point of entry `e`, or `None` if its line is full.
    #[inline]
    fn first_empty(&self, e: &Entry) -> Option<usize> {
        let occ = self.occupied();
        (occ & e.mask != e.mask)
            .then(|| (0..usize::from(e.len)).find(|&i| occ & bit(e.cells[i]) == 0).unwrap_or(0))
    }
    /// Pushes the pieces on `e.cells[..j]` one point along and puts a `kind` on `e.cells[0]`
    /// (`j` = the first empty point).
    #[inline]
    fn push(&mut self, e: &Entry, j: usize, kind: Kind) {
        for w in self.single.iter_mut().chain(self.gipf.iter_mut()) {
            let old = *w;
            for i in (1..=j).rev() {
                *w &= !bit(e.cells[i]);
                *w |= (old >> e.cells[i - 1] & 1) << e.cells[i];
            }
            *w &= !bit(e.cells[0]);
        }
        *self.mask_mut(kind) |= bit(e.cells[0]);
    }
    /// The row of player `p` on line `l` (at most one fits on 7 points), as its whole run.
    fn row_on(&self, line: &Line, p: usize) -> Option<Row> {
        let occ = self.occupied();
        let own = self.own(p);
        let (mut run, mut streak, mut found) = (0u64, 0u32, false);
        for i in 0..=usize::from(line.len) {
            let c = if i < usize::from(line.len) { line.cells[i] } else { 255 };
            if c != 255 && occ & bit(c) != 0 {
                run |= bit(c);
                if own & bit(c) != 0 {
                    streak += 1;
                    found |= streak >= ROW;
                } else {
                    streak = 0;
                }
            } else {
                if found {
                    return Some(Row { gipf: run & self.gipfs(), singles: run & self.singles() });
                }
                run = 0;
                streak = 0;
            }
        }
        None
    }
}

/// A row to take, as the pieces of its run (the row and everything touching it along the
/// line): the GIPF pieces the player may keep and the singles that must go.
#[derive(Clone, Copy, Debug, Default)]
struct Row {
    gipf: u64,
    singles: u64,
}

/// Finds the rows of `p` on the lines in `lines` (those with at least four of `p`'s pieces).
fn rows(board: &Board, p: usize, lines: u32, out: &mut [Row; LINES]) -> usize {
    let t = tables();
    let mut n = 0;
    for l in bits_of(row_lines(board, p, lines)) {
        if let Some(r) = board.row_on(&t.lines[l], p) {
            out[n] = r;
            n += 1;
        }
    }
    n
}

/// The lines of `lines` with at least four of `p`'s pieces: the only ones that can hold a row
/// of `p`. Taking pieces never adds any, so a removal phase keeps to this set.
#[inline]
fn row_lines(board: &Board, p: usize, lines: u32) -> u32 {
    let t = tables();
    let own = board.own(p);
    bits_of(lines)
        .filter(|&l| (own & t.lines[l].mask).count_ones() >= ROW)
        .fold(0, |a, l| a | 1 << l)
}

/// The set bits of a line mask.
#[inline]
fn bits_of(mut m: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let l = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(l)
    })
}

/// Whether some player who has entered a GIPF piece has none left (`must[q]`).
#[inline]
fn gipf_loss(board: &Board, must: [bool; 2]) -> bool {
    (must[0] && board.gipf[0] == 0) || (must[1] && board.gipf[1] == 0)
}

/// One end of a removal phase: the cells emptied, and whether a take ended the game.
type PhaseEnd = (u64, bool);

/// Every way a removal phase of `p` can end, as removed-cell masks, each once.
///
/// A take removes a row's whole run except the GIPF pieces the player keeps; rows are found
/// afresh after each take; the phase may stop only when no row has a single piece in its run
/// (rows of GIPF pieces only are optional). Taking never makes new rows, so the lines to look
/// at never grow. A take that leaves a player who must keep a GIPF piece without one ends the
/// game at once.
fn removal_phase(
    start: &Board,
    p: usize,
    lines: u32,
    must: [bool; 2],
    ends: &mut Vec<PhaseEnd>,
    seen: &mut Vec<u64>,
) {
    ends.clear();
    // Most phases have nothing to take: settle those without looking for runs.
    let lines = row_lines(start, p, lines);
    if lines == 0 || !bits_of(lines).any(|l| start.row_on(&tables().lines[l], p).is_some()) {
        ends.push((0, false));
        return;
    }
    seen.clear();
    seen.push(0);
    phase_step(start, p, lines, must, 0, ends, seen);
}

/// One step of [`removal_phase`]: records `removed` if the phase may stop here, then tries
/// every take from the current rows.
fn phase_step(
    board: &Board,
    p: usize,
    lines: u32,
    must: [bool; 2],
    removed: u64,
    ends: &mut Vec<PhaseEnd>,
    seen: &mut Vec<u64>,
) {
    let mut found = [Row::default(); LINES];
    let n = rows(board, p, lines, &mut found);
    // Decision: the player may also take optional (GIPF-only) rows before compulsory ones,
    // in any order; the rules file lets them choose the order of every take.
    if found[..n].iter().all(|r| r.singles == 0) {
        ends.push((removed, false));
    }
    for r in &found[..n] {
        let compulsory = r.singles != 0;
        // Every subset of the run's GIPF pieces may go (at least one for an optional row);
        // decision: a compulsory row may keep all of them.
        let mut taken_gipf = 0u64;
        loop {
            if compulsory || taken_gipf != 0 {
                let take = r.singles | taken_gipf;
                let now = removed | take;
                if !seen.contains(&now) {
                    seen.push(now);
                    let mut b = *board;
                    b.remove(take);
                    // Decision: a take that ends the game ends the phase and the turn.
                    if gipf_loss(&b, must) {
                        ends.push((now, true));
                    } else {
                        phase_step(&b, p, lines, must, now, ends, seen);
                    }
                }
            }
            taken_gipf = taken_gipf.wrapping_sub(r.gipf) & r.gipf;
            if taken_gipf == 0 {
                break;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The position
// ---------------------------------------------------------------------------------------------

/// The three rule sets of GIPF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Empty board, 18 pieces each, GIPF pieces entered by choice (the seed's game).
    Tournament,
    /// Three GIPF pieces each on the board, 12 in reserve, singles only.
    Standard,
    /// Three single pieces each on the board, 12 in reserve, no GIPF pieces at all.
    Basic,
}

impl Variant {
    /// The option value naming it.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Tournament => "tournament",
            Variant::Standard => "standard",
            Variant::Basic => "basic",
        }
    }
}

/// One whole turn. Removal masks are over the 61 cells (`Geometry` numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GipfMove {
    /// Cells emptied in the removal phase before the entry.
    pub pre: u64,
    /// Index into the 42 entries (sorted by notation), or 255 for a turn without entry.
    pub entry: u8,
    /// Whether the entered piece is a GIPF piece.
    pub gipf: bool,
    /// Cells emptied in the removal phase after the entry.
    pub post: u64,
}

/// Reusable buffers of the move generator, so that generating a turn allocates nothing
/// after warm-up.
#[derive(Default)]
struct Scratch {
    pre: Vec<PhaseEnd>,
    post: Vec<PhaseEnd>,
    seen: Vec<u64>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// A GIPF position under its variant.
#[derive(Clone, PartialEq, Debug)]
pub struct Gipf {
    variant: Variant,
    board: Board,
    /// Pieces each player holds off the board (a GIPF piece counts 2).
    reserve: [u8; 2],
    /// Tournament: whether each player has entered a piece (the first is a GIPF piece);
    /// standard: always set (the starting GIPF pieces count); basic: never.
    entered_gipf: [bool; 2],
    /// Tournament: whether each player has entered a single piece (no GIPF pieces after).
    entered_single: [bool; 2],
    side: u8,
    outcome: Option<Outcome>,
    hash: u64,
    /// Hashes at turn boundaries since the last irreversible change (capture or flag), the
    /// current position last, for the repetition draw.
    history: Vec<u64>,
}

// Zobrist tables: pieces (cell × kind), reserves (player × count), side, tournament flags.
static PIECE_KEYS: [u64; CELLS * 4] = zobrist_table(1);
static RESERVE_KEYS: [u64; 128] = zobrist_table(2);
static SIDE_KEY: [u64; 1] = zobrist_table(3);
static FLAG_KEYS: [u64; 4] = zobrist_table(4);

#[inline]
fn piece_key(c: u8, k: Kind) -> u64 {
    PIECE_KEYS[usize::from(c) * 4 + usize::from(k)]
}
#[inline]
fn reserve_key(p: usize, n: u8) -> u64 {
    RESERVE_KEYS[p * 64 + usize::from(n)]
}

impl Gipf {
    /// The starting position of `variant`.
    pub fn new(variant: Variant) -> Gipf {
        let t = tables();
        let mut board = Board::default();
        let (reserve, entered) = match variant {
            Variant::Tournament => (18, false),
            Variant::Standard => (12, true),
            Variant::Basic => (12, false),
        };
        if variant != Variant::Tournament {
            for (p, names) in [(0, ["b5", "e2", "h5"]), (1, ["b2", "e8", "h2"])] {
                for n in names {
                    let c = t.geo.parse_cell(n).expect("a point").0 as u8;
                    let kind = 2 * p + u8::from(variant == Variant::Standard);
                    *board.mask_mut(kind) |= bit(c);
                }
            }
        }
        let mut g = Gipf {
            variant,
            board,
            reserve: [reserve; 2],
            entered_gipf: [entered; 2],
            entered_single: [false; 2],
            side: 0,
            outcome: None,
            hash: 0,
            history: Vec::new(),
        };
        g.hash = g.compute_hash();
        g.history.push(g.hash);
        g
    }

    /// A position set up by hand, for tests and puzzles: `pieces` lists cells with the
    /// glyph of their piece in front (`o` white, `x` black, `O`/`X` GIPF pieces), separated
    /// by spaces: `"oc3 od4 Oe5 xf5"`. The tournament flags say whether each player has
    /// entered a GIPF piece and a single piece (in the standard game the first is always set,
    /// in the basic game never). Endings are checked as after a turn.
    ///
    /// # Errors
    /// A token that is not a glyph and a point, or a point given twice.
    pub fn from_text(
        variant: Variant,
        pieces: &str,
        reserve: [u8; 2],
        to_move: Player,
        entered_gipf: [bool; 2],
        entered_single: [bool; 2],
    ) -> Result<Gipf, String> {
        let t = tables();
        let mut board = Board::default();
        for tok in pieces.split_whitespace() {
            let kind = match tok.chars().next() {
                Some('o') => 0,
                Some('O') => 1,
                Some('x') => 2,
                Some('X') => 3,
                _ => return Err(format!("'{tok}': expected o, O, x or X, then a point")),
            };
            let c = t
                .geo
                .parse_cell(&tok[1..])
                .filter(|c| t.points >> c.0 & 1 == 1)
                .ok_or_else(|| format!("'{tok}': {} is not a point (b2…h5)", &tok[1..]))?;
            if board.occupied() & bit(c.0 as u8) != 0 {
                return Err(format!("'{tok}': that point is taken twice"));
            }
            *board.mask_mut(kind) |= bit(c.0 as u8);
        }
        let entered_gipf = match variant {
            Variant::Tournament => entered_gipf,
            Variant::Standard => [true; 2],
            Variant::Basic => [false; 2],
        };
        let entered_single =
            if variant == Variant::Tournament { entered_single } else { [false; 2] };
        let mut g = Gipf {
            variant,
            board,
            reserve,
            entered_gipf,
            entered_single,
            side: to_move.0,
            outcome: None,
            hash: 0,
            history: Vec::new(),
        };
        g.hash = g.compute_hash();
        g.history.push(g.hash);
        g.outcome = g.gipf_outcome();
        if g.outcome.is_none() && !g.has_turn() {
            g.outcome = Some(Outcome::win(2, Player(g.side ^ 1)));
        }
        Ok(g)
    }

    /// The piece on a cell (by name): its owner and whether it is a GIPF piece.
    pub fn piece_at(&self, name: &str) -> Option<(Player, bool)> {
        let c = tables().geo.parse_cell(name)?;
        self.board.kind_at(c.0 as u8).map(|k| (Player(k >> 1), k & 1 == 1))
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Pieces `p` holds off the board.
    pub fn reserve(&self, p: Player) -> u8 {
        self.reserve[p.index()]
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for k in 0..4 {
            for c in cells_of(self.board.mask(k)) {
                h ^= piece_key(c, k);
            }
        }
        for p in 0..2 {
            h ^= reserve_key(p, self.reserve[p]);
            if self.variant == Variant::Tournament {
                h ^= if self.entered_gipf[p] { FLAG_KEYS[2 * p] } else { 0 };
                h ^= if self.entered_single[p] { FLAG_KEYS[2 * p + 1] } else { 0 };
            }
        }
        if self.side == 1 {
            h ^= SIDE_KEY[0];
        }
        h
    }

    /// Which pieces `p` may enter with `reserve` pieces in hand: (single, GIPF).
    fn entry_kinds(&self, p: usize, reserve: u8) -> (bool, bool) {
        match self.variant {
            Variant::Tournament if !self.entered_gipf[p] => (false, reserve >= 2),
            Variant::Tournament if !self.entered_single[p] => (reserve >= 1, reserve >= 2),
            _ => (reserve >= 1, false),
        }
    }

    /// Pieces that go back to `p`'s reserve when the cells of `m` are emptied.
    fn returned(&self, board: &Board, p: usize, m: u64) -> u8 {
        ((board.single[p] & m).count_ones() + 2 * (board.gipf[p] & m).count_ones()) as u8
    }

    /// Every legal turn, handed to `out`.
    fn generate(&self, mut out: impl FnMut(GipfMove)) {
        if self.outcome.is_some() {
            return;
        }
        let t = tables();
        let p = usize::from(self.side);
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            let all_lines = (1u32 << LINES) - 1;
            removal_phase(&self.board, p, all_lines, self.entered_gipf, &mut s.pre, &mut s.seen);
            for i in 0..s.pre.len() {
                let (pre, ended) = s.pre[i];
                if ended {
                    out(GipfMove { pre, entry: NO_ENTRY, gipf: false, post: 0 });
                    continue;
                }
                // Choices after which no entry is possible give no turn (rules: step 2).
                let mut board = self.board;
                board.remove(pre);
                let reserve = self.reserve[p] + self.returned(&self.board, p, pre);
                let (single, gipf) = self.entry_kinds(p, reserve);
                for (ei, e) in t.entries.iter().enumerate() {
                    let Some(j) = board.first_empty(e) else { continue };
                    for is_gipf in [false, true] {
                        if !(if is_gipf { gipf } else { single }) {
                            continue;
                        }
                        let mut b = board;
                        b.push(e, j, 2 * p as u8 + u8::from(is_gipf));
                        let mut must = self.entered_gipf;
                        must[p] |= is_gipf;
                        // Rows can only appear on lines through the cells the push moved.
                        // Decision: GIPF-only rows kept from before are offered again after
                        // the entry; they need 4 GIPF pieces of p, so look everywhere then.
                        let lines =
                            if b.gipf[p].count_ones() >= ROW { all_lines } else { e.touched[j] };
                        removal_phase(&b, p, lines, must, &mut s.post, &mut s.seen);
                        for &(post, _) in &s.post {
                            out(GipfMove { pre, entry: ei as u8, gipf: is_gipf, post });
                        }
                    }
                }
            }
        });
    }

    /// Whether the player to move has a turn. Removals only empty points and give pieces
    /// back, so if an entry is possible now it stays possible after any removal choice.
    fn has_turn(&self) -> bool {
        let p = usize::from(self.side);
        let (single, gipf) = self.entry_kinds(p, self.reserve[p]);
        let occ = self.board.occupied();
        if (single || gipf) && tables().lines.iter().any(|l| occ & l.mask != l.mask) {
            return true;
        }
        let mut any = false;
        self.generate(|_| any = true);
        any
    }

    /// Empties the cells of `m` for player `p`'s take: `p`'s pieces go back to the reserve,
    /// the opponent's are captured. Returns whether anything was captured.
    fn apply_removal(&mut self, m: u64, p: usize) -> bool {
        let mut captured = false;
        for c in cells_of(m) {
            let Some(k) = self.board.kind_at(c) else { continue };
            self.hash ^= piece_key(c, k);
            *self.board.mask_mut(k) &= !bit(c);
            if usize::from(k >> 1) == p {
                self.set_reserve(p, self.reserve[p] + 1 + (k & 1));
            } else {
                captured = true;
            }
        }
        captured
    }

    fn set_reserve(&mut self, p: usize, n: u8) {
        self.hash ^= reserve_key(p, self.reserve[p]) ^ reserve_key(p, n);
        self.reserve[p] = n;
    }

    fn set_flag(&mut self, p: usize, single: bool) -> bool {
        if self.variant != Variant::Tournament {
            return false;
        }
        let f = if single { &mut self.entered_single[p] } else { &mut self.entered_gipf[p] };
        if *f {
            return false;
        }
        *f = true;
        self.hash ^= FLAG_KEYS[2 * p + usize::from(single)];
        true
    }

    /// The outcome if a take has left a player without GIPF pieces they must keep.
    fn gipf_outcome(&self) -> Option<Outcome> {
        let lost = |q: usize| self.entered_gipf[q] && self.board.gipf[q] == 0;
        match (lost(0), lost(1)) {
            (true, true) => Some(Outcome::draw()),
            (true, false) => Some(Outcome::win(2, Player(1))),
            (false, true) => Some(Outcome::win(2, Player(0))),
            (false, false) => None,
        }
    }

    fn format_cells(m: u64) -> String {
        let t = tables();
        let names: Vec<&str> = cells_of(m).map(|c| t.names[usize::from(c)].as_str()).collect();
        format!("x{}", names.join(","))
    }
}

impl Game for Gipf {
    type Move = GipfMove;

    fn id(&self) -> &'static str {
        "gipf"
    }

    fn player_count(&self) -> usize {
        2
    }

    fn player_name(&self, p: Player) -> &'static str {
        ["white", "black"][p.index()]
    }

    fn to_move(&self) -> ToMove {
        if self.outcome.is_some() {
            ToMove::Over
        } else {
            ToMove::Player(Player(self.side))
        }
    }

    fn legal_moves(&self, moves: &mut Vec<GipfMove>) {
        moves.clear();
        self.generate(|m| moves.push(m));
    }

    fn count_legal_moves(&self) -> u64 {
        let mut n = 0;
        self.generate(|_| n += 1);
        n
    }

    fn play(&mut self, mv: GipfMove) {
        let t = tables();
        let p = usize::from(self.side);
        let mut irreversible = self.apply_removal(mv.pre, p);
        if mv.entry != NO_ENTRY {
            let e = &t.entries[usize::from(mv.entry)];
            let j = self.board.first_empty(e).expect("a legal entry has room");
            let kind = 2 * p as u8 + u8::from(mv.gipf);
            // Hash the pushed cells out, push, and hash them back in.
            for &c in &e.cells[..=j] {
                if let Some(k) = self.board.kind_at(c) {
                    self.hash ^= piece_key(c, k);
                }
            }
            self.board.push(e, j, kind);
            for &c in &e.cells[..=j] {
                if let Some(k) = self.board.kind_at(c) {
                    self.hash ^= piece_key(c, k);
                }
            }
            self.set_reserve(p, self.reserve[p] - 1 - u8::from(mv.gipf));
            irreversible |= self.set_flag(p, !mv.gipf);
            irreversible |= self.apply_removal(mv.post, p);
        }
        self.side ^= 1;
        self.hash ^= SIDE_KEY[0];
        // Endings in the rules' order: a loss from a take, repetition, no turn.
        if let Some(o) = self.gipf_outcome() {
            self.outcome = Some(o);
            return;
        }
        // Decision: positions before a capture or a flag change can never recur (material
        // and flags only go one way), so the history starts afresh there.
        if irreversible {
            self.history.clear();
        }
        self.history.push(self.hash);
        if self.history.iter().filter(|&&h| h == self.hash).count() >= 3 {
            self.outcome = Some(Outcome::draw());
            return;
        }
        if !self.has_turn() {
            self.outcome = Some(Outcome::win(2, Player(self.side ^ 1)));
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.compute_hash()
    }

    fn format_move(&self, mv: GipfMove) -> String {
        let t = tables();
        let mut parts = Vec::with_capacity(3);
        if mv.pre != 0 {
            parts.push(Self::format_cells(mv.pre));
        }
        if mv.entry != NO_ENTRY {
            let e = &t.entries[usize::from(mv.entry)];
            parts.push(format!(
                "{}{}-{}",
                if mv.gipf { "G" } else { "" },
                t.names[usize::from(e.dot)],
                t.names[usize::from(e.cells[0])]
            ));
            if mv.post != 0 {
                parts.push(Self::format_cells(mv.post));
            }
        }
        parts.join(";")
    }

    /// Accepts any case, spaces around parts, and removal lists in any order; a removal
    /// phase that has only one possible outcome may be left out.
    fn parse_move(&self, text: &str) -> Result<GipfMove, MoveError> {
        let parsed = parse_turn(text)?;
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(MoveError::illegal(text, "the game is over"));
        }
        if let Some(&m) = moves.iter().find(|m| {
            m.entry == parsed.entry
                && m.gipf == parsed.gipf
                && m.pre == parsed.pre.unwrap_or(0)
                && m.post == parsed.post.unwrap_or(0)
        }) {
            return Ok(m);
        }
        // Removal phases left out: accept when exactly one legal turn fits.
        let fits: Vec<GipfMove> = moves
            .iter()
            .copied()
            .filter(|m| {
                m.entry == parsed.entry
                    && m.gipf == parsed.gipf
                    && parsed.pre.is_none_or(|x| x == m.pre)
                    && parsed.post.is_none_or(|x| x == m.post)
            })
            .collect();
        if fits.len() == 1 && (parsed.pre.is_none() || parsed.post.is_none()) {
            return Ok(fits[0]);
        }
        Err(MoveError::illegal(text, self.why_illegal(&parsed, &moves, &fits)))
    }

    fn render_text(&self) -> String {
        let t = tables();
        // Text column 3 × file, text row from y = 2 × axial rank − file (half steps).
        let mut grid = vec![vec![b' '; 3 * 8 + 6]; 17];
        for c in t.geo.cells() {
            let (f, r) = t.geo.coords(c);
            let (q, a) = (i32::from(f), i32::from(r) + (i32::from(f) - 4).max(0));
            let y = (12 - (2 * a - q)) as usize;
            let x = 2 + 3 * f as usize;
            let glyph = match self.board.kind_at(c.0 as u8) {
                Some(0) => b'o',
                Some(1) => b'O',
                Some(2) => b'x',
                Some(3) => b'X',
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
        s.push_str(&format!("reserves: white {}, black {}\n", self.reserve[0], self.reserve[1]));
        match self.outcome {
            Some(o) if o.is_draw() => s.push_str("game over: draw\n"),
            Some(o) => s.push_str(&format!(
                "game over: {} wins\n",
                self.player_name(o.winners.iter().next().expect("a winner"))
            )),
            None => s.push_str(&format!("{} to move\n", self.player_name(Player(self.side)))),
        }
        s
    }

    // Stubs until this game's view, click paths and position text are written (issue 8).
    fn view(&self) -> tabla_core::BoardView {
        tabla_core::BoardView {
            board: tabla_core::BoardShape::Square { width: 0, height: 0 },
            cells: Vec::new(),
            points: Vec::new(),
            labels: Vec::new(),
            players: Vec::new(),
            last: Vec::new(),
        }
    }
    fn touched(&self, _mv: Self::Move) -> Vec<String> {
        Vec::new()
    }
    fn click_paths(&self, _mv: Self::Move) -> Vec<Vec<String>> {
        Vec::new()
    }
    fn position_text(&self) -> String {
        String::new()
    }
    fn read_position(&self, _text: &str) -> Result<Self, tabla_core::PositionError> {
        Err(tabla_core::PositionError("not written yet".into()))
    }
    fn view_json(&self) -> serde_json::Value {
        let t = tables();
        let cells: Vec<serde_json::Value> = t
            .geo
            .cells()
            .map(|c| {
                let (f, r) = t.geo.coords(c);
                serde_json::json!({
                    "name": t.names[c.index()],
                    "file": f,
                    "rank": r,
                    "kind": if t.points >> c.0 & 1 == 1 { "point" } else { "dot" },
                })
            })
            .collect();
        let pieces: Vec<serde_json::Value> = (0..4u8)
            .flat_map(|k| cells_of(self.board.mask(k)).map(move |c| (c, k)))
            .map(|(c, k)| {
                let player = ["white", "black"][usize::from(k >> 1)];
                serde_json::json!({
                    "cell": t.names[usize::from(c)],
                    "player": player,
                    "gipf": k & 1 == 1,
                })
            })
            .collect();
        serde_json::json!({
            "variant": self.variant.name(),
            "cells": cells,
            "pieces": pieces,
            "reserves": { "white": self.reserve[0], "black": self.reserve[1] },
            "entered_gipf": { "white": self.entered_gipf[0], "black": self.entered_gipf[1] },
            "entered_single": { "white": self.entered_single[0], "black": self.entered_single[1] },
            "to_move": match self.to_move() {
                ToMove::Player(p) => serde_json::json!(self.player_name(p)),
                _ => serde_json::Value::Null,
            },
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Notation
// ---------------------------------------------------------------------------------------------

/// A turn as read from text, before it is matched against the legal list.
struct ParsedTurn {
    pre: Option<u64>,
    entry: u8,
    gipf: bool,
    post: Option<u64>,
}

const NOTATION: &str =
    "a turn is written like 'a1-b2', 'Ga1-b2' (GIPF piece) or 'xc3,c4,c5,c6;a1-b2;xb2,b3,b4,b5'";

fn parse_turn(text: &str) -> Result<ParsedTurn, MoveError> {
    let t = tables();
    let parts: Vec<&str> = text.split(';').map(str::trim).collect();
    let mut pre = None;
    let mut post = None;
    let mut entry = None;
    for part in &parts {
        if part.is_empty() {
            return Err(MoveError::unreadable(text, format!("an empty part; {NOTATION}")));
        }
        if let Some(list) = part.strip_prefix(['x', 'X']) {
            let mut m = 0u64;
            for name in list.split(',').map(str::trim) {
                let Some(c) = t.geo.parse_cell(name) else {
                    return Err(MoveError::unreadable(
                        text,
                        format!("'{name}' in a removal list is not a cell; {NOTATION}"),
                    ));
                };
                if t.points >> c.0 & 1 == 0 {
                    return Err(MoveError::unreadable(
                        text,
                        format!("{name} is a dot; only points (b2…h5) hold pieces to remove"),
                    ));
                }
                if m >> c.0 & 1 == 1 {
                    return Err(MoveError::unreadable(text, format!("{name} is listed twice")));
                }
                m |= 1 << c.0;
            }
            let slot = if entry.is_none() { &mut pre } else { &mut post };
            if slot.is_some() {
                return Err(MoveError::unreadable(
                    text,
                    format!("two removal lists in a row; {NOTATION}"),
                ));
            }
            *slot = Some(m);
        } else {
            if entry.is_some() {
                return Err(MoveError::unreadable(text, format!("two entries; {NOTATION}")));
            }
            entry = Some(parse_entry(text, part)?);
        }
    }
    match entry {
        Some((e, gipf)) => Ok(ParsedTurn { pre, entry: e, gipf, post }),
        None if parts.len() == 1 && pre.is_some() => {
            Ok(ParsedTurn { pre, entry: NO_ENTRY, gipf: false, post: None })
        }
        None => Err(MoveError::unreadable(text, format!("no entry; {NOTATION}"))),
    }
}

fn parse_entry(text: &str, part: &str) -> Result<(u8, bool), MoveError> {
    let t = tables();
    // A leading G followed by a file letter marks a GIPF piece ('g1-g2' is a file g entry).
    let b = part.as_bytes();
    let gipf = b.len() > 1 && b[0].eq_ignore_ascii_case(&b'g') && b[1].is_ascii_alphabetic();
    let body = if gipf { &part[1..] } else { part };
    let Some((from, to)) = body.split_once('-') else {
        return Err(MoveError::unreadable(
            text,
            format!(
                "'{part}' is neither an entry (dot-point) nor a removal list (x...); {NOTATION}"
            ),
        ));
    };
    let cell = |s: &str| {
        t.geo.parse_cell(s.trim()).ok_or_else(|| {
            MoveError::unreadable(
                text,
                format!("'{}' is not a cell of the board (a1…i5)", s.trim()),
            )
        })
    };
    let (dot, point) = (cell(from)?, cell(to)?);
    if t.points >> dot.0 & 1 == 1 {
        return Err(MoveError::unreadable(
            text,
            format!("{} is a point; pieces enter from a dot on the edge", t.names[dot.index()]),
        ));
    }
    t.entries
        .iter()
        .position(|e| usize::from(e.dot) == dot.index() && usize::from(e.cells[0]) == point.index())
        .map(|i| (i as u8, gipf))
        .ok_or_else(|| {
            let firsts: Vec<&str> = t
                .entries
                .iter()
                .filter(|e| usize::from(e.dot) == dot.index())
                .map(|e| t.names[usize::from(e.cells[0])].as_str())
                .collect();
            MoveError::unreadable(
                text,
                format!(
                    "{} does not lead from {} into the board; from {} a piece enters on {}",
                    t.names[point.index()],
                    t.names[dot.index()],
                    t.names[dot.index()],
                    firsts.join(" or ")
                ),
            )
        })
}

impl Gipf {
    fn why_illegal(&self, parsed: &ParsedTurn, moves: &[GipfMove], fits: &[GipfMove]) -> String {
        let p = usize::from(self.side);
        let show = |ms: &[GipfMove]| -> String {
            let v: Vec<String> = ms.iter().take(8).map(|&m| self.format_move(m)).collect();
            v.join(" ")
        };
        if parsed.entry == NO_ENTRY {
            return "a turn without an entry exists only when its removals end the game"
                .to_string();
        }
        let same_entry: Vec<GipfMove> =
            moves.iter().copied().filter(|m| m.entry == parsed.entry).collect();
        if same_entry.is_empty() {
            let e = &tables().entries[usize::from(parsed.entry)];
            if self.board.first_empty(e).is_none() {
                return "that line is full".to_string();
            }
            return format!("no legal turn enters there; legal turns include: {}", show(moves));
        }
        if !same_entry.iter().any(|m| m.gipf == parsed.gipf) {
            return if parsed.gipf {
                match self.variant {
                    Variant::Tournament if self.entered_single[p] => {
                        "no GIPF piece after a single piece has been entered".to_string()
                    }
                    Variant::Tournament => "a GIPF piece needs two pieces in reserve".to_string(),
                    _ => format!("the {} game has single pieces only", self.variant.name()),
                }
            } else {
                "the first entry must be a GIPF piece (write it 'Ga1-b2')".to_string()
            };
        }
        if fits.len() > 1 {
            return format!("say which pieces are removed: {}", show(fits));
        }
        let same: Vec<GipfMove> =
            same_entry.iter().copied().filter(|m| m.gipf == parsed.gipf).collect();
        format!("those removals do not match; with this entry the turns are: {}", show(&same))
    }
}

// ---------------------------------------------------------------------------------------------
// Registry
// ---------------------------------------------------------------------------------------------

/// The options of `gipf`.
pub const OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "variant",
    values: "tournament / standard / basic",
    default: "tournament",
    help: "tournament: empty board, GIPF pieces by choice; standard: 3 GIPF pieces each \
           at the start; basic: 3 single pieces each, no GIPF pieces",
    choices: &["tournament", "standard", "basic"],
}];

impl Gipf {
    /// The starting position for checked options (as every game module offers).
    ///
    /// # Errors
    /// None today: the one option is a closed choice, checked by the registry.
    pub fn from_options(options: &GameOptions) -> Result<Gipf, OptionError> {
        let variant = match options.choice("variant", "tournament") {
            "standard" => Variant::Standard,
            "basic" => Variant::Basic,
            _ => Variant::Tournament,
        };
        Ok(Gipf::new(variant))
    }
}

/// Option sets the conformance checks play random games under (space-separated `-o` words).
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
