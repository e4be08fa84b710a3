//! Text both ways: turns (`xc3,c4,c5,c6;Ga1-b2;xb2,b3,b4,b5`), hand-built positions for
//! tests, and the position text (`rules/gipf.md`, "Position text").

use super::config::Variant;
use super::position::{
    bit, cells_of, opponent, tables, Board, Entering, EntryId, Gipf, GipfMove, Kind, PerPlayer,
    PieceKind, Removal, Setup, PLAYERS,
};
use tabla_core::{Cell, Game, MoveError, Player, PositionError};

// ---------------------------------------------------------------------------------------------
// Turns
// ---------------------------------------------------------------------------------------------

/// The canonical text of a turn.
pub(super) fn format_move(mv: GipfMove) -> String {
    let mut parts = Vec::with_capacity(3);
    if !mv.pre.is_empty() {
        parts.push(format_removal(mv.pre));
    }
    if let Some(Entering { entry, piece }) = mv.entry {
        let g = if piece == PieceKind::Gipf { "G" } else { "" };
        parts.push(format!("{g}{}-{}", entry.dot(), entry.point()));
        if !mv.post.is_empty() {
            parts.push(format_removal(mv.post));
        }
    }
    parts.join(";")
}

fn format_removal(m: Removal) -> String {
    format!("x{}", m.names().collect::<Vec<_>>().join(","))
}

/// A turn as read from text, before it is matched against the legal list.
struct ParsedTurn {
    pre: Option<Removal>,
    entry: Option<Entering>,
    post: Option<Removal>,
}

const NOTATION: &str =
    "a turn is written like 'a1-b2', 'Ga1-b2' (GIPF piece) or 'xc3,c4,c5,c6;a1-b2;xb2,b3,b4,b5'";

fn parse_parts(text: &str) -> Result<ParsedTurn, MoveError> {
    let t = tables();
    let parts: Vec<&str> = text.split(';').map(str::trim).collect();
    let mut pre = None;
    let mut post = None;
    let mut entry = None;
    for part in &parts {
        if part.is_empty() {
            return Err(MoveError::unreadable(text, format!("an empty part; {NOTATION}")));
        }
        if let Some(list) = part.strip_prefix(['x', 'X']) {
            let mut m = 0u64;
            for name in list.split(',').map(str::trim) {
                let Some(c) = t.geo.parse_cell(name) else {
                    return Err(MoveError::unreadable(
                        text,
                        format!("'{name}' in a removal list is not a cell; {NOTATION}"),
                    ));
                };
                if t.points >> c.0 & 1 == 0 {
                    return Err(MoveError::unreadable(
                        text,
                        format!("{name} is a dot; only points (b2…h5) hold pieces to remove"),
                    ));
                }
                if m >> c.0 & 1 == 1 {
                    return Err(MoveError::unreadable(text, format!("{name} is listed twice")));
                }
                m |= 1 << c.0;
            }
            let slot = if entry.is_none() { &mut pre } else { &mut post };
            if slot.is_some() {
                return Err(MoveError::unreadable(
                    text,
                    format!("two removal lists in a row; {NOTATION}"),
                ));
            }
            *slot = Some(Removal(m));
        } else {
            if entry.is_some() {
                return Err(MoveError::unreadable(text, format!("two entries; {NOTATION}")));
            }
            entry = Some(parse_entry(text, part)?);
        }
    }
    match entry {
        Some(e) => Ok(ParsedTurn { pre, entry: Some(e), post }),
        None if parts.len() == 1 && pre.is_some() => Ok(ParsedTurn { pre, entry: None, post }),
        None => Err(MoveError::unreadable(text, format!("no entry; {NOTATION}"))),
    }
}

fn parse_entry(text: &str, part: &str) -> Result<Entering, MoveError> {
    let t = tables();
    // A leading G followed by a file letter marks a GIPF piece ('g1-g2' is a file g entry).
    let b = part.as_bytes();
    let gipf = b.len() > 1 && b[0].eq_ignore_ascii_case(&b'g') && b[1].is_ascii_alphabetic();
    let body = if gipf { &part[1..] } else { part };
    let piece = if gipf { PieceKind::Gipf } else { PieceKind::Single };
    let Some((from, to)) = body.split_once('-') else {
        return Err(MoveError::unreadable(
            text,
            format!(
                "'{part}' is neither an entry (dot-point) nor a removal list (x...); {NOTATION}"
            ),
        ));
    };
    let cell = |s: &str| {
        t.geo.parse_cell(s.trim()).ok_or_else(|| {
            MoveError::unreadable(
                text,
                format!("'{}' is not a cell of the board (a1…i5)", s.trim()),
            )
        })
    };
    let (dot, point) = (cell(from)?, cell(to)?);
    if t.points >> dot.0 & 1 == 1 {
        return Err(MoveError::unreadable(
            text,
            format!("{} is a point; pieces enter from a dot on the edge", t.names[dot.index()]),
        ));
    }
    t.entries
        .iter()
        .position(|e| usize::from(e.dot) == dot.index() && usize::from(e.cells[0]) == point.index())
        .map(|i| Entering { entry: EntryId(i as u8), piece })
        .ok_or_else(|| {
            let firsts: Vec<&str> = t
                .entries
                .iter()
                .filter(|e| usize::from(e.dot) == dot.index())
                .map(|e| t.names[usize::from(e.cells[0])].as_str())
                .collect();
            MoveError::unreadable(
                text,
                format!(
                    "{} does not lead from {} into the board; from {} a piece enters on {}",
                    t.names[point.index()],
                    t.names[dot.index()],
                    t.names[dot.index()],
                    firsts.join(" or ")
                ),
            )
        })
}

impl Gipf {
    /// [`Game::parse_move`]: the text read, then matched against the legal list; a removal
    /// phase left out is filled in when exactly one legal turn fits.
    pub(super) fn parse_turn(&self, text: &str) -> Result<GipfMove, MoveError> {
        let parsed = parse_parts(text)?;
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            return Err(MoveError::game_over(text));
        }
        if let Some(&m) = moves.iter().find(|m| {
            m.entry == parsed.entry
                && m.pre == parsed.pre.unwrap_or_default()
                && m.post == parsed.post.unwrap_or_default()
        }) {
            return Ok(m);
        }
        // Removal phases left out: accept when exactly one legal turn fits.
        let fits: Vec<GipfMove> = moves
            .iter()
            .copied()
            .filter(|m| {
                m.entry == parsed.entry
                    && parsed.pre.is_none_or(|x| x == m.pre)
                    && parsed.post.is_none_or(|x| x == m.post)
            })
            .collect();
        if fits.len() == 1 && (parsed.pre.is_none() || parsed.post.is_none()) {
            return Ok(fits[0]);
        }
        Err(MoveError::illegal(text, self.why_illegal(&parsed, &moves, &fits)))
    }

    fn why_illegal(&self, parsed: &ParsedTurn, moves: &[GipfMove], fits: &[GipfMove]) -> String {
        let p = self.side;
        let show = |ms: &[GipfMove]| -> String {
            let v: Vec<String> = ms.iter().take(8).map(|&m| format_move(m)).collect();
            v.join(" ")
        };
        let Some(wanted) = parsed.entry else {
            return "a turn without an entry exists only when its removals end the game"
                .to_string();
        };
        let same_entry: Vec<GipfMove> = moves
            .iter()
            .copied()
            .filter(|m| m.entry.is_some_and(|e| e.entry == wanted.entry))
            .collect();
        if same_entry.is_empty() {
            if self.board.first_empty(wanted.entry.line()).is_none() {
                return "that line is full".to_string();
            }
            return format!("no legal turn enters there; legal turns include: {}", show(moves));
        }
        if !same_entry.iter().any(|m| m.entry == parsed.entry) {
            return if wanted.piece == PieceKind::Gipf {
                match self.variant {
                    Variant::Tournament if self.entered_single[p] => {
                        "no GIPF piece after a single piece has been entered".to_string()
                    }
                    Variant::Tournament => "a GIPF piece needs two pieces in reserve".to_string(),
                    _ => format!("the {} game has single pieces only", self.variant.name()),
                }
            } else {
                "the first entry must be a GIPF piece (write it 'Ga1-b2')".to_string()
            };
        }
        if fits.len() > 1 {
            return format!("say which pieces are removed: {}", show(fits));
        }
        let same: Vec<GipfMove> =
            same_entry.iter().copied().filter(|m| m.entry == parsed.entry).collect();
        format!("those removals do not match; with this entry the turns are: {}", show(&same))
    }
}

// ---------------------------------------------------------------------------------------------
// Hand-built positions
// ---------------------------------------------------------------------------------------------

impl Gipf {
    /// A position set up by hand, for tests and puzzles: `pieces` lists points with the
    /// glyph of their piece in front (`o` white, `x` black, `O`/`X` GIPF pieces), separated
    /// by spaces: `"oc3 od4 Oe5 xf5"`. `reserve`, `entered_gipf` and `entered_single` are
    /// `[white, black]`; the tournament flags say whether each player has entered a GIPF
    /// piece and a single piece (in the standard game the first is always set, in the basic
    /// game never). Endings are checked as after a turn.
    ///
    /// # Errors
    /// A token that is not a glyph and a point, a point given twice, or a position the rules
    /// refuse (more material than a player owns, a single entered before any GIPF piece).
    pub fn from_text(
        variant: Variant,
        pieces: &str,
        reserve: impl Into<PerPlayer<u8>>,
        to_move: Player,
        entered_gipf: impl Into<PerPlayer<bool>>,
        entered_single: impl Into<PerPlayer<bool>>,
    ) -> Result<Gipf, String> {
        let t = tables();
        let mut board = Board::default();
        for tok in pieces.split_whitespace() {
            let kind = tok
                .chars()
                .next()
                .and_then(glyph_kind)
                .ok_or_else(|| format!("'{tok}': expected o, O, x or X, then a point"))?;
            let c = t
                .geo
                .parse_cell(&tok[1..])
                .filter(|c| t.points >> c.0 & 1 == 1)
                .ok_or_else(|| format!("'{tok}': {} is not a point (b2…h5)", &tok[1..]))?;
            if board.occupied() & bit(c.0 as u8) != 0 {
                return Err(format!("'{tok}': that point is taken twice"));
            }
            *board.mask_mut(kind) |= bit(c.0 as u8);
        }
        Gipf::from_setup(Setup {
            variant,
            board,
            reserve: reserve.into(),
            side: to_move,
            entered_gipf: entered_gipf.into(),
            entered_single: entered_single.into(),
            repetition_draw: false,
        })
        .map_err(|e| e.0)
    }
}

/// The piece a board glyph stands for.
fn glyph_kind(c: char) -> Option<Kind> {
    Some(match c {
        'o' => Kind::new(PLAYERS[0], PieceKind::Single),
        'O' => Kind::new(PLAYERS[0], PieceKind::Gipf),
        'x' => Kind::new(PLAYERS[1], PieceKind::Single),
        'X' => Kind::new(PLAYERS[1], PieceKind::Gipf),
        _ => return None,
    })
}

/// The glyph of a piece (as [`Game::render_text`] draws it).
pub(super) fn kind_glyph(k: Kind) -> char {
    match (k.owner().index(), k.piece()) {
        (0, PieceKind::Single) => 'o',
        (0, PieceKind::Gipf) => 'O',
        (_, PieceKind::Single) => 'x',
        (_, PieceKind::Gipf) => 'X',
    }
}

// ---------------------------------------------------------------------------------------------
// Position text
// ---------------------------------------------------------------------------------------------

const POSITION_FORMAT: &str = "a GIPF position reads like 'X2O/5/6/O5X/6/5/X2O w 12,12 0,0 -': \
     the points of files b to h, each from the bottom up (o/x a white/black piece, O/X a GIPF \
     piece, a digit for that many empty points), files separated by '/'; the side to move (w \
     or b); the reserves of White and Black; the pieces each has captured; the tournament \
     flags (G/g: White/Black has entered a GIPF piece, S/s: a single piece; '-' for none or \
     outside the tournament game); and 'repetition' if the game has ended in a repetition draw";

/// The points of file `file` (1 = b … 7 = h), from the bottom up.
fn file_points(file: u8) -> impl Iterator<Item = u8> {
    let t = tables();
    cells_of(t.points).filter(move |&c| t.geo.coords(Cell(u16::from(c))).0 == file)
}

impl Gipf {
    /// [`Game::position_text`]: board, side, reserves, captures, flags, and the repetition
    /// draw when it is what ended the game.
    pub(super) fn text(&self) -> String {
        let mut files = Vec::with_capacity(7);
        for file in 1..=7 {
            let mut s = String::new();
            let mut empty = 0;
            for c in file_points(file) {
                match self.board.kind_at(c) {
                    Some(k) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(kind_glyph(k));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            files.push(s);
        }
        let [w, b] = PLAYERS;
        let mut flags = String::new();
        if self.variant == Variant::Tournament {
            for (p, g, s) in [(w, 'G', 'S'), (b, 'g', 's')] {
                if self.entered_gipf[p] {
                    flags.push(g);
                }
                if self.entered_single[p] {
                    flags.push(s);
                }
            }
        }
        if flags.is_empty() {
            flags.push('-');
        }
        let mut out = format!(
            "{} {} {},{} {},{} {flags}",
            files.join("/"),
            if self.side == w { 'w' } else { 'b' },
            self.reserve[w],
            self.reserve[b],
            self.captured(w),
            self.captured(b),
        );
        if self.drawn_by_repetition() {
            out.push_str(" repetition");
        }
        out
    }

    /// [`Game::read_position`] under `variant`.
    pub(super) fn from_position_text(variant: Variant, text: &str) -> Result<Gipf, PositionError> {
        let err = |what: String| PositionError(format!("{what}; {POSITION_FORMAT}"));
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(5..=6).contains(&fields.len()) {
            return Err(err(format!("expected 5 or 6 fields, found {}", fields.len())));
        }
        let board = read_board(fields[0]).map_err(err)?;
        let side = match fields[1].to_ascii_lowercase().as_str() {
            "w" | "white" => PLAYERS[0],
            "b" | "black" => PLAYERS[1],
            other => return Err(err(format!("'{other}' is not a side to move (w or b)"))),
        };
        let reserve = read_pair(fields[2], "reserves").map_err(err)?;
        let captured = read_pair(fields[3], "captures").map_err(err)?;
        let (entered_gipf, entered_single) = read_flags(fields[4], variant).map_err(err)?;
        let repetition_draw = match fields.get(5) {
            None => false,
            Some(w) if w.eq_ignore_ascii_case("repetition") => true,
            Some(w) => return Err(err(format!("'{w}' at the end: only 'repetition' may follow"))),
        };
        let g = Gipf::from_setup(Setup {
            variant,
            board,
            reserve,
            side,
            entered_gipf,
            entered_single,
            repetition_draw,
        })?;
        for p in PLAYERS {
            if g.captured(p) != captured[p] {
                let q = opponent(p);
                let name = |p: Player| ["White", "Black"][p.index()];
                return Err(PositionError(format!(
                    "captures do not add up: {} has {} pieces on the board and {} in reserve, \
                     so {} has captured {} of the {} a player owns, not {}",
                    name(q),
                    g.board.material(q),
                    g.reserve[q],
                    name(p),
                    g.captured(p),
                    variant.pieces(),
                    captured[p]
                )));
            }
        }
        Ok(g)
    }
}

fn read_board(s: &str) -> Result<Board, String> {
    let t = tables();
    let files: Vec<&str> = s.split('/').collect();
    if files.len() != 7 {
        return Err(format!("the board '{s}' has {} files; expected 7 (b to h)", files.len()));
    }
    let mut board = Board::default();
    for (i, text) in files.iter().enumerate() {
        let file = i as u8 + 1;
        let letter = (b'a' + file) as char;
        let points: Vec<u8> = file_points(file).collect();
        let mut at = 0;
        for ch in text.chars() {
            if let Some(n) = ch.to_digit(10).filter(|&n| n > 0) {
                at += n as usize;
            } else if let Some(k) = glyph_kind(ch) {
                if at < points.len() {
                    *board.mask_mut(k) |= bit(points[at]);
                }
                at += 1;
            } else {
                return Err(format!("'{ch}' on file {letter}: expected o, O, x, X or a digit 1-7"));
            }
        }
        if at != points.len() {
            return Err(format!(
                "file {letter} has {} points ({} to {}), '{text}' gives {at}",
                points.len(),
                t.names[usize::from(points[0])],
                t.names[usize::from(points[points.len() - 1])]
            ));
        }
    }
    Ok(board)
}

fn read_pair(s: &str, what: &str) -> Result<PerPlayer<u8>, String> {
    let bad =
        || format!("the {what} '{s}' should be two whole numbers, White's then Black's: 12,9");
    let (a, b) = s.split_once(',').ok_or_else(bad)?;
    Ok(PerPlayer::from([
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    ]))
}

type Flags = (PerPlayer<bool>, PerPlayer<bool>);

fn read_flags(s: &str, variant: Variant) -> Result<Flags, String> {
    let mut gipf = PerPlayer::from([false; 2]);
    let mut single = PerPlayer::from([false; 2]);
    if s == "-" {
        return Ok((gipf, single));
    }
    if variant != Variant::Tournament {
        return Err(format!(
            "the flags '{s}': the {} game has no tournament flags, write '-'",
            variant.name()
        ));
    }
    for ch in s.chars() {
        let (p, f) = match ch {
            'G' => (PLAYERS[0], &mut gipf),
            'S' => (PLAYERS[0], &mut single),
            'g' => (PLAYERS[1], &mut gipf),
            's' => (PLAYERS[1], &mut single),
            _ => return Err(format!("'{ch}' in the flags '{s}': expected G, S, g, s or '-'")),
        };
        if f[p] {
            return Err(format!("'{ch}' twice in the flags '{s}'"));
        }
        f[p] = true;
    }
    Ok((gipf, single))
}
