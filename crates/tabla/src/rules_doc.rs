//! The rules as the program prints them (`tabla rules GAME`, `rules` in a game): the game's
//! rules text, the hexagonal coordinates explained inline where the board is a hexagon, a
//! picture of the board with every cell's name, and the options.

use crate::board_text;
use std::fmt::Write as _;
use tabla_core::{BoardShape, BoardView};
use tabla_games::GameInfo;

/// The shared text on hexagonal coordinates, printed where a game's board is a hexagon.
const HEX: &str = include_str!("../../tabla-games/rules/hex-coordinates.md");

/// The whole text. `view` is the board to picture (the game being played, or the game's
/// usual start when `None`).
pub fn text(info: &GameInfo, lang: &str, view: Option<&BoardView>) -> String {
    let rules = if lang == "hu" { info.rules_hu } else { info.rules_en };
    let start;
    let view = match view {
        Some(v) => Some(v),
        None => {
            start = tabla_games::new_game(info.id, &[]).ok().map(|g| g.view());
            start.as_ref()
        }
    };
    let mut s = rules.trim_end().to_string();
    let hex = view.is_some_and(|v| matches!(v.board, BoardShape::Hex { .. }))
        || rules.contains("hex-coordinates");
    if hex {
        // The shared file, its title made a section of this text.
        let body = HEX.trim_start().strip_prefix("# ").map_or(HEX, |t| t);
        let _ = write!(s, "\n\n## {}", body.trim_end());
    }
    if let Some(picture) = view.and_then(board_text::coordinates) {
        let _ = write!(s, "\n\n## The cells by name\n\n");
        for line in picture.lines() {
            let _ = writeln!(s, "    {line}");
        }
        s = s.trim_end().to_string();
    }
    let _ = write!(s, "\n\n## Options (tabla play {} -o KEY=VALUE)\n", info.id);
    for o in info.options {
        let _ = write!(s, "\n- {} = {} (default {}): {}", o.key, o.values, o.default, o.help);
    }
    s
}
