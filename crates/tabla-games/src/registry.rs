//! Every game by id: its options, rules text, and a factory from options to a position; and
//! [`AnyGame`], the one closed enum of the games that everything dynamic matches on.

use crate::amazons::Sampler;
use crate::{amazons::Amazons, bulgarian_ur::BulgarianUr, gipf::Gipf, seega::Seega};
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
    pub create: fn(&GameOptions) -> Result<AnyGame, OptionError>,
    /// Option sets (space-separated `KEY=VALUE` words) that the conformance checks play
    /// random games under, so that every variant is proven by existing.
    pub samples: &'static [&'static str],
}

/// Section headings (English and Hungarian) of the rules files that are written for
/// programmers and testers, not for players: left out of [`GameInfo::rules_for_players`].
const DEVELOPER_SECTIONS: &[&str] = &[
    "Figures tests can pin",
    "Reference figures",
    "Position text",
    "Board view and clicks",
    "View and click paths",
    "Tesztekben rögzíthető értékek",
    "Referenciaértékek",
    "Állásszöveg",
    "Állásleírás",
    "Táblanézet és kattintások",
    "Nézet és kattintási utak",
];

/// How hexagonal cells are named, shown with the rules of the hex games.
pub const HEX_COORDINATES: &str = include_str!("../rules/hex-coordinates.md");

/// The same, in Hungarian, for the Hungarian rules (the names of the cells are the same).
pub const HEX_COORDINATES_HU: &str = include_str!("../rules/hex-coordinates.hu.md");

/// The side-5 hexagon with every cell's name, drawn as it stands (GIPF's board; hex Amazons
/// of side 5).
pub const HEX_PICTURE: &str = include_str!("../rules/hex-picture.txt");

impl GameInfo {
    /// The rules text in `lang` (`en`, or `hu`), whole: the specification.
    pub fn rules(&self, lang: &str) -> &'static str {
        if lang.eq_ignore_ascii_case("hu") {
            self.rules_hu
        } else {
            self.rules_en
        }
    }

    /// The rules as players read them: without the sections for programmers (reference
    /// figures, position text, click paths), and with the coordinate picture inline for
    /// the games played on hexagons.
    pub fn rules_for_players(&self, lang: &str) -> String {
        let mut out = String::new();
        let mut skip_level = None;
        for line in self.rules(lang).lines() {
            let level = line.bytes().take_while(|&b| b == b'#').count();
            if level > 0 && line.as_bytes().get(level) == Some(&b' ') {
                let title = line[level..].trim();
                if skip_level.is_some_and(|l| level > l) {
                    continue;
                }
                skip_level =
                    DEVELOPER_SECTIONS.iter().any(|s| title.starts_with(s)).then_some(level);
            }
            if skip_level.is_none() {
                out.push_str(line);
                out.push('\n');
            }
        }
        if matches!(self.id, "gipf" | "amazons") {
            out.push('\n');
            // One level down, as a section of this game's rules.
            let hu = lang.eq_ignore_ascii_case("hu");
            for line in if hu { HEX_COORDINATES_HU } else { HEX_COORDINATES }.lines() {
                // The last bullet speaks to programmers, not players.
                if line.starts_with("- Implementations are free") || line.starts_with("  interface")
                {
                    continue;
                }
                if line.starts_with('#') {
                    out.push('#');
                }
                out.push_str(line);
                out.push('\n');
            }
            out.push_str(if hu {
                "\nAz 5 oldalú hatszög, minden mező a nevével:\n\n```\n"
            } else {
                "\nThe side-5 hexagon, every cell by its name:\n\n```\n"
            });
            out.push_str(HEX_PICTURE);
            out.push_str("```\n");
        }
        out.replace("rules as this project implements them", "rules")
    }
}

impl std::fmt::Debug for GameInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameInfo({})", self.id)
    }
}

/// Every registered game, in menu order.
pub const GAMES: &[GameInfo] =
    &[crate::gipf::INFO, crate::bulgarian_ur::INFO, crate::seega::INFO, crate::amazons::INFO];

/// One position of any game: the closed set of games, so that code that needs the concrete
/// type (search, perft, benchmarks) matches on it with [`with_game!`](crate::with_game) and a
/// game that is not handled everywhere is a compile error. Text-level work goes through
/// [`DynGame`], which the enum derefs to.
#[derive(Clone, Debug, PartialEq)]
// Positions are kept inline (copy-make states); an `AnyGame` lives at the edges and is
// rarely moved, so the size difference between games costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
pub enum AnyGame {
    /// GIPF.
    Gipf(Gipf),
    /// Bulgarian Ur.
    BulgarianUr(BulgarianUr),
    /// Seega.
    Seega(Seega),
    /// Amazons.
    Amazons(Amazons),
}

/// Runs `$body` with `$g` bound to the concrete game inside an [`AnyGame`] (by reference or
/// by value, as `$game` is given): `with_game!(&game, g => perft(g, 3))`.
#[macro_export]
macro_rules! with_game {
    ($game:expr, $g:ident => $body:expr) => {
        match $game {
            $crate::AnyGame::Gipf($g) => $body,
            $crate::AnyGame::BulgarianUr($g) => $body,
            $crate::AnyGame::Seega($g) => $body,
            $crate::AnyGame::Amazons($g) => $body,
        }
    };
}

macro_rules! any_game_from {
    ($($variant:ident),*) => {$(
        impl From<$variant> for AnyGame {
            fn from(g: $variant) -> AnyGame {
                AnyGame::$variant(g)
            }
        }
    )*};
}
any_game_from!(Gipf, BulgarianUr, Seega, Amazons);

impl std::ops::Deref for AnyGame {
    type Target = dyn DynGame;
    fn deref(&self) -> &(dyn DynGame + 'static) {
        with_game!(self, g => g)
    }
}

impl std::ops::DerefMut for AnyGame {
    fn deref_mut(&mut self) -> &mut (dyn DynGame + 'static) {
        with_game!(self, g => g)
    }
}

impl AsRef<dyn DynGame> for AnyGame {
    fn as_ref(&self) -> &(dyn DynGame + 'static) {
        &**self
    }
}

impl AsMut<dyn DynGame> for AnyGame {
    fn as_mut(&mut self) -> &mut (dyn DynGame + 'static) {
        &mut **self
    }
}

impl AnyGame {
    /// The text-level face of the position.
    pub fn as_dyn(&self) -> &dyn DynGame {
        &**self
    }
    /// The registry entry of this game.
    pub fn info(&self) -> &'static GameInfo {
        find(self.id()).expect("every game is registered")
    }
    /// Perft to `depth`, monomorphised for the game.
    pub fn perft(&self, depth: u32) -> u64 {
        with_game!(self, g => tabla_core::perft::perft(g, depth))
    }
    /// The names of the random-move samplers this game offers ([`tabla_core::Game::random_move`]),
    /// the default first. Amazons has two (`uniform` over whole turns, and `stepwise` as
    /// OpenSpiel draws a turn: queen, destination, stone); every other game has one,
    /// `uniform` (uniform over the legal moves, chance by its probabilities).
    pub fn samplers(&self) -> &'static [&'static str] {
        const AMAZONS: [&str; 2] = [Sampler::ALL[0].name(), Sampler::ALL[1].name()];
        match self {
            AnyGame::Amazons(_) => &AMAZONS,
            _ => &["uniform"],
        }
    }

    /// The name of the sampler in use (see [`AnyGame::samplers`]).
    pub fn sampler(&self) -> &'static str {
        match self {
            AnyGame::Amazons(a) => a.sampler().name(),
            _ => "uniform",
        }
    }

    /// Draws random moves with the sampler of that name, here and in the positions played
    /// from here.
    ///
    /// # Errors
    /// The game has no sampler of that name; the message names those it has.
    pub fn set_sampler(&mut self, name: &str) -> Result<(), String> {
        if let AnyGame::Amazons(a) = self {
            if let Some(s) = Sampler::from_name(name) {
                a.set_sampler(s);
                return Ok(());
            }
        } else if name.trim().eq_ignore_ascii_case("uniform") {
            return Ok(());
        }
        let have = self.samplers();
        let what = match have {
            [one] => format!(
                "{} has one random-move sampler, {one} (amazons has {} and {})",
                self.id(),
                Sampler::ALL[0].name(),
                Sampler::ALL[1].name()
            ),
            _ => format!("the samplers of {} are {}", self.id(), have.join(", ")),
        };
        Err(format!("no sampler '{}': {what}", name.trim()))
    }

    /// A position of the same game and rules read from its text.
    ///
    /// # Errors
    /// The text is not such a position; the message says what was expected.
    pub fn read_position(&self, text: &str) -> Result<AnyGame, tabla_core::PositionError> {
        use tabla_core::Game;
        Ok(with_game!(self, g => Game::read_position(g, text)?.into()))
    }
}

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
pub fn new_game(id: &str, option_words: &[String]) -> Result<AnyGame, OptionError> {
    let info = find(id)?;
    let options = GameOptions::parse(info.options, option_words)?;
    (info.create)(&options)
}
