//! Live updates behind one interface, [`FanOut`]: whoever changes a game publishes a frame,
//! every watcher of that game receives it. [`LocalFanOut`] serves one process; with several
//! server instances on PostgreSQL, each keeps its [`LocalFanOut`] and
//! [`PgFanOut`](crate::fanout_pg::PgFanOut) feeds it the changes made by the others (a
//! [`Note`] per committed change, through `LISTEN/NOTIFY`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// One update of a game as sent to watchers: the game's JSON and the version it shows.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The game's change counter (see [`crate::store::StoredGame::version`]).
    pub version: u64,
    /// The game as `GET /api/games/{id}` returns it.
    pub text: Arc<str>,
    /// When the text was rendered: larger is newer. Frames of one version can differ (who is
    /// connected, who watches), and only the newest of them is worth showing.
    pub revision: u64,
    /// The rematch's id, once agreed: a socket that said hello with a seat's token sends
    /// that seat its token in the new game.
    pub rematch: Option<String>,
}

/// Delivers frames to the watchers of a game.
pub trait FanOut: Send + Sync + 'static {
    /// Sends `frame` to everyone subscribed to `game`; nobody listening is fine.
    fn publish(&self, game: &str, frame: Frame);
    /// Starts receiving the frames of `game`. A receiver that falls behind is told how many
    /// it missed (`Lagged`) and should fetch the whole game again.
    fn subscribe(&self, game: &str) -> broadcast::Receiver<Frame>;
    /// Whether anyone here is subscribed to `game`. A socket subscribes before it reads the
    /// game, so a change that comes after this says no cannot be missed by a watcher: it
    /// reads the game from storage afterwards.
    fn watched(&self, game: &str) -> bool;
}

/// Frames kept for a slow watcher before it is told that it lagged.
const BACKLOG: usize = 32;

/// In-process fan-out: one broadcast channel per watched game.
#[derive(Default)]
pub struct LocalFanOut {
    channels: Mutex<HashMap<String, broadcast::Sender<Frame>>>,
}

impl FanOut for LocalFanOut {
    fn publish(&self, game: &str, frame: Frame) {
        let mut channels = self.channels.lock().expect("fan-out map");
        if let Some(tx) = channels.get(game) {
            if tx.send(frame).is_err() {
                // Nobody listens any more.
                channels.remove(game);
            }
        }
    }

    fn subscribe(&self, game: &str) -> broadcast::Receiver<Frame> {
        let mut channels = self.channels.lock().expect("fan-out map");
        channels
            .entry(game.to_string())
            .or_insert_with(|| broadcast::channel(BACKLOG).0)
            .subscribe()
    }

    fn watched(&self, game: &str) -> bool {
        let channels = self.channels.lock().expect("fan-out map");
        channels.get(game).is_some_and(|tx| tx.receiver_count() > 0)
    }
}

/// The PostgreSQL notification channel every instance listens on (see [`Note`]).
pub const CHANNEL: &str = "tabla";

/// What one instance tells the others through the database (PostgreSQL `NOTIFY`, sent in
/// the transaction of the change, so delivered only once it is committed). As text:
/// `g ID VERSION WORK LOBBY` (WORK, LOBBY: 0 or 1) or `r ID`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Game `id` is now at `version`.
    Game {
        /// The game's id.
        id: String,
        /// Its version after the change.
        version: u64,
        /// Unfinished with a computer seat or a clock: the instance holding the lead takes
        /// it on (a computer's turn, a clock's time-out).
        work: bool,
        /// The lobby may have changed (an open seat before or after).
        lobby: bool,
    },
    /// The review of game `id` was asked for.
    Review {
        /// The game's id.
        id: String,
    },
}

impl std::fmt::Display for Note {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Note::Game { id, version, work, lobby } => {
                write!(f, "g {id} {version} {} {}", u8::from(*work), u8::from(*lobby))
            }
            Note::Review { id } => write!(f, "r {id}"),
        }
    }
}

impl std::str::FromStr for Note {
    type Err = String;
    fn from_str(text: &str) -> Result<Note, String> {
        let bad = || format!("not a note: '{text}'");
        let parts: Vec<&str> = text.split(' ').collect();
        let flag = |t: &str| match t {
            "0" => Ok(false),
            "1" => Ok(true),
            _ => Err(bad()),
        };
        match parts.as_slice() {
            ["g", id, version, work, lobby] => Ok(Note::Game {
                id: id.to_string(),
                version: version.parse().map_err(|_| bad())?,
                work: flag(work)?,
                lobby: flag(lobby)?,
            }),
            ["r", id] => Ok(Note::Review { id: id.to_string() }),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Note;

    #[test]
    fn notes_read_back_as_written_and_garbage_is_refused() {
        let notes = [
            Note::Game { id: "ab12".into(), version: 7, work: true, lobby: false },
            Note::Game { id: "x".into(), version: 0, work: false, lobby: true },
            Note::Review { id: "ab12".into() },
        ];
        for n in notes {
            assert_eq!(n.to_string().parse::<Note>(), Ok(n.clone()));
        }
        assert_eq!(Note::Review { id: "q".into() }.to_string(), "r q");
        for bad in ["", "g a 1 1", "g a x 1 0", "g a 1 2 0", "r", "z a"] {
            assert!(bad.parse::<Note>().is_err(), "{bad}");
        }
    }
}
