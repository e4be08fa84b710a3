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
    /// Worth of a cell both sides reach equally soon (by queen or by king moves), to the
    /// side to move.
    pub tie: i32,
    /// The worth of having the move, in 16ths per empty cell that both sides reach
    /// ([`Evaluator::evaluate_either`] only): early, a move takes much of the open board.
    pub tempo: i32,
    /// What a move costs its side once the board is divided: a stone in its own room.
    pub move_cost: i32,
    /// 1: the weights of territory, position and mobility follow the phase of the game
    /// ([`PHASE_WEIGHTS`], fitted to results) instead of the fixed weights above; the tempo
    /// and the move's cost scale with the territory weights.
    pub phased: i32,
}

/// Weights by the share of the board still empty, rounded from a fit to the results of 492
/// games on 10×10 (`examples/amazons_fit.rs`, `bench/fit_phases.py`; logit × 60, so that a value is
/// in the units of [`Evaluator::scale`]): early only the smooth position term foretells the
/// result, in the middle king-move territory and mobility outweigh queen-move territory,
/// and late every cell counts for much more, as the result is nearly settled. Columns: empty
/// share (per mille), queen territory, king territory, position, mobility.
pub const PHASE_WEIGHTS: [(i32, i32, i32, i32, i32); 6] = [
    (900, 3, 3, 12, 1),
    (700, 3, 4, 6, 1),
    (550, 6, 9, 3, 6),
    (400, 18, 20, 1, 10),
    (220, 32, 34, 12, 8),
    (100, 60, 60, 10, 7),
];

impl Default for AmazonsEval {
    fn default() -> Self {
        AmazonsEval {
            queen_territory: 10,
            king_territory: 4,
            position: 4,
            mobility: 2,
            trapped: 20,
            tie: 0,
            tempo: 8,
            move_cost: 10,
            phased: 0,
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

/// The raw terms of one evaluation, for the side against the rest (counts of cells, mine
/// minus theirs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Terms {
    /// Cells nearer to us by queen moves, minus those nearer to them.
    queen: i32,
    /// The same by king moves.
    king: i32,
    /// Cells both reach equally soon (queen and king distance counted separately), signed:
    /// positive when we are to move.
    ties: i32,
    /// Σ (2^-d(us) − 2^-d(them)) over empty cells, in 64ths.
    position64: i32,
    /// Σ over queens of about twice the square root of the cells each sees, ours minus
    /// theirs.
    mobility: i32,
    /// Queens that cannot move, ours minus theirs.
    trapped: i32,
    /// Empty cells that both sides reach (by queen moves): the open board.
    shared: i32,
    /// Empty cells, in thousandths of the board's cells (the phase).
    empty_permille: i32,
}

/// Adds one cell's distance pair to the territory counts.
#[inline]
fn count(a: u8, b: u8, territory: &mut i32, ties: &mut i32) {
    match a.cmp(&b) {
        std::cmp::Ordering::Less => *territory += 1,
        std::cmp::Ordering::Greater => *territory -= 1,
        std::cmp::Ordering::Equal if a == FAR => {}
        std::cmp::Ordering::Equal => *ties += 1,
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

fn permille(part: usize, whole: usize) -> i32 {
    (part * 1000 / whole.max(1)) as i32
}

/// Which terms to compute (weights of 0 need none).
#[derive(Clone, Copy)]
struct Need {
    queen: bool,
    king: bool,
    mobility: bool,
}

impl AmazonsEval {
    fn need(&self) -> Need {
        if self.phased != 0 {
            // The phase's weights are never all zero.
            return Need { queen: true, king: true, mobility: true };
        }
        Need {
            queen: self.queen_territory != 0 || self.position != 0 || self.tie != 0,
            king: self.king_territory != 0 || self.tie != 0,
            mobility: self.mobility != 0 || self.trapped != 0,
        }
    }

    /// The weights of queen and king territory, position and mobility at this phase.
    fn weights(&self, t: &Terms) -> (i32, i32, i32, i32) {
        if self.phased == 0 {
            return (self.queen_territory, self.king_territory, self.position, self.mobility);
        }
        let e = t.empty_permille;
        let rows = &PHASE_WEIGHTS;
        let i = rows.iter().position(|r| r.0 <= e).unwrap_or(rows.len());
        if i == 0 || i == rows.len() {
            let r = rows[i.min(rows.len() - 1)];
            return (r.1, r.2, r.3, r.4);
        }
        let (a, b) = (rows[i - 1], rows[i]);
        // Linear between the two rows around `e` (a.0 > e ≥ b.0).
        let mix = |x: i32, y: i32| y + (x - y) * (e - b.0) / (a.0 - b.0);
        (mix(a.1, b.1), mix(a.2, b.2), mix(a.3, b.3), mix(a.4, b.4))
    }

    fn weigh(&self, t: &Terms) -> i32 {
        let (queen, king, position, mobility) = self.weights(t);
        queen * t.queen
            + king * t.king
            + self.tie * t.ties
            + position * t.position64 / 64
            + mobility * t.mobility
            - self.trapped * t.trapped
    }

    fn terms128(g: &Amazons, rays: &Rays128, s: &Sides, need: Need) -> Terms {
        let occ = g.occupied_bits();
        let n = g.config().geo.len();
        let board = if n >= 128 { !0u128 } else { (1u128 << n) - 1 };
        let empty = board & !occ;
        let mut t =
            Terms { empty_permille: permille(empty.count_ones() as usize, n), ..Terms::default() };
        let mut a = [FAR; 128];
        let mut b = [FAR; 128];
        if need.queen {
            distances128(rays, occ, s.us(), false, &mut a);
            distances128(rays, occ, s.them(), false, &mut b);
            for c in bits(empty) {
                let (x, y) = (a[c.index()], b[c.index()]);
                count(x, y, &mut t.queen, &mut t.ties);
                t.position64 += position(x, y);
                t.shared += i32::from(x != FAR && y != FAR);
            }
        }
        if need.king {
            distances128(rays, occ, s.us(), true, &mut a);
            distances128(rays, occ, s.them(), true, &mut b);
            for c in bits(empty) {
                count(a[c.index()], b[c.index()], &mut t.king, &mut t.ties);
            }
        }
        if need.mobility {
            for (qs, sign) in [(s.us(), 1), (s.them(), -1)] {
                for &q in qs {
                    match rays.sight(q, occ, 0).count_ones() {
                        0 => t.trapped += sign,
                        k => t.mobility += sign * reach_value(k),
                    }
                }
            }
        }
        t
    }

    fn terms_any(g: &Amazons, s: &Sides, need: Need) -> Terms {
        let geo = &g.config().geo;
        let mut a = [FAR; MAX_CELLS];
        let mut b = [FAR; MAX_CELLS];
        let mut f = [Cell(0); MAX_CELLS];
        let mut nx = [Cell(0); MAX_CELLS];
        let empty = |c: &Cell| g.content(*c).is_empty();
        let mut t = Terms {
            empty_permille: permille(geo.cells().filter(empty).count(), geo.len()),
            ..Terms::default()
        };
        if need.queen {
            distances_any(g, s.us(), false, &mut a, &mut f, &mut nx);
            distances_any(g, s.them(), false, &mut b, &mut f, &mut nx);
            for c in geo.cells().filter(empty) {
                let (x, y) = (a[c.index()], b[c.index()]);
                count(x, y, &mut t.queen, &mut t.ties);
                t.position64 += position(x, y);
                t.shared += i32::from(x != FAR && y != FAR);
            }
        }
        if need.king {
            distances_any(g, s.us(), true, &mut a, &mut f, &mut nx);
            distances_any(g, s.them(), true, &mut b, &mut f, &mut nx);
            for c in geo.cells().filter(empty) {
                count(a[c.index()], b[c.index()], &mut t.king, &mut t.ties);
            }
        }
        if need.mobility {
            for (qs, sign) in [(s.us(), 1), (s.them(), -1)] {
                for &q in qs {
                    let k: u32 = (0..geo.dir_count())
                        .map(|d| {
                            geo.ray(q, d).iter().take_while(|&&c| g.content(c).is_empty()).count()
                                as u32
                        })
                        .sum();
                    match k {
                        0 => t.trapped += sign,
                        k => t.mobility += sign * reach_value(k),
                    }
                }
            }
        }
        t
    }

    fn terms(&self, g: &Amazons, me: Player, need: Need) -> Terms {
        let s = Sides::of(g, me, self);
        let mut t = match &g.config().rays128 {
            Some(rays) => Self::terms128(g, rays, &s, need),
            None => Self::terms_any(g, &s, need),
        };
        // Ties go to the side to move.
        if !self.ours_to_move(g, me) {
            t.ties = -t.ties;
        }
        t
    }

    /// Whether `me` plays on the side to move.
    fn ours_to_move(&self, g: &Amazons, me: Player) -> bool {
        match g.to_move() {
            ToMove::Player(p) => Evaluator::<Amazons>::allies(self, g, me, p),
            _ => false,
        }
    }
}

impl Evaluator<Amazons> for AmazonsEval {
    fn evaluate(&self, g: &Amazons, me: Player) -> i32 {
        self.weigh(&self.terms(g, me, self.need()))
    }

    fn evaluate_either(&self, g: &Amazons, me: Player) -> i32 {
        // Measured on 40 games of level 7 on 10×10 (`examples/amazons_tempo.rs`): before its
        // move the mover's evaluation averages −66 in the first ten plies and +32 after it,
        // −24 and +24 at plies 30–39, and in the end the move costs (plies 70–79: +9
        // before, −17 after): half the gain, about half a point per open cell, less a move's cost.
        let need = Need { queen: true, ..self.need() };
        let t = self.terms(g, me, need);
        let mut tempo = self.tempo * t.shared / 16 - self.move_cost;
        if self.phased != 0 {
            // In cells of territory: scaled as the territory weights are.
            let (q, k, _, _) = self.weights(&t);
            tempo = tempo * (q + k) / (self.queen_territory + self.king_territory).max(1);
        }
        let sign = if self.ours_to_move(g, me) { 1 } else { -1 };
        self.weigh(&t) + sign * tempo
    }

    fn shown_at(&self, g: &Amazons, p: f64) -> f64 {
        // Self-play (`examples/calibration.rs` on 6×6, 8×8 and 10×10, 4,447 predictions;
        // `bench/calibrate.py`): early on, the mover's chances after a shallow search are far
        // too sure (on 10×10 the start looked 0.99 for White), late they are too timid. The
        // fitted shift and temperature by the count of legal moves, the same on every size.
        const PHASES: [(f64, f64, f64); 6] = [
            (5.0, 0.2, 0.25),
            (17.0, 0.0, 0.25),
            (55.0, 0.0, 0.30),
            (173.0, 0.2, 0.9),
            (548.0, 1.0, 3.0),
            (1500.0, 1.0, 8.0),
        ];
        super::by_phase(g, p, &PHASES)
    }

    fn scale(&self) -> f64 {
        60.0
    }

    fn allies(&self, g: &Amazons, a: Player, b: Player) -> bool {
        g.config().same_side(a, b)
    }

    fn features(&self, g: &Amazons, me: Player) -> Option<Vec<(&'static str, f64)>> {
        let t = self.terms(g, me, Need { queen: true, king: true, mobility: true });
        Some(vec![
            ("queen_territory", f64::from(t.queen)),
            ("king_territory", f64::from(t.king)),
            ("position", f64::from(t.position64) / 64.0),
            ("mobility", f64::from(t.mobility)),
            ("trapped", -f64::from(t.trapped)),
            ("tie", f64::from(t.ties)),
            ("shared", f64::from(t.shared)),
        ])
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
                ("tempo", &mut self.tempo),
                ("move_cost", &mut self.move_cost),
                ("phased", &mut self.phased),
            ],
            key,
            value,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::amazons;

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
            let all = Need { queen: true, king: true, mobility: true };
            assert_eq!(
                AmazonsEval::terms128(&g, rays, &s, all),
                AmazonsEval::terms_any(&g, &s, all)
            );
            let m = g.random_move(&mut rng, &mut buf);
            g.play(m);
        }
    }

    #[test]
    fn the_move_is_worth_much_on_an_open_board_and_costs_a_cell_on_a_divided_one() {
        let e = AmazonsEval::default();
        // The 10×10 start: White to move, 92 open cells reached by both.
        let g = amazons(&["size=10"]);
        let (w, b) = (e.evaluate_either(&g, Player(0)), e.evaluate_either(&g, Player(1)));
        assert_eq!(w, -b, "antisymmetric");
        assert_eq!(w, 8 * 92 / 16 - 10, "the mover's tempo on an even board");
        // After White's move Black has the tempo: the plain evaluation flatters White more.
        let mut after = g.clone();
        after.play(after.parse_move("d1-d7/g7").unwrap());
        let plain = e.evaluate(&after, Player(0));
        assert!(e.evaluate_either(&after, Player(0)) < plain - 20, "{plain}");
        // A divided board (a wall of stones): nothing is shared, the move costs its side.
        let g = amazons(&["layout=1.#../..#../..#.2"]);
        let d = e.evaluate(&g, Player(0)) - e.evaluate_either(&g, Player(0));
        assert_eq!(d, e.move_cost);
    }

    #[test]
    fn phased_weights_follow_the_empty_share_of_the_board() {
        let e = AmazonsEval { phased: 1, ..AmazonsEval::default() };
        let at = |permille| e.weights(&Terms { empty_permille: permille, ..Terms::default() });
        let row = |r: (i32, i32, i32, i32, i32)| (r.1, r.2, r.3, r.4);
        // Above the first row and below the last the ends hold; on a row, the row.
        assert_eq!(at(1000), row(PHASE_WEIGHTS[0]));
        assert_eq!(at(0), row(PHASE_WEIGHTS[PHASE_WEIGHTS.len() - 1]));
        assert_eq!(at(550), row(PHASE_WEIGHTS[2]));
        // Halfway between two rows, halfway between their weights.
        let (a, b) = (PHASE_WEIGHTS[2], PHASE_WEIGHTS[3]);
        let (q, k, _, m) = at((a.0 + b.0) / 2);
        for (got, x, y) in [(q, a.1, b.1), (k, a.2, b.2), (m, a.4, b.4)] {
            assert!((2 * got - (x + y)).abs() <= 1, "{got} between {x} and {y}");
        }
        // Off, the fixed weights whatever the phase.
        let fixed = AmazonsEval::default();
        let t = Terms { empty_permille: 300, ..Terms::default() };
        assert_eq!(fixed.weights(&t), (10, 4, 4, 2));
    }

    #[test]
    fn phased_values_stay_antisymmetric_and_grow_as_the_board_fills() {
        let mut e = AmazonsEval::default();
        e.tweak("phased", 1).unwrap();
        let mut g = amazons(&["size=10"]);
        let mut rng =
            <tabla_core::rand::rngs::SmallRng as tabla_core::rand::SeedableRng>::seed_from_u64(7);
        let mut buf = Vec::new();
        for _ in 0..60 {
            if g.to_move() == ToMove::Over {
                break;
            }
            for f in [AmazonsEval::evaluate, AmazonsEval::evaluate_either] {
                assert_eq!(f(&e, &g, Player(0)), -f(&e, &g, Player(1)));
            }
            let m = g.random_move(&mut rng, &mut buf);
            g.play(m);
        }
        // A cell of territory late is worth more than early: the result is nearer.
        let early = e.weights(&Terms { empty_permille: 900, ..Terms::default() });
        let late = e.weights(&Terms { empty_permille: 300, ..Terms::default() });
        assert!(late.0 + late.1 > 4 * (early.0 + early.1), "{early:?} {late:?}");
    }

    #[test]
    fn a_walled_in_queen_is_bad_for_its_owner() {
        // White a3 shut in by stones: Black is far better off.
        let e = AmazonsEval::default();
        let g = amazons(&["layout=1#../##../..../...2"]);
        assert!(e.evaluate(&g, Player(1)) > 30);
    }
}
