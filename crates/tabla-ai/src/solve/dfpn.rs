//! Depth-first proof-number search (df-pn: Nagai 2002; the 1+ε threshold of Pawlewicz and
//! Lew 2007), the search the literature's Amazons solver proves its large boards with.
//!
//! Alpha-beta with the "fewest replies first" order spends its time where the order sends
//! it: one hard move is searched to the end before its sibling is looked at. Proof numbers
//! instead follow the cheapest open part of the whole tree: a move whose proof grows large is
//! put aside for a sibling that now looks cheaper, and taken up again later from its table
//! entries. Proof and disproof numbers start from the same mobility measure as the
//! alpha-beta order (a position where the opponent has `n` replies needs `n` refutations).
//!
//! Values are win or loss only: only games searched with a table (Amazons, which has no
//! draws) are searched this way, and the CLI refuses `--dfpn` for the others. Proven
//! positions go into the solver's table of proven bounds, so that proofs files, `--first`,
//! `--each-ms` and `--all` work as with alpha-beta; open ones keep their numbers in a table of
//! their own, which dies with the search (a resumed proof starts again from its proven
//! positions only).

use super::{result_for, Solvable, Solver};
use tabla_core::{Player, ToMove};

/// Infinity: a proven (proof number 0 / disproof number `INF`) or disproven position. Sums
/// saturate one below, so that only a proof makes a number infinite.
pub(super) const INF: u32 = u32::MAX / 2;

/// An open position's numbers, for the player to move: `pn` to prove it won, `dn` to prove
/// it lost, and the positions searched under it so far (for replacement and proofs files).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Entry {
    key: u64,
    pn: u32,
    dn: u32,
    work: u32,
    check: u16,
}

/// A move of the position being expanded, with its numbers for the player who moves there
/// (`win`: to prove that player wins through it; `lose`: to prove it loses for that player).
#[derive(Clone, Copy, Debug)]
pub(super) struct Kid<M> {
    m: M,
    win: u32,
    lose: u32,
}

/// The 1+ε of the threshold: the best move may be searched until its number reaches this
/// many times the second best's. Measured on eight 5×6 positions (`bench/results/solve.md`):
/// ×1.25 (the literature's usual ε) took 2–11 times as long as ×5, thrashing between
/// siblings (each switch re-expands a position and probes every move's entry); ×13 was a
/// little slower than ×5.
const EPS_TIMES: u32 = 5;

fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(INF - 1)
}

impl<G: Solvable> Solver<'_, G> {
    /// The table of open positions, a quarter of the memory (proven ones go to the table of
    /// bounds, which keeps the rest).
    pub(super) fn dfpn_table(table_mb: usize) -> Vec<Entry> {
        let want = (table_mb.max(1) << 20) / 4 / std::mem::size_of::<Entry>();
        vec![Entry::default(); (1usize << (usize::BITS - 1 - want.leading_zeros())).max(2)]
    }

    fn df_probe(&self, key: u64, check: u16) -> Option<&Entry> {
        let i = key as usize & (self.df.len() - 1) & !1;
        self.df[i..i + 2].iter().find(|e| e.key == key && e.check == check)
    }

    fn df_store(&mut self, key: u64, check: u16, pn: u32, dn: u32, work: u64) {
        let i = key as usize & (self.df.len() - 1) & !1;
        let work = work.min(u64::from(u32::MAX)) as u32;
        let e = Entry { key, pn, dn, work, check };
        let j = if let Some(j) =
            (i..i + 2).find(|&j| self.df[j].key == key && self.df[j].check == check)
        {
            j
        } else if self.df[i].work <= self.df[i + 1].work {
            i
        } else {
            i + 1
        };
        self.df[j] = e;
    }

    /// The numbers of the position after `m` for the player who moves in `g` (`me`):
    /// proven ones from the table of bounds, open ones from the table of open positions,
    /// else the mobility guess.
    fn kid(&mut self, g: &G, me: Player, m: G::Move) -> Kid<G::Move> {
        let mut c = g.clone();
        c.play(m);
        let (win, lose) = match c.to_move() {
            ToMove::Player(p) => {
                let (key, check) = (Self::key(&c), c.check());
                // The numbers for the player to move in `c`.
                let (pn, dn) = match self.probe(key, check) {
                    Some((lo, _)) if lo >= 1 => (0, INF),
                    Some((_, hi)) if hi <= -1 => (INF, 0),
                    _ => match self.df_probe(key, check) {
                        Some(e) => (e.pn, e.dn),
                        None => {
                            // Kept (with no work, the first to be replaced) so that the
                            // next expansion of `g` need not count again.
                            let dn = (c.count_legal_moves() as u32).max(1);
                            self.df_store(key, check, 1, dn, 0);
                            (1, dn)
                        }
                    },
                };
                if p == me {
                    (pn, dn)
                } else {
                    (dn, pn)
                }
            }
            _ => {
                if result_for(&c, me) > 0 {
                    (0, INF)
                } else {
                    (INF, 0)
                }
            }
        };
        Kid { m, win, lose }
    }

    /// The value of `m` for `me` (who moves in `g`), proven by df-pn: 1 or −1; `None` when
    /// the time ran out.
    pub(super) fn dfpn_child(&mut self, g: &G, me: Player, m: G::Move) -> Option<i8> {
        let k = self.kid(g, me, m);
        if k.win == 0 {
            return Some(1);
        }
        if k.lose == 0 {
            return Some(-1);
        }
        let mut c = g.clone();
        c.play(m);
        let ToMove::Player(p) = c.to_move() else { return None };
        self.ply += 1;
        let r = self.mid(&c, INF, INF);
        self.ply -= 1;
        let (pn, _) = r?;
        // `pn` is for the player to move in `c`.
        let won_there = pn == 0;
        Some(if won_there == (p == me) { 1 } else { -1 })
    }

    /// The value of `g` for `me` (who moves there) proven by one df-pn search of the whole
    /// position, with a winning move when won; `None` when the time ran out. The moves of
    /// `first` are expanded first when the numbers tie.
    pub(super) fn dfpn_root(&mut self, g: &G, first: &[G::Move]) -> Option<(i8, Option<G::Move>)> {
        self.root_first = first.to_vec();
        self.root_win = None;
        let (pn, _) = self.mid(g, INF, INF)?;
        if pn != 0 {
            return Some((-1, None));
        }
        if self.root_win.is_none() {
            // Won without an expansion (decided by its regions, or held in the table):
            // prove the moves one by one until one wins.
            let ToMove::Player(me) = g.to_move() else { return None };
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            for m in moves {
                if self.dfpn_child(g, me, m)? == 1 {
                    self.root_win = Some(m);
                    break;
                }
            }
        }
        Some((1, self.root_win))
    }

    /// Expands `g` until its proof number reaches `th_pn` or its disproof number `th_dn`
    /// (both for the player to move), and returns them; `None` when the time ran out.
    fn mid(&mut self, g: &G, th_pn: u32, th_dn: u32) -> Option<(u32, u32)> {
        if !self.tick() {
            return None;
        }
        let ToMove::Player(me) = g.to_move() else { return None };
        let (key, check) = (Self::key(g), g.check());
        if let Some((lo, hi)) = self.probe(key, check) {
            if lo >= 1 {
                return Some((0, INF));
            }
            if hi <= -1 {
                return Some((INF, 0));
            }
        }
        let earlier = self.df_probe(key, check).map_or(0, |e| u64::from(e.work));
        // A position expanded before (work done under it) was not decided then either.
        if earlier == 0 {
            if let Some(v) = g.decided(&mut self.aid) {
                self.store(key, check, v, v, 1);
                return Some(if v > 0 { (0, INF) } else { (INF, 0) });
            }
        }
        let before = self.nodes;
        let mut moves = self.lists.pop().unwrap_or_default();
        g.legal_moves(&mut moves);
        if self.ply == 0 && !self.root_first.is_empty() {
            // Ties of the numbers go to the earlier move: the root's hints first.
            let first = &self.root_first;
            moves.sort_by_key(|m| first.iter().position(|f| f == m).unwrap_or(first.len()));
        }
        let mut kids = self.kids.pop().unwrap_or_default();
        kids.clear();
        for &m in &moves {
            let k = self.kid(g, me, m);
            kids.push(k);
            if k.win == 0 {
                break;
            }
        }
        self.lists.push(moves);
        let result = loop {
            // pn: the cheapest move to prove; dn: every move must be refuted.
            let (mut pn, mut dn) = (INF, 0u32);
            let (mut best, mut second) = (0, INF);
            for (i, k) in kids.iter().enumerate() {
                if k.win < pn {
                    second = pn;
                    pn = k.win;
                    best = i;
                } else if k.win < second {
                    second = k.win;
                }
                dn = add(dn, k.lose);
            }
            if pn == 0 {
                dn = INF;
            } else if kids.iter().all(|k| k.lose == 0) {
                dn = 0;
                pn = INF;
            }
            if pn >= th_pn || dn >= th_dn || pn == 0 || dn == 0 {
                break Some((pn, dn));
            }
            // The best move's thresholds for its own mover (the opponent): its disproof
            // number may grow to the second-best move's (times 1+ε), its proof number to
            // what keeps this position's disproof number under its threshold.
            let k = kids[best];
            let th_win = th_pn.min(add(second.saturating_mul(EPS_TIMES), 1));
            let th_lose = add(th_dn - dn, k.lose);
            let mut c = g.clone();
            c.play(k.m);
            let ToMove::Player(p) = c.to_move() else { unreachable!("an open move's position") };
            self.ply += 1;
            let r =
                if p == me { self.mid(&c, th_win, th_lose) } else { self.mid(&c, th_lose, th_win) };
            self.ply -= 1;
            let Some((cpn, cdn)) = r else { break None };
            kids[best] = if p == me {
                Kid { m: k.m, win: cpn, lose: cdn }
            } else {
                Kid { m: k.m, win: cdn, lose: cpn }
            };
        };
        if self.ply == 0 {
            self.root_win = kids.iter().find(|k| k.win == 0).map(|k| k.m);
        }
        self.kids.push(kids);
        let (pn, dn) = result?;
        let work = earlier + (self.nodes - before);
        if pn == 0 || dn == 0 {
            let v = if pn == 0 { 1 } else { -1 };
            self.store(key, check, v, v, work);
        } else {
            self.df_store(key, check, pn, dn, work);
        }
        Some((pn, dn))
    }
}
