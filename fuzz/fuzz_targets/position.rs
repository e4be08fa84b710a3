//! Position text: any text is either refused or reads as a position whose text reads back
//! to itself and whose moves can be listed.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "common.rs"]
mod common;

fuzz_target!(|data: &[u8]| {
    let Some((game, rest)) = common::game_and_rest(data) else { return };
    let text = String::from_utf8_lossy(rest);
    if let Ok(pos) = game.read_position(&text) {
        let printed = pos.position_text();
        let again = game.read_position(&printed).expect("a printed position reads back");
        assert_eq!(again.position_text(), printed);
        let _ = pos.legal();
        let _ = pos.view();
        let _ = pos.paths();
    }
});
