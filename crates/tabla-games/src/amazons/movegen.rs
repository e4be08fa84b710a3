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
/// ray runs either up or down in cell number, so the blocker nearest to the ray's origin is
/// the lowest or the highest occupied bit of the ray, and the cells before it are the ray's
/// bits below or above it.
#[derive(Debug, PartialEq)]
pub struct Rays128 {
    dirs: usize,
    /// `rays[cell * dirs + d]`.
    rays: Vec<u128>,
    /// Whether that ray runs up in cell number.
    up: Vec<bool>,
    /// Each cell's neighbours (the first cell of each ray).
    adjacent: Vec<u128>,
}

impl Rays128 {
    pub(super) fn new(geo: &Geometry) -> Option<Rays128> {
        if geo.len() > 128 {
            return None;
        }
        let dirs = geo.dir_count();
        let mut rays = Vec::with_capacity(geo.len() * dirs);
        let mut up = Vec::with_capacity(geo.len() * dirs);
        for c in geo.cells() {
            for d in 0..dirs {
                let ray = geo.ray(c, d);
                rays.push(ray.iter().fold(0u128, |m, x| m | 1 << x.0));
                let rising = ray.first().is_none_or(|x| x.0 > c.0);
                debug_assert!(ray.windows(2).all(|w| (w[1].0 > w[0].0) == rising));
                up.push(rising);
            }
        }
        let adjacent = geo
            .cells()
            .map(|c| (0..dirs).filter_map(|d| geo.neighbour(c, d)).fold(0, |m, n| m | 1 << n.0))
            .collect();
        Some(Rays128 { dirs, rays, up, adjacent })
    }

    /// The cells seen from `c` along every ray up to (not including) the first occupied cell;
    /// each first occupied cell that is also in `landable` is included.
    #[inline]
    pub fn sight(&self, c: Cell, occupied: u128, landable: u128) -> u128 {
        let base = c.index() * self.dirs;
        let rays = &self.rays[base..base + self.dirs];
        let up = &self.up[base..base + self.dirs];
        let mut seen = 0;
        for (&ray, &up) in rays.iter().zip(up) {
            let (bit, before) = along(ray, up, occupied);
            seen |= before | (bit & landable);
        }
        seen
    }

    /// The neighbours of `c`.
    #[inline]
    pub fn adjacent(&self, c: Cell) -> u128 {
        self.adjacent[c.index()]
    }

    /// The `n`-th cell (0-based, direction by direction) seen from `c` up to the first
    /// occupied cell, or `None` when fewer are seen. The same as counting [`Rays128::sight`]
    /// but stops at the direction that holds it: the random-move sampler's acceptance test.
    #[inline]
    pub fn nth_seen(&self, c: Cell, occupied: u128, mut n: u32) -> Option<Cell> {
        let base = c.index() * self.dirs;
        let rays = &self.rays[base..base + self.dirs];
        let up = &self.up[base..base + self.dirs];
        for (&ray, &up) in rays.iter().zip(up) {
            let before = along(ray, up, occupied).1;
            let k = before.count_ones();
            if n < k {
                return Some(nth_bit(before, n));
            }
            n -= k;
        }
        None
    }
}

/// Along one ray (`up`: rising in cell number): the first occupied cell as a bit (0 if none)
/// and the ray's cells before it. Those are on the origin's side of the blocker in cell
/// number: below it on a rising ray, above it on a falling one. Branch-free, so that the
/// direction loops do not mispredict; no blocker gives the whole ray.
#[inline]
fn along(ray: u128, up: bool, occupied: u128) -> (u128, u128) {
    let blockers = ray & occupied;
    if up {
        let low = blockers & blockers.wrapping_neg();
        (low, ray & low.wrapping_sub(1))
    } else {
        let lz = blockers.leading_zeros();
        let high = (1u128 << 127).checked_shr(lz).unwrap_or(0);
        (high, ray & (!0u128).checked_shl(128 - lz).unwrap_or(0))
    }
}

/// The `n`-th (0-based) set bit of `x`.
#[inline]
pub fn nth_bit(mut x: u128, n: u32) -> Cell {
    let low = x as u64;
    let (mut x64, mut n, offset) = if n < low.count_ones() {
        (low, n, 0)
    } else {
        (((x >> 64) as u64), n - low.count_ones(), 64)
    };
    while n > 0 {
        x64 &= x64 - 1;
        n -= 1;
    }
    x = u128::from(x64);
    Cell((x.trailing_zeros() + offset) as u16)
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

    /// Cells holding queens that `p` may capture (killer only; otherwise none).
    #[inline]
    fn capturable(&self, p: Player) -> u128 {
        let mut m = 0;
        if self.cfg.killer {
            for e in self.cfg.seats() {
                if !self.cfg.same_side(p, e) {
                    for &q in self.queens[e].as_slice() {
                        m |= 1u128 << q.0;
                    }
                }
            }
        }
        m
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
            let open = !self.occ | self.capturable(p);
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

    /// Uniform over whole turns without listing them all: the queen moves are listed (a
    /// few dozen), one is drawn and kept with probability shots / `max_sight` (the same bound
    /// for every queen move), then one of its shots is drawn. Each turn so has the same chance
    /// per attempt. Placements, and positions where attempts keep failing, list every turn.
    pub(super) fn sample_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Move>) -> Move {
        let p = self.turn;
        let queens = self.queens[p].as_slice();
        if let (Some(rays), false) = (&self.cfg.rays128, self.may_place(p)) {
            let capturable = self.capturable(p);
            let nq = queens.len();
            let mut reach = [0u128; MAX_QUEENS];
            let mut total = 0;
            for (r, &q) in reach.iter_mut().zip(queens) {
                *r = rays.sight(q, self.occ, capturable);
                total += r.count_ones();
            }
            if total > 0 {
                let shots_after = |k: usize, to: Cell| {
                    let from = queens[k];
                    rays.sight(to, (self.occ & !(1u128 << from.0)) | 1u128 << to.0, 0)
                };
                // Rejection: cheap while there are many queen moves with many shots each;
                // with few queen moves, weighing them all is cheaper.
                let tries = if total > 8 { 64 } else { 0 };
                for _ in 0..tries {
                    let mut r = rng.random_range(0..total);
                    let mut k = 0;
                    while r >= reach[k].count_ones() {
                        r -= reach[k].count_ones();
                        k += 1;
                    }
                    let to = nth_bit(reach[k], r);
                    let from = queens[k];
                    let occ = (self.occ & !(1u128 << from.0)) | 1u128 << to.0;
                    let r = rng.random_range(0..self.cfg.max_sight) as u32;
                    if let Some(stone) = rays.nth_seen(to, occ, r) {
                        return Move::Shot { from, to, stone };
                    }
                }
                // Exact: weigh every queen move by its shots.
                let mut weight = 0u64;
                for (k, &bits) in reach.iter().enumerate().take(nq) {
                    let mut b = bits;
                    while b != 0 {
                        let to = Cell(b.trailing_zeros() as u16);
                        b &= b - 1;
                        weight += u64::from(shots_after(k, to).count_ones());
                    }
                }
                let mut r = rng.random_range(0..weight);
                for (k, &bits) in reach.iter().enumerate().take(nq) {
                    let mut b = bits;
                    while b != 0 {
                        let to = Cell(b.trailing_zeros() as u16);
                        b &= b - 1;
                        let shots = shots_after(k, to);
                        let n = u64::from(shots.count_ones());
                        if r < n {
                            let stone = nth_bit(shots, r as u32);
                            return Move::Shot { from: queens[k], to, stone };
                        }
                        r -= n;
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
                let Move::Shot { from, to, .. } = buf[rng.random_range(0..buf.len())] else {
                    unreachable!("only queen moves listed")
                };
                let r = rng.random_range(0..self.cfg.max_sight);
                if r < self.count_shots(to, from) {
                    return Move::Shot { from, to, stone: self.nth_shot(to, from, r) };
                }
            }
        }
        self.list_moves(buf);
        buf[rng.random_range(0..buf.len())]
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
            let capturable = self.capturable(p);
            for &from in queens {
                let mut reach = rays.sight(from, self.occ, capturable);
                let occ = self.occ & !(1u128 << from.0);
                while reach != 0 {
                    let to = reach.trailing_zeros();
                    reach &= reach - 1;
                    n += u64::from(rays.sight(Cell(to as u16), occ | 1 << to, 0).count_ones());
                }
            }
            return n;
        }
        for &from in queens {
            self.for_each_reach(from, from, Some(p), |to| n += self.count_shots(to, from));
        }
        n
    }
}
