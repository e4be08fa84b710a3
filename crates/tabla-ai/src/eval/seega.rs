//! Seega knowledge: material first (the game is won by taking stones); captures on the board
//! (what the side to move can take with one step, what the other side threatens); stones
//! that cannot be captured (the centre, and corners, which have no cell on two opposite
//! sides) and stones on the edge (capturable along the edge only), which also guide the
//! placing phase.
//!
//! Weights: fitted to self-play results (`examples/texel.rs`, `bench/fit.py`, two rounds at
//! depth 3), then each term switched off in turn (`bench/ablate.sh seega 3 200 …`, depth 3,
//! 200 games): without material the engine scored 0.41, capture 0.43, safe 0.46, edge 0.47,
//! threat 0.48 — kept. Mobility (0.57 without it) and stones next to the centre while
//! placing (0.51) did not help and are off (weight 0), as is the side to move (a constant
//! at a given depth); refitted without them, the evaluation scored 0.544 [0.504, 0.584]
//! against the one with them (600 games). `flank` (placing: enemy stones next to the centre
//! with one's own beyond) scored 0.40 at weight 60 against the evaluation without it (30
//! games, 200 ms): off. Level 7 places by MCTS instead (see the crate's docs).

use super::{set_term, Evaluator};
use std::sync::OnceLock;
use tabla_core::{Cell, Game, Player, ToMove};
use tabla_games::seega::{Seega, SeegaConfig};

/// The terms, by name, in the order of [`SeegaEval::weights`]:
/// - `material`: per stone (on the board or in hand);
/// - `mobility`: per legal step;
/// - `capture`: the side to move, per stone its best single step captures;
/// - `threat`: the side not to move, per enemy stone it could capture with one step;
/// - `safe`: per stone on the centre or in a corner;
/// - `centre_ring`: while placing, per stone next to the centre;
/// - `edge`: per stone on the edge (not a corner);
/// - `tempo`: for being the side to move;
/// - `flank`: while placing, per enemy stone next to the centre with my stone beyond it on
///   the same line: what entering the centre, the first step of the moving phase, takes.
///
/// And while placing only, where the moving phase will begin (fitted to the value
/// `tabla analyse` gives the position where moving starts, see [`SeegaEval::default`]):
/// - `ring_orth`, `ring_diag`: per stone next to the centre orthogonally, diagonally;
/// - `edge_mid`, `edge_side`: per stone on the middle of a side, next to a corner;
/// - `orth_same`, `diag_same`: per line from the centre (orthogonal, diagonal) whose two
///   nearest cells are both mine;
/// - `orth_flank`, `diag_flank`: per such line with the enemy next to the centre and my
///   stone beyond it (what my stone entering the centre would take).
pub const TERMS: [&str; 17] = [
    "material",
    "mobility",
    "capture",
    "threat",
    "safe",
    "centre_ring",
    "edge",
    "tempo",
    "flank",
    "ring_orth",
    "ring_diag",
    "edge_mid",
    "edge_side",
    "orth_same",
    "orth_flank",
    "diag_same",
    "diag_flank",
];

/// How many terms.
const N: usize = TERMS.len();

/// The weights of the terms (my count minus the enemy's), in the order of [`TERMS`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeegaEval {
    /// One weight per term.
    pub weights: [i32; N],
}

impl Default for SeegaEval {
    fn default() -> Self {
        SeegaEval { weights: [166, 0, 114, 32, 39, 0, 42, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] }
    }
}

/// One board's tables: cells by row-major index, their neighbours by direction.
struct Tables {
    n: usize,
    dirs: usize,
    /// The game's cell for each row-major index.
    cell: Vec<Cell>,
    /// `nb[i * 8 + d]`: the neighbour of `i` in direction `d` (`d + dirs / 2` is opposite),
    /// or `usize::MAX` off the board.
    nb: Vec<usize>,
    centre: usize,
    corners: u128,
    ring: u128,
    edges: u128,
    /// The centre's orthogonal neighbours (the rest of `ring` is diagonal).
    ring_orth: u128,
    /// The middle cell of each side.
    edge_mid: u128,
    /// The edge cells next to a corner.
    edge_side: u128,
    /// Per direction from the centre: its nearest cell and the one beyond (`OFF` if none),
    /// and whether the direction is diagonal.
    lines: Vec<(usize, usize, bool)>,
}

const OFF: usize = usize::MAX;

fn tables(config: SeegaConfig) -> &'static Tables {
    static T: [OnceLock<Tables>; 6] = [const { OnceLock::new() }; 6];
    let k = usize::from((config.size - 5) / 2) * 2 + usize::from(config.diagonal);
    T[k].get_or_init(|| {
        let n = usize::from(config.size);
        let g = Seega::new(SeegaConfig {
            size: config.size,
            diagonal: config.diagonal,
            ..SeegaConfig::default()
        });
        let cell: Vec<Cell> = (0..n * n)
            .map(|i| {
                let name = format!("{}{}", (b'a' + (i % n) as u8) as char, i / n + 1);
                g.cell(&name).expect("every square is a cell")
            })
            .collect();
        // Directions in opposite pairs: d and d + dirs/2.
        let steps: &[(i32, i32)] = if config.diagonal {
            &[(1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)]
        } else {
            &[(1, 0), (0, 1), (-1, 0), (0, -1)]
        };
        let mut nb = vec![OFF; n * n * 8];
        for i in 0..n * n {
            let (f, r) = ((i % n) as i32, (i / n) as i32);
            for (d, &(df, dr)) in steps.iter().enumerate() {
                let (g2, r2) = (f + df, r + dr);
                if (0..n as i32).contains(&g2) && (0..n as i32).contains(&r2) {
                    nb[i * 8 + d] = (r2 as usize) * n + g2 as usize;
                }
            }
        }
        let centre = (n / 2) * n + n / 2;
        let corners = [0, n - 1, n * (n - 1), n * n - 1].iter().fold(0u128, |m, &i| m | 1 << i);
        let ring = (0..steps.len())
            .filter_map(|d| Some(nb[centre * 8 + d]).filter(|&x| x != OFF))
            .fold(0u128, |m, i| m | 1 << i);
        let edges = (0..n * n)
            .filter(|&i| i % n == 0 || i % n == n - 1 || i / n == 0 || i / n == n - 1)
            .fold(0u128, |m, i| m | 1 << i)
            & !corners;
        let mask = |f: &dyn Fn(usize, usize) -> bool| {
            (0..n * n).filter(|&i| f(i % n, i / n)).fold(0u128, |m, i| m | 1 << i)
        };
        let (mid, last) = (n / 2, n - 1);
        let ring_orth = ring & mask(&|f, r| f == mid || r == mid);
        let edge_mid = edges & mask(&|f, r| f == mid || r == mid);
        let edge_side = edges
            & mask(&|f, r| {
                let near = |x: usize| x == 1 || x + 2 == n;
                ((f == 0 || f == last) && near(r)) || ((r == 0 || r == last) && near(f))
            });
        let lines = steps
            .iter()
            .enumerate()
            .map(|(d, &(df, dr))| {
                let r = nb[centre * 8 + d];
                (r, if r == OFF { OFF } else { nb[r * 8 + d] }, df != 0 && dr != 0)
            })
            .collect();
        Tables {
            n,
            dirs: steps.len(),
            cell,
            nb,
            centre,
            corners,
            ring,
            edges,
            ring_orth,
            edge_mid,
            edge_side,
            lines,
        }
    })
}

impl SeegaEval {
    /// Steps, the best single-step capture and the enemy stones one step can take, for `p`
    /// on the board `own`/`enemy` (bits by row-major index).
    fn tactics(t: &Tables, own: u128, enemy: u128) -> (i32, i32, i32) {
        let all = (1u128 << (t.n * t.n)) - 1;
        let empty = all & !own & !enemy;
        let mut steps = 0;
        let mut best = 0;
        let mut takeable = 0u128;
        let mut e_bits = empty;
        while e_bits != 0 {
            let e = e_bits.trailing_zeros() as usize;
            e_bits &= e_bits - 1;
            for d in 0..t.dirs {
                let s = t.nb[e * 8 + d];
                if s == OFF || own >> s & 1 == 0 {
                    continue;
                }
                steps += 1;
                // `s` steps to `e`: enemies next to `e` with `p`'s stone beyond are taken.
                let mut taken = 0;
                for j in 0..t.dirs {
                    let x = t.nb[e * 8 + j];
                    if x == OFF || x == t.centre || enemy >> x & 1 == 0 {
                        continue;
                    }
                    let y = t.nb[x * 8 + j];
                    if y != OFF && y != s && own >> y & 1 == 1 {
                        taken += 1;
                        takeable |= 1 << x;
                    }
                }
                best = best.max(taken);
            }
        }
        (steps, best, takeable.count_ones() as i32)
    }
}

impl SeegaEval {
    /// Each player's count of every term.
    fn counts(g: &Seega) -> [[i32; N]; 2] {
        let t = tables(g.config());
        let mut bits = [0u128; 2];
        for (i, &c) in t.cell.iter().enumerate() {
            if let Some(p) = g.owner(c) {
                bits[p.index()] |= 1 << i;
            }
        }
        let each = i32::from(g.config().stones_each());
        let mut c = [[0i32; N]; 2];
        // Stones in hand are stones too (placing never captures).
        let placing = !g.is_moving_phase();
        let mover = match g.to_move() {
            ToMove::Player(p) => p.index(),
            _ => 2,
        };
        for p in 0..2 {
            c[p][0] = if placing { each } else { bits[p].count_ones() as i32 };
            c[p][4] = (bits[p] & (t.corners | 1 << t.centre)).count_ones() as i32;
            c[p][6] = (bits[p] & t.edges).count_ones() as i32;
            c[p][7] = i32::from(p == mover);
            if placing {
                c[p][5] = (bits[p] & t.ring).count_ones() as i32;
                let (me, them) = (bits[p], bits[1 - p]);
                c[p][9] = (me & t.ring_orth).count_ones() as i32;
                c[p][10] = (me & t.ring & !t.ring_orth).count_ones() as i32;
                c[p][11] = (me & t.edge_mid).count_ones() as i32;
                c[p][12] = (me & t.edge_side).count_ones() as i32;
                for &(r, e, diagonal) in &t.lines {
                    if e == OFF || me >> e & 1 == 0 {
                        continue;
                    }
                    let k = if diagonal { 15 } else { 13 };
                    if me >> r & 1 == 1 {
                        c[p][k] += 1;
                    } else if them >> r & 1 == 1 {
                        c[p][k + 1] += 1;
                    }
                }
                // `flank` is both directions' flanks together.
                c[p][8] = c[p][14] + c[p][16];
            } else {
                let (steps, best, takeable) = Self::tactics(t, bits[p], bits[1 - p]);
                c[p][1] = steps;
                if p == mover {
                    c[p][2] = best;
                } else {
                    c[p][3] = takeable;
                }
            }
        }
        c
    }
}

impl Evaluator<Seega> for SeegaEval {
    fn evaluate(&self, g: &Seega, me: Player) -> i32 {
        let c = Self::counts(g);
        let (a, b) = (&c[me.index()], &c[1 - me.index()]);
        (0..TERMS.len()).map(|k| self.weights[k] * (a[k] - b[k])).sum()
    }

    fn shown(&self, p: f64) -> f64 {
        // Self-play on 5×5 (`examples/calibration.rs`, 3,368 predictions;
        // `bench/calibrate.py`): the searched chances are too timid in every phase, and
        // halving the temperature fits them all (expected calibration error 0.057 to 0.027).
        super::tempered(p, 0.5)
    }

    fn scale(&self) -> f64 {
        150.0
    }

    fn features(&self, g: &Seega, me: Player) -> Option<Vec<(&'static str, f64)>> {
        let c = Self::counts(g);
        let (a, b) = (&c[me.index()], &c[1 - me.index()]);
        Some((0..TERMS.len()).map(|k| (TERMS[k], f64::from(a[k] - b[k]))).collect())
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
    fn material_and_captures_count() {
        let e = SeegaEval::default();
        let g = Seega::new(SeegaConfig::default());
        assert_eq!(e.evaluate(&g, Player(0)), e.weights[7], "only the move differs");
        // First (X) to move can take O on c4 by b4-c3? Pattern: X steps next to O with X
        // beyond: X on c5, O on c4, X steps into c3 from b3.
        let d =
            Seega::from_diagram(SeegaConfig::default(), "..X../..O../...../.X.../....O", Player(0))
                .unwrap();
        let (x, o) = (e.evaluate(&d, Player(0)), e.evaluate(&d, Player(1)));
        assert_eq!(x, -o);
        assert!(x > 0, "X can take a stone: {x}");
    }

    #[test]
    fn placing_terms_see_the_lines_through_the_centre() {
        let mut g = Seega::new(SeegaConfig::default());
        for t in ["b3,a3", "d3,c1", "c2,e3", "b4,a5", "b1,e4"] {
            let m = g.parse_move(t).unwrap();
            g.play(m);
        }
        // First: b3 c2 (next to the centre), a3 e3 (middles of sides), b1 e4 (next to
        // corners); Second: d3, b4 (diagonal), c1 (a middle), a5 (a corner).
        let f: std::collections::HashMap<_, _> =
            SeegaEval::default().features(&g, Player(0)).unwrap().into_iter().collect();
        let want = [
            ("ring_orth", 1.0),  // b3 c2 against d3
            ("ring_diag", -1.0), // b4
            ("edge_mid", 1.0),   // a3 e3 against c1
            ("edge_side", 2.0),  // b1 e4
            ("orth_same", 1.0),  // b3 with a3 beyond
            ("orth_flank", 0.0), // e3 beyond d3, against c1 beyond c2
            ("diag_same", -1.0), // b4 with a5 beyond
            ("diag_flank", 0.0),
        ];
        for (k, v) in want {
            assert_eq!(f[k], v, "{k}");
        }
        // Only while placing.
        let d =
            Seega::from_diagram(SeegaConfig::default(), "O..../.X.../X.+O./..X../..O..", Player(1))
                .unwrap();
        let f = SeegaEval::default().features(&d, Player(0)).unwrap();
        assert!(
            f.iter()
                .filter(|(k, _)| k.contains('_') && *k != "centre_ring")
                .all(|(_, v)| *v == 0.0),
            "{f:?}"
        );
    }
}
