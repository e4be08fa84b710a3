//! Legal turns: listing, counting (perft's last ply) and uniform sampling (playouts).
//!
//! Boards of at most 128 cells (nearly every game) use [`Rays128`], every ray as a bitset,
//! and list and count turns from [`Lines`]' occupancy words where the board has them; larger
//! ones walk the geometry's rays cell by cell. All give the same turns in the same order.

use super::config::{Placement, MAX_QUEENS};
use super::position::{Amazons, Move};
use tabla_core::rand::Rng;
use tabla_core::{Cell, Geometry, Player};

/// Every ray of a board of at most 128 cells as a bitset. Cells are numbered so that every
/// ray runs either up or down in cell number. Rising rays are kept as they are; falling rays
/// are kept mirrored (cell `x` as bit `127 - x`, against the occupancy mirrored the same
/// way), so that on every ray the blocker nearest the origin is the lowest set bit and the
/// cells before it are one subtraction away: no leading-zero counts, no variable shifts.
#[derive(Debug, PartialEq)]
pub struct Rays128 {
    /// Rays kept per cell on each side: 3, 4 or 6, at least the most non-empty rising (or
    /// falling) rays any cell has; a cell with fewer has empty rays, which see nothing.
    half: usize,
    /// Per cell (indexed by the cell's low 7 bits, so never out of bounds): the rising rays
    /// at even slots, the falling rays (mirrored) at odd slots.
    rays: Box<[[u128; 2 * MAX_HALF]; 128]>,
    /// Each cell's neighbours (the first cell of each ray).
    adjacent: Box<[u128; 128]>,
}

/// Most rays a cell has on each side (hex boards with corner directions: 12 directions).
const MAX_HALF: usize = 6;

/// `BITS[i]` is `1 << i`: a load, where a variable shift of a `u128` is a few instructions
/// and branches.
static BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// The bit of cell `c` (below 128).
#[inline(always)]
pub fn bit(c: Cell) -> u128 {
    BITS[c.index() & 127]
}

/// The bit of cell `c` (below 128) in the mirrored numbering of [`Rays128`]'s falling rays.
#[inline(always)]
pub fn mirrored(c: Cell) -> u128 {
    BITS[127 - (c.index() & 127)]
}

/// The cells seen from one cell ([`Rays128::seen`]): the rising rays' cells as bits, and the
/// falling rays' cells mirrored. Counted and indexed without turning the mirror back.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    rising: u128,
    falling: u128,
}

impl Seen {
    /// How many cells are seen.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.rising.count_ones() + self.falling.count_ones()
    }

    /// Whether none is.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.rising | self.falling == 0
    }

    /// The `n`-th seen cell (0-based; rising rays' cells first, then the falling rays').
    ///
    /// # Panics
    /// May panic or give any cell when `n` is not below [`Seen::count`].
    #[inline(always)]
    pub fn nth(self, n: u32) -> Cell {
        let up = self.rising.count_ones();
        if n < up {
            nth_bit(self.rising, n)
        } else {
            Cell(127 - nth_bit(self.falling, n - up).0)
        }
    }

    /// The seen cells as bits in cell numbering.
    #[inline]
    pub fn bits(self) -> u128 {
        self.rising | self.falling.reverse_bits()
    }

    /// Calls `f` for every seen cell (in [`Seen::nth`] order).
    #[inline]
    pub fn for_each(self, mut f: impl FnMut(Cell)) {
        let mut b = self.rising;
        while b != 0 {
            f(Cell(b.trailing_zeros() as u16));
            b &= b - 1;
        }
        let mut b = self.falling;
        while b != 0 {
            f(Cell(127 - b.trailing_zeros() as u16));
            b &= b - 1;
        }
    }
}

/// The cells of `ray` before its first occupied cell, and that cell as a bit (0 if none),
/// on a ray that runs up in bit number from its origin.
#[inline(always)]
fn before(ray: u128, occupied: u128) -> (u128, u128) {
    let blockers = ray & occupied;
    let first = blockers & blockers.wrapping_neg();
    (ray & first.wrapping_sub(1), first)
}

impl Rays128 {
    pub(super) fn new(geo: &Geometry) -> Option<Rays128> {
        if geo.len() > 128 {
            return None;
        }
        let dirs = geo.dir_count();
        let mut rays = Box::new([[0u128; 2 * MAX_HALF]; 128]);
        let mut adjacent = Box::new([0u128; 128]);
        let mut half = 0;
        for c in geo.cells() {
            let (mut rising, mut falling) = (0, 0);
            for d in 0..dirs {
                let ray = geo.ray(c, d);
                let Some(first) = ray.first() else { continue };
                adjacent[c.index()] |= bit(*first);
                let up = first.0 > c.0;
                debug_assert!(ray.windows(2).all(|w| (w[1].0 > w[0].0) == up));
                let (k, bits) = if up {
                    rising += 1;
                    (2 * rising - 2, ray.iter().fold(0u128, |m, &x| m | bit(x)))
                } else {
                    falling += 1;
                    (2 * falling - 1, ray.iter().fold(0u128, |m, &x| m | mirrored(x)))
                };
                if k >= 2 * MAX_HALF {
                    return None;
                }
                rays[c.index()][k] = bits;
            }
            half = half.max(rising).max(falling);
        }
        let half = match half {
            0..=3 => 3,
            4 => 4,
            _ => 6,
        };
        Some(Rays128 { half, rays, adjacent })
    }

    /// Rays kept per cell on each side (3, 4 or 6; see [`Rays128::seen_n`]).
    #[inline(always)]
    pub fn half(&self) -> usize {
        self.half
    }

    /// The cells seen from `c` along every ray up to (not including) the first occupied
    /// cell. `occupied` is the occupancy as bits, `mirror` the same mirrored.
    #[inline(always)]
    pub fn seen(&self, c: Cell, occupied: u128, mirror: u128) -> Seen {
        match self.half {
            4 => self.seen_n::<4, false>(c, occupied, mirror, 0, 0),
            3 => self.seen_n::<3, false>(c, occupied, mirror, 0, 0),
            _ => self.seen_n::<6, false>(c, occupied, mirror, 0, 0),
        }
    }

    /// [`Rays128::seen`], and also each ray's first occupied cell when it is in `landable`
    /// (`mirrored_landable` the same cells mirrored): where a killer queen may capture.
    #[inline(always)]
    pub fn seen_landing(
        &self,
        c: Cell,
        occupied: u128,
        mirror: u128,
        landable: u128,
        mirrored_landable: u128,
    ) -> Seen {
        let (l, ml) = (landable, mirrored_landable);
        match self.half {
            4 => self.seen_n::<4, true>(c, occupied, mirror, l, ml),
            3 => self.seen_n::<3, true>(c, occupied, mirror, l, ml),
            _ => self.seen_n::<6, true>(c, occupied, mirror, l, ml),
        }
    }

    /// [`Rays128::seen`] (`LAND`: [`Rays128::seen_landing`]) with `N` rays a side, unrolled;
    /// `N` must be [`Rays128::half`].
    #[inline(always)]
    pub fn seen_n<const N: usize, const LAND: bool>(
        &self,
        c: Cell,
        occupied: u128,
        mirror: u128,
        landable: u128,
        mirrored_landable: u128,
    ) -> Seen {
        debug_assert_eq!(N, self.half);
        let rays = &self.rays[c.index() & 127];
        let mut seen = Seen::default();
        for k in 0..N.min(MAX_HALF) {
            let (cells, first) = before(rays[2 * k], occupied);
            seen.rising |= cells;
            if LAND {
                seen.rising |= first & landable;
            }
            let (cells, first) = before(rays[2 * k + 1], mirror);
            seen.falling |= cells;
            if LAND {
                seen.falling |= first & mirrored_landable;
            }
        }
        seen
    }

    /// The cells seen from `c` along every ray up to (not including) the first occupied cell;
    /// each first occupied cell that is also in `landable` is included. As bits in cell
    /// numbering ([`Rays128::seen`] is the faster form).
    pub fn sight(&self, c: Cell, occupied: u128, landable: u128) -> u128 {
        let m = occupied.reverse_bits();
        self.seen_landing(c, occupied, m, landable, landable.reverse_bits()).bits()
    }

    /// The neighbours of `c`.
    #[inline(always)]
    pub fn adjacent(&self, c: Cell) -> u128 {
        self.adjacent[c.index() & 127]
    }
}

/// Most lines a board may have to get [`Lines`] (10×10 has 58, 11×11 has 64).
pub const MAX_LINES: usize = 64;
/// Most axes (a direction and its opposite): hex boards with corner directions have 6.
const MAX_AXES: usize = 6;
/// Longest line [`Lines`] takes: its cells and a wall on each side fit a `u16`.
const MAX_LINE_LEN: usize = 14;

/// Where a cell lies on one of its lines: the line, and the cell's bit in the line's word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LinePos {
    /// `1 << bit`.
    mask: u16,
    line: u8,
    bit: u8,
}

/// A cell as [`Lines`] finds it on a line: the cell and where it lies on each of its lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct LineCell {
    at: [LinePos; MAX_AXES],
    cell: Cell,
}

/// The board's lines: the maximal runs of cells along each axis (a direction and its
/// opposite), each with a word of occupancy bits that the position keeps
/// ([`Amazons::lines`]): bit 0 and the bits past the line's last cell are walls, always set;
/// the line's cells are bits 1 to its length, set when occupied. Along a line the free cells
/// on either side of a cell are then one trailing-zero and one leading-zero count, and the
/// `k`-th of them is a table entry: the stepwise sampler's kernel, for boards of at most 128
/// cells, at most [`MAX_LINES`] lines of at most 14 cells (every board up to 11×11).
#[derive(Debug, PartialEq)]
pub struct Lines {
    axes: usize,
    /// `at[cell][axis]`, indexed by the cell's low 7 bits.
    at: Box<[[LinePos; MAX_AXES]; 128]>,
    /// `cells[line * 16 + bit]`: the cell at that bit of that line, with its own lines, so
    /// that a step that lands on it has them without another lookup.
    cells: Box<[LineCell; MAX_LINES * 16]>,
    /// Every line's word with nothing on the board (walls only); unused lines all walls.
    pub(super) walls: [u16; MAX_LINES],
    /// Per direction of the geometry, in its order, the index of that direction in
    /// [`Free`]'s counts: listing the turns direction by direction in this order gives them
    /// in the order of walking the geometry's rays.
    slot: [u8; 2 * MAX_AXES],
}

impl Lines {
    pub(super) fn new(geo: &Geometry) -> Option<Lines> {
        if geo.len() > 128 {
            return None;
        }
        let dirs = geo.dir_count();
        // Each direction's opposite: the one that steps back from every neighbour.
        let opposite = |d: usize| {
            (0..dirs).find(|&e| {
                e != d
                    && geo
                        .cells()
                        .all(|c| geo.neighbour(c, d).is_none_or(|n| geo.neighbour(n, e) == Some(c)))
                    && geo.cells().any(|c| geo.neighbour(c, d).is_some())
            })
        };
        let mut axes = Vec::new();
        for d in 0..dirs {
            let e = opposite(d)?;
            if d < e {
                axes.push((d, e));
            }
        }
        if axes.len() > MAX_AXES || axes.len() * 2 != dirs {
            return None;
        }
        let mut at = Box::new([[LinePos::default(); MAX_AXES]; 128]);
        let mut cells = Box::new([LineCell::default(); MAX_LINES * 16]);
        let mut on_lines = Vec::new();
        let mut walls = [u16::MAX; MAX_LINES];
        let mut count = 0;
        let mut slot = [0u8; 2 * MAX_AXES];
        for (a, &(forward, back)) in axes.iter().enumerate() {
            slot[forward] = 2 * a as u8;
            slot[back] = 2 * a as u8 + 1;
            for c in geo.cells().filter(|&c| geo.neighbour(c, back).is_none()) {
                let run: Vec<Cell> =
                    std::iter::once(c).chain(geo.ray(c, forward).iter().copied()).collect();
                if count == MAX_LINES || run.len() > MAX_LINE_LEN {
                    return None;
                }
                for (i, &x) in run.iter().enumerate() {
                    let bit = i as u8 + 1;
                    at[x.index()][a] = LinePos { mask: 1 << bit, line: count as u8, bit };
                    on_lines.push((count * 16 + i + 1, x));
                }
                walls[count] = !(((1u32 << run.len()) - 1) << 1) as u16;
                count += 1;
            }
        }
        for (slot, x) in on_lines {
            cells[slot] = LineCell { at: at[x.index()], cell: x };
        }
        Some(Lines { axes: axes.len(), at, cells, walls, slot })
    }

    /// The number of axes (3, 4 or 6).
    #[inline(always)]
    pub fn axes(&self) -> usize {
        self.axes
    }

    #[inline(always)]
    fn at(&self, c: Cell) -> &[LinePos; MAX_AXES] {
        &self.at[c.index() & 127]
    }

    /// Toggles cell `c` in the line words `words` (occupied ⇄ empty).
    #[inline(always)]
    pub(super) fn toggle(&self, words: &mut [u16; MAX_LINES], c: Cell) {
        match self.axes {
            4 => self.toggle_n::<4>(words, c),
            3 => self.toggle_n::<3>(words, c),
            _ => self.toggle_n::<6>(words, c),
        }
    }

    /// Toggles the three cells of a turn at once (`from`, `to` unless it held a queen, and
    /// the stone's cell).
    #[inline(always)]
    pub(super) fn toggle_turn(
        &self,
        words: &mut [u16; MAX_LINES],
        from: Cell,
        to: Option<Cell>,
        stone: Cell,
    ) {
        match self.axes {
            4 => {
                self.toggle_n::<4>(words, from);
                if let Some(to) = to {
                    self.toggle_n::<4>(words, to);
                }
                self.toggle_n::<4>(words, stone);
            }
            _ => {
                self.toggle(words, from);
                if let Some(to) = to {
                    self.toggle(words, to);
                }
                self.toggle(words, stone);
            }
        }
    }

    #[inline(always)]
    fn toggle_n<const A: usize>(&self, words: &mut [u16; MAX_LINES], c: Cell) {
        let at = self.at(c);
        for lp in &at[..A.min(MAX_AXES)] {
            words[usize::from(lp.line) % MAX_LINES] ^= lp.mask;
        }
    }

    /// The free cells on each side of the cell at `at` along each of `A` axes (forward, back,
    /// per axis) in `words`, with the cell at `vacated` (a queen's cell before its move)
    /// counted as free on the lines it shares with `at`; each side's nearest cell's index in
    /// [`Lines::cells`] (so that [`Lines::nth_free`] needs no other lookup); and their total.
    #[inline(always)]
    fn free<const A: usize>(
        &self,
        words: &[u16; MAX_LINES],
        at: &[LinePos; MAX_AXES],
        vacated: Option<&[LinePos; MAX_AXES]>,
    ) -> Free {
        let mut f = Free { counts: [0; 12], starts: [0; 12], total: 0 };
        for a in 0..A.min(MAX_AXES) {
            let lp = at[a];
            let mut w = u32::from(words[usize::from(lp.line) % MAX_LINES]) | 0xffff_0000;
            if let Some(v) = vacated {
                // Two cells share at most one line (ids are unique across axes). Arithmetic,
                // not a branch (it would mispredict): all ones when the ids are equal.
                let same = u32::from(v[a].line ^ lp.line).wrapping_sub(1) >> 16;
                w &= !(u32::from(v[a].mask) & same);
            }
            let b = u32::from(lp.bit);
            let forward = (w >> (b + 1)).trailing_zeros();
            let back = (w << (32 - b)).leading_zeros();
            let base = u32::from(lp.line) * 16 + b;
            f.counts[2 * a] = forward;
            f.counts[2 * a + 1] = back;
            f.starts[2 * a] = base + 1;
            f.starts[2 * a + 1] = base.wrapping_sub(1);
            f.total += forward + back;
        }
        f
    }

    /// The `i`-th (0-based, nearest first) free cell that [`Lines::free`] counted in its
    /// direction `k` (forward directions even, back directions odd).
    #[inline(always)]
    fn along(&self, f: &Free, k: usize, i: u32) -> &LineCell {
        let start = f.starts[k % 12];
        let idx = if k.is_multiple_of(2) { start.wrapping_add(i) } else { start.wrapping_sub(i) };
        &self.cells[idx as usize % (MAX_LINES * 16)]
    }

    /// The `r`-th (0-based) of the free cells that [`Lines::free`] counted.
    #[inline(always)]
    fn nth_free<const A: usize>(&self, f: &Free, r: u32) -> &LineCell {
        // Without branches (the direction is random, so a branch would mispredict): the
        // last direction whose running sum before it is at most `r` gives the cell's index,
        // its start plus (forward) or minus (back) the rest of `r`; as an offset and a sign
        // picked by conditional moves, so only the final index waits for `r`.
        let (mut off, mut neg, mut sum) = (f.starts[0], 0u32, f.counts[0]);
        for d in 1..(2 * A).min(12) {
            let back = d % 2 == 1;
            let cand =
                if back { f.starts[d].wrapping_add(sum) } else { f.starts[d].wrapping_sub(sum) };
            let take = sum <= r;
            off = if take { cand } else { off };
            neg = if take { 0u32.wrapping_sub(u32::from(back)) } else { neg };
            sum += f.counts[d];
        }
        let idx = off.wrapping_add((r ^ neg).wrapping_sub(neg));
        &self.cells[idx as usize % (MAX_LINES * 16)]
    }
}

/// What [`Lines::free`] finds around a cell: per direction the free cells and the index in
/// [`Lines::cells`] of the nearest one; the total.
struct Free {
    counts: [u32; 12],
    starts: [u32; 12],
    total: u32,
}

/// `SELECT8[b][n]`: the position of the `n`-th (0-based) set bit of the byte `b` (0 when
/// it has fewer).
static SELECT8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut n = 0;
        let mut i = 0;
        while i < 8 {
            if b & (1 << i) != 0 {
                t[b][n] = i as u8;
                n += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

/// The `n`-th (0-based) set bit of `x`, which must have more than `n` (else any bit).
#[inline(always)]
pub fn nth_bit(x: u128, n: u32) -> Cell {
    let low = x as u64;
    let c = low.count_ones();
    let high = n >= c;
    let (w, n) = if high { ((x >> 64) as u64, n - c) } else { (low, n) };
    Cell(select64(w, n) as u16 + if high { 64 } else { 0 })
}

/// The position of the `n`-th (0-based) set bit of `x`, without branches: every byte's
/// population at once (SWAR), their running sums by one multiplication, the byte holding
/// the bit by a parallel comparison, and the bit in it from a table.
#[inline(always)]
fn select64(x: u64, n: u32) -> u32 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let b = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let b = (b & 0x3333_3333_3333_3333) + ((b >> 2) & 0x3333_3333_3333_3333);
    let b = (b + (b >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    // Byte i: the set bits in bytes 0..=i (at most 64, so no byte overflows).
    let sums = b.wrapping_mul(ONES);
    // Bytes whose running sum is at most n get their high bit set; they come first, so
    // their number is the index of the byte that holds the n-th bit.
    let n8 = u64::from(n) * ONES;
    let le = ((n8 | (0x80 * ONES)) - sums) & (0x80 * ONES);
    let byte = (le >> 7).wrapping_mul(ONES) >> 56;
    let shift = (byte * 8) as u32;
    let before = ((sums << 8) >> shift) & 0xff;
    let k = u64::from(n) - before;
    shift + u32::from(SELECT8[((x >> shift) & 0xff) as usize][(k & 7) as usize])
}

/// A number drawn uniformly from `0..n` (`n > 0`) with one 32-bit draw nearly always
/// (Lemire's multiply-and-reject, exact).
#[inline]
pub(super) fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    let x = rng.next_u32();
    below_from(x, n, rng)
}

/// [`below`] with its first 32 random bits given (`x`); more are drawn from `rng` only when
/// `x` falls in the rejected sliver.
#[inline(always)]
pub(super) fn below_from<R: Rng + ?Sized>(x: u32, n: u32, rng: &mut R) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(x) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// [`below`] from the low 21 bits of `x` (Lemire's method works with any number of bits),
/// so one 64-bit draw serves three steps; on the rejected sliver (below `n` in 2^21) a fresh
/// draw, independent of the other bits: every step stays exactly uniform.
#[inline(always)]
fn below_part<R: Rng + ?Sized>(x: u64, n: u32, rng: &mut R) -> u32 {
    const BITS: u32 = 21;
    const MASK: u64 = (1 << BITS) - 1;
    debug_assert!(n > 0);
    let m = (x & MASK) * u64::from(n);
    if m & MASK < u64::from(n) && m & MASK < (1 << BITS) % u64::from(n) {
        return below(rng, n);
    }
    (m >> BITS) as u32
}

/// How [`Amazons`] draws its random turns ([`tabla_core::Game::random_move`], the fuel of
/// playouts): a property of the position's owner (a search, a benchmark), not of the
/// position, so positions that differ only in it are equal and hash alike.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Sampler {
    /// Every legal turn equally likely (exact; the default).
    #[default]
    Uniform,
    /// As OpenSpiel draws a turn, in three steps: a queen that can move, then one of its
    /// destinations, then one of the cells its stone can reach, each uniformly. Turns of a
    /// queen with few moves are likelier than under `Uniform`; cheaper to draw.
    Stepwise,
}

impl Sampler {
    /// Every sampler, the default first.
    pub const ALL: [Sampler; 2] = [Sampler::Uniform, Sampler::Stepwise];

    /// The name `tabla bench playouts --sampler` takes.
    pub const fn name(self) -> &'static str {
        match self {
            Sampler::Uniform => "uniform",
            Sampler::Stepwise => "stepwise",
        }
    }

    /// The sampler of that name (ignoring case).
    pub fn from_name(name: &str) -> Option<Sampler> {
        Sampler::ALL.into_iter().find(|s| s.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl Amazons {
    /// Whether `p` must place a queen this turn.
    #[inline]
    pub(super) fn must_place(&self, p: Player) -> bool {
        self.in_hand[p] > 0
            && (self.cfg.placement == Placement::Alternate
                || self.queens[p].is_empty()
                || !self.played.contains(p))
    }

    /// Whether `p` may place a queen this turn.
    #[inline]
    pub(super) fn may_place(&self, p: Player) -> bool {
        self.in_hand[p] > 0
    }

    /// Cells holding queens that `p` may capture (killer only; otherwise none), as bits and
    /// mirrored ([`Rays128`]; boards of at most 128 cells).
    #[inline]
    fn capturable(&self, p: Player) -> (u128, u128) {
        if self.cfg.killer {
            self.enemy_queens(p)
        } else {
            (0, 0)
        }
    }

    /// The cells of the queens of `p`'s enemies, as bits and mirrored.
    #[inline(never)]
    fn enemy_queens(&self, p: Player) -> (u128, u128) {
        let (mut m, mut mirror) = (0, 0);
        for e in self.cfg.seats() {
            if !self.cfg.same_side(p, e) {
                for &q in self.queens[e].as_slice() {
                    m |= bit(q);
                    mirror |= mirrored(q);
                }
            }
        }
        (m, mirror)
    }

    /// The cells a queen on `from` can move to, `land` being [`Amazons::capturable`] for its
    /// owner ([`Rays128`] boards).
    #[inline]
    fn queen_seen(&self, rays: &Rays128, from: Cell, land: (u128, u128), mirror: u128) -> Seen {
        if self.cfg.killer {
            rays.seen_landing(from, self.occ, mirror, land.0, land.1)
        } else {
            rays.seen(from, self.occ, mirror)
        }
    }

    /// The occupancy mirrored, for [`Rays128`]'s falling rays (computed once per question:
    /// play keeps only `occ`).
    #[inline]
    fn mirror(&self) -> u128 {
        self.occ.reverse_bits()
    }

    /// The cells a stone can be shot to once a queen has moved `from` → `to` ([`Rays128`]
    /// boards).
    #[inline]
    fn shots_seen(&self, rays: &Rays128, from: Cell, to: Cell, mirror: u128) -> Seen {
        let occ = (self.occ & !bit(from)) | bit(to);
        let mirror = (mirror & !mirrored(from)) | mirrored(to);
        rays.seen(to, occ, mirror)
    }

    /// Whether a queen of `p` may end its move on `c` (empty, or an enemy queen in killer).
    #[inline]
    fn can_land(&self, p: Player, c: Cell) -> bool {
        let v = self.board[c.index()];
        v.is_empty()
            || (self.cfg.killer && v.queen_owner().is_some_and(|q| !self.cfg.same_side(p, q)))
    }

    /// Whether `p` has any legal turn: a queen that can step anywhere can always shoot back
    /// into the cell it left, so one open neighbour is enough.
    pub(super) fn has_turn(&self, p: Player) -> bool {
        if self.may_place(p) && self.cfg.geo.cells().any(|c| self.board[c.index()].is_empty()) {
            return true;
        }
        if self.must_place(p) {
            return false;
        }
        let queens = self.queens[p].as_slice();
        if let Some(rays) = &self.cfg.rays128 {
            let open = !self.occ | self.capturable(p).0;
            return queens.iter().any(|&q| rays.adjacent(q) & open != 0);
        }
        let geo = &self.cfg.geo;
        queens.iter().any(|&q| {
            (0..geo.dir_count()).any(|d| geo.neighbour(q, d).is_some_and(|n| self.can_land(p, n)))
        })
    }

    /// Calls `f(to)` for every cell a queen of `p` on `from` can move to; `ignore` counts as
    /// empty (the cell a queen just left). Without a player, only empty cells (a shot).
    #[inline]
    pub(super) fn for_each_reach(
        &self,
        from: Cell,
        ignore: Cell,
        p: Option<Player>,
        mut f: impl FnMut(Cell),
    ) {
        let geo = &self.cfg.geo;
        for d in 0..geo.dir_count() {
            for &c in geo.ray(from, d) {
                if self.board[c.index()].is_empty() || c == ignore {
                    f(c);
                } else {
                    if let Some(p) = p {
                        if self.can_land(p, c) {
                            f(c);
                        }
                    }
                    break;
                }
            }
        }
    }

    /// How many cells a stone can be shot to from `at` (the queen's cell after its move),
    /// with `from` counting as empty.
    #[inline]
    fn count_shots(&self, at: Cell, from: Cell) -> u64 {
        let geo = &self.cfg.geo;
        let mut n = 0;
        for d in 0..geo.dir_count() {
            for &c in geo.ray(at, d) {
                if !self.board[c.index()].is_empty() && c != from {
                    break;
                }
                n += 1;
            }
        }
        n
    }

    /// The `n`-th cell (0-based, in [`Amazons::count_shots`] order) a stone can be shot to
    /// from `at`, with `from` counting as empty.
    fn nth_shot(&self, at: Cell, from: Cell, mut n: u64) -> Cell {
        let geo = &self.cfg.geo;
        for d in 0..geo.dir_count() {
            for &c in geo.ray(at, d) {
                if !self.board[c.index()].is_empty() && c != from {
                    break;
                }
                if n == 0 {
                    return c;
                }
                n -= 1;
            }
        }
        unreachable!("n is below the shot count")
    }

    /// Every legal turn into `moves` (see [`tabla_core::Game::legal_moves`]).
    pub(super) fn list_moves(&self, moves: &mut Vec<Move>) {
        moves.clear();
        if self.over.is_some() {
            return;
        }
        let p = self.turn;
        if self.may_place(p) {
            for c in self.cfg.geo.cells() {
                if self.board[c.index()].is_empty() {
                    moves.push(Move::Place(c));
                }
            }
            if self.must_place(p) {
                return;
            }
        }
        if let (false, Some(lines)) = (self.cfg.killer, &self.cfg.lines) {
            match lines.axes {
                4 => self.list_lines::<4>(lines, moves),
                3 => self.list_lines::<3>(lines, moves),
                _ => self.list_lines::<6>(lines, moves),
            }
            return;
        }
        self.list_walking(moves);
    }

    /// The queens' turns of [`Amazons::list_moves`] by walking the geometry's rays cell by
    /// cell: boards without [`Lines`], and killer Amazons (whose queens may land on enemies).
    pub(super) fn list_walking(&self, moves: &mut Vec<Move>) {
        let p = self.turn;
        for &from in self.queens[p].as_slice() {
            self.for_each_reach(from, from, Some(p), |to| {
                // After a capture the target cell holds our queen; the stone's rays start
                // there anyway, so only `from` needs to count as empty.
                self.for_each_reach(to, from, None, |stone| {
                    moves.push(Move::Shot { from, to, stone });
                });
            });
        }
    }

    /// The queens' turns of [`Amazons::list_moves`] from the line words (not killer Amazons):
    /// the free cells along each line are two bit counts, and the cells come in the order of
    /// [`Amazons::list_walking`] (the geometry's directions in its order, nearest first).
    fn list_lines<const A: usize>(&self, lines: &Lines, moves: &mut Vec<Move>) {
        let dirs = (2 * A).min(2 * MAX_AXES);
        for &from in self.queens[self.turn].as_slice() {
            let fa = lines.at(from);
            let reach = lines.free::<A>(&self.lines, fa, None);
            for &k in &lines.slot[..dirs] {
                let k = usize::from(k);
                for i in 0..reach.counts[k % 12] {
                    let to = lines.along(&reach, k, i);
                    let shots = lines.free::<A>(&self.lines, &to.at, Some(fa));
                    for &k2 in &lines.slot[..dirs] {
                        let k2 = usize::from(k2);
                        for j in 0..shots.counts[k2 % 12] {
                            let stone = lines.along(&shots, k2, j).cell;
                            moves.push(Move::Shot { from, to: to.cell, stone });
                        }
                    }
                }
            }
        }
    }

    /// [`Amazons::count_moves`] for the queens' turns from the line words (not killer
    /// Amazons): per queen move, its shots are one [`Lines::free`] total.
    fn count_lines<const A: usize>(&self, lines: &Lines) -> u64 {
        let mut n = 0;
        for &from in self.queens[self.turn].as_slice() {
            let fa = lines.at(from);
            let reach = lines.free::<A>(&self.lines, fa, None);
            for k in 0..(2 * A).min(2 * MAX_AXES) {
                for i in 0..reach.counts[k] {
                    let to = lines.along(&reach, k, i);
                    n += u64::from(lines.free::<A>(&self.lines, &to.at, Some(fa)).total);
                }
            }
        }
        n
    }

    /// A random turn drawn by `self`'s [`Sampler`].
    #[inline(always)]
    pub(super) fn sample_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Move>) -> Move {
        match self.sampler {
            Sampler::Stepwise => {
                // The playouts' kernel: a board with lines, no captures, queens to move.
                if let (Some(lines), Some(rays), false, true) =
                    (&self.cfg.lines, &self.cfg.rays128, self.cfg.killer, self.movable != 0)
                {
                    if lines.axes() == 4 {
                        return self.stepwise_lines::<4, R>(lines, rays, rng);
                    }
                }
                self.sample_stepwise(rng, buf)
            }
            Sampler::Uniform => self.sample_uniform(rng, buf),
        }
    }

    /// Bit `k`: queen `k` of `p` has an open neighbour (empty, or an enemy queen in killer),
    /// on [`Rays128`] boards when `p` cannot place; 0 otherwise (see [`Amazons::movable`]).
    #[inline]
    pub(super) fn movable_queens(&self, p: Player) -> u8 {
        let Some(rays) = &self.cfg.rays128 else { return 0 };
        if self.may_place(p) {
            return 0;
        }
        let open = !self.occ | self.capturable(p).0;
        let mut mask = 0;
        for (k, &q) in self.queens[p].as_slice().iter().enumerate() {
            mask |= u8::from(rays.adjacent(q) & open != 0) << k;
        }
        mask
    }

    /// [`Sampler::Stepwise`]: a queen that can move, then its destination, then the stone's
    /// cell, each drawn uniformly from what that step allows. Placing turns are drawn as by
    /// [`Sampler::Uniform`].
    #[inline(never)]
    pub(super) fn sample_stepwise<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        buf: &mut Vec<Move>,
    ) -> Move {
        let p = self.turn;
        if self.may_place(p) {
            return self.sample_uniform(rng, buf);
        }
        if let (Some(lines), Some(rays), false, true) =
            (&self.cfg.lines, &self.cfg.rays128, self.cfg.killer, self.movable != 0)
        {
            return match lines.axes() {
                4 => self.stepwise_lines::<4, R>(lines, rays, rng),
                3 => self.stepwise_lines::<3, R>(lines, rays, rng),
                _ => self.stepwise_lines::<6, R>(lines, rays, rng),
            };
        }
        if let Some(rays) = &self.cfg.rays128 {
            // One dispatch on the board's ray count, so the steps inline unrolled.
            return match (rays.half(), self.cfg.killer) {
                (4, false) => self.stepwise_rays::<4, false, R>(rays, rng),
                (3, false) => self.stepwise_rays::<3, false, R>(rays, rng),
                (_, false) => self.stepwise_rays::<6, false, R>(rays, rng),
                (4, true) => self.stepwise_rays::<4, true, R>(rays, rng),
                (3, true) => self.stepwise_rays::<3, true, R>(rays, rng),
                (_, true) => self.stepwise_rays::<6, true, R>(rays, rng),
            };
        }
        let queens = self.queens[p].as_slice();
        let mut movable = [Cell(0); MAX_QUEENS];
        let mut n = 0;
        // Boards over 128 cells: the same steps along the geometry's rays.
        let geo = &self.cfg.geo;
        for &q in queens {
            if (0..geo.dir_count())
                .any(|d| geo.neighbour(q, d).is_some_and(|c| self.can_land(p, c)))
            {
                movable[n] = q;
                n += 1;
            }
        }
        let from = movable[below(rng, n as u32) as usize];
        buf.clear();
        self.for_each_reach(from, from, Some(p), |to| buf.push(Move::Shot { from, to, stone: to }));
        let Move::Shot { to, .. } = buf[below(rng, buf.len() as u32) as usize] else {
            unreachable!("only queen moves listed")
        };
        let shots = self.count_shots(to, from) as u32;
        let stone = self.nth_shot(to, from, u64::from(below(rng, shots)));
        Move::Shot { from, to, stone }
    }

    /// [`Amazons::sample_stepwise`] on a board with [`Lines`] of `A` axes (no captures):
    /// each step counts the free cells along the lines through a cell and takes the drawn one
    /// from a table.
    #[inline(always)]
    fn stepwise_lines<const A: usize, R: Rng + ?Sized>(
        &self,
        lines: &Lines,
        _rays: &Rays128,
        rng: &mut R,
    ) -> Move {
        // One 64-bit draw, 21 bits a step (exact: see below_part).
        let x = rng.next_u64();
        // The queen: the `k`-th movable one (begin_turn listed them).
        let k = below_part(x, self.movable.count_ones(), rng);
        let slot = SELECT8[usize::from(self.movable)][k as usize % 8];
        let from = self.queens[self.turn].slot(usize::from(slot));
        let at = lines.at(from);
        let f = lines.free::<A>(&self.lines, at, None);
        let to = lines.nth_free::<A>(&f, below_part(x >> 21, f.total, rng));
        let f = lines.free::<A>(&self.lines, &to.at, Some(at));
        let stone = lines.nth_free::<A>(&f, below_part(x >> 42, f.total, rng));
        Move::Shot { from, to: to.cell, stone: stone.cell }
    }

    /// [`Amazons::sample_stepwise`] on a [`Rays128`] board with `N` rays a side,
    /// `KILLER` when queens may capture.
    #[inline(always)]
    fn stepwise_rays<const N: usize, const KILLER: bool, R: Rng + ?Sized>(
        &self,
        rays: &Rays128,
        rng: &mut R,
    ) -> Move {
        let p = self.turn;
        let queens = self.queens[p].as_slice();
        let land = if KILLER { self.capturable(p) } else { (0, 0) };
        let open = !self.occ | land.0;
        let mut movable = [Cell(0); MAX_QUEENS];
        let mut n = 0;
        for &q in queens {
            movable[n] = q;
            n += usize::from(rays.adjacent(q) & open != 0);
        }
        let from = movable[below(rng, n as u32) as usize];
        let mirror = self.mirror();
        let reach = rays.seen_n::<N, KILLER>(from, self.occ, mirror, land.0, land.1);
        let to = reach.nth(below(rng, reach.count()));
        let occ = (self.occ & !bit(from)) | bit(to);
        let mirror = (mirror & !mirrored(from)) | mirrored(to);
        let shots = rays.seen_n::<N, false>(to, occ, mirror, 0, 0);
        let stone = shots.nth(below(rng, shots.count()));
        Move::Shot { from, to, stone }
    }

    /// [`Sampler::Uniform`], without listing every turn: the queen moves are listed (a few
    /// dozen), one is drawn and kept with probability shots / `max_sight` (the same bound
    /// for every queen move), then one of its shots is drawn. Each turn so has the same chance
    /// per attempt. Placements, and positions where attempts keep failing, list every turn.
    #[inline(never)]
    pub(super) fn sample_uniform<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Move>) -> Move {
        let p = self.turn;
        let queens = self.queens[p].as_slice();
        let max_sight = self.cfg.max_sight as u32;
        if let (Some(rays), false) = (&self.cfg.rays128, self.may_place(p)) {
            let land = self.capturable(p);
            let mirror = self.mirror();
            let mut reach = [Seen::default(); MAX_QUEENS];
            let mut counts = [0u32; MAX_QUEENS];
            let mut total = 0;
            for ((r, n), &q) in reach.iter_mut().zip(&mut counts).zip(queens) {
                *r = self.queen_seen(rays, q, land, mirror);
                *n = r.count();
                total += *n;
            }
            if total > 0 {
                // Rejection: cheap while there are many queen moves with many shots each;
                // with few queen moves, weighing them all is cheaper.
                let tries = if total > 8 { 64 } else { 0 };
                for _ in 0..tries {
                    let mut r = below(rng, total);
                    let mut k = 0;
                    while r >= counts[k] {
                        r -= counts[k];
                        k += 1;
                    }
                    let (from, to) = (queens[k], reach[k].nth(r));
                    let r = below(rng, max_sight);
                    let shots = self.shots_seen(rays, from, to, mirror);
                    if r < shots.count() {
                        return Move::Shot { from, to, stone: shots.nth(r) };
                    }
                }
                // Exact: weigh every queen move by its shots.
                let mut weight = 0;
                for (&from, seen) in queens.iter().zip(&reach) {
                    seen.for_each(|to| weight += self.shots_seen(rays, from, to, mirror).count());
                }
                let mut r = below(rng, weight);
                for (&from, seen) in queens.iter().zip(&reach) {
                    for k in 0..seen.count() {
                        let to = seen.nth(k);
                        let shots = self.shots_seen(rays, from, to, mirror);
                        if r < shots.count() {
                            return Move::Shot { from, to, stone: shots.nth(r) };
                        }
                        r -= shots.count();
                    }
                }
                unreachable!("r is below the total weight");
            }
        } else if !self.may_place(p) {
            buf.clear();
            for &from in queens {
                self.for_each_reach(from, from, Some(p), |to| {
                    buf.push(Move::Shot { from, to, stone: to });
                });
            }
            for _ in 0..48 {
                let Move::Shot { from, to, .. } = buf[below(rng, buf.len() as u32) as usize] else {
                    unreachable!("only queen moves listed")
                };
                let r = u64::from(below(rng, max_sight));
                if r < self.count_shots(to, from) {
                    return Move::Shot { from, to, stone: self.nth_shot(to, from, r) };
                }
            }
        }
        self.list_moves(buf);
        buf[below(rng, buf.len() as u32) as usize]
    }

    /// The number of legal turns, without listing them (see
    /// [`tabla_core::Game::count_legal_moves`]).
    pub(super) fn count_moves(&self) -> u64 {
        if self.over.is_some() {
            return 0;
        }
        let p = self.turn;
        let mut n = 0;
        if self.may_place(p) {
            n += self.cfg.geo.cells().filter(|c| self.board[c.index()].is_empty()).count() as u64;
            if self.must_place(p) {
                return n;
            }
        }
        if let (false, Some(lines)) = (self.cfg.killer, &self.cfg.lines) {
            return n + match lines.axes {
                4 => self.count_lines::<4>(lines),
                3 => self.count_lines::<3>(lines),
                _ => self.count_lines::<6>(lines),
            };
        }
        n + self.count_by_rays()
    }

    /// The queens' turns of [`Amazons::count_moves`] by [`Rays128`] (or on larger boards by
    /// walking the rays): boards without [`Lines`], and killer Amazons.
    pub(super) fn count_by_rays(&self) -> u64 {
        let p = self.turn;
        let mut n = 0;
        let queens = self.queens[p].as_slice();
        if let Some(rays) = &self.cfg.rays128 {
            let land = self.capturable(p);
            let mirror = self.mirror();
            for &from in queens {
                let reach = self.queen_seen(rays, from, land, mirror);
                reach
                    .for_each(|to| n += u64::from(self.shots_seen(rays, from, to, mirror).count()));
            }
            return n;
        }
        for &from in queens {
            self.for_each_reach(from, from, Some(p), |to| n += self.count_shots(to, from));
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabla_core::rand::{rngs::SmallRng, SeedableRng};
    use tabla_core::{Game, GameOptions, ToMove};

    fn game(words: &str) -> Amazons {
        let words: Vec<String> = words.split_whitespace().map(String::from).collect();
        let o = GameOptions::parse(super::super::config::OPTIONS, &words).unwrap();
        Amazons::from_options(&o).unwrap()
    }

    /// The line-word listing and count (the solver's and perft's hot path) give exactly the
    /// turns that walking the geometry's rays gives, in the same order (the solver breaks
    /// ties by it, and the contracts show it), at every position of random games on square,
    /// holed, odd-shaped and hex boards, for two to four players.
    #[test]
    fn line_words_list_and_count_as_walking_the_rays() {
        let variants = [
            "size=6",
            "size=5",
            "size=10",
            "size=8 holes=d4,e5",
            "board=hex side=4",
            "board=hex side=4 hex_diagonals=on",
            "size=10 players=4 queens=1",
            "players=3",
            "placement=alternate queens=2",
            "layout=..1.../#....-/--...2/...... turn=2",
            "layout=.2.2./2...2/...../...../1...1/.1.1.",
        ];
        let (mut fast, mut walked, mut buf) = (Vec::new(), Vec::new(), Vec::new());
        for v in variants {
            let mut checked = 0;
            for seed in 0..3 {
                let mut g = game(v);
                assert!(g.cfg.lines.is_some() && !g.cfg.killer, "{v}: not the line-word path");
                let mut rng = SmallRng::seed_from_u64(seed);
                while let ToMove::Player(_) = g.to_move() {
                    g.legal_moves(&mut fast);
                    walked.clear();
                    walked.extend(fast.iter().filter(|m| matches!(m, Move::Place(_))));
                    if !g.must_place(g.turn) {
                        g.list_walking(&mut walked);
                        assert_eq!(g.count_moves(), g.count_by_rays(), "{v}: {g:?}");
                        checked += 1;
                    }
                    assert_eq!(fast, walked, "{v}: {g:?}");
                    assert_eq!(g.count_moves(), fast.len() as u64, "{v}: {g:?}");
                    g.play(g.random_move(&mut rng, &mut buf));
                }
            }
            assert!(checked > 20, "{v}: only {checked} positions with queen turns");
        }
    }
}
