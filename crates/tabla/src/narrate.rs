//! Saying what happened, in words: what a move did (read off the board views before and
//! after it, so that no rule is needed here) and what a choice would do. Why a game ended
//! is the game's own word (`Game::end_reason`).

use std::collections::BTreeMap;
use tabla_core::BoardView;

/// The name with a capital letter, to start a sentence.
pub fn capital(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A list of ids for people: `e4, e5 and e6`.
pub fn list(ids: &[String]) -> String {
    match ids {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Pieces of each owner on each cell (`None`: neutral). Points (reserves, piles of pieces
/// out of the game) do not count: a piece that goes there has left the board.
fn census(view: &BoardView) -> BTreeMap<(Option<&'static str>, String), usize> {
    let mut m = BTreeMap::new();
    for c in &view.cells {
        for p in &c.stack {
            *m.entry((p.owner, c.id.clone())).or_insert(0) += 1;
        }
    }
    m
}

/// Pieces of `owner` of kind `kind` on the board.
pub fn pieces_of(view: &BoardView, owner: &str, kind: &str) -> usize {
    view.cells
        .iter()
        .chain(&view.points)
        .flat_map(|c| &c.stack)
        .filter(|p| p.owner == Some(owner) && p.kind == kind)
        .count()
}

/// What a move did beyond its notation: pieces taken, removed, made prisoner, and where a
/// move named in a player's own numbers lies on the board. `mover` is the player's name,
/// `text` the move in notation, `touched` the ids it touched. Empty when there is nothing to
/// add. Read off the two views alone.
pub fn effects(
    mover: &str,
    text: &str,
    before: &BoardView,
    after: &BoardView,
    touched: &[String],
) -> Vec<String> {
    let mut said = Vec::new();
    if before.cells.is_empty() || after.cells.is_empty() {
        return said;
    }
    // A move written in the mover's own numbers (a race track): say where it is.
    let named_in_text = touched.iter().any(|t| text.contains(t.as_str()));
    if !touched.is_empty() && !named_in_text {
        let path: Vec<String> = touched.iter().take(2).map(|t| place(before, t)).collect();
        said.push(format!("on the board from {}", path.join(" to ")));
    }
    // Removal lists in the notation (`x` and the emptied cells): name them.
    let removed: Vec<String> = text
        .split(';')
        .filter_map(|part| part.strip_prefix('x'))
        .flat_map(|list| list.split(','))
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let b = census(before);
    let a = census(after);
    if !removed.is_empty() {
        // Each removed cell held one piece (a stack counts once): the opponents' losses are
        // what they have fewer of; the rest were the mover's own.
        let total = |m: &BTreeMap<(Option<&'static str>, String), usize>, o: &str| {
            m.iter().filter(|((w, _), _)| *w == Some(o)).map(|(_, n)| n).sum::<usize>()
        };
        let theirs: usize = before
            .players
            .iter()
            .filter(|p| p.name != mover)
            .map(|p| total(&b, p.name).saturating_sub(total(&a, p.name)))
            .sum();
        let own = removed.len().saturating_sub(theirs);
        let whose = match (own, theirs) {
            (_, 0) => format!(" ({mover}'s own, back to the reserve)"),
            (0, _) => String::new(),
            (n, _) => format!(" ({n} of {mover}'s own back to the reserve)"),
        };
        said.push(format!("removed {}{whose}", list(&removed)));
    }
    let owners: Vec<&'static str> = before.players.iter().map(|p| p.name).collect();
    let from = touched.first();
    for o in owners.iter().copied().filter(|o| *o != mover) {
        let count = |m: &BTreeMap<(Option<&'static str>, String), usize>| {
            m.iter().filter(|((w, _), _)| *w == Some(o)).map(|(_, n)| n).sum::<usize>()
        };
        let lost = count(&b).saturating_sub(count(&a));
        if lost > 0 {
            // Where they were: cells that hold fewer of them now.
            let mut cells: Vec<String> = Vec::new();
            let mut dropped = 0;
            for ((w, id), n) in &b {
                if *w == Some(o) {
                    let now = a.get(&(Some(o), id.clone())).copied().unwrap_or(0);
                    if now < *n {
                        dropped += n - now;
                        cells.push(id.clone());
                    }
                }
            }
            let carried = cells.iter().any(|c| Some(c) == from);
            if !removed.is_empty() {
                said.push(format!("{o} loses {lost} piece{}", plural(lost)));
            } else if dropped == lost && !carried {
                order_like(&mut cells, touched);
                said.push(format!("took {}", list(&cells)));
            } else {
                said.push(format!("{lost} {o} piece{} removed from the game", plural(lost)));
            }
        }
        // Prisoners: a cell whose top was theirs and now is the mover's, theirs still under.
        for c in &after.cells {
            let Some(old) = before.cells.iter().find(|x| x.id == c.id) else { continue };
            let top_was = old.stack.last().and_then(|p| p.owner);
            let top_is = c.stack.last().and_then(|p| p.owner);
            if top_was == Some(o) && top_is == Some(mover) {
                let under = c.stack.iter().rev().skip(1).take_while(|p| p.owner == Some(o)).count();
                if under > 0 {
                    said.push(format!("took {under} {o} prisoner{} on {}", plural(under), c.id));
                }
            }
        }
    }
    said
}

/// A place for people: a cell by its id, a point by what it is (`the reserve`).
fn place(view: &BoardView, id: &str) -> String {
    match view.points.iter().find(|p| p.id == id).and_then(|p| p.mark) {
        Some(m) => format!("the {}", m.split('-').next().unwrap_or(m)),
        None => id.to_string(),
    }
}

/// Orders cells as the move touched them, then the rest as they are.
fn order_like(cells: &mut [String], touched: &[String]) {
    cells.sort_by_key(|c| touched.iter().position(|t| t == c).unwrap_or(usize::MAX));
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// One sentence for a played move: `White played e1-e2, took e4 and e5.`
pub fn sentence(who: &str, text: &str, effects: &[String]) -> String {
    let mut s = format!("{who} played {text}");
    if !effects.is_empty() {
        s.push_str(", ");
        s.push_str(&effects.join(", "));
    }
    s.push('.');
    s
}

/// A warning for a choice whose result is known at once: it loses (and why, where the board
/// shows it), or it wins.
pub fn warning(
    mover: &str,
    before: &BoardView,
    after: &BoardView,
    lost: bool,
    won: bool,
) -> Option<String> {
    if lost {
        let gipf_before = pieces_of(before, mover, "gipf");
        if gipf_before > 0 && pieces_of(after, mover, "gipf") == 0 {
            return Some("takes your last GIPF piece: you lose".into());
        }
        return Some("you lose at once".into());
    }
    won.then(|| "wins at once".into())
}
