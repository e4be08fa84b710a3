//! Live updates behind one interface, [`FanOut`]: whoever changes a game publishes a frame,
//! every watcher of that game receives it. [`LocalFanOut`] serves one process; several server
//! instances would put a message bus (PostgreSQL `LISTEN/NOTIFY`, Redis) behind the same trait.

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
}
