//! Saved games: a small text file with the game, its options and the record in the rules
//! files' notation, so that a person can read it and `tabla` can continue it.
//!
//! ```text
//! # A game of Tabla. Continue it with `tabla play`, then `load gipf.tabla`.
//! game: gipf
//! options: variant=standard
//! computer: black
//! level: 3
//! seed: 1234
//! moves: Ga1-b2 Gi5-h5
//! ```

use std::fmt::Write as _;

/// The file's contents.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Saved {
    /// The game id.
    pub game: String,
    /// Option words `KEY=VALUE`.
    pub options: Vec<String>,
    /// The starting position's text, when the game did not start from the usual one.
    pub position: Option<String>,
    /// Seats the computer plays, by name.
    pub computer: Vec<String>,
    /// The computer's level.
    pub level: u8,
    /// The seed of the dice and the computer.
    pub seed: u64,
    /// How the game ended off the board: `white resigned`, `draw agreed`.
    pub end: Option<String>,
    /// The record: tokens in the notation, chance events included.
    pub moves: Vec<String>,
}

/// The extension saved games get when a name has none.
pub const EXTENSION: &str = "tabla";

impl Saved {
    /// The file text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "# A game of Tabla. Continue it with `tabla play`, then `load FILE` (or pick it in the menu)."
        );
        let _ = writeln!(s, "game: {}", self.game);
        if !self.options.is_empty() {
            let _ = writeln!(s, "options: {}", self.options.join(" "));
        }
        if let Some(p) = &self.position {
            let _ = writeln!(s, "position: {p}");
        }
        if !self.computer.is_empty() {
            let _ = writeln!(s, "computer: {}", self.computer.join(" "));
        }
        let _ = writeln!(s, "level: {}", self.level);
        let _ = writeln!(s, "seed: {}", self.seed);
        if let Some(e) = &self.end {
            let _ = writeln!(s, "end: {e}");
        }
        let _ = writeln!(s, "moves: {}", self.moves.join(" "));
        s
    }

    /// Reads a file's text.
    ///
    /// # Errors
    /// A line that is not `key: value` with a known key, or no `game:` line; the message
    /// names the line.
    pub fn parse(text: &str) -> Result<Saved, String> {
        let mut s = Saved { level: 3, ..Saved::default() };
        let mut has_game = false;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return Err(format!("line {}: expected `key: value`", i + 1));
            };
            let value = value.trim();
            let words = || value.split_whitespace().map(str::to_string).collect::<Vec<_>>();
            match key.trim() {
                "game" => {
                    s.game = value.to_string();
                    has_game = true;
                }
                "options" => s.options = words(),
                "position" => s.position = Some(value.to_string()),
                "computer" => s.computer = words(),
                "level" => {
                    s.level = value
                        .parse()
                        .ok()
                        .filter(|l| (1..=7).contains(l))
                        .ok_or_else(|| format!("line {}: the level is 1 to 7", i + 1))?
                }
                "seed" => {
                    s.seed = value
                        .parse()
                        .map_err(|_| format!("line {}: the seed is a whole number", i + 1))?
                }
                "end" => s.end = Some(value.to_string()),
                "moves" => s.moves.extend(words()),
                other => return Err(format!("line {}: unknown key '{other}'", i + 1)),
            }
        }
        if !has_game {
            return Err("no `game:` line: not a saved game".into());
        }
        Ok(s)
    }
}

/// The file name for `save NAME`: `NAME.tabla` when the name has no extension.
pub fn file_name(name: &str) -> String {
    let path = std::path::Path::new(name);
    if path.extension().is_some() {
        name.to_string()
    } else {
        format!("{name}.{EXTENSION}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let s = Saved {
            game: "gipf".into(),
            options: vec!["variant=standard".into()],
            position: None,
            computer: vec!["black".into()],
            level: 2,
            seed: 99,
            end: Some("white resigned".into()),
            moves: vec!["a1-b2".into(), "i5-h5".into()],
        };
        assert_eq!(Saved::parse(&s.to_text()).unwrap(), s);
    }

    #[test]
    fn names_get_the_extension() {
        assert_eq!(file_name("mine"), "mine.tabla");
        assert_eq!(file_name("mine.txt"), "mine.txt");
    }

    #[test]
    fn bad_files_say_where() {
        assert!(Saved::parse("game: gipf\nlevel: 9\n").unwrap_err().contains("line 2"));
        assert!(Saved::parse("hello\n").is_err());
        assert!(Saved::parse("moves: a1\n").is_err());
    }
}
