//! The checks every game must pass, after OpenSpiel's basic tests: random games checked at
//! every step. A game joins with one call in its test file.

use crate::game::{Game, ToMove};
use crate::perft::sample_chance;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

/// Plays `games` random games from `start` (seeded, so failures repeat) and checks at every
/// step:
/// - a clone equals the original and hashes the same;
/// - the incremental hash equals the hash from scratch;
/// - the legal list has no duplicates, as moves or as texts;
/// - every legal move's text parses back to the same move;
/// - [`Game::random_move`] draws a legal move;
/// - at chance nodes every probability is positive and they sum to 1;
/// - `to_move` is `Over` exactly when there is an outcome, exactly when no move is legal;
/// - the game ends within `max_moves`;
/// - replaying the record's texts from the start reaches an equal state with an equal hash.
///
/// # Panics
/// On the first violation, with the game's record so far.
pub fn check_random_games<G: Game>(start: &G, games: usize, seed: u64, max_moves: usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    for g in 0..games {
        let mut state = start.clone();
        let mut record: Vec<String> = Vec::new();
        loop {
            let rec = record.join(" ");
            let ctx = || format!("game {g} (seed {seed}), record: {rec}");
            let clone = state.clone();
            assert_eq!(clone, state, "clone differs; {}", ctx());
            assert_eq!(clone.hash(), state.hash(), "clone hash differs; {}", ctx());
            assert_eq!(
                state.hash(),
                state.hash_from_scratch(),
                "incremental hash is off; {}",
                ctx()
            );
            state.legal_moves(&mut moves);
            let to_move = state.to_move();
            let over = to_move == ToMove::Over;
            assert_eq!(over, state.outcome().is_some(), "to_move/outcome disagree; {}", ctx());
            assert_eq!(over, moves.is_empty(), "over but moves, or moves but over; {}", ctx());
            assert_eq!(
                moves.len() as u64,
                state.count_legal_moves(),
                "count_legal_moves; {}",
                ctx()
            );
            if over {
                break;
            }
            let unique: HashSet<_> = moves.iter().collect();
            assert_eq!(unique.len(), moves.len(), "duplicate legal moves; {}", ctx());
            let mut texts = HashSet::new();
            for &m in &moves {
                let t = state.format_move(m);
                assert!(texts.insert(t.clone()), "two moves print as {t}; {}", ctx());
                let back = state.parse_move(&t);
                assert_eq!(back, Ok(m), "{t} does not read back; {}", ctx());
            }
            let mut scratch = Vec::new();
            let sampled = state.random_move(&mut rng, &mut scratch);
            assert!(moves.contains(&sampled), "random_move gave an illegal move; {}", ctx());
            if let ToMove::Player(p) = to_move {
                assert!(p.index() < state.player_count(), "seat out of range; {}", ctx());
            }
            let m = if to_move == ToMove::Chance {
                let total: f64 = moves.iter().map(|&m| state.chance_probability(m)).sum();
                assert!((total - 1.0).abs() < 1e-9, "chance sums to {total}; {}", ctx());
                assert!(moves.iter().all(|&m| state.chance_probability(m) > 0.0), "{}", ctx());
                sample_chance(&state, &moves, &mut rng)
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            record.push(state.format_move(m));
            state.play(m);
            assert!(record.len() <= max_moves, "no end after {max_moves} moves; {}", ctx());
        }
        // The record, read back as text, reproduces the game.
        let mut replay = start.clone();
        for t in &record {
            let m = replay.parse_move(t).unwrap_or_else(|e| panic!("replay: {e}"));
            replay.play(m);
        }
        assert_eq!(replay, state, "replay differs (seed {seed}, game {g})");
        assert_eq!(replay.hash(), state.hash());
    }
}
