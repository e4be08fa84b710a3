//! Options: any words as `-o` options of any game either build a game or are refused
//! with a message; a game they build can list its moves.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tabla_games::{new_game, GAMES};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let id = GAMES[usize::from(first) % GAMES.len()].id;
    let text = String::from_utf8_lossy(rest);
    let words: Vec<String> = text.split_whitespace().map(String::from).collect();
    match new_game(id, &words) {
        Ok(g) => {
            let _ = g.legal();
        }
        Err(e) => assert!(!e.0.is_empty()),
    }
});
