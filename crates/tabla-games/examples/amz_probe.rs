use std::time::Instant;
use tabla_core::rand::{rngs::SmallRng, SeedableRng};
use tabla_core::{perft::random_playout, Game, GameOptions};
use tabla_games::amazons::{Amazons, OPTIONS};
fn main() {
    let o = GameOptions::parse(OPTIONS, &["size=10".to_string()]).unwrap();
    let g = Amazons::from_options(&o).unwrap();
    let mut rng = SmallRng::seed_from_u64(1);
    let mut buf = Vec::new();
    let t = Instant::now();
    let mut plies = 0;
    for _ in 0..20000 {
        plies += random_playout(g.clone(), &mut rng, &mut buf).1;
    }
    let e = t.elapsed().as_secs_f64();
    println!(
        "{} games/s, {} ns/ply, {} plies/game",
        20000.0 / e,
        e * 1e9 / plies as f64,
        plies / 20000
    );
    let _ = g.hash();
}
