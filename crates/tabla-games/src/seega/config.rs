//! The rule options of `rules/seega.md`, checked: [`SeegaConfig`] and how it is read from
//! `-o KEY=VALUE` words. The defaults live once, in [`SeegaConfig::default`]; the option
//! table in `mod.rs` prints them for people, and a test holds the two together.

use tabla_core::{GameOptions, OptionError, Player};

/// First places first (rules: *Board and material*).
pub(super) const FIRST: Player = Player(0);
/// Second moves first in phase 2 under the Egyptian rule.
pub(super) const SECOND: Player = Player(1);

/// The other seat of the two.
#[inline]
pub(super) const fn other(p: Player) -> Player {
    Player(1 - p.0)
}

/// One value per seat, indexed by [`Player`], so that a seat never travels as a bare index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct BySeat<T>(pub(super) [T; 2]);

impl<T> std::ops::Index<Player> for BySeat<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, p: Player) -> &T {
        &self.0[p.index()]
    }
}

impl<T> std::ops::IndexMut<Player> for BySeat<T> {
    #[inline(always)]
    fn index_mut(&mut self, p: Player) -> &mut T {
        &mut self.0[p.index()]
    }
}

/// Who starts phase 2 (rules: *Phase 2 — moving*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// The player who did not start phase 1 (Second) starts phase 2.
    Egyptian,
    /// First starts both phases.
    Sudanese,
}

impl Start {
    /// The seat that moves first in phase 2.
    pub const fn starter(self) -> Player {
        match self {
            Start::Egyptian => SECOND,
            Start::Sudanese => FIRST,
        }
    }
}

/// The rule options, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeegaConfig {
    /// Board side: 5, 7 or 9.
    pub size: u8,
    /// Stones placed per turn in phase 1: 1 or 2.
    pub place: u8,
    /// Who starts phase 2.
    pub start: Start,
    /// Whether stones move and capture diagonally too.
    pub diagonal: bool,
    /// Turns without a capture that end the game (N ≥ 1).
    pub quiet: u32,
}

impl Default for SeegaConfig {
    /// The rules file's defaults (and the option table's).
    fn default() -> Self {
        SeegaConfig { size: 5, place: 2, start: Start::Egyptian, diagonal: true, quiet: 50 }
    }
}

/// The largest `quiet` accepted; far beyond any sensible game, it only bounds the history.
/// Decision: the rules say "any N ≥ 1"; this is the upper end.
pub const MAX_QUIET: u32 = 100_000;

impl SeegaConfig {
    /// Reads the options declared in [`super::OPTIONS`]; an option not given takes its value
    /// from [`SeegaConfig::default`].
    ///
    /// # Errors
    /// A `quiet` that is not a whole number from 1 to [`MAX_QUIET`] (the closed choices are
    /// checked by [`GameOptions`] already).
    pub fn from_options(o: &GameOptions) -> Result<Self, OptionError> {
        let d = SeegaConfig::default();
        let size = match o.get("size") {
            Some("5") => 5,
            Some("7") => 7,
            Some("9") => 9,
            _ => d.size,
        };
        let place = match o.get("place") {
            Some("1") => 1,
            Some("2") => 2,
            _ => d.place,
        };
        let start = match o.get("start") {
            Some("egyptian") => Start::Egyptian,
            Some("sudanese") => Start::Sudanese,
            _ => d.start,
        };
        let diagonal = o.flag("diagonal", d.diagonal);
        let quiet = match o.int("quiet", 1, i64::from(MAX_QUIET))? {
            Some(n) => n as u32,
            None => d.quiet,
        };
        Ok(SeegaConfig { size, place, start, diagonal, quiet })
    }

    /// Whether the values are ones the rules allow (the fields are public, so a config can
    /// be built by hand).
    ///
    /// # Errors
    /// Names the first bad value and what is allowed.
    pub fn check(&self) -> Result<(), OptionError> {
        if ![5, 7, 9].contains(&self.size) {
            return Err(OptionError(format!("size {}: expected 5, 7 or 9", self.size)));
        }
        if ![1, 2].contains(&self.place) {
            return Err(OptionError(format!("place {}: expected 1 or 2", self.place)));
        }
        if !(1..=MAX_QUIET).contains(&self.quiet) {
            return Err(OptionError(format!(
                "quiet {}: expected a whole number from 1 to {MAX_QUIET}",
                self.quiet
            )));
        }
        Ok(())
    }

    /// Stones each player has: every cell but the centre, shared equally.
    pub const fn stones_each(&self) -> u8 {
        ((self.size as u16 * self.size as u16 - 1) / 2) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The option table's printed defaults are the typed ones.
    #[test]
    fn option_table_defaults_are_the_typed_defaults() {
        let words: Vec<String> =
            super::super::OPTIONS.iter().map(|o| format!("{}={}", o.key, o.default)).collect();
        let o = GameOptions::parse(super::super::OPTIONS, &words).unwrap();
        assert_eq!(SeegaConfig::from_options(&o).unwrap(), SeegaConfig::default());
        for spec in super::super::OPTIONS.iter().filter(|s| !s.choices.is_empty()) {
            assert_eq!(spec.choices[0], spec.default, "{}: default first", spec.key);
        }
    }
}
