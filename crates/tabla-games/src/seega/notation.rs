//! Notation (`rules/seega.md`, *Notation*) both ways, and the position text (rules file,
//! *Position text*).

use super::config::{other, BySeat, FIRST, SECOND};
use super::movegen::{Path, SeegaMove, Turn, MAX_STEPS};
use super::position::{bit, count, History, Seega};
use tabla_core::{Game, MoveError, Outcome, Player, PositionError};

impl Seega {
    /// The canonical text of a move.
    pub(super) fn format(&self, mv: SeegaMove) -> String {
        let t = self.t();
        match mv.turn() {
            Turn::PlaceOne(a) => t.geo.name(a),
            Turn::PlaceTwo(a, b) => format!("{},{}", t.geo.name(a), t.geo.name(b)),
            Turn::Step(path) => {
                let names: Vec<String> = path.cells(t).map(|c| t.name(c)).collect();
                names.join("-")
            }
            Turn::Pass => "pass".to_string(),
        }
    }

    /// Reads a move (see [`Game::parse_move`]).
    pub(super) fn parse(&self, text: &str) -> Result<SeegaMove, MoveError> {
        let clean: String =
            text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_ascii_lowercase();
        if clean.is_empty() {
            return Err(MoveError::unreadable(text, "empty move"));
        }
        if self.outcome.is_some() {
            return Err(MoveError::game_over(text));
        }
        if clean == "pass" {
            let mut moves = Vec::new();
            self.legal_moves(&mut moves);
            return if moves == [SeegaMove::PASS] {
                Ok(SeegaMove::PASS)
            } else {
                Err(MoveError::illegal(text, "a player may pass only when no stone can move"))
            };
        }
        if clean.contains('-') {
            if !self.moving {
                return Err(MoveError::illegal(
                    text,
                    "stones are still being placed: write the cells to place on, like a1,b2",
                ));
            }
            let cells: Vec<&str> = clean.split('-').collect();
            return self.parse_step(text, &cells);
        }
        let cells: Vec<&str> = clean.split(',').collect();
        if self.moving {
            if cells.iter().all(|c| self.t().geo.parse_cell(c).is_some()) {
                return Err(MoveError::illegal(
                    text,
                    "every stone is placed: move one like c2-c3 (or pass when stuck)",
                ));
            }
            return Err(MoveError::unreadable(
                text,
                "expected a move like c2-c3, a series like c2-c3-d4, or pass",
            ));
        }
        self.parse_placing(text, &cells)
    }

    fn cell_text(&self, c: u8) -> String {
        self.t().name(c)
    }

    fn parse_cell(&self, text: &str, whole: &str) -> Result<u8, MoveError> {
        let t = self.t();
        t.geo.parse_cell(text).map(|c| c.0 as u8).ok_or_else(|| {
            let last = t.name(t.size * t.size - 1);
            MoveError::unreadable(
                whole,
                format!("'{text}' is not a cell of this {0}×{0} board (a1 to {last})", t.size),
            )
        })
    }

    fn parse_placing(&self, text: &str, cells: &[&str]) -> Result<SeegaMove, MoveError> {
        let t = self.t();
        let want = usize::from(self.config.place);
        let example = if want == 1 { "one cell like a1" } else { "two cells like a1,b2" };
        if !cells.iter().all(|c| !c.is_empty()) {
            return Err(MoveError::unreadable(text, format!("a placing is {example}")));
        }
        if cells.len() != want {
            return Err(MoveError::illegal(
                text,
                format!("this game places {want} stone(s) a turn: write {example}"),
            ));
        }
        let mut cs = [0u8; 2];
        for (i, c) in cells.iter().enumerate() {
            let c = self.parse_cell(c, text)?;
            if c == t.centre {
                return Err(MoveError::illegal(text, "no stone may be placed on the centre"));
            }
            if (self.stones.0[0] | self.stones.0[1]) >> c & 1 != 0 {
                return Err(MoveError::illegal(
                    text,
                    format!("{} is already occupied", self.cell_text(c)),
                ));
            }
            cs[i] = c;
        }
        if want == 1 {
            return Ok(SeegaMove::place_one(cs[0]));
        }
        if cs[0] == cs[1] {
            return Err(MoveError::illegal(text, "the two stones go on two different cells"));
        }
        if t.order(cs[0]) > t.order(cs[1]) {
            cs.swap(0, 1);
        }
        Ok(SeegaMove::place_two(cs[0], cs[1]))
    }

    fn parse_step(&self, text: &str, cells: &[&str]) -> Result<SeegaMove, MoveError> {
        let t = self.t();
        if cells.len() < 2 || cells.iter().any(|c| c.is_empty()) {
            return Err(MoveError::unreadable(
                text,
                "a move is the cells the stone visits joined by '-', like c2-c3 or c2-c3-d4",
            ));
        }
        let mut cs = Vec::with_capacity(cells.len());
        for c in cells {
            cs.push(self.parse_cell(c, text)?);
        }
        if cs.len() > MAX_STEPS + 1 {
            return Err(MoveError::illegal(text, "no capture series is that long"));
        }
        let p = self.to_move;
        if self.stones[p] >> cs[0] & 1 == 0 {
            return Err(MoveError::illegal(
                text,
                format!("{} holds no stone of the player to move", self.cell_text(cs[0])),
            ));
        }
        let mut path = Path::new(cs[0]);
        for w in cs.windows(2) {
            if t.neigh[usize::from(w[0])] >> w[1] & 1 == 0 {
                let how = if t.diagonal { "" } else { " orthogonally" };
                return Err(MoveError::illegal(
                    text,
                    format!(
                        "{} is not next to {}{how}; a stone steps to a neighbouring cell",
                        self.cell_text(w[1]),
                        self.cell_text(w[0])
                    ),
                ));
            }
            path = path.push(t.dir(w[0], w[1]));
        }
        let mv = SeegaMove::step(path);
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.contains(&mv) {
            return Ok(mv);
        }
        // Say why: replay the steps to find the first that cannot be made.
        let (mut me, mut opp) = (self.stones[p], self.stones[other(p)]);
        for (i, w) in cs.windows(2).enumerate() {
            if (me | opp) >> w[1] & 1 != 0 {
                return Err(MoveError::illegal(
                    text,
                    format!("{} is not empty", self.cell_text(w[1])),
                ));
            }
            if i > 0 && count(opp) <= 1 {
                return Err(MoveError::illegal(
                    text,
                    "the series ends once the opponent is down to one stone",
                ));
            }
            me ^= bit(w[0]) | bit(w[1]);
            let caps = t.captures(w[1], me, opp);
            opp ^= caps;
            if caps == 0 && cs.len() > 2 {
                return Err(MoveError::illegal(
                    text,
                    format!(
                        "in a capture series every step must capture; the step to {} \
                         captures nothing",
                        self.cell_text(w[1])
                    ),
                ));
            }
        }
        Err(MoveError::illegal(
            text,
            "it would leave the opponent without a move while another turn would not (rule: blocked players)",
        ))
    }
}

// ---------------------------------------------------------------------------------------------
// Position text

/// The fields of a position text, for messages.
const FIELDS: &str = "BOARD SIDE PHASE HAND QUIET [RESULT]";

impl Seega {
    /// The position text (rules file, *Position text*): `BOARD SIDE PHASE HAND QUIET`, then
    /// the result once the game is over.
    pub(super) fn text(&self) -> String {
        let t = self.t();
        let n = t.size;
        let mut s = String::with_capacity(usize::from(n) * (usize::from(n) + 1) + 32);
        for r in (0..n).rev() {
            for f in 0..n {
                let c = r * n + f;
                s.push(if self.stones[FIRST] >> c & 1 != 0 {
                    'X'
                } else if self.stones[SECOND] >> c & 1 != 0 {
                    'O'
                } else {
                    '.'
                });
            }
            if r > 0 {
                s.push('/');
            }
        }
        let phase = if self.moving { "moving" } else { "placing" };
        s.push_str(&format!(
            " {} {phase} {},{} {}",
            self.player_name(self.to_move),
            self.in_hand[FIRST],
            self.in_hand[SECOND],
            self.quiet
        ));
        if let Some(o) = self.outcome {
            s.push(' ');
            s.push_str(result_word(o));
        }
        s
    }

    /// Reads a position text under this position's rules. Decision: the text carries no
    /// repetition history; it starts afresh with the position read.
    pub(super) fn read_text(&self, text: &str) -> Result<Seega, PositionError> {
        let fresh = Seega::new(self.config);
        let err = |what: String| {
            PositionError(format!("{what} (a position is {FIELDS}, like '{}')", fresh.text()))
        };
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(5..=6).contains(&fields.len()) {
            return Err(err(format!("expected 5 or 6 fields, got {}", fields.len())));
        }
        let stones = fresh.read_board(fields[0]).map_err(|e| err(format!("board: {e}")))?;
        let to_move = match fields[1].to_ascii_lowercase().as_str() {
            "first" => FIRST,
            "second" => SECOND,
            s => return Err(err(format!("side to move '{s}': expected first or second"))),
        };
        let moving = match fields[2].to_ascii_lowercase().as_str() {
            "placing" => false,
            "moving" => true,
            s => return Err(err(format!("phase '{s}': expected placing or moving"))),
        };
        let hand: Vec<Option<u8>> = fields[3].split(',').map(|x| x.parse().ok()).collect();
        let in_hand = match hand[..] {
            [Some(a), Some(b)] => BySeat([a, b]),
            _ => {
                return Err(err(format!(
                    "stones in hand '{}': expected two whole numbers, First's then \
                     Second's, like 12,12",
                    fields[3]
                )))
            }
        };
        let limit = self.config.quiet;
        let quiet = match fields[4].parse::<u32>() {
            Ok(q) if q <= limit => q,
            _ => {
                return Err(err(format!(
                    "quiet count '{}': expected a whole number from 0 to the quiet limit \
                     {limit}",
                    fields[4]
                )))
            }
        };
        let result = match fields.get(5).map(|s| s.to_ascii_lowercase()) {
            None => None,
            Some(s) if s == "*" => None,
            Some(s) if s == "first" => Some(Outcome::win(2, FIRST)),
            Some(s) if s == "second" => Some(Outcome::win(2, SECOND)),
            Some(s) if s == "draw" => Some(Outcome::draw()),
            Some(s) => {
                return Err(err(format!("result '{s}': expected first, second or draw")));
            }
        };
        let each = self.config.stones_each();
        let mut g = fresh.clone();
        g.stones = stones;
        g.in_hand = in_hand;
        g.to_move = to_move;
        g.moving = moving;
        g.quiet = quiet;
        let on = |p: Player| count(stones[p]);
        let name = |p: Player| if p == FIRST { "First" } else { "Second" };
        for p in [FIRST, SECOND] {
            if on(p) + u32::from(in_hand[p]) > u32::from(each) {
                return Err(err(format!(
                    "{} has {} stones on the board and {} in hand, more than the {each} \
                     each player has",
                    name(p),
                    on(p),
                    in_hand[p]
                )));
            }
        }
        if !moving {
            let t = self.t();
            if (stones.0[0] | stones.0[1]) & bit(t.centre) != 0 {
                return Err(err("no stone stands on the centre while stones are placed".into()));
            }
            for p in [FIRST, SECOND] {
                if on(p) + u32::from(in_hand[p]) != u32::from(each) {
                    return Err(err(format!(
                        "{} has {} stones on the board and {} in hand; while placing they \
                         add up to {each}",
                        name(p),
                        on(p),
                        in_hand[p]
                    )));
                }
            }
            if in_hand == BySeat([0, 0]) {
                return Err(err("every stone is placed: the phase is moving".into()));
            }
            let ahead = on(FIRST).checked_sub(on(SECOND));
            let expected = if to_move == FIRST { 0 } else { u32::from(self.config.place) };
            if ahead != Some(expected) {
                return Err(err(format!(
                    "First places first, {} a turn: with {} and {} stones placed it is not \
                     {}'s turn",
                    self.config.place,
                    on(FIRST),
                    on(SECOND),
                    self.player_name(to_move)
                )));
            }
            if quiet != 0 {
                return Err(err(
                    "the quiet count starts with phase 2: it is 0 while placing".into()
                ));
            }
            if result.is_some() {
                return Err(err("the game cannot end while stones are placed".into()));
            }
        } else {
            if in_hand != BySeat([0, 0]) {
                return Err(err("in phase 2 every stone is placed: write 0,0 in hand".into()));
            }
            if on(FIRST) <= 1 && on(SECOND) <= 1 {
                return Err(err("both players have one stone or none".into()));
            }
            // What the rules decide, and what a repetition may have decided.
            let forced = [FIRST, SECOND]
                .into_iter()
                .find(|&p| on(p) <= 1)
                .map(|p| Outcome::win(2, other(p)))
                .or_else(|| (quiet >= limit).then(|| g.by_count()));
            g.outcome = match (forced, result) {
                (Some(f), Some(r)) if f != r => {
                    return Err(err(format!(
                        "the result is {}, not {}, by the rules (end of the game)",
                        result_word(f),
                        result_word(r)
                    )))
                }
                (Some(f), _) => Some(f),
                (None, Some(r)) if r != g.by_count() => {
                    return Err(err(format!(
                        "a game ended by repetition goes by the stones: the result is {}, \
                         not {}",
                        result_word(g.by_count()),
                        result_word(r)
                    )))
                }
                (None, r) => r,
            };
        }
        g.key = g.key_from_scratch();
        g.history = if moving { History::new(g.key) } else { fresh.history.clone() };
        Ok(g)
    }
}

/// The result field of a finished game.
fn result_word(o: Outcome) -> &'static str {
    if o.winners.contains(FIRST) {
        "first"
    } else if o.winners.contains(SECOND) {
        "second"
    } else {
        "draw"
    }
}
