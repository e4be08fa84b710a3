//! The rules file's notation (moves in the mover's track numbers, chance tokens) and the
//! position text (`rules/bulgarian-ur.md`, "Position text"), both ways, with errors that say
//! what was wrong and what was expected.

use super::config::{Config, Quiet};
use super::position::{
    opponent, BulgarianUr, ByPlayer, Colour, Disc, Square, Stage, Tower, UrMove, BLACK, NAMES,
    SQUARE_COUNT, TRACK, YELLOW,
};
use std::fmt::Write as _;
use tabla_core::{Game, MoveError, Player, PositionError};

// ---------------------------------------------------------------------------------------------
// Moves

/// The canonical text of a move.
pub(crate) fn format_move(mv: UrMove) -> String {
    match mv {
        UrMove::First(p) => format!("first={}", NAMES[p.index() & 1]),
        UrMove::Roll(r) => format!("r{r}"),
        UrMove::Enter { to } => format!("0-{to}"),
        UrMove::Step { from, to } => format!("{from}-{to}"),
        UrMove::Pass => "pass".into(),
    }
}

const EXPECTED: &str = "expected first=black or first=yellow (the roll-off), a roll r1 to r6, \
                        a move FROM-TO in the mover's track numbers (0 = reserve, 1-14: 0-5, \
                        3-7, 9-6, 14-2) or pass";

/// Reads a token without looking at the position.
fn read_move(text: &str) -> Result<UrMove, String> {
    let t = text.trim().to_ascii_lowercase();
    if t == "pass" {
        return Ok(UrMove::Pass);
    }
    if let Some(who) = t.strip_prefix("first=") {
        return match who.trim() {
            "black" => Ok(UrMove::First(BLACK)),
            "yellow" => Ok(UrMove::First(YELLOW)),
            _ => Err(format!("the roll-off names black or yellow, not '{who}'")),
        };
    }
    if let Some(v) = t.strip_prefix('r') {
        return match v.parse::<u8>() {
            Ok(r @ 1..=6) => Ok(UrMove::Roll(r)),
            Ok(_) => Err("a die shows 1 to 6 (r1 to r6)".into()),
            Err(_) => Err(EXPECTED.into()),
        };
    }
    if let Some((a, b)) = t.split_once('-') {
        let (Ok(from), Ok(to)) = (a.trim().parse::<u8>(), b.trim().parse::<u8>()) else {
            return Err(format!("FROM and TO must be numbers; {EXPECTED}"));
        };
        if from > TRACK {
            return Err(format!("FROM is 0 (the reserve) or a track square 1-14, not {from}"));
        }
        if !(1..=TRACK).contains(&to) {
            return Err(format!("TO is a track square 1-14, not {to}"));
        }
        if from == to {
            return Err(format!("FROM and TO are the same square ({from}); a move goes somewhere"));
        }
        return Ok(if from == 0 { UrMove::Enter { to } } else { UrMove::Step { from, to } });
    }
    Err(EXPECTED.into())
}

/// Reads a move in `g` (see [`Game::parse_move`]).
pub(crate) fn parse_move(g: &BulgarianUr, text: &str) -> Result<UrMove, MoveError> {
    let mv = read_move(text).map_err(|why| MoveError::unreadable(text, why))?;
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    if legal.contains(&mv) {
        Ok(mv)
    } else {
        Err(MoveError::illegal(text, why_illegal(g, mv)))
    }
}

/// Why `mv` is not legal in `g`, for people (called only for moves that are not legal).
fn why_illegal(g: &BulgarianUr, mv: UrMove) -> String {
    let who = NAMES[g.side.index()];
    let r = match g.stage {
        Stage::Won(_) | Stage::Draw => return "the game is over".into(),
        Stage::RollOff => {
            return "the game starts with the roll-off: first=black or first=yellow".into()
        }
        Stage::Roll => return format!("{who} rolls the die first: r1 to r6"),
        Stage::Move(r) => r,
    };
    let p = g.side;
    let mut legal = Vec::new();
    g.legal_moves(&mut legal);
    let listed = legal.iter().map(|&m| format_move(m)).collect::<Vec<_>>().join(", ");
    let (from, to) = match mv {
        UrMove::First(_) | UrMove::Roll(_) => {
            return format!("{who} has rolled r{r} and must move or pass ({listed})")
        }
        UrMove::Pass => return format!("passing is allowed only when no move exists: {listed}"),
        UrMove::Enter { to } => {
            if g.reserve[p] == 0 {
                return format!("{who} has no disc left in the reserve");
            }
            return format!("with r{r} a disc enters on square {r}, not {to}");
        }
        UrMove::Step { from, to } => (from, to),
    };
    let t = g.towers[g.square_of(p, from)];
    if t.len() == 0 {
        return format!("{who}'s square {from} is empty");
    }
    if t.top_owner() != p {
        return format!(
            "the top of the tower on {who}'s square {from} is {}'s: only the top disc moves, \
             and only by its owner",
            NAMES[t.top_owner().index()]
        );
    }
    if to > from {
        if from + r > TRACK {
            return format!("moves are exact: {r} from square {from} would pass square 14");
        }
        if to - from != r {
            return format!("the roll is {r}: forward from {from} goes to {}", from + r);
        }
    } else if from == TRACK && to == r {
        return "only a red disc may re-enter".into();
    } else {
        if !t.top_red() {
            return format!("the disc on {from} is blue: only red discs move backward");
        }
        if from - to != r {
            return if from > r {
                format!("the roll is {r}: backward from {from} goes to {}", from - r)
            } else {
                format!("the roll is {r}: backward from {from} would go below square 1")
            };
        }
    }
    format!("no such move; the legal moves are: {listed}")
}

// ---------------------------------------------------------------------------------------------
// Position text

/// The glyph of a disc in position texts and drawings: B/Y Black/Yellow, upper case blue,
/// lower case red.
pub(crate) fn disc_glyph(d: Disc) -> char {
    match (d.owner, d.colour) {
        (BLACK, Colour::Blue) => 'B',
        (BLACK, Colour::Red) => 'b',
        (_, Colour::Blue) => 'Y',
        (_, Colour::Red) => 'y',
    }
}

fn glyph_disc(c: char) -> Option<Disc> {
    let (owner, colour) = match c {
        'B' => (BLACK, Colour::Blue),
        'b' => (BLACK, Colour::Red),
        'Y' => (YELLOW, Colour::Blue),
        'y' => (YELLOW, Colour::Red),
        _ => return None,
    };
    Some(Disc { owner, colour })
}

/// `towers=c5:YbY,b14:b reserve=8,9 removed=0,1 turn=black:r3 quiet=12` (format: the rules
/// file's "Position text").
pub(crate) fn position_text(g: &BulgarianUr) -> String {
    let mut towers = String::new();
    for sq in Square::all() {
        let t = g.towers[sq.index()];
        if t.len() > 0 {
            if !towers.is_empty() {
                towers.push(',');
            }
            towers.push_str(&sq.id());
            towers.push(':');
            towers.extend(t.discs().map(disc_glyph));
        }
    }
    if towers.is_empty() {
        towers.push('-');
    }
    let turn = match g.stage {
        Stage::RollOff => "roll-off".to_string(),
        Stage::Roll => NAMES[g.side.index()].to_string(),
        Stage::Move(r) => format!("{}:r{r}", NAMES[g.side.index()]),
        Stage::Won(p) => format!("won:{}", NAMES[p.index()]),
        Stage::Draw => "draw".to_string(),
    };
    let mut out = String::new();
    let _ = write!(
        out,
        "towers={towers} reserve={},{} removed={},{} turn={turn} quiet={}",
        g.reserve[BLACK], g.reserve[YELLOW], g.removed[BLACK], g.removed[YELLOW], g.quiet
    );
    out
}

const FORMAT: &str = "expected `towers=CELL:DISCS,... reserve=B,Y removed=B,Y turn=TURN \
                      quiet=N`, e.g. `towers=c5:YbY,b14:b reserve=8,9 removed=0,1 \
                      turn=black:r3 quiet=12`";

fn err(why: impl std::fmt::Display) -> PositionError {
    PositionError(format!("{why}; {FORMAT}"))
}

/// Two counts `B,Y`, each at most `max`.
fn read_pair(key: &str, v: &str, max: u8) -> Result<ByPlayer<u8>, PositionError> {
    let bad = || {
        err(format!(
            "{key}={v}: expected two counts from 0 to {max}, Black's then Yellow's (like \
             {key}=0,1)"
        ))
    };
    let (a, b) = v.split_once(',').ok_or_else(bad)?;
    let a: u8 = a.trim().parse().map_err(|_| bad())?;
    let b: u8 = b.trim().parse().map_err(|_| bad())?;
    if a > max || b > max {
        return Err(bad());
    }
    Ok(ByPlayer::from([a, b]))
}

fn read_player(name: &str) -> Option<Player> {
    match name {
        "black" => Some(BLACK),
        "yellow" => Some(YELLOW),
        _ => None,
    }
}

/// Reads a position text under `rules` (see [`Game::read_position`]).
pub(crate) fn read_position(rules: Config, text: &str) -> Result<BulgarianUr, PositionError> {
    const KEYS: [&str; 5] = ["towers", "reserve", "removed", "turn", "quiet"];
    let mut fields: [Option<&str>; 5] = [None; 5];
    for word in text.split_whitespace() {
        let Some((key, value)) = word.split_once('=') else {
            return Err(err(format!("'{word}' is not KEY=VALUE")));
        };
        let Some(i) = KEYS.iter().position(|k| k.eq_ignore_ascii_case(key)) else {
            return Err(err(format!("unknown field '{key}' (the fields are {})", KEYS.join(", "))));
        };
        if fields[i].replace(value).is_some() {
            return Err(err(format!("the field {key} is given twice")));
        }
    }
    let get = |i: usize| fields[i].ok_or_else(|| err(format!("the field {} is missing", KEYS[i])));
    let discs = rules.discs;

    // Towers.
    let mut towers = [Tower::EMPTY; SQUARE_COUNT];
    let mut on_board = ByPlayer::from([0u8; 2]);
    let tower_text = get(0)?;
    if tower_text != "-" {
        for item in tower_text.split(',') {
            let Some((id, glyphs)) = item.split_once(':') else {
                return Err(err(format!(
                    "towers: '{item}' should be CELL:DISCS (like c5:YbY; cells b1-b4, b13, b14, \
                     y1-y4, y13, y14, c5-c12; towers=- for none)"
                )));
            };
            let sq = Square::from_id(id).ok_or_else(|| {
                err(format!(
                    "towers: no cell '{id}' (the cells are b1-b4, b13, b14, y1-y4, y13, y14 and \
                     c5-c12)"
                ))
            })?;
            if towers[sq.index()].len() > 0 {
                return Err(err(format!("towers: the cell {id} is listed twice")));
            }
            if glyphs.is_empty() {
                return Err(err(format!("towers: {id} has no discs (leave empty cells out)")));
            }
            let mut t = Tower::EMPTY;
            for c in glyphs.chars() {
                let d = glyph_disc(c).ok_or_else(|| {
                    err(format!(
                        "towers: '{c}' on {id} is not a disc (B/Y Black/Yellow, upper case blue, \
                         lower case red, bottom to top)"
                    ))
                })?;
                on_board[d.owner] += 1;
                if on_board[d.owner] > discs {
                    return Err(err(format!(
                        "towers: more than {discs} {} discs (discs={discs})",
                        NAMES[d.owner.index()]
                    )));
                }
                t = t.stack(Tower::single(d));
            }
            if let Some(owner) = sq.owner() {
                if t.top_owner() != owner {
                    return Err(err(format!(
                        "towers: {id} is {}'s own square: an enemy disc there is always a \
                         prisoner under a {} guard",
                        NAMES[owner.index()],
                        NAMES[owner.index()]
                    )));
                }
                let base1 = sq.track_number(rules.centre, owner) == Some(TRACK);
                if base1 && t.discs().any(|d| d.owner != owner || d.colour != Colour::Red) {
                    return Err(err(format!(
                        "towers: {id} is base 1, which holds only {}'s red discs (prisoners \
                         arriving there leave the game)",
                        NAMES[owner.index()]
                    )));
                }
            }
            towers[sq.index()] = t;
        }
    }
    let reserve = read_pair("reserve", get(1)?, discs)?;
    let removed = read_pair("removed", get(2)?, discs)?;
    for p in [BLACK, YELLOW] {
        let total = on_board[p] + reserve[p] + removed[opponent(p)];
        if total != discs {
            return Err(err(format!(
                "{} has {} discs on the board, {} in the reserve and {} removed by {}: {total}, \
                 but every disc is in exactly one place and each player has {discs} (discs={discs})",
                NAMES[p.index()],
                on_board[p],
                reserve[p],
                removed[opponent(p)],
                NAMES[opponent(p).index()]
            )));
        }
    }

    // Whose turn.
    let turn = get(3)?;
    let bad_turn = || {
        err(format!(
            "turn={turn}: expected roll-off, black or yellow (to roll), black:r1 … yellow:r6 \
             (rolled, to move), won:black, won:yellow or draw"
        ))
    };
    let (side, stage) = match turn {
        "roll-off" => (BLACK, Stage::RollOff),
        "draw" => (BLACK, Stage::Draw),
        _ => match turn.split_once(':') {
            None => (read_player(turn).ok_or_else(bad_turn)?, Stage::Roll),
            Some(("won", who)) => {
                let p = read_player(who).ok_or_else(bad_turn)?;
                (BLACK, Stage::Won(p))
            }
            Some((who, roll)) => {
                let p = read_player(who).ok_or_else(bad_turn)?;
                match roll.strip_prefix('r').and_then(|r| r.parse::<u8>().ok()) {
                    Some(r @ 1..=6) => (p, Stage::Move(r)),
                    _ => return Err(bad_turn()),
                }
            }
        },
    };

    // The quiet count.
    let quiet_text = get(4)?;
    let quiet: u32 = quiet_text.parse().map_err(|_| {
        err(format!("quiet={quiet_text}: expected the number of quiet turns so far"))
    })?;
    let g = BulgarianUr::from_parts(rules, towers, reserve, removed, side, stage, quiet);

    // What only a played game can reach.
    let over = matches!(stage, Stage::Won(_) | Stage::Draw);
    let quiet_end = match rules.quiet {
        Quiet::Off if quiet > 0 => {
            return Err(err(format!(
                "quiet={quiet}: with quiet=off the count is not kept (quiet=0)"
            )))
        }
        Quiet::Off => false,
        Quiet::After(limit) if quiet > limit || (quiet == limit && !over) => {
            return Err(err(format!(
                "quiet={quiet}: the game ends after {limit} quiet turns (quiet={limit}); a game \
                 that goes on has a count below {limit}"
            )))
        }
        Quiet::After(limit) => quiet == limit,
    };
    if stage == Stage::RollOff && (reserve != ByPlayer::from([discs; 2]) || quiet != 0) {
        return Err(err(
            "turn=roll-off is the start: every disc in the reserve (towers=-, removed=0,0, \
             quiet=0)",
        ));
    }
    match stage {
        Stage::Roll | Stage::Move(_) => {
            for p in [BLACK, YELLOW] {
                if !g.has_free_disc(p) {
                    return Err(err(format!(
                        "turn={turn}: {} has no free disc, so the game is over \
                         (turn=won:{})",
                        NAMES[p.index()],
                        NAMES[opponent(p).index()]
                    )));
                }
            }
        }
        Stage::Won(p) => {
            let by_capture = !g.has_free_disc(opponent(p)) && g.has_free_disc(p);
            let by_quiet = quiet_end && g.quiet_result() == stage;
            if !(by_capture || by_quiet) {
                return Err(err(format!(
                    "turn={turn}: {} wins only when {} has no free disc, or when the quiet rule \
                     ends the game with {} ahead in removals",
                    NAMES[p.index()],
                    NAMES[opponent(p).index()],
                    NAMES[p.index()]
                )));
            }
        }
        Stage::Draw => {
            if !(quiet_end && g.quiet_result() == Stage::Draw) {
                return Err(err(
                    "turn=draw: a game is drawn only when the quiet rule ends it with equal \
                     removals",
                ));
            }
        }
        Stage::RollOff => {}
    }
    Ok(g)
}
