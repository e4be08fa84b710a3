//! Amazons (placeholder while the real module is written).
use crate::registry::GameInfo;
use tabla_core::OptionError;

/// Registry entry.
pub const INFO: GameInfo = GameInfo {
    id: "amazons",
    name: "Amazons",
    summary: "Queens move and shoot stones; the last player able to move wins.",
    options: &[],
    rules_en: include_str!("../rules/amazons.md"),
    create: |_| Err(OptionError("not yet".into())),
};
