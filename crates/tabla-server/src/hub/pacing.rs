//! How long a computer seat thinks when the game has a clock: its level's time when the clock
//! allows, less when it does not, so that it never loses on time.

use std::time::Duration;

/// Kept back for what the clock counts besides thinking: waiting for a search slot, storing
/// the move, the search's own overrun past its budget.
const RESERVE_MS: i64 = 400;
/// Turns the computer plans for when it shares out the time left (a long game's worth: the
/// share shrinks as the time does, so the clock never quite runs out).
const TURNS_AHEAD: i64 = 30;
/// The shortest think: enough to play a sensible move, little enough to be safe.
const FLOOR_MS: i64 = 20;

/// The thinking time of a computer whose level thinks `level` a move, with `remaining_ms` on
/// its clock and `increment_ms` added after each turn: the smaller of its level's time and a
/// share of what is left (an even share over the next turns plus most of the increment, never
/// more than a quarter of what is left beyond the reserve).
pub fn computer_time(level: Duration, remaining_ms: i64, increment_ms: i64) -> Duration {
    let usable = (remaining_ms - RESERVE_MS).max(0);
    let share = (usable / TURNS_AHEAD + increment_ms * 3 / 4).min(usable / 4).max(FLOOR_MS);
    let share = if usable == 0 { FLOOR_MS } else { share };
    level.min(Duration::from_millis(share as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    const L7: Duration = Duration::from_millis(4000);

    #[test]
    fn a_long_clock_leaves_the_level_alone() {
        assert_eq!(computer_time(L7, 30 * 60 * 1000, 0), L7);
        assert_eq!(
            computer_time(Duration::from_millis(100), 60_000, 0),
            Duration::from_millis(100)
        );
    }

    #[test]
    fn a_short_clock_shares_out_what_is_left() {
        // One minute, no increment: about 2 s a move at first.
        let t = computer_time(L7, 60_000, 0);
        assert!(t < L7 && t >= Duration::from_millis(1900), "{t:?}");
        // The increment is mostly spent.
        assert!(computer_time(L7, 60_000, 2000) > t);
        // Near the end: a sliver, never more than a quarter of the usable time.
        let end = computer_time(L7, 1000, 0);
        assert!(end <= Duration::from_millis(150), "{end:?}");
        assert_eq!(computer_time(L7, 100, 0), Duration::from_millis(FLOOR_MS as u64));
    }

    #[test]
    fn played_out_the_clock_never_runs_out() {
        // 100 moves (a long game's share for one side), each think overrunning by 50 ms:
        // the shortest clocks a server accepts keep time left. (Sudden death shorter than
        // the moves' overhead cannot be saved by anyone: 10 s for 100 moves without
        // increment.)
        for (clock, increment) in [(60_000, 0), (10_000, 100), (10_000, 1000), (180_000, 2000)] {
            let mut left: i64 = clock;
            for _ in 0..100 {
                let t = computer_time(L7, left, increment).as_millis() as i64;
                left -= t + 50;
                assert!(left > 0, "ran out on {clock} ms + {increment} ms");
                left += increment;
            }
        }
    }
}
