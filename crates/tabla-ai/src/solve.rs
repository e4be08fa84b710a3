//! An exact solver for two-player games without chance (`tabla solve`): the game-theoretic
//! value (win, loss or draw for the player to move) and a move that achieves it.
//!
//! Alpha-beta on the value itself (−1, 0, 1: no depth, no evaluation), so that every cut-off
//! is a proof. Three things make it fast enough for small boards:
//!
//! - a transposition table of proven bounds, keyed by [`Game::hash`] ^ [`Game::rules_key`],
//!   for games whose value depends on nothing the hash leaves out ([`Solvable::HISTORY`]
//!   false: Amazons). Seega and GIPF end by repetition, which depends on the game's history;
//!   there a table entry could carry a value that another path to the same position does
//!   not have, so they are searched without one (their states carry the history);
//! - move ordering by the replies left: the move after which the opponent has the fewest
//!   legal turns first (a move leaving none wins at once), the cheap mobility measure that
//!   proof-number searches also favour;
//! - [`Solvable::decided`]: a game's exact verdict without search where its structure gives
//!   one. Amazons: once every region of the board holds queens of one side only, each side
//!   just counts the turns it can still make in its own regions, and the side to move wins
//!   if and only if it has more (the literature's strongest cheap idea; the counts are exact
//!   for small regions by a sub-search, else bounded by the region's empty cells).
//!
//! With [`Limits::dfpn`] the position (or, with `all` or `each`, each root move) is proven
//! by proof-number search instead ([`dfpn`]): the same table of proven positions, the same
//! counting, another order of work, several times faster on the large Amazons proofs.
//!
//! Nothing here knows an answer: every value comes from the search, and property tests
//! (below) check both searches against plain negamax on many random small positions.

use std::collections::HashMap;
use std::time::{Duration, Instant};
use tabla_core::{Cell, Game, Player, ToMove};
use tabla_games::amazons::Amazons;

mod dfpn;

/// A proven value for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The player to move wins with best play.
    Win,
    /// Neither side can force a win.
    Draw,
    /// The player to move loses whatever they do.
    Loss,
}

impl Value {
    fn from_score(v: i8) -> Value {
        match v.signum() {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }

    /// The contract's word: `win`, `draw`, `loss`.
    pub fn word(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Draw => "draw",
            Value::Loss => "loss",
        }
    }
}

/// What a game adds to the generic solver.
pub trait Solvable: Game {
    /// Whether a position's value can depend on how it was reached (repetition rules):
    /// then no transposition table is used.
    const HISTORY: bool;

    /// Scratch kept for one solve (Amazons: the turn counts of regions already counted).
    type Aid: Default;

    /// Sixteen bits of a second hash of the position, independent of [`Game::hash`], kept
    /// beside each table entry. With the 64-bit key alone, a full table of 2^29 entries
    /// (8 GiB) leaves about one false match in 2^35 probes, which a proof of a billion
    /// positions meets with a chance of a few percent; a proof must not rest on that.
    /// 0: no second hash (games searched without a table).
    fn check(&self) -> u16 {
        0
    }

    /// The exact value for the player to move (1 win, 0 draw, −1 loss) when the position's
    /// structure decides it without search; `None` to search on. Never wrong, never asked of
    /// a finished game.
    fn decided(&self, _aid: &mut Self::Aid) -> Option<i8> {
        None
    }

    /// Bounds `(lo, hi)` of the position's [length score](length) for the player to move,
    /// where the structure gives them without search (`lo == hi`: exact). Never wrong.
    fn length_bounds(&self, _aid: &mut Self::Aid) -> Option<(i16, i16)> {
        None
    }

    /// Whether `m` is legal here: the refutation of a sibling is tried before the moves are
    /// ordered, so this wants to be cheaper than generating them.
    fn allows(&self, m: Self::Move) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.contains(&m)
    }
}

impl Solvable for tabla_games::seega::Seega {
    const HISTORY: bool = true;
    type Aid = ();
}

impl Solvable for tabla_games::gipf::Gipf {
    const HISTORY: bool = true;
    type Aid = ();
}

impl Solvable for tabla_games::bulgarian_ur::BulgarianUr {
    // Never solved (chance nodes are refused), but the dispatch wants every game.
    const HISTORY: bool = true;
    type Aid = ();
}

/// How a solve is limited.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall time, after which the answer is unknown.
    pub time: Duration,
    /// Size of the transposition table in MiB (rounded down to a power of two entries).
    pub table_mb: usize,
    /// Give every root move its exact value (`--all`), not just one best move.
    pub all: bool,
    /// At most this long for each root move (`--each-ms`): a move not settled in its time
    /// is unknown and the search goes on to the next, so that a proof too large for one run
    /// still says how many of its moves stand (as the literature reports partial proofs).
    pub each: Option<Duration>,
    /// Prove by depth-first proof-number search ([`dfpn`]) instead of alpha-beta
    /// (`--dfpn`): the whole position in one search, or each root move in its own with
    /// `all` or `each`. Games searched with a table (Amazons, no draws) only.
    pub dfpn: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { time: Duration::from_secs(10), table_mb: 256, all: false, each: None, dfpn: false }
    }
}

/// What a solve found.
#[derive(Clone, Debug)]
pub struct Solution<M> {
    /// The value for the player to move; `None` when the time ran out first.
    pub value: Option<Value>,
    /// A move that achieves the value (none when lost or unknown).
    pub best: Option<M>,
    /// With [`Limits::all`]: every legal move with its value for the mover (`None`:
    /// unknown), in the order searched.
    pub moves: Vec<(M, Option<Value>)>,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time taken.
    pub elapsed: Duration,
    /// With [`Limits::all`]: the positions searched and the time spent on each of `moves`.
    pub spent: Vec<(u64, Duration)>,
    /// Table entries whose 64-bit key matched a position that the second hash
    /// ([`Solvable::check`]) told apart: each a false answer the key alone would have given.
    pub clashes: u64,
}

/// How far a long proof has got, for a progress line.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Positions searched so far.
    pub nodes: u64,
    /// Wall time so far.
    pub elapsed: Duration,
    /// Root moves settled so far, of how many.
    pub root_done: usize,
    /// The root's legal moves.
    pub root_moves: usize,
}

/// Solves `g` for the player to move. `on_progress` is called about once a second.
///
/// # Panics
/// When the game is over or at a chance node (callers check: see [`refusal`]).
pub fn solve<G: Solvable>(
    g: &G,
    limits: Limits,
    on_progress: &mut dyn FnMut(Progress),
) -> Solution<G::Move> {
    solve_keeping(g, limits, &mut Proofs::default(), &[], on_progress)
}

/// [`solve`], starting from the positions `proofs` holds (proven by earlier solves) and
/// adding to it those this solve proves with at least [`Proofs::min_work`] positions of
/// work, whether or not the root itself is settled in time.
///
/// The root moves in `first` (legal ones, in their order) are searched before the rest:
/// when a proof is split by the opponent's replies, the answers that won the siblings
/// often win here too, and a winning move searched first ends the root once it is proven,
/// where the solver's own order may spend the whole time refuting losing moves before it.
///
/// # Panics
/// As [`solve`].
pub fn solve_keeping<G: Solvable>(
    g: &G,
    limits: Limits,
    proofs: &mut Proofs,
    first: &[G::Move],
    on_progress: &mut dyn FnMut(Progress),
) -> Solution<G::Move> {
    let ToMove::Player(me) = g.to_move() else {
        panic!("solve: the game is over or chance moves next");
    };
    let mut s = Solver::<G>::new(limits, on_progress);
    s.preload(proofs);
    let solution = search_root(&mut s, g, me, limits, first);
    proofs.add(&s.table);
    solution
}

fn search_root<G: Solvable>(
    s: &mut Solver<'_, G>,
    g: &G,
    me: Player,
    limits: Limits,
    first: &[G::Move],
) -> Solution<G::Move> {
    if !s.df.is_empty() && !limits.all && limits.each.is_none() {
        // One proof-number search of the whole position: it spreads the work over the root
        // moves by their numbers, where one search per move finishes each before the next.
        let (value, best) = match s.dfpn_root(g, first) {
            Some((v, best)) => (Some(Value::from_score(v)), best),
            None => (None, None),
        };
        return Solution {
            value,
            best,
            moves: Vec::new(),
            nodes: s.nodes,
            elapsed: s.start.elapsed(),
            spent: Vec::new(),
            clashes: s.clashes,
        };
    }
    let mut moves = s.ordered(g, me, false);
    // A stable sort: the moves of `first` in its order, then the rest in the solver's.
    moves.sort_by_key(|m| first.iter().position(|f| f == m).unwrap_or(first.len()));
    s.root_moves = moves.len();
    let mut best: Option<(i8, G::Move)> = None;
    let mut all = Vec::new();
    let mut spent = Vec::new();
    let mut alpha = -1;
    let mut aborted = false;
    let deadline = s.deadline;
    for &m in &moves {
        let (nodes0, t0) = (s.nodes, Instant::now());
        if let Some(each) = limits.each {
            // Each move its own time, never past the whole search's.
            s.deadline = (t0 + each).min(deadline);
            s.aborted = t0 >= deadline;
        }
        // With --all every move gets the full window, so that each value is exact.
        let lo = if limits.all { -1 } else { alpha };
        let v = if s.aborted {
            None
        } else if !s.df.is_empty() {
            s.dfpn_child(g, me, m)
        } else {
            s.child(g, me, m, lo, 1)
        };
        if limits.all {
            all.push((m, v.map(Value::from_score)));
            spent.push((s.nodes - nodes0, t0.elapsed()));
        }
        match v {
            Some(v) => {
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, m));
                }
                alpha = alpha.max(v);
                if v == 1 && !limits.all {
                    break;
                }
            }
            None => {
                aborted = true;
                // Without a time for each move, the time is up for all of them.
                if !limits.all && limits.each.is_none() {
                    break;
                }
            }
        }
        s.root_done += 1;
    }
    // A proven win stands even when a later move ran out of time; anything less needs
    // every move settled.
    let value = match best {
        Some((1, _)) => Some(Value::Win),
        Some((v, _)) if !aborted => Some(Value::from_score(v)),
        _ => None,
    };
    let best = match (value, best) {
        (Some(Value::Win | Value::Draw), Some((_, m))) => Some(m),
        _ => None,
    };
    Solution {
        value,
        best,
        moves: all,
        nodes: s.nodes,
        elapsed: s.start.elapsed(),
        spent,
        clashes: s.clashes,
    }
}

/// The result of a finished game for `me`: 1 won, 0 drawn, −1 lost.
fn result_for<G: Game>(g: &G, me: Player) -> i8 {
    let o = g.outcome().expect("a finished game has an outcome");
    if o.is_draw() {
        0
    } else if o.winners.contains(me) {
        1
    } else {
        -1
    }
}

/// One table slot: the key, and the proven bounds with the work that proved them packed in
/// one word (all zero: empty, so that the table is allocated zeroed).
type Slot = [u64; 2];

/// The work (positions searched) packed in a slot.
fn slot_work(s: &Slot) -> u64 {
    (s[1] >> 16) & u64::from(u32::MAX)
}

/// The second hash packed in a slot ([`Solvable::check`]).
fn slot_check(s: &Slot) -> u16 {
    (s[1] >> 48) as u16
}

/// Proven positions carried from one solve to the next (`tabla solve --proofs FILE`).
///
/// A run stopped at its time has still proven most of what it searched (every subtree it
/// finished), and its table dies with it; this keeps the positions that took the most work,
/// so that the next run of the same position resumes instead of starting over (measured:
/// about 13% of the first run redone). Runs of other positions (a proof's other replies)
/// meet almost none of them.
/// Entries are table slots (key and proven bounds), as sound as the table itself.
#[derive(Clone, Debug, Default)]
pub struct Proofs {
    slots: Vec<Slot>,
    /// Positions proven with less work than this are not kept (0: keep nothing new).
    pub min_work: u64,
    /// How many positions were loaded into the table at the start of the last solve.
    pub loaded: usize,
}

/// The first bytes of a proofs file, then 16 bytes a position (key, and packed bounds,
/// work and second hash, little-endian). `TABLAPF1` files had no second hash.
const PROOFS_MAGIC: &[u8; 8] = b"TABLAPF2";

impl Proofs {
    /// Positions held.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether none are held.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Reads a proofs file; a file that does not exist holds none.
    ///
    /// # Errors
    /// The file cannot be read, or is not a proofs file.
    pub fn load(path: &std::path::Path, min_work: u64) -> std::io::Result<Proofs> {
        let slots = match std::fs::read(path) {
            Ok(bytes) => Self::parse(&bytes).map_err(|why| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{}: {why}", path.display()),
                )
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(e),
        };
        Ok(Proofs { slots, min_work, loaded: 0 })
    }

    fn parse(bytes: &[u8]) -> Result<Vec<Slot>, String> {
        if bytes.starts_with(b"TABLAPF1") {
            return Err("written by an older tabla, without the second hash each position now \
                        carries: start a new file"
                .into());
        }
        let body = bytes
            .strip_prefix(PROOFS_MAGIC.as_slice())
            .ok_or("not a proofs file (written by tabla solve --proofs)")?;
        if body.len() % 16 != 0 {
            return Err(format!(
                "cut short ({} bytes after the header, not a multiple of 16)",
                body.len()
            ));
        }
        let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("8 bytes"));
        Ok(body.chunks_exact(16).map(|c| [word(&c[..8]), word(&c[8..])]).collect())
    }

    /// Adds the table's positions proven with at least `min_work` (and telling something:
    /// not the bounds every position has).
    fn add(&mut self, table: &[Slot]) {
        if self.min_work == 0 {
            return;
        }
        let open = pack(-1, 1, 0, 0) & 0xffff;
        self.slots.extend(
            table
                .iter()
                .filter(|s| s[0] != 0 && slot_work(s) >= self.min_work && s[1] & 0xffff != open),
        );
        self.slots = merged(std::mem::take(&mut self.slots));
    }

    /// Writes these positions into the file with the ones it holds already (other runs may
    /// have added theirs since this one read it), under a lock. Returns the file's count.
    ///
    /// # Errors
    /// The file or its lock cannot be read or written.
    pub fn merge_into(&self, path: &std::path::Path) -> std::io::Result<usize> {
        let lock_path = path.with_extension("lock");
        let lock = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)?;
        lock.lock()?;
        let mut all = Proofs::load(path, 0)?.slots;
        all.extend_from_slice(&self.slots);
        let all = merged(all);
        let mut bytes = Vec::with_capacity(8 + 16 * all.len());
        bytes.extend_from_slice(PROOFS_MAGIC);
        for s in &all {
            bytes.extend_from_slice(&s[0].to_le_bytes());
            bytes.extend_from_slice(&s[1].to_le_bytes());
        }
        let tmp = path.with_extension("tmp");
        std::fs::write(&tmp, &bytes)?;
        std::fs::rename(&tmp, path)?;
        lock.unlock()?;
        Ok(all.len())
    }
}

/// One slot per position (key and second hash): the tightest bounds, the most work.
fn merged(mut slots: Vec<Slot>) -> Vec<Slot> {
    slots.sort_unstable_by_key(|s| (s[0], slot_check(s)));
    let mut out: Vec<Slot> = Vec::with_capacity(slots.len());
    for s in slots {
        match out.last_mut() {
            Some(last) if last[0] == s[0] && slot_check(last) == slot_check(&s) => {
                let (lo, hi) = unpack(last[1]);
                let (slo, shi) = unpack(s[1]);
                let work = slot_work(last).max(slot_work(&s));
                last[1] = pack(lo.max(slo), hi.min(shi), work, slot_check(&s));
            }
            _ => out.push(s),
        }
    }
    out
}

/// Asks the kernel to back a table of a GiB or more with huge pages. Probes land anywhere
/// in it: with 4 KiB pages each one also misses the address-translation cache and walks
/// page tables that fit in no cache (1.2–1.3× the positions a second with an 8 GiB table,
/// `bench/results/solve.md`). Smaller tables are left alone: a short solve touches a few
/// of their pages, and would have whole 2 MiB pages cleared for each.
fn huge_pages(table: &[Slot]) {
    #[cfg(not(target_os = "linux"))]
    let _ = table;
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let bytes = std::mem::size_of_val(table);
        if bytes < 1 << 30 {
            return;
        }
        let start = table.as_ptr() as usize;
        let from = start.next_multiple_of(HUGE);
        let to = (start + bytes) / HUGE * HUGE;
        if to > from {
            // SAFETY: the range lies inside the table's own allocation, and the advice
            // changes how it is backed, never its contents.
            unsafe {
                libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
            }
        }
    }
}

/// Bounds, work and the second hash in one word.
fn pack(lo: i8, hi: i8, work: u64, check: u16) -> u64 {
    (lo + 2) as u64
        | ((hi + 2) as u64) << 8
        | work.min(u64::from(u32::MAX)) << 16
        | u64::from(check) << 48
}

struct Solver<'a, G: Solvable> {
    table: Vec<Slot>,
    mask: usize,
    aid: G::Aid,
    nodes: u64,
    start: Instant,
    deadline: Instant,
    last_report: Instant,
    aborted: bool,
    root_done: usize,
    root_moves: usize,
    on_progress: &'a mut dyn FnMut(Progress),
    /// Move lists per ply, reused.
    lists: Vec<Vec<G::Move>>,
    /// Plies below the root of the position searched now.
    ply: usize,
    /// Per ply, the last move that refuted a position there (the killer heuristic).
    killers: Vec<Option<G::Move>>,
    /// The moves with their order keys, reused by [`Solver::ordered`].
    keyed: Vec<(u64, G::Move)>,
    /// See [`Solution::clashes`].
    clashes: u64,
    /// With [`Limits::dfpn`]: the open positions' proof numbers (empty otherwise).
    df: Vec<dfpn::Entry>,
    /// With [`Limits::dfpn`]: the moves of a position being expanded, per ply, reused.
    kids: Vec<Vec<dfpn::Kid<G::Move>>>,
    /// With [`Limits::dfpn`]: the root's moves to expand first among equals (`--first`).
    root_first: Vec<G::Move>,
    /// With [`Limits::dfpn`]: the root's winning move, once proven.
    root_win: Option<G::Move>,
}

impl<'a, G: Solvable> Solver<'a, G> {
    fn new(limits: Limits, on_progress: &'a mut dyn FnMut(Progress)) -> Self {
        let entries = if G::HISTORY {
            0
        } else {
            // With df-pn, half the memory for proven positions, a quarter for open ones.
            let mb = if limits.dfpn { limits.table_mb / 2 } else { limits.table_mb };
            let want = (mb.max(1) << 20) / std::mem::size_of::<Slot>();
            // A power of two, in buckets of two.
            (1usize << (usize::BITS - 1 - want.leading_zeros())).max(2)
        };
        let start = Instant::now();
        let table = vec![[0u64; 2]; entries];
        huge_pages(&table);
        Solver {
            table,
            mask: entries.saturating_sub(1) & !1,
            aid: G::Aid::default(),
            nodes: 0,
            start,
            deadline: start + limits.time,
            last_report: start,
            aborted: false,
            root_done: 0,
            root_moves: 0,
            on_progress,
            lists: Vec::new(),
            ply: 0,
            killers: Vec::new(),
            keyed: Vec::new(),
            clashes: 0,
            df: if limits.dfpn && !G::HISTORY {
                Self::dfpn_table(limits.table_mb)
            } else {
                Vec::new()
            },
            kids: Vec::new(),
            root_first: Vec::new(),
            root_win: None,
        }
    }

    /// The value for `me` (who moves in `g`) of playing `m`, within `(alpha, beta)`.
    fn child(&mut self, g: &G, me: Player, m: G::Move, alpha: i8, beta: i8) -> Option<i8> {
        let mut c = g.clone();
        c.play(m);
        match c.to_move() {
            ToMove::Over => Some(result_for(&c, me)),
            ToMove::Player(p) => {
                self.ply += 1;
                let v = if p == me {
                    self.search(&c, alpha, beta)
                } else {
                    self.search(&c, -beta, -alpha).map(|v| -v)
                };
                self.ply -= 1;
                v
            }
            ToMove::Chance => None,
        }
    }

    /// Keeps `m`, which refuted a position at this ply, to be tried first at its siblings.
    fn remember(&mut self, m: G::Move) {
        if self.killers.len() <= self.ply {
            self.killers.resize(self.ply + 1, None);
        }
        self.killers[self.ply] = Some(m);
    }

    /// The moves of `g` (where `me` moves), fewest replies first. A move into a position the
    /// table already has lost for the opponent comes first, as does one that wins at once;
    /// with `early` such a move ends the ordering there (the search settles it from the table
    /// at once, so the rest need no counting: an enhanced transposition cut-off). A move into
    /// a position the table has won for the opponent comes last.
    fn ordered(&mut self, g: &G, me: Player, early: bool) -> Vec<G::Move> {
        let mut moves = self.lists.pop().unwrap_or_default();
        g.legal_moves(&mut moves);
        if moves.len() <= 1 {
            return moves;
        }
        let mut keyed = std::mem::take(&mut self.keyed);
        keyed.clear();
        for (i, &m) in moves.iter().enumerate() {
            let mut c = g.clone();
            c.play(m);
            let k = match c.to_move() {
                // A move that wins at once first; one that loses at once last.
                ToMove::Over => match c.outcome() {
                    Some(o) if o.winners.contains(me) => 0,
                    _ => u64::MAX,
                },
                _ => match self.peek(Self::key(&c)) {
                    Some((_, -1)) => 0,
                    Some((1, _)) => u64::MAX - 1,
                    _ => 1 + c.count_legal_moves(),
                },
            };
            if k == 0 && early {
                moves.swap(0, i);
                self.keyed = keyed;
                return moves;
            }
            keyed.push((k, m));
        }
        keyed.sort_by_key(|&(k, _)| k);
        moves.clear();
        moves.extend(keyed.iter().map(|&(_, m)| m));
        self.keyed = keyed;
        moves
    }

    fn key(g: &G) -> u64 {
        // Never 0, which marks an empty slot.
        (g.hash() ^ g.rules_key()) | 1
    }

    /// The bounds the table keeps under `key`, without the second hash: for the order of
    /// moves only, which a false match cannot make wrong (the search itself probes with it).
    fn peek(&self, key: u64) -> Option<(i8, i8)> {
        if self.table.is_empty() {
            return None;
        }
        let i = key as usize & self.mask;
        self.table[i..i + 2].iter().find(|s| s[0] == key).map(|s| unpack(s[1]))
    }

    /// Proven bounds `(lo, hi)` of a position, if the table has them.
    fn probe(&mut self, key: u64, check: u16) -> Option<(i8, i8)> {
        if self.table.is_empty() {
            return None;
        }
        let i = key as usize & self.mask;
        let mut found = None;
        for s in &self.table[i..i + 2] {
            if s[0] == key {
                if slot_check(s) == check {
                    found = Some(unpack(s[1]));
                } else {
                    self.clashes += 1;
                }
            }
        }
        found
    }

    fn store(&mut self, key: u64, check: u16, lo: i8, hi: i8, work: u64) {
        if self.table.is_empty() {
            return;
        }
        let i = key as usize & self.mask;
        for j in i..i + 2 {
            if self.table[j][0] == key && slot_check(&self.table[j]) == check {
                // Bounds only tighten: keep the better of the old and the new.
                let (olo, ohi) = unpack(self.table[j][1]);
                self.table[j][1] = pack(lo.max(olo), hi.min(ohi), work, check);
                return;
            }
        }
        // The first slot keeps the proof that took the most work; the second takes the rest.
        let first_work = slot_work(&self.table[i]);
        let j = if self.table[i][0] == 0 || work >= first_work { i } else { i + 1 };
        self.table[j] = [key, pack(lo, hi, work, check)];
    }

    /// Puts the positions of earlier proofs in the table, the most work first (so that the
    /// first slot of each bucket keeps the largest).
    fn preload(&mut self, proofs: &mut Proofs) {
        if self.table.is_empty() {
            proofs.loaded = 0;
            return;
        }
        let mut order: Vec<&Slot> = proofs.slots.iter().collect();
        order.sort_unstable_by_key(|s| std::cmp::Reverse(slot_work(s)));
        for s in order {
            let (lo, hi) = unpack(s[1]);
            self.store(s[0], slot_check(s), lo, hi, slot_work(s));
        }
        proofs.loaded = proofs.slots.len();
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 {
            let now = Instant::now();
            if now >= self.deadline {
                self.aborted = true;
            } else if now.duration_since(self.last_report) >= Duration::from_secs(1) {
                self.last_report = now;
                (self.on_progress)(Progress {
                    nodes: self.nodes,
                    elapsed: now.duration_since(self.start),
                    root_done: self.root_done,
                    root_moves: self.root_moves,
                });
            }
        }
        !self.aborted
    }

    /// Negamax on the value for the player to move in `g` (not over), fail-soft: a result
    /// at or below `alpha` is an upper bound, at or above `beta` a lower bound, else exact.
    /// `None`: the time ran out.
    fn search(&mut self, g: &G, mut alpha: i8, mut beta: i8) -> Option<i8> {
        if !self.tick() {
            return None;
        }
        let ToMove::Player(me) = g.to_move() else { return None };
        let (key, check) = (Self::key(g), g.check());
        if let Some((lo, hi)) = self.probe(key, check) {
            if lo >= beta || lo == hi {
                return Some(lo);
            }
            if hi <= alpha {
                return Some(hi);
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        if let Some(v) = g.decided(&mut self.aid) {
            self.store(key, check, v, v, 1);
            return Some(v);
        }
        let before = self.nodes;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = -2;
        // The move that refuted the last sibling position first, before the (costly) order
        // of the rest: it often refutes this one too.
        let killer = self.killers.get(self.ply).copied().flatten().filter(|&k| g.allows(k));
        if let Some(k) = killer {
            let v = self.child(g, me, k, alpha, beta)?;
            best = v;
            alpha = alpha.max(v);
        }
        if alpha < beta {
            let moves = self.ordered(g, me, true);
            for &m in &moves {
                if Some(m) == killer {
                    continue;
                }
                let Some(v) = self.child(g, me, m, alpha, beta) else {
                    self.lists.push(moves);
                    return None;
                };
                best = best.max(v);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        self.remember(m);
                        break;
                    }
                }
            }
            self.lists.push(moves);
        }
        if best == -2 {
            // No legal move in a game that is not over: nothing to prove from.
            return None;
        }
        let work = self.nodes - before;
        if best <= alpha0 {
            self.store(key, check, -1, best, work);
        } else if best >= beta0 {
            self.store(key, check, best, 1, work);
        } else {
            self.store(key, check, best, best, work);
        }
        Some(best)
    }
}

fn unpack(w: u64) -> (i8, i8) {
    ((w & 0xff) as i8 - 2, ((w >> 8) & 0xff) as i8 - 2)
}

// ---------------------------------------------------------------------------------------
// The length of a won game: "won in N".

/// The length score of a win in 0 turns. A win in n turns scores `LENGTH_WIN − n`, a loss
/// in n turns `−(LENGTH_WIN − n)`, a draw 0: the winner prefers the shorter game, the loser
/// the longer, so plain negamax on this score is best play that hurries and delays.
pub const LENGTH_WIN: i16 = 1000;

/// The turns to the end of the game with best play, for a game whose values do not depend
/// on history: the winner hurrying, the loser delaying (each player's turn counts one).
#[derive(Clone, Debug)]
pub struct Length<M> {
    /// The value for the player to move.
    pub value: Value,
    /// Turns to the end (none for a draw, which may go on).
    pub turns: Option<u32>,
    /// A move that wins fastest, draws, or loses slowest (none if there are no moves).
    pub best: Option<M>,
    /// Positions searched.
    pub nodes: u64,
}

/// Searches the [length score](LENGTH_WIN) of `g` (a player to move) within `time`: alpha-beta
/// with a table of proven bounds and the game's own [`Solvable::length_bounds`]. `None`
/// when the time runs out or the game keeps history ([`Solvable::HISTORY`]: a table entry
/// could then be wrong).
pub fn length<G: Solvable>(g: &G, time: Duration) -> Option<Length<G::Move>> {
    if G::HISTORY {
        return None;
    }
    let ToMove::Player(me) = g.to_move() else { return None };
    let mut noop = |_: Progress| {};
    // The solver's own table is not used here (its entries are −1/0/1): the smallest one.
    let limits = Limits { time, table_mb: 1, all: false, each: None, dfpn: false };
    let mut s = Lengths { solver: Solver::<G>::new(limits, &mut noop), bounds: HashMap::new() };
    let moves = s.solver.ordered(g, me, false);
    let (mut alpha, beta) = (-LENGTH_WIN - 1, LENGTH_WIN + 1);
    let mut best = None;
    for &m in &moves {
        let v = s.child(g, me, m, alpha, beta)?;
        if best.is_none() || v > alpha {
            alpha = v;
            best = Some(m);
        }
    }
    let value = Value::from_score(alpha.signum() as i8);
    let turns = (alpha != 0).then(|| (LENGTH_WIN - alpha.abs()) as u32);
    Some(Length { value, turns, best, nodes: s.solver.nodes })
}

/// Most length bounds kept (some 100 MB); then the table starts again.
const LENGTH_MEMO: usize = 1 << 22;

/// The length search's state: the win/loss solver's clock, move order and counting aid, and
/// its own table of length bounds (they are not the solver's −1/0/1).
struct Lengths<'a, G: Solvable> {
    solver: Solver<'a, G>,
    bounds: HashMap<u64, (i16, i16)>,
}

/// A child's score seen one turn earlier: a win or loss one turn further away.
fn one_turn_back(v: i16) -> i16 {
    v - v.signum()
}

/// The inverse of [`one_turn_back`] on scores that occur (|v| far from 0), for windows.
fn one_turn_on(v: i16) -> i16 {
    v + v.signum()
}

impl<G: Solvable> Lengths<'_, G> {
    fn child(&mut self, g: &G, me: Player, m: G::Move, alpha: i16, beta: i16) -> Option<i16> {
        let mut c = g.clone();
        c.play(m);
        match c.to_move() {
            // The game ended with this turn: won or lost in one.
            ToMove::Over => Some(i16::from(result_for(&c, me)) * (LENGTH_WIN - 1)),
            ToMove::Player(p) => {
                let (a, b) = (one_turn_on(alpha), one_turn_on(beta));
                let v = if p == me { self.search(&c, a, b)? } else { -self.search(&c, -b, -a)? };
                Some(one_turn_back(v))
            }
            ToMove::Chance => None,
        }
    }

    /// Negamax on the length score, fail-soft as [`Solver::search`].
    fn search(&mut self, g: &G, mut alpha: i16, mut beta: i16) -> Option<i16> {
        if !self.solver.tick() {
            return None;
        }
        let ToMove::Player(me) = g.to_move() else { return None };
        let key = Solver::<G>::key(g);
        let (mut lo, mut hi) = self.bounds.get(&key).copied().unwrap_or((-LENGTH_WIN, LENGTH_WIN));
        if let Some((l, h)) = g.length_bounds(&mut self.solver.aid) {
            lo = lo.max(l);
            hi = hi.min(h);
        }
        if lo >= beta || lo == hi {
            return Some(lo);
        }
        if hi <= alpha {
            return Some(hi);
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let (alpha0, beta0) = (alpha, beta);
        let mut best = i16::MIN;
        let moves = self.solver.ordered(g, me, false);
        for &m in &moves {
            let Some(v) = self.child(g, me, m, alpha, beta) else {
                self.solver.lists.push(moves);
                return None;
            };
            best = best.max(v);
            if v > alpha {
                alpha = v;
                if alpha >= beta {
                    break;
                }
            }
        }
        self.solver.lists.push(moves);
        if best == i16::MIN {
            // No legal move in a game that is not over: nothing to count from.
            return None;
        }
        let entry = if best <= alpha0 {
            (lo, best)
        } else if best >= beta0 {
            (best, hi)
        } else {
            (best, best)
        };
        if self.bounds.len() >= LENGTH_MEMO {
            // Forgotten, not wrong: memory stays bounded in long searches.
            self.bounds.clear();
        }
        self.bounds.insert(key, entry);
        Some(best)
    }
}

/// Why a position cannot be solved here, or `None` when it can: the text for `tabla solve`'s
/// exit status 2, naming what is supported.
pub fn refusal(game: &tabla_games::AnyGame) -> Option<String> {
    use tabla_games::AnyGame;
    const SUPPORTED: &str = "tabla solve handles two-player games without dice: Amazons with \
        2 players (any board, layout, holes, killer, placement), Seega's phase 2 with few \
        stones from exact endgame tables, and Seega and GIPF otherwise by a search without a \
        table, as their repetition rules depend on the game's history (positions near their \
        end)";
    match game {
        AnyGame::BulgarianUr(_) => Some(format!(
            "Bulgarian Ur has dice: its exact expected scores come from tables (solve_ur), not \
             from this search; {SUPPORTED}"
        )),
        AnyGame::Amazons(a) if a.config().players != 2 => Some(format!(
            "Amazons with {} players is not a two-player game; {SUPPORTED}",
            a.config().players
        )),
        _ if game.to_move() == ToMove::Chance => Some(format!("chance moves next; {SUPPORTED}")),
        _ => None,
    }
}

/// A solve of any registered game, with moves written in the game's notation.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The contract name of the player to move.
    pub to_move: &'static str,
    /// The value for that player; `None`: unknown (the time ran out).
    pub value: Option<Value>,
    /// A move that achieves the value.
    pub best: Option<String>,
    /// With [`Limits::all`]: every legal move and its value for the mover.
    pub moves: Vec<(String, Option<Value>)>,
    /// With [`Limits::all`] from a search: the positions and time spent on each of `moves`
    /// (empty when the values come from a table).
    pub spent: Vec<(u64, Duration)>,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time taken.
    pub elapsed: Duration,
    /// Turns to the end of the game with best play, the winner hurrying and the loser
    /// delaying: from an exact table (Seega's endgames: see [`solve_seega`]) or, for
    /// Amazons, from [`length`] when it finishes in the time left ([`with_length`]); `None`
    /// otherwise, and for a draw.
    pub turns: Option<u32>,
    /// In a lost position whose turns are known: the longest defence (the move that keeps
    /// the game going longest, the most turns for the winner to go wrong), which `best`
    /// never is (it is null when lost).
    pub defence: Option<String>,
    /// See [`Solution::clashes`].
    pub clashes: u64,
}

/// Solves any registered game (`tabla solve`).
///
/// # Errors
/// The game or variant is not handled ([`refusal`]), or the game is over.
pub fn solve_any(
    game: &tabla_games::AnyGame,
    limits: Limits,
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Solved, String> {
    solve_any_keeping(game, limits, &mut Proofs::default(), &[], on_progress)
}

/// [`solve_any`] with the positions of earlier proofs and the root moves to search first,
/// in the game's notation ([`solve_keeping`]).
///
/// # Errors
/// As [`solve_any`], or a move of `first` is not legal in the position.
pub fn solve_any_keeping(
    game: &tabla_games::AnyGame,
    limits: Limits,
    proofs: &mut Proofs,
    first: &[String],
    on_progress: &mut dyn FnMut(Progress),
) -> Result<Solved, String> {
    if let Some(why) = refusal(game) {
        return Err(why);
    }
    let ToMove::Player(p) = game.to_move() else {
        return Err("the game is over: there is nothing to solve".into());
    };
    tabla_games::with_game!(game, g => {
        let first = first
            .iter()
            .map(|m| g.parse_move(m).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let s = solve_keeping(g, limits, proofs, &first, on_progress);
        Ok(Solved {
            to_move: g.player_name(p),
            value: s.value,
            best: s.best.map(|m| g.format_move(m)),
            moves: s.moves.iter().map(|&(m, v)| (g.format_move(m), v)).collect(),
            spent: s.spent,
            nodes: s.nodes,
            elapsed: s.elapsed,
            turns: None,
            defence: None,
            clashes: s.clashes,
        })
    })
}

// ---------------------------------------------------------------------------------------
// Seega: exact endgame tables.

/// A Seega position's exact value from an endgame table ([`crate::seega_table`]).
#[derive(Clone, Debug)]
pub struct SeegaSolved {
    /// The contract name of the player to move.
    pub to_move: &'static str,
    /// The value for that player, with the turns to the end.
    pub value: crate::seega_table::Exact,
    /// A move of that value (the fastest win; a drawing move), none when lost.
    pub best: Option<String>,
    /// When lost: the longest defence.
    pub defence: Option<String>,
    /// With `all`: every legal move and its value for the mover, best first (the fastest
    /// win, the longest defence), the rules' order among equals.
    pub moves: Vec<(String, crate::seega_table::Exact)>,
    /// Positions in the table (after symmetry).
    pub positions: u64,
    /// The game's history holds positions since the last capture that the table cannot
    /// count for the repetition rule (beyond the next turn): see the module text of
    /// [`crate::seega_table`].
    pub history_ignored: bool,
    /// Wall time, the table's building included.
    pub elapsed: Duration,
}

/// Solves a Seega position from an endgame table, built in memory when this process has
/// none yet (`progress` hears of each material class built). `None` when no table covers
/// the position (phase 1, or more stones than a table built here holds): the search then
/// answers as before.
pub fn solve_seega(
    g: &tabla_games::seega::Seega,
    all: bool,
    progress: &mut dyn FnMut(&crate::seega_table::ClassStats),
) -> Option<SeegaSolved> {
    use crate::seega_table::{table, Exact, Variant};
    let start = Instant::now();
    let ToMove::Player(p) = g.to_move() else { return None };
    let v = Variant::of(g)?;
    if v.too_large().is_some() {
        return None;
    }
    let (t, _) = table(v, progress).ok()?;
    let mut moves: Vec<(tabla_games::seega::SeegaMove, Exact)> = t.move_values(g)?;
    moves.sort_by_key(|m| std::cmp::Reverse(m.1.score()));
    let (top, value) = *moves.first()?;
    Some(SeegaSolved {
        to_move: g.player_name(p),
        value,
        best: (!matches!(value, Exact::Loss(_))).then(|| g.format_move(top)),
        defence: matches!(value, Exact::Loss(_)).then(|| g.format_move(top)),
        moves: if all {
            moves.iter().map(|&(m, e)| (g.format_move(m), e)).collect()
        } else {
            Vec::new()
        },
        positions: t.positions(),
        history_ignored: !g.history_is_fresh(),
        elapsed: start.elapsed(),
    })
}

// ---------------------------------------------------------------------------------------
// Bulgarian Ur: exact expected scores from tables.

/// A solve of a Bulgarian Ur position: the mover's exact expected score from its variant's
/// table ([`crate::ur_table`]).
#[derive(Clone, Debug)]
pub struct UrSolved {
    /// Whose score `value` is: the player to move, at a roll the player whose die it is, at
    /// the roll-off Black.
    pub to_move: &'static str,
    /// The expected score in [0, 1] (a win 1, a draw ½) with best play by both.
    pub value: f64,
    /// A move of that value (none at a roll or the roll-off).
    pub best: Option<String>,
    /// With `all`: every legal move and its value for the mover (at a roll: every outcome
    /// and the roller's value after it), in the game's order.
    pub moves: Vec<(String, f64)>,
    /// States in the table.
    pub states: u64,
    /// Wall time, the table's loading or building included.
    pub elapsed: Duration,
}

/// Solves a Bulgarian Ur position exactly from its variant's table, loaded from `dir` when
/// there, else built in memory (`progress` hears of a build).
///
/// # Errors
/// The game is over, the variant's table is too large (the message says which work), or a
/// table file is damaged.
pub fn solve_ur(
    g: &tabla_games::bulgarian_ur::BulgarianUr,
    dir: &std::path::Path,
    all: bool,
    progress: &mut dyn FnMut(crate::ur_table::BuildProgress),
) -> Result<UrSolved, String> {
    use crate::ur_table::{table, Variant};
    use tabla_games::bulgarian_ur::UrMove;
    let start = Instant::now();
    let name = match g.to_move() {
        ToMove::Over => return Err("the game is over: there is nothing to solve".into()),
        ToMove::Player(p) => g.player_name(p),
        ToMove::Chance => g.chance_player().map_or("black", |p| g.player_name(p)),
    };
    let t = table(Variant::of(g), dir, progress)?;
    let missing = || format!("the position is not reachable under {}", Variant::of(g).describe());
    let value = t.value(g).ok_or_else(missing)?;
    let mut moves = Vec::new();
    let mut best = None;
    match g.to_move() {
        ToMove::Player(_) => {
            best = t.best_move(g).map(|m| g.format_move(m));
            if all {
                let mv = t.move_values(g).ok_or_else(missing)?;
                moves = mv.into_iter().map(|(m, v)| (g.format_move(m), v)).collect();
            }
        }
        ToMove::Chance if all && g.chance_player().is_none() => {
            // The roll-off: each outcome with Black's value after it.
            for p in [tabla_games::bulgarian_ur::BLACK, tabla_games::bulgarian_ur::YELLOW] {
                let mut h = *g;
                h.play(UrMove::First(p));
                let v = t.value(&h).ok_or_else(missing)?;
                let black = if p == tabla_games::bulgarian_ur::BLACK { v } else { 1.0 - v };
                moves.push((g.format_move(UrMove::First(p)), black));
            }
        }
        _ if all => {
            for r in 1..=6 {
                let mut h = *g;
                h.play(UrMove::Roll(r));
                moves.push((g.format_move(UrMove::Roll(r)), t.value(&h).ok_or_else(missing)?));
            }
        }
        _ => {}
    }
    Ok(UrSolved {
        to_move: name,
        value,
        best,
        moves,
        states: t.states() as u64,
        elapsed: start.elapsed(),
    })
}

// ---------------------------------------------------------------------------------------
// Amazons: counting turns in separated regions.

/// Largest region (in empty cells) whose turn count is found exactly by a sub-search; larger
/// ones are bounded by their empty cells only.
const SOLO_CELLS: u32 = 16;
/// Positions a single region's count may take before it gives up (and is bounded instead).
const SOLO_NODES: u64 = 200_000;

/// Region counts remembered at most (about 50 bytes each), so that a long proof's memory
/// stays bounded.
const SOLO_MEMO: usize = 1 << 21;

/// Amazons' scratch: the exact turn counts of regions already counted, by (queens, empty
/// cells) as bits. Boards up to 128 cells only.
#[derive(Default)]
pub struct AmazonsAid {
    counts: rustc_hash::FxHashMap<(u128, u128), Option<u8>>,
}

impl Solvable for Amazons {
    const HISTORY: bool = false;
    type Aid = AmazonsAid;

    /// A multiply-and-fold hash of the occupied cells, each side's queens, the stones in
    /// hand and the mover: nothing in common with the Zobrist key but the position.
    fn check(&self) -> u16 {
        let mix = |h: u64, x: u64| (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(31);
        let occ = self.occupied_bits();
        let mut h = mix(mix(0x2545_F491_4F6C_DD1D, occ as u64), (occ >> 64) as u64);
        for p in self.config().seats() {
            let mut q = 0u128;
            for &c in self.queens_of(p) {
                q |= 1u128 << (c.0 % 128);
            }
            h = mix(mix(h, q as u64), (q >> 64) as u64 ^ u64::from(self.in_hand(p)) << 56);
        }
        if let ToMove::Player(p) = self.to_move() {
            h = mix(h, u64::from(p.0) + 1);
        }
        (h >> 48) as u16
    }

    fn allows(&self, m: tabla_games::amazons::Move) -> bool {
        use tabla_games::amazons::Move;
        let cfg = self.config();
        let ToMove::Player(me) = self.to_move() else { return false };
        let general = || {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            moves.contains(&m)
        };
        let Move::Shot { from, to, stone } = m else { return general() };
        if cfg.killer || self.in_hand(me) > 0 {
            // Killer's captures and placing: the general check.
            return general();
        }
        if self.content(from).queen_owner() != Some(me) {
            // A killer move from a sibling whose queen has since moved.
            return false;
        }
        let geo = &cfg.geo;
        // Along a ray from `a`, through cells that are empty (or `vacated`), up to `b`.
        let reaches = |a: Cell, b: Cell, vacated: Cell| {
            (0..geo.dir_count()).any(|d| {
                for &c in geo.ray(a, d) {
                    if c != vacated && !self.content(c).is_empty() {
                        return false;
                    }
                    if c == b {
                        return true;
                    }
                }
                false
            })
        };
        reaches(from, to, Cell(u16::MAX)) && reaches(to, stone, from)
    }

    /// The board falls into regions of connected empty cells and queens. A region with the
    /// queens of one side only is that side's for good: it can make exactly as many turns
    /// there as the most it can make alone (each turn fills one empty cell, so a region of k
    /// empty cells gives at most k; exact counts come from a sub-search of small regions).
    /// A region where both sides have queens is still contested: each side may make at most
    /// k turns there and is sure of none. The side to move wins if the turns it is sure of
    /// exceed the most the other can make, and loses if the most it can make are no more
    /// than the other is sure of; otherwise the search goes on.
    fn decided(&self, aid: &mut AmazonsAid) -> Option<i8> {
        let (m, lo, hi) = turn_bounds(self, aid)?;
        let o = 1 - m;
        if lo[m] > hi[o] {
            Some(1)
        } else if hi[m] <= lo[o] {
            Some(-1)
        } else {
            None
        }
    }

    /// From the same counts: the loser can make at least the turns it is sure of and the
    /// winner must answer each, so a game the mover wins lasts at least 2·lo(other) + 1
    /// turns and one it loses at least 2·lo(mover); a decided game lasts at most
    /// 2·hi(other) + 1 or 2·hi(mover) (the winner keeps to its own regions). When every
    /// region is one side's and counted exactly, the bounds meet: the exact length.
    fn length_bounds(&self, aid: &mut AmazonsAid) -> Option<(i16, i16)> {
        let (m, lo, hi) = turn_bounds(self, aid)?;
        let o = 1 - m;
        let win = |n: u32| LENGTH_WIN - n as i16;
        let loss = |n: u32| -(LENGTH_WIN - n as i16);
        Some(if lo[m] > hi[o] {
            (win(2 * hi[o] + 1), win(2 * lo[o] + 1))
        } else if hi[m] <= lo[o] {
            (loss(2 * lo[m]), loss(2 * hi[m]))
        } else {
            (loss(2 * lo[m]), win(2 * lo[o] + 1))
        })
    }
}

/// The mover's index and the turns `[lo, hi]` each side can still make, counted by
/// region (see [`Solvable::decided`]); `None` where regions are not counted.
fn turn_bounds(g: &Amazons, aid: &mut AmazonsAid) -> Option<(usize, [u32; 2], [u32; 2])> {
    let cfg = g.config();
    let geo = &cfg.geo;
    if cfg.players != 2 || geo.len() > 128 || g.in_hand(Player(0)) + g.in_hand(Player(1)) > 0 {
        return None;
    }
    let ToMove::Player(me) = g.to_move() else { return None };
    // Each cell's neighbours as bits (the move generator's), for a flood fill by masks.
    let rays = cfg.rays128.as_ref()?;
    let queen_bits = |p: Player| g.queens_of(p).iter().fold(0u128, |b, &q| b | bit(q));
    let side = [queen_bits(Player(0)), queen_bits(Player(1))];
    // Cells a region spreads over: empty ones and queens (neighbours are board cells only).
    let free = !g.occupied_bits() | side[0] | side[1];
    // [lo, hi] of the turns each side can make.
    let mut lo = [0u32; 2];
    let mut hi = [0u32; 2];
    let mut seen: u128 = 0;
    for p in [Player(0), Player(1)] {
        let i = p.index();
        for &q in g.queens_of(p) {
            if seen & bit(q) != 0 {
                continue;
            }
            // The region of `q`: cells reachable by king steps over empty cells.
            let mut region = bit(q);
            let mut frontier = region;
            while frontier != 0 {
                let mut grow = 0u128;
                while frontier != 0 {
                    grow |= rays.adjacent(Cell(frontier.trailing_zeros() as u16));
                    frontier &= frontier - 1;
                }
                frontier = grow & free & !region;
                region |= frontier;
            }
            seen |= region;
            let queens = region & side[i];
            let empty = region & !(side[0] | side[1]);
            let mixed = region & side[1 - i] != 0;
            let k = empty.count_ones();
            if mixed {
                // Both sides here: each may make up to k turns, and is sure of none. In
                // *killer* a capture fills no empty cell (the captor's old cell empties as
                // its stone lands), so each capture adds a turn: at most one per queen of
                // the other side in the region.
                let (qi, qo) = if cfg.killer {
                    (queens.count_ones(), (region & side[1 - i]).count_ones())
                } else {
                    (0, 0)
                };
                hi[i] += k + qo;
                hi[1 - i] += k + qi;
                continue;
            }
            let exact = if k <= SOLO_CELLS { solo_count(g, queens, empty, aid) } else { None };
            match exact {
                Some(n) => {
                    lo[i] += u32::from(n);
                    hi[i] += u32::from(n);
                }
                None => hi[i] += k,
            }
        }
    }
    Some((me.index(), lo, hi))
}

#[inline]
fn bit(c: Cell) -> u128 {
    1u128 << c.index()
}

/// The most turns one side can make alone with `queens` among `empty` cells (one region),
/// memoised across the solve; `None` when the count took too long.
fn solo_count(g: &Amazons, queens: u128, empty: u128, aid: &mut AmazonsAid) -> Option<u8> {
    let mut budget = SOLO_NODES;
    solo(g, queens, empty, aid, &mut budget)
}

fn solo(
    g: &Amazons,
    queens: u128,
    empty: u128,
    aid: &mut AmazonsAid,
    budget: &mut u64,
) -> Option<u8> {
    if let Some(&v) = aid.counts.get(&(queens, empty)) {
        return v;
    }
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let geo = &g.config().geo;
    let cap = empty.count_ones() as u8;
    let mut best = 0u8;
    let mut qs = queens;
    'all: while qs != 0 {
        let from = Cell(qs.trailing_zeros() as u16);
        qs &= qs - 1;
        for d in 0..geo.dir_count() {
            for &to in geo.ray(from, d) {
                if empty & bit(to) == 0 {
                    break;
                }
                // The queen has left `from`, which is empty for the shot.
                let e = (empty | bit(from)) & !bit(to);
                for d2 in 0..geo.dir_count() {
                    for &s in geo.ray(to, d2) {
                        if e & bit(s) == 0 {
                            break;
                        }
                        let q2 = (queens & !bit(from)) | bit(to);
                        let v = 1 + solo(g, q2, e & !bit(s), aid, budget)?;
                        best = best.max(v);
                        if best == cap {
                            break 'all; // every empty cell used: no count is higher
                        }
                    }
                }
            }
        }
    }
    if aid.counts.len() >= SOLO_MEMO {
        // Forgotten, not wrong: memory stays bounded in long proofs.
        aid.counts.clear();
    }
    aid.counts.insert((queens, empty), Some(best));
    Some(best)
}

// ---------------------------------------------------------------------------------------
// Perfect play: where it is known here, and its move (the `perfect` bot of `tabla match`,
// the server's `computer:perfect` seat, the analysis board's proofs).

/// Most empty cells of a two-player Amazons position that the `perfect` seat takes on: from
/// every such position the solver proves the value within a move's time on a slow machine,
/// so that its moves are proven, not guessed (measured in `bench/results/perfect.md`).
pub const PERFECT_AMAZONS_EMPTY: u32 = 10;

/// Most cells (states × quiet layers) of a Bulgarian Ur table that perfect play builds on
/// demand: one disc under a quiet rule up to 1,600, and two discs without the quiet rule
/// (226,514 states, 22 MB and seconds to build). Larger tables only from files built ahead.
pub const PERFECT_UR_CELLS: u64 = 1_000_000;

/// Whether perfect play is known for a game's variant on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Perfect {
    /// Known: the table is at hand, or the board is small enough to prove every move.
    Ready,
    /// Its table is being built (seconds): ask again.
    Building,
    /// Not known, and why (for a message).
    No(String),
}

/// Empty cells of an Amazons position (queens in hand are placed on empty cells, so they
/// make it no smaller).
fn amazons_empty(a: &Amazons) -> u32 {
    let geo = &a.config().geo;
    geo.cells().filter(|&c| a.content(c).is_empty()).count() as u32
}

/// The states of a Bulgarian Ur variant's table (`bench/results/ur-tables.md`), `None`
/// beyond what is built on demand.
fn ur_states(discs: u8) -> Option<u64> {
    match discs {
        1 => Some(625),
        2 => Some(226_514),
        _ => None,
    }
}

/// Variants whose table a background build is making (or failed to make: the message).
fn ur_building() -> &'static std::sync::Mutex<HashMap<crate::ur_table::Variant, Option<String>>> {
    static B: std::sync::OnceLock<
        std::sync::Mutex<HashMap<crate::ur_table::Variant, Option<String>>>,
    > = std::sync::OnceLock::new();
    B.get_or_init(Default::default)
}

/// Tables built in the background that could not be written to the tables directory.
fn ur_built() -> &'static std::sync::Mutex<
    HashMap<crate::ur_table::Variant, std::sync::Arc<crate::ur_table::UrTable>>,
> {
    static T: std::sync::OnceLock<
        std::sync::Mutex<
            HashMap<crate::ur_table::Variant, std::sync::Arc<crate::ur_table::UrTable>>,
        >,
    > = std::sync::OnceLock::new();
    T.get_or_init(Default::default)
}

/// The table of a variant for perfect play when it is at hand ([`crate::ur_table::ready`],
/// or built in the background here); never builds anything large.
fn ur_perfect_table(
    v: crate::ur_table::Variant,
) -> Option<std::sync::Arc<crate::ur_table::UrTable>> {
    if let Some(t) = ur_built().lock().unwrap_or_else(|p| p.into_inner()).get(&v) {
        return Some(std::sync::Arc::clone(t));
    }
    // `ready` builds one-disc tables of any quiet count when not at hand: only small ones
    // here (or one on disk). Larger variants it only looks up.
    let on_disk = || crate::ur_table::default_dir().join(v.file_name()).exists();
    let large_one =
        v.discs <= 1 && ur_states(1).unwrap_or(0) * v.layers() as u64 > PERFECT_UR_CELLS;
    (!large_one || on_disk()).then(|| crate::ur_table::ready(v)).flatten()
}

/// Builds the table of `v` on another thread (once), writes it to the tables directory so
/// that level 7, the analysis and a restarted server find it, and keeps it here otherwise.
fn ur_build_in_background(v: crate::ur_table::Variant) {
    {
        let mut b = ur_building().lock().unwrap_or_else(|p| p.into_inner());
        if b.contains_key(&v) {
            return;
        }
        b.insert(v, None);
    }
    std::thread::spawn(move || {
        let failed = match crate::ur_table::UrTable::build(v, &mut |_| {}) {
            Ok((t, _)) => {
                let path = crate::ur_table::default_dir().join(v.file_name());
                if t.save(&path).is_err() {
                    ur_built()
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .insert(v, std::sync::Arc::new(t));
                }
                None
            }
            Err(e) => Some(e),
        };
        let mut b = ur_building().lock().unwrap_or_else(|p| p.into_inner());
        match failed {
            Some(e) => b.insert(v, Some(e)),
            None => b.remove(&v),
        };
    });
}

/// Whether perfect play is known for `game` (its variant, from the position given: an
/// Amazons game gets no larger as it goes on). Bulgarian Ur: a table on disk, or one small
/// enough to build (one disc at once; two discs without the quiet rule in the background,
/// started by this call when `build` is set). Amazons: two players and at most
/// [`PERFECT_AMAZONS_EMPTY`] empty cells. Nothing else.
pub fn perfect(game: &tabla_games::AnyGame, build: bool) -> Perfect {
    use tabla_games::AnyGame;
    const WHERE: &str = "perfect play is known here for Bulgarian Ur with 1 disc, with 2 \
        discs and quiet=off, or with a table built ahead (tabla solve --build-table), and \
        for two-player Amazons with at most";
    let no = |why: String| {
        Perfect::No(format!("{why}; {WHERE} {PERFECT_AMAZONS_EMPTY} empty cells at the start"))
    };
    match game {
        AnyGame::BulgarianUr(u) => {
            let v = crate::ur_table::Variant::of(u);
            if ur_perfect_table(v).is_some() {
                return Perfect::Ready;
            }
            let cells = ur_states(v.discs).map(|s| s * v.layers() as u64);
            if cells.is_none_or(|c| c > PERFECT_UR_CELLS) {
                return no(format!("Bulgarian Ur with {} has no exact table here", v.describe()));
            }
            if let Some(Some(e)) = ur_building().lock().unwrap_or_else(|p| p.into_inner()).get(&v) {
                return no(format!("the table of {} could not be built: {e}", v.describe()));
            }
            if build {
                ur_build_in_background(v);
            }
            Perfect::Building
        }
        AnyGame::Amazons(a) if a.config().players != 2 => {
            no(format!("Amazons with {} players is not a two-player game", a.config().players))
        }
        AnyGame::Amazons(a) => {
            let empty = amazons_empty(a);
            if empty <= PERFECT_AMAZONS_EMPTY && a.config().geo.len() <= 128 {
                Perfect::Ready
            } else {
                no(format!("this Amazons board has {empty} empty cells"))
            }
        }
        _ => no(format!("{} is not solved", game.id())),
    }
}

/// The perfect move in `g` within `time`: in Bulgarian Ur a move of best exact value from
/// the variant's table; in two-player Amazons the solver's move when it proves the value in
/// half the time (the fastest win, or when lost the longest defence, where [`length`] also
/// finishes in that half; else a winning move, in a draw a drawing one), else level 7's in
/// the other half (a lost position not counted out, or a board too large to prove). Elsewhere, and in Ur without a table at
/// hand, level 7's. One function for the `perfect` bot and the server's perfect seat.
pub fn perfect_move<G: crate::engine::GameAi>(g: &G, time: Duration, seed: u64) -> Option<G::Move> {
    use std::any::Any;
    let ToMove::Player(_) = g.to_move() else { return None };
    if let Some(u) = (g as &dyn Any).downcast_ref::<tabla_games::bulgarian_ur::BulgarianUr>() {
        let v = crate::ur_table::Variant::of(u);
        if let Some(m) = ur_perfect_table(v).and_then(|t| t.best_move(u)) {
            return (&m as &dyn Any).downcast_ref::<G::Move>().copied();
        }
    }
    let mut rest = time;
    if let Some(a) = (g as &dyn Any).downcast_ref::<Amazons>() {
        if a.config().players == 2 {
            let (found, spent) = proven_amazons_move(a, time / 2);
            if let Some((m, ..)) = found {
                return (&m as &dyn Any).downcast_ref::<G::Move>().copied();
            }
            rest = time.saturating_sub(spent);
        }
    }
    let budget = crate::Budget { time: Some(rest), ..crate::Budget::level(crate::MAX_LEVEL) };
    crate::engine::choose_with(g, budget, seed, &crate::engine::Tweaks::default()).ok().flatten()
}

/// Level 7's exact endgame in two-player Amazons of at most [`PROVE_EMPTY`] empty cells: when
/// the solver proves the position within `time`, the fastest win (or, where [`length`] also
/// finishes, the longest defence of a lost one), with the mover's score (1 or 0) and the
/// positions searched. `None` elsewhere, or when nothing is proven in time.
pub fn endgame_move<G: Game>(g: &G, time: Duration) -> Option<(G::Move, f64, u64)> {
    use std::any::Any;
    let a = (g as &dyn Any).downcast_ref::<Amazons>()?;
    if a.config().players != 2 || amazons_empty(a) > PROVE_EMPTY {
        return None;
    }
    let (found, _) = proven_amazons_move(a, time);
    let (m, score, nodes) = found?;
    (&m as &dyn Any).downcast_ref::<G::Move>().map(|&m| (m, score, nodes))
}

/// The move to play where the solver proves `a` within `time`: the fastest win, or in a lost
/// position the longest defence (the most turns for the winner to err) where [`length`] also
/// finishes in what is left; else a move the solver proved. With the mover's score and the
/// positions searched, and the time spent whether or not a move was found. One rule for
/// level 7's endgames and for perfect play.
fn proven_amazons_move(
    a: &Amazons,
    time: Duration,
) -> (Option<(tabla_games::amazons::Move, f64, u64)>, Duration) {
    let t0 = Instant::now();
    let s =
        solve(a, Limits { time, table_mb: 64, all: false, each: None, dfpn: false }, &mut |_| {});
    let found = s.value.and_then(|value| {
        let l = length(a, time.saturating_sub(s.elapsed));
        let nodes = s.nodes + l.as_ref().map_or(0, |l| l.nodes);
        let m = l.and_then(|l| l.best).or(s.best)?;
        let score = match value {
            Value::Win => 1.0,
            Value::Draw => 0.5,
            Value::Loss => 0.0,
        };
        Some((m, score, nodes))
    });
    (found, t0.elapsed())
}

/// [`perfect_move`] for any registered game, in canonical notation.
pub fn perfect_move_dyn(game: &tabla_games::AnyGame, time: Duration, seed: u64) -> Option<String> {
    tabla_games::with_game!(game, g => perfect_move(g, time, seed).map(|m| g.format_move(m)))
}

/// Most empty cells of an Amazons position that the analysis board tries to prove (in a
/// second or so: positions of random play with 14 are proven in a fifth of a second, the
/// odd one with 16 takes seconds; `bench/results/perfect.md`).
pub const PROVE_EMPTY: u32 = 16;

/// A proof of an Amazons position for the analysis board: the solver within `time`, for
/// two-player positions of at most [`PROVE_EMPTY`] empty cells; a Seega endgame's exact
/// value where its table is at hand (with `turns`, the turns to the end); `None` elsewhere
/// or when the time ran out (a value the search only estimates is not a proof).
pub fn prove(game: &tabla_games::AnyGame, time: Duration) -> Option<Solved> {
    if let tabla_games::AnyGame::Seega(s) = game {
        return prove_seega(s);
    }
    let tabla_games::AnyGame::Amazons(a) = game else { return None };
    if a.config().players != 2 || !matches!(game.to_move(), ToMove::Player(_)) {
        return None;
    }
    if amazons_empty(a) > PROVE_EMPTY {
        return None;
    }
    let s = solve_any(
        game,
        Limits { time, table_mb: 64, all: false, each: None, dfpn: false },
        &mut |_| {},
    )
    .ok()?;
    s.value?;
    Some(with_length(a, s, time))
}

/// A proof with its turns to the end ("won in N") when [`length`] finds them in what is left
/// of `time`; the best move is then the fastest win, and in a lost position `defence` the
/// longest defence. Without them, the proof as it was.
pub fn with_length(g: &Amazons, mut s: Solved, time: Duration) -> Solved {
    let left = time.saturating_sub(s.elapsed);
    if left.is_zero() {
        return s;
    }
    let t0 = Instant::now();
    if let Some(l) = length(g, left) {
        debug_assert_eq!(Some(l.value), s.value, "the length search and the proof disagree");
        if Some(l.value) == s.value {
            s.turns = l.turns;
            let best = l.best.map(|m| g.format_move(m));
            match l.value {
                Value::Win => s.best = best,
                Value::Loss => s.defence = best,
                Value::Draw => {}
            }
            s.nodes += l.nodes;
        }
    }
    s.elapsed += t0.elapsed();
    s
}

/// A Seega endgame's exact value for the analysis board, where a table is at hand at once
/// ([`crate::seega_table::ready`]: built already, or small; a larger one is started on
/// another thread for later requests, never built inside this one).
fn prove_seega(g: &tabla_games::seega::Seega) -> Option<Solved> {
    use crate::seega_table::Exact;
    let start = Instant::now();
    let ToMove::Player(p) = g.to_move() else { return None };
    let t = crate::seega_table::ready(g, true)?;
    let (best, value) = t.best_move(g)?;
    let word = match value {
        Exact::Win(_) => Value::Win,
        Exact::Draw => Value::Draw,
        Exact::Loss(_) => Value::Loss,
    };
    Some(Solved {
        to_move: g.player_name(p),
        value: Some(word),
        best: (word != Value::Loss).then(|| g.format_move(best)),
        defence: (word == Value::Loss).then(|| g.format_move(best)),
        moves: Vec::new(),
        spent: Vec::new(),
        nodes: t.positions(),
        elapsed: start.elapsed(),
        turns: value.turns(),
        clashes: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabla_games::AnyGame;

    fn amazons(opts: &[&str]) -> Amazons {
        let opts: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
        match tabla_games::new_game("amazons", &opts).unwrap() {
            AnyGame::Amazons(a) => a,
            _ => unreachable!(),
        }
    }

    /// Plain negamax: every move, no table, no counting; only the first winning move ends
    /// the loop (Amazons has no draws). 1: the mover wins.
    fn brute(g: &Amazons) -> i8 {
        let ToMove::Player(me) = g.to_move() else { unreachable!() };
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        for m in moves {
            let mut c = g.clone();
            c.play(m);
            let v = match c.outcome() {
                Some(o) => {
                    if o.winners.contains(me) {
                        1
                    } else {
                        -1
                    }
                }
                None => -brute(&c),
            };
            if v == 1 {
                return 1;
            }
        }
        -1
    }

    fn score(v: Value) -> i8 {
        match v {
            Value::Win => 1,
            Value::Draw => 0,
            Value::Loss => -1,
        }
    }

    /// Whether some region of empty cells joins queens of both sides (king steps).
    fn contested(g: &Amazons) -> bool {
        let geo = &g.config().geo;
        let free = |c: Cell| g.content(c).is_empty() || g.content(c).queen_owner().is_some();
        g.queens_of(Player(0)).iter().any(|&q| {
            let (mut seen, mut stack) = (vec![q], vec![q]);
            while let Some(c) = stack.pop() {
                if g.content(c).queen_owner() == Some(Player(1)) {
                    return true;
                }
                for d in 0..geo.dir_count() {
                    if let Some(n) = geo.neighbour(c, d) {
                        if free(n) && !seen.contains(&n) {
                            seen.push(n);
                            stack.push(n);
                        }
                    }
                }
            }
            false
        })
    }

    /// A small deterministic generator (no dependency needed for a test).
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// A random board of 12–20 cells with holes and stones and one or two queens a side,
    /// then random turns until few enough empty cells are left for brute force.
    fn random_position(rng: &mut Rng) -> Option<Amazons> {
        random_position_with(rng, &[])
    }

    /// [`random_position`] with further options (`killer=on`).
    fn random_position_with(rng: &mut Rng, extra: &[&str]) -> Option<Amazons> {
        let (w, h) = loop {
            let (w, h) = (3 + rng.below(3), 3 + rng.below(4));
            if (12..=24).contains(&(w * h)) {
                break (w, h);
            }
        };
        let mut cells = vec!['.'; w * h];
        let holes = rng.below(4);
        for _ in 0..holes {
            cells[rng.below(w * h)] = '-';
        }
        if cells.iter().filter(|&&c| c != '-').count() > 20 {
            return None;
        }
        for _ in 0..rng.below(4) {
            cells[rng.below(w * h)] = '#';
        }
        for q in ['1', '1', '2', '2'].iter().take(2 + rng.below(3)) {
            let free: Vec<usize> = (0..w * h).filter(|&i| cells[i] == '.').collect();
            if free.is_empty() {
                return None;
            }
            cells[free[rng.below(free.len())]] = *q;
        }
        // Each side needs a queen.
        if !cells.contains(&'1') {
            let free: Vec<usize> = (0..w * h).filter(|&i| cells[i] == '.').collect();
            cells[*free.first()?] = '1';
        }
        if !cells.contains(&'2') {
            let free: Vec<usize> = (0..w * h).filter(|&i| cells[i] == '.').collect();
            cells[*free.first()?] = '2';
        }
        let rows: Vec<String> = cells.chunks(w).map(|r| r.iter().collect()).collect();
        let layout = format!("layout={}", rows.join("/"));
        let turn = format!("turn={}", 1 + rng.below(2));
        let mut opts = vec![layout.as_str(), turn.as_str()];
        opts.extend_from_slice(extra);
        let mut g = amazons(&opts);
        let mut moves = Vec::new();
        loop {
            let empty = g.config().geo.cells().filter(|&c| g.content(c).is_empty()).count();
            if g.outcome().is_some() {
                return None;
            }
            if empty <= 9 {
                return Some(g);
            }
            g.legal_moves(&mut moves);
            g.play(moves[rng.below(moves.len())]);
        }
    }

    /// Solves 150 random small boards with `--all` and checks the value and every root
    /// move's (the table is shared between them) against plain negamax, and that the best
    /// move achieves the value.
    fn agrees_with_plain_negamax(seed: u64, dfpn: bool) {
        let mut rng = Rng(seed);
        let limits =
            Limits { time: Duration::from_secs(60), table_mb: 1, all: true, each: None, dfpn };
        let (mut checked, mut wins, mut moves_checked) = (0, 0, 0);
        while checked < 150 {
            let Some(g) = random_position(&mut rng) else { continue };
            let s = solve(&g, limits, &mut |_| {});
            let v = score(s.value.expect("small boards are solved in time"));
            assert_eq!(v, brute(&g), "{g:?}");
            for (m, mv) in &s.moves {
                let mut c = g.clone();
                c.play(*m);
                let expect = match c.outcome() {
                    Some(_) => 1,
                    None => -brute(&c),
                };
                assert_eq!(score(mv.unwrap()), expect, "{g:?} {}", g.format_move(*m));
                moves_checked += 1;
            }
            if let Some(b) = s.best {
                assert!(s.moves.iter().any(|&(m, x)| m == b && x.map(score) == Some(v)));
            }
            checked += 1;
            wins += i32::from(v == 1);
        }
        // Both results occur, so the test tells wrong answers of either kind.
        assert!(wins > 20 && wins < 130, "{wins} wins of {checked}");
        assert!(moves_checked > 500, "{moves_checked}");
    }

    #[test]
    fn the_solver_agrees_with_plain_negamax_on_random_small_boards() {
        agrees_with_plain_negamax(0x9e37_79b9_7f4a_7c15, false);
    }

    /// Df-pn (`--dfpn`) proves the same values, one search per root move, with a table
    /// small enough that open positions are replaced.
    #[test]
    fn proof_numbers_agree_with_plain_negamax_on_random_small_boards() {
        agrees_with_plain_negamax(0x2545_f491_4f6c_dd1d, true);
    }

    /// One df-pn search of the whole position (`--dfpn` without `--all` or `--each-ms`):
    /// plain negamax's value, and a best move that wins when the position is won, with and
    /// without moves to expand first.
    #[test]
    fn one_proof_number_search_of_the_root_agrees_with_plain_negamax() {
        let mut rng = Rng(0x6a09_e667_f3bc_c908);
        let limits = Limits {
            time: Duration::from_secs(60),
            table_mb: 1,
            all: false,
            each: None,
            dfpn: true,
        };
        let (mut checked, mut wins) = (0, 0);
        while checked < 150 {
            let Some(g) = random_position(&mut rng) else { continue };
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let first: Vec<_> = moves.iter().rev().take(3).copied().collect();
            let v = brute(&g);
            for first in [&[][..], &first[..]] {
                let s = solve_keeping(&g, limits, &mut Proofs::default(), first, &mut |_| {});
                assert_eq!(score(s.value.expect("solved in time")), v, "{g:?}");
                match s.best {
                    Some(b) => {
                        let mut c = g.clone();
                        c.play(b);
                        assert!(c.outcome().is_some() || brute(&c) == -1, "{g:?}");
                    }
                    None => assert_eq!(v, -1, "{g:?}"),
                }
            }
            checked += 1;
            wins += i32::from(v == 1);
        }
        assert!(wins > 20 && wins < 130, "{wins} wins of {checked}");
    }

    /// Root moves searched first (`--first`) change the order, never the value: with the
    /// losing moves first the value is still plain negamax's, and a winning move put first
    /// is the one played, even when the solver's own order would find another.
    #[test]
    fn moves_searched_first_change_no_value_and_a_winning_one_ends_the_root() {
        let mut rng = Rng(0x3c6e_f372_fe94_f82b);
        let limits = Limits {
            time: Duration::from_secs(60),
            table_mb: 1,
            all: false,
            each: None,
            dfpn: false,
        };
        let (mut checked, mut chosen) = (0, 0);
        while checked < 60 {
            let Some(g) = random_position(&mut rng) else { continue };
            let v = brute(&g);
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let value_of = |m: tabla_games::amazons::Move| {
                let mut c = g.clone();
                c.play(m);
                if c.outcome().is_some() {
                    1
                } else {
                    -brute(&c)
                }
            };
            let (winners, losers): (Vec<_>, Vec<_>) =
                moves.iter().partition(|&&m| value_of(m) == 1);
            // The losers first, then the winners last of all.
            let plain = solve(&g, limits, &mut |_| {});
            let mut order = losers.clone();
            order.extend(winners.iter().rev());
            let s = solve_keeping(&g, limits, &mut Proofs::default(), &order, &mut |_| {});
            assert_eq!(score(s.value.unwrap()), v, "{g:?}");
            // A winning move other than the one the solver's own order finds, put first.
            if let Some(w) = winners.iter().copied().find(|&w| Some(w) != plain.best) {
                let s = solve_keeping(&g, limits, &mut Proofs::default(), &[w], &mut |_| {});
                assert_eq!(s.best, Some(w), "{g:?}");
                chosen += 1;
            }
            checked += 1;
        }
        assert!(chosen > 10, "{chosen} positions with a second winning move");
    }

    /// A move into a position the table holds lost for the opponent is ordered first, and
    /// below the root ends the ordering; one into a position held won for the opponent goes
    /// last; without such entries the order is fewest replies first.
    #[test]
    fn moves_into_positions_the_table_holds_are_ordered_by_them() {
        let mut rng = Rng(0xbb67_ae85_84ca_a73b);
        let limits = Limits {
            time: Duration::from_secs(60),
            table_mb: 1,
            all: false,
            each: None,
            dfpn: false,
        };
        let mut checked = 0;
        while checked < 30 {
            let Some(g) = random_position(&mut rng) else { continue };
            let ToMove::Player(me) = g.to_move() else { continue };
            let mut noop = |_: Progress| {};
            let mut s = Solver::<Amazons>::new(limits, &mut noop);
            let plain = s.ordered(&g, me, false);
            let open: Vec<_> = plain
                .iter()
                .copied()
                .filter(|&m| {
                    let mut c = g.clone();
                    c.play(m);
                    c.outcome().is_none()
                })
                .collect();
            if open.len() < 3 || open.len() < plain.len() {
                continue;
            }
            let (win, loss) = (open[open.len() - 1], open[0]);
            for (m, lo, hi) in [(win, -1, -1), (loss, 1, 1)] {
                let mut c = g.clone();
                c.play(m);
                s.store(Solver::<Amazons>::key(&c), c.check(), lo, hi, 1);
            }
            let root = s.ordered(&g, me, false);
            assert_eq!(root.len(), plain.len());
            assert_eq!(root[0], win, "{g:?}");
            assert_eq!(root[root.len() - 1], loss, "{g:?}");
            let below = s.ordered(&g, me, true);
            assert_eq!(below[0], win, "{g:?}");
            checked += 1;
        }
    }

    /// Positions carried from one solve to the next (`--proofs`) save work and never change
    /// a value: each child of a random position solved in turn, every solve starting from
    /// what the ones before proved, agrees with plain negamax.
    #[test]
    fn proofs_carried_between_solves_save_work_and_change_no_value() {
        let mut rng = Rng(0x6a09_e667_f3bc_c909);
        let limits = Limits {
            time: Duration::from_secs(60),
            table_mb: 1,
            all: false,
            each: None,
            dfpn: false,
        };
        let (mut checked, mut loaded) = (0, 0);
        let (mut again_nodes, mut first_nodes) = (0, 0);
        while checked < 40 {
            let Some(g) = random_position(&mut rng) else { continue };
            let mut proofs = Proofs { min_work: 1, ..Proofs::default() };
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let mut first = None;
            for &m in moves.iter().take(12) {
                let mut c = g.clone();
                c.play(m);
                if c.outcome().is_some() {
                    continue;
                }
                let kept = solve_keeping(&c, limits, &mut proofs, &[], &mut |_| {});
                assert_eq!(score(kept.value.unwrap()), brute(&c), "{c:?}");
                loaded += proofs.loaded;
                first.get_or_insert((c, kept.nodes));
            }
            // A position solved again from its own proofs (a run resumed) is almost free.
            if let Some((c, nodes)) = first {
                let again = solve_keeping(&c, limits, &mut proofs, &[], &mut |_| {});
                assert_eq!(score(again.value.unwrap()), brute(&c), "{c:?}");
                again_nodes += again.nodes;
                first_nodes += nodes;
            }
            checked += 1;
        }
        assert!(loaded > 1000, "{loaded} positions loaded");
        assert!(again_nodes * 10 < first_nodes, "{again_nodes} nodes again, {first_nodes} first");
    }

    /// The second hash beside each table entry is the position's own: the same position
    /// read back from its text has the same one (else transpositions would be missed), and
    /// different positions spread over its 65,536 values.
    #[test]
    fn the_second_hash_belongs_to_the_position_and_spreads() {
        let mut rng = Rng(0xbb67_ae85_84ca_a73b);
        let mut seen = std::collections::HashSet::new();
        let mut positions = std::collections::HashSet::new();
        while positions.len() < 1000 {
            let Some(g) = random_position(&mut rng) else { continue };
            let back = g.read_position(&g.position_text()).unwrap();
            assert_eq!(back.check(), g.check(), "{}", g.position_text());
            if positions.insert(g.position_text()) {
                seen.insert(g.check());
            }
        }
        // 1,000 draws from 65,536 values repeat about 8 times.
        assert!(seen.len() > 970, "{} distinct of 1000", seen.len());
    }

    #[test]
    fn a_proofs_file_merges_runs_and_refuses_other_files() {
        let dir = std::env::temp_dir().join(format!("tabla-proofs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("p.bin");
        let _ = std::fs::remove_file(&path);
        // Two solves of different positions write to one file; the second reads the first's.
        let limits = Limits {
            time: Duration::from_secs(60),
            table_mb: 1,
            all: false,
            each: None,
            dfpn: false,
        };
        let g = amazons(&["layout=.2.2./2...2/1...1/.1.1."]);
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut counts = Vec::new();
        for &m in &moves[..2] {
            let mut c = g.clone();
            c.play(m);
            let mut p = Proofs::load(&path, 100).unwrap();
            let before = p.len();
            solve_keeping(&c, limits, &mut p, &[], &mut |_| {});
            assert_eq!(p.loaded, before);
            assert!(p.len() > before);
            counts.push(p.merge_into(&path).unwrap());
        }
        assert!(counts[0] > 0 && counts[1] > counts[0], "{counts:?}");
        let back = Proofs::load(&path, 100).unwrap();
        assert_eq!(back.len(), counts[1]);
        // Merging the same positions again adds nothing.
        assert_eq!(back.merge_into(&path).unwrap(), counts[1]);
        // Not a proofs file, or one cut short: a clear error, never a wrong table.
        std::fs::write(&path, b"hello").unwrap();
        let e = Proofs::load(&path, 100).unwrap_err().to_string();
        assert!(e.contains("not a proofs file"), "{e}");
        let mut cut = PROOFS_MAGIC.to_vec();
        cut.extend_from_slice(&[0; 20]);
        std::fs::write(&path, &cut).unwrap();
        let e = Proofs::load(&path, 100).unwrap_err().to_string();
        assert!(e.contains("cut short"), "{e}");
        let mut old = b"TABLAPF1".to_vec();
        old.extend_from_slice(&[1; 16]);
        std::fs::write(&path, &old).unwrap();
        let e = Proofs::load(&path, 100).unwrap_err().to_string();
        assert!(e.contains("older tabla"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// In *killer* a queen may capture, and a capture leaves as many empty cells as before:
    /// the region counts must stay sound there too.
    #[test]
    fn the_solver_agrees_with_plain_negamax_when_queens_capture() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let limits = Limits {
            time: Duration::from_secs(60),
            table_mb: 1,
            all: false,
            each: None,
            dfpn: false,
        };
        let (mut checked, mut wins) = (0, 0);
        while checked < 150 {
            let Some(g) = random_position_with(&mut rng, &["killer=on"]) else { continue };
            let v = score(solve(&g, limits, &mut |_| {}).value.expect("solved in time"));
            assert_eq!(v, brute(&g), "{g:?}");
            checked += 1;
            wins += i32::from(v == 1);
        }
        assert!(wins > 20 && wins < 130, "{wins} wins of {checked}");
    }

    /// Hex boards, with and without steps through cell corners (twelve directions, where a
    /// region's neighbours are not only the cells that share a side): random turns from
    /// the placing on, until few cells are left.
    #[test]
    fn the_solver_agrees_with_plain_negamax_on_hex_boards() {
        let mut rng = Rng(0x6a09_e667_f3bc_c909);
        let limits = Limits {
            time: Duration::from_secs(60),
            table_mb: 1,
            all: false,
            each: None,
            dfpn: false,
        };
        let (mut checked, mut wins, mut corners) = (0, 0, 0);
        let mut moves = Vec::new();
        'games: while checked < 150 {
            let diagonals = rng.below(2) == 1;
            let queens = format!("queens={}", 1 + rng.below(2));
            let mut g = amazons(&[
                "board=hex",
                "side=3",
                &queens,
                if diagonals { "hex_diagonals=on" } else { "hex_diagonals=off" },
            ]);
            loop {
                if g.outcome().is_some() {
                    continue 'games;
                }
                let empty = g.config().geo.cells().filter(|&c| g.content(c).is_empty()).count();
                if empty <= 9 {
                    break;
                }
                g.legal_moves(&mut moves);
                g.play(moves[rng.below(moves.len())]);
            }
            let v = score(solve(&g, limits, &mut |_| {}).value.expect("solved in time"));
            assert_eq!(v, brute(&g), "{g:?}");
            checked += 1;
            wins += i32::from(v == 1);
            corners += i32::from(diagonals);
        }
        // Both results occur (the mover wins most such hex endings), and both boards.
        assert!(wins > 15 && checked - wins >= 8, "{wins} wins of {checked}");
        assert!(corners > 45 && corners < 105, "{corners}");
    }

    /// Plain negamax on the length score: every move, no bounds, no counting; only a memo of
    /// exact scores by position (the full search of every move is too slow without one).
    fn brute_length(g: &Amazons, memo: &mut HashMap<u64, i16>) -> i16 {
        if let Some(&v) = memo.get(&g.hash()) {
            return v;
        }
        let ToMove::Player(me) = g.to_move() else { unreachable!() };
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        let mut best = i16::MIN;
        for m in moves {
            let mut c = g.clone();
            c.play(m);
            let v = match c.outcome() {
                Some(o) if o.winners.contains(me) => LENGTH_WIN - 1,
                Some(_) => -(LENGTH_WIN - 1),
                None => one_turn_back(-brute_length(&c, memo)),
            };
            best = best.max(v);
        }
        memo.insert(g.hash(), best);
        best
    }

    /// "Won in N": the length search, its counted bounds and its best move against plain
    /// negamax on many random small positions (wins and losses, short and long).
    #[test]
    fn the_length_of_a_won_game_agrees_with_plain_negamax() {
        let mut rng = Rng(0x5eed_1e57);
        let (mut checked, mut wins, mut long, mut exact_bounds) = (0, 0, 0, 0);
        while checked < 120 {
            let Some(g) = random_position(&mut rng) else { continue };
            let memo = &mut HashMap::new();
            let expect = brute_length(&g, memo);
            let l = length(&g, Duration::from_secs(60)).expect("small boards in time");
            let turns = (LENGTH_WIN - expect.abs()) as u32;
            assert_eq!(l.turns, Some(turns), "{g:?}");
            assert_eq!(l.value, if expect > 0 { Value::Win } else { Value::Loss }, "{g:?}");
            // The best move keeps the length: one turn, then the rest from the child.
            let mut c = g.clone();
            c.play(l.best.expect("a move"));
            let after = match c.outcome() {
                Some(_) => 0,
                None => LENGTH_WIN - brute_length(&c, memo).abs(),
            };
            assert_eq!(after as u32 + 1, turns, "{g:?}");
            // Along the best line to the end: the counted bounds hold the true score, and
            // each best move brings the end one turn nearer.
            let mut line = g.clone();
            let mut left = turns;
            while line.outcome().is_none() {
                let here = brute_length(&line, memo);
                assert_eq!((LENGTH_WIN - here.abs()) as u32, left, "{line:?}");
                if let Some((lo, hi)) = line.length_bounds(&mut AmazonsAid::default()) {
                    assert!(lo <= here && here <= hi, "{line:?}: {lo} <= {here} <= {hi}");
                    exact_bounds += usize::from(lo == hi);
                }
                let l = length(&line, Duration::from_secs(60)).expect("in time");
                line.play(l.best.expect("a move"));
                left -= 1;
            }
            assert_eq!(left, 0);
            checked += 1;
            wins += usize::from(expect > 0);
            long += usize::from(turns >= 5);
        }
        assert!(wins > 20 && wins < 100, "{wins} wins of {checked}");
        assert!(long > 20, "only {long} games of 5 turns or more");
        assert!(exact_bounds > 10, "only {exact_bounds} positions counted exactly");
    }

    /// The perfect player wins fastest and, when lost, defends longest.
    #[test]
    fn perfect_play_hurries_a_win_and_delays_a_loss() {
        let mut rng = Rng(0xdef3_45e5);
        let (mut wins, mut losses) = (0, 0);
        while wins + losses < 40 {
            let Some(g) = random_position(&mut rng) else { continue };
            let memo = &mut HashMap::new();
            let here = brute_length(&g, memo);
            let m = perfect_move(&g, Duration::from_secs(20), 1).expect("a move");
            let mut c = g.clone();
            c.play(m);
            let after = match c.outcome() {
                Some(_) => 0,
                None => LENGTH_WIN - brute_length(&c, memo).abs(),
            };
            assert_eq!(after + 1, LENGTH_WIN - here.abs(), "{g:?}: {}", g.format_move(m));
            if here > 0 {
                wins += 1;
            } else {
                losses += 1;
            }
        }
        assert!(wins > 5 && losses > 5, "{wins} wins, {losses} losses");
    }

    /// Level 7 plays a small Amazons endgame exactly: every winning position is won by a
    /// fastest win, every lost one defended longest (the time is ample for these boards).
    #[test]
    fn level_7_plays_small_amazons_endgames_exactly() {
        let mut rng = Rng(0x1e7e_1777);
        let budget = crate::Budget::level(crate::MAX_LEVEL);
        let mut checked = 0;
        while checked < 25 {
            let Some(g) = random_position(&mut rng) else { continue };
            let memo = &mut HashMap::new();
            let here = brute_length(&g, memo);
            let m = crate::engine::choose(&g, budget, 3).expect("a move");
            let mut c = g.clone();
            c.play(m);
            let after = match c.outcome() {
                Some(_) => 0,
                None => LENGTH_WIN - brute_length(&c, memo).abs(),
            };
            assert_eq!(after + 1, LENGTH_WIN - here.abs(), "{g:?}: {}", g.format_move(m));
            checked += 1;
        }
    }

    #[test]
    fn the_quick_legality_check_agrees_with_the_move_generator() {
        // The killer heuristic asks `allows` of moves from other positions: every answer
        // must be the generator's, for legal moves and for arbitrary triples of cells.
        let mut rng = Rng(777);
        let (mut positions, mut legal_seen, mut illegal_seen) = (0, 0, 0);
        while positions < 200 {
            let Some(g) = random_position(&mut rng) else { continue };
            let mut legal = Vec::new();
            g.legal_moves(&mut legal);
            for &m in &legal {
                assert!(g.allows(m), "{g:?} {}", g.format_move(m));
                legal_seen += 1;
            }
            let cells: Vec<Cell> = g.config().geo.cells().collect();
            for _ in 0..200 {
                let mut pick = || cells[rng.below(cells.len())];
                let m =
                    tabla_games::amazons::Move::Shot { from: pick(), to: pick(), stone: pick() };
                let expect = legal.contains(&m);
                assert_eq!(g.allows(m), expect, "{g:?} {m:?}");
                illegal_seen += usize::from(!expect);
            }
            positions += 1;
        }
        assert!(legal_seen > 1000 && illegal_seen > 1000, "{legal_seen} {illegal_seen}");
    }

    #[test]
    fn region_counting_agrees_with_plain_negamax() {
        // Positions where the counting alone decides: the answer must match brute force.
        let mut rng = Rng(12345);
        let (mut decided, mut mixed) = (0, 0);
        let mut tries = 0;
        while decided < 40 && tries < 20_000 {
            tries += 1;
            let Some(g) = random_position(&mut rng) else { continue };
            if let Some(v) = g.decided(&mut AmazonsAid::default()) {
                assert_eq!(v, brute(&g), "{g:?}");
                decided += 1;
                mixed += usize::from(contested(&g));
            }
        }
        assert!(decided >= 40, "only {decided} decided positions in {tries} tries");
        // Some were decided while both sides still shared a region (the bounds of contested
        // regions), so that part of the rule is tested too.
        assert!(mixed >= 5, "only {mixed} of {decided} decided positions had a shared region");
    }

    #[test]
    fn a_lost_position_has_no_best_move_and_time_can_run_out() {
        // White's queen is walled in but can still move once; Black has a corridor.
        let g = amazons(&["layout=1.#../###../2...."]);
        let s = solve(&g, Limits { table_mb: 1, ..Limits::default() }, &mut |_| {});
        assert_eq!(s.value, Some(Value::from_score(brute(&g))));
        if s.value == Some(Value::Loss) {
            assert!(s.best.is_none());
        }
        let big = amazons(&["size=8"]);
        let s = solve(
            &big,
            Limits {
                time: Duration::from_millis(50),
                table_mb: 1,
                all: false,
                each: None,
                dfpn: false,
            },
            &mut |_| {},
        );
        assert_eq!(s.value, None);
        assert!(s.best.is_none());
    }

    /// The small boards' starts, queens as on the 6×5 board of the literature (b1 e1 a2 f2
    /// against their mirror images), scaled to the width; each proof's result, time and nodes
    /// are printed, and each value for White (to move) must be the one given. Measured
    /// (`bench/results/solve.md`, release): 4×4 0.1 s, 5×4 2.5 s, 4×5 11 s, 5×5 7 minutes;
    /// 6×4 (a second-player win, as published) took 2.7 hours of one core split by first
    /// moves (`bench/amazons-split.py`). The 4×4, 5×4 and 4×5 values are plain negamax's
    /// (`examples/amazons_brute.rs`, which shares nothing with this solver but the move
    /// generator); 5×5's is the literature's.
    fn prove_starts(starts: &[(&str, Value)]) {
        for &(layout, want) in starts {
            let g = amazons(&[&format!("layout={layout}")]);
            let limits = Limits { time: Duration::from_secs(3600), ..Limits::default() };
            let s = solve(&g, limits, &mut |_| {});
            eprintln!(
                "{layout}: {:?} best {:?} in {:?}, {} nodes",
                s.value,
                s.best.map(|m| g.format_move(m)),
                s.elapsed,
                s.nodes
            );
            assert_eq!(s.value, Some(want), "{layout}");
        }
    }

    /// 4×4 and 5×4: seconds, in CI's deep suite.
    #[test]
    #[ignore = "deep: seconds of proof"]
    fn small_boards_from_their_start() {
        prove_starts(&[
            (".22./2..2/1..1/.11.", Value::Loss),
            (".2.2./2...2/1...1/.1.1.", Value::Win),
        ]);
    }

    /// 4×5 and 5×5: up to half an hour; by hand (`cargo test --release -p tabla-ai --
    /// --ignored by_hand`), never in CI (`.ci/run` skips `by_hand`).
    #[test]
    #[ignore = "long proofs (minutes): run by hand with --release --ignored by_hand"]
    fn by_hand_larger_boards_from_their_start() {
        // 5×5's win is the literature's (first player, 2001); no brute force reaches it.
        prove_starts(&[
            (".22./2..2/..../1..1/.11.", Value::Loss),
            (".2.2./2...2/...../1...1/.1.1.", Value::Win),
        ]);
    }
}
