//! Are `tabla analyse`'s win chances calibrated? Self-play: at every decision with more than
//! one legal move, `analyse` (the same function the command and the server's hint use) gives
//! the mover's win chance for its best move, which is then played; at the end, each
//! prediction is paired with the mover's result. Prints a markdown table of ten bins
//! (predicted against observed win rate), the Brier score and the expected calibration
//! error.
//!
//! ```text
//! cargo run --release -p tabla-ai --example calibration -- bulgarian-ur [-o KEY=VALUE]… \
//!     [--games N] [--time-ms T] [--seed S] [--jobs J] [--random-plies R]
//! ```
//!
//! `--dump FILE` writes every prediction as CSV (predicted, result, legal moves) for
//! `bench/calibrate.py`, which fits a shift and a temperature per phase.
//!
//! Each game starts with R uniformly random plies (default 4; Bulgarian Ur's dice vary its
//! games anyway), so that games without dice are not all the same game; those plies are not
//! predictions.
//!
//! ```text
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
    let mut random_plies = 4usize;
    let mut dump: Option<String> = None;
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut v = || it.next().unwrap_or_else(|| panic!("{x} needs a value"));
        match x.as_str() {
            "-o" => options.push(v()),
            "--games" => games = v().parse().expect("--games N"),
            "--time-ms" => ms = v().parse().expect("--time-ms T"),
            "--seed" => seed = v().parse().expect("--seed S"),
            "--jobs" => jobs = v().parse().expect("--jobs J"),
            "--random-plies" => random_plies = v().parse().expect("--random-plies R"),
            "--dump" => dump = Some(v()),
            _ if game.is_empty() => game = x,
            _ => panic!("unknown argument {x}"),
        }
    }
    assert!(!game.is_empty(), "usage: calibration GAME [options]");
    let start = tabla_games::new_game(&game, &options).expect("a game and its options");
    let time = Duration::from_millis(ms);
    // (predicted, result, legal moves at the position): the moves' count says how far the
    // game has gone, in any game, for fitting a temperature per phase.
    let pairs = Mutex::new(Vec::<(f64, f64, usize)>::new());
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
                let mut ply = 0;
                while g.to_move() != ToMove::Over {
                    ply += 1;
                    if ply <= random_plies && matches!(g.to_move(), ToMove::Player(_)) {
                        let legal = g.legal();
                        let mv = legal[rng.random_range(0..legal.len())].clone();
                        g.play_text(&mv).expect("legal");
                        continue;
                    }
                    let mv = match g.to_move() {
                        ToMove::Chance => g.roll(rng.random()).expect("chance rolls"),
                        ToMove::Player(p) => {
                            let legal = g.legal();
                            if legal.len() == 1 {
                                legal[0].clone()
                            } else {
                                let a = tabla_ai::analyse(&g, time);
                                let best = &a.moves[0];
                                predictions.push((p, best.value, legal.len()));
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
                out.extend(predictions.into_iter().map(|(p, v, n)| (v, o.score(p, players), n)));
                eprint!("\rgame {}/{games}", i + 1);
            });
        }
    });
    eprintln!();
    let all = pairs.into_inner().unwrap_or_else(|p| p.into_inner());
    if let Some(path) = &dump {
        // One prediction a line: predicted, result, legal moves (for bench/calibrate.py).
        let text: String = all.iter().map(|(v, r, n)| format!("{v},{r},{n}\n")).collect();
        std::fs::write(path, format!("predicted,result,legal\n{text}")).expect("--dump FILE");
    }
    let pairs: Vec<(f64, f64)> = all.iter().map(|&(v, r, _)| (v, r)).collect();
    let n = pairs.len().max(1) as f64;
    println!(
        "{game} {}: {games} self-play games from {random_plies} random plies, analyse at {ms} ms per decision, {} predictions",
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
    // The temperature that would calibrate best: p -> σ(logit(p) / k), by log-loss.
    let loss_of = |pairs: &[(f64, f64)], k: f64| -> f64 {
        pairs
            .iter()
            .map(|&(v, r)| {
                let v = v.clamp(1e-4, 1.0 - 1e-4);
                let q = (1.0 / (1.0 + (-(v / (1.0 - v)).ln() / k).exp())).clamp(1e-6, 1.0 - 1e-6);
                -(r * q.ln() + (1.0 - r) * (1.0 - q).ln())
            })
            .sum::<f64>()
            / pairs.len().max(1) as f64
    };
    let fit = |pairs: &[(f64, f64)]| -> f64 {
        (20..=400)
            .map(|i| f64::from(i) / 100.0)
            .min_by(|a, b| loss_of(pairs, *a).total_cmp(&loss_of(pairs, *b)))
            .unwrap_or(1.0)
    };
    let loss = |k: f64| loss_of(&pairs, k);
    let best_k = fit(&pairs);
    println!();
    println!("Brier score {brier:.4}; expected calibration error {ece:.4}");
    println!(
        "log-loss {:.4}; the temperature that would fit best: {best_k:.2} (log-loss {:.4})",
        loss(1.0),
        loss(best_k)
    );
    println!("(positions of one game are not independent: the intervals are optimistic)");
    // The same fit by phase: positions grouped by their count of legal moves.
    println!();
    println!("| legal moves | positions | best temperature | log-loss at 1 | at best |");
    println!("| --- | --- | --- | --- | --- |");
    let edges = [0usize, 10, 30, 100, 300, 1000, usize::MAX];
    for w in edges.windows(2) {
        let part: Vec<(f64, f64)> =
            all.iter().filter(|e| e.2 >= w[0] && e.2 < w[1]).map(|&(v, r, _)| (v, r)).collect();
        if part.len() < 30 {
            continue;
        }
        let k = fit(&part);
        let hi = if w[1] == usize::MAX { "…".to_string() } else { (w[1] - 1).to_string() };
        println!(
            "| {}–{hi} | {} | {k:.2} | {:.4} | {:.4} |",
            w[0],
            part.len(),
            loss_of(&part, 1.0),
            loss_of(&part, k)
        );
    }
}
