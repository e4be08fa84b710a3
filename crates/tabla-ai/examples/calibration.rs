//! Are `tabla analyse`'s win chances calibrated? Self-play: at every decision with more than
//! one legal move, `analyse` (the same function the command and the server's hint use) gives
//! the mover's win chance for its best move, which is then played; at the end, each
//! prediction is paired with the mover's result. Prints a markdown table of ten bins
//! (predicted against observed win rate), the Brier score and the expected calibration
//! error.
//!
//! ```text
//! cargo run --release -p tabla-ai --example calibration -- bulgarian-ur [-o KEY=VALUE]… \
//!     [--games N] [--time-ms T] [--seed S] [--jobs J]
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::ToMove;

fn main() {
    let mut game = String::new();
    let mut options = Vec::new();
    let (mut games, mut ms, mut seed, mut jobs) = (100usize, 100u64, 1u64, 2usize);
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut v = || it.next().unwrap_or_else(|| panic!("{x} needs a value"));
        match x.as_str() {
            "-o" => options.push(v()),
            "--games" => games = v().parse().expect("--games N"),
            "--time-ms" => ms = v().parse().expect("--time-ms T"),
            "--seed" => seed = v().parse().expect("--seed S"),
            "--jobs" => jobs = v().parse().expect("--jobs J"),
            _ if game.is_empty() => game = x,
            _ => panic!("unknown argument {x}"),
        }
    }
    assert!(!game.is_empty(), "usage: calibration GAME [options]");
    let start = tabla_games::new_game(&game, &options).expect("a game and its options");
    let time = Duration::from_millis(ms);
    let pairs = Mutex::new(Vec::<(f64, f64)>::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let mut rng =
                    SmallRng::seed_from_u64(seed.wrapping_mul(7919).wrapping_add(i as u64));
                let mut g = start.clone();
                let mut predictions = Vec::new();
                while g.to_move() != ToMove::Over {
                    let mv = match g.to_move() {
                        ToMove::Chance => g.roll(rng.random()).expect("chance rolls"),
                        ToMove::Player(p) => {
                            let legal = g.legal();
                            if legal.len() == 1 {
                                legal[0].clone()
                            } else {
                                let a = tabla_ai::analyse(&g, time);
                                let best = &a.moves[0];
                                predictions.push((p, best.value));
                                best.mv.clone()
                            }
                        }
                        ToMove::Over => unreachable!(),
                    };
                    g.play_text(&mv).expect("analysed moves are legal");
                }
                let o = g.outcome().expect("over");
                let players = g.player_names().len();
                let mut out = pairs.lock().unwrap_or_else(|p| p.into_inner());
                out.extend(predictions.into_iter().map(|(p, v)| (v, o.score(p, players))));
                eprint!("\rgame {}/{games}", i + 1);
            });
        }
    });
    eprintln!();
    let pairs = pairs.into_inner().unwrap_or_else(|p| p.into_inner());
    let n = pairs.len().max(1) as f64;
    println!(
        "{game} {}: {games} self-play games, analyse at {ms} ms per decision, {} predictions",
        options.join(" "),
        pairs.len()
    );
    println!();
    println!(
        "| predicted win chance | positions | mean predicted | observed win rate | 95% interval |"
    );
    println!("| --- | --- | --- | --- | --- |");
    let mut ece = 0.0;
    for b in 0..10 {
        let lo = f64::from(b) / 10.0;
        let hi = lo + 0.1;
        let in_bin: Vec<&(f64, f64)> =
            pairs.iter().filter(|(v, _)| *v >= lo && (*v < hi || (b == 9 && *v <= 1.0))).collect();
        if in_bin.is_empty() {
            println!("| {lo:.1}–{hi:.1} | 0 | | | |");
            continue;
        }
        let k = in_bin.len() as f64;
        let pred = in_bin.iter().map(|x| x.0).sum::<f64>() / k;
        let obs = in_bin.iter().map(|x| x.1).sum::<f64>() / k;
        let half = 1.96 * (obs * (1.0 - obs) / k).sqrt();
        ece += k / n * (pred - obs).abs();
        println!(
            "| {lo:.1}–{hi:.1} | {} | {pred:.3} | {obs:.3} | [{:.3}, {:.3}] |",
            in_bin.len(),
            (obs - half).max(0.0),
            (obs + half).min(1.0)
        );
    }
    let brier = pairs.iter().map(|(v, r)| (v - r).powi(2)).sum::<f64>() / n;
    println!();
    println!("Brier score {brier:.4}; expected calibration error {ece:.4}");
    println!("(positions of one game are not independent: the intervals are optimistic)");
}
