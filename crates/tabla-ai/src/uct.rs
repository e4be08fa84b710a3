//! Plain UCT: Monte Carlo tree search with uniform random playouts, for 2–4 players (each
//! node scored for the player who moved into it) and chance nodes (outcomes sampled by their
//! probabilities). Kept as the fixed baseline that `tabla match` measures against.

use crate::Budget;
use std::time::Instant;
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Game, Player, ToMove, MAX_PLAYERS};

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<M> {
    /// The most visited move at the root.
    pub best: M,
    /// Playouts done.
    pub iterations: u64,
    /// Each root move with its visits and its average score for the player to move.
    pub moves: Vec<(M, u32, f64)>,
}

struct Node<M> {
    /// The move that led here (none at the root).
    mv: Option<M>,
    /// The player who chose that move (none for chance outcomes and the root).
    mover: Option<Player>,
    children: Vec<u32>,
    /// Legal moves not yet given a child; filled on the first visit.
    untried: Vec<M>,
    expanded: bool,
    visits: u32,
    /// Sum of the mover's scores over the playouts through this node.
    reward: f64,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Option<Player>) -> Node<M> {
        Node {
            mv,
            mover,
            children: Vec::new(),
            untried: Vec::new(),
            expanded: false,
            visits: 0,
            reward: 0.0,
        }
    }
}

/// Exploration constant of UCT for scores in [0, 1].
const EXPLORATION: f64 = 1.0;

/// Searches `root` within `budget` and returns the best move, or `None` when no player is to
/// move (the game is over, or chance moves next). The same seed and iteration budget give
/// the same move.
pub fn search<G: Game>(root: &G, budget: Budget, seed: u64) -> Option<SearchResult<G::Move>> {
    search_with(root, budget, seed, &mut |state, rng, buf| {
        while state.to_move() != ToMove::Over {
            let m = state.random_move(rng, buf);
            state.play(m);
        }
        let players = state.player_count();
        let outcome = state.outcome().expect("over");
        let mut scores = [0.0; MAX_PLAYERS];
        for (i, s) in scores.iter_mut().enumerate().take(players) {
            *s = outcome.score(Player(i as u8), players);
        }
        scores
    })
}

/// Each player's score in [0, 1] for a leaf: what a playout (or an evaluation) says.
pub type Leaf<'a, G> =
    dyn FnMut(&mut G, &mut SmallRng, &mut Vec<<G as Game>::Move>) -> [f64; MAX_PLAYERS] + 'a;

/// UCT with `leaf` scoring each new leaf (it may play the state on, and leaves it changed).
pub fn search_with<G: Game>(
    root: &G,
    budget: Budget,
    seed: u64,
    leaf: &mut Leaf<'_, G>,
) -> Option<SearchResult<G::Move>> {
    if !matches!(root.to_move(), ToMove::Player(_)) {
        return None;
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut nodes: Vec<Node<G::Move>> = vec![Node::new(None, None)];
    let mut buf = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    let t0 = Instant::now();
    let mut iterations = 0u64;
    // A single legal move needs no thought.
    root.legal_moves(&mut buf);
    if buf.len() == 1 {
        return Some(SearchResult { best: buf[0], iterations: 0, moves: vec![(buf[0], 0, 0.5)] });
    }
    loop {
        if budget.iterations.is_some_and(|n| iterations >= n)
            || (iterations.is_multiple_of(64) && budget.time.is_some_and(|t| t0.elapsed() >= t))
        {
            break;
        }
        iterations += 1;
        let mut state = root.clone();
        let mut node = 0u32;
        path.clear();
        path.push(0);
        // Selection and expansion.
        loop {
            let to_move = state.to_move();
            if to_move == ToMove::Over {
                break;
            }
            let n = node as usize;
            if !nodes[n].expanded {
                nodes[n].expanded = true;
                state.legal_moves(&mut buf);
                if to_move == ToMove::Chance {
                    // Every outcome gets its child at once, in list order.
                    for &m in buf.iter() {
                        let id = nodes.len() as u32;
                        nodes.push(Node::new(Some(m), None));
                        nodes[n].children.push(id);
                    }
                } else {
                    nodes[n].untried = buf.clone();
                }
            }
            if to_move == ToMove::Chance {
                // Sample among the children (one per outcome) without listing moves again.
                let mut x: f64 = rng.random();
                let children = &nodes[n].children;
                node = *children.last().expect("a chance node has outcomes");
                for &c in children {
                    x -= state.chance_probability(nodes[c as usize].mv.expect("outcome"));
                    if x < 0.0 {
                        node = c;
                        break;
                    }
                }
                state.play(nodes[node as usize].mv.expect("outcome"));
                path.push(node);
                continue;
            }
            let ToMove::Player(p) = to_move else { unreachable!() };
            if !nodes[n].untried.is_empty() {
                let k = rng.random_range(0..nodes[n].untried.len());
                let m = nodes[n].untried.swap_remove(k);
                let id = nodes.len() as u32;
                nodes.push(Node::new(Some(m), Some(p)));
                nodes[n].children.push(id);
                state.play(m);
                path.push(id);
                break;
            }
            // UCT over the children.
            let ln = f64::from(nodes[n].visits.max(1)).ln();
            let mut best = (f64::NEG_INFINITY, 0u32);
            for &c in &nodes[n].children {
                let ch = &nodes[c as usize];
                let v = f64::from(ch.visits.max(1));
                let u = ch.reward / v + EXPLORATION * (ln / v).sqrt();
                if u > best.0 {
                    best = (u, c);
                }
            }
            node = best.1;
            state.play(nodes[node as usize].mv.expect("children have moves"));
            path.push(node);
        }
        // Playout (or evaluation) from the new leaf.
        let scores = leaf(&mut state, &mut rng, &mut buf);
        for &id in &path {
            let nd = &mut nodes[id as usize];
            nd.visits += 1;
            if let Some(p) = nd.mover {
                nd.reward += scores[p.index()];
            }
        }
    }
    let root_node = &nodes[0];
    let mut moves: Vec<(G::Move, u32, f64)> = root_node
        .children
        .iter()
        .map(|&c| {
            let ch = &nodes[c as usize];
            (ch.mv.expect("move"), ch.visits, ch.reward / f64::from(ch.visits.max(1)))
        })
        .collect();
    moves.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    let best = match moves.first() {
        Some(m) => m.0,
        None => {
            // No playout finished an expansion (tiny budget): any legal move.
            root.legal_moves(&mut buf);
            buf[rng.random_range(0..buf.len())]
        }
    };
    Some(SearchResult { best, iterations, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::amazons;
    use crate::Budget;

    #[test]
    fn finds_the_only_winning_turn() {
        // White a3 can wall black (c1) in by moving to b2 and shooting b1? Black c1's
        // neighbours: b1, b2, c2. Layout: white a3, stones on c2; white moves a3-b2 and shoots
        // b1 (or moves to b1 and shoots b2): black has no move and loses.
        let g = amazons(&["layout=1../..#/..2"]);
        let r = search(&g, Budget::iterations(3000), 1).unwrap();
        let mut after = g.clone();
        after.play(r.best);
        assert_eq!(after.to_move(), ToMove::Over, "{}", g.format_move(r.best));
    }

    #[test]
    fn no_move_at_the_end_or_at_chance() {
        let g = amazons(&["layout=1#./##./..2"]);
        assert!(search(&g, Budget::level(1), 0).is_none());
    }

    #[test]
    fn same_seed_same_move() {
        let g = amazons(&[]);
        let a = search(&g, Budget::iterations(500), 9).unwrap().best;
        let b = search(&g, Budget::iterations(500), 9).unwrap().best;
        assert_eq!(a, b);
    }
}
