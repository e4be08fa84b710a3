//! Each level's rating above level 1, per game, measured by the ladder (`bench/ladder.sh`,
//! then `bench/ratings.py --write`, which writes this file; the table with its matches is in
//! `docs/levels.md`). Shown where a player chooses a level.

/// Elo above level 1 of levels 1–7 in `game` (a game id), on the board the ladder measured
/// (see [`board`]); `None` for a game not measured.
pub fn above_level_1(game: &str) -> Option<[i32; 7]> {
    match game {
        "gipf" => Some([0, 650, 1300, 1950, 2600, 3250, 3570]),
        "amazons" => Some([0, 450, 680, 1030, 1210, 1310, 1440]),
        "seega" => Some([0, 180, 460, 740, 920, 1110, 1400]),
        "bulgarian-ur" => Some([0, 230, 400, 670, 850, 1010, 1260]),
        _ => None,
    }
}

/// The board on which `game`'s ratings were measured.
pub fn board(game: &str) -> Option<&'static str> {
    match game {
        "gipf" => Some("GIPF, tournament"),
        "amazons" => Some("Amazons, 6×6"),
        "seega" => Some("Seega, 5×5"),
        "bulgarian-ur" => Some("Bulgarian Ur, 10 discs"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    /// The ladder's steps as measured: every level above the one below, in every game.
    #[test]
    fn every_level_is_rated_above_the_one_below() {
        for game in ["gipf", "amazons", "seega", "bulgarian-ur"] {
            let r = super::above_level_1(game).expect("measured");
            assert_eq!(r[0], 0, "{game}");
            for l in 1..7 {
                assert!(r[l] > r[l - 1], "{game}: level {} not above level {l}", l + 1);
            }
            assert!(super::board(game).is_some(), "{game}");
        }
    }
}
