//! Legal turns: listing, counting (perft's last ply) and uniform sampling (playouts).
//!
//! Boards of at most 128 cells (nearly every game) use [`Rays128`], every ray as a bitset;
//! larger ones walk the geometry's rays cell by cell. Both give the same turns in the same
//! order of queens.

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
    /// Rays kept per cell on each side: the most non-empty rising (or falling) rays any cell
    /// has; a cell with fewer has empty rays, which see nothing.
    half: usize,
    /// `rising[cell * half + k]`: rays that run up in cell number.
    rising: Vec<u128>,
    /// `falling[cell * half + k]`: rays that run down in cell number, mirrored.
    falling: Vec<u128>,
    /// Each cell's neighbours (the first cell of each ray).
    adjacent: Vec<u128>,
}

/// The bit of cell `c` in the mirrored numbering of [`Rays128`]'s falling rays.
#[inline]
pub const fn mirrored(c: Cell) -> u128 {
    1u128 << (127 - c.0)
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
    #[inline]
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
    #[inline]
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
        let mut per_cell: Vec<(Vec<u128>, Vec<u128>)> = Vec::with_capacity(geo.len());
        for c in geo.cells() {
            let (mut rising, mut falling) = (Vec::new(), Vec::new());
            for d in 0..dirs {
                let ray = geo.ray(c, d);
                let Some(first) = ray.first() else { continue };
                let up = first.0 > c.0;
                debug_assert!(ray.windows(2).all(|w| (w[1].0 > w[0].0) == up));
                if up {
                    rising.push(ray.iter().fold(0u128, |m, &x| m | 1 << x.0));
                } else {
                    falling.push(ray.iter().fold(0u128, |m, &x| m | mirrored(x)));
                }
            }
            per_cell.push((rising, falling));
        }
        let half = per_cell.iter().map(|(r, f)| r.len().max(f.len())).max().unwrap_or(0);
        let mut rising = vec![0; geo.len() * half];
        let mut falling = vec![0; geo.len() * half];
        for (i, (r, f)) in per_cell.iter().enumerate() {
            rising[i * half..i * half + r.len()].copy_from_slice(r);
            falling[i * half..i * half + f.len()].copy_from_slice(f);
        }
        let adjacent = geo
            .cells()
            .map(|c| (0..dirs).filter_map(|d| geo.neighbour(c, d)).fold(0, |m, n| m | 1 << n.0))
            .collect();
        Some(Rays128 { half, rising, falling, adjacent })
    }

    /// The cells seen from `c` along every ray up to (not including) the first occupied
    /// cell. `occupied` is the occupancy as bits, `mirror` the same mirrored.
    #[inline]
    pub fn seen(&self, c: Cell, occupied: u128, mirror: u128) -> Seen {
        let base = c.index() * self.half;
        let rising = &self.rising[base..base + self.half];
        let falling = &self.falling[base..base + self.half];
        let mut seen = Seen { rising: 0, falling: 0 };
        for (&up, &down) in rising.iter().zip(falling) {
            seen.rising |= before(up, occupied).0;
            seen.falling |= before(down, mirror).0;
        }
        seen
    }

    /// [`Rays128::seen`], and also each ray's first occupied cell when it is in `landable`
    /// (`mirrored_landable` the same cells mirrored): where a killer queen may capture.
    #[inline]
    pub fn seen_landing(
        &self,
        c: Cell,
        occupied: u128,
        mirror: u128,
        landable: u128,
        mirrored_landable: u128,
    ) -> Seen {
        let base = c.index() * self.half;
        let rising = &self.rising[base..base + self.half];
        let falling = &self.falling[base..base + self.half];
        let mut seen = Seen { rising: 0, falling: 0 };
        for (&up, &down) in rising.iter().zip(falling) {
            let (cells, first) = before(up, occupied);
            seen.rising |= cells | (first & landable);
            let (cells, first) = before(down, mirror);
            seen.falling |= cells | (first & mirrored_landable);
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
    #[inline]
    pub fn adjacent(&self, c: Cell) -> u128 {
        self.adjacent[c.index()]
    }
}

/// `SELECT8[b][n]`: the position of the `n`-th (0-based) set bit of the byte `b` (8 when
/// it has fewer).
static SELECT8: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
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

/// The `n`-th (0-based) set bit of `x`, which must have more than `n`: narrowed by halves
/// with population counts (no loop over the bits), then looked up in a byte.
#[inline]
pub fn nth_bit(x: u128, n: u32) -> Cell {
    let low = x as u64;
    let c = low.count_ones();
    let (mut w, mut n, mut at) = if n < c { (low, n, 0) } else { ((x >> 64) as u64, n - c, 64) };
    let c = (w as u32).count_ones();
    if n >= c {
        n -= c;
        w >>= 32;
        at += 32;
    }
    let c = (w as u16).count_ones();
    if n >= c {
        n -= c;
        w >>= 16;
        at += 16;
    }
    let c = (w as u8).count_ones();
    if n >= c {
        n -= c;
        w >>= 8;
        at += 8;
    }
    Cell(at + u16::from(SELECT8[(w & 0xff) as usize][(n & 7) as usize]))
}

/// A number drawn uniformly from `0..n` (`n > 0`) with one 32-bit draw nearly always
/// (Lemire's multiply-and-reject, exact).
#[inline]
pub(super) fn below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n > 0);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
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
        let (mut m, mut mirror) = (0, 0);
        if self.cfg.killer {
            for e in self.cfg.seats() {
                if !self.cfg.same_side(p, e) {
                    for &q in self.queens[e].as_slice() {
                        m |= 1u128 << q.0;
                        mirror |= mirrored(q);
                    }
                }
            }
        }
        (m, mirror)
    }

    /// The cells a queen on `from` can move to, `land` being [`Amazons::capturable`] for its
    /// owner ([`Rays128`] boards).
    #[inline]
    fn queen_seen(&self, rays: &Rays128, from: Cell, land: (u128, u128)) -> Seen {
        if self.cfg.killer {
            rays.seen_landing(from, self.occ, self.mirror, land.0, land.1)
        } else {
            rays.seen(from, self.occ, self.mirror)
        }
    }

    /// The cells a stone can be shot to once a queen has moved `from` → `to` ([`Rays128`]
    /// boards).
    #[inline]
    fn shots_seen(&self, rays: &Rays128, from: Cell, to: Cell) -> Seen {
        let occ = (self.occ & !(1u128 << from.0)) | 1u128 << to.0;
        let mirror = (self.mirror & !mirrored(from)) | mirrored(to);
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

    /// A random turn drawn by `self`'s [`Sampler`].
    #[inline]
    pub(super) fn sample_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Move>) -> Move {
        match self.sampler {
            Sampler::Uniform => self.sample_uniform(rng, buf),
            Sampler::Stepwise => self.sample_stepwise(rng, buf),
        }
    }

    /// [`Sampler::Stepwise`]: a queen that can move, then its destination, then the stone's
    /// cell, each drawn uniformly from what that step allows. Placing turns are drawn as by
    /// [`Sampler::Uniform`].
    pub(super) fn sample_stepwise<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        buf: &mut Vec<Move>,
    ) -> Move {
        let p = self.turn;
        if self.may_place(p) {
            return self.sample_uniform(rng, buf);
        }
        let queens = self.queens[p].as_slice();
        let mut movable = [Cell(0); MAX_QUEENS];
        let mut n = 0;
        if let Some(rays) = &self.cfg.rays128 {
            let land = self.capturable(p);
            let open = !self.occ | land.0;
            for &q in queens {
                movable[n] = q;
                n += usize::from(rays.adjacent(q) & open != 0);
            }
            let from = movable[below(rng, n as u32) as usize];
            let reach = self.queen_seen(rays, from, land);
            let to = reach.nth(below(rng, reach.count()));
            let shots = self.shots_seen(rays, from, to);
            let stone = shots.nth(below(rng, shots.count()));
            return Move::Shot { from, to, stone };
        }
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

    /// [`Sampler::Uniform`], without listing every turn: the queen moves are listed (a few
    /// dozen), one is drawn and kept with probability shots / `max_sight` (the same bound
    /// for every queen move), then one of its shots is drawn. Each turn so has the same chance
    /// per attempt. Placements, and positions where attempts keep failing, list every turn.
    pub(super) fn sample_uniform<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Move>) -> Move {
        let p = self.turn;
        let queens = self.queens[p].as_slice();
        let max_sight = self.cfg.max_sight as u32;
        if let (Some(rays), false) = (&self.cfg.rays128, self.may_place(p)) {
            let land = self.capturable(p);
            let mut reach = [Seen::default(); MAX_QUEENS];
            let mut counts = [0u32; MAX_QUEENS];
            let mut total = 0;
            for ((r, n), &q) in reach.iter_mut().zip(&mut counts).zip(queens) {
                *r = self.queen_seen(rays, q, land);
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
                    let shots = self.shots_seen(rays, from, to);
                    if r < shots.count() {
                        return Move::Shot { from, to, stone: shots.nth(r) };
                    }
                }
                // Exact: weigh every queen move by its shots.
                let mut weight = 0;
                for (&from, seen) in queens.iter().zip(&reach) {
                    seen.for_each(|to| weight += self.shots_seen(rays, from, to).count());
                }
                let mut r = below(rng, weight);
                for (&from, seen) in queens.iter().zip(&reach) {
                    for k in 0..seen.count() {
                        let to = seen.nth(k);
                        let shots = self.shots_seen(rays, from, to);
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
        let queens = self.queens[p].as_slice();
        if let Some(rays) = &self.cfg.rays128 {
            let land = self.capturable(p);
            for &from in queens {
                let reach = self.queen_seen(rays, from, land);
                reach.for_each(|to| n += u64::from(self.shots_seen(rays, from, to).count()));
            }
            return n;
        }
        for &from in queens {
            self.for_each_reach(from, from, Some(p), |to| n += self.count_shots(to, from));
        }
        n
    }
}
