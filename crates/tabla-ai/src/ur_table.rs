//! Exact tables for Bulgarian Ur with few discs: the mover's expected score (a win 1, a draw ½)
//! of every reachable position, by value iteration, for `tabla solve bulgarian-ur` and the
//! `perfect` bot.
//!
//! - **States.** A table holds the positions where a player is about to roll, seen from that
//!   player (the mover): both seats share one entry, as the rules treat the two players alike
//!   on both boards (`centre=opposite` is the same board turned half round). A state's key is
//!   a 64-bit word: the 20 squares in the mover's track order (their 14, then the opponent's
//!   six private squares), each tower's discs bottom to top as 3 bits (a marker, mover's or
//!   not, red or not) and a 0 bit after each square, then both reserves (3 bits each). Removed
//!   discs follow from the rest (each player's discs are in the reserve, on the board or
//!   removed by the other), so up to 6 discs a side fit.
//! - **Successors** come from the game itself ([`BulgarianUr`]'s `play`), found once by a
//!   breadth-first walk from the start and kept as one `u32` per move (successor, whether the
//!   move captured or removed, the end of its roll's group), so that a sweep is a linear walk.
//! - **The quiet rule.** With `quiet=Q` the value also depends on the quiet count q < Q: the
//!   table has Q layers. A quiet move leads to layer q + 1 (or, at Q, to the end of the game
//!   with the removal counts' result); a capture or removal to layer 0. So each sweep goes from
//!   layer Q − 1 down to 0, and only layer 0 needs more than one sweep. A table too large for
//!   memory (three discs with `quiet=100`: 3.8 billion values) is swept holding only layer 0
//!   and the two layers at hand, its layers written to the file on a last sweep, and read
//!   from the file a value at a time when used.
//! - **Value iteration.** The game can cycle (red discs move back), so values are found by
//!   Gauss–Seidel sweeps of the Bellman equation `V(s) = Σ_r p(r) max_m (1 − V(s'_m))` (the
//!   roll's probability as the game reports it) until no value changes by 1e-9 or more. The
//!   sweeps run in f64; the table keeps f32 (rounding error below 3e-8). The last changes
//!   shrink by a steady factor ρ a sweep (0.82 for two discs), so the distance to the fixed
//!   point is about the last change × ρ / (1 − ρ): some 5e-9, below the f32 rounding.
//!
//! Values for a never-ending game need no convention in practice: the iteration from 0 and
//! from 1 gives the same table (checked by a test on one disc), so the fixed point is unique.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tabla_core::{Game, Player, ToMove};
use tabla_games::bulgarian_ur::{
    BulgarianUr, Centre, Config, Quiet, Square, UrMove, BLACK, TRACK, YELLOW,
};

/// Most discs a side the key can hold.
pub const KEY_DISCS: u8 = 6;

/// Largest tables built (states × layers): beyond this the memory (about 12 bytes a state
/// and 12 a state-layer while building) would pass a few GiB.
pub const MAX_CELLS: u64 = 400_000_000;

/// Most bytes of values a table kept on disk may have: three discs with the default quiet
/// rule (38.5 million states × 100 quiet counts × 4 bytes, about 15 GB) fit, four discs do
/// not (their states alone pass this machine class's memory).
pub const MAX_FILE_BYTES: u64 = 40 << 30;

/// A table whose values pass this many bytes is read from its file a value at a time
/// instead of being loaded (a game asks for a few values a move).
const IN_MEMORY_BYTES: u64 = 2 << 30;

/// Most discs a side whose table is built in memory on demand (seconds); larger tables
/// must be built ahead of time.
pub const MEMORY_DISCS: u8 = 2;

/// Sweeps stop when no value changed by this much.
pub const TOLERANCE: f64 = 1e-9;

/// Which game a table is for: the options that change values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    /// Discs per player.
    pub discs: u8,
    /// Which way the tracks run through the centre.
    pub centre: Centre,
    /// The quiet rule's count, `None` when off.
    pub quiet: Option<u32>,
}

impl Variant {
    /// The variant a game is played under.
    pub fn of(g: &BulgarianUr) -> Variant {
        let c = g.config();
        Variant {
            discs: c.discs,
            centre: c.centre,
            quiet: match c.quiet {
                Quiet::Off => None,
                Quiet::After(n) => Some(n),
            },
        }
    }

    /// Value layers: one per quiet count.
    pub fn layers(self) -> usize {
        self.quiet.map_or(1, |q| q as usize)
    }

    /// The file name of its table.
    pub fn file_name(self) -> String {
        let q = self.quiet.map_or("off".to_string(), |q| q.to_string());
        format!("bulgarian-ur-discs{}-{}-quiet{q}.urt", self.discs, self.centre.name())
    }

    /// The options as `-o` words (for messages).
    pub fn describe(self) -> String {
        let q = self.quiet.map_or("off".to_string(), |q| q.to_string());
        format!("discs={} centre={} quiet={q}", self.discs, self.centre.name())
    }

    /// The rules the table's walk generates moves under: the quiet rule far away, so that the
    /// quiet count of a successor tells a quiet move (count 1) from an eventful one (0).
    fn walk_rules(self) -> Config {
        Config { discs: self.discs, centre: self.centre, quiet: Quiet::After(1 << 30) }
    }
}

/// The side about to roll or move.
fn mover(g: &BulgarianUr) -> Option<Player> {
    match g.to_move() {
        ToMove::Player(p) => Some(p),
        ToMove::Chance => g.chance_player(),
        ToMove::Over => None,
    }
}

fn other(p: Player) -> Player {
    Player(p.0 ^ 1)
}

/// The 20 squares in the mover's order: their track 1–14, then the opponent's start squares
/// and bases.
fn squares(centre: Centre, p: Player) -> [Square; 20] {
    let mut out = [Square::on_track(centre, p, 1); 20];
    for n in 1..=TRACK {
        out[usize::from(n) - 1] = Square::on_track(centre, p, n);
    }
    for (i, n) in [1, 2, 3, 4, 13, 14].into_iter().enumerate() {
        out[14 + i] = Square::on_track(centre, other(p), n);
    }
    out
}

/// The key of a position seen from the player about to roll or move (see the module text).
pub fn key(g: &BulgarianUr) -> Option<u64> {
    let p = mover(g)?;
    let c = g.config();
    let mut k = 0u64;
    let mut bit = 0u32;
    let mut push = |v: u64, n: u32| {
        k |= v << bit;
        bit += n;
    };
    for sq in squares(c.centre, p) {
        for d in g.tower(sq) {
            let mine = u64::from(d.owner == p);
            let red = u64::from(d.colour == tabla_games::bulgarian_ur::Colour::Red);
            push(1 | mine << 1 | red << 2, 3);
        }
        push(0, 1);
    }
    push(u64::from(g.reserve(p)), 3);
    push(u64::from(g.reserve(other(p))), 3);
    debug_assert!(bit <= 64);
    Some(k)
}

/// The position of a key: Black to roll, quiet count 0, under `rules`.
fn decode(rules: Config, mut k: u64) -> BulgarianUr {
    let n = rules.discs;
    let mut towers = String::new();
    let mut on_board = [0u8; 2];
    for sq in squares(rules.centre, BLACK) {
        let mut glyphs = String::new();
        while k & 1 == 1 {
            let mine = k >> 1 & 1 == 1;
            let red = k >> 2 & 1 == 1;
            on_board[usize::from(!mine)] += 1;
            glyphs.push(match (mine, red) {
                (true, false) => 'B',
                (true, true) => 'b',
                (false, false) => 'Y',
                (false, true) => 'y',
            });
            k >>= 3;
        }
        k >>= 1;
        if !glyphs.is_empty() {
            if !towers.is_empty() {
                towers.push(',');
            }
            towers.push_str(&sq.id());
            towers.push(':');
            towers.push_str(&glyphs);
        }
    }
    if towers.is_empty() {
        towers.push('-');
    }
    let rb = (k & 7) as u8;
    let ry = (k >> 3 & 7) as u8;
    // Each player's missing discs were removed by the other.
    let removed_b = n - on_board[1] - ry;
    let removed_y = n - on_board[0] - rb;
    let text = format!(
        "towers={towers} reserve={rb},{ry} removed={removed_b},{removed_y} turn=black quiet=0"
    );
    BulgarianUr::from_config(rules).read_position(&text).expect("a key decodes to a position")
}

/// A successor edge: low 30 bits the state (or [`WIN`] / [`LOSS`]), bit 30 eventful (a
/// capture or removal: quiet count back to 0), bit 31 the last move of its roll.
const EVENTFUL: u32 = 1 << 30;
const LAST: u32 = 1 << 31;
const INDEX: u32 = EVENTFUL - 1;
/// The mover wins at once.
const WIN: u32 = INDEX;
/// The mover loses at once (never happens: only the mover can capture; kept for safety).
const LOSS: u32 = INDEX - 1;
/// Most states a table may index.
const MAX_STATES: usize = (INDEX - 2) as usize;

/// An open-addressing map from keys to state numbers (12 bytes a slot, no per-entry
/// overhead), for the walk.
struct KeyMap {
    keys: Vec<u64>,
    vals: Vec<u32>,
    len: usize,
}

impl KeyMap {
    const EMPTY: u64 = u64::MAX;

    fn new() -> KeyMap {
        KeyMap { keys: vec![Self::EMPTY; 1 << 16], vals: vec![0; 1 << 16], len: 0 }
    }

    fn slot(&self, k: u64) -> usize {
        let h = k.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - self.keys.len().trailing_zeros())) as usize
    }

    /// The state of `k`, and whether it is new (then numbered `next`).
    fn get_or_insert(&mut self, k: u64, next: u32) -> (u32, bool) {
        if (self.len + 1) * 10 > self.keys.len() * 7 {
            self.grow();
        }
        let mask = self.keys.len() - 1;
        let mut i = self.slot(k);
        loop {
            match self.keys[i] {
                Self::EMPTY => {
                    self.keys[i] = k;
                    self.vals[i] = next;
                    self.len += 1;
                    return (next, true);
                }
                x if x == k => return (self.vals[i], false),
                _ => i = (i + 1) & mask,
            }
        }
    }

    fn grow(&mut self) {
        let cap = self.keys.len() * 2;
        let old_keys = std::mem::replace(&mut self.keys, vec![Self::EMPTY; cap]);
        let old_vals = std::mem::replace(&mut self.vals, vec![0; cap]);
        let mask = cap - 1;
        for (k, v) in old_keys.into_iter().zip(old_vals) {
            if k != Self::EMPTY {
                let mut i = self.slot(k);
                while self.keys[i] != Self::EMPTY {
                    i = (i + 1) & mask;
                }
                self.keys[i] = k;
                self.vals[i] = v;
            }
        }
    }
}

/// How a build went.
#[derive(Clone, Debug, Default)]
pub struct BuildStats {
    /// States (positions about to be rolled for, seen from the mover).
    pub states: u64,
    /// Successor edges (moves, over all rolls).
    pub edges: u64,
    /// Sweeps until no value changed by [`TOLERANCE`].
    pub sweeps: u32,
    /// The last sweep's largest change.
    pub last_change: f64,
    /// The last sweep's largest change over the one before: how fast errors shrink.
    pub contraction: f64,
    /// Time to walk the states.
    pub walk: Duration,
    /// Time of the sweeps.
    pub iterate: Duration,
    /// Peak bytes of the build's own arrays (a lower bound of the process's memory).
    pub bytes: u64,
}

/// Progress of a build, for a line on standard error.
#[derive(Clone, Copy, Debug)]
pub enum BuildProgress {
    /// Walking: states found so far.
    Walk(u64),
    /// Sweep number, and its largest change.
    Sweep(u32, f64),
    /// Sweep number and layer 0's largest change, of a table built a layer at a time (a
    /// sweep of every quiet count: minutes).
    LayerSweep(u32, f64),
}

/// The exact values of a variant: keys sorted, values by layer (quiet count) then state.
pub struct UrTable {
    variant: Variant,
    keys: Vec<u64>,
    values: Values,
}

/// Where a table's values are: in memory, or (a table larger than [`IN_MEMORY_BYTES`]) in
/// its file from this byte on, read when asked.
enum Values {
    Memory(Vec<f32>),
    File(Mutex<std::fs::File>, u64),
}

/// The dice weights the game reports for its rolls 1–6.
fn roll_weights(g: &BulgarianUr) -> [f64; 6] {
    let mut w = [0.0; 6];
    for (i, w) in w.iter_mut().enumerate() {
        *w = g.chance_probability(UrMove::Roll(i as u8 + 1));
    }
    w
}

/// The states, their edges and quiet-end results, as walked from the start.
struct Graph {
    keys: Vec<u64>,
    starts: Vec<u32>,
    edges: Vec<u32>,
    /// Per state: the mover's score if the quiet rule ended the game here (0, 1 or 2 halves).
    quiet_end: Vec<u8>,
}

fn walk(v: Variant, progress: &mut dyn FnMut(BuildProgress)) -> Result<Graph, String> {
    let rules = v.walk_rules();
    let mut start = BulgarianUr::from_config(rules);
    start.play(UrMove::First(BLACK));
    let mut map = KeyMap::new();
    let mut keys = vec![key(&start).expect("someone rolls")];
    map.get_or_insert(keys[0], 0);
    let (mut starts, mut edges, mut quiet_end) = (Vec::new(), Vec::new(), Vec::new());
    let mut moves = Vec::new();
    let mut i = 0;
    while i < keys.len() {
        let g = decode(rules, keys[i]);
        debug_assert_eq!(key(&g), Some(keys[i]));
        quiet_end.push(match g.removed_by(BLACK).cmp(&g.removed_by(YELLOW)) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        });
        if edges.len() > (u32::MAX - 1000) as usize {
            return Err(format!("{}: too many moves for one table", v.describe()));
        }
        starts.push(edges.len() as u32);
        for r in 1..=6 {
            let mut rolled = g;
            rolled.play(UrMove::Roll(r));
            rolled.legal_moves(&mut moves);
            for (j, &m) in moves.iter().enumerate() {
                let mut next = rolled;
                next.play(m);
                let mut e = match next.outcome() {
                    Some(o) if o.score(BLACK, 2) > 0.75 => WIN,
                    Some(_) => LOSS,
                    None => {
                        let n = keys.len() as u32;
                        let (s, new) = map.get_or_insert(key(&next).expect("not over"), n);
                        if new {
                            if keys.len() >= MAX_STATES {
                                return Err(format!("{}: too many states", v.describe()));
                            }
                            keys.push(key(&next).expect("not over"));
                        }
                        s | if next.quiet_turns() == 0 { EVENTFUL } else { 0 }
                    }
                };
                if j + 1 == moves.len() {
                    e |= LAST;
                }
                edges.push(e);
            }
        }
        i += 1;
        if i.is_multiple_of(1 << 20) {
            progress(BuildProgress::Walk(keys.len() as u64));
        }
    }
    starts.push(edges.len() as u32);
    Ok(Graph { keys, starts, edges, quiet_end })
}

/// One state's new value at layer `q` of `layers` (`values` layer-major).
#[inline]
fn backup(g: &Graph, s: usize, q: usize, layers: usize, values: &[f64], weights: &[f64; 6]) -> f64 {
    let n = g.keys.len();
    let zero = &values[..n];
    // Without the quiet rule every move stays in the one layer.
    let last = layers > 1 && q + 1 >= layers;
    let above = if layers == 1 || last { zero } else { &values[(q + 1) * n..(q + 2) * n] };
    backup_layer(g, s, last, above, zero, weights)
}

/// One state's new value at a layer: quiet moves lead to `above` (the next quiet count), or
/// end the game when `last`; eventful ones (a capture or removal) to `zero`, layer 0.
#[inline]
fn backup_layer(
    g: &Graph,
    s: usize,
    last: bool,
    above: &[f64],
    zero: &[f64],
    weights: &[f64; 6],
) -> f64 {
    let mut total = 0.0;
    let mut best = f64::NEG_INFINITY;
    let mut roll = 0;
    for &e in &g.edges[g.starts[s] as usize..g.starts[s + 1] as usize] {
        let t = e & INDEX;
        let v = match t {
            WIN => 1.0,
            LOSS => 0.0,
            _ if e & EVENTFUL != 0 => 1.0 - zero[t as usize],
            _ if last => 1.0 - f64::from(g.quiet_end[t as usize]) / 2.0,
            _ => 1.0 - above[t as usize],
        };
        best = best.max(v);
        if e & LAST != 0 {
            total += weights[roll] * best;
            best = f64::NEG_INFINITY;
            roll += 1;
        }
    }
    total
}

/// Sweeps between two extrapolations (see [`iterate`]).
const EXTRAPOLATE_EVERY: u32 = 4;

/// Gauss–Seidel sweeps from `init` until no change reaches [`TOLERANCE`].
///
/// Without the quiet rule the game cycles and the error shrinks slowly (by ρ ≈ 0.8–0.85 a
/// sweep), nearly as one mode whose sign may alternate: every two sweeps move each value by
/// about ρ² times what the two before did. So every four sweeps, once that ratio has held
/// steady, each value takes the rest of its geometric series at once (Aitken's Δ² with one
/// global ratio), clamped to 0–1: 1.8 times fewer sweeps with two and three discs
/// (`bench/results/ur-tables.md`). That only changes where the sweeps start again: the fixed
/// point is unique (test `the_fixed_point_is_unique`) and the stopping rule is the same
/// plain sweep's change.
fn iterate(
    g: &Graph,
    layers: usize,
    weights: &[f64; 6],
    init: f64,
    extrapolate: bool,
    stats: &mut BuildStats,
    progress: &mut dyn FnMut(BuildProgress),
) -> Vec<f64> {
    let n = g.keys.len();
    let mut values = vec![init; n * layers];
    // For the extrapolation (quiet rule off only: the layered tables settle in a dozen sweeps
    // and would need these a hundred times over): the values two sweeps ago, and the last
    // change over two sweeps.
    let extrapolate = extrapolate && layers == 1;
    let mut anchor = if extrapolate { values.clone() } else { Vec::new() };
    let mut pair = if extrapolate { vec![0.0; n] } else { Vec::new() };
    let (mut previous_ratio, mut previous_norm) = (f64::NAN, 0.0);
    let mut pairs = 0u32;
    loop {
        let mut change: f64 = 0.0;
        for q in (0..layers).rev() {
            // Backwards: the walk found successors after their predecessors, mostly.
            for s in (0..n).rev() {
                let v = backup(g, s, q, layers, &values, weights);
                let old = &mut values[q * n + s];
                change = change.max((v - *old).abs());
                *old = v;
            }
        }
        stats.sweeps += 1;
        if stats.last_change > 0.0 {
            stats.contraction = change / stats.last_change;
        }
        stats.last_change = change;
        progress(BuildProgress::Sweep(stats.sweeps, change));
        if change < TOLERANCE {
            return values;
        }
        if !extrapolate || stats.sweeps % 2 == 1 {
            continue;
        }
        // Over two sweeps the error's slow modes all shrink by ρ² with one sign, whether a
        // value creeps (ρ > 0) or swings from side to side (ρ < 0: each value is one minus
        // another's); estimate ρ² by least squares from the last two pairs.
        let (mut dot, mut norm) = (0.0, 0.0);
        for ((v, a), p) in values.iter().zip(anchor.iter_mut()).zip(pair.iter_mut()) {
            let d = v - *a;
            dot += d * *p;
            norm += d * d;
            *p = d;
            *a = *v;
        }
        let ratio = if previous_norm > 0.0 { dot / previous_norm } else { f64::NAN };
        previous_norm = norm;
        pairs += 1;
        let steady = (ratio - previous_ratio).abs() < 0.01 && (0.0..0.99).contains(&ratio);
        previous_ratio = ratio;
        if pairs >= EXTRAPOLATE_EVERY / 2 && steady {
            let f = ratio / (1.0 - ratio);
            for ((v, a), p) in values.iter_mut().zip(anchor.iter_mut()).zip(&pair) {
                *v = (*v + p * f).clamp(0.0, 1.0);
                *a = *v;
            }
            pairs = 0;
            previous_ratio = f64::NAN;
            previous_norm = 0.0;
        }
    }
}

/// The values of one layer's states from the layer above and layer 0, on `threads`
/// threads (a layer's values depend on other layers only).
fn fill_layer(
    g: &Graph,
    last: bool,
    above: &[f64],
    zero: &[f64],
    weights: &[f64; 6],
    out: &mut [f64],
    threads: usize,
) {
    let chunk = out.len().div_ceil(threads.max(1)).max(1);
    std::thread::scope(|scope| {
        for (c, part) in out.chunks_mut(chunk).enumerate() {
            scope.spawn(move || {
                for (i, v) in part.iter_mut().enumerate() {
                    *v = backup_layer(g, c * chunk + i, last, above, zero, weights);
                }
            });
        }
    });
}

/// Builds a table with the quiet rule a layer at a time, straight into `path`: the sweeps
/// hold layer 0 and the two layers at hand (three values a state, whatever the quiet
/// count), and once layer 0 has settled a last sweep writes every layer to the file. The
/// same sweeps as the in-memory build (each goes from layer Q − 1 down to 0, layer 0 in
/// place), so the same table (test `a_table_built_a_layer_at_a_time_is_the_same_table`).
fn build_layered(
    v: Variant,
    path: &Path,
    threads: usize,
    progress: &mut dyn FnMut(BuildProgress),
) -> Result<BuildStats, String> {
    check_size(v)?;
    let layers = v.layers();
    if layers < 2 {
        return Err(format!("{}: no quiet rule, no layers to sweep one by one", v.describe()));
    }
    let mut stats = BuildStats::default();
    let t0 = Instant::now();
    let g = walk(v, progress)?;
    stats.walk = t0.elapsed();
    let n = g.keys.len();
    if (n as u64) * (layers as u64) * 4 > MAX_FILE_BYTES {
        return Err(format!(
            "{}: {n} states × {layers} quiet counts is too large a table for this program \
             (at most {MAX_FILE_BYTES} bytes of values); {WHICH}",
            v.describe()
        ));
    }
    stats.states = n as u64;
    stats.edges = g.edges.len() as u64;
    stats.bytes =
        (n * 8 * 2 + n * 12 * 10 / 7 + n * 5 + g.edges.len() * 4 + n * (3 * 8 + 4 + 4)) as u64;
    let weights = roll_weights(&BulgarianUr::from_config(v.walk_rules()));
    let mut order: Vec<u32> = (0..n as u32).collect();
    order.sort_unstable_by_key(|&i| g.keys[i as usize]);
    let t1 = Instant::now();
    let io = |e: std::io::Error| format!("{}: {e}", path.display());
    let (mut zero, mut above, mut here) = (vec![0.5; n], vec![0.0; n], vec![0.0; n]);
    // Set on the last sweep: the file being written and the bytes of one layer.
    let mut writing: Option<(std::fs::File, Vec<u8>)> = None;
    let tmp = path.with_extension("tmp");
    let write_layer = |w: &mut Option<(std::fs::File, Vec<u8>)>, q: usize, values: &[f64]| {
        use std::io::{Seek, SeekFrom};
        let Some((f, bytes)) = w else { return Ok(()) };
        bytes.clear();
        for &i in &order {
            bytes.extend_from_slice(&(values[i as usize] as f32).to_le_bytes());
        }
        f.seek(SeekFrom::Start(HEADER as u64 + (n as u64) * 8 + (q as u64) * (n as u64) * 4))?;
        f.write_all(bytes)
    };
    loop {
        for q in (1..layers).rev() {
            fill_layer(&g, q + 1 == layers, &above, &zero, &weights, &mut here, threads);
            std::mem::swap(&mut above, &mut here);
            write_layer(&mut writing, q, &above).map_err(io)?;
        }
        // Layer 0 in place: its eventful moves lead back to it.
        let mut change: f64 = 0.0;
        for s in (0..n).rev() {
            let x = backup_layer(&g, s, false, &above, &zero, &weights);
            change = change.max((x - zero[s]).abs());
            zero[s] = x;
        }
        stats.sweeps += 1;
        if stats.last_change > 0.0 {
            stats.contraction = change / stats.last_change;
        }
        stats.last_change = change;
        progress(BuildProgress::LayerSweep(stats.sweeps, change));
        if writing.is_some() {
            write_layer(&mut writing, 0, &zero).map_err(io)?;
            let (f, _) = writing.take().expect("writing");
            f.sync_all().map_err(io)?;
            drop(f);
            std::fs::rename(&tmp, path).map_err(io)?;
            break;
        }
        if change < TOLERANCE {
            // Settled: one more sweep, from the settled layer 0, writes the layers.
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(io)?;
            }
            let mut f = std::fs::File::create(&tmp).map_err(io)?;
            let mut head = Vec::with_capacity(HEADER + n * 8);
            write_header(&mut head, v, n).map_err(io)?;
            for &i in &order {
                head.extend_from_slice(&g.keys[i as usize].to_le_bytes());
            }
            f.write_all(&head).map_err(io)?;
            writing = Some((f, Vec::with_capacity(n * 4)));
        }
    }
    stats.iterate = t1.elapsed();
    Ok(stats)
}

/// Whether a variant's table is built and kept in memory (else a layer at a time, on disk).
fn fits_in_memory(v: Variant, states: u64) -> bool {
    states.saturating_mul(v.layers() as u64) <= MAX_CELLS
}

impl UrTable {
    /// Builds the table of a variant (minutes for 3 discs; see `bench/results/ur-tables.md`).
    ///
    /// # Errors
    /// Too many discs for the key, or a table too large for memory.
    pub fn build(
        v: Variant,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<(UrTable, BuildStats), String> {
        Self::build_from(v, 0.5, true, progress)
    }

    /// [`UrTable::build`] with the extrapolation on or off: the same table, for measuring
    /// what the extrapolation saves (`examples/ur_tables.rs … plain`).
    ///
    /// # Errors
    /// As [`UrTable::build`].
    pub fn build_with(
        v: Variant,
        extrapolate: bool,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<(UrTable, BuildStats), String> {
        Self::build_from(v, 0.5, extrapolate, progress)
    }

    /// [`UrTable::build`] from every value `init`, with or without the extrapolation (for
    /// the tests that show neither changes the table).
    fn build_from(
        v: Variant,
        init: f64,
        extrapolate: bool,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<(UrTable, BuildStats), String> {
        check_size(v)?;
        let mut stats = BuildStats::default();
        let t0 = Instant::now();
        let g = walk(v, progress)?;
        stats.walk = t0.elapsed();
        let n = g.keys.len();
        let layers = v.layers();
        if (n as u64) * (layers as u64) > MAX_CELLS {
            return Err(format!(
                "{}: {n} states × {layers} quiet counts is too large a table for this program \
                 (at most {MAX_CELLS}); {}",
                v.describe(),
                WHICH
            ));
        }
        stats.states = n as u64;
        stats.edges = g.edges.len() as u64;
        let weights = roll_weights(&BulgarianUr::from_config(v.walk_rules()));
        let t1 = Instant::now();
        let values = iterate(&g, layers, &weights, init, extrapolate, &mut stats, progress);
        stats.iterate = t1.elapsed();
        // The extrapolation's two arrays of f64 come on top without the quiet rule.
        let extra = if extrapolate && layers == 1 { n * 16 } else { 0 };
        stats.bytes = (n * 8 * 2 + n * 12 * 10 / 7 + n * 5 + g.edges.len() * 4 + extra) as u64
            + (n * layers * 12) as u64;
        // Sorted by key for lookups.
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_unstable_by_key(|&i| g.keys[i as usize]);
        let keys: Vec<u64> = order.iter().map(|&i| g.keys[i as usize]).collect();
        let mut out = Vec::with_capacity(n * layers);
        for q in 0..layers {
            out.extend(order.iter().map(|&i| values[q * n + i as usize] as f32));
        }
        Ok((UrTable { variant: v, keys, values: Values::Memory(out) }, stats))
    }

    /// Builds the table of a variant and writes it to `path`: in memory where it fits
    /// ([`MAX_CELLS`]), else a layer at a time straight into the file (three discs with a
    /// quiet count); then reads it back as [`UrTable::load`] does.
    ///
    /// # Errors
    /// As [`UrTable::build`], or the file cannot be written.
    pub fn build_file(
        v: Variant,
        path: &Path,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<(UrTable, BuildStats), String> {
        check_size(v)?;
        if fits_in_memory(v, states_of(v)) {
            let (t, stats) = Self::build(v, progress)?;
            t.save(path).map_err(|e| format!("{}: {e}", path.display()))?;
            return Ok((t, stats));
        }
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let stats = build_layered(v, path, threads, progress)?;
        Ok((Self::load(path, v)?, stats))
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// States in the table.
    pub fn states(&self) -> usize {
        self.keys.len()
    }

    fn lookup(&self, k: u64, quiet: u32) -> Option<f64> {
        let i = self.keys.binary_search(&k).ok()?;
        let q = quiet as usize;
        if q >= self.variant.layers() {
            return None;
        }
        self.stored(q * self.keys.len() + i)
    }

    /// The value at `index` (layer-major), read from the file for a table kept there.
    fn stored(&self, index: usize) -> Option<f64> {
        match &self.values {
            Values::Memory(v) => v.get(index).map(|&x| f64::from(x)),
            Values::File(f, start) => {
                use std::io::{Seek, SeekFrom};
                let mut b = [0u8; 4];
                let mut f = f.lock().unwrap_or_else(|p| p.into_inner());
                f.seek(SeekFrom::Start(start + 4 * index as u64)).ok()?;
                f.read_exact(&mut b).ok()?;
                Some(f64::from(f32::from_le_bytes(b)))
            }
        }
    }

    /// The expected score, for the player who is about to roll or move (at a roll the
    /// player whose die it is; at the roll-off and after the end Black), of any position of the table's
    /// variant; `None` for a position not in it (another variant, or unreachable).
    pub fn value(&self, g: &BulgarianUr) -> Option<f64> {
        if Variant::of(g) != self.variant {
            return None;
        }
        match g.to_move() {
            ToMove::Over => g.outcome().map(|o| o.score(BLACK, 2)),
            ToMove::Chance if g.chance_player().is_none() => {
                // The roll-off: Black's score, each seat first with its chance.
                let mut total = 0.0;
                for p in [BLACK, YELLOW] {
                    let mut h = *g;
                    h.play(UrMove::First(p));
                    let v = self.value(&h)?;
                    total += h.chance_probability(UrMove::First(p))
                        * if p == BLACK { v } else { 1.0 - v };
                }
                Some(total)
            }
            ToMove::Chance => self.lookup(key(g)?, g.quiet_turns()),
            ToMove::Player(_) => {
                let mv = self.move_values(g)?;
                mv.iter().map(|&(_, v)| v).reduce(f64::max)
            }
        }
    }

    /// Every legal move of the player to move with its value for that player, in the game's
    /// order; `None` when no player is to move or a successor is not in the table.
    pub fn move_values(&self, g: &BulgarianUr) -> Option<Vec<(UrMove, f64)>> {
        let ToMove::Player(p) = g.to_move() else { return None };
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut h = *g;
                h.play(m);
                let v = match h.to_move() {
                    ToMove::Over => h.outcome()?.score(p, 2),
                    _ => 1.0 - self.lookup(key(&h)?, h.quiet_turns())?,
                };
                Some((m, v))
            })
            .collect()
    }

    /// A move of best value (the first in the game's order among equals).
    pub fn best_move(&self, g: &BulgarianUr) -> Option<UrMove> {
        let mv = self.move_values(g)?;
        let mut best: Option<(UrMove, f64)> = None;
        for (m, v) in mv {
            if best.is_none_or(|(_, b)| v > b + 1e-7) {
                best = Some((m, v));
            }
        }
        best.map(|(m, _)| m)
    }

    /// Writes the table: a header, the keys, the values (all little-endian).
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let tmp = path.with_extension("tmp");
        let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
        write_header(&mut f, self.variant, self.keys.len())?;
        for k in &self.keys {
            f.write_all(&k.to_le_bytes())?;
        }
        let n = self.keys.len() * self.variant.layers();
        for i in 0..n {
            let v = self.stored(i).ok_or_else(|| std::io::Error::other("a value unreadable"))?;
            f.write_all(&(v as f32).to_le_bytes())?;
        }
        f.flush()?;
        drop(f);
        std::fs::rename(tmp, path)
    }

    /// Reads a table written by [`UrTable::save`] (or built on disk): its values into memory,
    /// or, past [`IN_MEMORY_BYTES`], left in the file and read when asked.
    ///
    /// # Errors
    /// The file cannot be read, or is not a table of `v`.
    pub fn load(path: &Path, v: Variant) -> Result<UrTable, String> {
        Self::load_with(path, v, IN_MEMORY_BYTES)
    }

    fn load_with(path: &Path, v: Variant, in_memory: u64) -> Result<UrTable, String> {
        let bad = |why: &str| format!("{}: {why}", path.display());
        let mut f = std::fs::File::open(path).map_err(|e| bad(&e.to_string()))?;
        let size = f.metadata().map_err(|e| bad(&e.to_string()))?.len();
        let mut head = [0u8; HEADER];
        if size < HEADER as u64 || f.read_exact(&mut head).is_err() || &head[..MAGIC.len()] != MAGIC
        {
            return Err(bad("not a Bulgarian Ur table"));
        }
        let m = MAGIC.len();
        let quiet = u32::from_le_bytes(head[m + 2..m + 6].try_into().expect("4 bytes"));
        let centre = if head[m + 1] == 0 { Centre::Same } else { Centre::Opposite };
        let found = Variant { discs: head[m], centre, quiet: (quiet > 0).then_some(quiet) };
        if found != v {
            return Err(bad(&format!("a table of {}, not {}", found.describe(), v.describe())));
        }
        let n = u64::from_le_bytes(head[m + 6..m + 14].try_into().expect("8 bytes"));
        let values_bytes = n.saturating_mul(v.layers() as u64).saturating_mul(4);
        if n > MAX_STATES as u64 || size != HEADER as u64 + n * 8 + values_bytes {
            return Err(bad("truncated or damaged"));
        }
        let mut bytes = vec![0u8; n as usize * 8];
        f.read_exact(&mut bytes).map_err(|e| bad(&e.to_string()))?;
        let keys = bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect();
        let values = if values_bytes > in_memory {
            Values::File(Mutex::new(f), HEADER as u64 + n * 8)
        } else {
            bytes = Vec::with_capacity(values_bytes as usize);
            f.read_to_end(&mut bytes).map_err(|e| bad(&e.to_string()))?;
            Values::Memory(
                bytes
                    .chunks_exact(4)
                    .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
                    .collect(),
            )
        };
        Ok(UrTable { variant: v, keys, values })
    }
}

/// The bytes before a table's keys: [`MAGIC`], discs, centre, quiet count, states.
const HEADER: usize = MAGIC.len() + 2 + 4 + 8;

fn write_header(f: &mut impl Write, v: Variant, states: usize) -> std::io::Result<()> {
    f.write_all(MAGIC)?;
    f.write_all(&[v.discs, v.centre as u8])?;
    f.write_all(&v.quiet.unwrap_or(0).to_le_bytes())?;
    f.write_all(&(states as u64).to_le_bytes())
}

const MAGIC: &[u8] = b"TABLA-UR-TABLE-1";

/// Which variants can be built, for messages.
pub const WHICH: &str = "tables are built for discs=1 and 2 under any quiet rule (seconds; \
    each quiet count is a layer: discs=2 with quiet=100 takes about a minute), both centre \
    readings; discs=3 only ahead of time with --build-table: with quiet=off 38 million \
    positions, about 4 GiB of memory, minutes; with a quiet count a layer of 38 million \
    values per count, kept on disk (quiet=100: a 16 GB file, 4.3 GB of memory, 45 minutes \
    on two cores); see bench/results/ur-tables.md";

/// Most states a walk may find: its map, keys and about 16 moves a state come to some
/// 100 bytes a state, 10 GB here.
const MAX_WALK_STATES: u64 = 100_000_000;

/// Measured state counts (bench/results/ur-tables.md); beyond three discs, the walk alone
/// would take more memory than this machine class has.
fn states_of(v: Variant) -> u64 {
    match v.discs {
        1 => 625,
        2 => 226_514,
        3 => 38_460_000,
        _ => u64::MAX / 1024,
    }
}

/// Refuses variants whose table would not fit, before any work.
fn check_size(v: Variant) -> Result<(), String> {
    if v.discs > KEY_DISCS {
        return Err(format!("{}: too many discs for an exact table; {WHICH}", v.describe()));
    }
    let states = states_of(v);
    let layers = v.layers() as u64;
    if states > MAX_WALK_STATES {
        return Err(format!(
            "{}: more positions than a walk can hold in this machine's memory (three discs \
             have 38 million, each disc more multiplies them a hundredfold or more); {WHICH}",
            v.describe()
        ));
    }
    if !fits_in_memory(v, states)
        && states.saturating_mul(layers).saturating_mul(4) > MAX_FILE_BYTES
    {
        let gb = (states * layers * 4) as f64 / 1e9;
        return Err(format!(
            "{}: the exact table would need about {states} states × {layers} quiet counts \
             (about {gb:.0} GB on disk); {WHICH}",
            v.describe()
        ));
    }
    Ok(())
}

/// Where tables are kept: `$TABLA_TABLES`, else `tables/` under the current directory.
pub fn default_dir() -> PathBuf {
    std::env::var_os("TABLA_TABLES").map_or_else(|| PathBuf::from("tables"), PathBuf::from)
}

/// The table of a variant when it can be had at once: already in this process, on disk in
/// [`default_dir`], or small enough to build in a blink (one disc); `None` otherwise, so that
/// no game waits while a large table is built.
pub fn ready(v: Variant) -> Option<Arc<UrTable>> {
    if let Some(t) = cache().lock().unwrap_or_else(|p| p.into_inner()).get(&v) {
        return Some(Arc::clone(t));
    }
    if check_size(v).is_err() {
        return None;
    }
    let dir = default_dir();
    // Built on the spot only when it is small (a moment, a few MB): a long quiet count
    // (`quiet=600000`) multiplies even one disc's 625 states past what a request may cost.
    let small = v.discs <= 1 && 625 * v.layers() as u64 <= READY_CELLS;
    if small || dir.join(v.file_name()).exists() {
        table(v, &dir, &mut |_| {}).ok()
    } else {
        None
    }
}

/// The most cells a table that [`ready`] builds on the spot may have (one disc with a quiet
/// count up to 1,600).
const READY_CELLS: u64 = 1_000_000;

/// Tables loaded or built in this process, by variant.
fn cache() -> &'static Mutex<HashMap<Variant, Arc<UrTable>>> {
    static CACHE: OnceLock<Mutex<HashMap<Variant, Arc<UrTable>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The table of a variant: from this process's cache, else from `dir` when a file is there,
/// else built in memory (and kept for the process). `progress` hears of a build.
///
/// # Errors
/// The variant is too large (the message says which work), or a file is damaged.
pub fn table(
    v: Variant,
    dir: &Path,
    progress: &mut dyn FnMut(BuildProgress),
) -> Result<Arc<UrTable>, String> {
    let mut c = cache().lock().unwrap_or_else(|p| p.into_inner());
    if let Some(t) = c.get(&v) {
        return Ok(Arc::clone(t));
    }
    check_size(v)?;
    let path = dir.join(v.file_name());
    let t = if path.exists() {
        UrTable::load(&path, v)?
    } else if v.discs > MEMORY_DISCS || !fits_in_memory(v, states_of(v)) {
        let q = v.quiet.map_or("off".to_string(), |q| q.to_string());
        return Err(format!(
            "{}: no table at {}; build it first with tabla solve bulgarian-ur -o discs={} \
             -o centre={} -o quiet={q} --build-table (minutes); {WHICH}",
            v.describe(),
            path.display(),
            v.discs,
            v.centre.name()
        ));
    } else {
        UrTable::build(v, progress)?.0
    };
    let t = Arc::new(t);
    c.insert(v, Arc::clone(&t));
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabla_core::GameOptions;

    fn variant(discs: u8, centre: Centre, quiet: Option<u32>) -> Variant {
        Variant { discs, centre, quiet }
    }

    /// Every value of a table, layer-major (read from its file if it is kept there).
    fn values(t: &UrTable) -> Vec<f32> {
        (0..t.keys.len() * t.variant.layers()).map(|i| t.stored(i).unwrap() as f32).collect()
    }

    /// A request must not make the server build a huge table: one disc with a long quiet
    /// count is not "at hand" (375 million cells), while a short one is.
    #[test]
    fn ready_builds_only_small_tables_on_the_spot() {
        assert!(ready(variant(1, Centre::Same, Some(600_000))).is_none());
        assert!(ready(variant(1, Centre::Same, Some(1_601))).is_none());
        assert!(ready(variant(1, Centre::Same, Some(20))).is_some());
    }

    fn game(v: Variant, text: &str) -> BulgarianUr {
        let q = v.quiet.map_or("off".to_string(), |q| q.to_string());
        let words = [
            format!("discs={}", v.discs),
            format!("centre={}", v.centre.name()),
            format!("quiet={q}"),
        ];
        let o = GameOptions::parse(tabla_games::bulgarian_ur::OPTIONS, &words).unwrap();
        let g = BulgarianUr::from_options(&o).unwrap();
        if text.is_empty() {
            g
        } else {
            g.read_position(text).unwrap()
        }
    }

    /// Plain expectimax over the table's own successors: at every state of a small table the
    /// Bellman equation holds, computed afresh from the game's moves (not the stored edges).
    fn check_bellman(t: &UrTable) {
        let v = t.variant();
        let rules = v.walk_rules();
        let mut worst: f64 = 0.0;
        for (i, &k) in t.keys.iter().enumerate() {
            for q in 0..v.layers() {
                let mut g =
                    decode(Config { quiet: v.quiet.map_or(Quiet::Off, Quiet::After), ..rules }, k);
                if q > 0 {
                    // The same board at quiet count q.
                    let text = g.position_text().replace("quiet=0", &format!("quiet={q}"));
                    g = g.read_position(&text).unwrap();
                }
                let stored = t.stored(q * t.keys.len() + i).unwrap();
                let w = roll_weights(&g);
                let mut expect = 0.0;
                for r in 1..=6u8 {
                    let mut h = g;
                    h.play(UrMove::Roll(r));
                    let best = t.move_values(&h).unwrap().into_iter().map(|(_, v)| v);
                    expect += w[usize::from(r) - 1] * best.fold(f64::NEG_INFINITY, f64::max);
                }
                worst = worst.max((expect - stored).abs());
            }
        }
        assert!(worst < 1e-6, "{} Bellman residual {worst}", v.describe());
    }

    #[test]
    fn keys_round_trip_and_see_both_seats_alike() {
        let v = variant(2, Centre::Opposite, None);
        let g = game(v, "towers=c5:YbY,b14:b reserve=0,0 removed=0,0 turn=black quiet=0");
        let k = key(&g).unwrap();
        let back = decode(v.walk_rules(), k);
        assert_eq!(key(&back), Some(k));
        // The same position with the seats swapped (Yellow to roll, the board turned): same key.
        let swapped = game(v, "towers=c12:ByB,y14:y reserve=0,0 removed=0,0 turn=yellow quiet=0");
        assert_eq!(key(&swapped), Some(k));
        let other = game(v, "towers=c6:YbY,b14:b reserve=0,0 removed=0,0 turn=black quiet=0");
        assert_ne!(key(&other), Some(k));
    }

    #[test]
    fn one_disc_tables_satisfy_bellman_everywhere() {
        for centre in [Centre::Same, Centre::Opposite] {
            for quiet in [None, Some(3)] {
                let (t, stats) = UrTable::build(variant(1, centre, quiet), &mut |_| {}).unwrap();
                assert!(stats.states > 50, "{stats:?}");
                check_bellman(&t);
            }
        }
    }

    /// Black's expected score by plain expectimax over the game tree (no table).
    fn expectimax(g: &BulgarianUr) -> f64 {
        match g.to_move() {
            ToMove::Over => g.outcome().unwrap().score(BLACK, 2),
            ToMove::Chance => {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                moves
                    .iter()
                    .map(|&m| {
                        let mut h = *g;
                        h.play(m);
                        g.chance_probability(m) * expectimax(&h)
                    })
                    .sum()
            }
            ToMove::Player(p) => {
                let mut moves = Vec::new();
                g.legal_moves(&mut moves);
                let values = moves.iter().map(|&m| {
                    let mut h = *g;
                    h.play(m);
                    expectimax(&h)
                });
                if p == BLACK {
                    values.fold(0.0, f64::max)
                } else {
                    values.fold(1.0, f64::min)
                }
            }
        }
    }

    /// With one disc every capture ends the game, so under a short quiet rule the game tree
    /// is finite and plain expectimax gives exact values to compare the table with.
    #[test]
    fn the_table_agrees_with_expectimax_where_the_tree_is_finite() {
        for centre in [Centre::Same, Centre::Opposite] {
            let v = variant(1, centre, Some(5));
            let (t, _) = UrTable::build(v, &mut |_| {}).unwrap();
            let start = game(v, "");
            assert!((t.value(&start).unwrap() - expectimax(&start)).abs() < 1e-6);
            let mut g = start;
            let mut moves = Vec::new();
            // Along one game: every position, at a roll and at a move, either seat.
            for step in 0..12u64 {
                if g.to_move() == ToMove::Over {
                    break;
                }
                // The table's value is the roller's or mover's (Black's at the roll-off).
                let own = t.value(&g).unwrap();
                let black = if mover(&g) == Some(YELLOW) { 1.0 - own } else { own };
                assert!((black - expectimax(&g)).abs() < 1e-6, "{centre:?} step {step}");
                g.legal_moves(&mut moves);
                let m = moves[(step as usize * 7 + 3) % moves.len()];
                g.play(m);
            }
        }
    }

    /// Two discs: the Bellman equation at every one of the 226,514 states (seconds).
    #[test]
    #[ignore = "seconds in the test profile: run with --ignored"]
    fn two_disc_table_satisfies_bellman_everywhere() {
        let (t, _) = UrTable::build(variant(2, Centre::Same, None), &mut |_| {}).unwrap();
        assert_eq!(t.states(), 226_514);
        check_bellman(&t);
    }

    /// From 0 and from 1 the iteration ends at the same values: the fixed point is unique, so
    /// never-ending play needs no convention.
    #[test]
    fn the_fixed_point_is_unique() {
        let v = variant(1, Centre::Same, None);
        let (lo, _) = UrTable::build_from(v, 0.0, true, &mut |_| {}).unwrap();
        let (hi, _) = UrTable::build_from(v, 1.0, true, &mut |_| {}).unwrap();
        let gap =
            values(&lo).iter().zip(&values(&hi)).map(|(a, b)| (a - b).abs()).fold(0.0, f32::max);
        assert!(gap < 1e-6, "gap {gap}");
    }

    /// The extrapolation only changes where the sweeps start again: with and without it the
    /// two-disc tables agree everywhere, and it saves a third of the sweeps or more.
    #[test]
    fn extrapolating_reaches_the_same_table_in_fewer_sweeps() {
        for centre in [Centre::Same, Centre::Opposite] {
            let v = variant(2, centre, None);
            let (plain, p) = UrTable::build_from(v, 0.5, false, &mut |_| {}).unwrap();
            let (fast, f) = UrTable::build_from(v, 0.5, true, &mut |_| {}).unwrap();
            assert_eq!(plain.keys, fast.keys);
            let gap = values(&plain)
                .iter()
                .zip(&values(&fast))
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f32::max);
            assert!(gap < 1e-7, "{centre:?}: gap {gap}");
            assert!(
                f.sweeps * 3 <= p.sweeps * 2,
                "{centre:?}: {} sweeps, plain {}",
                f.sweeps,
                p.sweeps
            );
        }
    }

    #[test]
    fn obvious_positions() {
        let v = variant(1, Centre::Same, None);
        let (t, _) = UrTable::build(v, &mut |_| {}).unwrap();
        // Black's red disc on 14, Yellow's blue disc on c9: a roll of 5 re-enters onto 5 (no
        // capture), 9-5=... Black to move with a 5: 14-9 backward captures and wins at once.
        let g = game(v, "towers=b14:b,c9:Y reserve=0,0 removed=0,0 turn=black:r5 quiet=0");
        let mv = t.move_values(&g).unwrap();
        let win = mv.iter().find(|(m, _)| *m == UrMove::Step { from: 14, to: 9 }).unwrap();
        assert_eq!(win.1, 1.0);
        assert_eq!(t.value(&g), Some(1.0));
        assert_eq!(t.best_move(&g), Some(UrMove::Step { from: 14, to: 9 }));
        // A player with no free disc has lost: the table's value of a finished game.
        let over = game(v, "towers=c9:YB reserve=0,0 removed=0,0 turn=won:black quiet=0");
        assert_eq!(t.value(&over), Some(1.0));
        // The roll-off is fair by symmetry.
        let start = game(v, "");
        assert!((t.value(&start).unwrap() - 0.5).abs() < 1e-6);
        // Values are chances.
        assert!(values(&t).iter().all(|v| (0.0..=1.0).contains(v)));
        // Before the roll: a 5 wins at once, the other rolls leave the game open.
        let g = game(v, "towers=b14:b,c9:Y reserve=0,0 removed=0,0 turn=black quiet=0");
        let val = t.value(&g).unwrap();
        assert!(val > 1.0 / 6.0 && val < 1.0, "{val}");
    }

    #[test]
    fn tables_survive_a_round_trip_to_disk() {
        let v = variant(1, Centre::Opposite, Some(4));
        let (t, _) = UrTable::build(v, &mut |_| {}).unwrap();
        let dir = std::env::temp_dir().join(format!("tabla-ur-{}", std::process::id()));
        let path = dir.join(v.file_name());
        t.save(&path).unwrap();
        let back = UrTable::load(&path, v).unwrap();
        assert_eq!(back.keys, t.keys);
        assert_eq!(values(&back), values(&t));
        assert!(UrTable::load(&path, variant(1, Centre::Same, Some(4))).is_err());
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A table built a layer at a time into its file (as three discs with a quiet count
    /// are) holds the values of the in-memory build, read back from the file a value at a
    /// time; a damaged file is refused, not read.
    #[test]
    fn a_table_built_a_layer_at_a_time_is_the_same_table() {
        let dir = std::env::temp_dir().join(format!("tabla-ur-layers-{}", std::process::id()));
        for (v, threads) in
            [(variant(2, Centre::Same, Some(6)), 2), (variant(1, Centre::Opposite, Some(3)), 3)]
        {
            let (whole, w) = UrTable::build(v, &mut |_| {}).unwrap();
            let path = dir.join(v.file_name());
            let l = build_layered(v, &path, threads, &mut |_| {}).unwrap();
            let t = UrTable::load(&path, v).unwrap();
            assert_eq!(t.keys, whole.keys);
            let gap = values(&t)
                .iter()
                .zip(&values(&whole))
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f32::max);
            assert!(gap < 1e-7, "{}: gap {gap}", v.describe());
            assert_eq!(l.states, w.states);
            // Layer 0 settles as in memory, then one more sweep writes the layers.
            assert!(l.sweeps <= w.sweeps + 1, "{} sweeps, in memory {}", l.sweeps, w.sweeps);
            // Left in the file, read a value at a time: the same values (a sample of the
            // larger table, every one of the smaller).
            let f = UrTable::load_with(&path, v, 0).unwrap();
            assert!(matches!(f.values, Values::File(..)), "kept in the file");
            let cells = t.keys.len() * v.layers();
            for i in (0..cells).step_by(if v.discs == 1 { 1 } else { 997 }) {
                assert_eq!(f.stored(i), t.stored(i), "value {i}");
            }
            if v.discs == 1 {
                check_bellman(&f);
            }
            let bytes = std::fs::read(&path).unwrap();
            std::fs::write(&path, &bytes[..bytes.len() - 4]).unwrap();
            let e = UrTable::load(&path, v).err().unwrap();
            assert!(e.contains("truncated or damaged"), "{e}");
        }
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn too_large_variants_are_refused_with_the_ones_that_work() {
        let e = check_size(variant(7, Centre::Same, None)).unwrap_err();
        assert!(e.contains("discs=1 and 2"), "{e}");
        let e = check_size(variant(4, Centre::Same, Some(100))).unwrap_err();
        assert!(e.contains("more positions than a walk can hold"), "{e}");
        let e = check_size(variant(3, Centre::Same, Some(1000))).unwrap_err();
        assert!(e.contains("GB on disk"), "{e}");
        assert!(check_size(variant(3, Centre::Same, None)).is_ok());
        assert!(check_size(variant(3, Centre::Same, Some(100))).is_ok());
        let e = table(variant(3, Centre::Opposite, None), Path::new("/nonexistent"), &mut |_| {})
            .err()
            .unwrap();
        assert!(e.contains("--build-table"), "{e}");
        let e = table(variant(3, Centre::Same, Some(100)), Path::new("/nonexistent"), &mut |_| {})
            .err()
            .unwrap();
        assert!(e.contains("-o quiet=100 --build-table"), "{e}");
    }
}
