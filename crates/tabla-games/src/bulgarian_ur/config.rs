//! The rules a game is played under: the options of `rules/bulgarian-ur.md` ("Options"),
//! read once into a small checked [`Config`] that every position carries.

use tabla_core::{GameOptions, OptionError};

/// Which way the two tracks run through the centre (option `centre`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Centre {
    /// Ur's shared centre, both players running the same way: square *n* of one track is
    /// square *n* of the other (the default).
    Same,
    /// Two-way traffic: Black's centre square *n* is Yellow's 17 − *n*, drawn on the Ur
    /// board's point-symmetric twin.
    Opposite,
}

impl Centre {
    /// The option value that names it.
    pub const fn name(self) -> &'static str {
        match self {
            Centre::Same => "same",
            Centre::Opposite => "opposite",
        }
    }
    /// An index for per-layout tables.
    pub(crate) const fn index(self) -> usize {
        match self {
            Centre::Same => 0,
            Centre::Opposite => 1,
        }
    }
}

/// The quiet rule (option `quiet`): how many turns in a row without a capture or a removal
/// end the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quiet {
    /// The game has no quiet end (`quiet=off`); the count is not kept.
    Off,
    /// The game ends right after this many quiet turns (at least 1).
    After(u32),
}

/// Checked options: everything about a game that is fixed before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Config {
    /// Which way the tracks run through the centre.
    pub centre: Centre,
    /// Discs per player, 1–10.
    pub discs: u8,
    /// The quiet rule.
    pub quiet: Quiet,
}

/// Most discs a player may have (the seed's number; a tower word holds 20 discs).
pub const MAX_DISCS: u8 = 10;

/// Default of the `quiet` option.
pub const DEFAULT_QUIET: u32 = 100;

impl Config {
    /// The defaults: the seed's game (same-way centre, 10 discs) with the quiet rule at 100.
    pub const DEFAULT: Config =
        Config { centre: Centre::Same, discs: MAX_DISCS, quiet: Quiet::After(DEFAULT_QUIET) };

    /// Reads the options (`centre`, `discs`, `quiet`); missing ones take their defaults.
    ///
    /// # Errors
    /// A value the rules file does not allow, with the values it does.
    pub fn from_options(options: &GameOptions) -> Result<Config, OptionError> {
        let mut config = Config::DEFAULT;
        if let Some(v) = options.get("centre") {
            config.centre = match v.to_ascii_lowercase().as_str() {
                "same" => Centre::Same,
                "opposite" => Centre::Opposite,
                _ => {
                    return Err(OptionError(format!(
                        "option centre={v}: expected same (the default) or opposite"
                    )))
                }
            };
        }
        if let Some(v) = options.get("discs") {
            config.discs = match v.parse::<u8>() {
                Ok(n @ 1..=MAX_DISCS) => n,
                _ => {
                    return Err(OptionError(format!(
                        "option discs={v}: expected a whole number of discs per player from 1 \
                         to {MAX_DISCS} (default {MAX_DISCS})"
                    )))
                }
            };
        }
        if let Some(v) = options.get("quiet") {
            config.quiet = if v.eq_ignore_ascii_case("off") {
                Quiet::Off
            } else {
                match v.parse::<u32>() {
                    Ok(n) if n >= 1 => Quiet::After(n),
                    _ => {
                        return Err(OptionError(format!(
                            "option quiet={v}: expected a whole number of turns (1 or more, up \
                             to {}) or off",
                            u32::MAX
                        )))
                    }
                }
            };
        }
        Ok(config)
    }
}

impl Default for Config {
    fn default() -> Config {
        Config::DEFAULT
    }
}
