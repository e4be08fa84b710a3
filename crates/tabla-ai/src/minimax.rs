//! Depth-first search for two-player games: alpha-beta (negamax with principal-variation
//! search) with iterative deepening, a transposition table on the Zobrist hash, move
//! ordering (hash move, killers, history), aspiration windows, and expectimax at chance
//! nodes (the window is reset below a chance node, so dice games are searched exactly to
//! the depth). Several threads share the table (lazy SMP): each searches the same root,
//! and what one finds, the others read.
//!
//! Scores are from the point of view of the player to move at the node, in the evaluator's
//! units; a won game is worth [`WIN`] minus the plies to reach it.

use crate::eval::Evaluator;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
use tabla_core::{Game, Player, ToMove};

/// The score of a won game (less the plies it takes, so that faster wins are preferred).
pub const WIN: i32 = 1_000_000;
/// Scores above this are wins found by search, not evaluations.
const WIN_BOUND: i32 = WIN - 10_000;
/// Deepest iteration.
const MAX_DEPTH: u32 = 64;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    depth: u8,
    bound: Bound,
    score: i32,
    best: Option<M>,
}

/// The transposition table, shared by the search threads (one small lock per slot).
struct Table<M> {
    slots: Box<[Mutex<Option<Entry<M>>>]>,
}

impl<M: Copy> Table<M> {
    fn new(entries: usize) -> Table<M> {
        Table { slots: (0..entries.next_power_of_two()).map(|_| Mutex::new(None)).collect() }
    }
    fn slot(&self, key: u64) -> &Mutex<Option<Entry<M>>> {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }
    fn get(&self, key: u64) -> Option<Entry<M>> {
        let e = (*self.slot(key).lock().unwrap_or_else(|p| p.into_inner()))?;
        (e.key == key).then_some(e)
    }
    fn put(&self, e: Entry<M>) {
        let mut slot = self.slot(e.key).lock().unwrap_or_else(|p| p.into_inner());
        // Depth-preferred, but always replace another position's entry.
        if slot.is_none_or(|old| old.key != e.key || old.depth <= e.depth) {
            *slot = Some(e);
        }
    }
}

/// What a search reports as it goes and at the end.
#[derive(Clone, Debug)]
pub struct Report<M> {
    /// The best move of the deepest completed iteration.
    pub best: M,
    /// Its score for the player to move at the root.
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Nodes visited by all threads.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

/// The limits of one search.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Stop starting new iterations past this depth.
    pub depth: u32,
    /// Stop at this time.
    pub time: Option<Duration>,
    /// Search threads.
    pub threads: usize,
}

struct Shared<'a, G: Game, E> {
    table: Table<G::Move>,
    stop: AtomicBool,
    nodes: AtomicU64,
    deadline: Option<Instant>,
    eval: &'a E,
}

struct Worker<'a, 'b, G: Game, E> {
    shared: &'b Shared<'a, G, E>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    nodes: u64,
    buffers: Vec<Vec<G::Move>>,
}

const HISTORY: usize = 1 << 14;

fn move_key<M: std::hash::Hash>(m: &M) -> usize {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(m) as usize & (HISTORY - 1)
}

impl<'a, 'b, G: Game, E: Evaluator<G>> Worker<'a, 'b, G, E> {
    fn new(shared: &'b Shared<'a, G, E>) -> Self {
        Worker {
            shared,
            killers: vec![[None; 2]; MAX_DEPTH as usize + 64],
            history: vec![0; HISTORY],
            nodes: 0,
            buffers: Vec::new(),
        }
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            self.shared.nodes.fetch_add(1024, Ordering::Relaxed);
            if self.shared.deadline.is_some_and(|d| Instant::now() >= d) {
                self.shared.stop.store(true, Ordering::Relaxed);
            }
        }
        self.shared.stop.load(Ordering::Relaxed)
    }

    /// The value of `g` for `me`, if `g` is over.
    fn terminal(g: &G, me: Player, ply: u32) -> Option<i32> {
        let o = g.outcome()?;
        let s = o.score(me, g.player_count());
        Some(if s > 0.75 {
            WIN - ply as i32
        } else if s < 0.25 {
            -(WIN - ply as i32)
        } else {
            0
        })
    }

    /// Orders `moves` in place: hash move, killers, then by history.
    fn order(&self, moves: &mut [G::Move], hash_move: Option<G::Move>, ply: usize) {
        let killers = self.killers[ply.min(self.killers.len() - 1)];
        let rank = |m: &G::Move| -> i64 {
            if Some(*m) == hash_move {
                i64::MAX
            } else if killers.contains(&Some(*m)) {
                i64::MAX - 1
            } else {
                i64::from(self.history[move_key(m)])
            }
        };
        moves.sort_by_cached_key(|m| std::cmp::Reverse(rank(m)));
    }

    /// Negamax value of `g` for the player `me` (who is to move at `g`, or owns the chance
    /// node at `g`), within (alpha, beta); `None` when the search was stopped.
    fn search(
        &mut self,
        g: &G,
        me: Player,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.out_of_time() {
            return None;
        }
        if let Some(v) = Self::terminal(g, me, ply) {
            return Some(v);
        }
        match g.to_move() {
            ToMove::Chance => return self.chance(g, me, depth, ply),
            ToMove::Player(p) if p != me => {
                // The other side moves here: its value, negated.
                let v = self.search(g, p, depth, -beta, -alpha, ply)?;
                return Some(-v);
            }
            _ => {}
        }
        if depth == 0 {
            return Some(self.shared.eval.evaluate(g, me));
        }
        let key = g.hash();
        let entry = self.shared.table.get(key);
        if let Some(e) = entry {
            if u32::from(e.depth) >= depth {
                match e.bound {
                    Bound::Exact => return Some(e.score),
                    Bound::Lower if e.score >= beta => return Some(e.score),
                    Bound::Upper if e.score <= alpha => return Some(e.score),
                    _ => {}
                }
            }
        }
        let mut moves = self.buffers.pop().unwrap_or_default();
        g.legal_moves(&mut moves);
        self.order(&mut moves, entry.and_then(|e| e.best), ply as usize);
        let alpha0 = alpha;
        let mut best = (i32::MIN, None);
        let mut result = Some(());
        for (i, &m) in moves.iter().enumerate() {
            let mut child = g.clone();
            child.play(m);
            // Principal-variation search: later moves first with a null window.
            let v = if i == 0 {
                self.child(&child, me, depth - 1, alpha, beta, ply + 1)
            } else {
                match self.child(&child, me, depth - 1, alpha, alpha + 1, ply + 1) {
                    Some(v) if v > alpha && v < beta => {
                        self.child(&child, me, depth - 1, alpha, beta, ply + 1)
                    }
                    other => other,
                }
            };
            let Some(v) = v else {
                result = None;
                break;
            };
            if v > best.0 {
                best = (v, Some(m));
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let k = &mut self.killers[ply as usize];
                if k[0] != Some(m) {
                    k[1] = k[0];
                    k[0] = Some(m);
                }
                let h = &mut self.history[move_key(&m)];
                *h = h.saturating_add((depth * depth) as i32);
                break;
            }
        }
        self.buffers.push(moves);
        result?;
        let bound = if best.0 <= alpha0 {
            Bound::Upper
        } else if best.0 >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.shared.table.put(Entry {
            key,
            depth: depth.min(255) as u8,
            bound,
            score: best.0,
            best: best.1,
        });
        Some(best.0)
    }

    /// The value for `me` of a child position, whoever is to move there.
    fn child(
        &mut self,
        child: &G,
        me: Player,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Option<i32> {
        self.search(child, me, depth, alpha, beta, ply)
    }

    /// Expectimax at a chance node: the probability-weighted value for `me`, each outcome
    /// searched with a full window.
    fn chance(&mut self, g: &G, me: Player, depth: u32, ply: u32) -> Option<i32> {
        if depth == 0 {
            return Some(self.shared.eval.evaluate(g, me));
        }
        let mut outcomes = self.buffers.pop().unwrap_or_default();
        g.legal_moves(&mut outcomes);
        let mut total = 0.0;
        let mut result = Some(());
        for &m in &outcomes {
            let mut child = g.clone();
            child.play(m);
            match self.search(&child, me, depth - 1, -WIN - 1, WIN + 1, ply + 1) {
                Some(v) => total += g.chance_probability(m) * f64::from(v),
                None => {
                    result = None;
                    break;
                }
            }
        }
        self.buffers.push(outcomes);
        result?;
        Some(total.round() as i32)
    }

    /// One iteration at the root: every move's value is exact within the window, and the
    /// best is returned with its score.
    fn root(
        &mut self,
        g: &G,
        me: Player,
        moves: &mut [G::Move],
        depth: u32,
        alpha: i32,
        beta: i32,
    ) -> Option<(G::Move, i32)> {
        let mut a = alpha;
        let mut best: Option<(G::Move, i32)> = None;
        for i in 0..moves.len() {
            let m = moves[i];
            let mut child = g.clone();
            child.play(m);
            let v = if i == 0 {
                self.child(&child, me, depth - 1, a, beta, 1)?
            } else {
                match self.child(&child, me, depth - 1, a, a + 1, 1)? {
                    v if v > a && v < beta => self.child(&child, me, depth - 1, a, beta, 1)?,
                    v => v,
                }
            };
            if best.is_none_or(|b| v > b.1) {
                best = Some((m, v));
                // Keep the best move first for the next iteration.
                moves[..=i].rotate_right(1);
            }
            a = a.max(v);
            if a >= beta {
                break;
            }
        }
        best
    }
}

/// Searches `root` (a player must be to move) by iterative deepening within `limits`, and
/// returns the best move of the deepest completed iteration; `progress` is called after each
/// iteration.
///
/// # Panics
/// When no player is to move at `root`.
pub fn search<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    limits: Limits,
    mut progress: impl FnMut(&Report<G::Move>),
) -> Report<G::Move> {
    let ToMove::Player(me) = root.to_move() else { panic!("no player to move") };
    let t0 = Instant::now();
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let mut report =
        Report { best: moves[0], score: 0, depth: 0, nodes: 0, elapsed: Duration::ZERO };
    if moves.len() == 1 {
        return report;
    }
    let shared = Shared {
        table: Table::new(1 << 18),
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        deadline: limits.time.map(|t| t0 + t),
        eval,
    };
    let threads = limits.threads.max(1);
    std::thread::scope(|scope| {
        // Helper threads search the same iterations with their own move order, filling the
        // shared table; the main thread's results are the ones reported.
        for t in 1..threads {
            let shared = &shared;
            let mut order = moves.clone();
            let n = order.len();
            order.rotate_left(t % n);
            scope.spawn(move || {
                let mut w = Worker::new(shared);
                for depth in 1..=limits.depth.min(MAX_DEPTH) {
                    let d = depth + (t as u32 & 1);
                    if w.root(root, me, &mut order, d, -WIN - 1, WIN + 1).is_none() {
                        break;
                    }
                }
            });
        }
        let mut w = Worker::new(&shared);
        let mut guess: i32 = 0;
        for depth in 1..=limits.depth.min(MAX_DEPTH) {
            // Aspiration window around the last score, widened on failure.
            let mut width = 64;
            let found = loop {
                let (a, b) = if depth < 3 || guess.abs() > WIN_BOUND {
                    (-WIN - 1, WIN + 1)
                } else {
                    (guess - width, guess + width)
                };
                match w.root(root, me, &mut moves, depth, a, b) {
                    None => break None,
                    Some((m, v)) if v <= a || v >= b => {
                        if a == -WIN - 1 && b == WIN + 1 {
                            break Some((m, v));
                        }
                        width *= 4;
                        if width > 4096 {
                            width = WIN * 2;
                        }
                    }
                    Some(found) => break Some(found),
                }
            };
            let Some((m, v)) = found else { break };
            guess = v;
            report.best = m;
            report.score = v;
            report.depth = depth;
            report.nodes = shared.nodes.load(Ordering::Relaxed) + w.nodes % 1024;
            report.elapsed = t0.elapsed();
            progress(&report);
            if v.abs() > WIN_BOUND {
                break; // A forced result: deeper search changes nothing.
            }
            // An iteration takes several times the last: do not start one that cannot end.
            if let Some(t) = limits.time {
                if t0.elapsed() * 3 > t {
                    break;
                }
            }
        }
        shared.stop.store(true, Ordering::Relaxed);
    });
    report.elapsed = t0.elapsed();
    report.nodes = shared.nodes.load(Ordering::Relaxed);
    report
}

/// Every root move's value for the player to move, searched `depth` plies deep with a full
/// window each (for analysis, not play): best first.
pub fn score_moves<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    depth: u32,
    time: Option<Duration>,
) -> Vec<(G::Move, i32)> {
    let ToMove::Player(me) = root.to_move() else { return Vec::new() };
    let shared = Shared {
        table: Table::new(1 << 16),
        stop: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        deadline: time.map(|t| Instant::now() + t),
        eval,
    };
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    let mut w = Worker::new(&shared);
    let mut out: Vec<(G::Move, i32)> = Vec::with_capacity(moves.len());
    for &m in &moves {
        let mut child = root.clone();
        child.play(m);
        // A move whose search is cut by the clock keeps its static value.
        let v = w.child(&child, me, depth.saturating_sub(1), -WIN - 1, WIN + 1, 1).unwrap_or_else(
            || Worker::<G, E>::terminal(&child, me, 1).unwrap_or_else(|| eval.evaluate(&child, me)),
        );
        out.push((m, v));
    }
    out.sort_by_key(|&(_, v)| std::cmp::Reverse(v));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Zero;
    use tabla_core::GameOptions;
    use tabla_games::amazons::{Amazons, OPTIONS};

    fn amazons(words: &[&str]) -> Amazons {
        let w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
        Amazons::from_options(&GameOptions::parse(OPTIONS, &w).unwrap()).unwrap()
    }

    fn limits(depth: u32, threads: usize) -> Limits {
        Limits { depth, time: None, threads }
    }

    #[test]
    fn finds_the_only_winning_turn_with_one_and_two_threads() {
        // White a3 walls Black c1 in (see the UCT test): the only wins.
        let g = amazons(&["layout=1../..#/..2"]);
        for threads in [1, 2] {
            let r = search(&g, &Zero, limits(3, threads), |_| {});
            let mut after = g.clone();
            after.play(r.best);
            assert_eq!(after.to_move(), ToMove::Over, "{}", g.format_move(r.best));
            assert!(r.score > WIN_BOUND, "a forced win is scored as one: {}", r.score);
        }
    }

    #[test]
    fn sees_a_loss_coming_and_scores_every_move() {
        let g = amazons(&["layout=1../..#/..2"]);
        let scored = score_moves(&g, &Zero, 2, None);
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        assert_eq!(scored.len(), legal.len());
        assert!(scored[0].1 > WIN_BOUND);
        assert!(scored.windows(2).all(|w| w[0].1 >= w[1].1));
    }
}
