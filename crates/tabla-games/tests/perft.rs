//! Every perft fixture file (`tests/fixtures/*.perft`, one format: see
//! `tabla_core::perft::PerftFixture`) checked through the registry: the quick figures here,
//! the `slow:` ones in the deep suite.

use tabla_core::perft::check_perft_fixtures;
use tabla_core::play_record;

fn run(slow: bool) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");
    let mut files = 0;
    for info in tabla_games::GAMES {
        let path = format!("{dir}/{}.perft", info.id);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: every game has a perft fixture file: {e}", info.id));
        files += 1;
        let checked = check_perft_fixtures(&path, &text, slow, |options, moves, depth| {
            let mut g = tabla_games::new_game(info.id, options).map_err(|e| e.0)?;
            play_record(&mut *g, moves, |_| {}).map_err(|e| e.to_string())?;
            Ok(g.perft(depth))
        });
        if !slow {
            assert!(checked > 0, "{path}: no quick figure");
        }
    }
    assert_eq!(files, tabla_games::GAMES.len());
}

#[test]
fn perft_fixtures() {
    run(false);
}

#[test]
#[ignore = "deep suite: run with --ignored"]
fn perft_fixtures_slow() {
    run(true);
}
