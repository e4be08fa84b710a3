//! The board in the terminal, drawn from the game's [`BoardView`] alone: cells laid out on a
//! character grid from their drawing coordinates, one glyph per cell from its stack, labels
//! where the view puts them, the last move's cells marked, and the players' counts under it.
//!
//! Nothing here knows a rule. Colours come from the owner's player *name* (one fixed colour
//! per name, the same for every kind of piece), never from a glyph, so a label that happens
//! to read `1` or `B` is never painted as a piece.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use tabla_core::{BoardShape, BoardView, CellView, Piece};

/// How to draw: with ANSI colours or plain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// ANSI colour codes (only for a terminal, and only when `NO_COLOR` is unset).
    pub colour: bool,
}

/// The colour of a player's pieces (an ANSI SGR parameter), by the player's name: the same
/// name always gets the same colour, whatever the game and whatever the piece.
pub fn player_colour(name: &str) -> &'static str {
    match name {
        "white" => "1;97",
        "black" => "1;34",
        "yellow" => "1;33",
        "first" => "1;31",
        "second" => "1;32",
        "p1" => "1;33",
        "p2" => "1;36",
        "p3" => "1;32",
        "p4" => "1;35",
        _ => {
            const OTHERS: [&str; 5] = ["1;31", "1;32", "1;33", "1;35", "1;36"];
            let h = name.bytes().fold(0usize, |h, b| h.wrapping_mul(31).wrapping_add(b.into()));
            OTHERS[h % OTHERS.len()]
        }
    }
}

/// Dim: neutral pieces (stones) and empty cells.
const DIM: &str = "2";
/// The highlight of the last move's cells.
const LAST: &str = "7";

/// The one-letter sign of each player: the first letter of the name in upper case, or, when
/// two names share it (`p1`…`p4`), the last character.
pub fn player_letters(names: &[&str]) -> BTreeMap<String, char> {
    let first = |n: &str| n.chars().next().unwrap_or('?').to_ascii_uppercase();
    let clash = names
        .iter()
        .enumerate()
        .any(|(i, a)| names.iter().enumerate().any(|(j, b)| i != j && first(a) == first(b)));
    names
        .iter()
        .map(|n| {
            let c = if clash { n.chars().last().unwrap_or('?') } else { first(n) };
            (n.to_string(), c.to_ascii_uppercase())
        })
        .collect()
}

/// Paints `text` with an SGR parameter when colours are on.
pub fn paint(text: &str, code: &str, style: Style) -> String {
    if style.colour && !code.is_empty() {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// A player's name in their colour.
pub fn name_in_colour(name: &str, style: Style) -> String {
    paint(name, player_colour(name), style)
}

/// The glyph of one cell or point: text and colour.
fn glyph(
    cell: &CellView,
    is_point: bool,
    unique_mark: bool,
    letters: &BTreeMap<String, char>,
) -> (String, String) {
    let Some(top) = cell.stack.last() else {
        return (empty_glyph(cell, is_point, unique_mark).to_string(), DIM.to_string());
    };
    let mut text = piece_glyph(top, letters);
    if cell.stack.len() > 1 {
        let _ = write!(text, "{}", cell.stack.len());
    }
    let code = match top.owner {
        Some(o) => player_colour(o),
        None => DIM,
    };
    (text, code.to_string())
}

/// An empty place: `+` for an unmarked point (a GIPF dot) and for a cell whose mark no
/// other cell has (Seega's centre), `*` for a rosette, `.` for everything else.
fn empty_glyph(cell: &CellView, is_point: bool, unique_mark: bool) -> &'static str {
    match cell.mark {
        None if is_point => "+",
        Some("centre") if unique_mark && !is_point => "+",
        Some(m) if m.contains("rosette") => "*",
        _ => ".",
    }
}

/// One piece's sign: the owner's letter (upper case, lower case for a disc's red side,
/// doubled for a GIPF piece), `#` for a neutral stone.
fn piece_glyph(p: &Piece, letters: &BTreeMap<String, char>) -> String {
    let Some(owner) = p.owner else {
        return if p.kind == "stone" { "#".into() } else { "o".into() };
    };
    let l = letters.get(owner).copied().unwrap_or('?');
    match p.kind {
        "gipf" => format!("{l}{l}"),
        "red" => l.to_ascii_lowercase().to_string(),
        _ => l.to_string(),
    }
}

/// One thing to place on the grid.
struct Item {
    x: f64,
    y: f64,
    text: String,
    code: String,
    /// Marked as part of the last move.
    last: bool,
    /// A point rather than a cell (boxed as `(..)` on track boards).
    point: bool,
    kind: ItemKind,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ItemKind {
    Cell,
    Label,
}

const EPS: f64 = 1e-6;

/// The smallest gap between distinct values (1 when there is only one value).
fn min_step(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.collect();
    v.sort_by(f64::total_cmp);
    v.dedup_by(|a, b| (*a - *b).abs() < EPS);
    v.windows(2).map(|w| w[1] - w[0]).reduce(f64::min).unwrap_or(1.0)
}

/// Lays out `items` on a character grid and returns its lines (right-trimmed).
fn lay_out(items: &[Item], boxed: bool, style: Style) -> Vec<String> {
    let cells: Vec<&Item> = items.iter().filter(|i| i.kind == ItemKind::Cell).collect();
    if cells.is_empty() {
        return Vec::new();
    }
    let dy = min_step(cells.iter().map(|c| c.y));
    let dx = min_step(cells.iter().map(|c| c.x));
    let xmin = cells.iter().map(|c| c.x).fold(f64::INFINITY, f64::min);
    let ymax = cells.iter().map(|c| c.y).fold(f64::NEG_INFINITY, f64::max);
    // One line per level: the cells' rows at their spacing, and a line of its own for
    // anything (a label between two rows) that falls off them.
    let tol = dy * 0.05;
    let ymin = cells.iter().map(|c| c.y).fold(f64::INFINITY, f64::min);
    let span = ((ymax - ymin) / dy).round() as usize;
    let mut levels: Vec<f64> = (0..=span).map(|k| ymin + k as f64 * dy).collect();
    // A label a little off a row (drawn just beside it) goes on that row.
    for it in items {
        let snap = if it.kind == ItemKind::Label { dy * 0.3 } else { tol };
        if !levels.iter().any(|l| (l - it.y).abs() < snap) {
            levels.push(it.y);
        }
    }
    levels.sort_by(|a, b| b.total_cmp(a));
    let row_of = |y: f64| {
        let nearest = levels
            .iter()
            .enumerate()
            .min_by(|a, b| (a.1 - y).abs().total_cmp(&(b.1 - y).abs()))
            .map_or(0, |(i, _)| i);
        nearest as i64
    };
    let lattice = |x: f64| (x - xmin) / dx;
    // Glyph width; boxed cells add their brackets.
    let width =
        cells.iter().map(|c| c.text.chars().count()).max().unwrap_or(1) + if boxed { 2 } else { 0 };
    // Characters per lattice step: about two columns per line of height (terminal cells
    // are twice as tall as wide), and enough that cells sharing a line keep a gap.
    let lines_per_unit = 1.0 / dy;
    let mut step = ((2.0 * lines_per_unit * dx).round() as i64).max(1);
    let mut same_line_gap = f64::INFINITY;
    for (i, a) in cells.iter().enumerate() {
        for b in &cells[i + 1..] {
            if row_of(a.y) == row_of(b.y) {
                same_line_gap = same_line_gap.min((lattice(a.x) - lattice(b.x)).abs());
            }
        }
    }
    if same_line_gap.is_finite() && same_line_gap > EPS {
        let need = ((width as f64 + 1.0) / same_line_gap).ceil() as i64;
        step = step.max(need);
    }
    let col_of = |x: f64| (lattice(x) * step as f64).round() as i64;
    let xmax = cells.iter().map(|c| c.x).fold(f64::NEG_INFINITY, f64::max);
    // Place: (row, start column, text, colour).
    let mut placed: Vec<(i64, i64, String, String, usize)> = Vec::new();
    for it in items {
        let row = row_of(it.y);
        let col = col_of(it.x);
        let w = it.text.chars().count() as i64;
        let (text, code) = if it.kind == ItemKind::Cell && boxed {
            let pad = width - 2 - it.text.chars().count();
            let inner = format!("{}{}{}", " ".repeat(pad / 2), it.text, " ".repeat(pad - pad / 2));
            let (l, r) = match (it.last, it.point) {
                (true, _) => ('{', '}'),
                (false, true) => ('(', ')'),
                (false, false) => ('[', ']'),
            };
            (format!("{l}{inner}{r}"), it.code.clone())
        } else {
            (it.text.clone(), it.code.clone())
        };
        let tw = text.chars().count() as i64;
        let start = match it.kind {
            ItemKind::Label if it.x < xmin - EPS => col - (w - 1),
            ItemKind::Label if it.x > xmax + EPS => col,
            _ => col - (tw - 1) / 2,
        };
        placed.push((row, start, text, code, usize::from(it.last && !boxed)));
    }
    let rmin = placed.iter().map(|p| p.0).min().unwrap_or(0);
    let cmin = placed.iter().map(|p| p.1 - p.4 as i64).min().unwrap_or(0).min(0);
    let rows = (placed.iter().map(|p| p.0).max().unwrap_or(0) - rmin + 1) as usize;
    // A grid of (char, colour) per row; cells first, then labels only where free.
    let mut grid: Vec<Vec<(char, String)>> = vec![Vec::new(); rows];
    let put = |grid: &mut Vec<Vec<(char, String)>>, r: usize, c: usize, ch: char, code: &str| {
        let line = &mut grid[r];
        if line.len() <= c {
            line.resize(c + 1, (' ', String::new()));
        }
        line[c] = (ch, code.to_string());
    };
    let free = |grid: &Vec<Vec<(char, String)>>, r: usize, c: usize| {
        grid[r].get(c).is_none_or(|x| x.0 == ' ')
    };
    let mut order: Vec<usize> = (0..placed.len()).collect();
    order.sort_by_key(|&i| items[i].kind == ItemKind::Label);
    for i in order {
        let (row, start, text, code, last) = &placed[i];
        let r = (row - rmin) as usize;
        let c0 = (start - cmin) as usize;
        let n = text.chars().count();
        if items[i].kind == ItemKind::Label && !(c0..c0 + n).all(|c| free(&grid, r, c)) {
            continue;
        }
        let code = if *last > 0 && style.colour { format!("{code};{LAST}") } else { code.clone() };
        for (k, ch) in text.chars().enumerate() {
            put(&mut grid, r, c0 + k, ch, &code);
        }
        if *last > 0 {
            // Brackets round the last move's cells, sharing a bar between neighbours.
            if c0 > 0 {
                let left = if grid[r].get(c0 - 1).is_some_and(|x| x.0 == ']') { '|' } else { '[' };
                if free(&grid, r, c0 - 1) || left == '|' {
                    put(&mut grid, r, c0 - 1, left, "");
                }
            }
            if free(&grid, r, c0 + n) {
                put(&mut grid, r, c0 + n, ']', "");
            }
        }
    }
    grid.into_iter()
        .map(|line| {
            let mut s = String::new();
            let mut open: Option<String> = None;
            for (ch, code) in line {
                let want = (!code.is_empty() && style.colour).then_some(code);
                if want != open {
                    if open.is_some() {
                        s.push_str("\x1b[0m");
                    }
                    if let Some(c) = &want {
                        let _ = write!(s, "\x1b[{c}m");
                    }
                    open = want;
                }
                s.push(ch);
            }
            if open.is_some() {
                s.push_str("\x1b[0m");
            }
            s.trim_end().to_string()
        })
        .collect()
}

/// The board picture (without the players' counts); `None` when the view has no cells
/// (a game whose view is not written yet).
pub fn board(view: &BoardView, style: Style) -> Option<String> {
    if view.cells.is_empty() {
        return None;
    }
    let names: Vec<&str> = view.players.iter().map(|p| p.name).collect();
    let letters = player_letters(&names);
    let mut items = Vec::new();
    for (is_point, c) in
        view.cells.iter().map(|c| (false, c)).chain(view.points.iter().map(|c| (true, c)))
    {
        let unique =
            c.mark.is_some_and(|m| view.cells.iter().filter(|x| x.mark == Some(m)).count() == 1);
        let (text, code) = glyph(c, is_point, unique, &letters);
        items.push(Item {
            x: c.x,
            y: c.y,
            text,
            code,
            last: view.last.contains(&c.id),
            point: is_point,
            kind: ItemKind::Cell,
        });
    }
    for l in &view.labels {
        items.push(Item {
            x: l.x,
            y: l.y,
            text: l.text.clone(),
            code: String::new(),
            last: false,
            point: false,
            kind: ItemKind::Label,
        });
    }
    let boxed = matches!(view.board, BoardShape::Track { .. });
    Some(lay_out(&items, boxed, style).join("\n"))
}

/// The board with every cell's name in place of its glyph: the coordinate picture.
pub fn coordinates(view: &BoardView) -> Option<String> {
    if view.cells.is_empty() {
        return None;
    }
    let items: Vec<Item> = view
        .cells
        .iter()
        .map(|c| (false, c))
        .chain(view.points.iter().map(|c| (true, c)))
        .map(|(point, c)| Item {
            x: c.x,
            y: c.y,
            text: c.id.clone(),
            code: String::new(),
            last: false,
            point,
            kind: ItemKind::Cell,
        })
        .collect();
    let boxed = matches!(view.board, BoardShape::Track { .. });
    Some(lay_out(&items, boxed, Style { colour: false }).join("\n"))
}

/// The key to the glyphs that appear on this board, one line.
pub fn legend(view: &BoardView, style: Style) -> String {
    let names: Vec<&str> = view.players.iter().map(|p| p.name).collect();
    let letters = player_letters(&names);
    let mut parts: Vec<String> = names
        .iter()
        .map(|n| {
            let l = letters.get(*n).copied().unwrap_or('?').to_string();
            format!("{} {n}", paint(&l, player_colour(n), style))
        })
        .collect();
    let pieces = view.cells.iter().chain(&view.points).flat_map(|c| c.stack.iter());
    let mut kinds: Vec<&str> = pieces.clone().map(|p| p.kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for k in kinds {
        match k {
            "gipf" => parts.push("doubled (WW) a GIPF piece".into()),
            "red" => parts.push("lower case: red side up".into()),
            "stone" if pieces.clone().any(|p| p.owner.is_none()) => {
                parts.push(format!("{} stone", paint("#", DIM, style)))
            }
            _ => {}
        }
    }
    if view.cells.iter().chain(&view.points).any(|c| c.stack.len() > 1) {
        parts.push("a number: the height of a tower".into());
    }
    if view.points.iter().any(|p| p.stack.is_empty() && p.mark.is_none()) {
        parts.push("+ a dot".into());
    }
    if view.cells.iter().filter(|c| c.mark == Some("centre")).count() == 1 {
        parts.push("+ the centre".into());
    }
    if matches!(view.board, BoardShape::Track { .. }) {
        let mut off: Vec<&str> =
            view.points.iter().filter_map(|p| p.mark?.split('-').next()).collect();
        off.dedup();
        if !off.is_empty() {
            parts.push(format!("( ) off the board: {}", off.join(", ")));
        }
        parts.push("`coordinates` names the squares".into());
    }
    if !view.last.is_empty() {
        parts.push(if matches!(view.board, BoardShape::Track { .. }) {
            "{ } the last move".into()
        } else {
            "[ ] the last move".into()
        });
    }
    // In lines of about 76 columns (colour codes do not count).
    let mut lines: Vec<String> = vec![String::new()];
    let mut width = 0;
    for (i, p) in parts.iter().enumerate() {
        let w = strip_codes(p).chars().count() + 2;
        if width > 0 && width + w > 76 {
            lines.push(String::new());
            width = 0;
        }
        let line = lines.last_mut().expect("a line");
        line.push_str(p);
        if i + 1 < parts.len() {
            line.push_str(", ");
        }
        width += w;
    }
    lines.iter().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n  ")
}

/// The text without ANSI colour codes.
fn strip_codes(s: &str) -> String {
    let mut out = String::new();
    let mut codes = false;
    for c in s.chars() {
        match c {
            '\x1b' => codes = true,
            'm' if codes => codes = false,
            _ if codes => {}
            _ => out.push(c),
        }
    }
    out
}

/// The players' public counts, one line each: `W white: reserve 18, captured 0`.
pub fn counts(view: &BoardView, to_move: Option<&str>, style: Style) -> String {
    let names: Vec<&str> = view.players.iter().map(|p| p.name).collect();
    let letters = player_letters(&names);
    let mut s = String::new();
    for p in &view.players {
        let l = letters.get(p.name).copied().unwrap_or('?').to_string();
        // Counts named as facts (`must_enter_gipf`) are said when true, left out when not.
        let fact = |k: &str| {
            ["may_", "must_", "loses_", "can_", "is_", "has_"].iter().any(|f| k.starts_with(f))
        };
        let figures: Vec<String> =
            p.counts
                .iter()
                .filter(|(k, v)| !fact(k) || **v != 0)
                .map(|(k, v)| {
                    if fact(k) {
                        k.replace('_', " ")
                    } else {
                        format!("{} {v}", k.replace('_', " "))
                    }
                })
                .collect();
        let arrow = if to_move == Some(p.name) { "  <- to move" } else { "" };
        let _ = writeln!(
            s,
            "  {} {}{}{}{arrow}",
            paint(&l, player_colour(p.name), style),
            name_in_colour(p.name, style),
            if figures.is_empty() { "" } else { ": " },
            figures.join(", ")
        );
    }
    s.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabla_core::{CellView, Label, PlayerView};

    const PLAIN: Style = Style { colour: false };

    fn square(n: u32) -> BoardView {
        let mut cells = Vec::new();
        let mut labels = Vec::new();
        for y in 0..n {
            for x in 0..n {
                let id = format!("{}{}", (b'a' + x as u8) as char, y + 1);
                cells.push(CellView::new(id, f64::from(x), f64::from(y)));
            }
            labels.push(Label { text: (y + 1).to_string(), x: -1.0, y: f64::from(y) });
        }
        for x in 0..n {
            labels.push(Label {
                text: ((b'a' + x as u8) as char).to_string(),
                x: f64::from(x),
                y: -1.0,
            });
        }
        BoardView {
            board: BoardShape::Square { width: n, height: n },
            cells,
            points: Vec::new(),
            labels,
            players: vec![
                PlayerView::new("white").with("in_hand", 0),
                PlayerView::new("black").with("in_hand", 0),
            ],
            last: Vec::new(),
        }
    }

    fn put(v: &mut BoardView, id: &str, p: Piece) {
        v.cells.iter_mut().find(|c| c.id == id).unwrap().stack.push(p);
    }

    #[test]
    fn a_square_board_reads_like_a_text_board() {
        let mut v = square(3);
        put(&mut v, "a1", Piece { owner: Some("white"), kind: "queen" });
        put(&mut v, "c3", Piece { owner: Some("black"), kind: "queen" });
        put(&mut v, "b2", Piece { owner: None, kind: "stone" });
        assert_eq!(board(&v, PLAIN).unwrap(), "3 . . B\n2 . # .\n1 W . .\n  a b c");
    }

    #[test]
    fn ten_ranks_keep_their_column() {
        let v = square(10);
        let text = board(&v, PLAIN).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "10 . . . . . . . . . .");
        assert_eq!(lines[9], " 1 . . . . . . . . . .");
        assert_eq!(lines[10], "   a b c d e f g h i j");
    }

    #[test]
    fn the_last_move_is_bracketed() {
        let mut v = square(3);
        put(&mut v, "b1", Piece { owner: Some("white"), kind: "queen" });
        v.last = vec!["a1".into(), "b1".into()];
        let text = board(&v, PLAIN).unwrap();
        assert!(text.contains("1[.|W]."), "{text}");
    }

    #[test]
    fn colour_comes_from_the_owner_name_not_the_glyph() {
        let mut v = square(3);
        put(&mut v, "a1", Piece { owner: Some("white"), kind: "gipf" });
        put(&mut v, "a1", Piece { owner: Some("black"), kind: "piece" });
        put(&mut v, "b1", Piece { owner: Some("black"), kind: "piece" });
        let text = board(&v, Style { colour: true }).unwrap();
        // Labels are never painted; both black glyphs are blue.
        assert!(text.contains("\x1b[1;34mB2\x1b[0m"), "{text:?}");
        assert!(text.contains("\x1b[1;34mB\x1b[0m"), "{text:?}");
        assert!(text.starts_with("3 "), "{text:?}");
        assert!(text.ends_with("a  b  c"), "{text:?}");
    }

    #[test]
    fn every_player_has_one_colour_for_every_piece() {
        // GIPF: a White GIPF piece and a White single piece share White's colour.
        let mut v = square(3);
        put(&mut v, "a1", Piece { owner: Some("white"), kind: "gipf" });
        put(&mut v, "b1", Piece { owner: Some("white"), kind: "piece" });
        let text = board(&v, Style { colour: true }).unwrap();
        assert!(text.contains("\x1b[1;97mWW\x1b[0m"), "{text:?}");
        assert!(text.contains("\x1b[1;97mW\x1b[0m"), "{text:?}");
        // Ur: Black and Yellow both coloured, each its own; labels (square numbers) not.
        let mut v = square(3);
        v.players = vec![PlayerView::new("black"), PlayerView::new("yellow")];
        v.board = BoardShape::Track { layout: "ur" };
        v.labels = vec![Label { text: "1".into(), x: 0.0, y: 2.4 }];
        put(&mut v, "a1", Piece { owner: Some("black"), kind: "blue" });
        put(&mut v, "b1", Piece { owner: Some("yellow"), kind: "red" });
        let text = board(&v, Style { colour: true }).unwrap();
        assert!(text.contains("\x1b[1;34m[B]\x1b[0m"), "{text:?}");
        assert!(text.contains("\x1b[1;33m[y]\x1b[0m"), "{text:?}");
        assert!(text.lines().next().unwrap().trim() == "1", "{text:?}");
    }

    #[test]
    fn a_flat_hexagon_lays_files_out_in_half_steps() {
        // Side 2: files a (2 cells), b (3), c (2).
        let s3 = 3f64.sqrt() / 2.0;
        let mut cells = Vec::new();
        for (f, n) in [(0, 2), (1, 3), (2, 2)] {
            let base = if n == 3 { 0.0 } else { 0.5 };
            for r in 0..n {
                let id = format!("{}{}", (b'a' + f as u8) as char, r + 1);
                cells.push(CellView::new(id, f64::from(f) * s3, base + f64::from(r)));
            }
        }
        let v = BoardView {
            board: BoardShape::Hex { side: 2, orientation: "flat" },
            cells,
            points: Vec::new(),
            labels: Vec::new(),
            players: Vec::new(),
            last: Vec::new(),
        };
        let c = coordinates(&v).unwrap();
        assert_eq!(c, "   b3\na2    c2\n   b2\na1    c1\n   b1", "\n{c}");
    }

    #[test]
    fn letters_fall_back_to_the_last_character() {
        let l = player_letters(&["p1", "p2", "p3"]);
        assert_eq!(l["p2"], '2');
        let l = player_letters(&["black", "yellow"]);
        assert_eq!((l["black"], l["yellow"]), ('B', 'Y'));
    }
}
