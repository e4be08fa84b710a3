//! Level 7's loss of winning chance per move against perfect play in Bulgarian Ur with few
//! discs: level 7 plays itself; at each of its decisions the exact table says what the chosen
//! move is worth against the best one.
//!
//! `cargo run --profile test -p tabla-ai --example ur_level_loss -- [GAMES] [MS] [DISCS]
//! [CENTRE] [QUIET] [LEVEL] [JOBS]` (defaults 200 100 2 same off 7 2). Tables are read from
//! `$TABLA_TABLES` or `./tables` when there, else built in memory.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use tabla_ai::ur_table::{default_dir, table, Variant};
use tabla_ai::Budget;
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Game, ToMove};
use tabla_games::bulgarian_ur::{BulgarianUr, Centre, Config, Quiet};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| a.get(i).cloned().unwrap_or_else(|| d.to_string());
    let games: usize = arg(0, "200").parse().expect("games");
    let ms: u64 = arg(1, "100").parse().expect("ms");
    let discs: u8 = arg(2, "2").parse().expect("discs");
    let centre = if arg(3, "same") == "opposite" { Centre::Opposite } else { Centre::Same };
    let quiet = match arg(4, "off").as_str() {
        "off" => None,
        q => Some(q.parse::<u32>().expect("quiet")),
    };
    let level: u8 = arg(5, "7").parse().expect("level");
    let jobs: usize = arg(6, "2").parse().expect("jobs");
    let v = Variant { discs, centre, quiet };
    let t = table(v, &default_dir(), &mut |_| {}).expect("a table");
    let start = BulgarianUr::from_config(Config {
        discs,
        centre,
        quiet: quiet.map_or(Quiet::Off, Quiet::After),
    });
    let budget = Budget { time: Some(Duration::from_millis(ms)), ..Budget::level(level) };
    let tweaks = tabla_ai::engine::Tweaks::parse("table=0").expect("a tweak");
    // Per game: (decisions with a choice, forced moves, summed loss, decisions losing > 1e-6).
    let results = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= games {
                    break;
                }
                let mut dice = SmallRng::seed_from_u64(1000 + i as u64);
                let mut g = start;
                let (mut choices, mut forced, mut loss, mut errors) = (0u32, 0u32, 0.0f64, 0u32);
                let mut buf = Vec::new();
                while g.to_move() != ToMove::Over {
                    let m = match g.to_move() {
                        ToMove::Chance => g.random_move(&mut dice, &mut buf),
                        _ => {
                            let values = t.move_values(&g).expect("in the table");
                            // `table=0`: level 7 would otherwise play from the table itself.
                            let m =
                                tabla_ai::engine::choose_with(&g, budget, dice.random(), &tweaks)
                                    .expect("tweaks")
                                    .expect("a move");
                            if values.len() < 2 {
                                forced += 1;
                            } else {
                                let best = values.iter().map(|x| x.1).fold(0.0, f64::max);
                                let got = values.iter().find(|x| x.0 == m).expect("legal").1;
                                choices += 1;
                                loss += best - got;
                                errors += u32::from(best - got > 1e-6);
                            }
                            m
                        }
                    };
                    g.play(m);
                }
                eprintln!("game {i}: {choices} choices, loss {loss:.4}");
                results.lock().unwrap().push((choices, forced, loss, errors));
            });
        }
    });
    let r = results.into_inner().unwrap();
    let n = r.len() as f64;
    let choices: u32 = r.iter().map(|x| x.0).sum();
    let forced: u32 = r.iter().map(|x| x.1).sum();
    let loss: f64 = r.iter().map(|x| x.2).sum();
    let errors: u32 = r.iter().map(|x| x.3).sum();
    let per_game: Vec<f64> = r.iter().map(|x| x.2).collect();
    let mean_game = loss / n;
    let sd = (per_game.iter().map(|x| (x - mean_game).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    println!(
        "{} level={level} ms={ms} games={games} choices={choices} forced={forced} \
         loss_per_choice={:.5} loss_per_move={:.5} loss_per_game={mean_game:.4} \
         (95% ±{:.4}) choices_losing={errors} ({:.1}%)",
        v.describe(),
        loss / f64::from(choices.max(1)),
        loss / f64::from((choices + forced).max(1)),
        1.96 * sd / n.sqrt(),
        100.0 * f64::from(errors) / f64::from(choices.max(1)),
    );
}
