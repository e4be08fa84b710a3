//! Options into a checked rule set: the one option, `variant`, as a typed value.

use super::position::Gipf;
use tabla_core::{GameOptions, OptionError};

/// The three rule sets of GIPF (`rules/gipf.md`, "Starting position").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Empty board, 18 pieces each, GIPF pieces entered by choice (the seed's game).
    Tournament,
    /// Three GIPF pieces each on the board, 12 in reserve, singles only.
    Standard,
    /// Three single pieces each on the board, 12 in reserve, no GIPF pieces at all.
    Basic,
}

impl Variant {
    /// The rule set a game gets when the option is not given.
    pub const DEFAULT: Variant = Variant::Tournament;

    /// Every variant, in the order the option lists them.
    pub const ALL: [Variant; 3] = [Variant::Tournament, Variant::Standard, Variant::Basic];

    /// The option values, in the order of [`Variant::ALL`].
    pub const NAMES: [&'static str; 3] =
        [Variant::ALL[0].name(), Variant::ALL[1].name(), Variant::ALL[2].name()];

    /// The option value naming it.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Tournament => "tournament",
            Variant::Standard => "standard",
            Variant::Basic => "basic",
        }
    }

    /// The variant an option value names (any case).
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.name().eq_ignore_ascii_case(name.trim()))
    }

    /// Pieces each player owns in all (a GIPF piece is two of them): 15 in the basic game,
    /// 18 otherwise (the standard game's three GIPF pieces are six).
    pub const fn pieces(self) -> u8 {
        match self {
            Variant::Basic => 15,
            Variant::Tournament | Variant::Standard => 18,
        }
    }
}

impl Gipf {
    /// The starting position for checked options (as every game module offers).
    ///
    /// # Errors
    /// None today: the one option is a closed choice, checked by the registry.
    pub fn from_options(options: &GameOptions) -> Result<Gipf, OptionError> {
        let value = options.choice("variant", Variant::DEFAULT.name());
        let variant = Variant::from_name(value).ok_or_else(|| {
            OptionError(format!(
                "option variant={value}: expected one of {}",
                Variant::NAMES.join(", ")
            ))
        })?;
        Ok(Gipf::new(variant))
    }
}
