//! Amazons knowledge, after the strong programs (Amazong, Invader, Lieberum's thesis):
//! territory by queen-move distance (who reaches an empty cell in fewer queen moves owns
//! it), the same by king-move distance (which matters more early, when the queen-move view
//! is too optimistic), a smooth "position" term (2^-d of each side's distance, which says
//! how firmly a cell is held), and queen mobility (a queen with few cells in sight is nearly
//! lost).
//!
//! Partners (teams) count as one side, and every player not on the side as the other;
//! players who are out count for nobody. Boards of at most 128 cells run on bitsets; larger
//! ones on per-cell arrays. Nothing is allocated per call.

use super::{set_term, Evaluator};
use tabla_core::{Cell, Game, Player, ToMove};
use tabla_games::amazons::{Amazons, Rays128, MAX_CELLS};

/// The terms, each of which can be switched off to measure what it adds.
#[derive(Clone, Copy, Debug)]
pub struct AmazonsEval {
    /// Weight of queen-distance territory (per cell).
    pub queen_territory: i32,
    /// Weight of king-distance territory (per cell).
    pub king_territory: i32,
    /// Weight of the position term (per cell held at distance 1 against none, halving with
    /// each step of distance).
    pub position: i32,
    /// Weight of mobility (about twice the square root of the cells each queen sees).
    pub mobility: i32,
    /// Penalty for a queen that cannot move at all.
    pub trapped: i32,
    /// Worth of a cell both sides reach equally soon, to the side to move, in quarters of
    /// an owned cell.
    pub tie: i32,
}

impl Default for AmazonsEval {
    fn default() -> Self {
        AmazonsEval {
            queen_territory: 10,
            king_territory: 4,
            position: 4,
            mobility: 2,
            trapped: 20,
            tie: 0,
        }
    }
}

const FAR: u8 = u8::MAX;

/// Distances of both sides to every cell, and the side lists.
struct Sides {
    us: [Cell; 8],
    n_us: usize,
    them: [Cell; 12],
    n_them: usize,
}

impl Sides {
    fn of(g: &Amazons, me: Player, eval: &AmazonsEval) -> Sides {
        let mut s = Sides { us: [Cell(0); 8], n_us: 0, them: [Cell(0); 12], n_them: 0 };
        for i in 0..g.player_count() {
            let p = Player(i as u8);
            if g.is_out(p) {
                continue;
            }
            let ours = Evaluator::<Amazons>::allies(eval, g, me, p);
            for &q in g.queens_of(p) {
                if ours && s.n_us < s.us.len() {
                    s.us[s.n_us] = q;
                    s.n_us += 1;
                } else if !ours && s.n_them < s.them.len() {
                    s.them[s.n_them] = q;
                    s.n_them += 1;
                }
            }
        }
        s
    }
    fn us(&self) -> &[Cell] {
        &self.us[..self.n_us]
    }
    fn them(&self) -> &[Cell] {
        &self.them[..self.n_them]
    }
}

fn bits(mut x: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if x == 0 {
            return None;
        }
        let c = x.trailing_zeros();
        x &= x - 1;
        Some(Cell(c as u16 as _))
    })
}

/// Distances in queen moves (`king` false) or king moves from `from` to every cell, through
/// empty cells only, on a bitset board.
fn distances128(rays: &Rays128, occ: u128, from: &[Cell], king: bool, dist: &mut [u8; 128]) {
    dist.fill(FAR);
    let mut frontier = 0u128;
    for &q in from {
        frontier |= 1u128 << q.0;
        dist[q.index()] = 0;
    }
    let mut reached = frontier;
    let mut d = 0u8;
    while frontier != 0 {
        d += 1;
        let mut next = 0u128;
        for c in bits(frontier) {
            next |= if king { rays.adjacent(c) & !occ } else { rays.sight(c, occ, 0) };
        }
        next &= !reached;
        for c in bits(next) {
            dist[c.index()] = d;
        }
        reached |= next;
        frontier = next;
    }
}

/// The same on any board, walking rays cell by cell; `frontier` and `next` are scratch.
fn distances_any(
    g: &Amazons,
    from: &[Cell],
    king: bool,
    dist: &mut [u8; MAX_CELLS],
    frontier: &mut [Cell; MAX_CELLS],
    next: &mut [Cell; MAX_CELLS],
) {
    let geo = &g.config().geo;
    dist[..geo.len()].fill(FAR);
    let mut nf = 0;
    for &q in from {
        dist[q.index()] = 0;
        frontier[nf] = q;
        nf += 1;
    }
    let mut d = 0u8;
    while nf > 0 && d < FAR - 1 {
        d += 1;
        let mut nn = 0;
        for &c in &frontier[..nf] {
            for dir in 0..geo.dir_count() {
                for &t in geo.ray(c, dir) {
                    if !g.content(t).is_empty() {
                        break;
                    }
                    if dist[t.index()] > d {
                        dist[t.index()] = d;
                        next[nn] = t;
                        nn += 1;
                    }
                    if king {
                        break;
                    }
                }
            }
        }
        frontier[..nn].copy_from_slice(&next[..nn]);
        nf = nn;
    }
}

/// Per-cell territory of one distance pair in quarter cells: 4 owned, `tie` (for the side
/// to move) when both reach it equally soon.
#[inline]
fn territory(a: u8, b: u8, tie: i32) -> i32 {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => 4,
        std::cmp::Ordering::Greater => -4,
        std::cmp::Ordering::Equal if a == FAR => 0,
        std::cmp::Ordering::Equal => tie,
    }
}

#[inline]
fn position(a: u8, b: u8) -> i32 {
    let p = |d: u8| if d >= 7 { 0 } else { 64 >> d };
    p(a) - p(b)
}

/// About twice the square root of the cells a queen sees (concave: the first free cells
/// matter most).
#[inline]
fn reach_value(n: u32) -> i32 {
    (4.0 * f64::from(n)).sqrt() as i32
}

impl AmazonsEval {
    fn terms128(&self, g: &Amazons, rays: &Rays128, s: &Sides, tie: i32) -> i32 {
        let occ = g.occupied_bits();
        let n = g.config().geo.len();
        let board = if n >= 128 { !0u128 } else { (1u128 << n) - 1 };
        let empty = board & !occ;
        let mut v = 0;
        let mut a = [FAR; 128];
        let mut b = [FAR; 128];
        if self.queen_territory != 0 || self.position != 0 {
            distances128(rays, occ, s.us(), false, &mut a);
            distances128(rays, occ, s.them(), false, &mut b);
            let (mut t, mut p) = (0, 0);
            for c in bits(empty) {
                let (x, y) = (a[c.index()], b[c.index()]);
                t += territory(x, y, tie);
                p += position(x, y);
            }
            v += self.queen_territory * t / 4 + self.position * p / 64;
        }
        if self.king_territory != 0 {
            distances128(rays, occ, s.us(), true, &mut a);
            distances128(rays, occ, s.them(), true, &mut b);
            let t: i32 = bits(empty).map(|c| territory(a[c.index()], b[c.index()], tie)).sum();
            v += self.king_territory * t / 4;
        }
        if self.mobility != 0 || self.trapped != 0 {
            let side = |qs: &[Cell]| -> i32 {
                qs.iter()
                    .map(|&q| {
                        let k = rays.sight(q, occ, 0).count_ones();
                        if k == 0 {
                            -self.trapped
                        } else {
                            self.mobility * reach_value(k)
                        }
                    })
                    .sum()
            };
            v += side(s.us()) - side(s.them());
        }
        v
    }

    fn terms_any(&self, g: &Amazons, s: &Sides, tie: i32) -> i32 {
        let geo = &g.config().geo;
        let mut a = [FAR; MAX_CELLS];
        let mut b = [FAR; MAX_CELLS];
        let mut f = [Cell(0); MAX_CELLS];
        let mut nx = [Cell(0); MAX_CELLS];
        let mut v = 0;
        let empty = |c: &Cell| g.content(*c).is_empty();
        if self.queen_territory != 0 || self.position != 0 {
            distances_any(g, s.us(), false, &mut a, &mut f, &mut nx);
            distances_any(g, s.them(), false, &mut b, &mut f, &mut nx);
            let (mut t, mut p) = (0, 0);
            for c in geo.cells().filter(empty) {
                let (x, y) = (a[c.index()], b[c.index()]);
                t += territory(x, y, tie);
                p += position(x, y);
            }
            v += self.queen_territory * t / 4 + self.position * p / 64;
        }
        if self.king_territory != 0 {
            distances_any(g, s.us(), true, &mut a, &mut f, &mut nx);
            distances_any(g, s.them(), true, &mut b, &mut f, &mut nx);
            let t: i32 =
                geo.cells().filter(empty).map(|c| territory(a[c.index()], b[c.index()], tie)).sum();
            v += self.king_territory * t / 4;
        }
        if self.mobility != 0 || self.trapped != 0 {
            let side = |qs: &[Cell]| -> i32 {
                qs.iter()
                    .map(|&q| {
                        let k: u32 = (0..geo.dir_count())
                            .map(|d| {
                                geo.ray(q, d)
                                    .iter()
                                    .take_while(|&&t| g.content(t).is_empty())
                                    .count() as u32
                            })
                            .sum();
                        if k == 0 {
                            -self.trapped
                        } else {
                            self.mobility * reach_value(k)
                        }
                    })
                    .sum()
            };
            v += side(s.us()) - side(s.them());
        }
        v
    }
}

impl Evaluator<Amazons> for AmazonsEval {
    fn evaluate(&self, g: &Amazons, me: Player) -> i32 {
        let s = Sides::of(g, me, self);
        let tie = match g.to_move() {
            ToMove::Player(p) if Evaluator::<Amazons>::allies(self, g, me, p) => self.tie,
            _ => -self.tie,
        };
        match &g.config().rays128 {
            Some(rays) => self.terms128(g, rays, &s, tie),
            None => self.terms_any(g, &s, tie),
        }
    }

    fn scale(&self) -> f64 {
        60.0
    }

    fn allies(&self, g: &Amazons, a: Player, b: Player) -> bool {
        g.config().same_side(a, b)
    }

    fn tweak(&mut self, key: &str, value: i32) -> Result<(), String> {
        set_term(
            &mut [
                ("queen_territory", &mut self.queen_territory),
                ("king_territory", &mut self.king_territory),
                ("position", &mut self.position),
                ("mobility", &mut self.mobility),
                ("trapped", &mut self.trapped),
                ("tie", &mut self.tie),
            ],
            key,
            value,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabla_core::GameOptions;
    use tabla_games::amazons::OPTIONS;

    fn amazons(words: &[&str]) -> Amazons {
        let w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
        Amazons::from_options(&GameOptions::parse(OPTIONS, &w).unwrap()).unwrap()
    }

    #[test]
    fn the_start_is_even_and_values_are_antisymmetric() {
        let e = AmazonsEval::default();
        let g = amazons(&[]);
        let (w, b) = (e.evaluate(&g, Player(0)), e.evaluate(&g, Player(1)));
        assert_eq!(w, -b);
        assert_eq!(w, 0, "the symmetric start is even");
    }

    #[test]
    fn bitset_and_cell_walk_agree() {
        // 12×12 is over 128 cells: compare with the same position drawn on the walk path by
        // evaluating both kinds of board on positions of a random game.
        let e = AmazonsEval::default();
        let mut g = amazons(&["size=8"]);
        let mut rng =
            <tabla_core::rand::rngs::SmallRng as tabla_core::rand::SeedableRng>::seed_from_u64(4);
        let mut buf = Vec::new();
        for _ in 0..30 {
            if g.to_move() == ToMove::Over {
                break;
            }
            let s = Sides::of(&g, Player(0), &e);
            let rays = g.config().rays128.as_ref().expect("8×8 has bitsets");
            assert_eq!(e.terms128(&g, rays, &s, 1), e.terms_any(&g, &s, 1));
            let m = g.random_move(&mut rng, &mut buf);
            g.play(m);
        }
    }

    #[test]
    fn a_walled_in_queen_is_bad_for_its_owner() {
        // White a3 shut in by stones: Black is far better off.
        let e = AmazonsEval::default();
        let g = amazons(&["layout=1#../##../..../...2"]);
        assert!(e.evaluate(&g, Player(1)) > 30);
    }
}
