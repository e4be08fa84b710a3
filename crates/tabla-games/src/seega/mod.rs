//! Seega (`rules/seega.md`): placing stones two at a time, then stepping and capturing by
//! custodian pattern, with diagonal moves by default.
//!
//! The board is at most 9×9 = 81 cells, so each side's stones are one `u128` bitboard (bit
//! `rank * size + file`, the numbering of [`Geometry::square`]). Move generation narrows them
//! to the smallest integer that holds the board (`u32` on 5×5), steps whole boards one
//! direction at a time with constant shifts, finds capturing landings by bitboard too, and
//! never allocates beyond the caller's buffer. A move is one `u128`.
//!
//! Speed (random playouts, 5×5 default, one core of a shared machine, `cargo test --release
//! -p tabla-games --test seega -- --ignored --nocapture speed`): about 4–5 million moves per
//! second, some 130 million generated moves per second.
//!
//! Where the rules file leaves something open, the decision is marked `Decision:` below and
//! listed in the rules file's "Decisions" section.

use crate::registry::GameInfo;
use std::cell::RefCell;
use std::fmt::Write as _;
use std::sync::OnceLock;
use tabla_core::geometry::SQUARE_DIRS;
use tabla_core::{
    zobrist, Cell, Game, GameOptions, Geometry, MoveError, OptionError, OptionSpec, Outcome,
    Player, ToMove,
};

/// A set of cells, bit `rank * size + file`.
type Board = u128;

/// The seats: First places first.
const FIRST: Player = Player(0);
/// Second moves first in phase 2 under the Egyptian rule.
const SECOND: Player = Player(1);

/// Zobrist tables: stones of each player, side to move, phase, quiet counter, history mix.
const Z_STONES: u32 = 0;
const Z_SIDE: u32 = 2;
const Z_PHASE: u32 = 3;
const Z_QUIET: u32 = 4;
const Z_HISTORY: u32 = 5;

#[inline]
const fn bit(c: u8) -> Board {
    1 << c
}

/// The cells of a board, lowest first.
#[inline]
fn cells_of(mut b: Board) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let c = b.trailing_zeros() as u8;
            b &= b - 1;
            Some(c)
        }
    })
}

#[inline]
fn count(b: Board) -> u32 {
    b.count_ones()
}

/// Whether `b` has at most one cell (cheaper than counting: the default x86-64 target has no
/// popcount instruction).
#[inline]
fn at_most_one(b: Board) -> bool {
    b & b.wrapping_sub(1) == 0
}

/// The integer a board is worked on in move generation: the narrowest that holds it (`u32`
/// for 5×5, `u64` for 7×7, `u128` for 9×9), since `u128` shifts and bit scans cost several
/// instructions each. Positions store `u128`; masks are narrowed on use (a free truncation).
/// Each width serves exactly one board size ([`Bb::N`]), so shifts by whole steps are
/// constants; the shifting functions must only see boards of that size.
trait Bb:
    Copy
    + PartialEq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitXor<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    /// Width of the integer.
    const BITS: u32;
    /// Side of the board this width is used for, so that step deltas are constants.
    const N: i16;
    /// Rotation: equal to a shift when no cell crosses the ends (the `src` masks see to it).
    fn rotl(self, k: u32) -> Self;
    /// The low bits of a stored board.
    fn of(x: u128) -> Self;
    /// The lowest cell (the board is not empty).
    fn lowest(self) -> u8;
    /// The board without its lowest cell (empty stays empty).
    fn pop_lowest(self) -> Self;
    /// The board as stored.
    fn wide(self) -> u128;
}

macro_rules! impl_bb {
    ($t:ty, $n:expr) => {
        impl Bb for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            const N: i16 = $n;
            #[inline(always)]
            fn rotl(self, k: u32) -> Self {
                self.rotate_left(k)
            }
            #[inline(always)]
            fn of(x: u128) -> Self {
                x as $t
            }
            #[inline(always)]
            fn lowest(self) -> u8 {
                self.trailing_zeros() as u8
            }
            #[inline(always)]
            fn pop_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
        }
    };
}
impl_bb!(u32, 5);
impl_bb!(u64, 7);
impl_bb!(u128, 9);

#[inline(always)]
fn b<B: Bb>(c: u8) -> B {
    B::ONE << u32::from(c)
}

#[inline(always)]
fn has<B: Bb>(x: B, c: u8) -> bool {
    (x >> u32::from(c)) & B::ONE != B::ZERO
}

/// The cell-index step of direction `d` (of [`SQUARE_DIRS`]) on the board `B` is used for.
#[inline(always)]
const fn delta<B: Bb>(d: usize) -> i16 {
    let (df, dr) = SQUARE_DIRS[d];
    dr as i16 * B::N + df as i16
}

/// How many of [`SQUARE_DIRS`] stones move in.
#[inline(always)]
const fn dir_count<const DIAG: bool>() -> usize {
    if DIAG {
        8
    } else {
        4
    }
}

/// The cells of a board, lowest first.
#[inline(always)]
fn cells<B: Bb>(mut x: B) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if x == B::ZERO {
            None
        } else {
            let c = x.lowest();
            x = x.pop_lowest();
            Some(c)
        }
    })
}

// ---------------------------------------------------------------------------------------------
// Options

/// Who starts phase 2 (rules: *Phase 2 — moving*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// The player who did not start phase 1 (Second) starts phase 2.
    Egyptian,
    /// First starts both phases.
    Sudanese,
}

/// The rule options, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeegaConfig {
    /// Board side: 5, 7 or 9.
    pub size: u8,
    /// Stones placed per turn in phase 1: 1 or 2.
    pub place: u8,
    /// Who starts phase 2.
    pub start: Start,
    /// Whether stones move and capture diagonally too.
    pub diagonal: bool,
    /// Turns without a capture that end the game (N ≥ 1).
    pub quiet: u32,
}

impl Default for SeegaConfig {
    fn default() -> Self {
        SeegaConfig { size: 5, place: 2, start: Start::Egyptian, diagonal: true, quiet: 50 }
    }
}

/// The largest `quiet` accepted; far beyond any sensible game, it only bounds the history.
/// Decision: the rules say "any N ≥ 1"; this is the upper end.
pub const MAX_QUIET: u32 = 100_000;

impl SeegaConfig {
    /// Reads the options declared in [`INFO`].
    ///
    /// # Errors
    /// A `quiet` that is not a whole number from 1 to [`MAX_QUIET`] (the closed choices are
    /// checked by [`GameOptions`] already).
    pub fn from_options(o: &GameOptions) -> Result<Self, OptionError> {
        let size = match o.choice("size", "5") {
            "7" => 7,
            "9" => 9,
            _ => 5,
        };
        let place = if o.choice("place", "2") == "1" { 1 } else { 2 };
        let start = match o.choice("start", "egyptian") {
            "sudanese" => Start::Sudanese,
            _ => Start::Egyptian,
        };
        let diagonal = o.flag("diagonal", true);
        let quiet = o.int("quiet", 1, i64::from(MAX_QUIET))?.unwrap_or(50) as u32;
        Ok(SeegaConfig { size, place, start, diagonal, quiet })
    }

    /// Whether the values are ones the rules allow (the fields are public, so a config can
    /// be built by hand).
    ///
    /// # Errors
    /// Names the first bad value and what is allowed.
    pub fn check(&self) -> Result<(), OptionError> {
        if ![5, 7, 9].contains(&self.size) {
            return Err(OptionError(format!("size {}: expected 5, 7 or 9", self.size)));
        }
        if ![1, 2].contains(&self.place) {
            return Err(OptionError(format!("place {}: expected 1 or 2", self.place)));
        }
        if !(1..=MAX_QUIET).contains(&self.quiet) {
            return Err(OptionError(format!(
                "quiet {}: expected a whole number from 1 to {MAX_QUIET}",
                self.quiet
            )));
        }
        Ok(())
    }

    /// Stones each player has: every cell but the centre, shared equally.
    pub const fn stones_each(&self) -> u8 {
        ((self.size as u16 * self.size as u16 - 1) / 2) as u8
    }
}

// ---------------------------------------------------------------------------------------------
// Board tables

/// Per-board tables, built once per (size, diagonal) and shared by every position.
struct Tables {
    size: u8,
    diagonal: bool,
    geo: Geometry,
    centre: u8,
    /// Every cell.
    all: Board,
    /// Cells not on file `a` / not on the last file (sources that may step west / east).
    not_west_edge: Board,
    not_east_edge: Board,
    /// Neighbours of each cell in the move directions.
    neigh: [Board; 81],
    /// Neighbours of each cell that a stone arriving there can capture: not the centre, and
    /// with a cell beyond on the same line (that cell is `2 * n - t`).
    capturable: [Board; 81],
    /// Direction index of a step by cell-index delta `d`, at `d + size + 1`.
    dir_of_delta: [u8; 24],
    /// Cell-index delta of each direction.
    delta: [i16; 8],
    /// Zobrist keys of each player's stone on each cell.
    z_stone: [[u64; 81]; 2],
    /// The cells in notation order (file, then rank).
    notation_order: [u8; 81],
    /// Cells from which one / two steps in each direction stay on the board.
    src1: [Board; 8],
    src2: [Board; 8],
}

impl Tables {
    fn get(size: u8, diagonal: bool) -> &'static Tables {
        static TABLES: [OnceLock<Tables>; 6] = [const { OnceLock::new() }; 6];
        let i = usize::from((size - 5) / 2) * 2 + usize::from(diagonal);
        TABLES[i].get_or_init(|| Tables::build(size, diagonal))
    }

    fn build(size: u8, diagonal: bool) -> Tables {
        let dirs = if diagonal { &SQUARE_DIRS[..] } else { &SQUARE_DIRS[..4] };
        let geo = Geometry::square(size, size, dirs, |_, _| true);
        let n = usize::from(size);
        let centre = (n * n / 2) as u8;
        let mut t = Tables {
            size,
            diagonal,
            centre,
            all: (1u128 << (n * n)) - 1,
            not_west_edge: 0,
            not_east_edge: 0,
            neigh: [0; 81],
            capturable: [0; 81],
            dir_of_delta: [u8::MAX; 24],
            delta: [0; 8],
            z_stone: [[0; 81]; 2],
            notation_order: [0; 81],
            src1: [0; 8],
            src2: [0; 8],
            geo,
        };
        for (d, &(df, dr)) in dirs.iter().enumerate() {
            let delta = i16::from(dr) * n as i16 + i16::from(df);
            t.delta[d] = delta;
            t.dir_of_delta[(delta + n as i16 + 1) as usize] = d as u8;
        }
        for c in t.geo.cells() {
            let (f, r) = t.geo.coords(c);
            t.notation_order[usize::from(f) * n + usize::from(r)] = c.0 as u8;
        }
        for c in t.geo.cells() {
            let i = c.index();
            let (f, _) = t.geo.coords(c);
            if f != 0 {
                t.not_west_edge |= bit(i as u8);
            }
            if usize::from(f) != n - 1 {
                t.not_east_edge |= bit(i as u8);
            }
            for d in 0..dirs.len() {
                if let Some(m) = t.geo.neighbour(c, d) {
                    t.neigh[i] |= bit(m.0 as u8);
                    if m.index() != usize::from(centre) && t.geo.neighbour(m, d).is_some() {
                        t.capturable[i] |= bit(m.0 as u8);
                    }
                }
            }
            for p in 0..2 {
                t.z_stone[p][i] = zobrist(Z_STONES + p as u32, i as u32);
            }
            for d in 0..dirs.len() {
                if let Some(m) = t.geo.neighbour(c, d) {
                    t.src1[d] |= bit(i as u8);
                    if t.geo.neighbour(m, d).is_some() {
                        t.src2[d] |= bit(i as u8);
                    }
                }
            }
        }
        t
    }

    /// Every cell next to a cell of `s` (in the move directions), by shifting whole boards.
    #[inline(always)]
    fn dilate<B: Bb, const DIAG: bool>(&self, s: B) -> B {
        let n = B::N as u32;
        let e = s & B::of(self.not_east_edge);
        let w = s & B::of(self.not_west_edge);
        let mut r = (s << n) | (s >> n) | (e << 1) | (w >> 1);
        if DIAG {
            r |= (e << (n + 1)) | (e >> (n - 1)) | (w << (n - 1)) | (w >> (n + 1));
        }
        r & B::of(self.all)
    }

    /// Moves every cell of `s` `times` (1 or 2) steps in direction `d`, dropping those that
    /// would leave the board. With `B` and `d` known, the step is a constant rotation.
    #[inline(always)]
    fn shift<B: Bb>(&self, s: B, d: usize, times: i16) -> B {
        let src = if times == 1 { self.src1[d] } else { self.src2[d] };
        (s & B::of(src)).rotl((times * delta::<B>(d)) as u32 & (B::BITS - 1))
    }

    /// The empty cells where a stone of `mine` arriving would capture (it cannot be its own
    /// far stone, so the stone that moves does not matter).
    #[inline(always)]
    fn capture_landings<B: Bb, const DIAG: bool>(&self, mine: B, theirs: B) -> B {
        let theirs = theirs & !b::<B>(self.centre);
        // Written out per direction so that every shift is a constant.
        let at = |d: usize| self.shift(theirs, d, 1) & self.shift(mine, d, 2);
        let r = at(0) | at(1) | at(2) | at(3);
        if DIAG {
            r | at(4) | at(5) | at(6) | at(7)
        } else {
            r
        }
    }

    /// The enemy stones a stone arriving on `to` captures (rules: *Capture*): each enemy
    /// neighbour, off the centre, with a stone of `mine` directly beyond.
    #[inline(always)]
    fn captures<B: Bb>(&self, to: u8, mine: B, theirs: B) -> B {
        let mut caps = B::ZERO;
        for n in cells(theirs & B::of(self.capturable[usize::from(to)])) {
            if has(mine, 2 * n - to) {
                caps |= b::<B>(n);
            }
        }
        caps
    }

    #[inline]
    fn dir(&self, from: u8, to: u8) -> u8 {
        let d = i16::from(to) - i16::from(from) + i16::from(self.size) + 1;
        self.dir_of_delta[d as usize]
    }

    #[inline]
    fn step(&self, from: u8, dir: u8) -> u8 {
        (i16::from(from) + self.delta[usize::from(dir)]) as u8
    }

    /// The notation order of cells (file, then rank), as a sort key.
    #[inline]
    fn order(&self, c: u8) -> u8 {
        (c % self.size) * self.size + c / self.size
    }

    fn name(&self, c: u8) -> String {
        self.geo.name(Cell(u16::from(c)))
    }
}

/// What the steps of one position share (see `Seega::gen_moving`).
struct StepGen<B> {
    me: B,
    opp: B,
    empty: B,
    /// Cells next to an enemy stone.
    opp_touches: B,
    /// Empty cells the enemy can step to.
    opp_reach: B,
    /// Whether a quiet step can block the enemy at all (it has at most one cell to go to).
    check_quiet: bool,
    /// Empty cells where arriving captures.
    landings: B,
}

/// Tables compared by identity: one per board, so pointer equality is equality.
#[derive(Clone, Copy)]
struct TablesRef(&'static Tables);

impl PartialEq for TablesRef {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl std::fmt::Debug for TablesRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tables({}x{}, diagonal {})", self.0.size, self.0.size, self.0.diagonal)
    }
}

/// Why a diagram is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

// ---------------------------------------------------------------------------------------------
// Moves

/// The most steps one turn can have. Every step after the first must capture, the first must
/// capture for a second to follow, and the series stops when the opponent is down to one
/// stone: from at most 40 stones (9×9) that is at most 39 steps, which is what a move's
/// 128 bits hold (2 bits of kind, 7 of start cell, a marker bit and 3 bits per step).
pub const MAX_STEPS: usize = 39;

/// The cells one stone visits in a turn: the start cell in bits 0..7, then the directions
/// of the steps in 3 bits each, first step highest, under a leading marker bit (so the
/// length needs no field).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Path(u128);

impl Path {
    #[inline]
    fn new(from: u8) -> Path {
        Path(u128::from(from) | 1 << 7)
    }
    /// One step from `from` in direction `dir` (the common case, without the general shifts).
    #[inline]
    fn single(from: u8, dir: u8) -> Path {
        Path(u128::from(from) | u128::from(8 | dir) << 7)
    }
    #[inline]
    fn push(self, dir: u8) -> Path {
        Path(((self.0 >> 7) << 3 | u128::from(dir)) << 7 | (self.0 & 0x7f))
    }
    /// Number of steps (at least 1 in a legal move).
    #[inline]
    pub fn steps(self) -> usize {
        ((127 - (self.0 >> 7).leading_zeros()) / 3) as usize
    }
    #[inline]
    fn dir(self, i: usize) -> u8 {
        ((self.0 >> 7) >> (3 * (self.steps() - 1 - i))) as u8 & 7
    }
    /// The cell the stone starts from.
    #[inline]
    pub fn start(self) -> Cell {
        Cell(self.from())
    }
    #[inline]
    fn from(self) -> u16 {
        (self.0 & 0x7f) as u16
    }
}

impl std::fmt::Debug for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dirs: Vec<u8> = (0..self.steps()).map(|i| self.dir(i)).collect();
        write!(f, "Path(from {}, dirs {:?})", self.from(), dirs)
    }
}

/// What a move does, for reading; [`SeegaMove`] is its packed form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Phase 1, option `place=1`: one stone.
    PlaceOne(Cell),
    /// Phase 1: two stones, the first in notation order (file, then rank) first.
    PlaceTwo(Cell, Cell),
    /// Phase 2: a step, or a capture series by one stone.
    Step(Path),
    /// Phase 2, only when no step is possible.
    Pass,
}

/// One whole turn, packed into one `u128` (kind in bits 0..2) so that generating a move is a
/// single register store: with a tagged 32-byte enum, building it on the stack and copying
/// it cost more than the rest of move generation. Read it with [`SeegaMove::turn`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct SeegaMove(u128);

impl SeegaMove {
    /// The pass.
    pub const PASS: SeegaMove = SeegaMove(0);

    #[inline]
    fn place_one(a: u8) -> SeegaMove {
        SeegaMove(u128::from(1 | u32::from(a) << 2))
    }
    #[inline]
    fn place_two(a: u8, b: u8) -> SeegaMove {
        SeegaMove(u128::from(2 | (u32::from(a) | u32::from(b) << 8) << 2))
    }
    #[inline]
    fn step(p: Path) -> SeegaMove {
        SeegaMove(3 | p.0 << 2)
    }

    /// What the move does.
    #[inline]
    pub fn turn(self) -> Turn {
        let payload = self.0 >> 2;
        match self.0 & 3 {
            0 => Turn::Pass,
            1 => Turn::PlaceOne(Cell(payload as u16 & 0xff)),
            2 => Turn::PlaceTwo(Cell(payload as u16 & 0xff), Cell((payload >> 8) as u16 & 0xff)),
            _ => Turn::Step(Path(payload)),
        }
    }
}

impl std::fmt::Debug for SeegaMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.turn().fmt(f)
    }
}

// ---------------------------------------------------------------------------------------------
// The position

/// A Seega position with everything that decides its future: the stones, who moves, the
/// phase, stones still in hand, the quiet counter and the positions seen since the last
/// capture (for the third-repetition rule).
#[derive(Clone, PartialEq, Debug)]
pub struct Seega {
    tables: TablesRef,
    config: SeegaConfig,
    /// Stones on the board per player.
    stones: [Board; 2],
    /// Stones still to place per player (phase 1).
    in_hand: [u8; 2],
    to_move: Player,
    /// Whether phase 2 (moving) has begun.
    moving: bool,
    /// Turns since the last capture (or the start of phase 2).
    quiet: u32,
    /// Keys of the phase-2 positions (board and player to move) since the last capture or the
    /// start of phase 2, the current one last. Earlier positions cannot recur: they had more
    /// stones.
    history: Vec<u64>,
    /// Order-free mix of `history`, so that the hash covers it.
    history_mix: u64,
    /// Bit `key >> 58` of every key in `history`: most keys were never seen, and this says
    /// so without scanning.
    history_bloom: u64,
    /// Board, side to move and phase, maintained incrementally.
    key: u64,
    outcome: Option<Outcome>,
}

#[inline]
fn mix_history(key: u64) -> u64 {
    zobrist(Z_HISTORY, (key ^ (key >> 32)) as u32) ^ key.rotate_left(17)
}

impl Seega {
    /// The starting position (empty board, First to place).
    ///
    /// # Panics
    /// If `config` fails [`SeegaConfig::check`] (configs read from options never do).
    pub fn new(config: SeegaConfig) -> Seega {
        if let Err(e) = config.check() {
            panic!("invalid Seega config: {e}");
        }
        let each = config.stones_each();
        let mut g = Seega {
            tables: TablesRef(Tables::get(config.size, config.diagonal)),
            config,
            stones: [0; 2],
            in_hand: [each; 2],
            to_move: FIRST,
            moving: false,
            quiet: 0,
            history: Vec::new(),
            history_mix: 0,
            history_bloom: 0,
            key: 0,
            outcome: None,
        };
        g.key = g.key_from_scratch();
        g
    }

    /// The starting position for rule options.
    ///
    /// # Errors
    /// See [`SeegaConfig::from_options`].
    pub fn from_options(o: &GameOptions) -> Result<Seega, OptionError> {
        Ok(Seega::new(SeegaConfig::from_options(o)?))
    }

    /// A phase-2 position from a picture, for tests and analysis: ranks from the top, each a
    /// row of `X` (First), `O` (Second) or `.`/`+` (empty), separated by `/` or white space.
    /// The quiet counter starts at 0 and the history with this position, as at the start of
    /// phase 2.
    ///
    /// # Errors
    /// The picture does not fit the board, a player has more stones than the game gives or
    /// fewer than two (the game would be over).
    pub fn from_diagram(
        config: SeegaConfig,
        diagram: &str,
        to_move: Player,
    ) -> Result<Seega, SetupError> {
        config.check().map_err(|e| SetupError(e.0))?;
        let mut g = Seega::new(config);
        let n = usize::from(config.size);
        let rows: Vec<&str> = diagram
            .split(|c: char| c == '/' || c.is_whitespace())
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() != n {
            return Err(SetupError(format!("expected {n} ranks, got {}", rows.len())));
        }
        for (i, row) in rows.iter().enumerate() {
            let rank = n - 1 - i;
            if row.chars().count() != n {
                return Err(SetupError(format!(
                    "rank {} should have {n} cells: '{row}'",
                    rank + 1
                )));
            }
            for (f, ch) in row.chars().enumerate() {
                let c = (rank * n + f) as u8;
                match ch {
                    'X' | 'x' => g.stones[0] |= bit(c),
                    'O' | 'o' => g.stones[1] |= bit(c),
                    '.' | '+' => {}
                    _ => {
                        return Err(SetupError(format!("unknown cell glyph '{ch}' (use X, O, .)")))
                    }
                }
            }
        }
        for p in 0..2 {
            let k = count(g.stones[p]);
            if k < 2 || k > u32::from(config.stones_each()) {
                return Err(SetupError(format!(
                    "each player needs 2 to {} stones; {} has {k}",
                    config.stones_each(),
                    g.player_name(Player(p as u8))
                )));
            }
        }
        g.in_hand = [0, 0];
        g.moving = true;
        g.to_move = to_move;
        g.key = g.key_from_scratch();
        g.start_history();
        Ok(g)
    }

    /// The rules this position is played under.
    pub fn config(&self) -> SeegaConfig {
        self.config
    }

    /// Whether phase 2 (moving) has begun.
    pub fn is_moving_phase(&self) -> bool {
        self.moving
    }

    /// Who has a stone on `c`, if anyone.
    pub fn owner(&self, c: Cell) -> Option<Player> {
        (0..2u8).find(|&p| self.stones[usize::from(p)] >> c.0 & 1 != 0).map(Player)
    }

    /// The cell named `name` on this board, if there is one.
    pub fn cell(&self, name: &str) -> Option<Cell> {
        self.t().geo.parse_cell(name)
    }

    /// Stones on the board of player `p`.
    pub fn stones_on_board(&self, p: Player) -> u32 {
        count(self.stones[p.index()])
    }

    /// Turns since the last capture in phase 2.
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    #[inline]
    fn t(&self) -> &'static Tables {
        self.tables.0
    }

    fn key_from_scratch(&self) -> u64 {
        let t = self.t();
        let mut k = 0;
        for p in 0..2 {
            for c in cells_of(self.stones[p]) {
                k ^= t.z_stone[p][usize::from(c)];
            }
        }
        if self.to_move == SECOND {
            k ^= zobrist(Z_SIDE, 0);
        }
        if self.moving {
            k ^= zobrist(Z_PHASE, 0);
        }
        k
    }

    /// How often `key` is in the history (phase 2).
    fn seen(&self, key: u64) -> usize {
        if self.history_bloom >> (key >> 58) & 1 == 0 {
            return 0;
        }
        self.history.iter().filter(|&&k| k == key).count()
    }

    /// Whether a phase-2 turn ending in a position with key `key`, without capture, ends the
    /// game by the quiet rule or the third repetition.
    fn quiet_turn_ends(&self, key: u64) -> bool {
        self.quiet + 1 >= self.config.quiet || self.seen(key) >= 2
    }

    /// The result by stone count (quiet rule, repetition).
    fn by_count(&self) -> Outcome {
        let (a, b) = (count(self.stones[0]), count(self.stones[1]));
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::win(2, FIRST),
            std::cmp::Ordering::Less => Outcome::win(2, SECOND),
            std::cmp::Ordering::Equal => Outcome::draw(),
        }
    }

    // --- Phase 1 -----------------------------------------------------------------------------

    /// Empty cells where stones may be placed, in notation order.
    fn placeable(&self, out: &mut [u8; 81]) -> usize {
        let t = self.t();
        let free = t.all & !(self.stones[0] | self.stones[1]) & !bit(t.centre);
        let words = [free as u64, (free >> 64) as u64];
        let mut n = 0;
        for &c in &t.notation_order[..t.geo.len()] {
            out[n] = c;
            n += (words[usize::from(c >> 6)] >> (c & 63)) as usize & 1;
        }
        n
    }

    fn gen_placing(&self, moves: &mut Vec<SeegaMove>) {
        let mut free = [0u8; 81];
        let n = self.placeable(&mut free);
        let free = &free[..n];
        if self.config.place == 1 {
            moves.extend(free.iter().map(|&c| SeegaMove::place_one(c)));
        } else {
            for (i, &a) in free.iter().enumerate() {
                moves.extend(free[i + 1..].iter().map(|&b| SeegaMove::place_two(a, b)));
            }
        }
    }

    // --- Phase 2 -----------------------------------------------------------------------------

    /// Every turn of the player to move, without the blocking filter applied; returns how
    /// many of them are excluded by the blocking rule (rules: *Blocked players*) if any turn
    /// is not.
    #[inline(always)]
    fn gen_moving<B: Bb, const DIAG: bool>(&self, moves: &mut Vec<SeegaMove>) -> usize {
        let t = self.t();
        debug_assert!(B::N == i16::from(t.size) && DIAG == t.diagonal, "width per board");
        let p = self.to_move.index();
        let (me, opp) = (B::of(self.stones[p]), B::of(self.stones[1 - p]));
        let empty = B::of(t.all) & !(me | opp);
        // Empty cells the opponent can step to now. After a quiet step s-e the opponent can
        // move iff it touches s or one of these other than e; with two or more of them,
        // no quiet step blocks.
        let opp_touches = t.dilate::<B, DIAG>(opp);
        let opp_reach = opp_touches & empty;
        let g = StepGen {
            me,
            opp,
            empty,
            opp_touches,
            opp_reach,
            check_quiet: opp_reach.pop_lowest() == B::ZERO,
            landings: t.capture_landings::<B, DIAG>(me, opp),
        };
        // Step by direction: the targets of all stones at once, the start cell by subtraction.
        let mut bad = 0;
        for d in 0..dir_count::<DIAG>() {
            let delta = delta::<B>(d);
            // One loop for quiet and capturing steps: loop exits are mispredicted, the rare
            // capture test is not.
            for e in cells(t.shift(g.me, d, 1) & g.empty) {
                let s = (i16::from(e) - delta) as u8;
                let path = Path::single(s, d as u8);
                if !has(g.landings, e) {
                    moves.push(SeegaMove::step(path));
                    if g.check_quiet
                        && !has(g.opp_touches, s)
                        && g.opp_reach & !b::<B>(e) == B::ZERO
                        && !self.quiet_turn_ends(self.key_after_quiet_step(s, e))
                    {
                        bad += 1;
                    }
                } else {
                    let me1 = g.me ^ b::<B>(s) ^ b::<B>(e);
                    let caps = t.captures(e, me1, g.opp);
                    bad += self.series::<B, DIAG>(moves, path, e, me1, g.opp ^ caps);
                }
            }
        }
        bad
    }

    /// Records a turn that ends with a capture at `at` (stones `me`, `opp` after it) and every
    /// continuation of its series; returns how many of them block the opponent.
    ///
    /// Decision: each step's captures are gone before the next step, which must capture at
    /// least one stone; stepping back onto the start cell can capture (the stone never
    /// arrived there before).
    fn series<B: Bb, const DIAG: bool>(
        &self,
        moves: &mut Vec<SeegaMove>,
        path: Path,
        at: u8,
        me: B,
        opp: B,
    ) -> usize {
        let t = self.t();
        moves.push(SeegaMove::step(path));
        // Decision: a turn that ends the game counts as one that does not block.
        if opp.pop_lowest() == B::ZERO {
            return 0; // The series ends at once; the game is won.
        }
        let empty = B::of(t.all) & !(me | opp);
        let opp_touches = t.dilate::<B, DIAG>(opp);
        let mut bad = usize::from(opp_touches & empty == B::ZERO);
        // Continuations must capture, so they land next to an enemy stone.
        for u in cells(B::of(t.neigh[usize::from(at)]) & empty & opp_touches) {
            let me1 = me ^ b::<B>(at) ^ b::<B>(u);
            let caps = t.captures(u, me1, opp);
            if caps != B::ZERO {
                bad += self.series::<B, DIAG>(moves, path.push(t.dir(at, u)), u, me1, opp ^ caps);
            }
        }
        bad
    }

    fn key_after_quiet_step(&self, s: u8, e: u8) -> u64 {
        let z = &self.t().z_stone[self.to_move.index()];
        self.key ^ z[usize::from(s)] ^ z[usize::from(e)] ^ zobrist(Z_SIDE, 0)
    }

    /// The stones after playing `path` for the player to move, whether it captured, and the
    /// key of the resulting board and side.
    fn after_path(&self, path: Path) -> ([Board; 2], bool, u64) {
        match self.config.size {
            5 => self.after_path_in::<u32>(path),
            7 => self.after_path_in::<u64>(path),
            _ => self.after_path_in::<u128>(path),
        }
    }

    #[inline(always)]
    fn after_path_in<B: Bb>(&self, path: Path) -> ([Board; 2], bool, u64) {
        let t = self.t();
        let p = self.to_move.index();
        let (mut me, mut opp) = (B::of(self.stones[p]), B::of(self.stones[1 - p]));
        let mut key = self.key ^ zobrist(Z_SIDE, 0);
        let mut captured = false;
        let mut at = path.from() as u8;
        let z = &t.z_stone;
        let dirs = path.0 >> 7;
        for i in (0..path.steps()).rev() {
            let to = (i16::from(at) + delta::<B>(usize::from((dirs >> (3 * i)) as u8 & 7))) as u8;
            me = me ^ b::<B>(at) ^ b::<B>(to);
            key ^= z[p][usize::from(at)] ^ z[p][usize::from(to)];
            let caps = t.captures(to, me, opp);
            if caps != B::ZERO {
                for c in cells(caps) {
                    key ^= z[1 - p][usize::from(c)];
                }
                opp = opp ^ caps;
                captured = true;
            }
            at = to;
        }
        let mut stones = [0; 2];
        stones[p] = me.wide();
        stones[1 - p] = opp.wide();
        (stones, captured, key)
    }

    /// Whether a turn passes the blocking rule on its own: it leaves the opponent a step, or
    /// it ends the game.
    fn turn_ok(&self, path: Path) -> bool {
        let t = self.t();
        let p = self.to_move.index();
        let (stones, captured, key) = self.after_path(path);
        let opp = stones[1 - p];
        let empty = t.all & !(stones[0] | stones[1]);
        // Table-driven (any board size), as this runs only when the blocking rule bites.
        cells_of(empty).any(|e| t.neigh[usize::from(e)] & opp != 0)
            || count(opp) <= 1
            || (!captured && self.quiet_turn_ends(key))
    }

    fn finish_phase_two_turn(&mut self, captured: bool) {
        self.to_move = Player(1 - self.to_move.0);
        if captured {
            self.quiet = 0;
            let loser = self.to_move.index();
            if at_most_one(self.stones[loser]) {
                self.outcome = Some(Outcome::win(2, Player(1 - loser as u8)));
            }
            self.start_history();
        } else {
            self.quiet += 1;
            // Decision: the turn that makes a position occur the third time ends the game.
            let repeated = self.seen(self.key) >= 2;
            if repeated || self.quiet >= self.config.quiet {
                self.outcome = Some(self.by_count());
            }
            self.history.push(self.key);
            self.history_mix = self.history_mix.wrapping_add(mix_history(self.key));
            self.history_bloom |= 1 << (self.key >> 58);
        }
    }

    /// The history holds just the current position: at the start of phase 2 and after a
    /// capture (earlier positions had more stones and cannot recur).
    fn start_history(&mut self) {
        self.history.clear();
        self.history.push(self.key);
        self.history_mix = mix_history(self.key);
        self.history_bloom = 1 << (self.key >> 58);
    }

    fn cell_text(&self, c: u8) -> String {
        self.t().name(c)
    }

    fn parse_cell(&self, text: &str, whole: &str) -> Result<u8, MoveError> {
        let t = self.t();
        t.geo.parse_cell(text).map(|c| c.0 as u8).ok_or_else(|| {
            let last = t.name(t.size * t.size - 1);
            MoveError::unreadable(
                whole,
                format!("'{text}' is not a cell of this {0}×{0} board (a1 to {last})", t.size),
            )
        })
    }

    fn parse_placing(&self, text: &str, cells: &[&str]) -> Result<SeegaMove, MoveError> {
        let t = self.t();
        let want = usize::from(self.config.place);
        let example = if want == 1 { "one cell like a1" } else { "two cells like a1,b2" };
        if !cells.iter().all(|c| !c.is_empty()) {
            return Err(MoveError::unreadable(text, format!("a placing is {example}")));
        }
        if cells.len() != want {
            return Err(MoveError::illegal(
                text,
                format!("this game places {want} stone(s) a turn: write {example}"),
            ));
        }
        let mut cs = [0u8; 2];
        for (i, c) in cells.iter().enumerate() {
            let c = self.parse_cell(c, text)?;
            if c == t.centre {
                return Err(MoveError::illegal(text, "no stone may be placed on the centre"));
            }
            if (self.stones[0] | self.stones[1]) >> c & 1 != 0 {
                return Err(MoveError::illegal(
                    text,
                    format!("{} is already occupied", self.cell_text(c)),
                ));
            }
            cs[i] = c;
        }
        if want == 1 {
            return Ok(SeegaMove::place_one(cs[0]));
        }
        if cs[0] == cs[1] {
            return Err(MoveError::illegal(text, "the two stones go on two different cells"));
        }
        if t.order(cs[0]) > t.order(cs[1]) {
            cs.swap(0, 1);
        }
        Ok(SeegaMove::place_two(cs[0], cs[1]))
    }

    fn parse_step(&self, text: &str, cells: &[&str]) -> Result<SeegaMove, MoveError> {
        let t = self.t();
        if cells.len() < 2 || cells.iter().any(|c| c.is_empty()) {
            return Err(MoveError::unreadable(
                text,
                "a move is the cells the stone visits joined by '-', like c2-c3 or c2-c3-d4",
            ));
        }
        let mut cs = Vec::with_capacity(cells.len());
        for c in cells {
            cs.push(self.parse_cell(c, text)?);
        }
        if cs.len() > MAX_STEPS + 1 {
            return Err(MoveError::illegal(text, "no capture series is that long"));
        }
        let p = self.to_move.index();
        if self.stones[p] >> cs[0] & 1 == 0 {
            return Err(MoveError::illegal(
                text,
                format!("{} holds no stone of the player to move", self.cell_text(cs[0])),
            ));
        }
        let mut path = Path::new(cs[0]);
        for w in cs.windows(2) {
            if t.neigh[usize::from(w[0])] >> w[1] & 1 == 0 {
                let how = if t.diagonal { "" } else { " orthogonally" };
                return Err(MoveError::illegal(
                    text,
                    format!(
                        "{} is not next to {}{how}; a stone steps to a neighbouring cell",
                        self.cell_text(w[1]),
                        self.cell_text(w[0])
                    ),
                ));
            }
            path = path.push(t.dir(w[0], w[1]));
        }
        let mv = SeegaMove::step(path);
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            return Ok(mv);
        }
        // Say why: replay the steps to find the first that cannot be made.
        let (mut me, mut opp) = (self.stones[p], self.stones[1 - p]);
        for (i, w) in cs.windows(2).enumerate() {
            if (me | opp) >> w[1] & 1 != 0 {
                return Err(MoveError::illegal(
                    text,
                    format!("{} is not empty", self.cell_text(w[1])),
                ));
            }
            if i > 0 && count(opp) <= 1 {
                return Err(MoveError::illegal(
                    text,
                    "the series ends once the opponent is down to one stone",
                ));
            }
            me ^= bit(w[0]) | bit(w[1]);
            let caps = t.captures(w[1], me, opp);
            opp ^= caps;
            if caps == 0 && cs.len() > 2 {
                return Err(MoveError::illegal(
                    text,
                    format!(
                        "in a capture series every step must capture; the step to {} \
                         captures nothing",
                        self.cell_text(w[1])
                    ),
                ));
            }
        }
        Err(MoveError::illegal(
            text,
            "it would leave the opponent without a move while another turn would not (rule: blocked players)",
        ))
    }
}

impl Game for Seega {
    type Move = SeegaMove;

    fn id(&self) -> &'static str {
        "seega"
    }

    fn player_count(&self) -> usize {
        2
    }

    fn player_name(&self, p: Player) -> &'static str {
        if p == FIRST {
            "first"
        } else {
            "second"
        }
    }

    fn to_move(&self) -> ToMove {
        if self.outcome.is_some() {
            ToMove::Over
        } else {
            ToMove::Player(self.to_move)
        }
    }

    fn legal_moves(&self, moves: &mut Vec<SeegaMove>) {
        moves.clear();
        if self.outcome.is_some() {
            return;
        }
        if !self.moving {
            // Decision: the blocking rule is a phase-2 rule; placing is never restricted.
            self.gen_placing(moves);
            return;
        }
        // Blocking rule. Decision: a turn that ends the game is kept and also counts as one
        // that does not block; blocking turns are allowed only when every turn blocks.
        let bad = match (self.config.size, self.config.diagonal) {
            (5, true) => self.gen_moving::<u32, true>(moves),
            (5, false) => self.gen_moving::<u32, false>(moves),
            (7, true) => self.gen_moving::<u64, true>(moves),
            (7, false) => self.gen_moving::<u64, false>(moves),
            (_, true) => self.gen_moving::<u128, true>(moves),
            (_, false) => self.gen_moving::<u128, false>(moves),
        };
        if bad > 0 && bad < moves.len() {
            moves.retain(|m| match m.turn() {
                Turn::Step(path) => self.turn_ok(path),
                _ => true,
            });
        }
        if moves.is_empty() {
            moves.push(SeegaMove::PASS);
        }
    }

    /// Placing turns are drawn directly (two distinct free cells, uniformly), since listing
    /// all 276 pairs a turn cost more than the rest of a random game; phase 2 lists.
    fn random_move<R: tabla_core::rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
        buf: &mut Vec<SeegaMove>,
    ) -> SeegaMove {
        if !self.moving && self.outcome.is_none() {
            let mut free = [0u8; 81];
            let n = self.placeable(&mut free);
            if self.config.place == 1 {
                return SeegaMove::place_one(free[rng.random_range(0..n)]);
            }
            if n >= 2 {
                let a = rng.random_range(0..n);
                let mut b = rng.random_range(0..n - 1);
                if b >= a {
                    b += 1;
                }
                return SeegaMove::place_two(free[a.min(b)], free[a.max(b)]);
            }
        }
        self.legal_moves(buf);
        buf[rng.random_range(0..buf.len())]
    }

    fn count_legal_moves(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        if !self.moving {
            let mut free = [0u8; 81];
            let n = self.placeable(&mut free) as u64;
            return if self.config.place == 1 { n } else { n * n.saturating_sub(1) / 2 };
        }
        thread_local! {
            static BUF: RefCell<Vec<SeegaMove>> = const { RefCell::new(Vec::new()) };
        }
        BUF.with(|b| {
            let mut b = b.borrow_mut();
            self.legal_moves(&mut b);
            b.len() as u64
        })
    }

    fn play(&mut self, mv: SeegaMove) {
        let t = self.t();
        let p = self.to_move.index();
        match mv.turn() {
            Turn::PlaceOne(a) => {
                self.stones[p] |= 1 << a.0;
                self.key ^= t.z_stone[p][a.index()];
                self.in_hand[p] -= 1;
            }
            Turn::PlaceTwo(a, b) => {
                self.stones[p] |= 1 << a.0 | 1 << b.0;
                self.key ^= t.z_stone[p][a.index()] ^ t.z_stone[p][b.index()];
                self.in_hand[p] -= 2;
            }
            Turn::Step(path) => {
                let (stones, captured, key) = self.after_path(path);
                self.stones = stones;
                self.key = key;
                // `key` already has the side flipped; finish flips `to_move` to match.
                self.finish_phase_two_turn(captured);
                return;
            }
            Turn::Pass => {
                self.key ^= zobrist(Z_SIDE, 0);
                self.finish_phase_two_turn(false);
                return;
            }
        }
        // Phase 1: the other player places next, until every stone is down.
        self.to_move = Player(1 - self.to_move.0);
        self.key ^= zobrist(Z_SIDE, 0);
        if self.in_hand == [0, 0] {
            self.moving = true;
            self.key ^= zobrist(Z_PHASE, 0);
            let starter = match self.config.start {
                Start::Egyptian => SECOND,
                Start::Sudanese => FIRST,
            };
            if self.to_move != starter {
                self.to_move = starter;
                self.key ^= zobrist(Z_SIDE, 0);
            }
            self.start_history();
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn hash(&self) -> u64 {
        self.key ^ zobrist(Z_QUIET, self.quiet) ^ self.history_mix
    }

    fn hash_from_scratch(&self) -> u64 {
        let mix = self.history.iter().fold(0u64, |a, &k| a.wrapping_add(mix_history(k)));
        self.key_from_scratch() ^ zobrist(Z_QUIET, self.quiet) ^ mix
    }

    fn format_move(&self, mv: SeegaMove) -> String {
        let t = self.t();
        match mv.turn() {
            Turn::PlaceOne(a) => t.geo.name(a),
            Turn::PlaceTwo(a, b) => format!("{},{}", t.geo.name(a), t.geo.name(b)),
            Turn::Step(path) => {
                let mut s = t.geo.name(path.start());
                let mut at = path.from() as u8;
                for i in 0..path.steps() {
                    at = t.step(at, path.dir(i));
                    s.push('-');
                    s.push_str(&t.name(at));
                }
                s
            }
            Turn::Pass => "pass".to_string(),
        }
    }

    /// Accepts the canonical notation, upper case, placing cells in any order and spaces
    /// around the separators (Decision: lenient reading, canonical printing).
    fn parse_move(&self, text: &str) -> Result<SeegaMove, MoveError> {
        let clean: String =
            text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        if clean.is_empty() {
            return Err(MoveError::unreadable(text, "empty move"));
        }
        if self.outcome.is_some() {
            return Err(MoveError::illegal(text, "the game is over"));
        }
        if clean == "pass" {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            return if moves == [SeegaMove::PASS] {
                Ok(SeegaMove::PASS)
            } else {
                Err(MoveError::illegal(text, "a player may pass only when no stone can move"))
            };
        }
        if clean.contains('-') {
            if !self.moving {
                return Err(MoveError::illegal(
                    text,
                    "stones are still being placed: write the cells to place on, like a1,b2",
                ));
            }
            let cells: Vec<&str> = clean.split('-').collect();
            return self.parse_step(text, &cells);
        }
        let cells: Vec<&str> = clean.split(',').collect();
        if self.moving {
            if cells.iter().all(|c| self.t().geo.parse_cell(c).is_some()) {
                return Err(MoveError::illegal(
                    text,
                    "every stone is placed: move one like c2-c3 (or pass when stuck)",
                ));
            }
            return Err(MoveError::unreadable(
                text,
                "expected a move like c2-c3, a series like c2-c3-d4, or pass",
            ));
        }
        self.parse_placing(text, &cells)
    }

    fn render_text(&self) -> String {
        let t = self.t();
        let n = t.size;
        let mut s = String::new();
        let files: String = (0..n).map(|f| format!(" {}", (b'a' + f) as char)).collect();
        let _ = writeln!(s, "   {files}");
        for r in (0..n).rev() {
            let _ = write!(s, "{:>2} ", r + 1);
            for f in 0..n {
                let c = r * n + f;
                let glyph = if self.stones[0] >> c & 1 != 0 {
                    'X'
                } else if self.stones[1] >> c & 1 != 0 {
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
        let (x, o) = (count(self.stones[0]), count(self.stones[1]));
        let phase = if self.moving {
            format!("moving; {} turn(s) without capture of {}", self.quiet, self.config.quiet)
        } else {
            format!(
                "placing {} a turn; in hand X {}, O {}",
                self.config.place, self.in_hand[0], self.in_hand[1]
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
        let t = self.t();
        let cells: Vec<serde_json::Value> = t
            .geo
            .cells()
            .map(|c| {
                let (f, r) = t.geo.coords(c);
                serde_json::json!({
                    "name": t.geo.name(c), "file": f, "rank": r,
                    "marked": c.0 == u16::from(t.centre),
                })
            })
            .collect();
        let mut pieces = Vec::new();
        for p in 0..2u8 {
            for c in cells_of(self.stones[usize::from(p)]) {
                pieces.push(serde_json::json!({
                    "cell": t.name(c), "owner": self.player_name(Player(p)), "kind": "stone",
                }));
            }
        }
        let to_move = self.outcome.is_none().then(|| self.player_name(self.to_move));
        serde_json::json!({
            "game": "seega",
            "board": {"shape": "square", "files": t.size, "ranks": t.size},
            "cells": cells,
            "pieces": pieces,
            "to_move": to_move,
            "phase": if self.moving { "moving" } else { "placing" },
            "in_hand": {"first": self.in_hand[0], "second": self.in_hand[1]},
            "on_board": {"first": count(self.stones[0]), "second": count(self.stones[1])},
            "quiet": self.quiet,
            "quiet_limit": self.config.quiet,
            "diagonal": t.diagonal,
        })
    }
}

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

/// The registry entry.
/// Option sets the conformance checks play random games under (space-separated `-o` words).
pub const SAMPLES: &[&str] = &["", "size=7", "diagonal=off"];

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
