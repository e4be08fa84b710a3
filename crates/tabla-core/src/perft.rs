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
    loop {
        let to_move = game.to_move();
        if to_move == ToMove::Over {
            return (game, plies);
        }
        game.legal_moves(moves);
        let m = if to_move == ToMove::Chance {
            sample_chance(&game, moves, rng)
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        game.play(m);
        plies += 1;
    }
}

/// Picks a chance outcome by its probability.
pub fn sample_chance<G: Game, R: Rng>(game: &G, outcomes: &[G::Move], rng: &mut R) -> G::Move {
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
    /// Legal moves generated along the way (the sum of the legal list lengths).
    pub generated: u64,
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
    /// Legal moves generated per second.
    pub fn generated_per_second(&self) -> f64 {
        self.generated as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// Plays random games from `start` until `budget` has passed (at least one game), counting
/// games, moves and generated moves. `progress` is called after each game with the time spent.
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
        let mut game = start.clone();
        loop {
            let to_move = game.to_move();
            if to_move == ToMove::Over {
                break;
            }
            game.legal_moves(&mut moves);
            stats.generated += moves.len() as u64;
            let m = if to_move == ToMove::Chance {
                sample_chance(&game, &moves, rng)
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            game.play(m);
            stats.moves += 1;
        }
        stats.games += 1;
        let spent = t0.elapsed();
        progress(spent);
        if spent >= budget {
            stats.elapsed = spent;
            return stats;
        }
    }
}
