//! Monte Carlo tree search with knowledge, for any number of players and chance nodes:
//!
//! - playouts cut after a few random moves and scored by the game's evaluation (each player
//!   scored on their own, max^n style), as the strong Amazons programs do;
//! - progressive bias: where a node has few enough moves, each child's static value guides
//!   the order of expansion and the selection, fading as visits accumulate;
//! - progressive widening, where a node has thousands of moves: children added best prior
//!   first as visits accumulate, leaves expanded only after some playouts;
//! - tree reuse: the part of the last search's tree below the new position (after the
//!   opponent's reply, and any dice) is kept;
//! - several trees searched in parallel from the root (one per core), statistics summed.

use crate::eval::Evaluator;
use crate::uct::SearchResult;
use crate::Budget;
use std::any::Any;
use std::cell::RefCell;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use tabla_core::rand::rngs::SmallRng;
use tabla_core::rand::{Rng, SeedableRng};
use tabla_core::{Game, Player, ToMove, MAX_PLAYERS};

/// How [`search`] plays.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Random moves played from a new leaf before it is evaluated.
    pub cut: u32,
    /// Parallel trees.
    pub threads: usize,
    /// Weight of the progressive bias (0: none).
    pub bias: f64,
    /// Nodes with at most this many moves get priors from the evaluation.
    pub bias_moves: usize,
    /// Keep the tree between moves.
    pub reuse: bool,
    /// Exploration constant.
    pub exploration: f64,
    /// Progressive widening (0: off, every move is tried before any is chosen twice): a node
    /// visited `n` times has at most `1 + widen * n^widen_power` children, added best prior
    /// first; its moves all get priors, however many. Where a node has thousands of moves
    /// (Amazons 10×10), trying each once first makes the tree a breadth-first search.
    pub widen: f64,
    /// The power of the visits in [`Config::widen`].
    pub widen_power: f64,
    /// Visits a leaf takes (its playouts starting from it) before it gets children and
    /// priors: where the priors cost hundreds of playouts, a node earns them first.
    pub expand_at: u32,
    /// Stop before the time is up when the most visited move at the root can no longer be
    /// overtaken in the playouts the rest of the time would give (the choice is the most
    /// visited move, so a tree answers as the whole time would have it answer, sooner; with
    /// several trees each stops on its own, and their sum decides as before).
    pub settle: bool,
    /// Stop after a quarter of the time when the most visited move's mean result is at
    /// least this (0: never): the game is won, and a player who has won does not make
    /// the opponent wait four seconds a move for it.
    pub decided: f64,
    /// Play one more random move where needed so that every evaluated position has the
    /// root's player to move: a territory count flatters the side that has just moved (it
    /// has had its turn, the other not yet), and leaves at mixed depths would mix that
    /// tempo into the values.
    pub parity: bool,
    /// The leaf evaluation's temperature, a multiple of the evaluator's scale (1: as it is).
    pub leaf_scale: f64,
    /// Score a cut playout as a win or a loss by the sign of its evaluation (as the first
    /// Monte Carlo Amazons programs did) instead of as an expected score.
    pub binary: bool,
    /// Weight of the implicit minimax value in selection (0: none; Lanctot, Winands, Pepels
    /// and Sturtevant 2014): each node also keeps the minimax of the static values of its
    /// subtree (the children's priors, backed up), and a child is chosen by
    /// `(1 − w)·mean + w·minimax`. Averages of playouts are slow to notice the one reply
    /// that refutes a move; the minimax of the evaluations sees it as soon as the reply is
    /// given its prior. Two-player games without chance only.
    pub implicit: f64,
    /// Value leaves and priors by [`Evaluator::evaluate_either`] (the worth of the move
    /// counted), not [`Evaluator::evaluate`].
    pub either: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            cut: 4,
            threads: crate::engine::threads(),
            bias: 1.0,
            bias_moves: 200,
            reuse: true,
            exploration: 0.7,
            widen: 0.0,
            widen_power: 0.5,
            expand_at: 0,
            settle: true,
            decided: DECIDED,
            parity: false,
            leaf_scale: 1.0,
            binary: false,
            implicit: 0.0,
            either: false,
        }
    }
}

/// See [`Config::decided`]: a mean result of 0.98 or more after a quarter of the time.
pub const DECIDED: f64 = 0.98;

/// Whether a timed search may stop now ([`Config::settle`], [`Config::decided`]): `done`
/// playouts in `elapsed` of `limit`.
fn settled<M>(
    nodes: &[Node<M>],
    cfg: &Config,
    done: u64,
    elapsed: Duration,
    limit: Duration,
) -> bool {
    // The first eighth of the time measures the rate (expansions make the first playouts
    // slow, which would promise too few playouts to come).
    if elapsed < limit / 8 || done == 0 {
        return false;
    }
    let (mut first, mut second) = (None::<&Node<M>>, 0u32);
    for &c in &nodes[0].children {
        let ch = &nodes[c as usize];
        match first {
            Some(f) if ch.visits <= f.visits => second = second.max(ch.visits),
            _ => {
                second = first.map_or(0, |f| f.visits).max(second);
                first = Some(ch);
            }
        }
    }
    let Some(first) = first else { return false };
    if cfg.decided > 0.0
        && elapsed >= limit / 4
        && first.reward >= cfg.decided * f64::from(first.visits.max(1))
    {
        return true;
    }
    // Half as many again as the rate promises, for safety.
    let left = limit.saturating_sub(elapsed).as_secs_f64() / elapsed.as_secs_f64();
    let to_come = done as f64 * left * 1.5;
    cfg.settle && f64::from(first.visits - second) > to_come
}

/// Whether the root's choice is still open: its two most visited moves are within a half of
/// each other's visits. A search with [`Budget::extend`] goes on past its time then.
fn critical<M>(nodes: &[Node<M>]) -> bool {
    let (mut first, mut second) = (0u32, 0u32);
    for &c in &nodes[0].children {
        let v = nodes[c as usize].visits;
        if v > first {
            (first, second) = (v, first);
        } else if v > second {
            second = v;
        }
    }
    second > 0 && u64::from(second) * 3 >= u64::from(first) * 2
}

struct Node<M> {
    mv: Option<M>,
    /// The player who chose `mv` (none for chance outcomes and the root).
    mover: Option<Player>,
    children: Vec<u32>,
    /// Moves without a child yet, best prior last.
    untried: Vec<(f32, M)>,
    expanded: bool,
    visits: u32,
    reward: f64,
    /// The mover's static expected score after `mv` (0.5 when not computed).
    prior: f32,
    /// The mover's minimax of the static values below (see [`Config::implicit`]): the
    /// prior until the node is expanded.
    minimax: f32,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Option<Player>, prior: f32) -> Node<M> {
        Node {
            mv,
            mover,
            children: Vec::new(),
            untried: Vec::new(),
            expanded: false,
            visits: 0,
            reward: 0.0,
            prior,
            minimax: prior,
        }
    }
}

/// One tree with the position at its root.
struct Tree<G: Game> {
    root: G,
    nodes: Vec<Node<G::Move>>,
}

impl<G: Game> Tree<G> {
    fn fresh(root: &G) -> Tree<G> {
        Tree { root: root.clone(), nodes: vec![Node::new(None, None, 0.5)] }
    }

    /// The subtree whose position is `target`, within three plies of the root, re-rooted.
    fn reuse(mut self, target: &G) -> Option<Tree<G>> {
        let mut frontier = vec![(0u32, self.root.clone())];
        for _ in 0..3 {
            let mut next = Vec::new();
            for (id, state) in frontier {
                if state == *target {
                    return Some(self.reroot(id, target));
                }
                for &c in &self.nodes[id as usize].children {
                    let mut s = state.clone();
                    s.play(self.nodes[c as usize].mv.expect("children have moves"));
                    next.push((c, s));
                }
            }
            frontier = next;
        }
        frontier.into_iter().find(|(_, s)| s == target).map(|(id, _)| self.reroot(id, target))
    }

    fn reroot(&mut self, id: u32, target: &G) -> Tree<G> {
        let mut nodes: Vec<Node<G::Move>> = Vec::new();
        let mut stack = vec![(id, u32::MAX)];
        let old = std::mem::take(&mut self.nodes);
        let mut old: Vec<Option<Node<G::Move>>> = old.into_iter().map(Some).collect();
        while let Some((o, parent)) = stack.pop() {
            let Some(mut n) = old[o as usize].take() else { continue };
            let children = std::mem::take(&mut n.children);
            let new_id = nodes.len() as u32;
            if parent == u32::MAX {
                n.mv = None;
                n.mover = None;
            } else {
                nodes[parent as usize].children.push(new_id);
            }
            nodes.push(n);
            for &c in children.iter().rev() {
                stack.push((c, new_id));
            }
        }
        Tree { root: target.clone(), nodes }
    }
}

/// Each player's expected score at a leaf: the result if it is over, else the evaluation.
#[cfg(test)]
fn scores<G: Game, E: Evaluator<G>>(state: &G, eval: &E) -> [f64; MAX_PLAYERS] {
    leaf_scores(state, eval, &Config::default())
}

/// [`scores`] as `cfg` has leaves valued ([`Config::leaf_scale`], [`Config::binary`],
/// [`Config::either`]).
fn leaf_scores<G: Game, E: Evaluator<G>>(state: &G, eval: &E, cfg: &Config) -> [f64; MAX_PLAYERS] {
    let (leaf_scale, binary) = (cfg.leaf_scale, cfg.binary);
    let players = state.player_count();
    let mut out = [0.0; MAX_PLAYERS];
    if let Some(o) = state.outcome() {
        for (i, s) in out.iter_mut().enumerate().take(players) {
            *s = o.score(Player(i as u8), players);
        }
        return out;
    }
    // Two players: values are antisymmetric (the evaluator's contract) and the expected
    // score symmetric, so one evaluation serves both, as it is most of a leaf's cost.
    let evaluated = if players == 2 { 1 } else { players };
    for (i, s) in out.iter_mut().enumerate().take(evaluated) {
        let v = if cfg.either {
            eval.evaluate_either(state, Player(i as u8))
        } else {
            eval.evaluate(state, Player(i as u8))
        };
        *s = if binary {
            match v.cmp(&0) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Less => 0.0,
                std::cmp::Ordering::Equal => 0.5,
            }
        } else if leaf_scale == 1.0 {
            eval.expected(v)
        } else {
            eval.expected((f64::from(v) / leaf_scale).round() as i32)
        };
    }
    if players == 2 {
        out[1] = 1.0 - out[0];
    }
    out
}

/// One player's expected score at a leaf, as [`scores`] gives it: a prior needs only the
/// mover's, and evaluating every player would double the cost of an expansion.
fn score_of<G: Game, E: Evaluator<G>>(state: &G, eval: &E, p: Player, either: bool) -> f64 {
    match state.outcome() {
        Some(o) => o.score(p, state.player_count()),
        None if either => eval.expected(eval.evaluate_either(state, p)),
        None => eval.expected(eval.evaluate(state, p)),
    }
}

fn grow<G: Game, E: Evaluator<G>>(
    mut tree: Tree<G>,
    eval: &E,
    cfg: &Config,
    budget: Budget,
    seed: u64,
    t0: Instant,
) -> Tree<G> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut path: Vec<u32> = Vec::new();
    let mut iterations = 0u64;
    let nodes = &mut tree.nodes;
    loop {
        if budget.iterations.is_some_and(|n| iterations >= n)
            // (each iteration when widening: an expansion costs as much as hundreds of
            // playouts)
            || ((cfg.widen > 0.0 || iterations.is_multiple_of(16))
                && budget.time.is_some_and(|t| t0.elapsed() >= t)
                && !budget.extend.is_some_and(|e| t0.elapsed() < e && critical(nodes)))
        {
            break;
        }
        if let Some(limit) = budget.time.filter(|_| iterations.is_multiple_of(64)) {
            if settled(nodes, cfg, iterations, t0.elapsed(), limit) {
                break;
            }
        }
        iterations += 1;
        let mut state = tree.root.clone();
        let mut node = 0u32;
        path.clear();
        path.push(0);
        loop {
            let to_move = state.to_move();
            if to_move == ToMove::Over {
                break;
            }
            let n = node as usize;
            if !nodes[n].expanded && n != 0 && nodes[n].visits < cfg.expand_at {
                break;
            }
            if !nodes[n].expanded {
                nodes[n].expanded = true;
                state.legal_moves(&mut buf);
                match to_move {
                    ToMove::Chance => {
                        for &m in buf.iter() {
                            let id = nodes.len() as u32;
                            nodes.push(Node::new(Some(m), None, 0.5));
                            nodes[n].children.push(id);
                        }
                    }
                    ToMove::Player(p) => {
                        let biased =
                            cfg.widen > 0.0 || (cfg.bias > 0.0 && buf.len() <= cfg.bias_moves);
                        let mut untried: Vec<(f32, G::Move)> = buf
                            .iter()
                            .map(|&m| {
                                if !biased {
                                    return (rng.random::<f32>() * 0.001 + 0.5, m);
                                }
                                let mut child = state.clone();
                                child.play(m);
                                (score_of(&child, eval, p, cfg.either) as f32, m)
                            })
                            .collect();
                        untried.sort_by(|a, b| a.0.total_cmp(&b.0));
                        nodes[n].untried = untried;
                    }
                    ToMove::Over => unreachable!(),
                }
            }
            if to_move == ToMove::Chance {
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
            let room = cfg.widen <= 0.0
                || (nodes[n].children.len() as f64)
                    < 1.0 + cfg.widen * f64::from(nodes[n].visits).powf(cfg.widen_power);
            if let Some((prior, m)) = room.then(|| nodes[n].untried.pop()).flatten() {
                let id = nodes.len() as u32;
                nodes.push(Node::new(Some(m), Some(p), prior));
                nodes[n].children.push(id);
                state.play(m);
                path.push(id);
                break;
            }
            let ln = f64::from(nodes[n].visits.max(1)).ln();
            let mut best = (f64::NEG_INFINITY, 0u32);
            let w = cfg.implicit;
            for &c in &nodes[n].children {
                let ch = &nodes[c as usize];
                let v = f64::from(ch.visits.max(1));
                let mean = ch.reward / v;
                let u = mean
                    + w * (f64::from(ch.minimax) - mean)
                    + cfg.exploration * (ln / v).sqrt()
                    + cfg.bias * f64::from(ch.prior) / (v + 1.0);
                if u > best.0 {
                    best = (u, c);
                }
            }
            node = best.1;
            state.play(nodes[node as usize].mv.expect("children have moves"));
            path.push(node);
        }
        let mut n = 0;
        while state.to_move() != ToMove::Over && n < cfg.cut {
            let m = state.random_move(&mut rng, &mut buf);
            state.play(m);
            n += 1;
        }
        if cfg.parity {
            let root_mover = tree.root.to_move();
            if state.to_move() != root_mover && matches!(state.to_move(), ToMove::Player(_)) {
                let m = state.random_move(&mut rng, &mut buf);
                state.play(m);
            }
        }
        let s = leaf_scores(&state, eval, cfg);
        for &id in &path {
            let nd = &mut nodes[id as usize];
            nd.visits += 1;
            if let Some(p) = nd.mover {
                nd.reward += s[p.index()];
            }
        }
        if cfg.implicit > 0.0 {
            for &id in path.iter().skip(1).rev() {
                back_up(nodes, id);
            }
        }
    }
    tree
}

/// A node's minimax value for its mover from its children's (two players, no chance):
/// the opponent's best reply, among those with a child and the best untried one. A node
/// not expanded keeps its prior.
fn back_up<M>(nodes: &mut [Node<M>], id: u32) {
    let n = &nodes[id as usize];
    if !n.expanded {
        return;
    }
    let Some(me) = n.mover else { return };
    let mut best: Option<f32> = n.untried.last().map(|u| u.0);
    for &c in &n.children {
        let ch = &nodes[c as usize];
        let v = if ch.mover == Some(me) { 1.0 - ch.minimax } else { ch.minimax };
        best = Some(best.map_or(v, |b| b.max(v)));
    }
    if let Some(b) = best {
        nodes[id as usize].minimax = 1.0 - b;
    }
}

thread_local! {
    /// The trees of this thread's last search for each player, for reuse at that player's
    /// next move (so that two bots playing each other on one thread keep their own trees).
    static LAST: RefCell<[Option<Box<dyn Any>>; MAX_PLAYERS]> =
        const { RefCell::new([const { None }; MAX_PLAYERS]) };
}

/// Searches `root` within `budget` (split over `cfg.threads` trees with seeds derived from
/// `seed`) and returns the most visited move over all trees; `None` when no player is to
/// move.
pub fn search<G: Game, E: Evaluator<G>>(
    root: &G,
    eval: &E,
    cfg: Config,
    budget: Budget,
    seed: u64,
) -> Option<SearchResult<G::Move>> {
    let ToMove::Player(me) = root.to_move() else { return None };
    let mut buf = Vec::new();
    root.legal_moves(&mut buf);
    if buf.len() == 1 {
        return Some(SearchResult { best: buf[0], iterations: 0, moves: vec![(buf[0], 0, 0.5)] });
    }
    let t0 = Instant::now();
    let threads = cfg.threads.max(1);
    let old: Vec<Tree<G>> = if cfg.reuse {
        LAST.with(|l| l.borrow_mut()[me.index()].take())
            .and_then(|b| b.downcast::<Vec<Tree<G>>>().ok())
            .map(|v| *v)
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let mut old = old.into_iter();
    let start: Vec<Tree<G>> = (0..threads)
        .map(|_| old.next().and_then(|t| t.reuse(root)).unwrap_or_else(|| Tree::fresh(root)))
        .collect();
    let per_thread =
        Budget { iterations: budget.iterations.map(|n| n / threads as u64 + 1), ..budget };
    let before: u64 = start.iter().map(|t| u64::from(t.nodes[0].visits)).sum();
    // The clock aims a little before the budget; helper trees that the machine keeps
    // waiting past it are left behind rather than waited for.
    let aim = |t: Duration| t.saturating_sub((t / 20).min(Duration::from_millis(20)));
    let per_thread =
        Budget { time: budget.time.map(aim), extend: budget.extend.map(aim), ..per_thread };
    let (tx, rx) = mpsc::channel();
    let mut start = start.into_iter();
    let mine = start.next().expect("at least one tree");
    for (t, tree) in start.enumerate() {
        let (tx, eval) = (tx.clone(), eval.clone());
        std::thread::spawn(move || {
            let tree = grow(tree, &eval, &cfg, per_thread, seed.wrapping_add(t as u64 + 1), t0);
            tx.send(tree).ok();
        });
    }
    drop(tx);
    let mut trees = vec![grow(mine, eval, &cfg, per_thread, seed, t0)];
    let grace = budget.time.map(|t| t0 + budget.extend.map_or(t, |e| e.max(t)));
    while trees.len() < threads {
        let got = match grace {
            Some(g) => rx.recv_timeout(g.saturating_duration_since(Instant::now())).ok(),
            None => rx.recv().ok(),
        };
        match got {
            Some(t) => trees.push(t),
            None => break,
        }
    }
    let mut moves: Vec<(G::Move, u32, f64)> = Vec::new();
    for t in &trees {
        for &c in &t.nodes[0].children {
            let ch = &t.nodes[c as usize];
            let m = ch.mv.expect("move");
            match moves.iter_mut().find(|e| e.0 == m) {
                Some(e) => {
                    let v = e.1 + ch.visits;
                    e.2 = (e.2 * f64::from(e.1) + ch.reward) / f64::from(v.max(1));
                    e.1 = v;
                }
                None => moves.push((m, ch.visits, ch.reward / f64::from(ch.visits.max(1)))),
            }
        }
    }
    let iterations =
        trees.iter().map(|t| u64::from(t.nodes[0].visits)).sum::<u64>().saturating_sub(before);
    if cfg.reuse {
        LAST.with(|l| l.borrow_mut()[me.index()] = Some(Box::new(trees)));
    }
    moves.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
    let best = moves.first().map_or(buf[0], |m| m.0);
    Some(SearchResult { best, iterations, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::amazons::AmazonsEval;
    use crate::testing::amazons;
    use tabla_games::amazons::Amazons;

    #[test]
    fn finds_the_only_winning_turn_and_reuses_its_tree() {
        let g = amazons(&["layout=1../..#/..2"]);
        let cfg = Config { threads: 1, ..Config::default() };
        let r = search(&g, &AmazonsEval::default(), cfg, Budget::iterations(2000), 1).unwrap();
        let mut after = g.clone();
        after.play(r.best);
        assert_eq!(after.to_move(), ToMove::Over);
        // A bigger board: two plies down the tree, the new search starts from the subtree.
        let mut g = amazons(&[]);
        let e = AmazonsEval::default();
        search(&g, &e, cfg, Budget::iterations(3000), 2).unwrap();
        let tree = LAST.with(|l| l.borrow_mut()[0].take().unwrap());
        let tree = *tree.downcast::<Vec<Tree<Amazons>>>().unwrap();
        let tree = tree.into_iter().next().unwrap();
        let most = |id: u32| {
            *tree.nodes[id as usize]
                .children
                .iter()
                .max_by_key(|&&c| tree.nodes[c as usize].visits)
                .unwrap()
        };
        let (c, gc) = (most(0), most(most(0)));
        g.play(tree.nodes[c as usize].mv.unwrap());
        g.play(tree.nodes[gc as usize].mv.unwrap());
        let want = tree.nodes[gc as usize].visits;
        let kept = tree.reuse(&g).map(|t| t.nodes[0].visits);
        assert_eq!(kept, Some(want));
    }

    #[test]
    fn widening_adds_the_best_priors_first_and_leaves_earn_their_children() {
        let g = amazons(&["size=10"]);
        let e = AmazonsEval::default();
        let cfg = Config {
            threads: 1,
            reuse: false,
            widen: 1.0,
            widen_power: 0.5,
            expand_at: 8,
            ..Config::default()
        };
        let tree = grow(Tree::fresh(&g), &e, &cfg, Budget::iterations(400), 3, Instant::now());
        let root = &tree.nodes[0];
        assert_eq!(root.visits, 400);
        // 2,176 moves, yet no more children than the widening allows after 400 visits.
        assert!(root.children.len() <= 21, "{} children", root.children.len());
        assert!(root.children.len() >= 15, "{} children", root.children.len());
        // The children are the best by prior, in order: none left untried has a better one.
        let priors: Vec<f32> =
            root.children.iter().map(|&c| tree.nodes[c as usize].prior).collect();
        assert!(priors.windows(2).all(|w| w[0] >= w[1]), "{priors:?}");
        let best_untried = root.untried.last().unwrap().0;
        assert!(priors.iter().all(|&p| p >= best_untried));
        let mut buf = Vec::new();
        g.legal_moves(&mut buf);
        let top = buf
            .iter()
            .map(|&m| {
                let mut c = g.clone();
                c.play(m);
                scores(&c, &e)[0] as f32
            })
            .fold(f32::MIN, f32::max);
        assert_eq!(priors[0], top);
        // A leaf has children only once it has had `expand_at` visits.
        for n in &tree.nodes[1..] {
            if !n.children.is_empty() || !n.untried.is_empty() {
                assert!(n.visits >= cfg.expand_at, "expanded after {} visits", n.visits);
            } else {
                assert!(n.visits <= cfg.expand_at, "{} visits, no children", n.visits);
            }
        }
        assert!(tree.nodes[1..].iter().any(|n| !n.children.is_empty()));
    }

    /// A root with children of these visits and mean results.
    fn root_with(children: &[(u32, f64)]) -> Vec<Node<u8>> {
        let mut nodes = vec![Node::new(None, None, 0.5)];
        for (i, &(visits, mean)) in children.iter().enumerate() {
            let mut n = Node::new(Some(i as u8), Some(Player(0)), 0.5);
            n.visits = visits;
            n.reward = mean * f64::from(visits);
            nodes.push(n);
            nodes[0].children.push(i as u32 + 1);
        }
        nodes
    }

    /// The Amazons evaluation, counting the leaves it values with White and with Black to
    /// move.
    #[derive(Clone, Default)]
    struct Parities(std::sync::Arc<[std::sync::atomic::AtomicUsize; 2]>);

    impl Evaluator<Amazons> for Parities {
        fn evaluate(&self, g: &Amazons, me: Player) -> i32 {
            if let ToMove::Player(p) = g.to_move() {
                self.0[p.index()].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            }
            AmazonsEval::default().evaluate(g, me)
        }
    }

    #[test]
    fn leaves_are_valued_as_the_configuration_says() {
        let g = amazons(&["size=8"]);
        let mut after = g.clone();
        after.play(after.parse_move("c1-c4/c5").unwrap());
        let e = AmazonsEval::default();
        let cfg = Config::default();
        let plain = leaf_scores(&after, &e, &cfg);
        // Win or loss by the sign: White has just moved and leads by the plain count.
        assert!(plain[0] > 0.5);
        assert_eq!(leaf_scores(&after, &e, &Config { binary: true, ..cfg })[..2], [1.0, 0.0]);
        // A flatter temperature: nearer even, the two still adding up to one.
        let flat = leaf_scores(&after, &e, &Config { leaf_scale: 2.0, ..cfg });
        assert!(flat[0] > 0.5 && flat[0] < plain[0]);
        assert!((flat[0] + flat[1] - 1.0).abs() < 1e-9);
        // The move's worth counted: Black is to move, so White's lead shrinks.
        let either = leaf_scores(&after, &e, &Config { either: true, ..cfg });
        assert!(either[0] < plain[0]);
        assert_eq!(either[0], e.expected(e.evaluate_either(&after, Player(0))));
    }

    #[test]
    fn one_evaluation_values_a_two_player_leaf_for_both() {
        // The second player's score is taken as the complement of the first's: on positions
        // of random games it is what evaluating the second player gives, for every leaf
        // option.
        let e = AmazonsEval::default();
        let mut g = amazons(&["size=8"]);
        let mut rng =
            <tabla_core::rand::rngs::SmallRng as tabla_core::rand::SeedableRng>::seed_from_u64(3);
        let mut buf = Vec::new();
        let base = Config::default();
        let configs = [
            base,
            Config { either: true, ..base },
            Config { leaf_scale: 0.5, ..base },
            Config { binary: true, ..base },
        ];
        let mut checked = 0;
        while g.to_move() != ToMove::Over {
            for cfg in &configs {
                let s = leaf_scores(&g, &e, cfg);
                let v = if cfg.either {
                    e.evaluate_either(&g, Player(1))
                } else {
                    e.evaluate(&g, Player(1))
                };
                let want = if cfg.binary {
                    f64::from(u8::from(v > 0)) + if v == 0 { 0.5 } else { 0.0 }
                } else {
                    e.expected((f64::from(v) / cfg.leaf_scale).round() as i32)
                };
                assert!((s[1] - want).abs() < 1e-12, "{} against {want}", s[1]);
                checked += 1;
            }
            let m = g.random_move(&mut rng, &mut buf);
            g.play(m);
        }
        assert!(checked > 40, "{checked} leaves");
    }

    #[test]
    fn with_parity_every_leaf_has_the_roots_player_to_move() {
        // No priors (they value children, of the other parity): only leaves are evaluated.
        let g = amazons(&["size=6"]);
        let cfg = Config { threads: 1, reuse: false, bias: 0.0, parity: true, ..Config::default() };
        let leaves = |cut: u32, parity: bool| {
            let e = Parities::default();
            let c = Config { cut, parity, ..cfg };
            grow(Tree::fresh(&g), &e, &c, Budget::iterations(300), 9, Instant::now());
            [0, 1].map(|i| e.0[i].load(std::sync::atomic::Ordering::Relaxed))
        };
        for cut in [3, 4] {
            let [white, black] = leaves(cut, true);
            assert!(white > 0 && black == 0, "cut {cut}: {white} and {black}");
        }
        // Without it, a first-ply leaf (all of them here: every root move is tried first)
        // and a cut of 4 end with Black to move.
        let [_, black] = leaves(4, false);
        assert!(black > 0);
    }

    #[test]
    fn the_implicit_minimax_is_the_best_reply_among_children_and_the_best_untried_one() {
        // Node 1 (White's move) has Black's replies 2 and 3 and one untried reply.
        let mut nodes =
            vec![Node::new(None, None, 0.5), Node::new(Some(0u8), Some(Player(0)), 0.7)];
        nodes[0].children.push(1);
        for (id, prior) in [(2u8, 0.4f32), (3, 0.3)] {
            nodes.push(Node::new(Some(id), Some(Player(1)), prior));
            nodes[1].children.push(u32::from(id));
        }
        nodes[1].untried = vec![(0.2, 9)];
        // Not expanded: the prior stands.
        back_up(&mut nodes, 1);
        assert_eq!(nodes[1].minimax, 0.7);
        nodes[1].expanded = true;
        back_up(&mut nodes, 1);
        assert!((nodes[1].minimax - 0.6).abs() < 1e-6, "Black's best reply is worth 0.4 to it");
        // A reply found better below (its own minimax) refutes White's move further; an
        // untried reply better than every child counts too.
        nodes[3].minimax = 0.9;
        back_up(&mut nodes, 1);
        assert!((nodes[1].minimax - 0.1).abs() < 1e-6);
        nodes[3].minimax = 0.1;
        nodes[1].untried = vec![(0.5, 9)];
        back_up(&mut nodes, 1);
        assert!((nodes[1].minimax - 0.5).abs() < 1e-6);
    }

    #[test]
    fn the_choice_is_critical_while_the_two_most_visited_moves_are_close() {
        assert!(critical(&root_with(&[(100, 0.5), (80, 0.5), (10, 0.4)])));
        assert!(critical(&root_with(&[(10, 0.4), (67, 0.5), (100, 0.5)])));
        assert!(!critical(&root_with(&[(100, 0.5), (60, 0.5), (10, 0.4)])));
        assert!(!critical(&root_with(&[(100, 0.5)])));
        assert!(!critical(&root_with(&[])));
    }

    /// A root whose moves are all alike stays critical: with an extension the search
    /// thinks past its time, up to the extension.
    #[test]
    fn an_open_choice_takes_the_extension() {
        // Black's queen at c1 is walled in: every move of White's wins alike.
        let g = amazons(&["layout=1../###/.#2"]);
        let cfg =
            Config { threads: 1, reuse: false, settle: false, decided: 0.0, ..Config::default() };
        let budget = Budget {
            time: Some(Duration::from_millis(20)),
            extend: Some(Duration::from_millis(400)),
            ..Budget::time(Duration::ZERO)
        };
        let t0 = Instant::now();
        let r = search(&g, &AmazonsEval::default(), cfg, budget, 5).unwrap();
        assert!(t0.elapsed() >= Duration::from_millis(300), "{:?}", t0.elapsed());
        assert!(r.moves.len() > 2 && r.moves.iter().all(|m| m.2 == 1.0));
    }

    #[test]
    fn a_search_settles_when_its_choice_can_no_longer_change_or_the_game_is_won() {
        let cfg = Config::default();
        let s = Duration::from_secs;
        let ms = Duration::from_millis;
        // Halfway, 500 playouts done: about 750 to come (with the margin). A lead of 900
        // cannot be caught, one of 600 can; the order of the children does not matter.
        let ahead = root_with(&[(100, 0.5), (1000, 0.6), (50, 0.4)]);
        assert!(settled(&ahead, &cfg, 500, s(2), s(4)));
        let close = root_with(&[(1000, 0.6), (400, 0.55)]);
        assert!(!settled(&close, &cfg, 500, s(2), s(4)));
        assert!(!settled(&ahead, &Config { settle: false, ..cfg }, 500, s(2), s(4)));
        // Too early to trust the rate.
        assert!(!settled(&ahead, &cfg, 10, ms(400), s(4)));
        // A won game stops after a quarter of the time, not before; a close one goes on.
        let won = root_with(&[(900, 0.99), (800, 0.985)]);
        assert!(settled(&won, &cfg, 1700, s(1), s(4)));
        assert!(!settled(&won, &cfg, 1700, ms(900), s(4)));
        assert!(!settled(&won, &Config { decided: 0.0, ..cfg }, 1700, s(1), s(4)));
        let lost = root_with(&[(900, 0.01), (800, 0.02)]);
        assert!(!settled(&lost, &cfg, 1700, s(1), s(4)));
        // No children yet: nothing to choose.
        assert!(!settled(&root_with(&[]), &cfg, 100, s(2), s(4)));
    }
}
