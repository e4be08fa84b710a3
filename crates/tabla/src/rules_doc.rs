//! The rules as the program prints them (`tabla rules GAME`, `rules` in a game): the game's
//! rules for players (the hexagonal coordinates and their picture inline where the board is
//! a hexagon), a picture of the board being played with every cell's name where that
//! picture is not already there, and the options.

use crate::board_text;
use std::fmt::Write as _;
use tabla_core::{BoardShape, BoardView};
use tabla_games::GameInfo;

/// The whole text. `full`: the specification with its sections for programmers. `view` is
/// the board to picture (the game being played, or the game's usual start when `None`).
pub fn text(info: &GameInfo, lang: &str, full: bool, view: Option<&BoardView>) -> String {
    let mut s = if full { info.rules(lang).to_string() } else { info.rules_for_players(lang) };
    s = s.trim_end().to_string();
    let start;
    let view = match view {
        Some(v) => Some(v),
        None => {
            start = tabla_games::new_game(info.id, &[]).ok().map(|g| g.view());
            start.as_ref()
        }
    };
    // The side-5 hexagon is pictured in the rules already; other boards are pictured here.
    let pictured = !full && matches!(info.id, "gipf" | "amazons");
    let wanted = view.filter(|v| !(pictured && matches!(v.board, BoardShape::Hex { side: 5, .. })));
    if let Some(picture) = wanted.and_then(board_text::coordinates) {
        let title = if lang == "hu" {
            "A tábla mezői névvel"
        } else {
            "The board, every cell by its name"
        };
        let _ = write!(s, "\n\n## {title}\n\n");
        for line in picture.lines() {
            let _ = writeln!(s, "    {line}");
        }
        s = s.trim_end().to_string();
    }
    if lang == "hu" {
        let _ = write!(s, "\n\n## Opciók (tabla play {} -o KULCS=ÉRTÉK)\n", info.id);
    } else {
        let _ = write!(s, "\n\n## Options (tabla play {} -o KEY=VALUE)\n", info.id);
    }
    for o in info.options {
        let _ = write!(s, "\n- {} = {} (default {}): {}", o.key, o.values, o.default, o.help);
    }
    s
}
