//! `ab-territory`: a fixed Amazons baseline of the kind a good student writes, to measure
//! our margin against at home (the outside measurement that prompted it: a student
//! alpha-beta engine took 5 of 16 games from level 7 on 10×10).
//!
//! Iterative-deepening negamax alpha-beta with history ordering and no transposition
//! table; the evaluation is territory: each empty cell belongs to the side that reaches it
//! in fewer king moves (before move 55) or queen moves (from move 55). Deliberately plain
//! and independent of our own search and evaluation, so that it stays a fixed yardstick.

use std::time::{Duration, Instant};
use tabla_core::{Cell, Game, Player, ToMove};
use tabla_games::amazons::{Amazons, Content, Move};

/// The turn from which territory is counted by queen moves (the engine described to us).
const QUEEN_FROM: usize = 55;
const WIN: i32 = 1_000_000;

struct Search {
    deadline: Instant,
    nodes: u64,
    stopped: bool,
    /// History scores: queen moves by (from, to), shots by (to, stone).
    hist_move: Vec<u32>,
    hist_shot: Vec<u32>,
    cells: usize,
    dist: [Vec<u8>; 2],
    queue: Vec<Cell>,
    queen_metric: bool,
}

/// The baseline's move in a two-player Amazons position within `time`; `None` when no
/// player is to move or the game has more than two players (it knows only two sides).
pub fn ab_territory(g: &Amazons, time: Duration) -> Option<Move> {
    let ToMove::Player(_) = g.to_move() else { return None };
    if g.player_count() != 2 {
        return None;
    }
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    if moves.len() <= 1 {
        return moves.first().copied();
    }
    let cells = g.config().geo.len();
    let stones = g.config().geo.cells().filter(|&c| g.content(c) == Content::STONE).count();
    let mut s = Search {
        deadline: Instant::now() + time,
        nodes: 0,
        stopped: false,
        hist_move: vec![0; cells * cells],
        hist_shot: vec![0; cells * cells],
        cells,
        dist: [vec![0; cells], vec![0; cells]],
        queue: Vec::with_capacity(cells),
        queen_metric: stones >= QUEEN_FROM,
    };
    let mut best = moves[0];
    for depth in 1..=64 {
        // The previous iteration's best first, then by history.
        s.order(&mut moves);
        if let Some(i) = moves.iter().position(|&m| m == best) {
            moves[..=i].rotate_right(1);
        }
        let mut alpha = -WIN - 1;
        let mut iteration_best = None;
        for &m in &moves {
            let mut c = g.clone();
            c.play(m);
            let v = -s.negamax(&c, depth - 1, -WIN - 1, -alpha, 1);
            if s.stopped {
                break;
            }
            if v > alpha {
                alpha = v;
                iteration_best = Some(m);
            }
        }
        if s.stopped {
            // A finished iteration's choice stands; a cut one adds what it proved better.
            if let Some(m) = iteration_best {
                best = m;
            }
            break;
        }
        if let Some(m) = iteration_best {
            best = m;
        }
        if alpha.abs() >= WIN - 100 || Instant::now() >= s.deadline {
            break;
        }
    }
    Some(best)
}

impl Search {
    fn key(&self, m: Move) -> (usize, usize) {
        match m {
            Move::Shot { from, to, stone } => {
                (from.index() * self.cells + to.index(), to.index() * self.cells + stone.index())
            }
            Move::Place(c) => (c.index(), c.index()),
        }
    }

    fn order(&self, moves: &mut [Move]) {
        moves.sort_by_cached_key(|&m| {
            let (a, b) = self.key(m);
            std::cmp::Reverse(self.hist_move[a] + self.hist_shot[b])
        });
    }

    fn negamax(&mut self, g: &Amazons, depth: u32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes % 1024 == 0 && Instant::now() >= self.deadline {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let me = match g.to_move() {
            ToMove::Player(p) => p,
            _ => return -WIN + ply,
        };
        if depth == 0 {
            return self.evaluate(g, me);
        }
        let mut moves = Vec::new();
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            return -WIN + ply;
        }
        self.order(&mut moves);
        let mut best = -WIN - 1;
        for m in moves {
            let mut c = g.clone();
            c.play(m);
            let v = if c.to_move() == ToMove::Over {
                match c.outcome() {
                    Some(o) if o.score(me, 2) > 0.5 => WIN - ply,
                    _ => -WIN + ply,
                }
            } else {
                -self.negamax(&c, depth - 1, -beta, -alpha, ply + 1)
            };
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                let (a, b) = self.key(m);
                let bonus = depth * depth;
                self.hist_move[a] = self.hist_move[a].saturating_add(bonus);
                self.hist_shot[b] = self.hist_shot[b].saturating_add(bonus);
                break;
            }
        }
        best
    }

    /// Cells nearer to `me` minus cells nearer to the opponent.
    fn evaluate(&mut self, g: &Amazons, me: Player) -> i32 {
        let them = Player(1 - me.0);
        self.distances(g, me, 0);
        self.distances(g, them, 1);
        let mut score = 0;
        for c in g.config().geo.cells() {
            if g.content(c) != Content::EMPTY {
                continue;
            }
            let (a, b) = (self.dist[0][c.index()], self.dist[1][c.index()]);
            score += i32::from(a < b) - i32::from(b < a);
        }
        score
    }

    /// Breadth-first distances from `p`'s queens over empty cells, by king steps or by
    /// queen moves, into `dist[side]` (`u8::MAX`: unreachable).
    fn distances(&mut self, g: &Amazons, p: Player, side: usize) {
        let geo = &g.config().geo;
        let dist = &mut self.dist[side];
        dist.fill(u8::MAX);
        self.queue.clear();
        for &q in g.queens_of(p) {
            dist[q.index()] = 0;
            self.queue.push(q);
        }
        let mut head = 0;
        while head < self.queue.len() {
            let c = self.queue[head];
            head += 1;
            let d = dist[c.index()].saturating_add(1);
            for dir in 0..geo.dir_count() {
                if self.queen_metric {
                    for &n in geo.ray(c, dir) {
                        if g.content(n) != Content::EMPTY {
                            break;
                        }
                        if dist[n.index()] > d {
                            dist[n.index()] = d;
                            self.queue.push(n);
                        }
                    }
                } else if let Some(n) = geo.neighbour(c, dir) {
                    if g.content(n) == Content::EMPTY && dist[n.index()] > d {
                        dist[n.index()] = d;
                        self.queue.push(n);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amazons(options: &[&str]) -> Amazons {
        match tabla_games::new_game(
            "amazons",
            &options.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
        )
        .unwrap()
        {
            tabla_games::AnyGame::Amazons(g) => g,
            _ => unreachable!(),
        }
    }

    #[test]
    fn it_plays_a_legal_move_and_takes_a_win_in_one() {
        let g = amazons(&["size=6"]);
        let m = ab_territory(&g, Duration::from_millis(50)).unwrap();
        let mut legal = Vec::new();
        g.legal_moves(&mut legal);
        assert!(legal.contains(&m));
        // Black's queen on a3 has one way out, along its rank through b3; White's only
        // winning turn is a1-d1/b3 (the stone over c2), after which Black cannot move.
        let g = amazons(&["layout=2.../##../1..."]);
        let m = ab_territory(&g, Duration::from_millis(200)).unwrap();
        let mut after = g.clone();
        after.play(m);
        assert_eq!(g.format_move(m), "a1-d1/b3");
        assert_eq!(after.to_move(), ToMove::Over);
        assert_eq!(after.outcome().unwrap().score(Player(0), 2), 1.0);
    }

    #[test]
    fn more_players_are_refused() {
        assert!(ab_territory(&amazons(&["board=hex", "players=3"]), Duration::from_millis(10))
            .is_none());
    }
}
