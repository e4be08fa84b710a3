//! How long a computer seat thinks when the game has a clock. Its clock runs like a person's
//! (from the moment its turn begins, queueing for a search slot included), so it thinks its
//! level's time when the clock allows, less when it does not, and never loses on time:
//!
//! - the think time is worked out when the search *starts*, from the clock as it stands then
//!   (the wait for a slot already charged), as a share of what is left beyond a reserve;
//! - a seat whose wait for a slot has taken its turn's share stops waiting ([`patience`]) and
//!   plays a quick move outside the slots: a search of a few milliseconds on a busy machine
//!   costs less than a game lost on time;
//! - low on time, it spends little of its increment, so that a cushion of time builds up
//!   again against the machine's hiccups.

use std::time::Duration;

/// Kept back for what the clock counts besides thinking: storing the move, the search's own
/// overrun past its budget, a machine busy with other searches.
const RESERVE_MS: i64 = 400;
/// Turns the computer plans for when it shares out the time left (a long game's worth: the
/// share shrinks as the time does, so the clock never quite runs out).
const TURNS_AHEAD: i64 = 30;
/// Increments kept in hand: below this many, a computer spends little of its increment.
const CUSHION: i64 = 10;
/// The shortest think: enough to play a sensible move, little enough to be safe.
const FLOOR_MS: i64 = 20;

/// A whole turn's share of the clock, from the turn's beginning `waited_ms` ago (the wait for
/// a search slot, already off `remaining_ms`): an even share over the next turns, plus most of
/// the increment while a cushion of [`CUSHION`] increments is left, a quarter below it (the
/// rest, less a move's overhead, builds the cushion up again).
fn turn_ms(remaining_ms: i64, increment_ms: i64, waited_ms: i64) -> i64 {
    let usable = (remaining_ms - RESERVE_MS).max(0);
    let spent =
        if usable >= CUSHION * increment_ms { increment_ms * 3 / 4 } else { increment_ms / 4 };
    (usable + waited_ms.max(0)) / TURNS_AHEAD + spent
}

/// The thinking time of a computer whose level thinks `level` a move, with `remaining_ms` on
/// its clock and `increment_ms` added after each turn, `waited_ms` into its turn already (the
/// wait for a search slot: already off `remaining_ms`): the smaller of its level's time and
/// its turn's share ([`turn_ms`]) less what the wait took of it, never more than a quarter of
/// what is left beyond the reserve. Taking the wait out of the share keeps a turn's cost the
/// same with or without a queue, so that queueing computers think less rather than lose their
/// clocks to waiting.
pub fn computer_time(
    level: Duration,
    remaining_ms: i64,
    increment_ms: i64,
    waited_ms: i64,
) -> Duration {
    let usable = (remaining_ms - RESERVE_MS).max(0);
    let turn = turn_ms(remaining_ms, increment_ms, waited_ms);
    let share = (turn - waited_ms.max(0)).min(usable / 4).max(FLOOR_MS);
    let share = if usable == 0 { FLOOR_MS } else { share };
    level.min(Duration::from_millis(share as u64))
}

/// How long a computer seat that thinks `think` ([`computer_time`]) may go on in a critical
/// position (its search's choice unsettled: `tabla_ai::Budget::extend`), as a strong player
/// spends more where the choice is hard: up to twice `think`, but never more than a sixtieth
/// of what is left beyond the reserve (half an even share of the turns ahead). So only a
/// clock with time to spare is spent this way (a level's 4 s becomes up to 8 s from about
/// ten minutes left); a short clock, already thinking its share, keeps to it.
pub fn critical_time(think: Duration, remaining_ms: i64) -> Duration {
    let think_ms = think.as_millis() as i64;
    let usable = (remaining_ms - RESERVE_MS).max(0);
    let most = (2 * think_ms).min(usable / (2 * TURNS_AHEAD)).max(think_ms);
    Duration::from_millis(most as u64)
}

/// What a computer seat thinks when it plays without a search slot (see [`patience`]).
pub const QUICK_MOVE: Duration = Duration::from_millis(FLOOR_MS as u64);

/// How long a computer seat with `remaining_ms` on its running clock, `waited_ms` into its
/// turn, may still wait for a search slot: what is left of its turn's share less a quick
/// move, so that a queue costs no more than the turn may; and never more than half of what
/// is left beyond twice the reserve (the reserve for the quick move it then plays without a
/// slot, and as much again for the wait's own lateness: a busy runtime wakes late).
pub fn patience(remaining_ms: i64, increment_ms: i64, waited_ms: i64) -> Duration {
    let turn = turn_ms(remaining_ms, increment_ms, waited_ms) - waited_ms.max(0) - FLOOR_MS;
    let half = (remaining_ms - 2 * RESERVE_MS).max(0) / 2;
    Duration::from_millis(turn.min(half).max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    const L7: Duration = Duration::from_millis(4000);

    #[test]
    fn a_long_clock_leaves_the_level_alone() {
        assert_eq!(computer_time(L7, 30 * 60 * 1000, 0, 0), L7);
        assert_eq!(
            computer_time(Duration::from_millis(100), 60_000, 0, 0),
            Duration::from_millis(100)
        );
    }

    #[test]
    fn a_short_clock_shares_out_what_is_left() {
        // One minute, no increment: about 2 s a move at first.
        let t = computer_time(L7, 60_000, 0, 0);
        assert!(t < L7 && t >= Duration::from_millis(1900), "{t:?}");
        // The increment is mostly spent.
        assert!(computer_time(L7, 60_000, 2000, 0) > t);
        // A wait for a search slot is part of the turn: less is left to think.
        let after_wait = computer_time(L7, 59_000, 0, 1000);
        assert!(after_wait < t - Duration::from_millis(900), "{after_wait:?}");
        assert_eq!(computer_time(L7, 50_000, 0, 10_000), Duration::from_millis(FLOOR_MS as u64));
        // Near the end: a sliver, never more than a quarter of the usable time.
        let end = computer_time(L7, 1000, 0, 0);
        assert!(end <= Duration::from_millis(150), "{end:?}");
        assert_eq!(computer_time(L7, 100, 0, 0), Duration::from_millis(FLOOR_MS as u64));
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
                let t = computer_time(L7, left, increment, 0).as_millis() as i64;
                left -= t + 50;
                assert!(left > 0, "ran out on {clock} ms + {increment} ms");
                left += increment;
            }
        }
    }

    #[test]
    fn critical_positions_get_more_time_and_the_clock_still_never_runs_out() {
        // A long clock: twice the level's time where the choice is hard.
        let long = 30 * 60 * 1000;
        assert_eq!(critical_time(computer_time(L7, long, 0, 0), long), 2 * L7);
        // Five minutes: a sixtieth of what is left.
        let five = 5 * 60 * 1000;
        let think = computer_time(L7, five, 0, 0);
        assert_eq!(think, L7);
        assert_eq!(critical_time(think, five), Duration::from_millis((five as u64 - 400) / 60));
        // A minute: the think is already the share; nothing more.
        let think = computer_time(L7, 60_000, 0, 0);
        assert_eq!(critical_time(think, 60_000), think);
        assert_eq!(critical_time(QUICK_MOVE, 100), QUICK_MOVE);
        // Every position critical, each think overrunning by 50 ms.
        for (clock, increment) in
            [(60_000, 0), (10_000, 100), (10_000, 1000), (180_000, 2000), (300_000, 0), (long, 0)]
        {
            let mut left: i64 = clock;
            for _ in 0..100 {
                let think = computer_time(L7, left, increment, 0);
                let t = critical_time(think, left).as_millis() as i64;
                assert!(t <= 2 * think.as_millis() as i64);
                left -= t + 50;
                assert!(left > 0, "ran out on {clock} ms + {increment} ms");
                left += increment;
            }
        }
    }

    #[test]
    fn the_wait_for_a_slot_ends_before_the_clock_does() {
        // A long clock: the turn's share (about 2 s of a minute) less a quick move.
        assert_eq!(patience(60_000, 0, 0), Duration::from_millis(59_600 / 30 - FLOOR_MS as u64));
        // What the turn already waited is off its share.
        assert_eq!(patience(59_000, 0, 1000), Duration::from_millis(59_600 / 30 - 1000 - 20));
        assert_eq!(patience(50_000, 0, 5000), Duration::ZERO);
        // Short: half of what is left beyond twice the reserve, or nothing.
        assert_eq!(patience(1800, 3000, 0), Duration::from_millis(500));
        assert_eq!(patience(800, 3000, 0), Duration::ZERO);
        assert_eq!(patience(-5, 0, 0), Duration::ZERO);
        // What is left after waiting all that patience covers a quick move.
        let left = 5000 - patience(5000, 1000, 0).as_millis() as i64;
        assert!(left > QUICK_MOVE.as_millis() as i64 + RESERVE_MS, "{left}");
    }

    /// Plays `turns` turns of one computer seat on a clock of `clock` ms + `increment` ms
    /// whose searches each queue behind those of `queue` other computers (each as long as
    /// this one's: their clocks are like this one's) and overrun by 50 ms; past its patience
    /// it plays a quick move instead. Returns the least time left and the quick moves.
    fn queued(clock: i64, increment: i64, queue: i64, turns: usize) -> (i64, usize) {
        let (mut left, mut least, mut quick) = (clock, clock, 0);
        let mut last = computer_time(L7, left, increment, 0).as_millis() as i64;
        for _ in 0..turns {
            let wait = queue * last;
            let patience = patience(left, increment, 0).as_millis() as i64;
            let think = if wait > patience {
                quick += 1;
                left -= patience;
                QUICK_MOVE.as_millis() as i64
            } else {
                left -= wait;
                computer_time(L7, left, increment, wait).as_millis() as i64
            };
            last = think;
            left -= think + 50;
            least = least.min(left);
            left += increment;
        }
        (least, quick)
    }

    #[test]
    fn low_on_time_it_builds_a_cushion_from_the_increment() {
        // 3 s + 0.1 s, each turn's overhead half the increment: after a long game the clock
        // settles well above the reserve (spending most of the increment, it would sit on it).
        let mut left: i64 = 3000;
        for _ in 0..300 {
            left -= computer_time(L7, left, 100, 0).as_millis() as i64 + 50;
            assert!(left > 0);
            left += 100;
        }
        assert!(left > 2 * RESERVE_MS + 200, "{left}");
    }

    #[test]
    fn queued_behind_other_searches_the_clock_never_runs_out() {
        // With an increment larger than a move's overhead, any number of turns.
        for queue in [0, 1, 3, 7, 15] {
            for (clock, increment) in [(3000, 100), (10_000, 100), (60_000, 1000), (180_000, 2000)]
            {
                let (least, quick) = queued(clock, increment, queue, 200);
                assert!(least > 0, "{clock}+{increment} behind {queue}: ran out");
                assert!(queue > 0 || quick == 0, "nothing queued: always a slot in time");
            }
        }
        // Sudden death: a short game's turns, or many with a slot at once.
        for queue in [0, 1, 3, 7] {
            let (least, _) = queued(60_000, 0, queue, 30);
            assert!(least > 0, "60 s sudden death behind {queue}: ran out");
        }
        // The patience is what saves a long queue: without it, waiting drains the clock.
        let (_, quick) = queued(3000, 100, 15, 200);
        assert!(quick > 0);
    }
}
