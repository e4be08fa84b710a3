//! Exact tables of Seega endgames: the value of every phase-2 position with few stones left,
//! for `tabla solve seega`, level 7 and the analysis board.
//!
//! - **Positions.** A table holds every phase-2 position in which neither side has more than
//!   `most` stones (and both at least two: with one the game is over), seen from the player
//!   to move: the mover's stones, the opponent's, and the quiet count. The rules treat the
//!   two players alike once the stones are down (who starts only matters when phase 2 begins,
//!   so `start` and `place` do not enter), and the board's eight symmetries (turns and
//!   mirror images, which keep the centre, the lines and the capture patterns) map values to
//!   values, so one position of each symmetry class is kept: its key is the smallest of the
//!   eight images' keys, and keys are sorted for binary search.
//! - **Material classes** are the unordered stone counts {more, fewer}. A capture leaves a
//!   class for a smaller one with the quiet count back to 0, so classes are built smallest
//!   first and a capture's value is read from layer 0 of a class already built.
//! - **The quiet rule as layers.** With `quiet=N` a class has N layers, one per quiet count
//!   q < N. A turn without capture (a pass too) leads to layer q + 1 of the same class, and
//!   from layer N − 1 to the end of the game by stone count. So within a class the graph has
//!   no cycle: layer N − 1 first, then each layer from the one above, one pass each. No
//!   retrograde iteration is needed.
//! - **Successors come from the rules** ([`Seega`]'s `legal_moves` and `play`, on a position
//!   made by [`Seega::from_stones`]): the table agrees with the rules by construction. The
//!   moves depend on the quiet count only at q = N − 1 (where every quiet turn ends the game,
//!   which the blocking rule treats as never blocking), so each position's turns are listed
//!   twice, at q = 0 and at N − 1, and a pass over a layer is a walk over stored successors.
//! - **Values** are the result for the mover and the turns to the end of the game with best
//!   play (each player's move or pass is a turn): the winner hurries, the loser delays. One
//!   `i16` a position and layer: win in d is `WIN − d`, loss in d is `d − WIN`, a draw 0.
//!
//! **The repetition rule is not in the tables.** A third occurrence of a position ends the
//! game by stone count, like the quiet rule, but whether a position repeats depends on the
//! positions since the last capture, which no table of positions can hold. The values are
//! those of the position with no earlier positions counted: exact for a position read from
//! a position text (which starts the history afresh, as the rules' decision says), for the
//! start of phase 2 and right after a capture. In a game with earlier positions since the
//! last capture a player may still end the game earlier by repeating, with the quiet rule's
//! verdict (more stones wins, equal is a draw): a win "in N" the table finds may then be cut
//! short, or a loss become a draw, only by the player who repeats choosing to. Where this
//! module values moves of a real game ([`SeegaTable::move_values`]) a turn that ends the game
//! at once (by repetition too) gets the rules' own result; the table values what follows.
//!
//! Figures (`bench/results/seega-tables.md`): on 5×5, at most three stones a side is 587,232
//! positions after symmetry, 29 million values at quiet=50 (59 MB), built in about 4 s and
//! 100 MB; two a side (9,664 positions) in 0.03 s.

use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tabla_core::{Game, Player, ToMove};
use tabla_games::seega::{Seega, SeegaConfig, SeegaMove, Start};

/// A win at once; a win in d turns is `WIN − d`.
pub const WIN: i16 = 32_000;

/// Largest quiet limit a table is built for: longer limits would give distances beyond the
/// `i16` values (and tables too large to keep).
pub const MAX_QUIET: u32 = 2_000;

/// Most values (positions × quiet layers) a table built on demand may hold: 128 MB of
/// values. 5×5 with three stones a side fits up to quiet=109 (29 million values at the
/// default 50); four a side (18 million positions) does not.
pub const MEMORY_CELLS: u64 = 64_000_000;

/// Most values of a table built inside a request (analysis, a move of level 7) without
/// waiting: milliseconds of work (5×5 with two stones a side is 9,500 positions).
pub const QUICK_CELLS: u64 = 1_000_000;

const FIRST: Player = Player(0);
const SECOND: Player = Player(1);

/// The exact value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exact {
    /// The mover wins, at the latest after this many turns (with the winner hurrying).
    Win(u32),
    /// Neither side can force a win.
    Draw,
    /// The mover loses, after this many turns at the most (with the loser delaying).
    Loss(u32),
}

impl Exact {
    /// The value of a stored score.
    pub fn from_score(s: i16) -> Exact {
        match s.signum() {
            1 => Exact::Win((WIN - s) as u32),
            0 => Exact::Draw,
            _ => Exact::Loss((s + WIN) as u32),
        }
    }

    /// The stored score: larger is better for the mover (a faster win, a slower loss).
    pub fn score(self) -> i16 {
        match self {
            Exact::Win(d) => WIN - d as i16,
            Exact::Draw => 0,
            Exact::Loss(d) => d as i16 - WIN,
        }
    }

    /// The contract's word: `win`, `draw`, `loss`.
    pub fn word(self) -> &'static str {
        match self {
            Exact::Win(_) => "win",
            Exact::Draw => "draw",
            Exact::Loss(_) => "loss",
        }
    }

    /// Turns to the end of the game with best play; none for a draw.
    pub fn turns(self) -> Option<u32> {
        match self {
            Exact::Win(d) | Exact::Loss(d) => Some(d),
            Exact::Draw => None,
        }
    }

    /// The mover's expected score: 1, ½ or 0.
    pub fn expected(self) -> f64 {
        match self {
            Exact::Win(_) => 1.0,
            Exact::Draw => 0.5,
            Exact::Loss(_) => 0.0,
        }
    }
}

/// The score of a turn for its mover, from the score of the position it leads to (for the
/// opponent, who moves there): one turn further from the end, seen from the other side.
#[inline]
fn back(s: i16) -> i16 {
    match s.signum() {
        1 => 1 - s,
        -1 => -s - 1,
        _ => 0,
    }
}

/// The options that change a table's values, and its reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Board side: 5, 7 or 9.
    pub size: u8,
    /// Whether stones move and capture diagonally.
    pub diagonal: bool,
    /// The quiet rule's limit N: the table's layers.
    pub quiet: u32,
    /// Most stones a side in the table's positions.
    pub most: u8,
}

impl Variant {
    /// The variant that holds `g`'s material, or `None` when `g` is not in phase 2 or a side
    /// has fewer than two stones (the game is over).
    pub fn of(g: &Seega) -> Option<Variant> {
        if !g.is_moving_phase() {
            return None;
        }
        let (a, b) = (g.stones_on_board(FIRST), g.stones_on_board(SECOND));
        if a.min(b) < 2 {
            return None;
        }
        let c = g.config();
        Some(Variant { size: c.size, diagonal: c.diagonal, quiet: c.quiet, most: a.max(b) as u8 })
    }

    /// The options as `-o` words, and the reach (for messages).
    pub fn describe(self) -> String {
        let d = if self.diagonal { "on" } else { "off" };
        format!(
            "size={} diagonal={d} quiet={}, at most {} stones a side",
            self.size, self.quiet, self.most
        )
    }

    /// The rules the table's positions are played under (`start` and `place` do not matter
    /// in phase 2).
    fn config(self) -> SeegaConfig {
        SeegaConfig {
            size: self.size,
            place: 2,
            start: Start::Egyptian,
            diagonal: self.diagonal,
            quiet: self.quiet,
        }
    }

    /// About how many values the table holds (positions after symmetry × layers): the
    /// positions without symmetry over 8, a slight underestimate (symmetric positions count
    /// whole).
    pub fn cells(self) -> u64 {
        let n = u64::from(self.size) * u64::from(self.size);
        let mut positions = 0u64;
        for a in 2..=u64::from(self.most) {
            for b in 2..=u64::from(self.most) {
                positions = positions.saturating_add(binom(n, a).saturating_mul(binom(n - a, b)));
            }
        }
        (positions / 8).saturating_mul(u64::from(self.quiet))
    }

    /// Why no table is built for this variant here, or `None` when one is.
    pub fn too_large(self) -> Option<String> {
        if self.quiet > MAX_QUIET {
            return Some(format!(
                "{}: tables are built for quiet limits up to {MAX_QUIET}; {WHICH}",
                self.describe()
            ));
        }
        let cells = self.cells();
        (cells > MEMORY_CELLS).then(|| {
            format!(
                "{}: the exact table would hold about {cells} values (positions × quiet \
                 counts), more than the {MEMORY_CELLS} built here; {WHICH}",
                self.describe()
            )
        })
    }
}

/// Which tables are built, for messages.
pub const WHICH: &str = "exact tables cover phase 2 with up to 3 stones a side on 5×5 at \
    quiet limits up to 109 (seconds to build; fewer stones or a smaller limit are quicker), 2 a \
    side on 7×7 (quiet up to 400) and 9×9 (quiet up to 51), and any variant whose positions × quiet \
    counts stay under 64 million";

fn binom(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

// ---------------------------------------------------------------------------------------
// Keys and symmetry

/// A board's symmetries and the binomials for keys.
struct Board {
    /// Cells.
    n: usize,
    /// The image of each cell under each of the eight symmetries.
    maps: [[u8; 81]; 8],
    /// `binom[c][k]`: c choose k, for c ≤ 81, k ≤ 9.
    binom: Vec<[u64; 10]>,
}

impl Board {
    fn new(size: u8) -> Board {
        let s = usize::from(size);
        let n = s * s;
        let mut maps = [[0u8; 81]; 8];
        for (t, map) in maps.iter_mut().enumerate() {
            for r in 0..s {
                for f in 0..s {
                    let (mut x, mut y) = (f, r);
                    if t & 1 != 0 {
                        x = s - 1 - x;
                    }
                    if t & 2 != 0 {
                        y = s - 1 - y;
                    }
                    if t & 4 != 0 {
                        std::mem::swap(&mut x, &mut y);
                    }
                    map[r * s + f] = (y * s + x) as u8;
                }
            }
        }
        let binom = (0..=81u64).map(|c| std::array::from_fn(|k| binom(c, k as u64))).collect();
        Board { n, maps, binom }
    }

    /// The colex rank of a set of cells among the sets of its size.
    #[inline]
    fn rank(&self, mut set: u128) -> u64 {
        let mut r = 0;
        let mut i = 1;
        while set != 0 {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            r += self.binom[c][i];
            i += 1;
        }
        r
    }

    /// The key of (mover, opponent) as they stand: the mover's count, then the two ranks.
    #[inline]
    fn key(&self, mover: u128, opp: u128) -> u64 {
        let b = opp.count_ones() as usize;
        (u64::from(mover.count_ones()) << 58)
            | (self.rank(mover) * self.binom[self.n][b] + self.rank(opp))
    }

    /// The image of a set of cells under symmetry `t`.
    #[inline]
    fn image(&self, t: usize, mut set: u128) -> u128 {
        let mut out = 0;
        while set != 0 {
            let c = set.trailing_zeros() as usize;
            set &= set - 1;
            out |= 1u128 << self.maps[t][c];
        }
        out
    }

    /// The smallest key of the eight images.
    #[inline]
    fn canonical(&self, mover: u128, opp: u128) -> u64 {
        (0..8).map(|t| self.key(self.image(t, mover), self.image(t, opp))).min().unwrap_or(0)
    }
}

/// Every set of `k` cells of the board's `n` that avoids `taken`, lowest first.
fn subsets(n: usize, k: usize, taken: u128, out: &mut Vec<u128>) {
    fn go(n: usize, k: usize, from: usize, taken: u128, acc: u128, out: &mut Vec<u128>) {
        if k == 0 {
            out.push(acc);
            return;
        }
        for c in from..n {
            if taken >> c & 1 == 0 {
                go(n, k - 1, c + 1, taken, acc | 1 << c, out);
            }
        }
    }
    out.clear();
    go(n, k, 0, taken, 0, out);
}

// ---------------------------------------------------------------------------------------
// The table

/// One material class {more, fewer}: its positions' keys, sorted, and the values by layer
/// (quiet count) then position.
struct Class {
    more: u8,
    fewer: u8,
    keys: Vec<u64>,
    values: Vec<i16>,
}

impl Class {
    fn index(&self, key: u64) -> Option<usize> {
        self.keys.binary_search(&key).ok()
    }
}

/// What a build found about one material class (for `bench/results/seega-tables.md`).
#[derive(Clone, Debug, Default)]
pub struct ClassStats {
    /// Stones of the side with more, and of the other.
    pub more: u8,
    /// Stones of the side with fewer (or as many).
    pub fewer: u8,
    /// Positions after symmetry (each with either side to move).
    pub positions: u64,
    /// At quiet count 0, by the mover's stones (`more`, then `fewer` when they differ).
    pub sides: Vec<SideStats>,
    /// Successor edges stored (turns without capture).
    pub edges: u64,
    /// Time to build the class.
    pub time: Duration,
    /// Bytes of its values and keys.
    pub bytes: u64,
}

/// The results at quiet count 0 of a class's positions with the mover holding `mover`
/// stones.
#[derive(Clone, Debug, Default)]
pub struct SideStats {
    /// The mover's stones.
    pub mover: u8,
    /// Positions.
    pub positions: u64,
    /// Positions won for the mover.
    pub wins: u64,
    /// Positions drawn.
    pub draws: u64,
    /// Positions lost for the mover.
    pub losses: u64,
    /// The longest win (turns to the end).
    pub longest_win: u32,
    /// The longest loss (turns to the end).
    pub longest_loss: u32,
}

/// How a build went.
#[derive(Clone, Debug, Default)]
pub struct BuildStats {
    /// Each class, smallest first.
    pub classes: Vec<ClassStats>,
    /// Time in all.
    pub time: Duration,
    /// Peak bytes of the build's own arrays, estimated (scratch and values counted as if
    /// held at once).
    pub peak_bytes: u64,
}

/// The exact values of a variant's positions with at most [`Variant::most`] stones a side.
pub struct SeegaTable {
    variant: Variant,
    board: Board,
    classes: Vec<Class>,
}

impl SeegaTable {
    /// Builds the table (see the module text), calling `progress` after each class.
    ///
    /// # Errors
    /// The variant is too large ([`Variant::too_large`]).
    pub fn build(
        v: Variant,
        progress: &mut dyn FnMut(&ClassStats),
    ) -> Result<(SeegaTable, BuildStats), String> {
        if let Some(why) = v.too_large() {
            return Err(why);
        }
        if v.most < 2 || u32::from(v.most) > u32::from(v.config().stones_each()) {
            return Err(format!("{}: expected 2 to the stones each side has", v.describe()));
        }
        let start = Instant::now();
        let mut t = SeegaTable { variant: v, board: Board::new(v.size), classes: Vec::new() };
        let mut stats = BuildStats::default();
        for total in 4..=2 * v.most {
            for fewer in 2..=total / 2 {
                let more = total - fewer;
                if more > v.most {
                    continue;
                }
                let (class, s, peak) = t.build_class(more, fewer);
                // The scratch, the classes before and this one's keys and values at once.
                stats.peak_bytes = stats.peak_bytes.max(peak + t.bytes() + s.bytes);
                t.classes.push(class);
                progress(&s);
                stats.classes.push(s);
            }
        }
        stats.time = start.elapsed();
        Ok((t, stats))
    }

    /// Bytes of the finished classes' keys and values.
    fn bytes(&self) -> u64 {
        self.classes.iter().map(|c| (c.keys.len() * 8 + c.values.len() * 2) as u64).sum()
    }

    fn class(&self, a: u32, b: u32) -> Option<&Class> {
        let (more, fewer) = (a.max(b) as u8, a.min(b) as u8);
        self.classes.iter().find(|c| c.more == more && c.fewer == fewer)
    }

    /// The stored score of (mover, opponent) at quiet count `q`, when in the table.
    fn score(&self, mover: u128, opp: u128, q: u32) -> Option<i16> {
        if q >= self.variant.quiet {
            return None;
        }
        let c = self.class(mover.count_ones(), opp.count_ones())?;
        let i = c.index(self.board.canonical(mover, opp))?;
        Some(c.values[q as usize * c.keys.len() + i])
    }

    /// A class's positions, values and figures; also the peak bytes of its scratch.
    fn build_class(&self, more: u8, fewer: u8) -> (Class, ClassStats, u64) {
        let t0 = Instant::now();
        let v = self.variant;
        let b = &self.board;
        // The positions: each symmetry class once, by its smallest key.
        let mut found: Vec<(u64, u128, u128)> = Vec::new();
        let (mut movers, mut opps) = (Vec::new(), Vec::new());
        let orientations: &[(u8, u8)] =
            if more == fewer { &[(more, fewer)] } else { &[(more, fewer), (fewer, more)] };
        for &(a, bb) in orientations {
            subsets(b.n, usize::from(a), 0, &mut movers);
            for &m in &movers {
                subsets(b.n, usize::from(bb), m, &mut opps);
                for &o in &opps {
                    let k = b.key(m, o);
                    if (1..8).all(|t| b.key(b.image(t, m), b.image(t, o)) >= k) {
                        found.push((k, m, o));
                    }
                }
            }
        }
        found.sort_unstable_by_key(|x| x.0);
        let len = found.len();
        let keys: Vec<u64> = found.iter().map(|x| x.0).collect();
        let class = Class { more, fewer, keys, values: Vec::new() };
        // The turns of each position, from the rules.
        let n_layers = v.quiet as usize;
        let cfg = v.config();
        let mut best_capture = vec![i16::MIN; len];
        let mut last = vec![i16::MIN; len];
        let mut offsets = Vec::with_capacity(len + 1);
        let mut succ: Vec<u32> = Vec::new();
        let mut moves = Vec::new();
        offsets.push(0u32);
        let outcome_score = |c: &Seega| -> Option<i16> {
            let o = c.outcome()?;
            Some(if o.is_draw() {
                0
            } else if o.winners.contains(FIRST) {
                WIN - 1
            } else {
                1 - WIN
            })
        };
        for &(_, m, o) in &found {
            // Layer N − 1: every quiet turn ends the game.
            let g = Seega::from_stones(cfg, [m, o], FIRST, v.quiet - 1)
                .expect("table positions are positions");
            g.legal_moves(&mut moves);
            let mut best = i16::MIN;
            for &mv in &moves {
                let mut c = g.clone();
                c.play(mv);
                let s = match outcome_score(&c) {
                    Some(s) => s,
                    None => back(
                        self.score(c.stones_of(SECOND), c.stones_of(FIRST), c.quiet_turns())
                            .expect("a capture leads to a smaller class at quiet count 0"),
                    ),
                };
                best = best.max(s);
            }
            let i = offsets.len() - 1;
            last[i] = best;
            if n_layers >= 2 {
                let g = Seega::from_stones(cfg, [m, o], FIRST, 0)
                    .expect("table positions are positions");
                g.legal_moves(&mut moves);
                for &mv in &moves {
                    let mut c = g.clone();
                    c.play(mv);
                    if let Some(s) = outcome_score(&c) {
                        best_capture[i] = best_capture[i].max(s);
                    } else if c.quiet_turns() == 0 {
                        let s = self
                            .score(c.stones_of(SECOND), c.stones_of(FIRST), 0)
                            .expect("a capture leads to a smaller class");
                        best_capture[i] = best_capture[i].max(back(s));
                    } else {
                        let k = b.canonical(c.stones_of(SECOND), c.stones_of(FIRST));
                        let j = class.index(k).expect("a quiet turn stays in the class");
                        succ.push(j as u32);
                    }
                }
            }
            offsets.push(succ.len() as u32);
        }
        let scratch = (found.len() * 40 + succ.len() * 4 + offsets.len() * 4 + len * 4) as u64;
        drop(found);
        // The layers, from N − 1 down.
        let mut values = vec![0i16; len * n_layers];
        values[(n_layers - 1) * len..].copy_from_slice(&last);
        for q in (0..n_layers - 1).rev() {
            let (below, above) = values.split_at_mut((q + 1) * len);
            let (layer, next) = (&mut below[q * len..], &above[..len]);
            for i in 0..len {
                let mut best = best_capture[i];
                for &j in &succ[offsets[i] as usize..offsets[i + 1] as usize] {
                    best = best.max(back(next[j as usize]));
                }
                debug_assert!(best != i16::MIN, "every position has a turn (a pass at least)");
                layer[i] = best;
            }
        }
        let class = Class { values, ..class };
        let mut s = ClassStats {
            more,
            fewer,
            positions: len as u64,
            edges: succ.len() as u64,
            time: t0.elapsed(),
            bytes: (len * 8 + class.values.len() * 2) as u64,
            ..ClassStats::default()
        };
        for &(mover, _) in orientations {
            let mut side = SideStats { mover, ..SideStats::default() };
            for (&k, &x) in class.keys.iter().zip(&class.values[..len]) {
                if k >> 58 != u64::from(mover) {
                    continue;
                }
                side.positions += 1;
                match Exact::from_score(x) {
                    Exact::Win(d) => {
                        side.wins += 1;
                        side.longest_win = side.longest_win.max(d);
                    }
                    Exact::Draw => side.draws += 1,
                    Exact::Loss(d) => {
                        side.losses += 1;
                        side.longest_loss = side.longest_loss.max(d);
                    }
                }
            }
            s.sides.push(side);
        }
        (class, s, scratch)
    }

    /// The variant the table was built for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Positions in the table (after symmetry).
    pub fn positions(&self) -> u64 {
        self.classes.iter().map(|c| c.keys.len() as u64).sum()
    }

    /// Whether `g` is a position of this table: the same rules, phase 2, not over, and no
    /// side with more than [`Variant::most`] stones.
    pub fn covers(&self, g: &Seega) -> bool {
        let c = g.config();
        let v = self.variant;
        matches!(g.to_move(), ToMove::Player(_))
            && Variant::of(g).is_some_and(|x| x.most <= v.most)
            && (c.size, c.diagonal, c.quiet) == (v.size, v.diagonal, v.quiet)
    }

    /// The table's value of `g` for the player to move, counting no earlier position for the
    /// repetition rule (see the module text); `None` when the table does not cover `g`.
    pub fn value(&self, g: &Seega) -> Option<Exact> {
        if !self.covers(g) {
            return None;
        }
        let ToMove::Player(p) = g.to_move() else { return None };
        let other = Player(1 - p.0);
        self.score(g.stones_of(p), g.stones_of(other), g.quiet_turns()).map(Exact::from_score)
    }

    /// Every legal turn of `g` with its exact value for the mover, in the rules' order: a
    /// turn that ends the game gets the rules' result (a repetition included), any other the
    /// table's value of the position it leads to. `None` when the table does not cover `g`.
    pub fn move_values(&self, g: &Seega) -> Option<Vec<(SeegaMove, Exact)>> {
        if !self.covers(g) {
            return None;
        }
        let ToMove::Player(me) = g.to_move() else { return None };
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut c = g.clone();
                c.play(mv);
                let s = match (c.to_move(), c.outcome()) {
                    (ToMove::Player(p), _) => {
                        back(self.score(c.stones_of(p), c.stones_of(me), c.quiet_turns())?)
                    }
                    (_, Some(o)) if o.is_draw() => 0,
                    (_, Some(o)) if o.winners.contains(me) => WIN - 1,
                    _ => 1 - WIN,
                };
                Some((mv, Exact::from_score(s)))
            })
            .collect()
    }

    /// A turn of best value for the mover (the fastest win, the longest defence, a draw
    /// kept), the first of the rules' order among equals, with its value.
    pub fn best_move(&self, g: &Seega) -> Option<(SeegaMove, Exact)> {
        self.move_values(g)?
            .into_iter()
            .reduce(|a, b| if b.1.score() > a.1.score() { b } else { a })
    }
}

// ---------------------------------------------------------------------------------------
// Tables at hand

/// Most values the tables kept in a process hold together (about 256 MB): a server asked
/// about many quiet limits keeps the newest tables, not all of them.
pub const CACHE_CELLS: u64 = 128_000_000;

/// Tables kept, oldest first.
type Kept = Vec<(Variant, Arc<SeegaTable>)>;

/// Tables built in this process, oldest first.
fn cache() -> &'static Mutex<Kept> {
    static CACHE: OnceLock<Mutex<Kept>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(Vec::new()))
}

/// Whether a table is being built on another thread (one at a time, so that requests for
/// many variants cannot start many builds).
fn building() -> &'static Mutex<bool> {
    static B: OnceLock<Mutex<bool>> = OnceLock::new();
    B.get_or_init(|| Mutex::new(false))
}

/// A table in this process that covers `v` (the same rules, at least as many stones).
fn cached(v: Variant) -> Option<Arc<SeegaTable>> {
    let c = cache().lock().unwrap_or_else(|p| p.into_inner());
    c.iter()
        .filter(|(k, _)| {
            (k.size, k.diagonal, k.quiet) == (v.size, v.diagonal, v.quiet) && k.most >= v.most
        })
        .min_by_key(|(k, _)| k.most)
        .map(|(_, t)| Arc::clone(t))
}

/// Keeps `t`, dropping the oldest tables while all together hold more than [`CACHE_CELLS`].
fn keep(v: Variant, t: &Arc<SeegaTable>) {
    let mut c = cache().lock().unwrap_or_else(|p| p.into_inner());
    c.retain(|(k, _)| *k != v);
    c.push((v, Arc::clone(t)));
    let cells = |c: &[(Variant, Arc<SeegaTable>)]| -> u64 {
        c.iter().map(|(_, t)| t.positions() * u64::from(t.variant.quiet)).sum()
    };
    while c.len() > 1 && cells(&c) > CACHE_CELLS {
        c.remove(0);
    }
}

/// The table for `v`: from this process's cache, else built now (and kept). `progress`
/// hears of each class built.
///
/// # Errors
/// The variant is too large ([`Variant::too_large`]).
pub fn table(
    v: Variant,
    progress: &mut dyn FnMut(&ClassStats),
) -> Result<(Arc<SeegaTable>, Option<BuildStats>), String> {
    if let Some(t) = cached(v) {
        return Ok((t, None));
    }
    let (t, s) = SeegaTable::build(v, progress)?;
    let t = Arc::new(t);
    keep(v, &t);
    Ok((t, Some(s)))
}

/// The table that covers `g` when it can be had at once: already built in this process, or
/// small enough to build in milliseconds ([`QUICK_CELLS`]). A larger one that fits in memory
/// is started on another thread when `build` is set (seconds), so that a later call finds
/// it; nothing waits for it. `None` when `g` is not a phase-2 position or no table is at hand.
pub fn ready(g: &Seega, build: bool) -> Option<Arc<SeegaTable>> {
    let v = Variant::of(g)?;
    if let Some(t) = cached(v) {
        return Some(t);
    }
    if v.too_large().is_some() {
        return None;
    }
    if v.cells() <= QUICK_CELLS {
        return table(v, &mut |_| {}).ok().map(|(t, _)| t);
    }
    if build {
        let mut busy = building().lock().unwrap_or_else(|p| p.into_inner());
        if !*busy {
            *busy = true;
            std::thread::spawn(move || {
                let _ = table(v, &mut |_| {});
                *building().lock().unwrap_or_else(|p| p.into_inner()) = false;
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use tabla_games::seega::SeegaConfig;

    fn config(quiet: u32, diagonal: bool) -> SeegaConfig {
        SeegaConfig { quiet, diagonal, ..SeegaConfig::default() }
    }

    /// Plain negamax with the quiet count and no table: every turn, each child made afresh
    /// (so that no repetition history is carried, as in the table), memoised on (stones,
    /// side, quiet count). The score as the table stores it.
    fn brute(g: &Seega, memo: &mut HashMap<(u128, u128, u8, u32), i16>) -> i16 {
        let ToMove::Player(me) = g.to_move() else { unreachable!() };
        let k = (g.stones_of(FIRST), g.stones_of(SECOND), me.0, g.quiet_turns());
        if let Some(&s) = memo.get(&k) {
            return s;
        }
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut best = i16::MIN;
        for mv in moves {
            let mut c = g.clone();
            c.play(mv);
            let s = match (c.to_move(), c.outcome()) {
                (ToMove::Player(p), _) => {
                    let fresh = Seega::from_stones(
                        g.config(),
                        [c.stones_of(FIRST), c.stones_of(SECOND)],
                        p,
                        c.quiet_turns(),
                    )
                    .unwrap();
                    back(brute(&fresh, memo))
                }
                (_, Some(o)) if o.is_draw() => 0,
                (_, Some(o)) if o.winners.contains(me) => WIN - 1,
                _ => 1 - WIN,
            };
            best = best.max(s);
        }
        memo.insert(k, best);
        best
    }

    /// A small deterministic generator (no dependency needed for a test).
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
        fn stones(&mut self, k: u32, taken: u128, cells: u64) -> u128 {
            let mut s = 0u128;
            while s.count_ones() < k {
                let c = self.below(cells);
                if (taken | s) >> c & 1 == 0 {
                    s |= 1 << c;
                }
            }
            s
        }
    }

    #[test]
    fn the_table_agrees_with_plain_negamax_on_random_small_positions() {
        for diagonal in [true, false] {
            let quiet = 6;
            let v = Variant { size: 5, diagonal, quiet, most: 3 };
            let (t, _) = SeegaTable::build(v, &mut |_| {}).unwrap();
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ u64::from(diagonal));
            let mut memo = HashMap::new();
            let (mut wins, mut draws, mut losses, mut long) = (0, 0, 0, 0);
            for i in 0..300 {
                let (a, b) = [(2, 2), (3, 2), (2, 3), (3, 3)][i % 4];
                let x = rng.stones(a, 0, 25);
                let o = rng.stones(b, x, 25);
                let q = rng.below(u64::from(quiet)) as u32;
                let side = Player((i / 4 % 2) as u8);
                let stones = if side == FIRST { [x, o] } else { [o, x] };
                let g = Seega::from_stones(config(quiet, diagonal), stones, side, q).unwrap();
                let want = Exact::from_score(brute(&g, &mut memo));
                assert_eq!(t.value(&g), Some(want), "{}", g.position_text());
                // Every move's value, and the best move keeps the value.
                let mv = t.move_values(&g).unwrap();
                let top = mv.iter().map(|m| m.1.score()).max().unwrap();
                assert_eq!(top, want.score(), "{}", g.position_text());
                assert_eq!(t.best_move(&g).unwrap().1, want);
                match want {
                    Exact::Win(d) => {
                        wins += 1;
                        long += u32::from(d > 1);
                    }
                    Exact::Draw => draws += 1,
                    Exact::Loss(_) => losses += 1,
                }
            }
            // Every kind of result occurs, so the test tells wrong answers of each kind.
            assert!(wins > 10 && draws > 10 && losses > 10, "{wins} {draws} {losses}");
            assert!(long > 5, "wins that take more than one turn: {long}");
        }
    }

    #[test]
    fn values_agree_under_the_boards_symmetries_and_either_colour() {
        let v = Variant { size: 5, diagonal: true, quiet: 8, most: 2 };
        let (t, _) = SeegaTable::build(v, &mut |_| {}).unwrap();
        let b = Board::new(5);
        let mut rng = Rng(77);
        for i in 0..200 {
            let x = rng.stones(2, 0, 25);
            let o = rng.stones(2, x, 25);
            let q = (i % 8) as u32;
            let base = Seega::from_stones(config(8, true), [x, o], FIRST, q).unwrap();
            let want = t.value(&base).unwrap();
            for s in 0..8 {
                let (x2, o2) = (b.image(s, x), b.image(s, o));
                let g = Seega::from_stones(config(8, true), [o2, x2], SECOND, q).unwrap();
                assert_eq!(t.value(&g), Some(want), "symmetry {s} of {}", base.position_text());
            }
        }
    }

    /// Positions valued by hand (5×5, diagonals on).
    #[test]
    fn small_positions_by_hand() {
        let at = |diagram: &str, quiet: u32, q: u32| {
            let g = Seega::from_diagram(config(quiet, true), diagram, FIRST).unwrap();
            let stones = [g.stones_of(FIRST), g.stones_of(SECOND)];
            Seega::from_stones(config(quiet, true), stones, FIRST, q).unwrap()
        };
        // First's c2-c1 arrives next to Second's b1 with a1 beyond: captured, and Second is
        // down to one stone (e5): won in one turn, at any quiet count.
        let capture = "....O/...../...../..X../XO...";
        // First's two stones (a1, a3) against Second's three in the far corner: no stone of
        // either side can capture within two turns. At the last quiet count every turn of
        // First ends the game with Second ahead on stones: lost in one turn; one count
        // earlier, First's turn and then Second's: lost in two.
        let behind = "...OO/....O/X..../...../X....";
        let v = Variant { size: 5, diagonal: true, quiet: 5, most: 3 };
        let (t, _) = SeegaTable::build(v, &mut |_| {}).unwrap();
        for q in 0..5 {
            assert_eq!(t.value(&at(capture, 5, q)), Some(Exact::Win(1)), "q={q}");
        }
        assert_eq!(t.value(&at(behind, 5, 4)), Some(Exact::Loss(1)));
        assert_eq!(t.value(&at(behind, 5, 3)), Some(Exact::Loss(2)));
        let best = t.best_move(&at(capture, 5, 0)).unwrap();
        assert_eq!(at(capture, 5, 0).format_move(best.0), "c2-c1");
    }

    /// What the repetition rule changes: the table against the solver's search, which plays
    /// the rules whole (the history included), on random positions read afresh at quiet=6.
    /// Prints the positions whose result differs (`bench/results/seega-tables.md`); they can
    /// only differ where a third repetition ends the game early. By hand:
    /// `cargo test --release -p tabla-ai -- --ignored repetition --nocapture`.
    #[test]
    #[ignore = "a measurement, printed: run by hand"]
    fn repetition_against_the_search_by_hand() {
        let quiet = 6;
        let v = Variant { size: 5, diagonal: true, quiet, most: 3 };
        let (t, _) = SeegaTable::build(v, &mut |_| {}).unwrap();
        let mut rng = Rng(12_345);
        let limits = crate::solve::Limits {
            time: Duration::from_secs(60),
            table_mb: 1,
            all: false,
            each: None,
            dfpn: false,
        };
        let (mut same, mut differ) = (0, 0);
        for i in 0..400 {
            let (a, b) = [(2, 2), (3, 2), (2, 3), (3, 3)][i % 4];
            let x = rng.stones(a, 0, 25);
            let o = rng.stones(b, x, 25);
            let q = rng.below(u64::from(quiet)) as u32;
            let g = Seega::from_stones(config(quiet, true), [x, o], FIRST, q).unwrap();
            let table = t.value(&g).unwrap().word();
            let s = crate::solve::solve(&g, limits, &mut |_| {});
            let search = s.value.expect("small trees are searched in time").word();
            if table == search {
                same += 1;
            } else {
                differ += 1;
                eprintln!("{}: table {table}, search {search}", g.position_text());
            }
        }
        eprintln!("same result {same}, different {differ}");
    }

    /// What the tables add in play: random 3-against-3 positions (5×5, quiet=50) that the
    /// table says the mover wins by taking two stones (won in 5 to 49), each played twice with the rules' history: the table's
    /// moves against level 7's search (`table=0`) at 100 ms a move, and the search on the
    /// winning side against the table. Prints the results and the turns taken
    /// (`bench/results/seega-tables.md`). By hand:
    /// `cargo test --release -p tabla-ai -- --ignored conversions --nocapture`.
    #[test]
    #[ignore = "a measurement, printed: run by hand"]
    fn conversions_against_the_search_by_hand() {
        use crate::engine::{choose_with, Tweaks};
        let v = Variant { size: 5, diagonal: true, quiet: 50, most: 3 };
        let (t, _) = table(v, &mut |_| {}).unwrap();
        let search = Tweaks(vec![("table".into(), 0)]);
        let budget = crate::Budget {
            time: Some(Duration::from_millis(100)),
            ..crate::Budget::level(crate::MAX_LEVEL)
        };
        let mut rng = Rng(2026);
        let (mut games, mut table_won, mut search_won) = (0, 0, 0);
        let (mut table_turns, mut promised) = (0, 0);
        // The search's wins: turns, and how many ended on stones (repetition, quiet rule)
        // rather than by taking the second stone.
        let (mut search_turns, mut on_stones) = (0, 0);
        while games < 20 {
            let x = rng.stones(3, 0, 25);
            let o = rng.stones(3, x, 25);
            let g0 = Seega::from_stones(config(50, true), [x, o], FIRST, 0).unwrap();
            let Some(Exact::Win(d)) = t.value(&g0) else { continue };
            if !(5..50).contains(&d) {
                // A capture in reach (either side finds it), or one capture and then the
                // quiet rule's count (51 and more): only wins by taking two stones within
                // the limit, where the defence matters.
                continue;
            }
            games += 1;
            for table_first in [true, false] {
                let mut g = g0.clone();
                let mut turns = 0;
                while let ToMove::Player(p) = g.to_move() {
                    let by_table = (p == FIRST) == table_first;
                    let mv = if by_table {
                        t.best_move(&g).unwrap().0
                    } else {
                        choose_with(&g, budget, 1, &search).unwrap().unwrap()
                    };
                    g.play(mv);
                    turns += 1;
                }
                let first_won = g.outcome().unwrap().winners.contains(FIRST);
                if table_first {
                    table_won += usize::from(first_won);
                    if first_won {
                        table_turns += turns;
                        promised += d;
                    }
                } else {
                    search_won += usize::from(first_won);
                    if first_won {
                        search_turns += turns;
                        on_stones += usize::from(g.stones_on_board(SECOND) > 1);
                    }
                }
                eprintln!(
                    "{} won in {d}: {} on the winning side, {:?} after {turns} turns ({})",
                    g0.position_text(),
                    if table_first { "table" } else { "search" },
                    g.outcome().unwrap(),
                    g.end_reason().map(|r| r.text).unwrap_or_default()
                );
            }
        }
        eprintln!(
            "table on the winning side won {table_won}/{games} (turns {table_turns}, the table \
             promised {promised}); the search won {search_won}/{games} (turns {search_turns}, \
             {on_stones} on stones, not by taking the second stone)"
        );
    }

    /// The constructor the tables use refuses what is not a phase-2 position in play.
    #[test]
    fn positions_from_stones_are_checked() {
        let c = config(6, true);
        let ok = Seega::from_stones(c, [0b11, 0b1100], FIRST, 5).unwrap();
        assert!(ok.history_is_fresh() && ok.is_moving_phase() && ok.quiet_turns() == 5);
        let bad = |stones: [u128; 2], p: Player, q: u32| {
            Seega::from_stones(c, stones, p, q).err().map(|e| e.0).unwrap_or_default()
        };
        assert!(bad([0b11, 0b110], FIRST, 0).contains("twice"));
        assert!(bad([0b11, 1 << 25 | 1 << 30], FIRST, 0).contains("off the board"));
        assert!(bad([0b1, 0b1100], FIRST, 0).contains("2 to 12"));
        assert!(bad([0b11, 0b1100], FIRST, 6).contains("below the limit"));
        assert!(bad([0b11, 0b1100], Player(2), 0).contains("no player"));
    }

    #[test]
    fn too_large_variants_are_refused_with_a_reason() {
        let v = Variant { size: 5, diagonal: true, quiet: 50, most: 4 };
        let e = SeegaTable::build(v, &mut |_| {}).err().unwrap();
        assert!(e.contains("most 4 stones") && e.contains("exact tables cover"), "{e}");
        let v = Variant { size: 5, diagonal: true, quiet: 100_000, most: 2 };
        assert!(v.too_large().unwrap().contains("quiet limits up to"));
    }
}
