//! What front ends draw and click ([`BoardView`], click paths, touched ids) and the terminal
//! picture, for both boards: Ur's (`centre=same`, layout `ur`) and its point-symmetric twin
//! (`centre=opposite`, layout `ur-twin`).
//!
//! Ids: the 20 squares are `b1`–`b4`, `b13`, `b14` (Black's start squares and bases, by
//! Black's track numbers), `y1`–`y4`, `y13`, `y14` (Yellow's), and `c5`–`c12` for the centre,
//! numbered along Black's track (on the twin, `cN` is Yellow's 17 − N). The points are the
//! reserves `b0` and `y0` (0 is the reserve in the notation) and the discs out of the game,
//! `b-out` (Black's discs Yellow has removed) and `y-out`. Each reserve sits in its owner's
//! gap next to start square 1, where discs enter; each out pile in the remover's gap next to
//! base 1, where they were removed. Stacks list discs bottom first, `kind` the side that is up
//! (`blue`, `red`); the discs of an out pile have kind `out` (their side no longer matters).
//! Marks: `start-black`, `base2-black`, `base1-black` (and `-yellow`), `centre`, and on the
//! points `reserve-black`, `out-black`, ... Labels: each player's track numbers, Black's on the
//! lower edge of a square, Yellow's on the upper edge (Ur's shared centre numbers once).
//!
//! Player counts: `reserve`, `removed` (enemy discs this player took out of the game), `lost`
//! (own discs the enemy took out), `prisoners` (enemy discs under this player's guards now),
//! `free` (own discs with no enemy disc above them, the reserve included), and `roll` (the die
//! the player to move must use, only while a roll is pending).

use super::config::Centre;
use super::notation::disc_glyph;
use super::position::{
    opponent, BulgarianUr, Colour, Square, Stage, UrMove, BLACK, NAMES, TRACK, YELLOW,
};
use std::fmt::Write as _;
use tabla_core::view::click;
use tabla_core::{BoardShape, BoardView, CellView, Label, Piece, Player, PlayerView};

/// The id of `p`'s reserve point.
fn reserve_id(p: Player) -> String {
    format!("{}0", &NAMES[p.index()][..1])
}

/// The id of the point holding `p`'s discs removed from the game.
fn out_id(p: Player) -> String {
    format!("{}-out", &NAMES[p.index()][..1])
}

/// The view id of the mover's track square `n`.
fn cell_id(g: &BulgarianUr, p: Player, n: u8) -> String {
    Square::on_track(g.rules.centre, p, n).id()
}

/// The mark of a square: `start-black`, `base2-black`, `base1-black`, …, `centre`.
fn mark(sq: Square) -> &'static str {
    match (sq.owner(), sq.id_number()) {
        (None, _) => "centre",
        (Some(BLACK), 13) => "base2-black",
        (Some(BLACK), 14) => "base1-black",
        (Some(BLACK), _) => "start-black",
        (Some(_), 13) => "base2-yellow",
        (Some(_), 14) => "base1-yellow",
        (Some(_), _) => "start-yellow",
    }
}

/// Where a point in `p`'s gap is drawn: `next_to` is the track square (1 or 14) whose side
/// of the gap it takes.
fn gap_point(centre: Centre, p: Player, next_to: u8) -> (f64, f64) {
    let (x, y) = Square::on_track(centre, p, next_to).grid(centre);
    // The gap lies between start square 1 and base 1 of the same row.
    let (other, _) = Square::on_track(centre, p, if next_to == 1 { TRACK } else { 1 }).grid(centre);
    let step = if other > x { 1.0 } else { -1.0 };
    (f64::from(x) + step, f64::from(y))
}

fn piece(owner: Player, kind: &'static str) -> Piece {
    Piece { owner: Some(NAMES[owner.index()]), kind }
}

/// The board view (see [`tabla_core::Game::view`]).
pub(crate) fn view(g: &BulgarianUr) -> BoardView {
    let centre = g.rules.centre;
    let cells = Square::all()
        .map(|sq| {
            let (x, y) = sq.grid(centre);
            let mut c = CellView::new(sq.id(), f64::from(x), f64::from(y));
            c.stack = g.tower(sq).map(|d| piece(d.owner, d.colour.name())).collect();
            c.mark = Some(mark(sq));
            c
        })
        .collect();
    let mut points = Vec::new();
    for p in [BLACK, YELLOW] {
        let (x, y) = gap_point(centre, p, 1);
        let mut r = CellView::new(reserve_id(p), x, y);
        r.stack = vec![piece(p, Colour::Blue.name()); usize::from(g.reserve[p])];
        r.mark = Some(if p == BLACK { "reserve-black" } else { "reserve-yellow" });
        points.push(r);
    }
    for p in [BLACK, YELLOW] {
        // p's discs removed by the opponent lie by the opponent's base 1.
        let (x, y) = gap_point(centre, opponent(p), TRACK);
        let mut o = CellView::new(out_id(p), x, y);
        o.stack = vec![piece(p, "out"); usize::from(g.removed[opponent(p)])];
        o.mark = Some(if p == BLACK { "out-black" } else { "out-yellow" });
        points.push(o);
    }
    // Each player's track numbers, on the side of the square nearer that player (Black sits
    // below the board, Yellow above); the shared numbers of Ur's centre once.
    let mut labels = Vec::new();
    for sq in Square::all() {
        let (x, y) = sq.grid(centre);
        let (x, y) = (f64::from(x), f64::from(y));
        let b = sq.track_number(centre, BLACK);
        let yl = sq.track_number(centre, YELLOW);
        if let Some(n) = b {
            labels.push(Label { text: n.to_string(), x, y: y - 0.38 });
        }
        if let Some(n) = yl.filter(|&n| Some(n) != b) {
            labels.push(Label { text: n.to_string(), x, y: y + 0.38 });
        }
    }
    let players = [BLACK, YELLOW]
        .into_iter()
        .map(|p| {
            let (mut prisoners, mut free) = (0i64, i64::from(g.reserve[p]));
            for t in g.towers {
                if t.len() == 0 {
                    continue;
                }
                // The top's prisoners are the enemy discs directly beneath it; a disc is free
                // while no enemy disc stands above it.
                let moving = t.moving_len();
                if t.top_owner() == p {
                    prisoners += i64::from(moving) - 1;
                }
                let mut enemy_above = false;
                for i in (0..t.len()).rev() {
                    let d = t.disc(i);
                    if d.owner == p && !enemy_above {
                        free += 1;
                    }
                    enemy_above |= d.owner != p;
                }
            }
            let mut v = PlayerView::new(NAMES[p.index()])
                .with("reserve", i64::from(g.reserve[p]))
                .with("removed", i64::from(g.removed[p]))
                .with("lost", i64::from(g.removed[opponent(p)]))
                .with("prisoners", prisoners)
                .with("free", free);
            if let (Stage::Move(r), true) = (g.stage, g.side == p) {
                v = v.with("roll", i64::from(r));
            }
            v
        })
        .collect();
    let layout = match centre {
        Centre::Same => "ur",
        Centre::Opposite => "ur-twin",
    };
    BoardView {
        board: BoardShape::Track { layout },
        cells,
        points,
        labels,
        players,
        last: Vec::new(),
    }
}

/// The view ids a move touches: where the disc came from (a cell or the reserve), where it
/// went (its prisoners with it), and the out pile when prisoners leave the game on base 1.
pub(crate) fn touched(g: &BulgarianUr, mv: UrMove) -> Vec<String> {
    let p = g.side;
    match mv {
        UrMove::First(_) | UrMove::Roll(_) | UrMove::Pass => Vec::new(),
        UrMove::Enter { to } => vec![reserve_id(p), cell_id(g, p, to)],
        UrMove::Step { from, to } => {
            let mut ids = vec![cell_id(g, p, from), cell_id(g, p, to)];
            let t = g.towers[g.square_of(p, from)];
            if to == TRACK && t.len() > 0 && t.moving_len() > 1 {
                ids.push(out_id(opponent(p)));
            }
            ids
        }
    }
}

/// Click paths: the disc (its cell, or the reserve) then the destination cell; `pass`.
pub(crate) fn click_paths(g: &BulgarianUr, mv: UrMove) -> Vec<Vec<String>> {
    let p = g.side;
    match mv {
        UrMove::First(_) | UrMove::Roll(_) => Vec::new(),
        UrMove::Pass => vec![vec![click::PASS.to_string()]],
        UrMove::Enter { to } => vec![vec![reserve_id(p), cell_id(g, p, to)]],
        UrMove::Step { from, to } => vec![vec![cell_id(g, p, from), cell_id(g, p, to)]],
    }
}

// ---------------------------------------------------------------------------------------------
// Terminal drawing

/// One row of track numbers under or over a row of cells: player `p`'s numbers, with an
/// arrow between neighbours that follow each other on `p`'s track, pointing the way `p`
/// travels.
fn number_row(row: &[Option<Square>; 8], centre: Centre, p: Player, margin: &str) -> String {
    let mut s = format!("{margin:<8}");
    let num = |c: usize| row[c].and_then(|sq| sq.track_number(centre, p));
    for c in 0..8 {
        match num(c) {
            Some(n) => {
                let _ = write!(s, "{n:^5}");
            }
            None => s.push_str("     "),
        }
        let arrow = match (num(c), if c < 7 { num(c + 1) } else { None }) {
            (Some(a), Some(b)) if b == a + 1 => '>',
            (Some(a), Some(b)) if a == b + 1 => '<',
            _ => ' ',
        };
        s.push(arrow);
    }
    s.trim_end().to_string() + "\n"
}

/// The picture `tabla play` shows: the board (top disc and height of each tower, every
/// player's track numbers with arrows of travel), the towers bottom to top, reserves,
/// removals, the quiet count and whose turn it is.
pub(crate) fn render(g: &BulgarianUr) -> String {
    let centre = g.rules.centre;
    // grid[y][x], y = 0 Black's row.
    let mut grid = [[None::<Square>; 8]; 3];
    for sq in Square::all() {
        let (x, y) = sq.grid(centre);
        grid[y as usize][x as usize] = Some(sq);
    }
    let cell_row = |row: &[Option<Square>; 8], label: &str| -> String {
        let mut s = format!("{label:<8}");
        for sq in row {
            match sq {
                Some(sq) => {
                    let t = g.towers[sq.index()];
                    if t.len() == 0 {
                        s.push_str("[   ] ");
                    } else {
                        let top = disc_glyph(t.disc(t.len() - 1));
                        let height = if t.len() > 1 { t.len().to_string() } else { String::new() };
                        let _ = write!(s, "[{top}{height:>2}] ");
                    }
                }
                None => s.push_str("      "),
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = String::new();
    out.push_str(&number_row(&grid[2], centre, YELLOW, ""));
    out.push_str(&cell_row(&grid[2], "yellow"));
    match centre {
        Centre::Same => {
            out.push_str(&cell_row(&grid[1], "centre"));
            out.push_str(&number_row(&grid[1], centre, BLACK, ""));
        }
        Centre::Opposite => {
            out.push_str(&number_row(&grid[1], centre, YELLOW, "  (Y)"));
            out.push_str(&cell_row(&grid[1], "centre"));
            out.push_str(&number_row(&grid[1], centre, BLACK, "  (B)"));
        }
    }
    out.push_str(&cell_row(&grid[0], "black"));
    out.push_str(&number_row(&grid[0], centre, BLACK, ""));
    if centre == Centre::Opposite {
        out.push_str(
            "Two-way centre: black runs it > (left to right), yellow < (right to left); black's \
             n is yellow's 17-n.\n",
        );
    }
    out.push_str("Towers, bottom to top (B/Y Black/Yellow; upper case blue, lower case red):\n");
    let mut any = false;
    for sq in Square::all() {
        let t = g.towers[sq.index()];
        if t.len() > 0 {
            any = true;
            let discs: Vec<String> = t.discs().map(|d| disc_glyph(d).to_string()).collect();
            let width = if centre == Centre::Same { 10 } else { 13 };
            let _ = writeln!(out, "  {:<width$} {}", sq.name(centre), discs.join(" "));
        }
    }
    if !any {
        out.push_str("  none\n");
    }
    let _ = writeln!(out, "Reserve: black {}, yellow {}", g.reserve[BLACK], g.reserve[YELLOW]);
    let _ = writeln!(
        out,
        "Removed from the game: {} yellow by black, {} black by yellow",
        g.removed[BLACK], g.removed[YELLOW]
    );
    if let super::config::Quiet::After(limit) = g.rules.quiet {
        let _ = writeln!(out, "Quiet turns: {} of {limit}", g.quiet);
    }
    let who = NAMES[g.side.index()];
    match g.stage {
        Stage::RollOff => out.push_str("Roll-off: who starts?\n"),
        Stage::Roll => {
            if let Some(r) = g.last_roll {
                let _ = writeln!(out, "Last roll: {r} by {}", NAMES[opponent(g.side).index()]);
            }
            let _ = writeln!(out, "{who} to roll");
        }
        Stage::Move(r) => {
            let _ = writeln!(out, "{who} rolled {r}, {who} to move");
        }
        Stage::Won(p) => {
            let _ = writeln!(out, "Game over: {} wins", NAMES[p.index()]);
        }
        Stage::Draw => out.push_str("Game over: a draw\n"),
    }
    out
}
