//! Move notation: any text, token by token, from the start of any game. A token either
//! plays (and the next is read in the new position) or is refused with the game unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((mut game, rest)) = common::game_and_rest(data) else { return };
    let text = String::from_utf8_lossy(rest);
    for token in text.split_whitespace() {
        let before = game.position_text();
        if game.play_text(token).is_err() {
            assert_eq!(game.position_text(), before, "a refused move changed the game");
        }
    }
});
