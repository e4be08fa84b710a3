//! The conformance checks of `tabla_core::conformance` for every registered game under each
//! of its sample option sets: a new game or a new sample joins by existing.

use rand::rngs::SmallRng;
use rand::SeedableRng;
use tabla_core::{conformance::check_random_games, Game, ToMove};
use tabla_games::{new_game, with_game, GAMES};

fn words(sample: &str) -> Vec<String> {
    sample.split_whitespace().map(String::from).collect()
}

#[test]
fn every_game_and_sample_passes_the_conformance_checks() {
    for info in GAMES {
        assert!(!info.samples.is_empty(), "{} has no sample option sets", info.id);
        for (i, sample) in info.samples.iter().enumerate() {
            let g = new_game(info.id, &words(sample))
                .unwrap_or_else(|e| panic!("{} sample '{sample}': {e}", info.id));
            with_game!(&g, g => check_random_games(g, 3, 100 + i as u64, 20_000));
        }
    }
}

/// The deep suite: a million random positions per game (spread over its samples), each
/// asked for its legal moves, with no panic.
#[test]
#[ignore = "deep suite: run with --ignored"]
fn a_million_random_positions_per_game() {
    fn run<G: Game>(start: &G, positions: u64, seed: u64) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut seen, mut moves, mut buf) = (0, Vec::new(), Vec::new());
        while seen < positions {
            let mut g = start.clone();
            while g.to_move() != ToMove::Over && seen < positions {
                g.legal_moves(&mut moves);
                assert!(!moves.is_empty());
                let m = g.random_move(&mut rng, &mut buf);
                g.play(m);
                seen += 1;
            }
        }
    }
    for info in GAMES {
        let per = 1_000_000 / info.samples.len() as u64 + 1;
        for (i, sample) in info.samples.iter().enumerate() {
            let g = new_game(info.id, &words(sample)).unwrap();
            with_game!(&g, g => run(g, per, i as u64));
        }
    }
}
