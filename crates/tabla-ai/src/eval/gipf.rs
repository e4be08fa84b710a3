//! GIPF knowledge, after Wentink's Gipfted and the published strategy: pieces are life (a
//! player who cannot enter loses, and captured pieces never return), so the reserve counts
//! most and more the emptier it gets; pieces on the board count less (they can be taken);
//! GIPF pieces are insurance (losing the last one loses the game), so a lone GIPF piece is
//! worth little more than none, and the engine enters two; pieces near the centre sit on
//! more lines and are harder to trap; pieces side by side on a line (clusters) make rows.
//!
//! Weights: fitted to self-play results (`examples/texel.rs`, `bench/fit.py`, three rounds
//! at depth 2–3); the fitted set scored 0.90 [0.70, 0.97] against the hand-set one at 200 ms.
//! Each term switched off in turn (`bench/ablate.sh gipf 3 200 …`, depth 3, 200 games):
//! without low reserve the engine scored 0.23, board 0.22, cluster 0.30, reserve 0.39,
//! centre 0.45, GIPF pieces 0.47, lone GIPF piece 0.47 — kept. Row threats (three of four
//! points of a line; 0.50) and the side to move (0.52) did not help and are off.

use super::{set_term, Evaluator};
use std::sync::OnceLock;
use tabla_core::geometry::HEX_DIRS;
use tabla_core::{Cell, Game, Geometry, Player, ToMove};
use tabla_games::gipf::{Gipf, Variant};

/// The fewest reserve pieces (a GIPF piece counting two) at which the side to move may pass
/// in a null-move test ([`Evaluator::null_move`]).
const NULL_RESERVE: u8 = 3;

/// The terms, by name (as [`GipfEval::tweak`] and [`Evaluator::features`] know them).
pub const TERMS: [&str; 9] = [
    "reserve",
    "low_reserve",
    "board",
    "gipf",
    "last_gipf",
    "centre",
    "threat",
    "tempo",
    "cluster",
];

/// The weights of the terms (per unit of each, my count minus the enemy's), in the order of
/// [`TERMS`]:
/// - `reserve`: per piece in the reserve;
/// - `low_reserve`: per unit of Σ (6 − k) over the last five reserve pieces k = 1…5 (the
///   emptier the reserve, the more each piece is worth);
/// - `board`: per single piece on the board;
/// - `gipf`: per GIPF piece on the board;
/// - `last_gipf`: for having exactly one GIPF piece left (negative: one take from defeat);
/// - `centre`: per piece per ring towards the centre (outer ring 0, centre 3);
/// - `threat`: per window of four points on a line with three of one's pieces and one empty;
/// - `tempo`: for being the side to move;
/// - `cluster`: per pair of one's pieces side by side on a line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GipfEval {
    /// One weight per term.
    pub weights: [i32; 9],
}

impl Default for GipfEval {
    fn default() -> Self {
        GipfEval { weights: [74, 13, 62, 85, -85, 14, 0, 0, 15] }
    }
}

/// The board's fixed tables: the 37 points (cell number, ring) and the 21 lines.
struct Tables {
    points: Vec<(Cell, i32)>,
    /// Each line's cells in order.
    lines: Vec<Vec<Cell>>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let geo = Geometry::hex(5, &HEX_DIRS, |_, _| true);
        let is_point = |c: Cell| (0..6).all(|d| geo.neighbour(c, d).is_some());
        let centre = geo.parse_cell("e5").expect("the centre");
        // Ring by steps from the centre.
        let mut ring = vec![i32::MAX; geo.len()];
        ring[centre.index()] = 0;
        let mut frontier = vec![centre];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for &c in &frontier {
                for dir in 0..6 {
                    if let Some(n) = geo.neighbour(c, dir) {
                        if ring[n.index()] == i32::MAX {
                            ring[n.index()] = d;
                            next.push(n);
                        }
                    }
                }
            }
            frontier = next;
        }
        let points: Vec<(Cell, i32)> =
            geo.cells().filter(|&c| is_point(c)).map(|c| (c, 3 - ring[c.index()])).collect();
        let mut lines = Vec::new();
        for d in 0..3 {
            for c in geo.cells().filter(|&c| is_point(c)) {
                let back = geo.neighbour(c, d + 3).expect("points have all neighbours");
                if is_point(back) {
                    continue;
                }
                let mut line = vec![c];
                line.extend(geo.ray(c, d).iter().copied().take_while(|&x| is_point(x)));
                lines.push(line);
            }
        }
        assert_eq!((points.len(), lines.len()), (37, 21));
        Tables { points, lines }
    })
}

/// The pieces on the board, per cell: 0 empty, else `1 + 2 * player + is_gipf`.
struct Snapshot {
    cells: [u8; 61],
}

impl Snapshot {
    fn of(g: &Gipf) -> Snapshot {
        let mut cells = [0u8; 61];
        for p in 0..2u8 {
            for (mask, kind) in [(g.singles_mask(Player(p)), 0), (g.gipfs_mask(Player(p)), 1)] {
                let mut m = mask;
                while m != 0 {
                    cells[m.trailing_zeros() as usize] = 1 + 2 * p + kind;
                    m &= m - 1;
                }
            }
        }
        Snapshot { cells }
    }
    #[inline]
    fn owner(&self, c: Cell) -> Option<usize> {
        let k = self.cells[c.index()];
        (k != 0).then(|| usize::from((k - 1) >> 1))
    }
}

impl GipfEval {
    /// Each player's count of every term.
    fn counts(g: &Gipf) -> [[i32; 9]; 2] {
        let t = tables();
        let s = Snapshot::of(g);
        let mut c = [[0i32; 9]; 2];
        for (cell, ring) in &t.points {
            let k = s.cells[cell.index()];
            if k == 0 {
                continue;
            }
            let p = usize::from((k - 1) >> 1);
            c[p][if (k - 1) & 1 == 1 { 3 } else { 2 }] += 1;
            c[p][5] += ring;
        }
        for (p, f) in c.iter_mut().enumerate() {
            let r = i32::from(g.reserve(Player(p as u8)));
            f[0] = r;
            f[1] = (1..=r.min(5)).map(|k| 6 - k).sum();
            // A lone GIPF piece is one take from defeat (where losing them loses).
            f[4] = i32::from(g.variant() != Variant::Basic && f[3] == 1);
        }
        for line in &t.lines {
            for w in line.windows(2) {
                if let (Some(a), Some(b)) = (s.owner(w[0]), s.owner(w[1])) {
                    if a == b {
                        c[a][8] += 1;
                    }
                }
            }
            for w in line.windows(4) {
                let mut count = [0; 2];
                let mut empty = 0;
                for &cell in w {
                    match s.owner(cell) {
                        Some(p) => count[p] += 1,
                        None => empty += 1,
                    }
                }
                if empty == 1 {
                    for p in 0..2 {
                        if count[p] == 3 {
                            c[p][6] += 1;
                        }
                    }
                }
            }
        }
        if let ToMove::Player(p) = g.to_move() {
            c[p.index()][7] = 1;
        }
        c
    }
}

/// A player's pieces in all: the reserve and the board (a GIPF piece is two).
fn material(g: &Gipf, p: Player) -> u32 {
    u32::from(g.reserve(p)) + g.singles_mask(p).count_ones() + 2 * g.gipfs_mask(p).count_ones()
}

impl Evaluator<Gipf> for GipfEval {
    fn evaluate(&self, g: &Gipf, me: Player) -> i32 {
        let c = Self::counts(g);
        let (a, b) = (&c[me.index()], &c[1 - me.index()]);
        (0..9).map(|k| self.weights[k] * (a[k] - b[k])).sum()
    }

    fn scale(&self) -> f64 {
        150.0
    }

    /// A turn that takes pieces: either side's pieces in all (reserve and board, a GIPF
    /// piece counting two) fall. Entering a piece moves it from the reserve to the board,
    /// and a row's own pieces go back to the reserve: neither changes the count.
    fn noisy(&self, before: &Gipf, after: &Gipf) -> bool {
        (0..2).any(|p| material(after, Player(p)) < material(before, Player(p)))
    }

    /// No pass for a mover down to the last pieces of the reserve: there every turn spent
    /// brings the end nearer (a player who cannot enter loses), so passing would be worth
    /// far more than any turn and the test would cut where the mover is in trouble.
    fn null_move(&self, g: &Gipf) -> Option<Gipf> {
        let ToMove::Player(p) = g.to_move() else { return None };
        if g.reserve(p) <= NULL_RESERVE {
            return None;
        }
        g.with_turn_passed()
    }

    fn features(&self, g: &Gipf, me: Player) -> Option<Vec<(&'static str, f64)>> {
        let c = Self::counts(g);
        let (a, b) = (&c[me.index()], &c[1 - me.index()]);
        Some((0..9).map(|k| (TERMS[k], f64::from(a[k] - b[k]))).collect())
    }

    fn tweak(&mut self, key: &str, value: i32) -> Result<(), String> {
        let mut terms: Vec<(&str, &mut i32)> =
            TERMS.iter().copied().zip(self.weights.iter_mut()).collect();
        set_term(&mut terms, key, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_values_are_antisymmetric() {
        let e = GipfEval::default();
        let g = Gipf::new(Variant::Tournament);
        assert_eq!(e.evaluate(&g, Player(0)), -e.evaluate(&g, Player(1)));
        assert_eq!(e.evaluate(&g, Player(0)), e.weights[7], "only the move differs");
    }

    /// In random games a player's pieces in all never grow, and a turn is noisy exactly
    /// when a row was taken (some pieces left the game), which happens in these games.
    #[test]
    fn a_turn_is_noisy_when_it_takes_pieces() {
        use tabla_core::rand::{rngs::SmallRng, Rng, SeedableRng};
        let e = GipfEval::default();
        let mut rng = SmallRng::seed_from_u64(7);
        let (mut noisy, mut quiet) = (0, 0);
        for _ in 0..20 {
            let mut g = Gipf::new(Variant::Tournament);
            let mut moves = Vec::new();
            while g.outcome().is_none() {
                g.legal_moves(&mut moves);
                let before = g.clone();
                g.play(moves[rng.random_range(0..moves.len())]);
                let lost: Vec<bool> = (0..2)
                    .map(|p| {
                        let (b, a) = (material(&before, Player(p)), material(&g, Player(p)));
                        assert!(a <= b, "pieces never come back");
                        a < b
                    })
                    .collect();
                assert_eq!(e.noisy(&before, &g), lost.contains(&true));
                if lost.contains(&true) {
                    noisy += 1;
                } else {
                    quiet += 1;
                }
            }
        }
        assert!(noisy > 20 && quiet > noisy, "{noisy} noisy, {quiet} quiet turns");
    }

    #[test]
    fn material_counts() {
        let e = GipfEval::default();
        let white_up = Gipf::from_text(
            Variant::Tournament,
            "Oc3 Xg5 od4",
            [15, 14],
            Player(1),
            [true; 2],
            [true; 2],
        )
        .unwrap();
        assert!(e.evaluate(&white_up, Player(0)) > 0);
    }
}
