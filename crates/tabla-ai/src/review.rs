//! The review of a played game (`tabla review`, the server's review job): every player move
//! is compared with the engine's best at that position, by how much expected score it threw
//! away, and in games with dice the luck of each roll is measured the same way, so that luck
//! and skill can be told apart.
//!
//! Marks follow lichess's thresholds on win chance (its −1…1 scale halved to our 0…1):
//! a loss of at least 0.05 is an inaccuracy, 0.10 a mistake, 0.15 a blunder. Accuracy per
//! move is lichess's curve on the loss in percentage points, averaged over a player's moves.

use crate::engine::{analyse_with, Request};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tabla_core::ToMove;
use tabla_games::AnyGame;

/// Loss of expected score from which a move is an inaccuracy, a mistake, a blunder.
pub const THRESHOLDS: [(f64, &str); 3] =
    [(0.15, "blunder"), (0.10, "mistake"), (0.05, "inaccuracy")];

/// One player move of a reviewed game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyReview {
    /// The move's 1-based index in the record.
    pub ply: usize,
    /// Who made it.
    pub player: &'static str,
    /// The move played, canonical.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move the engine preferred (may be the one played).
    pub best: String,
    /// The mover's expected score before the move, with best play.
    pub before: f64,
    /// The mover's expected score after the move played.
    pub after: f64,
    /// `before − after`, never below 0.
    pub loss: f64,
    /// `"inaccuracy"`, `"mistake"`, `"blunder"` or none.
    pub class: Option<&'static str>,
}

/// A whole game's review.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// One entry per player move.
    pub plies: Vec<PlyReview>,
    /// Per player, 0–100.
    pub accuracy: BTreeMap<&'static str, f64>,
    /// Games with dice: per player, the win chance the rolls added over the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub luck: Option<BTreeMap<&'static str, f64>>,
}

/// The mark of a move that lost `loss` of expected score.
pub fn class_of(loss: f64) -> Option<&'static str> {
    THRESHOLDS.iter().find(|(t, _)| loss >= *t - 1e-9).map(|(_, c)| *c)
}

/// One move's accuracy, 0–100, from the expected score it lost (lichess's curve).
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss * 100.0).exp() - 3.1669).clamp(0.0, 100.0)
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Reviews `record` played from `start`, thinking `per_ply` at each position; `progress`
/// hears the share done (0–1) after each ply. Stops early (with `None`) when `stop` is set.
///
/// # Errors
/// A token of the record that is not legal where it stands, named with its ply.
pub fn review(
    start: &AnyGame,
    record: &[String],
    per_ply: Duration,
    stop: Option<Arc<AtomicBool>>,
    progress: &mut dyn FnMut(f64),
) -> Result<Option<Review>, String> {
    // Check the whole record first: a bad token is an error before any time is spent.
    let mut g = start.clone();
    for (i, t) in record.iter().enumerate() {
        g.play_text(t).map_err(|e| format!("move {} ({t}): {e}", i + 1))?;
    }
    let names = start.player_names();
    let mut plies = Vec::new();
    let mut luck: BTreeMap<&'static str, f64> = names.iter().map(|&n| (n, 0.0)).collect();
    let mut dice = false;
    let mut g = start.clone();
    for (i, token) in record.iter().enumerate() {
        if stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            return Ok(None);
        }
        let req = Request { time: per_ply, lines: 1, stop: stop.clone() };
        let before = g.clone();
        let played = g.play_text(token).map_err(|e| format!("move {}: {e}", i + 1))?;
        match before.to_move() {
            ToMove::Player(p) => {
                let a = analyse_with(&before, &req, &mut |_| {});
                let Some(top) = a.moves.first() else { continue };
                let after = a.moves.iter().find(|m| m.mv == played).map_or(top.value, |m| m.value);
                let loss = round3((top.value - after).max(0.0));
                plies.push(PlyReview {
                    ply: i + 1,
                    player: names[p.index()],
                    mv: played,
                    best: top.mv.clone(),
                    before: top.value,
                    after,
                    loss,
                    class: class_of(loss),
                });
            }
            ToMove::Chance => {
                dice = true;
                let a = analyse_with(&before, &req, &mut |_| {});
                let (Some(owner), Some(mean)) = (a.player, a.value) else { continue };
                let got = a.moves.iter().find(|m| m.mv == played).map_or(mean, |m| m.value);
                let gain = got - mean;
                *luck.entry(owner).or_default() += gain;
                // Two players: what one gained by the dice, the other lost.
                if names.len() == 2 {
                    let other = names.iter().copied().find(|&n| n != owner).unwrap_or(owner);
                    *luck.entry(other).or_default() -= gain;
                }
            }
            ToMove::Over => break,
        }
        progress((i + 1) as f64 / record.len() as f64);
    }
    let accuracy = names
        .iter()
        .map(|&n| {
            let mine: Vec<f64> =
                plies.iter().filter(|p| p.player == n).map(|p| move_accuracy(p.loss)).collect();
            let mean =
                if mine.is_empty() { 100.0 } else { mine.iter().sum::<f64>() / mine.len() as f64 };
            (n, (mean * 10.0).round() / 10.0)
        })
        .collect();
    let luck = dice.then(|| luck.into_iter().map(|(k, v)| (k, round3(v))).collect());
    Ok(Some(Review { plies, accuracy, luck }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(class_of(0.0), None);
        assert_eq!(class_of(0.049), None);
        assert_eq!(class_of(0.05), Some("inaccuracy"));
        assert_eq!(class_of(0.10), Some("mistake"));
        assert_eq!(class_of(0.149), Some("mistake"));
        assert_eq!(class_of(0.15), Some("blunder"));
        assert_eq!(class_of(1.0), Some("blunder"));
        assert!((move_accuracy(0.0) - 100.0).abs() < 0.01);
        assert!(move_accuracy(0.05) < 85.0 && move_accuracy(0.05) > 75.0);
        assert_eq!(move_accuracy(1.0), 0.0);
    }

    /// Amazons on 3×3 with one queen each: White wins only by walling Black in. A record
    /// where White throws the win away is marked `??` at that move, and the winner's
    /// accuracy is higher.
    #[test]
    fn a_thrown_away_win_is_a_blunder() {
        let g = tabla_games::new_game("amazons", &["layout=1../.../..2".to_string()]).unwrap();
        // Find by brute force a first move that loses and one that wins.
        let mut winning = None;
        let mut losing = None;
        for m in g.legal() {
            let mut c = g.clone();
            c.play_text(&m).unwrap();
            match crate::testing::solve(&c) {
                v if v < 0.5 && winning.is_none() => winning = Some(m),
                v if v > 0.5 && losing.is_none() => losing = Some(m),
                _ => {}
            }
        }
        let (Some(_), Some(bad)) = (winning, losing) else { panic!("3×3 has both kinds") };
        let r =
            review(&g, std::slice::from_ref(&bad), Duration::from_millis(200), None, &mut |_| {})
                .unwrap()
                .unwrap();
        assert_eq!(r.plies.len(), 1);
        assert_eq!(r.plies[0].mv, bad);
        assert_eq!(r.plies[0].class, Some("blunder"), "{r:?}");
        assert!(r.plies[0].before > 0.9 && r.plies[0].after < 0.1, "{r:?}");
        assert!(r.accuracy["white"] < 10.0 && r.accuracy["black"] == 100.0, "{r:?}");
        assert!(r.luck.is_none());
    }

    /// Positions of small Amazons boards reached by random play in which the mover wins
    /// (valued exactly by brute force): the analysis's top move must keep the win. Returns
    /// how many were checked.
    fn top_moves_win(layouts: &[&str], per_layout: usize, think: Duration) -> usize {
        use tabla_core::rand::{rngs::SmallRng, Rng, SeedableRng};
        let mut rng = SmallRng::seed_from_u64(7);
        let mut checked = 0;
        for layout in layouts {
            let start = tabla_games::new_game("amazons", &[format!("layout={layout}")]).unwrap();
            for _ in 0..per_layout {
                let mut g = start.clone();
                let plies = rng.random_range(1..6);
                for _ in 0..plies {
                    let legal = g.legal();
                    if legal.is_empty() || g.outcome().is_some() {
                        break;
                    }
                    g.play_text(&legal[rng.random_range(0..legal.len())]).unwrap();
                }
                if g.outcome().is_some() || crate::testing::solve(&g) < 1.0 {
                    continue;
                }
                let a = crate::analyse(&g, think);
                let top = &a.moves[0].mv;
                let mut c = g.clone();
                c.play_text(top).unwrap();
                let wins = c.outcome().is_some() || crate::testing::solve(&c) == 0.0;
                assert!(wins, "{layout} after {:?}: {top} throws the win away", g.position_text());
                checked += 1;
            }
        }
        checked
    }

    #[test]
    fn the_top_move_of_an_analysis_wins_a_won_position() {
        let n = top_moves_win(
            &["1../..2", "1../.../..2", "1.../..../...2", "1../.../.../..2"],
            12,
            Duration::from_millis(250),
        );
        assert!(n >= 15, "only {n} won positions");
    }

    /// The same on 4×4, where a win can lie 10 plies deep: given a second (the analysis
    /// board gives it five).
    #[test]
    #[ignore = "deep: about 30 s"]
    fn the_top_move_of_an_analysis_wins_a_won_position_on_four_by_four() {
        let n = top_moves_win(&["1.../..../..../...2"], 16, Duration::from_millis(1500));
        assert!(n >= 6, "only {n} won positions");
    }

    #[test]
    fn dice_give_luck_that_sums_to_nothing_and_bad_records_are_named() {
        let g = tabla_games::new_game("bulgarian-ur", &[]).unwrap();
        let record: Vec<String> =
            "first=black r3 0-3 r5 0-5".split(' ').map(str::to_string).collect();
        let r = review(&g, &record, Duration::from_millis(40), None, &mut |_| {}).unwrap().unwrap();
        let luck = r.luck.expect("a game with dice has luck");
        assert!((luck["black"] + luck["yellow"]).abs() < 1e-9, "{luck:?}");
        assert_eq!(r.plies.iter().map(|p| p.ply).collect::<Vec<_>>(), [3, 5]);
        let bad: Vec<String> = ["first=black", "r3", "9-9"].map(str::to_string).to_vec();
        let e = review(&g, &bad, Duration::from_millis(10), None, &mut |_| {}).unwrap_err();
        assert!(e.starts_with("move 3 (9-9)"), "{e}");
    }
}
