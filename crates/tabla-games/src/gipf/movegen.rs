//! Legal turns: rows found afresh after every take, removal phases as the sets of points
//! they empty, and every entry between them.

use super::config::Variant;
use super::position::{
    bit, bits_of, tables, Board, Entering, EntryId, Gipf, GipfMove, Kind, Line, PerPlayer,
    PieceKind, Removal, ALL_LINES, LINES, ROW,
};
use std::cell::RefCell;
use tabla_core::Player;

impl Board {
    /// The row of player `p` on line `l` (at most one fits on 7 points), as its whole run.
    pub(super) fn row_on(&self, line: &Line, p: Player) -> Option<Row> {
        let occ = self.occupied();
        let own = self.own(p);
        let (mut run, mut streak, mut found) = (0u64, 0u32, false);
        for i in 0..=usize::from(line.len) {
            // One step past the line's end closes the last run.
            let c = (i < usize::from(line.len)).then(|| line.cells[i]);
            match c {
                Some(c) if occ & bit(c) != 0 => {
                    run |= bit(c);
                    if own & bit(c) != 0 {
                        streak += 1;
                        found |= streak >= ROW;
                    } else {
                        streak = 0;
                    }
                }
                _ => {
                    if found {
                        return Some(Row {
                            gipf: run & self.gipfs(),
                            singles: run & self.singles(),
                        });
                    }
                    run = 0;
                    streak = 0;
                }
            }
        }
        None
    }
}

/// A row to take, as the pieces of its run (the row and everything touching it along the
/// line): the GIPF pieces the player may keep and the singles that must go.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Row {
    pub(super) gipf: u64,
    pub(super) singles: u64,
}

impl Row {
    /// Every point of the run.
    pub(super) fn run(self) -> u64 {
        self.gipf | self.singles
    }
    /// Whether it must be taken (some single in its run).
    pub(super) fn compulsory(self) -> bool {
        self.singles != 0
    }
}

/// Finds the rows of `p` on the lines in `lines` (those with at least four of `p`'s pieces).
pub(super) fn rows(board: &Board, p: Player, lines: u32, out: &mut [Row; LINES]) -> usize {
    let t = tables();
    let mut n = 0;
    for l in bits_of(row_lines(board, p, lines)) {
        if let Some(r) = board.row_on(&t.lines[l], p) {
            out[n] = r;
            n += 1;
        }
    }
    n
}

/// The lines of `lines` with at least four of `p`'s pieces: the only ones that can hold a row
/// of `p`. Taking pieces never adds any, so a removal phase keeps to this set.
#[inline]
fn row_lines(board: &Board, p: Player, lines: u32) -> u32 {
    let t = tables();
    let own = board.own(p);
    bits_of(lines)
        .filter(|&l| (own & t.lines[l].mask).count_ones() >= ROW)
        .fold(0, |a, l| a | 1 << l)
}

/// Whether some player who has entered a GIPF piece has none left (`must[q]`).
#[inline]
pub(super) fn gipf_loss(board: &Board, must: PerPlayer<bool>) -> bool {
    (must.0[0] && board.gipf.0[0] == 0) || (must.0[1] && board.gipf.0[1] == 0)
}

/// One end of a removal phase: the cells emptied, and whether a take ended the game.
type PhaseEnd = (u64, bool);

/// Every way a removal phase of `p` can end, as removed-cell masks, each once.
///
/// A take removes a row's whole run except the GIPF pieces the player keeps; rows are found
/// afresh after each take; the phase may stop only when no row has a single piece in its run
/// (rows of GIPF pieces only are optional). Taking never makes new rows, so the lines to look
/// at never grow. A take that leaves a player who must keep a GIPF piece without one ends the
/// game at once.
fn removal_phase(
    start: &Board,
    p: Player,
    lines: u32,
    must: PerPlayer<bool>,
    ends: &mut Vec<PhaseEnd>,
    seen: &mut Vec<u64>,
) {
    ends.clear();
    // Most phases have nothing to take: settle those without looking for runs.
    let lines = row_lines(start, p, lines);
    if lines == 0 || !bits_of(lines).any(|l| start.row_on(&tables().lines[l], p).is_some()) {
        ends.push((0, false));
        return;
    }
    seen.clear();
    seen.push(0);
    phase_step(start, p, lines, must, 0, ends, seen);
}

/// One step of [`removal_phase`]: records `removed` if the phase may stop here, then tries
/// every take from the current rows.
fn phase_step(
    board: &Board,
    p: Player,
    lines: u32,
    must: PerPlayer<bool>,
    removed: u64,
    ends: &mut Vec<PhaseEnd>,
    seen: &mut Vec<u64>,
) {
    let mut found = [Row::default(); LINES];
    let n = rows(board, p, lines, &mut found);
    // Decision: the player may also take optional (GIPF-only) rows before compulsory ones,
    // in any order; the rules file lets them choose the order of every take.
    if found[..n].iter().all(|r| !r.compulsory()) {
        ends.push((removed, false));
    }
    for r in &found[..n] {
        let compulsory = r.compulsory();
        // Every subset of the run's GIPF pieces may go (at least one for an optional row);
        // decision: a compulsory row may keep all of them.
        let mut taken_gipf = 0u64;
        loop {
            if compulsory || taken_gipf != 0 {
                let take = r.singles | taken_gipf;
                let now = removed | take;
                if !seen.contains(&now) {
                    seen.push(now);
                    let mut b = *board;
                    b.remove(take);
                    // Decision: a take that ends the game ends the phase and the turn.
                    if gipf_loss(&b, must) {
                        ends.push((now, true));
                    } else {
                        phase_step(&b, p, lines, must, now, ends, seen);
                    }
                }
            }
            taken_gipf = taken_gipf.wrapping_sub(r.gipf) & r.gipf;
            if taken_gipf == 0 {
                break;
            }
        }
    }
}

/// Reusable buffers of the move generator, so that generating a turn allocates nothing
/// after warm-up.
#[derive(Default)]
struct Scratch {
    pre: Vec<PhaseEnd>,
    post: Vec<PhaseEnd>,
    seen: Vec<u64>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Gipf {
    /// Which pieces `p` may enter with `reserve` pieces in hand: (single, GIPF).
    pub(super) fn entry_kinds(&self, p: Player, reserve: u8) -> (bool, bool) {
        match self.variant {
            Variant::Tournament if !self.entered_gipf[p] => (false, reserve >= 2),
            Variant::Tournament if !self.entered_single[p] => (reserve >= 1, reserve >= 2),
            _ => (reserve >= 1, false),
        }
    }

    /// Pieces that go back to `p`'s reserve when the cells of `m` are emptied.
    fn returned(board: &Board, p: Player, m: u64) -> u8 {
        ((board.single[p] & m).count_ones() + 2 * (board.gipf[p] & m).count_ones()) as u8
    }

    /// Every legal turn, handed to `out`.
    pub(super) fn generate(&self, mut out: impl FnMut(GipfMove)) {
        if self.outcome.is_some() {
            return;
        }
        let t = tables();
        let p = self.side;
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            removal_phase(&self.board, p, ALL_LINES, self.entered_gipf, &mut s.pre, &mut s.seen);
            for i in 0..s.pre.len() {
                let (pre, ended) = s.pre[i];
                if ended {
                    out(GipfMove { pre: Removal(pre), entry: None, post: Removal::NONE });
                    continue;
                }
                // Choices after which no entry is possible give no turn (rules: step 2).
                let mut board = self.board;
                board.remove(pre);
                let reserve = self.reserve[p] + Self::returned(&self.board, p, pre);
                let (single, gipf) = self.entry_kinds(p, reserve);
                for (ei, e) in t.entries.iter().enumerate() {
                    let Some(j) = board.first_empty(e) else { continue };
                    for (piece, allowed) in [(PieceKind::Single, single), (PieceKind::Gipf, gipf)] {
                        if !allowed {
                            continue;
                        }
                        let mut b = board;
                        b.push(e, j, Kind::new(p, piece));
                        let must = self.must_keep_after(piece);
                        // Rows can only appear on lines through the cells the push moved.
                        // Decision: GIPF-only rows kept from before are offered again after
                        // the entry; they need 4 GIPF pieces of p, so look everywhere then.
                        let lines =
                            if b.gipf[p].count_ones() >= ROW { ALL_LINES } else { e.touched[j] };
                        removal_phase(&b, p, lines, must, &mut s.post, &mut s.seen);
                        let entry = Some(Entering { entry: EntryId(ei as u8), piece });
                        for &(post, _) in &s.post {
                            out(GipfMove { pre: Removal(pre), entry, post: Removal(post) });
                        }
                    }
                }
            }
        });
    }

    /// The number of legal turns, as [`Gipf::generate`] would hand them out, without making
    /// most of them: an entry can make a row only on a line through a point it pushes, and a
    /// push adds at most one of the mover's pieces to any line, so where every such line has
    /// at most two of them the entry has exactly one turn per piece kind (no removal after it).
    /// Only the other entries are pushed and their removal phases searched (perft's last ply).
    pub(super) fn count_turns(&self) -> u64 {
        if self.outcome.is_some() {
            return 0;
        }
        let t = tables();
        let p = self.side;
        SCRATCH.with(|s| {
            let s = &mut *s.borrow_mut();
            removal_phase(&self.board, p, ALL_LINES, self.entered_gipf, &mut s.pre, &mut s.seen);
            let mut n = 0;
            for i in 0..s.pre.len() {
                let (pre, ended) = s.pre[i];
                if ended {
                    n += 1;
                    continue;
                }
                let mut board = self.board;
                board.remove(pre);
                let reserve = self.reserve[p] + Self::returned(&self.board, p, pre);
                let (single, gipf) = self.entry_kinds(p, reserve);
                let kinds = u64::from(single) + u64::from(gipf);
                if kinds == 0 {
                    continue;
                }
                let own = board.own(p);
                let occ = board.occupied();
                // Lines where one more piece of p could complete a row.
                let mut hot = 0u32;
                for (l, line) in t.lines.iter().enumerate() {
                    hot |= u32::from((own & line.mask).count_ones() + 1 >= ROW) << l;
                }
                // Kept GIPF-only rows are looked for everywhere (see `generate`): no shortcut.
                let gipf_rows = board.gipf[p].count_ones() + u32::from(gipf) >= ROW;
                for e in &t.entries {
                    if occ & e.mask == e.mask {
                        continue;
                    }
                    if !gipf_rows && e.touched[usize::from(e.len) - 1] & hot == 0 {
                        n += kinds;
                        continue;
                    }
                    let j = board.first_empty(e).expect("the line has room");
                    for (piece, allowed) in [(PieceKind::Single, single), (PieceKind::Gipf, gipf)] {
                        if !allowed {
                            continue;
                        }
                        let mut b = board;
                        b.push(e, j, Kind::new(p, piece));
                        let must = self.must_keep_after(piece);
                        let lines =
                            if b.gipf[p].count_ones() >= ROW { ALL_LINES } else { e.touched[j] };
                        removal_phase(&b, p, lines, must, &mut s.post, &mut s.seen);
                        n += s.post.len() as u64;
                    }
                }
            }
            n
        })
    }

    /// Whether the player to move has a turn. Removals only empty points and give pieces
    /// back, so if an entry is possible now it stays possible after any removal choice.
    pub(super) fn has_turn(&self) -> bool {
        let p = self.side;
        let (single, gipf) = self.entry_kinds(p, self.reserve[p]);
        let occ = self.board.occupied();
        if (single || gipf) && tables().lines.iter().any(|l| occ & l.mask != l.mask) {
            return true;
        }
        let mut any = false;
        self.generate(|_| any = true);
        any
    }

    /// Who must keep a GIPF piece once the player to move has entered `piece` (a take that
    /// leaves such a player without one ends the game).
    #[inline]
    pub(super) fn must_keep_after(&self, piece: PieceKind) -> PerPlayer<bool> {
        let mut must = self.entered_gipf;
        must[self.side] |= piece == PieceKind::Gipf;
        must
    }
}
