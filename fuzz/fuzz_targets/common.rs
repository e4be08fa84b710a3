//! Shared by the fuzz targets: the first byte picks a game and one of its sample option
//! sets, so that every variant's parsers are reached.

use tabla_games::{new_game, AnyGame, GAMES};

/// The game the first byte names, and the rest of the input.
pub fn game_and_rest(data: &[u8]) -> Option<(AnyGame, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let info = &GAMES[usize::from(first) % GAMES.len()];
    let sample = info.samples[usize::from(first / 4) % info.samples.len()];
    let words: Vec<String> = sample.split_whitespace().map(String::from).collect();
    Some((new_game(info.id, &words).expect("samples are valid"), rest))
}
