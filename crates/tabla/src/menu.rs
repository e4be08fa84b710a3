//! The menu: a game by number or name (`3`, `seega`, `Bulgarian Ur`, `ur`), or a saved game
//! to continue; then its options, the seats the computer plays and its level. Every answer
//! that cannot be used is asked again, saying what is expected.

use crate::play::{Input, Setup};
use crate::saves::{Saved, EXTENSION};
use tabla_games::{GameInfo, GAMES};

/// What the menu settled on.
pub enum Choice {
    /// A new game.
    New(Box<Setup>),
    /// A saved game, by file name.
    Load(String),
    /// Leave.
    Quit,
}

/// Lower case, with spaces, dashes and underscores made one dash.
fn normal(s: &str) -> String {
    s.trim()
        .to_lowercase()
        .split(|c: char| c.is_whitespace() || c == '-' || c == '_')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// The game a person means: its number, its id or name in any case and spacing, a word of
/// its name (`ur`), or the start of one of those when only one game fits.
pub fn find_game(answer: &str) -> Result<&'static GameInfo, String> {
    if let Ok(n) = answer.trim().parse::<usize>() {
        return n
            .checked_sub(1)
            .and_then(|i| GAMES.get(i))
            .ok_or_else(|| format!("There is no game {n}; pick 1 to {}.", GAMES.len()));
    }
    let a = normal(answer);
    if a.is_empty() {
        return Err("Type a number or a name.".into());
    }
    let exact = GAMES.iter().find(|g| normal(g.id) == a || normal(g.name) == a);
    if let Some(g) = exact {
        return Ok(g);
    }
    let words = |g: &GameInfo| {
        let mut w: Vec<String> = normal(g.name).split('-').map(str::to_string).collect();
        w.extend(normal(g.id).split('-').map(str::to_string));
        w
    };
    let fits: Vec<&GameInfo> = GAMES.iter().filter(|g| words(g).contains(&a)).collect();
    if let [g] = fits[..] {
        return Ok(g);
    }
    let starts: Vec<&GameInfo> = GAMES
        .iter()
        .filter(|g| normal(g.id).starts_with(&a) || normal(g.name).starts_with(&a))
        .collect();
    if let [g] = starts[..] {
        return Ok(g);
    }
    let names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    Err(format!("No game '{}'; the games are {}.", answer.trim(), names.join(", ")))
}

/// Seats by name, separated by spaces or commas; every name must be a player.
pub fn parse_seats(answer: &str, names: &[&str]) -> Result<Vec<usize>, String> {
    let mut seats = Vec::new();
    for w in answer.split(|c: char| c == ',' || c.is_whitespace()).filter(|w| !w.is_empty()) {
        if ["none", "no", "nobody"].contains(&w.to_lowercase().as_str()) {
            continue;
        }
        match names.iter().position(|n| n.eq_ignore_ascii_case(w)) {
            Some(i) if !seats.contains(&i) => seats.push(i),
            Some(_) => {}
            None => {
                return Err(format!(
                    "There is no player '{}'; the players are {}.",
                    w,
                    names.join(", ")
                ))
            }
        }
    }
    Ok(seats)
}

/// The levels of `game` with what each one costs the computer per move and how far above
/// level 1 the ladder measured it (`docs/levels.md`).
pub fn levels(game: &tabla_games::AnyGame) -> String {
    let words =
        ["a beginner", "a learner", "a club player", "good", "strong", "stronger", "the strongest"];
    let ratings = tabla_ai::ratings::above_level_1(game.id());
    (1..=tabla_ai::MAX_LEVEL)
        .map(|l| {
            let t = tabla_ai::level_time_in(game, l);
            let above = match ratings.map(|r| r[usize::from(l) - 1]) {
                Some(elo) if elo > 0 => format!(", about {elo} above level 1"),
                _ => String::new(),
            };
            format!(
                "  {l}  {:<14} about {:.2} s a move{above}",
                words[usize::from(l) - 1],
                t.as_secs_f64()
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Saved games in the current directory, by name, with a line on each.
fn saved_games() -> Vec<(String, String)> {
    let Ok(dir) = std::fs::read_dir(".") else { return Vec::new() };
    let mut found: Vec<(String, String)> = dir
        .filter_map(Result::ok)
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            if !name.ends_with(&format!(".{EXTENSION}")) {
                return None;
            }
            let s = Saved::parse(&std::fs::read_to_string(e.path()).ok()?).ok()?;
            let game = tabla_games::find(&s.game).ok()?.name;
            let vs = if s.computer.is_empty() {
                String::new()
            } else {
                format!(", the computer {}", s.computer.join(" and "))
            };
            // Replayed, to count the moves (not the rolls) and say where it stands.
            let mut g = tabla_games::new_game(&s.game, &s.options).ok()?;
            if let Some(p) = &s.position {
                g = g.read_position(p).ok()?;
            }
            let mut moves = 0;
            for t in &s.moves {
                moves += usize::from(matches!(g.to_move(), tabla_core::ToMove::Player(_)));
                g.play_text(t).ok()?;
            }
            let state = match g.to_move() {
                _ if s.end.is_some() || g.outcome().is_some() => "over".to_string(),
                tabla_core::ToMove::Player(p) => format!("{} to move", g.player_names()[p.index()]),
                _ => "dice to roll".to_string(),
            };
            Some((name, format!("{game}, {moves} moves, {state}{vs}")))
        })
        .collect();
    found.sort();
    found
}

/// Runs the menu; a new game gets `seed` for its dice and computer (`None`: a fresh one).
pub fn choose(input: &mut Input, seed: Option<u64>) -> Choice {
    println!("Tabla — four abstract board games\n");
    for (i, g) in GAMES.iter().enumerate() {
        println!("  {}. {:<14} {}", i + 1, g.name, g.summary);
    }
    let saved = saved_games();
    if !saved.is_empty() {
        println!("\nSaved games here:");
        for (i, (name, what)) in saved.iter().enumerate() {
            println!("  {}. {name} ({what})", GAMES.len() + i + 1);
        }
    }
    let info = loop {
        let Some(answer) = input
            .ask("\nWhich game? A number or a name; `load FILE` for a saved game; q to quit: ")
        else {
            return Choice::Quit;
        };
        if ["q", "quit", "exit"].contains(&answer.to_lowercase().as_str()) {
            return Choice::Quit;
        }
        if let Some(file) = answer.strip_prefix("load ") {
            return Choice::Load(file.trim().to_string());
        }
        if let Ok(n) = answer.parse::<usize>() {
            if let Some((file, _)) = n.checked_sub(GAMES.len() + 1).and_then(|i| saved.get(i)) {
                return Choice::Load(file.clone());
            }
        }
        match find_game(&answer) {
            Ok(info) => break info,
            Err(e) => println!("{e}"),
        }
    };
    println!("\n{}. Options:", info.name);
    for o in info.options {
        println!("  {:<14} {} (default {}): {}", o.key, o.values, o.default, o.help);
    }
    let (game, options) = loop {
        let Some(answer) =
            input.ask("Options as KEY=VALUE, separated by spaces (Enter: the defaults): ")
        else {
            return Choice::Quit;
        };
        let words: Vec<String> = answer.split_whitespace().map(str::to_string).collect();
        match tabla_games::new_game(info.id, &words) {
            Ok(g) => break (g, words),
            Err(e) => println!("{e}"),
        }
    };
    let names = game.player_names();
    let ai = loop {
        let Some(answer) = input.ask(&format!(
            "The computer plays ({}; several with spaces or commas; Enter: nobody): ",
            names.join(", ")
        )) else {
            return Choice::Quit;
        };
        match parse_seats(&answer, &names) {
            Ok(seats) => break seats,
            Err(e) => println!("{e}"),
        }
    };
    let mut level = 3;
    if !ai.is_empty() {
        println!(
            "The computer's levels:\n{}\n  (Elo above level 1, measured by the ladder on the \
             game's main board: docs/levels.md.)",
            levels(&game)
        );
        level = loop {
            let Some(answer) = input.ask("Level, 1 to 7 (Enter: 3): ") else {
                return Choice::Quit;
            };
            if answer.is_empty() {
                break 3;
            }
            match answer.parse::<u8>() {
                Ok(l) if (1..=tabla_ai::MAX_LEVEL).contains(&l) => break l,
                _ => println!("A level is a number from 1 to 7."),
            }
        };
    }
    Choice::New(Box::new(Setup {
        start: game,
        options,
        position: None,
        moves: String::new(),
        ai,
        level,
        seed,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_by_any_name() {
        for a in ["bulgarian ur", "Bulgarian Ur", "ur", "bulgarian-ur", "2", "bulg"] {
            assert_eq!(find_game(a).unwrap().id, "bulgarian-ur", "{a}");
        }
        assert_eq!(find_game("AMAZONS").unwrap().id, "amazons");
        assert!(find_game("chess").is_err());
        assert!(find_game("9").is_err());
    }

    #[test]
    fn seats_with_commas_or_spaces_and_no_unknown_ones() {
        let names = ["white", "black"];
        assert_eq!(parse_seats("white,black", &names).unwrap(), vec![0, 1]);
        assert_eq!(parse_seats("Black", &names).unwrap(), vec![1]);
        assert_eq!(parse_seats("", &names).unwrap(), Vec::<usize>::new());
        assert!(parse_seats("red", &names).unwrap_err().contains("red"));
    }
}
