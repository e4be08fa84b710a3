//! Bulgarian Ur: the Royal Game of Ur's board played with prisoner towers (rules:
//! `rules/bulgarian-ur.md`).
//!
//! Layout:
//! - `config.rs`: the options (`centre`, `discs`, `quiet`) read into a checked [`Config`];
//! - `position.rs`: squares, discs, towers (one packed word each), moves, the position and its
//!   [`tabla_core::Game`] impl;
//! - `movegen.rs`: legal moves, from one allocation-free walk along the mover's track;
//! - `notation.rs`: move notation and the position text, both ways;
//! - `view.rs`: the board view, click paths and touched ids for front ends, and the terminal
//!   picture, for Ur's board and its twin (`centre=opposite`).
//!
//! Each player's track is a table from track number to physical square, one per centre
//! layout; every rule works on track numbers, so two-way traffic in the centre costs nothing.
//! Rule decisions the rules file leaves open are marked `Decision:` next to the code that
//! makes them (and listed in the rules file's "Decisions" section).
//!
//! # Examples
//!
//! ```
//! use tabla_core::{Game, ToMove};
//! use tabla_games::bulgarian_ur::{BulgarianUr, Centre, Square, BLACK, YELLOW};
//!
//! let mut g = BulgarianUr::new(Some(100));
//! for token in ["first=black", "r5", "0-5", "r5", "0-5"] {
//!     let m = g.parse_move(token).unwrap();
//!     g.play(m);
//! }
//! // Yellow entered on Black's disc on 5 and holds it prisoner.
//! let tower: Vec<_> = g.tower(Square::on_track(Centre::Same, BLACK, 5)).map(|d| d.owner).collect();
//! assert_eq!(tower, [BLACK, YELLOW]);
//! assert_eq!(g.to_move(), ToMove::Chance);
//! assert_eq!(g.position_text(), "towers=c5:BY reserve=9,9 removed=0,0 turn=black quiet=0");
//! ```

mod config;
mod movegen;
mod notation;
mod position;
mod view;

use crate::registry::GameInfo;
use tabla_core::OptionSpec;

pub use config::{Centre, Config, Quiet, DEFAULT_QUIET, MAX_DISCS};
pub use position::{
    BulgarianUr, ByPlayer, Colour, Disc, Square, UrMove, BLACK, SQUARE_COUNT, TRACK, YELLOW,
};

/// The options, default first (the rules file's "Options"; parsed by [`Config::from_options`]).
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "centre",
        values: "same / opposite",
        default: "same",
        help: "which way the two tracks run through the centre (opposite: two-way traffic on \
               the twin board)",
        choices: &["same", "opposite"],
    },
    OptionSpec {
        key: "discs",
        values: "1-10",
        default: "10",
        help: "discs per player",
        choices: &[],
    },
    OptionSpec {
        key: "quiet",
        values: "any whole number 1 or more, or off",
        default: "100",
        help: "turns in a row without capture or removal that end the game (more removals win)",
        choices: &[],
    },
];

/// Option sets the conformance checks play random games under (space-separated `-o` words):
/// every option and both boards.
pub const SAMPLES: &[&str] = &[
    "",
    "quiet=20",
    "centre=opposite",
    "discs=3 centre=opposite",
    "discs=1",
    "discs=2 centre=opposite quiet=off",
];

/// Registry entry.
pub const INFO: GameInfo = GameInfo {
    id: "bulgarian-ur",
    name: "Bulgarian Ur",
    summary: "Race round the Ur board with a die; land on enemy discs to carry them off as \
              prisoners in towers.",
    options: OPTIONS,
    rules_en: include_str!("../../rules/bulgarian-ur.md"),
    rules_hu: include_str!("../../rules/bulgarian-ur.hu.md"),
    create: |o| Ok(BulgarianUr::from_options(o)?.into()),
    samples: SAMPLES,
};

#[cfg(test)]
mod tests {
    use super::position::{Tower, NAMES};
    use super::*;
    use tabla_core::{GameOptions, Player};

    fn disc(owner: u8) -> Tower {
        Tower::single(Disc { owner: Player(owner), colour: Colour::Blue })
    }

    #[test]
    fn towers_split_and_stack() {
        // Y B Y B B B Y B Y, bottom to top.
        let mut t = Tower::EMPTY;
        for o in [1, 0, 1, 0, 0, 0, 1, 0, 1] {
            t = t.stack(disc(o));
        }
        assert_eq!(t.len(), 9);
        assert_eq!(t.moving_len(), 2);
        let (rest, top) = t.split(2);
        assert_eq!((rest.len(), top.len()), (7, 2));
        assert_eq!(rest.moving_len(), 4);
        let (rest, _) = rest.split(4);
        assert_eq!(rest.moving_len(), 2);
        let (rest, _) = rest.split(2);
        assert_eq!((rest.len(), rest.moving_len(), rest.top_owner()), (1, 1, YELLOW));
        let red = Tower::single(Disc { owner: BLACK, colour: Colour::Red });
        let all_enemy = disc(0).stack(red).stack(disc(1));
        assert_eq!(all_enemy.moving_len(), 3);
    }

    #[test]
    fn squares_number_both_ways_on_both_boards() {
        for centre in [Centre::Same, Centre::Opposite] {
            for p in [BLACK, YELLOW] {
                for n in 1..=TRACK {
                    let sq = Square::on_track(centre, p, n);
                    assert_eq!(sq.track_number(centre, p), Some(n));
                    assert_eq!(Square::from_id(&sq.id()), Some(sq));
                }
            }
            assert_eq!(Square::on_track(centre, BLACK, 3).track_number(centre, YELLOW), None);
        }
        assert_eq!(
            Square::on_track(Centre::Same, BLACK, 7),
            Square::on_track(Centre::Same, YELLOW, 7)
        );
        for n in 5..=12 {
            assert_eq!(
                Square::on_track(Centre::Opposite, BLACK, n),
                Square::on_track(Centre::Opposite, YELLOW, 17 - n)
            );
        }
        let ids: Vec<String> = Square::all().map(Square::id).collect();
        assert_eq!(
            ids.join(" "),
            "b1 b2 b3 b4 y1 y2 y3 y4 c5 c6 c7 c8 c9 c10 c11 c12 b13 b14 y13 y14"
        );
        assert_eq!(NAMES, ["black", "yellow"]);
    }

    /// Neighbours on every track are neighbours on the drawing: the board is drawn as played.
    #[test]
    fn tracks_run_square_by_square_on_both_drawings() {
        for centre in [Centre::Same, Centre::Opposite] {
            for p in [BLACK, YELLOW] {
                for n in 1..TRACK {
                    let (x0, y0) = Square::on_track(centre, p, n).grid(centre);
                    let (x1, y1) = Square::on_track(centre, p, n + 1).grid(centre);
                    let d = x0.abs_diff(x1) + y0.abs_diff(y1);
                    assert_eq!(d, 1, "{centre:?} {p:?} {n} -> {}", n + 1);
                }
                // Start square 1 and base 1 face each other across the two-square gap.
                let (x1, y1) = Square::on_track(centre, p, 1).grid(centre);
                let (x14, y14) = Square::on_track(centre, p, TRACK).grid(centre);
                assert_eq!((y1, x1.abs_diff(x14)), (y14, 3));
            }
        }
        // Each player's start squares on their own left: Black (below) sees them on the
        // left, Yellow (above, facing down) on the right of the drawing, on the twin.
        assert_eq!(Square::on_track(Centre::Opposite, BLACK, 4).grid(Centre::Opposite), (0, 0));
        assert_eq!(Square::on_track(Centre::Opposite, YELLOW, 4).grid(Centre::Opposite), (7, 2));
        assert_eq!(Square::on_track(Centre::Same, YELLOW, 4).grid(Centre::Same), (0, 2));
    }

    #[test]
    fn option_defaults_are_the_config_defaults() {
        let empty = GameOptions::parse(OPTIONS, &[]).unwrap();
        assert_eq!(Config::from_options(&empty).unwrap(), Config::DEFAULT);
        let words: Vec<String> =
            OPTIONS.iter().map(|o| format!("{}={}", o.key, o.default)).collect();
        let given = GameOptions::parse(OPTIONS, &words).unwrap();
        assert_eq!(Config::from_options(&given).unwrap(), Config::DEFAULT);
        for sample in SAMPLES {
            let words: Vec<String> = sample.split_whitespace().map(String::from).collect();
            let o = GameOptions::parse(OPTIONS, &words).unwrap();
            assert!(Config::from_options(&o).is_ok(), "{sample}");
        }
    }
}
