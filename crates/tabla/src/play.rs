//! Playing in the terminal: a menu to pick a game, and a prompt that takes moves in the
//! game's notation plus a few commands. Works with every registered game through `DynGame`.

use rand::Rng;
use std::io::{self, BufRead, IsTerminal, Write};
use tabla_core::ToMove;
use tabla_games::AnyGame;

const HELP: &str = "Commands:
  <move>        play a move in the game's notation (see `moves`); type the start of a
                move (b1-b4, a2-b3) to have its completions numbered, then the number
  moves [TEXT]  list the legal moves (only those starting with TEXT, if given)
  undo          take back the last move
  board         draw the board again
  record        print the game record so far
  help          this list
  quit          leave the game";

/// Lines from standard input, with a prompt when it is a terminal.
struct Input {
    lines: io::Lines<io::StdinLock<'static>>,
}

impl Input {
    fn new() -> Input {
        Input { lines: io::stdin().lock().lines() }
    }

    /// Shows `prompt` and reads one line; `None` at the end of input.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        print!("{prompt}");
        let _ = io::stdout().flush();
        match self.lines.next() {
            Some(Ok(line)) => Some(line.trim().to_string()),
            _ => None,
        }
    }
}

/// The menu `tabla` shows without arguments: pick a game and its options, then play.
pub fn menu() -> Result<(), String> {
    let mut input = Input::new();
    println!("Tabla — four abstract board games\n");
    for (i, g) in tabla_games::GAMES.iter().enumerate() {
        println!("  {}. {:<14} {}", i + 1, g.name, g.summary);
    }
    let info = loop {
        let Some(answer) = input.ask("\nWhich game? (number or name, q to quit) ") else {
            return Ok(());
        };
        if answer.eq_ignore_ascii_case("q") || answer.eq_ignore_ascii_case("quit") {
            return Ok(());
        }
        let by_number =
            answer.parse::<usize>().ok().and_then(|n| tabla_games::GAMES.get(n.wrapping_sub(1)));
        match by_number.map(Ok).unwrap_or_else(|| tabla_games::find(&answer)) {
            Ok(info) => break info,
            Err(e) => println!("{e}"),
        }
    };
    println!("\nOptions of {}:", info.name);
    for o in info.options {
        println!("  {:<14} {} (default {}): {}", o.key, o.values, o.default, o.help);
    }
    let game = loop {
        let Some(answer) =
            input.ask("Options as KEY=VALUE separated by spaces (Enter for the defaults): ")
        else {
            return Ok(());
        };
        let words: Vec<String> = answer.split_whitespace().map(str::to_string).collect();
        match tabla_games::new_game(info.id, &words) {
            Ok(g) => break g,
            Err(e) => println!("{e}"),
        }
    };
    let names = game.player_names();
    let mut ai = Vec::new();
    if let Some(answer) = input.ask(&format!(
        "Computer plays which seats? ({} separated by spaces; Enter for none): ",
        names.join(", ")
    )) {
        for w in answer.split_whitespace() {
            match names.iter().position(|n| n.eq_ignore_ascii_case(w)) {
                Some(i) => ai.push(i),
                None => println!("no player '{w}'; ignored"),
            }
        }
    }
    play_with(game, &mut input, &ai, 3, "")
}

/// Plays `game` at the terminal until it ends or the players quit; the computer plays the
/// seats in `ai` at `level`. `earlier` is the record that led to `game` (shown by `record`).
pub fn play(game: AnyGame, ai: &[usize], level: u8, earlier: &str) -> Result<(), String> {
    play_with(game, &mut Input::new(), ai, level, earlier)
}

fn play_with(
    game: AnyGame,
    input: &mut Input,
    ai: &[usize],
    level: u8,
    earlier: &str,
) -> Result<(), String> {
    let colour = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut rng = rand::rng();
    // Positions before each played token (chance tokens included), for undo.
    let mut history: Vec<(AnyGame, String)> = Vec::new();
    let mut game = game;
    println!(
        "Type a move, or `help`. Moves are written as `tabla rules {}` explains.\n",
        game.id()
    );
    let mut show = true;
    // Completions offered for an unfinished move, picked by number at the next prompt.
    let mut choices: Vec<String> = Vec::new();
    loop {
        // Chance events (dice) are rolled by the program and shown.
        while game.to_move() == ToMove::Chance {
            let pick = game.roll(rng.random()).expect("chance is to move");
            let before = game.clone();
            let played = game.play_text(&pick).map_err(|e| e.to_string())?;
            println!("Chance: {played}");
            history.push((before, played));
            show = true;
        }
        if show {
            println!("{}", paint(&game.render_text(), colour));
            show = false;
        }
        if let Some(outcome) = game.outcome() {
            let names = game.player_names();
            let winners: Vec<&str> = outcome.winners.iter().map(|p| names[p.index()]).collect();
            if winners.is_empty() {
                println!("The game is a draw.");
            } else {
                println!("{} won.", winners.join(" and "));
            }
            println!("Record: {}", record(earlier, &history));
            let Some(answer) = input.ask("undo, or Enter to leave: ") else { return Ok(()) };
            if answer == "undo" {
                undo(&mut game, &mut history);
                show = true;
                continue;
            }
            return Ok(());
        }
        let who = match game.to_move() {
            ToMove::Player(p) => game.player_names()[p.index()],
            _ => "chance",
        };
        if let ToMove::Player(p) = game.to_move() {
            if ai.contains(&p.index()) {
                println!("{who} (computer, level {level}) is thinking...");
                let seed = rng.random();
                let budget = tabla_ai::Budget::level(level);
                let m = tabla_ai::best_move_dyn(&game, budget, seed)?.expect("a player is to move");
                let before = game.clone();
                let played = game.play_text(&m).map_err(|e| e.to_string())?;
                println!("{who} plays {played}");
                history.push((before, played));
                show = true;
                continue;
            }
        }
        let Some(line) = input.ask(&format!("{who}> ")) else { return Ok(()) };
        // A number picks from the completions shown after an unfinished move.
        let pending = std::mem::take(&mut choices);
        let line = match line.parse::<usize>() {
            Ok(n) if (1..=pending.len()).contains(&n) => pending[n - 1].clone(),
            _ => line,
        };
        let (cmd, rest) = line.split_once(' ').unwrap_or((line.as_str(), ""));
        match cmd {
            "" => {}
            "help" | "?" => println!("{HELP}"),
            "quit" | "exit" | "q" => return Ok(()),
            "board" => show = true,
            "record" => {
                println!("{}", record(earlier, &history))
            }
            "moves" => {
                let legal = game.legal();
                let filter = rest.trim().to_ascii_lowercase();
                let shown: Vec<&String> =
                    legal.iter().filter(|m| m.to_ascii_lowercase().starts_with(&filter)).collect();
                println!(
                    "{} legal move(s){}:",
                    shown.len(),
                    if filter.is_empty() {
                        String::new()
                    } else {
                        format!(" starting with {filter}")
                    }
                );
                for chunk in shown.chunks(8) {
                    println!(
                        "  {}",
                        chunk.iter().map(|s| s.as_str()).collect::<Vec<_>>().join("  ")
                    );
                }
            }
            "undo" => {
                if history.is_empty() {
                    println!("Nothing to undo.");
                } else {
                    undo(&mut game, &mut history);
                    // Against the computer, take back its reply too: back to your own turn.
                    while matches!(game.to_move(), ToMove::Player(p) if ai.contains(&p.index()))
                        && !history.is_empty()
                    {
                        undo(&mut game, &mut history);
                    }
                    show = true;
                }
            }
            _ => {
                let before = game.clone();
                match game.play_text(&line) {
                    Ok(played) => {
                        history.push((before, played));
                        show = true;
                    }
                    Err(e) => {
                        // Help the player finish a move they have started: the legal moves
                        // that begin with what was typed, numbered, to pick with a number.
                        let start = line.to_ascii_lowercase();
                        let near: Vec<String> = game
                            .legal()
                            .into_iter()
                            .filter(|m| m.to_ascii_lowercase().starts_with(&start))
                            .collect();
                        if near.is_empty() || near.len() > 24 {
                            println!("{e}");
                            if near.is_empty() {
                                println!(
                                    "Type `moves` to list the legal moves, `help` for commands."
                                );
                            } else {
                                println!(
                                    "{} moves start with {line}; type more of one.",
                                    near.len()
                                );
                            }
                        } else {
                            println!(
                                "{line} can be finished in {} way(s); type its number:",
                                near.len()
                            );
                            for (i, m) in near.iter().enumerate() {
                                println!("  {:>2}. {m}", i + 1);
                            }
                            choices = near;
                        }
                    }
                }
            }
        }
    }
}

/// The whole record: the moves that led to the start, then those played here.
fn record(earlier: &str, history: &[(AnyGame, String)]) -> String {
    earlier
        .split_whitespace()
        .chain(history.iter().map(|h| h.1.as_str()))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Takes back the last player move, with any chance events after it.
fn undo(game: &mut AnyGame, history: &mut Vec<(AnyGame, String)>) {
    while let Some((before, _)) = history.pop() {
        *game = before;
        // Stop at a position where a player (not chance) decides.
        if game.to_move() != ToMove::Chance {
            break;
        }
    }
}

/// Colours the queens/pieces of a text board for terminals: first player bold yellow,
/// second bold cyan, stones dim.
fn paint(text: &str, colour: bool) -> String {
    if !colour {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() * 2);
    for line in text.lines() {
        // Only board lines (those with rank labels or hex rows) are coloured: a board line
        // is one whose glyphs are separated by spaces.
        let is_board = !line.contains(':') && !line.contains("to move");
        for (i, ch) in line.chars().enumerate() {
            let code = match ch {
                _ if !is_board || i < 4 => None,
                'W' | '1' | 'X' => Some("1;33"),
                'B' | '2' | 'O' => Some("1;36"),
                '3' => Some("1;32"),
                '4' => Some("1;35"),
                '#' => Some("2"),
                _ => None,
            };
            match code {
                Some(c) => out.push_str(&format!("\x1b[{c}m{ch}\x1b[0m")),
                None => out.push(ch),
            }
        }
        out.push('\n');
    }
    out
}
