//! Legal moves ("A turn" in the rules file): listed, counted, or handed to a closure one by
//! one without allocating, all from one walk along the mover's track.

use super::position::{track_squares, BulgarianUr, Stage, UrMove, BLACK, TRACK, YELLOW};

impl BulgarianUr {
    /// Calls `f` with every move of the side to move with roll `r` (not `Pass`), allocating
    /// nothing.
    #[inline]
    pub(crate) fn for_each_step(&self, r: u8, mut f: impl FnMut(UrMove)) {
        let p = self.side;
        // Decision: entering is always possible while the reserve is not empty: square r is
        // empty, own-topped, or (5, 6) enemy-topped and captured.
        if self.reserve[p] > 0 {
            f(UrMove::Enter { to: r });
        }
        // Every rule is applied along the mover's own track, whichever way it runs through
        // the centre (`centre=opposite`).
        let squares = track_squares(self.rules.centre, p);
        for n in 1..=TRACK {
            let t = self.towers[squares[n as usize] as usize];
            if !t.topped_by(p) {
                continue;
            }
            if n + r <= TRACK {
                f(UrMove::Step { from: n, to: n + r });
            }
            if t.top_red() {
                if n > r {
                    f(UrMove::Step { from: n, to: n - r });
                }
                // Decision: any red top disc on base 1 has stood there since before this roll
                // (nothing lands there during a roll), so it may re-enter. 14-r never names a
                // backward move (that would need r = 7).
                if n == TRACK {
                    f(UrMove::Step { from: TRACK, to: r });
                }
            }
        }
    }

    /// Replaces `moves` with every legal move.
    pub(crate) fn list_moves(&self, moves: &mut Vec<UrMove>) {
        moves.clear();
        match self.stage {
            Stage::RollOff => moves.extend([UrMove::First(BLACK), UrMove::First(YELLOW)]),
            Stage::Roll => moves.extend((1..=6).map(UrMove::Roll)),
            Stage::Move(r) => {
                self.for_each_step(r, |m| moves.push(m));
                if moves.is_empty() {
                    moves.push(UrMove::Pass);
                }
            }
            Stage::Won(_) | Stage::Draw => {}
        }
    }

    /// The number of legal moves, without listing them.
    pub(crate) fn count_moves(&self) -> u64 {
        match self.stage {
            Stage::RollOff => 2,
            Stage::Roll => 6,
            Stage::Move(r) => {
                let mut n = 0;
                self.for_each_step(r, |_| n += 1);
                n.max(1)
            }
            Stage::Won(_) | Stage::Draw => 0,
        }
    }
}
