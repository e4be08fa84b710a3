//! Playing in the terminal: a prompt that takes moves in the game's notation plus a few
//! commands, for people at one keyboard or against the computer. Works with every
//! registered game through `DynGame` and its board view; it knows no rule of any game.
//!
//! Dice are rolled by the program from one seed fixed when the game starts: the roll number
//! *n* along the line of play always comes out the same, so undoing a move never re-rolls.

use crate::board_text::{self, Style};
use crate::narrate::{self, capital};
use crate::saves::{self, Saved};
use std::io::{self, BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};
use tabla_core::{BoardView, MoveError, Player, ToMove};
use tabla_games::AnyGame;

const HELP: &str = "Commands:
  <move>         play a move in the game's notation (see `moves` and `rules`); type the
                 start of a move (b1, b1-b4) to have its completions numbered, then a number
  moves [TEXT]   the legal moves, grouped by piece (only those with TEXT, if given)
  undo           take back your last move (and the computer's reply)
  resign         give the game up
  draw           offer a draw
  board          draw the board again          coordinates   the board with cell names
  record         the game so far, in the notation of the rules
  save [FILE]    save the game (to FILE.tabla; `load FILE` or the menu continue it)
  load FILE      continue a saved game
  rules          the rules of this game
  menu           back to the menu               quit          leave the program
  help           this list";

/// How a game in the terminal starts.
pub struct Setup {
    /// The starting position (before `moves`).
    pub start: AnyGame,
    /// The option words it was made with, for saving.
    pub options: Vec<String>,
    /// The starting position's text when it is not the game's usual start.
    pub position: Option<String>,
    /// A record to play first (whitespace-separated tokens, chance events included).
    pub moves: String,
    /// Seats the computer plays.
    pub ai: Vec<usize>,
    /// The computer's level, 1 to 7.
    pub level: u8,
    /// The seed of the dice and the computer; `None`: a fresh one.
    pub seed: Option<u64>,
}

/// Where to go after a game.
enum Exit {
    Menu,
    Quit,
}

/// Lines from standard input, with prompts. When the input is not a terminal (a script),
/// each line read is echoed after its prompt, so the output reads like a session.
pub struct Input {
    lines: io::Lines<io::StdinLock<'static>>,
    echo: bool,
}

impl Input {
    /// Standard input.
    pub fn new() -> Input {
        Input { lines: io::stdin().lock().lines(), echo: !io::stdin().is_terminal() }
    }

    /// Shows `prompt` and reads one line; `None` at the end of input.
    pub fn ask(&mut self, prompt: &str) -> Option<String> {
        print!("{prompt}");
        let _ = io::stdout().flush();
        match self.lines.next() {
            Some(Ok(line)) => {
                let line = line.trim().to_string();
                if self.echo {
                    println!("{line}");
                }
                Some(line)
            }
            _ => {
                if self.echo {
                    println!();
                }
                None
            }
        }
    }
}

/// Whether standard output is a terminal, and so takes colours, spinners and pauses.
fn live() -> bool {
    io::stdout().is_terminal()
}

/// The style for standard output: colour only on a terminal (or with `CLICOLOR_FORCE` set
/// to anything but `0`, the usual way to ask for colours in a pipe) and never with
/// `NO_COLOR`.
pub fn style() -> Style {
    let forced = std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0");
    Style { colour: (live() || forced) && std::env::var_os("NO_COLOR").is_none() }
}

/// Plays the game of `setup` at the terminal; afterwards the menu offers another.
///
/// # Errors
/// The record in `setup` does not play.
pub fn play(setup: Setup) -> Result<(), String> {
    let mut input = Input::new();
    let seed = setup.seed;
    let session = Session::new(setup)?;
    drive(Some(session), &mut input, seed);
    Ok(())
}

/// The menu (`tabla` without a command): pick a game, its options, the computer's seats and
/// level, or a saved game; play; back to the menu.
///
/// # Errors
/// None today (a game that cannot start is reported and the menu asked again).
pub fn menu() -> Result<(), String> {
    menu_seeded(None)
}

/// As [`menu`], with the dice and the computer of every game started from it seeded
/// (`tabla play --seed N` without a game).
///
/// # Errors
/// None today.
pub fn menu_seeded(seed: Option<u64>) -> Result<(), String> {
    drive(None, &mut Input::new(), seed);
    Ok(())
}

fn drive(first: Option<Session>, input: &mut Input, seed: Option<u64>) {
    let mut next = first;
    loop {
        let mut session = match next.take() {
            Some(s) => s,
            None => match crate::menu::choose(input, seed) {
                crate::menu::Choice::Quit => return,
                crate::menu::Choice::New(setup) => match Session::new(*setup) {
                    Ok(s) => s,
                    Err(e) => {
                        println!("{e}");
                        continue;
                    }
                },
                crate::menu::Choice::Load(path) => match Session::load(&path) {
                    Ok(s) => s,
                    Err(e) => {
                        println!("{e}");
                        continue;
                    }
                },
            },
        };
        match session.run(input) {
            Exit::Menu => println!(),
            Exit::Quit => return,
        }
    }
}

/// One played token.
struct Step {
    /// The position before it.
    before: AnyGame,
    /// Its canonical text.
    token: String,
    /// The view ids it touched.
    touched: Vec<String>,
    /// Who chose it (`None`: chance).
    mover: Option<Player>,
    /// The only legal move there (played without asking).
    forced: bool,
}

/// An end agreed off the board.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ending {
    Resigned(Player),
    Drawn,
}

/// A completion offered for a number.
#[derive(Clone)]
enum Choice {
    /// A whole move: the number plays it.
    Move(String),
    /// The start of several: the number shows their completions.
    Prefix(String),
}

/// Most completions listed one by one; more are grouped by their next step.
const MAX_LISTED: usize = 40;
/// Longest piece of a person's input quoted back in a message.
const QUOTE: usize = 40;
/// The pause before a forced move is played, on a terminal.
const FORCED_PAUSE: Duration = Duration::from_millis(700);

struct Session {
    options: Vec<String>,
    position: Option<String>,
    game: AnyGame,
    history: Vec<Step>,
    ai: Vec<usize>,
    level: u8,
    seed: u64,
    ending: Option<Ending>,
    /// The end was announced (once).
    announced: bool,
    /// History length at the last save or load.
    saved_len: Option<usize>,
    file: Option<String>,
    choices: Vec<Choice>,
    style: Style,
    live: bool,
    /// The board changed since it was last drawn.
    dirty: bool,
    /// History length when the hint for the position was last given.
    hinted: Option<usize>,
}

/// SplitMix64: independent seeds from one seed and a counter.
fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Counters of the seeds of the computer's searches (those of rolls count from 0).
const AI_SEEDS: u64 = 1 << 40;

/// Cuts a person's input for quoting it back.
fn quote(text: &str) -> String {
    if text.chars().count() <= QUOTE {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(QUOTE).collect::<String>())
    }
}

/// A refused move in words, with the input quoted short.
fn refusal(e: &MoveError, text: &str) -> String {
    match e {
        MoveError::Unreadable { why, .. } => format!("cannot read '{}': {why}", quote(text)),
        MoveError::Illegal { why, .. } => format!("'{}' is not legal here: {why}", quote(text)),
    }
}

/// Characters that separate the parts of a move in the notations.
fn is_separator(c: char) -> bool {
    matches!(c, '-' | '/' | ';' | ',')
}

/// Where `typed` matches in `mv`: at its start, or at the start of one of its `;` parts
/// (a GIPF entry after a removal). Returns the index just after the match.
fn match_end(mv: &str, typed: &str) -> Option<usize> {
    let (m, t) = (mv.to_ascii_lowercase(), typed.to_ascii_lowercase());
    if t.is_empty() {
        return Some(0);
    }
    if m.starts_with(&t) {
        return Some(t.len());
    }
    m.match_indices(';').map(|(i, _)| i + 1).find(|&i| m[i..].starts_with(&t)).map(|i| i + t.len())
}

/// The piece a move belongs to, for grouping: its first cell (`a2` of `a2-a3/a4`, `0` of
/// Ur's `0-5`), after any removal written before it.
fn piece_of(mv: &str) -> String {
    let parts: Vec<&str> = mv.split(';').collect();
    let main = parts.iter().position(|p| !p.starts_with('x')).unwrap_or(0);
    let before = parts[..main].join(";");
    let mut key = String::new();
    let mut digits = false;
    for c in parts[main].chars() {
        if c.is_ascii_digit() {
            digits = true;
        } else if digits || !(c.is_ascii_alphabetic() || c == '@') {
            break;
        }
        key.push(c);
    }
    if key.is_empty() {
        key = parts[main].to_string();
    }
    if before.is_empty() {
        key
    } else {
        format!("{before}; {key}")
    }
}

/// Prints words in lines of at most 76 characters, each line indented by `indent`.
fn wrapped(words: &[String], indent: &str) -> String {
    let mut lines = Vec::new();
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && indent.len() + line.len() + 2 + w.len() > 76 {
            lines.push(format!("{indent}{line}"));
            line.clear();
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        lines.push(format!("{indent}{line}"));
    }
    lines.join("\n")
}

impl Session {
    fn new(setup: Setup) -> Result<Session, String> {
        let seed = setup.seed.unwrap_or_else(|| {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            mix(t, u64::from(std::process::id()))
        });
        let mut s = Session {
            game: setup.start,
            options: setup.options,
            position: setup.position,
            history: Vec::new(),
            ai: setup.ai,
            level: setup.level,
            seed,
            ending: None,
            announced: false,
            saved_len: None,
            file: None,
            choices: Vec::new(),
            style: style(),
            live: live(),
            dirty: true,
            hinted: None,
        };
        for (i, token) in setup.moves.split_whitespace().enumerate() {
            s.push(token).map_err(|e| format!("move {} ('{}'): {}", i + 1, quote(token), e))?;
        }
        Ok(s)
    }

    fn names(&self) -> Vec<&'static str> {
        self.game.player_names()
    }

    fn name(&self, p: Player) -> &'static str {
        self.names()[p.index()]
    }

    /// The player to move, if a player is.
    fn player(&self) -> Option<Player> {
        match self.game.to_move() {
            ToMove::Player(p) => Some(p),
            _ => None,
        }
    }

    fn is_computer(&self, p: Player) -> bool {
        self.ai.contains(&p.index())
    }

    fn humans(&self) -> Vec<usize> {
        (0..self.names().len()).filter(|i| !self.ai.contains(i)).collect()
    }

    fn over(&self) -> bool {
        self.ending.is_some() || self.game.outcome().is_some()
    }

    /// Plays one token and records it; returns its canonical text and what it did.
    fn push(&mut self, token: &str) -> Result<(String, Vec<String>), MoveError> {
        let before = self.game.clone();
        let mover = self.player();
        let forced = mover.is_some() && self.game.legal().len() == 1;
        let view_before = self.game.view();
        let played = self.game.play_text_touched(token)?;
        let effects = match mover {
            Some(p) => narrate::effects(
                self.name(p),
                &played.canonical,
                &view_before,
                &self.game.view(),
                &played.touched,
            ),
            None => Vec::new(),
        };
        self.history.push(Step {
            before,
            token: played.canonical.clone(),
            touched: played.touched,
            mover,
            forced,
        });
        self.dirty = true;
        self.choices.clear();
        Ok((played.canonical, effects))
    }

    /// Plays a player's move and says what it did.
    fn play_and_say(&mut self, token: &str, who: &str, suffix: &str) -> Result<(), MoveError> {
        let (canonical, effects) = self.push(token)?;
        let s = narrate::sentence(who, &canonical, &effects);
        println!("{}{suffix}.", s.strip_suffix('.').unwrap_or(&s));
        Ok(())
    }

    /// The view with the last player move's cells marked.
    fn view(&self) -> BoardView {
        let mut v = self.game.view();
        if let Some(step) = self.history.iter().rev().find(|s| s.mover.is_some()) {
            v.last = step.touched.clone();
        }
        v
    }

    fn show(&mut self) {
        self.dirty = false;
        let view = self.view();
        println!();
        match board_text::board(&view, self.style) {
            Some(board) => {
                println!("{board}");
                println!("  {}", board_text::legend(&view, self.style));
                let to_move = self.player().map(|p| self.name(p));
                println!("{}", board_text::counts(&view, to_move, self.style));
            }
            None => {
                // A game whose view is not written yet: its own text picture, less its
                // own end line (the end is told once, below).
                let text = self.game.render_text();
                let lines: Vec<&str> =
                    text.lines().filter(|l| !l.starts_with("Game over")).collect();
                println!("{}", lines.join("\n").trim_end());
            }
        }
        println!();
    }

    /// Rolls the dice while chance is to move; roll *n* along the line of play always comes
    /// out the same.
    fn roll_dice(&mut self) {
        while self.game.to_move() == ToMove::Chance {
            let n = self.history.iter().filter(|s| s.mover.is_none()).count() as u64;
            let seed = mix(self.seed, n);
            let legal = self.game.legal();
            let names = self.names();
            let (token, line) = match roll_off(&legal, &names, seed) {
                Some(r) => r,
                None => {
                    let token = self.game.roll(seed).expect("chance is to move");
                    // Whose die: the game says, or it is the player who moves after it.
                    let mut after = self.game.clone();
                    let next = after.play_text(&token).ok().and(match after.to_move() {
                        ToMove::Player(p) => Some(p),
                        _ => None,
                    });
                    let who = self.game.chance_player().or(next).map(|p| capital(self.name(p)));
                    let line = match (who, token.strip_prefix('r')) {
                        (Some(w), Some(d)) if d.parse::<u32>().is_ok() => format!("{w} rolls {d}."),
                        (Some(w), _) => format!("{w}'s chance: {token}."),
                        (None, _) => format!("Chance: {token}."),
                    };
                    (token, line)
                }
            };
            if let Err(e) = self.push(&token) {
                println!("the roll {token} does not play: {e}");
                return;
            }
            println!("{line}");
        }
    }

    fn run(&mut self, input: &mut Input) -> Exit {
        println!(
            "\n{} — type a move, or `help` for the commands (`rules` for the rules).",
            self.game.info().name
        );
        loop {
            if self.ending.is_none() {
                self.roll_dice();
            }
            if self.over() {
                if !self.announced {
                    self.show();
                    println!("{}", self.end_text());
                    println!(
                        "Now: `undo` to take moves back, `record`, `save FILE`, `board`; \
                         Enter or `menu` for the menu; `quit` to leave."
                    );
                    self.announced = true;
                }
                let Some(line) = input.ask("game over> ") else { return Exit::Quit };
                if let Some(exit) = self.command(&line, input) {
                    return exit;
                }
                continue;
            }
            let Some(p) = self.player() else { return Exit::Quit };
            let legal = self.game.legal();
            if legal.len() == 1 {
                self.forced(p, &legal[0]);
                continue;
            }
            if self.is_computer(p) {
                self.computer_move(p);
                if self.humans().is_empty() {
                    self.show();
                }
                continue;
            }
            if self.dirty {
                self.show();
            }
            self.hint(&legal);
            let Some(line) = input.ask(&format!("{}> ", self.name(p))) else { return Exit::Quit };
            if let Some(exit) = self.command(&line, input) {
                return exit;
            }
        }
    }

    /// A turn with one legal move: played after a short pause, with a line saying so.
    fn forced(&mut self, p: Player, mv: &str) {
        if self.live {
            let _ = io::stdout().flush();
            std::thread::sleep(FORCED_PAUSE);
        }
        let who = capital(self.name(p));
        if mv == "pass" {
            println!("{who} has no move and passes.");
            let _ = self.push(mv);
            return;
        }
        print!("{who} has only one legal move. ");
        if let Err(e) = self.play_and_say(mv, &who, "") {
            println!("(it does not play: {e})");
        }
    }

    /// Tells the player what the position asks of them before anything else: rows to take
    /// first (every move begins with the same removal).
    fn hint(&mut self, legal: &[String]) {
        if self.hinted == Some(self.history.len()) {
            return;
        }
        self.hinted = Some(self.history.len());
        if !legal.iter().all(|m| m.starts_with('x') && m.contains(';')) {
            return;
        }
        let mut firsts: Vec<&str> = legal.iter().filter_map(|m| m.split(';').next()).collect();
        firsts.sort_unstable();
        firsts.dedup();
        let who = capital(self.player().map_or("", |p| self.name(p)));
        if let [only] = firsts[..] {
            let cells: Vec<String> = only[1..].split(',').map(str::to_string).collect();
            println!(
                "{who} must first take the row the opponent made: {} leave the board. Type \
                 your entry as usual (`moves` lists whole turns).",
                narrate::list(&cells)
            );
        } else {
            println!(
                "{who} has rows to take before entering a piece, in {} ways: type your entry \
                 and pick the removal from the list, or see `moves`.",
                firsts.len()
            );
        }
    }

    fn computer_move(&mut self, p: Player) {
        let who = capital(self.name(p));
        let budget = tabla_ai::Budget::level_in(&self.game, self.level);
        let seed = mix(self.seed, AI_SEEDS + self.history.len() as u64);
        let t0 = Instant::now();
        let name = self.name(p);
        // On a terminal: a spinner with the time spent, updated live, and the search's best
        // move so far with its value as the search finds them.
        let bar = self.live.then(|| {
            let bar = indicatif::ProgressBar::with_draw_target(
                None,
                indicatif::ProgressDrawTarget::stdout(),
            );
            let style = indicatif::ProgressStyle::with_template("{spinner} {prefix} {secs} s{msg}")
                .expect("template")
                .with_key("secs", |s: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.1}", s.elapsed().as_secs_f64());
                });
            bar.set_style(style);
            bar.set_prefix(format!("{who} (computer, level {}) is thinking:", self.level));
            bar.enable_steady_tick(Duration::from_millis(100));
            bar
        });
        let thought = tabla_ai::best_move_dyn_watched(&self.game, budget, seed, &mut |t| {
            if let Some(bar) = &bar {
                let value =
                    t.score.map_or(String::new(), |v| format!(", {:.0}% for {name}", v * 100.0));
                bar.set_message(format!("; best so far {} (depth {}{value})", t.best, t.depth));
            }
        });
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
        let Some(t) = thought else {
            println!("{who} (computer) finds no move.");
            return;
        };
        let value = t.score.map_or(String::new(), |v| format!("; its chances {:.0}%", v * 100.0));
        let suffix = format!(" ({:.1} s{value})", t0.elapsed().as_secs_f64());
        if let Err(e) = self.play_and_say(&t.best, &format!("{who} (computer)"), &suffix) {
            println!("the computer's move {} does not play: {e}", t.best);
        }
    }

    /// What the end of the game is, in one sentence with its reason.
    fn end_text(&self) -> String {
        let names = self.names();
        match self.ending {
            Some(Ending::Resigned(p)) => {
                let winners: Vec<&str> =
                    names.iter().copied().filter(|n| *n != self.name(p)).collect();
                return format!(
                    "Game over: {} resigns; {} wins.",
                    capital(self.name(p)),
                    capital(&winners.join(" and "))
                );
            }
            Some(Ending::Drawn) => return "Game over: a draw, by agreement.".into(),
            None => {}
        }
        let Some(outcome) = self.game.outcome() else { return String::new() };
        let winners: Vec<&'static str> = outcome.winners.iter().map(|p| names[p.index()]).collect();
        let why = self.game.end_reason().map(|r| r.text).unwrap_or_default();
        let result = if winners.is_empty() {
            "a draw".to_string()
        } else {
            format!("{} wins", capital(&winners.join(" and ")))
        };
        if why.is_empty() {
            format!("Game over: {result}.")
        } else {
            format!("Game over: {result}: {why}.")
        }
    }

    /// Handles one line at a prompt; `Some` when the session ends.
    fn command(&mut self, line: &str, input: &mut Input) -> Option<Exit> {
        let pending = std::mem::take(&mut self.choices);
        if let Ok(n) = line.parse::<usize>() {
            if let Some(choice) = n.checked_sub(1).and_then(|i| pending.get(i)).cloned() {
                match choice {
                    Choice::Move(m) => self.human_move(&m),
                    Choice::Prefix(p) => self.try_move(&p),
                }
                return None;
            }
            if !pending.is_empty() {
                println!("Pick a number from 1 to {}.", pending.len());
                self.choices = pending;
                return None;
            }
        }
        if let Some(Choice::Move(m)) =
            pending.iter().find(|c| matches!(c, Choice::Move(m) if m.eq_ignore_ascii_case(line)))
        {
            let m = m.clone();
            self.human_move(&m);
            return None;
        }
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let over = self.over();
        match cmd.to_ascii_lowercase().as_str() {
            "" if over => return Some(Exit::Menu),
            "" => {}
            "help" | "?" => println!("{HELP}"),
            "quit" | "exit" | "q" => {
                if self.may_leave(input) {
                    return Some(Exit::Quit);
                }
            }
            "menu" => {
                if self.may_leave(input) {
                    return Some(Exit::Menu);
                }
            }
            "board" => self.show(),
            "coordinates" | "coords" => match board_text::coordinates(&self.game.view()) {
                Some(p) => println!("{p}"),
                None => println!("{}", self.game.render_text().trim_end()),
            },
            "record" => self.print_record(),
            "rules" => {
                let info = self.game.info();
                println!("{}", crate::rules_doc::text(info, "en", false, Some(&self.game.view())));
            }
            "undo" => self.undo(),
            "save" => self.save(rest),
            "load" => self.load_here(rest),
            "moves" if over => println!("The game is over: there are no moves."),
            "moves" => self.list_moves(rest),
            "resign" if !over => self.resign(input),
            "draw" if !over => self.offer_draw(input),
            _ if over => println!(
                "The game is over. `undo`, `record`, `save FILE`, `board`, Enter for the menu, \
                 `quit` to leave."
            ),
            _ => self.try_move(line),
        }
        None
    }

    /// Whether the player may leave: asks to save an unsaved game.
    fn may_leave(&mut self, input: &mut Input) -> bool {
        let unsaved = self.saved_len != Some(self.history.len())
            && self.history.iter().any(|s| s.mover.is_some());
        if !unsaved {
            return true;
        }
        let default = self.default_file();
        let Some(a) = input
            .ask(&format!("Save the game first? yes (to {default}), no, a file name, or cancel: "))
        else {
            return true;
        };
        match a.to_ascii_lowercase().as_str() {
            "y" | "yes" => self.save(""),
            "n" | "no" => return true,
            "" | "c" | "cancel" => return false,
            _ => self.save(&a),
        }
        self.saved_len == Some(self.history.len())
    }

    fn print_record(&self) {
        let tokens: Vec<String> = self.history.iter().map(|s| s.token.clone()).collect();
        if tokens.is_empty() {
            println!("No moves yet.");
        } else {
            println!("Record, {} tokens:", tokens.len());
            println!("{}", tokens.join(" "));
        }
    }

    /// `moves [TEXT]`: the legal moves (with TEXT in them), grouped by piece.
    fn list_moves(&self, filter: &str) {
        let legal = self.game.legal();
        let shown: Vec<&String> = legal.iter().filter(|m| match_end(m, filter).is_some()).collect();
        let what =
            if filter.is_empty() { String::new() } else { format!(" with {}", quote(filter)) };
        if shown.is_empty() {
            println!("No legal move{what}. `moves` lists them all.");
            return;
        }
        let mut groups: Vec<(String, Vec<String>)> = Vec::new();
        for m in &shown {
            let key = piece_of(m);
            match groups.iter_mut().find(|g| g.0 == key) {
                Some(g) => g.1.push(m.to_string()),
                None => groups.push((key, vec![m.to_string()])),
            }
        }
        println!(
            "{} legal move{}{what}, {} piece{}:",
            shown.len(),
            if shown.len() == 1 { "" } else { "s" },
            groups.len(),
            if groups.len() == 1 { "" } else { "s" }
        );
        if shown.len() > 120 && groups.len() > 1 {
            let summary: Vec<String> =
                groups.iter().map(|(k, ms)| format!("{k} ({})", ms.len())).collect();
            println!("{}", wrapped(&summary, "  "));
            println!("`moves {}` lists one piece's moves.", groups[0].0);
            return;
        }
        for (key, ms) in &groups {
            println!("  {key} ({}):", ms.len());
            println!("{}", wrapped(ms, "      "));
        }
    }

    /// A typed move: played when it is one, else its completions offered.
    fn try_move(&mut self, line: &str) {
        let text = line.trim();
        let mut probe = self.game.clone();
        let first = probe.play_text(text);
        // Seega's placing `a1 b2`: the words joined as the notation joins them.
        let joined = text.split_whitespace().collect::<Vec<_>>().join(",");
        let result = match first {
            Err(_) if text.contains(char::is_whitespace) => {
                let mut probe = self.game.clone();
                probe.play_text(&joined).map_err(|_| first.clone().unwrap_err())
            }
            r => r,
        };
        match result {
            Ok(canonical) => {
                let legal = self.game.legal();
                let goes_on: Vec<String> = legal
                    .iter()
                    .filter(|m| {
                        m.len() > canonical.len()
                            && m.starts_with(canonical.as_str())
                            && m[canonical.len()..].starts_with(is_separator)
                    })
                    .cloned()
                    .collect();
                if goes_on.is_empty() {
                    self.human_move(&canonical);
                } else {
                    println!("{canonical} is a whole turn, and longer turns start with it. Type a number:");
                    let mut all = vec![Choice::Move(canonical.clone())];
                    all.extend(goes_on.into_iter().map(Choice::Move));
                    self.offer(all, Some(&canonical));
                }
            }
            Err(e) => {
                let near: Vec<(String, usize)> = self
                    .game
                    .legal()
                    .into_iter()
                    .filter_map(|m| match_end(&m, text).map(|i| (m, i)))
                    .collect();
                if near.is_empty() || text.is_empty() {
                    println!("{}", refusal(&e, text));
                    println!("Type `moves` to list the legal moves, `help` for the commands.");
                    return;
                }
                self.complete(text, near);
            }
        }
    }

    /// Offers the completions of a started move: all of them numbered, or, when there are
    /// many, their next steps.
    fn complete(&mut self, typed: &str, mut near: Vec<(String, usize)>) {
        let mut typed = typed.to_string();
        loop {
            if near.len() <= MAX_LISTED {
                println!(
                    "{} is the start of {} move{}. Type a number:",
                    quote(&typed),
                    near.len(),
                    if near.len() == 1 { "" } else { "s" }
                );
                let all = near.into_iter().map(|(m, _)| Choice::Move(m)).collect();
                self.offer(all, None);
                return;
            }
            // Group by the next step: up to the separator after the next one.
            let mut steps: Vec<(String, usize)> = Vec::new();
            for (m, end) in &near {
                let rest = &m[*end..];
                let skip = rest.chars().next().map_or(0, |c| c.len_utf8());
                let cut = rest[skip..].find(is_separator).map_or(rest.len(), |i| i + skip);
                let step = m[..end + cut].to_string();
                match steps.iter_mut().find(|s| s.0 == step) {
                    Some(s) => s.1 += 1,
                    None => steps.push((step, 1)),
                }
            }
            if steps.len() == 1 {
                // One way on: extend what was typed and look again.
                typed = steps[0].0.clone();
                let t = typed.clone();
                near.iter_mut().for_each(|(m, end)| *end = match_end(m, &t).unwrap_or(*end));
                continue;
            }
            println!(
                "{} moves start with {}; type more, or a number for the next step:",
                near.len(),
                quote(&typed)
            );
            let labels: Vec<String> = steps
                .iter()
                .enumerate()
                .map(|(i, (s, n))| format!("{:>2}. {s} ({n})", i + 1))
                .collect();
            println!("{}", wrapped(&labels, "  "));
            self.choices = steps.into_iter().map(|(s, _)| Choice::Prefix(s)).collect();
            return;
        }
    }

    /// Numbers whole moves for the next prompt, each with a warning when it loses (or wins)
    /// at once; `stop` is the move that stops a turn that could go on.
    fn offer(&mut self, all: Vec<Choice>, stop: Option<&str>) {
        let mover = self.player().map_or("", |p| self.name(p));
        let before = self.game.view();
        for (i, c) in all.iter().enumerate() {
            let Choice::Move(m) = c else { continue };
            let mut after = self.game.clone();
            let mut note = String::new();
            if stop == Some(m.as_str()) {
                note.push_str(" (stop here)");
            }
            if after.play_text(m).is_ok() {
                if let Some(o) = after.outcome() {
                    let names = after.player_names();
                    let won = o.winners.iter().any(|p| names[p.index()] == mover);
                    let lost = !won && !o.winners.is_empty();
                    if let Some(w) = narrate::warning(mover, &before, &after.view(), lost, won) {
                        note.push_str(&format!(" — {w}"));
                    }
                }
            }
            println!("  {:>2}. {m}{note}", i + 1);
        }
        self.choices = all;
    }

    /// Plays a person's move (known legal) and says what it did.
    fn human_move(&mut self, mv: &str) {
        let Some(p) = self.player() else { return };
        let who = capital(self.name(p));
        if let Err(e) = self.play_and_say(mv, &who, "") {
            println!("{}", refusal(&e, mv));
        }
    }

    /// Takes back the last move a person chose (with the computer's reply and any dice and
    /// forced moves after it); an end by resignation or agreement is taken back first.
    fn undo(&mut self) {
        self.announced = false;
        if let Some(e) = self.ending.take() {
            println!(
                "{} taken back.",
                if e == Ending::Drawn { "The agreed draw is" } else { "The resignation is" }
            );
            self.dirty = true;
            return;
        }
        let humans = self.humans();
        let Some(i) = self.history.iter().rposition(|s| {
            !s.forced && s.mover.is_some_and(|p| humans.is_empty() || humans.contains(&p.index()))
        }) else {
            println!("Nothing to undo: no move was chosen yet.");
            return;
        };
        let undone: Vec<String> = self.history[i..]
            .iter()
            .filter(|s| s.mover.is_some())
            .map(|s| s.token.clone())
            .collect();
        self.game = self.history[i].before.clone();
        self.history.truncate(i);
        self.dirty = true;
        self.hinted = None;
        println!("Took back {}.", narrate::list(&undone));
    }

    fn two_players(&self) -> bool {
        if self.names().len() == 2 {
            return true;
        }
        println!("Resigning and agreed draws are for games of two players.");
        false
    }

    fn resign(&mut self, input: &mut Input) {
        let Some(p) = self.player() else { return };
        if !self.two_players() {
            return;
        }
        let who = capital(self.name(p));
        match input.ask(&format!("{who}, resign the game? (yes/no) ")) {
            Some(a) if a.eq_ignore_ascii_case("yes") || a.eq_ignore_ascii_case("y") => {
                self.ending = Some(Ending::Resigned(p));
            }
            _ => println!("Play on."),
        }
    }

    fn offer_draw(&mut self, input: &mut Input) {
        let Some(p) = self.player() else { return };
        if !self.two_players() {
            return;
        }
        let other = Player(1 - p.0);
        let (who, them) = (capital(self.name(p)), capital(self.name(other)));
        if self.is_computer(other) {
            // The computer accepts when it does not think it is ahead.
            let budget = tabla_ai::Budget::level(3);
            let seed = mix(self.seed, AI_SEEDS + (1 << 20) + self.history.len() as u64);
            let score = tabla_ai::best_move_dyn_watched(&self.game, budget, seed, &mut |_| {})
                .and_then(|t| t.score)
                .unwrap_or(0.5);
            if score >= 0.45 {
                println!("{them} (computer) accepts the draw.");
                self.ending = Some(Ending::Drawn);
            } else {
                println!(
                    "{them} (computer) declines: it rates its chances at {:.0}%.",
                    (1.0 - score) * 100.0
                );
            }
            return;
        }
        match input.ask(&format!("{them}, {who} offers a draw. Accept? (yes/no) ")) {
            Some(a) if a.eq_ignore_ascii_case("yes") || a.eq_ignore_ascii_case("y") => {
                self.ending = Some(Ending::Drawn);
            }
            _ => println!("{them} declines; play on."),
        }
    }

    fn default_file(&self) -> String {
        self.file.clone().unwrap_or_else(|| saves::file_name(self.game.id()))
    }

    fn saved(&self) -> Saved {
        let names = self.names();
        Saved {
            game: self.game.id().to_string(),
            options: self.options.clone(),
            position: self.position.clone(),
            computer: self.ai.iter().map(|&i| names[i].to_string()).collect(),
            level: self.level,
            seed: self.seed,
            end: self.ending.map(|e| match e {
                Ending::Resigned(p) => format!("{} resigned", names[p.index()]),
                Ending::Drawn => "draw agreed".into(),
            }),
            moves: self.history.iter().map(|s| s.token.clone()).collect(),
        }
    }

    fn save(&mut self, name: &str) {
        let file = if name.is_empty() { self.default_file() } else { saves::file_name(name) };
        match std::fs::write(&file, self.saved().to_text()) {
            Ok(()) => {
                println!(
                    "Saved to {file} ({} moves). `load {file}` continues it, as does the menu.",
                    self.history.iter().filter(|s| s.mover.is_some()).count()
                );
                self.saved_len = Some(self.history.len());
                self.file = Some(file);
            }
            Err(e) => println!("Cannot save to {file}: {e}"),
        }
    }

    /// A saved game, ready to go on.
    fn load(path: &str) -> Result<Session, String> {
        let file = if std::path::Path::new(path).exists() {
            path.to_string()
        } else {
            saves::file_name(path)
        };
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("Cannot read {file}: {e}"))?;
        let saved = Saved::parse(&text).map_err(|e| format!("{file}: {e}"))?;
        let game = tabla_games::new_game(&saved.game, &saved.options)
            .map_err(|e| format!("{file}: {e}"))?;
        let start = match &saved.position {
            Some(p) => game.read_position(p).map_err(|e| format!("{file}: {e}"))?,
            None => game,
        };
        let names = start.player_names();
        let mut ai = Vec::new();
        for c in &saved.computer {
            let i = names
                .iter()
                .position(|n| n.eq_ignore_ascii_case(c))
                .ok_or_else(|| format!("{file}: no player '{c}' in {}", saved.game))?;
            ai.push(i);
        }
        let mut s = Session::new(Setup {
            start,
            options: saved.options.clone(),
            position: saved.position.clone(),
            moves: saved.moves.join(" "),
            ai,
            level: saved.level,
            seed: Some(saved.seed),
        })
        .map_err(|e| format!("{file}: {e}"))?;
        s.ending = match saved.end.as_deref() {
            Some("draw agreed") => Some(Ending::Drawn),
            Some(e) => e
                .strip_suffix(" resigned")
                .and_then(|n| names.iter().position(|x| *x == n))
                .map(|i| Ending::Resigned(Player(i as u8))),
            None => None,
        };
        s.saved_len = Some(s.history.len());
        s.file = Some(file.clone());
        println!(
            "Loaded {file}: {}, {} moves played.",
            s.game.info().name,
            s.history.iter().filter(|h| h.mover.is_some()).count()
        );
        Ok(s)
    }

    /// `load FILE` during a game: the saved game replaces this one.
    fn load_here(&mut self, path: &str) {
        if path.is_empty() {
            println!("Which file? `load FILE`.");
            return;
        }
        match Session::load(path) {
            Ok(s) => {
                *self = s;
                println!("\n{} — type a move, or `help` for the commands.", self.game.info().name);
            }
            Err(e) => println!("{e}"),
        }
    }
}

/// A roll-off for who starts (chance outcomes `first=NAME` for every player): both dice
/// shown, ties rolled again. Returns the token and the line that tells it.
fn roll_off(legal: &[String], names: &[&str], seed: u64) -> Option<(String, String)> {
    let tokens: Vec<String> = names.iter().map(|n| format!("first={n}")).collect();
    if names.len() != 2 || legal.len() != 2 || !tokens.iter().all(|t| legal.contains(t)) {
        return None;
    }
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut parts = Vec::new();
    loop {
        let a: u8 = rng.random_range(1..=6);
        let b: u8 = rng.random_range(1..=6);
        parts.push(format!("{} rolls {a}, {} rolls {b}", capital(names[0]), names[1]));
        if a != b {
            let w = usize::from(b > a);
            let line = format!(
                "Who starts: {}: {} starts.",
                parts.join("; a tie, again: "),
                capital(names[w])
            );
            return Some((tokens[w].clone(), line));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_match_at_their_start_or_after_a_removal() {
        assert_eq!(match_end("xb2,b3,b4,b5;f8-e8", "f8"), Some(15));
        assert_eq!(match_end("d1-d7/d8", "D1-D7"), Some(5));
        assert_eq!(match_end("d1-d7/d8", "d7"), None);
    }

    #[test]
    fn pieces_group_moves() {
        assert_eq!(piece_of("a2-a3/a4"), "a2");
        assert_eq!(piece_of("b1xb4/e4"), "b1");
        assert_eq!(piece_of("Ga1-b2"), "Ga1");
        assert_eq!(piece_of("14-2"), "14");
        assert_eq!(piece_of("xb2,b3;a1-b2"), "xb2,b3; a1");
        assert_eq!(piece_of("pass"), "pass");
    }

    #[test]
    fn long_input_is_cut_when_quoted() {
        let long = "a".repeat(500);
        assert!(quote(&long).chars().count() <= QUOTE + 1);
    }

    #[test]
    fn a_roll_off_shows_both_dice() {
        let legal = vec!["first=black".to_string(), "first=yellow".to_string()];
        for seed in 0..20 {
            let (token, line) = roll_off(&legal, &["black", "yellow"], seed).unwrap();
            assert!(line.contains("Black rolls") && line.contains("yellow rolls"), "{line}");
            assert!(line.ends_with(&format!("{} starts.", capital(&token[6..]))), "{line}");
        }
    }
}
