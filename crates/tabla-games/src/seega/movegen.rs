//! The moves and their generation: the packed move ([`SeegaMove`], [`Path`], [`Turn`]), the
//! bitboard kernels, and legal move listing, counting and sampling.
//!
//! Move generation narrows the stored `u128` boards to the smallest integer that holds the
//! board (`u32` on 5×5), steps whole boards one direction at a time with constant shifts,
//! finds capturing landings by bitboard too, and never allocates beyond the caller's buffer.

use super::config::{other, BySeat};
use super::position::{bit, cells_of, count, Board, QuietTurn, Seega, Tables, Z_SIDE};
use std::cell::RefCell;
use tabla_core::geometry::SQUARE_DIRS;
use tabla_core::{zobrist, Cell};

/// for 5×5, `u64` for 7×7, `u128` for 9×9), since `u128` shifts and bit scans cost several
/// instructions each. Positions store `u128`; masks are narrowed on use (a free truncation).
/// Each width serves exactly one board size ([`Bb::N`]), so shifts by whole steps are
/// constants; the shifting functions must only see boards of that size.
pub(super) trait Bb:
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
    /// The number of cells.
    fn count(self) -> u32;
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
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
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
// Bitboard kernels

impl Tables {
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
    pub(super) fn captures<B: Bb>(&self, to: u8, mine: B, theirs: B) -> B {
        let mut caps = B::ZERO;
        for n in cells(theirs & B::of(self.capturable[usize::from(to)])) {
            if has(mine, 2 * n - to) {
                caps |= b::<B>(n);
            }
        }
        caps
    }
}

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
    pub(super) fn new(from: u8) -> Path {
        Path(u128::from(from) | 1 << 7)
    }
    /// One step from `from` in direction `dir` (the common case, without the general shifts).
    #[inline]
    pub(super) fn single(from: u8, dir: u8) -> Path {
        Path(u128::from(from) | u128::from(8 | dir) << 7)
    }
    #[inline]
    pub(super) fn push(self, dir: u8) -> Path {
        Path(((self.0 >> 7) << 3 | u128::from(dir)) << 7 | (self.0 & 0x7f))
    }
    /// Number of steps (at least 1 in a legal move).
    #[inline]
    pub fn steps(self) -> usize {
        ((127 - (self.0 >> 7).leading_zeros()) / 3) as usize
    }
    /// The direction of step `i` (0-based).
    #[inline]
    pub(super) fn dir(self, i: usize) -> u8 {
        ((self.0 >> 7) >> (3 * (self.steps() - 1 - i))) as u8 & 7
    }
    /// The cell the stone starts from.
    #[inline]
    pub fn start(self) -> Cell {
        Cell(self.from())
    }
    #[inline]
    pub(super) fn from(self) -> u16 {
        (self.0 & 0x7f) as u16
    }
    /// Every cell the stone visits, the start first.
    pub(super) fn cells(self, t: &Tables) -> impl Iterator<Item = u8> + '_ {
        let mut at = self.from() as u8;
        std::iter::once(at).chain((0..self.steps()).map(move |i| {
            at = t.step(at, self.dir(i));
            at
        }))
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
    pub(super) fn place_one(a: u8) -> SeegaMove {
        SeegaMove(u128::from(1 | u32::from(a) << 2))
    }
    #[inline]
    pub(super) fn place_two(a: u8, b: u8) -> SeegaMove {
        SeegaMove(u128::from(2 | (u32::from(a) | u32::from(b) << 8) << 2))
    }
    #[inline]
    pub(super) fn step(p: Path) -> SeegaMove {
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

impl Seega {
    // --- Phase 1 -----------------------------------------------------------------------------

    /// Empty cells where stones may be placed, in notation order.
    pub(super) fn placeable(&self, out: &mut [u8; 81]) -> usize {
        let t = self.t();
        let free = t.all & !(self.stones.0[0] | self.stones.0[1]) & !bit(t.centre);
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
        let p = self.to_move;
        let (me, opp) = (B::of(self.stones[p]), B::of(self.stones[other(p)]));
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
                        && !self
                            .quiet_turn_ends(QuietTurn::step(s, e), self.key_after_quiet_step(s, e))
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
        let z = &self.t().z_stone[self.to_move];
        self.key ^ z[usize::from(s)] ^ z[usize::from(e)] ^ zobrist(Z_SIDE, 0)
    }

    /// The stones after playing `path` for the player to move, whether it captured, and the
    /// key of the resulting board and side.
    pub(super) fn after_path(&self, path: Path) -> (BySeat<Board>, bool, u64) {
        match self.config.size {
            5 => self.after_path_in::<u32>(path),
            7 => self.after_path_in::<u64>(path),
            _ => self.after_path_in::<u128>(path),
        }
    }

    #[inline(always)]
    fn after_path_in<B: Bb>(&self, path: Path) -> (BySeat<Board>, bool, u64) {
        let t = self.t();
        let p = self.to_move;
        let (mut me, mut opp) = (B::of(self.stones[p]), B::of(self.stones[other(p)]));
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
                    key ^= z[other(p)][usize::from(c)];
                }
                opp = opp ^ caps;
                captured = true;
            }
            at = to;
        }
        let mut stones = BySeat([0; 2]);
        stones[p] = me.wide();
        stones[other(p)] = opp.wide();
        (stones, captured, key)
    }

    /// Whether a turn passes the blocking rule on its own: it leaves the opponent a step, or
    /// it ends the game.
    fn turn_ok(&self, path: Path) -> bool {
        let t = self.t();
        let p = self.to_move;
        let (stones, captured, key) = self.after_path(path);
        let opp = stones[other(p)];
        let empty = t.all & !(stones.0[0] | stones.0[1]);
        // A turn without capture is a single step.
        let quiet = QuietTurn::step(path.from() as u8, t.step(path.from() as u8, path.dir(0)));
        // Table-driven (any board size), as this runs only when the blocking rule bites.
        cells_of(empty).any(|e| t.neigh[usize::from(e)] & opp != 0)
            || count(opp) <= 1
            || (!captured && self.quiet_turn_ends(quiet, key))
    }

    /// Every legal turn (rules: *Phase 1*, *Phase 2*, *Blocked players*).
    pub(super) fn gen_legal(&self, moves: &mut Vec<SeegaMove>) {
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

    /// A legal turn drawn uniformly; placing turns without listing them.
    pub(super) fn sample<R: tabla_core::rand::Rng + ?Sized>(
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
        if self.moving && self.outcome.is_none() {
            let quiet = match (self.config.size, self.config.diagonal) {
                (5, true) => self.sample_quiet::<u32, true, R>(rng),
                (5, false) => self.sample_quiet::<u32, false, R>(rng),
                (7, true) => self.sample_quiet::<u64, true, R>(rng),
                (7, false) => self.sample_quiet::<u64, false, R>(rng),
                (_, true) => self.sample_quiet::<u128, true, R>(rng),
                (_, false) => self.sample_quiet::<u128, false, R>(rng),
            };
            if let Some(m) = quiet {
                return m;
            }
        }
        self.gen_legal(buf);
        buf[rng.random_range(0..buf.len())]
    }

    /// Phase 2 without listing, in the common case where no step can capture and no quiet
    /// step can block the opponent (it can go to two cells or more): then the legal turns are
    /// exactly the quiet single steps, and one is drawn uniformly by counting each
    /// direction's targets. `None` when the case does not hold (the caller lists the turns).
    #[inline(always)]
    fn sample_quiet<B: Bb, const DIAG: bool, R: tabla_core::rand::Rng + ?Sized>(
        &self,
        rng: &mut R,
    ) -> Option<SeegaMove> {
        let t = self.t();
        let p = self.to_move;
        let (me, opp) = (B::of(self.stones[p]), B::of(self.stones[other(p)]));
        let empty = B::of(t.all) & !(me | opp);
        if (t.dilate::<B, DIAG>(opp) & empty).pop_lowest() == B::ZERO {
            return None;
        }
        let landings = t.capture_landings::<B, DIAG>(me, opp);
        let mut targets = [B::ZERO; 8];
        let mut total = 0;
        for (d, x) in targets.iter_mut().enumerate().take(dir_count::<DIAG>()) {
            *x = t.shift(me, d, 1) & empty;
            if *x & landings != B::ZERO {
                return None;
            }
            total += x.count();
        }
        if total == 0 {
            return None;
        }
        // The same draw as picking from the list (which holds these steps in this order).
        let mut r = rng.random_range(0..total as usize) as u32;
        for (d, &x) in targets.iter().enumerate() {
            let n = x.count();
            if r < n {
                let e = cells(x).nth(r as usize).expect("r is below the count");
                let s = (i16::from(e) - delta::<B>(d)) as u8;
                return Some(SeegaMove::step(Path::single(s, d as u8)));
            }
            r -= n;
        }
        unreachable!("r is below the total")
    }

    /// The number of legal turns; placing in closed form.
    pub(super) fn count_legal(&self) -> u64 {
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
            self.gen_legal(&mut b);
            b.len() as u64
        })
    }
}
