//! Move generation and random playouts per game (criterion). Baseline for comparisons: the
//! first game's figures in the same run; `bench/compare-openspiel.sh` compares with OpenSpiel.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use tabla_core::perft::{random_playout, sample_positions};
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::SeedableRng;
use tabla_core::{Game, GameOptions};
use tabla_games::amazons::{self, Amazons};
use tabla_games::bulgarian_ur::BulgarianUr;
use tabla_games::gipf::{Gipf, Variant};
use tabla_games::seega::Seega;

fn bench_game<G: Game>(c: &mut Criterion, name: &str, start: &G) {
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

fn games(c: &mut Criterion) {
    let o = |w: &[&str]| {
        let words: Vec<String> = w.iter().map(|s| s.to_string()).collect();
        GameOptions::parse(amazons::OPTIONS, &words).unwrap()
    };
    let amazons10 = Amazons::from_options(&o(&["size=10"])).unwrap();
    c.bench_function("amazons 10x10/perft(2) bulk-counted", |b| {
        b.iter(|| black_box(tabla_core::perft::perft(&amazons10, 2)))
    });
    bench_game(c, "amazons 10x10", &amazons10);
    bench_game(c, "amazons 6x6", &Amazons::from_options(&o(&[])).unwrap());
    bench_game(c, "gipf tournament", &Gipf::new(Variant::Tournament));
    bench_game(c, "bulgarian-ur", &BulgarianUr::new(Some(100)));
    let seega = GameOptions::parse(tabla_games::seega::OPTIONS, &[]).unwrap();
    bench_game(c, "seega 5x5", &Seega::from_options(&seega).unwrap());
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = games
}
criterion_main!(benches);
