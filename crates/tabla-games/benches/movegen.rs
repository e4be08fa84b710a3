//! Move generation, random playouts and perft of every game (criterion), through the
//! registry: the same positions the command line and the comparison scripts measure.
//! Baselines: the other engines in `bench/` (`compare-openspiel.sh`, `figures.sh`); within a
//! run, Amazons' two samplers against each other.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tabla_core::perft::{perft, random_playout, sample_positions};
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::SeedableRng;
use tabla_core::Game;
use tabla_games::{new_game, with_game, AnyGame};

fn start(id: &str, options: &[&str]) -> AnyGame {
    let words: Vec<String> = options.iter().map(|s| s.to_string()).collect();
    new_game(id, &words).expect("benchmark options are valid")
}

/// Legal-move lists over the positions of 10 random games, and random playouts.
fn movegen_and_playouts<G: Game>(c: &mut Criterion, name: &str, start: &G) {
    let mut rng = SmallRng::seed_from_u64(7);
    let positions = sample_positions(start, &mut rng, 10);
    let mut moves = Vec::new();
    c.bench_function(&format!("{name}/legal_moves over {} positions", positions.len()), |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &positions {
                p.legal_moves(&mut moves);
                n += moves.len();
            }
            black_box(n)
        })
    });
    c.bench_function(&format!("{name}/random playout"), |b| {
        b.iter(|| black_box(random_playout(start.clone(), &mut rng, &mut moves).1))
    });
}

fn bench(c: &mut Criterion, name: &str, g: &AnyGame, perft_depth: u32) {
    with_game!(g, g => {
        movegen_and_playouts(c, name, g);
        c.bench_function(&format!("{name}/perft({perft_depth})"), |b| {
            b.iter(|| black_box(perft(g, perft_depth)))
        });
    });
}

fn games(c: &mut Criterion) {
    let mut amazons = start("amazons", &["size=10"]);
    bench(c, "amazons 10x10 uniform", &amazons, 2);
    amazons.set_sampler("stepwise").expect("amazons has a stepwise sampler");
    with_game!(&amazons, g => movegen_and_playouts(c, "amazons 10x10 stepwise", g));
    bench(c, "amazons 6x6", &start("amazons", &[]), 2);
    bench(c, "gipf tournament", &start("gipf", &["variant=tournament"]), 4);
    bench(c, "seega 5x5", &start("seega", &[]), 3);
    bench(c, "bulgarian-ur", &start("bulgarian-ur", &[]), 12);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = games
}
criterion_main!(benches);
