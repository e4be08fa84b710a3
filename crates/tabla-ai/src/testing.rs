//! Helpers shared by the crate's unit tests.

use tabla_core::GameOptions;
use tabla_games::amazons::{Amazons, OPTIONS};

/// An Amazons position from option words (`["layout=1../..#/..2"]`).
pub(crate) fn amazons(words: &[&str]) -> Amazons {
    let w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
    Amazons::from_options(&GameOptions::parse(OPTIONS, &w).unwrap()).unwrap()
}
