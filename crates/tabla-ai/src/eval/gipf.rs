//! GIPF knowledge, after Wentink's Gipfted and the published strategy: pieces are life (a
//! player who cannot enter loses, and captured pieces never return), so the reserve counts
//! most and more the emptier it gets; pieces on the board count less (they can be taken);
//! GIPF pieces are insurance (losing the last one loses the game), so a lone GIPF piece is a
//! worry; pieces near the centre sit on more lines and are harder to trap; three of a colour
//! in four points of a line with the fourth empty are a row in the making.

use super::{set_term, Evaluator};
use std::sync::OnceLock;
use tabla_core::geometry::HEX_DIRS;
use tabla_core::{Cell, Game, Geometry, Player, ToMove};
use tabla_games::gipf::{Gipf, Variant};

/// The terms, each of which can be changed by name to measure what it adds.
#[derive(Clone, Copy, Debug)]
pub struct GipfEval {
    /// Per piece in the reserve.
    pub reserve: i32,
    /// Extra worth of each of the last few reserve pieces (the k-th last counts
    /// `low_reserve * (6 - k) / 5` more), for 1 ≤ k ≤ 5.
    pub low_reserve: i32,
    /// Per single piece on the board.
    pub board: i32,
    /// Per GIPF piece on the board (two pieces' worth is in it).
    pub gipf: i32,
    /// Penalty for having a single GIPF piece left to lose.
    pub last_gipf: i32,
    /// Per piece per ring towards the centre (outer ring 0, centre 3).
    pub centre: i32,
    /// Per window of four points on a line holding three of one's pieces and one empty.
    pub threat: i32,
    /// For the side to move (it makes the next row).
    pub tempo: i32,
}

impl Default for GipfEval {
    fn default() -> Self {
        GipfEval {
            reserve: 100,
            low_reserve: 60,
            board: 55,
            gipf: 170,
            last_gipf: 120,
            centre: 6,
            threat: 12,
            tempo: 10,
        }
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
    fn reserve_value(&self, r: u8) -> i32 {
        let r = i32::from(r);
        let low: i32 = (1..=r.min(5)).map(|k| self.low_reserve * (6 - k) / 5).sum();
        self.reserve * r + low
    }
}

impl Evaluator<Gipf> for GipfEval {
    fn evaluate(&self, g: &Gipf, me: Player) -> i32 {
        let t = tables();
        let s = Snapshot::of(g);
        let mut side = [0i32; 2];
        let mut gipfs = [0i32; 2];
        for (c, ring) in &t.points {
            let k = s.cells[c.index()];
            if k == 0 {
                continue;
            }
            let p = usize::from((k - 1) >> 1);
            let is_gipf = (k - 1) & 1 == 1;
            side[p] += if is_gipf { self.gipf } else { self.board } + self.centre * ring;
            gipfs[p] += i32::from(is_gipf);
        }
        for (p, v) in side.iter_mut().enumerate() {
            *v += self.reserve_value(g.reserve(Player(p as u8)));
            // A lone GIPF piece is one take from defeat (where losing them loses).
            if g.variant() != Variant::Basic && gipfs[p] == 1 {
                *v -= self.last_gipf;
            }
        }
        if self.threat != 0 {
            for line in &t.lines {
                for w in line.windows(4) {
                    let mut count = [0; 2];
                    let mut empty = 0;
                    for &c in w {
                        match s.owner(c) {
                            Some(p) => count[p] += 1,
                            None => empty += 1,
                        }
                    }
                    if empty == 1 {
                        for p in 0..2 {
                            if count[p] == 3 {
                                side[p] += self.threat;
                            }
                        }
                    }
                }
            }
        }
        if let ToMove::Player(p) = g.to_move() {
            side[p.index()] += self.tempo;
        }
        side[me.index()] - side[1 - me.index()]
    }

    fn scale(&self) -> f64 {
        150.0
    }

    fn tweak(&mut self, key: &str, value: i32) -> Result<(), String> {
        set_term(
            &mut [
                ("reserve", &mut self.reserve),
                ("low_reserve", &mut self.low_reserve),
                ("board", &mut self.board),
                ("gipf", &mut self.gipf),
                ("last_gipf", &mut self.last_gipf),
                ("centre", &mut self.centre),
                ("threat", &mut self.threat),
                ("tempo", &mut self.tempo),
            ],
            key,
            value,
        )
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
        assert_eq!(e.evaluate(&g, Player(0)), e.tempo, "only the move differs");
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
