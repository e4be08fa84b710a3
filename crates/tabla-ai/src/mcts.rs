//! Monte Carlo tree search with knowledge: playouts cut after a few random moves and scored
//! by the game's evaluator (as the strong Amazons programs do), several trees searched in
//! parallel from the root (one per core) and their statistics summed.

use crate::eval::{expected_score, Evaluator};
use crate::uct::{search_with, SearchResult};
use crate::Budget;
use tabla_core::{Game, Player, ToMove, MAX_PLAYERS};

/// How the playouts of [`search`] end.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Random moves played from a new leaf before it is evaluated.
    pub cut: u32,
    /// Parallel trees.
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config { cut: 4, threads: crate::engine::threads() }
    }
}

/// Searches `root` within `budget` (split over `cfg.threads` trees with seeds derived from
/// `seed`) and returns the most visited move over all trees.
pub fn search<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    cfg: Config,
    budget: Budget,
    seed: u64,
) -> Option<SearchResult<G::Move>> {
    if !matches!(root.to_move(), ToMove::Player(_)) {
        return None;
    }
    let per_thread = Budget {
        iterations: budget.iterations.map(|n| n / cfg.threads.max(1) as u64 + 1),
        ..budget
    };
    let results: Vec<SearchResult<G::Move>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..cfg.threads.max(1) as u64)
            .map(|t| {
                s.spawn(move || {
                    search_with(root, per_thread, seed.wrapping_add(t), &mut |state, rng, buf| {
                        let mut n = 0;
                        while state.to_move() != ToMove::Over && n < cfg.cut {
                            let m = state.random_move(rng, buf);
                            state.play(m);
                            n += 1;
                        }
                        scores(state, eval)
                    })
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok().flatten()).collect()
    });
    merge(results)
}

/// Each player's expected score at a leaf: the result if it is over, else the evaluation.
fn scores<G: Game, E: Evaluator<G>>(state: &G, eval: &E) -> [f64; MAX_PLAYERS] {
    let players = state.player_count();
    let mut out = [0.0; MAX_PLAYERS];
    if let Some(o) = state.outcome() {
        for (i, s) in out.iter_mut().enumerate().take(players) {
            *s = o.score(Player(i as u8), players);
        }
        return out;
    }
    for (i, s) in out.iter_mut().enumerate().take(players) {
        *s = expected_score(eval.evaluate(state, Player(i as u8)), eval.scale());
    }
    out
}

/// Sums the root statistics of several trees.
fn merge<M: Copy + PartialEq>(results: Vec<SearchResult<M>>) -> Option<SearchResult<M>> {
    let mut iter = results.into_iter();
    let mut total = iter.next()?;
    for r in iter {
        total.iterations += r.iterations;
        for (m, visits, value) in r.moves {
            match total.moves.iter_mut().find(|e| e.0 == m) {
                Some(e) => {
                    let v = e.1 + visits;
                    e.2 = (e.2 * f64::from(e.1) + value * f64::from(visits)) / f64::from(v.max(1));
                    e.1 = v;
                }
                None => total.moves.push((m, visits, value)),
            }
        }
    }
    total.moves.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    if let Some(first) = total.moves.first() {
        total.best = first.0;
    }
    Some(total)
}
