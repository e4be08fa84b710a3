//! Perft and random playouts, written once for every game and monomorphised per game.

use crate::game::{Game, ToMove};
use rand::Rng;
use std::time::{Duration, Instant};

/// The number of move sequences of length `depth` from `game` (chance outcomes count as one
/// branch each; a game that ends early contributes nothing, as in chess perft).
pub fn perft<G: Game>(game: &G, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut buffers: Vec<Vec<G::Move>> = (0..depth).map(|_| Vec::new()).collect();
    perft_inner(game, depth, &mut buffers)
}

fn perft_inner<G: Game>(game: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if game.to_move() == ToMove::Over {
        return 0;
    }
    if depth == 1 {
        return game.count_legal_moves();
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    game.legal_moves(moves);
    let mut total = 0;
    for &m in moves.iter() {
        let mut child = game.clone();
        child.play(m);
        total += perft_inner(&child, depth - 1, rest);
    }
    total
}

/// Perft split by first move: `(move text, count)` in legal-list order, for debugging a
/// disagreement with another implementation.
pub fn perft_divide<G: Game>(game: &G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut child = game.clone();
            child.play(m);
            (game.format_move(m), perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}

/// Plays one uniformly random game to the end (chance nodes sampled by their probabilities)
/// and returns the final state and the number of moves played. `moves` is a reusable buffer.
pub fn random_playout<G: Game, R: Rng>(
    mut game: G,
    rng: &mut R,
    moves: &mut Vec<G::Move>,
) -> (G, u64) {
    let mut plies = 0;
    while game.to_move() != ToMove::Over {
        let m = game.random_move(rng, moves);
        game.play(m);
        plies += 1;
    }
    (game, plies)
}

/// Picks a chance outcome by its probability.
pub fn sample_chance<G: Game, R: Rng + ?Sized>(
    game: &G,
    outcomes: &[G::Move],
    rng: &mut R,
) -> G::Move {
    let mut x: f64 = rng.random();
    for &m in outcomes {
        x -= game.chance_probability(m);
        if x < 0.0 {
            return m;
        }
    }
    *outcomes.last().expect("a chance node has outcomes")
}

/// What a timed run of random playouts measured.
#[derive(Clone, Copy, Debug, Default)]
pub struct PlayoutStats {
    /// Games played to the end.
    pub games: u64,
    /// Moves (including chance outcomes) played.
    pub moves: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl PlayoutStats {
    /// Finished games per second.
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
    /// Moves played per second.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays random games from `start` until `budget` has passed (at least one game). Every
/// `sample_every`-th position is handed to `sample` (for a later move-generation benchmark).
/// `progress` is called after each game with the time spent.
pub fn timed_playouts<G: Game, R: Rng>(
    start: &G,
    rng: &mut R,
    budget: Duration,
    mut progress: impl FnMut(Duration),
) -> PlayoutStats {
    let t0 = Instant::now();
    let mut stats = PlayoutStats::default();
    let mut moves = Vec::new();
    loop {
        let (_, plies) = random_playout(start.clone(), rng, &mut moves);
        stats.moves += plies;
        stats.games += 1;
        let spent = t0.elapsed();
        progress(spent);
        if spent >= budget {
            stats.elapsed = spent;
            return stats;
        }
    }
}

/// Positions met in `games` random games from `start` (every one, the final ones excluded),
/// as material for [`timed_movegen`].
pub fn sample_positions<G: Game, R: Rng>(start: &G, rng: &mut R, games: usize) -> Vec<G> {
    let mut out = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut g = start.clone();
        while g.to_move() != ToMove::Over {
            out.push(g.clone());
            let m = g.random_move(rng, &mut moves);
            g.play(m);
        }
    }
    out
}

/// Generates the legal moves of `positions` round and round until `budget` has passed;
/// returns (moves generated, time spent).
pub fn timed_movegen<G: Game>(positions: &[G], budget: Duration) -> (u64, Duration) {
    let t0 = Instant::now();
    let mut moves = Vec::new();
    let mut generated = 0;
    if positions.is_empty() {
        return (0, t0.elapsed());
    }
    loop {
        for p in positions {
            p.legal_moves(&mut moves);
            generated += moves.len() as u64;
        }
        let spent = t0.elapsed();
        if spent >= budget {
            return (generated, spent);
        }
    }
}
