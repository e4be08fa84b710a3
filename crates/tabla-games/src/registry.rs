//! Every game by id: its options, rules text, and a factory from options to a position.

use tabla_core::{DynGame, GameOptions, OptionError, OptionSpec};

/// What the registry knows of one game.
#[derive(Clone, Copy)]
pub struct GameInfo {
    /// The id used everywhere (`amazons`, `bulgarian-ur`, ...).
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// One line on the game.
    pub summary: &'static str,
    /// The options it takes, default first.
    pub options: &'static [OptionSpec],
    /// The rules in English (Markdown), as the program shows them: the specification.
    pub rules_en: &'static str,
    /// The rules in Hungarian, the games' own language (a translation; English governs).
    pub rules_hu: &'static str,
    /// Builds the starting position from checked options.
    pub create: fn(&GameOptions) -> Result<Box<dyn DynGame>, OptionError>,
}

impl std::fmt::Debug for GameInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameInfo({})", self.id)
    }
}

/// Every registered game, in menu order.
pub const GAMES: &[GameInfo] =
    &[crate::gipf::INFO, crate::bulgarian_ur::INFO, crate::seega::INFO, crate::amazons::INFO];

/// The game with this id.
///
/// # Errors
/// Unknown id, with the list of known ones.
pub fn find(id: &str) -> Result<&'static GameInfo, OptionError> {
    GAMES.iter().find(|g| g.id.eq_ignore_ascii_case(id.trim())).ok_or_else(|| {
        let ids: Vec<&str> = GAMES.iter().map(|g| g.id).collect();
        OptionError(format!("unknown game '{id}'; the games are: {}", ids.join(", ")))
    })
}

/// The starting position of game `id` with `KEY=VALUE` option words.
///
/// # Errors
/// Unknown game, unknown option, bad value: a message that says what was expected.
pub fn new_game(id: &str, option_words: &[String]) -> Result<Box<dyn DynGame>, OptionError> {
    let info = find(id)?;
    let options = GameOptions::parse(info.options, option_words)?;
    (info.create)(&options)
}
