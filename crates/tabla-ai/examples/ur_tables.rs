//! Builds Bulgarian Ur's exact tables and prints their size, time and first-player value.
//! `cargo run --profile test --example ur_tables -- DISCS CENTRE QUIET [plain]` (QUIET a number
//! or off; `plain`: without the extrapolation, to measure what it saves).

use tabla_ai::ur_table::{UrTable, Variant};
use tabla_core::Game;
use tabla_games::bulgarian_ur::{BulgarianUr, Centre, Config, Quiet};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let discs: u8 = args.first().map_or(1, |a| a.parse().expect("discs"));
    let centre = match args.get(1).map(String::as_str) {
        Some("opposite") => Centre::Opposite,
        _ => Centre::Same,
    };
    let quiet = match args.get(2).map(String::as_str) {
        None | Some("off") => None,
        Some(q) => Some(q.parse().expect("quiet")),
    };
    let v = Variant { discs, centre, quiet };
    let extrapolate = args.get(3).map(String::as_str) != Some("plain");
    let (t, s) = UrTable::build_with(v, extrapolate, &mut |p| eprintln!("{p:?}")).expect("builds");
    let mut g = BulgarianUr::from_config(Config {
        discs,
        centre,
        quiet: quiet.map_or(Quiet::Off, Quiet::After),
    });
    g.play(tabla_games::bulgarian_ur::UrMove::First(tabla_games::bulgarian_ur::BLACK));
    println!(
        "{} states={} edges={} sweeps={} walk_s={:.1} iterate_s={:.1} bytes={} first={:.9}",
        v.describe(),
        s.states,
        s.edges,
        s.sweeps,
        s.walk.as_secs_f64(),
        s.iterate.as_secs_f64(),
        s.bytes,
        t.value(&g).unwrap()
    );
}
