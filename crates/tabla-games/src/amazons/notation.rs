//! Text both ways: moves (`b1-b4/e4`, `b1xb4/e4`, `Q@c3`) and the position text, a one-line
//! picture of a position like chess's FEN (format in the rules file, "Position text").

use super::config::{Placement, MAX_QUEENS};
use super::position::{Amazons, Content, Move};
use std::sync::Arc;
use tabla_core::{Cell, Game, MoveError, Player, PlayerSet, PositionError, Shape};

/// What the position text is, for error messages.
const POSITION_FORMAT: &str = "the board (square: ranks top first; hex: files a first, each \
     from rank 1 up; '/' between; . empty, # stone, - no cell, 1-4 a queen), the player to \
     move (1-4), then optionally hand:N,N,... played:NN out:NN";

impl Amazons {
    /// The canonical notation of a legal turn.
    pub(super) fn write_move(&self, mv: Move) -> String {
        let geo = &self.cfg.geo;
        match mv {
            Move::Place(c) => format!("Q@{}", geo.name(c)),
            Move::Shot { from, to, stone } => {
                let sep = if self.board[to.index()].queen_owner().is_some() { 'x' } else { '-' };
                format!("{}{sep}{}/{}", geo.name(from), geo.name(to), geo.name(stone))
            }
        }
    }

    /// Reads a turn in this position: any case, `-` or `x` before the target.
    pub(super) fn read_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let geo = &self.cfg.geo;
        let cell = |s: &str| -> Result<Cell, MoveError> {
            geo.parse_cell(s).ok_or_else(|| {
                MoveError::unreadable(text, format!("'{s}' is not a cell of this board"))
            })
        };
        if self.over.is_some() {
            return Err(MoveError::game_over(text));
        }
        let p = self.turn;
        let mv = if let Some(rest) = t.strip_prefix("Q@").or_else(|| t.strip_prefix("q@")) {
            let c = cell(rest)?;
            if !self.may_place(p) {
                return Err(MoveError::illegal(text, "you have no queen left to place"));
            }
            if !self.board[c.index()].is_empty() {
                return Err(MoveError::illegal(text, format!("{} is not empty", geo.name(c))));
            }
            Move::Place(c)
        } else {
            let expected = "expected from-to/stone (b1-b4/e4), fromxto/stone, or Q@cell";
            let (qmove, stone) =
                t.split_once('/').ok_or_else(|| MoveError::unreadable(text, expected))?;
            let (from, to) = qmove
                .split_once(['-', 'x', 'X'])
                .ok_or_else(|| MoveError::unreadable(text, expected))?;
            let (from, to, stone) = (cell(from)?, cell(to)?, cell(stone)?);
            if self.must_place(p) {
                return Err(MoveError::illegal(text, "you must place a queen (Q@cell) this turn"));
            }
            if self.board[from.index()] != Content::queen(p) {
                return Err(MoveError::illegal(
                    text,
                    format!("no queen of {} on {}", self.player_name(p), geo.name(from)),
                ));
            }
            let mut reach = false;
            self.for_each_reach(from, from, Some(p), |c| reach |= c == to);
            if !reach {
                return Err(MoveError::illegal(
                    text,
                    format!("the queen on {} cannot reach {}", geo.name(from), geo.name(to)),
                ));
            }
            let mut shot = false;
            self.for_each_reach(to, from, None, |c| shot |= c == stone);
            if !shot {
                return Err(MoveError::illegal(
                    text,
                    format!("a stone cannot be shot from {} to {}", geo.name(to), geo.name(stone)),
                ));
            }
            Move::Shot { from, to, stone }
        };
        Ok(mv)
    }

    /// The position text: the board, the player to move, and the fields that are not empty
    /// (`hand:`, `played:`, `out:`), separated by spaces.
    pub(super) fn write_position(&self) -> String {
        let geo = &self.cfg.geo;
        let glyph = |f: u8, r: u8| match geo.at(f, r) {
            None => '-',
            Some(c) => match self.board[c.index()] {
                Content::EMPTY => '.',
                Content::STONE => '#',
                q => (b'1' + q.queen_owner().expect("a queen").0) as char,
            },
        };
        let lines: Vec<String> = match geo.shape() {
            Shape::Square { files, ranks } => {
                (0..ranks).rev().map(|r| (0..files).map(|f| glyph(f, r)).collect()).collect()
            }
            Shape::Hex { side } => (0..2 * side - 1)
                .map(|f| (0..hex_file_len(side, f)).map(|r| glyph(f, r)).collect())
                .collect(),
        };
        let mut s = lines.join("/");
        s.push(' ');
        s.push(seat_digit(self.turn));
        if self.cfg.seats().any(|p| self.in_hand[p] > 0) {
            let hand: Vec<String> = self.cfg.seats().map(|p| self.in_hand[p].to_string()).collect();
            s.push_str(&format!(" hand:{}", hand.join(",")));
        }
        if !self.played.is_empty() {
            s.push_str(" played:");
            s.extend(self.played.iter().map(seat_digit));
        }
        if !self.out_order().is_empty() {
            s.push_str(" out:");
            s.extend(self.out_order().iter().copied().map(seat_digit));
        }
        s
    }

    /// Reads a position text under this position's rules.
    pub(super) fn read_position_text(&self, text: &str) -> Result<Amazons, PositionError> {
        let err = |why: String| Err(PositionError(why));
        let cfg = &self.cfg;
        let geo = &cfg.geo;
        let players = cfg.players;
        let mut fields = text.split_whitespace();
        let (Some(board), Some(turn)) = (fields.next(), fields.next()) else {
            return err(format!("expected {POSITION_FORMAT}; got '{}'", text.trim()));
        };
        let mut a = Amazons::empty(Arc::clone(cfg));
        a.sampler = self.sampler;

        // The board, line by line: (file, rank) of each character.
        let groups: Vec<&str> = board.split('/').collect();
        let (want, line_len, what): (usize, Box<dyn Fn(usize) -> usize>, &str) = match geo.shape() {
            Shape::Square { files, ranks } => {
                (ranks as usize, Box::new(move |_| files as usize), "ranks")
            }
            Shape::Hex { side } => (
                2 * side as usize - 1,
                Box::new(move |f| hex_file_len(side, f as u8) as usize),
                "files",
            ),
        };
        if groups.len() != want {
            return err(format!(
                "the board has {} lines, expected {want} ({what}, '/' between)",
                groups.len()
            ));
        }
        for (i, line) in groups.iter().enumerate() {
            let len = line.chars().count();
            if len != line_len(i) {
                return err(format!(
                    "board line {} ('{line}') has {len} cells, expected {}",
                    i + 1,
                    line_len(i)
                ));
            }
            for (j, ch) in line.chars().enumerate() {
                let (f, r) = match geo.shape() {
                    Shape::Square { ranks, .. } => (j as u8, ranks - 1 - i as u8),
                    Shape::Hex { .. } => (i as u8, j as u8),
                };
                let name = format!("{}{}", (b'a' + f) as char, r + 1);
                let Some(c) = geo.at(f, r) else {
                    if ch == '-' {
                        continue;
                    }
                    return err(format!(
                        "{name} is not a cell under these options (a hole or outside the \
                         board): write '-' there, not '{ch}'"
                    ));
                };
                match ch {
                    '.' => {}
                    '#' => a.set(c, Content::STONE),
                    '-' => {
                        return err(format!(
                            "'-' on {name}, a cell under these options: holes are set by \
                             the options and never change"
                        ))
                    }
                    '1'..='4' if (ch as u8 - b'0') <= players => {
                        let p = Player(ch as u8 - b'1');
                        if a.queens[p].is_full() {
                            return err(format!(
                                "player {ch} has more than {MAX_QUEENS} queens on the board"
                            ));
                        }
                        a.add_queen(p, c);
                    }
                    _ => {
                        return err(format!(
                            "'{ch}' on {name}: expected . (empty), # (stone) or a player \
                             number 1-{players}"
                        ))
                    }
                }
            }
        }

        a.turn = read_seat(turn, players).map_err(|why| {
            PositionError(format!("the player to move: {why} (after the board: {POSITION_FORMAT})"))
        })?;

        let mut seen: Vec<&str> = Vec::new();
        for field in fields {
            let Some((key, value)) = field.split_once(':') else {
                return err(format!(
                    "'{field}' is not a field; expected hand:N,N,... played:NN or out:NN"
                ));
            };
            if seen.contains(&key) {
                return err(format!("field {key}: given twice"));
            }
            seen.push(key);
            match key {
                "hand" => {
                    let counts: Vec<&str> = value.split(',').collect();
                    if counts.len() != players as usize {
                        return err(format!(
                            "hand:{value}: expected {players} counts, one per player, comma \
                             separated"
                        ));
                    }
                    for (p, n) in cfg.seats().zip(counts) {
                        let on_board = a.queens[p].len();
                        match n.parse::<u8>() {
                            Ok(n) if usize::from(n) + on_board <= MAX_QUEENS => a.in_hand[p] = n,
                            _ => {
                                return err(format!(
                                    "hand:{value}: player {} has {on_board} on the board, \
                                     so 0 to {} queens in hand; got '{n}'",
                                    p.0 + 1,
                                    MAX_QUEENS - on_board
                                ))
                            }
                        }
                    }
                }
                "played" => {
                    if cfg.placement != Placement::Free {
                        return err(format!(
                            "played:{value}: only free placement keeps who has played"
                        ));
                    }
                    a.played = read_seats(value, players)
                        .map_err(|why| PositionError(format!("played:{value}: {why}")))?
                        .into_iter()
                        .fold(PlayerSet::EMPTY, PlayerSet::with);
                }
                "out" => {
                    let order = read_seats(value, players)
                        .map_err(|why| PositionError(format!("out:{value}: {why}")))?;
                    for p in order {
                        a.put_out(p);
                    }
                }
                _ => {
                    return err(format!(
                        "unknown field '{key}:'; expected hand:N,N,... played:NN or out:NN"
                    ))
                }
            }
        }
        if a.remaining_sides() == 0 {
            return err("out: everybody is out; the last player or team standing never is".into());
        }
        a.begin_turn();
        Ok(a)
    }
}

/// The number of cells of hex file `f` (0-based) on a hexagon of side `side`.
fn hex_file_len(side: u8, f: u8) -> u8 {
    let m = side - 1;
    2 * m + 1 - f.abs_diff(m)
}

/// A seat as the position text writes it: `1`–`4`.
fn seat_digit(p: Player) -> char {
    (b'1' + p.0) as char
}

/// Reads one seat digit.
fn read_seat(s: &str, players: u8) -> Result<Player, String> {
    match s.as_bytes() {
        &[d @ b'1'..=b'4'] if d - b'0' <= players => Ok(Player(d - b'1')),
        _ => Err(format!("expected a player number 1-{players}, got '{s}'")),
    }
}

/// Reads seat digits written together (`31`), each at most once, in order.
fn read_seats(s: &str, players: u8) -> Result<Vec<Player>, String> {
    let mut out: Vec<Player> = Vec::new();
    for ch in s.chars() {
        let p = read_seat(ch.encode_utf8(&mut [0; 4]), players)?;
        if out.contains(&p) {
            return Err(format!("player {ch} is named twice"));
        }
        out.push(p);
    }
    Ok(out)
}
