//! Storage behind one small interface, [`Store`]: a game is its rules, seats, secret and the
//! record of move tokens; positions are rebuilt from the record. [`SqliteStore`] keeps them in
//! one file; [`PgStore`](crate::store_pg::PgStore) in PostgreSQL, with the same semantics,
//! and nothing above the trait changes (the version check in [`Store::commit`] is what will
//! keep several instances from overwriting each other).

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use std::future::Future;
use std::path::Path;
use std::pin::Pin;
use std::sync::{mpsc, Arc, Mutex};
use tokio::sync::oneshot;

/// What a store answers with: boxed, so that the trait stays object-safe and a backend may
/// be fully async (a network database) or hand work to a thread (SQLite).
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// Why a store call failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The game changed since the version the change was made for (or the id is taken, on
    /// create): nothing was written.
    Conflict,
    /// The backend failed (disk, database); nothing was written.
    Backend(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Conflict => f.write_str("the game changed meanwhile"),
            StoreError::Backend(e) => write!(f, "storage failed: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Backend(e.to_string())
    }
}

/// A seat as stored: its kind (`human`, `computer:3`, `open`) and, for people, the SHA-256 of
/// its token (the token itself is never stored) and the name they gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// `human`, `computer:L`, or `open` (nobody has taken it yet).
    pub kind: String,
    /// SHA-256 of the seat's token; `None` for computer and open seats.
    pub token_hash: Option<[u8; 32]>,
    /// The player's name, if they gave one.
    pub name: Option<String>,
    /// The player identity (`POST /api/players`) the seat is linked to, if any.
    pub player_id: Option<String>,
}

/// A player's Glicko-2 rating in one game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 to start).
    pub rating: f64,
    /// Its deviation (350 to start).
    pub deviation: f64,
    /// Its volatility (0.06 to start).
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating { rating: 1500.0, deviation: 350.0, volatility: 0.06, games: 0 }
    }
}

/// A player identity as stored: the SHA-256 of its key, never the key.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The public id.
    pub id: String,
    /// The name given.
    pub name: String,
    /// Ratings per game (registry id).
    pub ratings: Vec<(String, Rating)>,
}

/// A whole game as stored: what it takes to rebuild it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The public id.
    pub id: String,
    /// The registry id of the game.
    pub game: String,
    /// The options as given (checked), in order.
    pub options: Vec<(String, String)>,
    /// One per player, in seat order.
    pub seats: Vec<StoredSeat>,
    /// The secret the dice sequence is drawn from; never shown.
    pub secret: [u8; 32],
    /// The move tokens, chance outcomes included: the truth of the game.
    pub record: Vec<String>,
    /// Counts every change (move, undo, resignation), so that a change made for an older
    /// state is refused even when the ply is the same again after an undo.
    pub version: u64,
    /// The seat that resigned, if one did (the game is then over).
    pub resigned: Option<u8>,
    /// Whether the game is over (by its rules or by resignation).
    pub finished: bool,
    /// What the hub keeps beside the record (clock, ending, offers, rematch), as a JSON
    /// object the store does not read; `{}` for games stored before it existed.
    pub meta: String,
    /// Whether a clock may run out (the game is listed by [`Store::resumable`]).
    pub timed: bool,
    /// When the game was created, in seconds since 1970 (set by the store on create).
    pub created_at: i64,
}

/// One change to a stored game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Tokens played from `ply` on (`ply` is the record's length before them).
    Append {
        /// Length of the record before the tokens.
        ply: usize,
        /// The tokens.
        tokens: Vec<String>,
    },
    /// The record cut back to `ply` tokens (an undo).
    Truncate {
        /// The new length.
        ply: usize,
    },
    /// A seat resigned.
    Resign {
        /// The seat index.
        seat: u8,
    },
    /// A person took an open seat: it becomes `human` with this token hash and name. Refused
    /// ([`StoreError::Conflict`]) when the seat is not open any more.
    Join {
        /// The seat index.
        seat: u8,
        /// SHA-256 of the new token.
        token_hash: [u8; 32],
        /// The name given.
        name: Option<String>,
        /// The player identity, if the joining person gave a key.
        player_id: Option<String>,
    },
    /// Nothing but `meta` changes (a clock ran out, an offer, a draw, an abort).
    Meta,
    /// A person's seat is (re)named by its holder (a friend who came by an invite link).
    Name {
        /// The seat index.
        seat: u8,
        /// The name.
        name: String,
    },
}

/// A change with the version it was made for: the store applies it only if the game is still
/// at that version, and the game's version becomes `version + 1`.
#[derive(Clone, Debug, PartialEq)]
pub struct Change {
    /// The game's id.
    pub id: String,
    /// The version the change was computed against.
    pub version: u64,
    /// What changes.
    pub edit: Edit,
    /// Whether the game is over after it.
    pub finished: bool,
    /// The game's [`StoredGame::meta`] after the change.
    pub meta: String,
    /// The game's [`StoredGame::timed`] after the change.
    pub timed: bool,
    /// New ratings (player id, game, rating) written in the same transaction: the end of a
    /// rated game.
    pub ratings: Vec<(String, String, Rating)>,
}

/// Where games live. Every call either does all it says, durably, or nothing.
pub trait Store: Send + Sync + 'static {
    /// Stores a new game (`version` as given, normally 0).
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the id is taken; [`StoreError::Backend`].
    fn create(&self, game: StoredGame) -> StoreFuture<'_, ()>;
    /// The game with this id, if any.
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn load(&self, id: &str) -> StoreFuture<'_, Option<StoredGame>>;
    /// Applies a change; once this returns `Ok`, the change survives a crash.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game is not at `change.version` (or does not exist);
    /// [`StoreError::Backend`].
    fn commit(&self, change: Change) -> StoreFuture<'_, ()>;
    /// Ids of the unfinished games with a computer seat or a clock, so that a restarted
    /// server resumes a computer's turn that was cut off and ends games whose time ran out.
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn resumable(&self) -> StoreFuture<'_, Vec<String>>;
    /// How many games are stored (`tabla serve --seed` numbers new games after them).
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn count(&self) -> StoreFuture<'_, u64>;
    /// Ids of the unfinished games with an open seat, newest first (at most 200).
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn lobby(&self) -> StoreFuture<'_, Vec<String>>;
    /// Stores a new player identity.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the id or key is taken; [`StoreError::Backend`].
    fn create_player(&self, id: String, name: String, key_hash: [u8; 32]) -> StoreFuture<'_, ()>;
    /// The player whose key has this hash, with their ratings.
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn player_by_key(&self, key_hash: [u8; 32]) -> StoreFuture<'_, Option<Player>>;
    /// The ratings in `game` of these players (the default for one not rated yet).
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn ratings(&self, game: String, ids: Vec<String>) -> StoreFuture<'_, Vec<Rating>>;
    /// The best `limit` players of `game` (name and rating), best first.
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn leaderboard(&self, game: String, limit: u32) -> StoreFuture<'_, Vec<(String, Rating)>>;
    /// Records that the review of game `id` was asked for (`None`; nothing if it was already)
    /// or stores its result (`Some`, the review's JSON).
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn put_review(&self, id: String, result: Option<String>) -> StoreFuture<'_, ()>;
    /// The review of game `id`: `None` never asked, `Some(None)` asked and not done,
    /// `Some(Some(json))` done.
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn review(&self, id: String) -> StoreFuture<'_, Option<Option<String>>>;
    /// Ids of the games whose review was asked for and is not done (a restart resumes them).
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn pending_reviews(&self) -> StoreFuture<'_, Vec<String>>;
    /// The stored version of game `id` (`None`: no such game): a cheap check that a game
    /// held in memory is still current when another instance may have changed it.
    ///
    /// # Errors
    /// [`StoreError::Backend`].
    fn version(&self, id: &str) -> StoreFuture<'_, Option<u64>>;
    /// Whether other server instances may write to the same database (PostgreSQL): the hub
    /// then checks its copies against [`Store::version`] and leaves background work to the
    /// instance holding the lead. One SQLite file has one server.
    fn shared(&self) -> bool {
        false
    }
}

/// The schema, one step per version from the first; `PRAGMA user_version` says how many have
/// been applied. Append new steps; never edit a published one. PostgreSQL's dialect of each
/// step is in [`crate::store_pg`], with the same numbering: append to both.
pub(crate) const MIGRATIONS: &[&str] = &[
    // 1: games, their seats, their records.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,          -- JSON [[key, value], ...]
        secret BLOB NOT NULL,
        version INTEGER NOT NULL,
        ply INTEGER NOT NULL,
        resigned INTEGER,
        finished INTEGER NOT NULL,
        has_computer INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        kind TEXT NOT NULL,
        token_hash BLOB,
        PRIMARY KEY (game_id, seat)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        token TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX games_resumable ON games(finished, has_computer);",
    // 2: names, open seats, clocks, offers (issue 26).
    "ALTER TABLE seats ADD COLUMN name TEXT;
    ALTER TABLE games ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN timed INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_lobby ON games(finished, open);
    CREATE INDEX games_timed ON games(finished, timed);",
    // 3: player identities and their ratings per game.
    "CREATE TABLE players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        key_hash BLOB NOT NULL UNIQUE,
        created_at INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE ratings (
        player_id TEXT NOT NULL REFERENCES players(id),
        game TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (player_id, game)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX ratings_board ON ratings(game, rating);
    ALTER TABLE seats ADD COLUMN player_id TEXT REFERENCES players(id);",
    // 4: game reviews (issue 27): asked for, then done.
    "CREATE TABLE reviews (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        result TEXT,
        asked_at INTEGER NOT NULL
    ) STRICT;",
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: usize = MIGRATIONS.len();

/// Opens a connection with the settings every connection of ours needs: WAL (readers never
/// block the writer), `synchronous=FULL` (a commit is on disk when it returns).
fn connect(path: &Path) -> Result<Connection, StoreError> {
    let conn = Connection::open(path)
        .map_err(|e| StoreError::Backend(format!("cannot open {}: {e}", path.display())))?;
    conn.busy_timeout(std::time::Duration::from_secs(10))?;
    let mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(StoreError::Backend(format!("{} cannot be put in WAL mode", path.display())));
    }
    conn.execute_batch("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")?;
    Ok(conn)
}

/// Brings the schema up to [`SCHEMA_VERSION`], one transaction per step.
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    let have: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let have = usize::try_from(have).unwrap_or(usize::MAX);
    if have > MIGRATIONS.len() {
        return Err(StoreError::Backend(format!(
            "the database has schema version {have}, written by a newer tabla; this one knows \
             versions up to {}",
            MIGRATIONS.len()
        )));
    }
    for (i, step) in MIGRATIONS.iter().enumerate().skip(have) {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_batch(step)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
        tx.commit()?;
    }
    Ok(())
}

enum Job {
    Create(StoredGame, oneshot::Sender<Result<(), StoreError>>),
    Commit(Change, oneshot::Sender<Result<(), StoreError>>),
    Player(String, String, [u8; 32], oneshot::Sender<Result<(), StoreError>>),
    Review(String, Option<String>, oneshot::Sender<Result<(), StoreError>>),
}

/// SQLite in one file. Writes go to one thread that owns the writing connection and commits
/// whatever has queued up in one transaction (group commit: one fsync for many moves, each
/// acknowledged only after that fsync); reads use a second connection, which WAL lets run
/// alongside.
pub struct SqliteStore {
    jobs: Mutex<mpsc::Sender<Job>>,
    reader: Arc<Mutex<Connection>>,
    /// Dropped with the store: the checkpoint thread then ends.
    _checkpoints: Mutex<mpsc::Sender<()>>,
}

/// How often the checkpoint thread copies the WAL into the database file. Checkpoints run on
/// their own connection, beside the writer: left to SQLite (every 1,000 pages, in the commit
/// that crosses the mark) one commit in a few hundred also wrote and fsynced the database
/// file, and every move queued behind it waited.
const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

/// Most jobs in one transaction, so that one commit does not wait for an endless queue.
pub const MAX_BATCH: usize = 512;

impl SqliteStore {
    /// Opens (or creates) the database file and brings its schema up to date.
    ///
    /// # Errors
    /// The file cannot be opened, is not a database, or has a newer schema.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_batched(path, MAX_BATCH)
    }

    /// As [`SqliteStore::open`], committing at most `max_batch` writes per transaction (and
    /// so per fsync). 1 is one fsync per move, the server before group commit: for
    /// `bench/group-commit.sh` (`TABLA_COMMIT_BATCH=1 tabla serve`), never worth it otherwise.
    ///
    /// # Errors
    /// As [`SqliteStore::open`].
    pub fn open_batched(path: &Path, max_batch: usize) -> Result<SqliteStore, StoreError> {
        let max_batch = max_batch.clamp(1, MAX_BATCH);
        let mut writer = connect(path)?;
        migrate(&mut writer)?;
        // Checkpoints are the checkpoint thread's (below), never a commit's.
        writer.pragma_update(None, "wal_autocheckpoint", 0)?;
        let reader = connect(path)?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("tabla-sqlite-writer".into())
            .spawn(move || write_loop(writer, rx, max_batch))
            .map_err(|e| StoreError::Backend(format!("cannot start the writer thread: {e}")))?;
        let checkpointer = connect(path)?;
        let (stop, stopped) = mpsc::channel::<()>();
        std::thread::Builder::new()
            .name("tabla-sqlite-checkpoint".into())
            .spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) =
                    stopped.recv_timeout(CHECKPOINT_EVERY)
                {
                    let done =
                        checkpointer.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                    if let Err(e) = done {
                        tracing::warn!(error = %e, "a checkpoint failed");
                    }
                }
            })
            .map_err(|e| StoreError::Backend(format!("cannot start the checkpoint thread: {e}")))?;
        Ok(SqliteStore {
            jobs: Mutex::new(tx),
            reader: Arc::new(Mutex::new(reader)),
            _checkpoints: Mutex::new(stop),
        })
    }

    fn send(&self, job: Job) {
        // The writer lives as long as the store; a failed send is answered by the dropped
        // reply channel.
        let _ = self.jobs.lock().expect("job queue").send(job);
    }

    fn read<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> StoreFuture<'_, T> {
        let reader = Arc::clone(&self.reader);
        Box::pin(async move {
            tokio::task::spawn_blocking(move || f(&reader.lock().expect("reader")))
                .await
                .map_err(|e| StoreError::Backend(format!("reader thread: {e}")))?
        })
    }
}

async fn answer(rx: oneshot::Receiver<Result<(), StoreError>>) -> Result<(), StoreError> {
    rx.await.unwrap_or_else(|_| Err(StoreError::Backend("the writer thread stopped".into())))
}

impl Store for SqliteStore {
    fn create(&self, game: StoredGame) -> StoreFuture<'_, ()> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Create(game, tx));
        Box::pin(answer(rx))
    }

    fn load(&self, id: &str) -> StoreFuture<'_, Option<StoredGame>> {
        let id = id.to_string();
        self.read(move |c| load(c, &id))
    }

    fn commit(&self, change: Change) -> StoreFuture<'_, ()> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Commit(change, tx));
        Box::pin(answer(rx))
    }

    fn resumable(&self) -> StoreFuture<'_, Vec<String>> {
        self.read(|c| {
            let mut q = c.prepare(
                "SELECT id FROM games WHERE finished = 0 AND has_computer = 1
                 UNION SELECT id FROM games WHERE finished = 0 AND timed = 1",
            )?;
            let ids = q.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
            Ok(ids)
        })
    }

    fn count(&self) -> StoreFuture<'_, u64> {
        self.read(|c| {
            let n: i64 = c.query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
            Ok(u64::try_from(n).unwrap_or(0))
        })
    }

    fn create_player(&self, id: String, name: String, key_hash: [u8; 32]) -> StoreFuture<'_, ()> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Player(id, name, key_hash, tx));
        Box::pin(answer(rx))
    }

    fn player_by_key(&self, key_hash: [u8; 32]) -> StoreFuture<'_, Option<Player>> {
        self.read(move |c| {
            let row: Option<(String, String)> = c
                .query_row(
                    "SELECT id, name FROM players WHERE key_hash = ?1",
                    [&key_hash[..]],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )
                .optional()?;
            let Some((id, name)) = row else { return Ok(None) };
            let mut q = c.prepare_cached(
                "SELECT game, rating, deviation, volatility, games FROM ratings
                 WHERE player_id = ?1 ORDER BY game",
            )?;
            let ratings = q
                .query_map([&id], |r| Ok((r.get::<_, String>(0)?, rating_row(r, 1)?)))?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Some(Player { id, name, ratings }))
        })
    }

    fn ratings(&self, game: String, ids: Vec<String>) -> StoreFuture<'_, Vec<Rating>> {
        self.read(move |c| {
            let mut q = c.prepare_cached(
                "SELECT rating, deviation, volatility, games FROM ratings
                 WHERE player_id = ?1 AND game = ?2",
            )?;
            ids.iter()
                .map(|id| {
                    let r = q.query_row(params![id, game], |r| rating_row(r, 0)).optional()?;
                    Ok(r.unwrap_or_default())
                })
                .collect()
        })
    }

    fn leaderboard(&self, game: String, limit: u32) -> StoreFuture<'_, Vec<(String, Rating)>> {
        self.read(move |c| {
            let mut q = c.prepare_cached(
                "SELECT p.name, r.rating, r.deviation, r.volatility, r.games
                 FROM ratings r JOIN players p ON p.id = r.player_id
                 WHERE r.game = ?1 ORDER BY r.rating DESC, r.games DESC LIMIT ?2",
            )?;
            let rows = q
                .query_map(params![game, limit], |r| {
                    Ok((r.get::<_, String>(0)?, rating_row(r, 1)?))
                })?
                .collect::<Result<Vec<_>, _>>()?;
            Ok(rows)
        })
    }

    fn put_review(&self, id: String, result: Option<String>) -> StoreFuture<'_, ()> {
        let (tx, rx) = oneshot::channel();
        self.send(Job::Review(id, result, tx));
        Box::pin(answer(rx))
    }

    fn review(&self, id: String) -> StoreFuture<'_, Option<Option<String>>> {
        self.read(move |c| {
            Ok(c.query_row("SELECT result FROM reviews WHERE game_id = ?1", [&id], |r| r.get(0))
                .optional()?)
        })
    }

    fn pending_reviews(&self) -> StoreFuture<'_, Vec<String>> {
        self.read(|c| {
            let mut q =
                c.prepare("SELECT game_id FROM reviews WHERE result IS NULL ORDER BY asked_at")?;
            let ids = q.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
            Ok(ids)
        })
    }

    fn version(&self, id: &str) -> StoreFuture<'_, Option<u64>> {
        let id = id.to_string();
        self.read(move |c| {
            let v: Option<i64> = c
                .query_row("SELECT version FROM games WHERE id = ?1", [&id], |r| r.get(0))
                .optional()?;
            Ok(v.map(|v| v as u64))
        })
    }

    fn lobby(&self) -> StoreFuture<'_, Vec<String>> {
        self.read(|c| {
            let mut q = c.prepare(
                "SELECT id FROM games WHERE finished = 0 AND open = 1
                 ORDER BY created_at DESC, rowid DESC LIMIT 200",
            )?;
            let ids = q.query_map([], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
            Ok(ids)
        })
    }
}

fn write_loop(mut conn: Connection, rx: mpsc::Receiver<Job>, max_batch: usize) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < max_batch {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let t0 = std::time::Instant::now();
        let results = write_batch(&mut conn, &batch);
        let spent = t0.elapsed();
        if spent > std::time::Duration::from_millis(100) {
            tracing::warn!(ms = spent.as_millis() as u64, writes = batch.len(), "a slow commit");
        }
        for (job, result) in batch.into_iter().zip(results) {
            let reply = match job {
                Job::Create(_, reply)
                | Job::Commit(_, reply)
                | Job::Player(.., reply)
                | Job::Review(.., reply) => reply,
            };
            let _ = reply.send(result);
        }
    }
}

/// Runs every job of the batch in one transaction, each in a savepoint so that one refused
/// job leaves the others; the answers are only `Ok` once the whole transaction is committed.
fn write_batch(conn: &mut Connection, batch: &[Job]) -> Vec<Result<(), StoreError>> {
    let run = |conn: &mut Connection| -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let mut tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut results = Vec::with_capacity(batch.len());
        for job in batch {
            let sp = tx.savepoint()?;
            let r = match job {
                Job::Create(game, _) => create(&sp, game),
                Job::Commit(change, _) => commit(&sp, change),
                Job::Player(id, name, hash, _) => create_player(&sp, id, name, hash),
                Job::Review(id, result, _) => put_review(&sp, id, result.as_deref()),
            };
            if r.is_ok() {
                sp.commit()?;
            }
            // Otherwise dropping the savepoint rolls that job back alone.
            results.push(r);
        }
        tx.commit()?;
        Ok(results)
    };
    match run(conn) {
        Ok(results) => results,
        Err(e) => {
            tracing::error!(error = %e, "storage: a batch of {} writes failed", batch.len());
            batch.iter().map(|_| Err(e.clone())).collect()
        }
    }
}

/// A [`Rating`] from columns rating, deviation, volatility, games starting at `at`.
fn rating_row(r: &rusqlite::Row<'_>, at: usize) -> rusqlite::Result<Rating> {
    Ok(Rating {
        rating: r.get(at)?,
        deviation: r.get(at + 1)?,
        volatility: r.get(at + 2)?,
        games: r.get(at + 3)?,
    })
}

fn create_player(c: &Connection, id: &str, name: &str, hash: &[u8; 32]) -> Result<(), StoreError> {
    let inserted = c.execute(
        "INSERT INTO players (id, name, key_hash, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT DO NOTHING",
        params![id, name, &hash[..], now()],
    )?;
    if inserted == 0 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}

fn put_review(c: &Connection, id: &str, result: Option<&str>) -> Result<(), StoreError> {
    match result {
        None => c.execute(
            "INSERT INTO reviews (game_id, result, asked_at) VALUES (?1, NULL, ?2)
             ON CONFLICT DO NOTHING",
            params![id, now()],
        )?,
        Some(r) => c.execute(
            "INSERT INTO reviews (game_id, result, asked_at) VALUES (?1, ?2, ?3)
             ON CONFLICT(game_id) DO UPDATE SET result = excluded.result",
            params![id, r, now()],
        )?,
    };
    Ok(())
}

pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn create(c: &Connection, g: &StoredGame) -> Result<(), StoreError> {
    let options = serde_json::to_string(&g.options).expect("options serialise");
    let has_computer = g.seats.iter().any(|s| s.kind.starts_with("computer"));
    let open = g.seats.iter().any(|s| s.kind == "open");
    let inserted = c.execute(
        "INSERT INTO games (id, game, options, secret, version, ply, resigned, finished,
                            has_computer, created_at, updated_at, meta, timed, open)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12, ?13)
         ON CONFLICT (id) DO NOTHING",
        params![
            g.id,
            g.game,
            options,
            &g.secret[..],
            g.version as i64,
            g.record.len() as i64,
            g.resigned,
            g.finished,
            has_computer,
            now(),
            g.meta,
            g.timed,
            open
        ],
    )?;
    if inserted == 0 {
        return Err(StoreError::Conflict);
    }
    for (i, s) in g.seats.iter().enumerate() {
        c.execute(
            "INSERT INTO seats (game_id, seat, kind, token_hash, name, player_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                g.id,
                i as i64,
                s.kind,
                s.token_hash.as_ref().map(|h| &h[..]),
                s.name,
                s.player_id
            ],
        )?;
    }
    insert_moves(c, &g.id, 0, &g.record)
}

fn insert_moves(
    c: &Connection,
    id: &str,
    from: usize,
    tokens: &[String],
) -> Result<(), StoreError> {
    let mut q = c.prepare_cached("INSERT INTO moves (game_id, ply, token) VALUES (?1, ?2, ?3)")?;
    for (i, t) in tokens.iter().enumerate() {
        q.execute(params![id, (from + i) as i64, t])?;
    }
    Ok(())
}

fn commit(c: &Connection, ch: &Change) -> Result<(), StoreError> {
    let row: Option<(i64, i64)> = c
        .query_row("SELECT version, ply FROM games WHERE id = ?1", [&ch.id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .optional()?;
    let Some((version, ply)) = row else { return Err(StoreError::Conflict) };
    if version != ch.version as i64 {
        return Err(StoreError::Conflict);
    }
    let ply = ply as usize;
    let new_ply = match &ch.edit {
        Edit::Append { ply: from, tokens } => {
            if *from != ply {
                return Err(StoreError::Conflict);
            }
            insert_moves(c, &ch.id, ply, tokens)?;
            ply + tokens.len()
        }
        Edit::Truncate { ply: to } => {
            if *to > ply {
                return Err(StoreError::Conflict);
            }
            c.execute(
                "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
                params![ch.id, *to as i64],
            )?;
            *to
        }
        Edit::Resign { seat } => {
            c.execute("UPDATE games SET resigned = ?2 WHERE id = ?1", params![ch.id, seat])?;
            ply
        }
        Edit::Join { seat, token_hash, name, player_id } => {
            let taken = c.execute(
                "UPDATE seats SET kind = 'human', token_hash = ?3, name = ?4, player_id = ?5
                 WHERE game_id = ?1 AND seat = ?2 AND kind = 'open'",
                params![ch.id, seat, &token_hash[..], name, player_id],
            )?;
            if taken == 0 {
                return Err(StoreError::Conflict);
            }
            ply
        }
        Edit::Meta => ply,
        Edit::Name { seat, name } => {
            let named = c.execute(
                "UPDATE seats SET name = ?3 WHERE game_id = ?1 AND seat = ?2 AND kind = 'human'",
                params![ch.id, seat, name],
            )?;
            if named == 0 {
                return Err(StoreError::Conflict);
            }
            ply
        }
    };
    c.execute(
        "UPDATE games SET version = ?2, ply = ?3, finished = ?4, updated_at = ?5, meta = ?6,
                          timed = ?7,
                          open = EXISTS (SELECT 1 FROM seats WHERE game_id = ?1 AND kind = 'open')
         WHERE id = ?1",
        params![ch.id, version + 1, new_ply as i64, ch.finished, now(), ch.meta, ch.timed],
    )?;
    for (player, game, r) in &ch.ratings {
        c.execute(
            "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)
             ON CONFLICT (player_id, game) DO UPDATE SET rating = ?3, deviation = ?4,
                 volatility = ?5, games = ?6",
            params![player, game, r.rating, r.deviation, r.volatility, r.games],
        )?;
    }
    Ok(())
}

fn load(c: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    type Row = (String, String, Vec<u8>, i64, Option<u8>, bool, String, bool, i64);
    let row: Option<Row> = c
        .query_row(
            "SELECT game, options, secret, version, resigned, finished, meta, timed, created_at
             FROM games WHERE id = ?1",
            [id],
            |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                    r.get(8)?,
                ))
            },
        )
        .optional()?;
    let Some((game, options, secret, version, resigned, finished, meta, timed, created_at)) = row
    else {
        return Ok(None);
    };
    let options: Vec<(String, String)> = serde_json::from_str(&options)
        .map_err(|e| StoreError::Backend(format!("game {id}: bad options column: {e}")))?;
    let secret: [u8; 32] = secret
        .try_into()
        .map_err(|_| StoreError::Backend(format!("game {id}: bad secret column")))?;
    let mut q = c.prepare_cached(
        "SELECT kind, token_hash, name, player_id FROM seats WHERE game_id = ?1 ORDER BY seat",
    )?;
    let seats = q
        .query_map([id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, Option<Vec<u8>>>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<String>>(3)?,
            ))
        })?
        .map(|r| {
            let (kind, hash, name, player_id) = r?;
            let token_hash = match hash {
                None => None,
                Some(h) => Some(h.try_into().map_err(|_| {
                    StoreError::Backend(format!("game {id}: bad token hash column"))
                })?),
            };
            Ok(StoredSeat { kind, token_hash, name, player_id })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let mut q = c.prepare_cached("SELECT token FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    let record = q.query_map([id], |r| r.get(0))?.collect::<Result<Vec<String>, _>>()?;
    Ok(Some(StoredGame {
        id: id.to_string(),
        game,
        options,
        seats,
        secret,
        record,
        version: version as u64,
        resigned,
        finished,
        meta,
        timed,
        created_at,
    }))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn game(id: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            game: "amazons".into(),
            options: vec![("size".into(), "6".into())],
            seats: vec![
                StoredSeat {
                    kind: "human".into(),
                    token_hash: Some([7; 32]),
                    name: None,
                    player_id: None,
                },
                StoredSeat {
                    kind: "computer:2".into(),
                    token_hash: None,
                    name: None,
                    player_id: None,
                },
            ],
            secret: [1; 32],
            record: vec!["a".into(), "b".into()],
            version: 0,
            resigned: None,
            finished: false,
            meta: "{}".into(),
            timed: false,
            created_at: 0,
        }
    }

    /// A loaded game with the creation time the store set put back to 0, to compare.
    pub(crate) fn unstamped(g: Option<StoredGame>) -> Option<StoredGame> {
        g.map(|g| StoredGame { created_at: 0, ..g })
    }

    pub(crate) fn rt() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
    }

    /// Creates, changes, refuses stale changes, on a fresh store of any backend.
    pub(crate) async fn round_trip(s: &dyn Store) {
        s.create(game("g1")).await.unwrap();
        assert_eq!(s.create(game("g1")).await, Err(StoreError::Conflict));
        assert_eq!(unstamped(s.load("g1").await.unwrap()), Some(game("g1")));
        assert_eq!(s.load("nope").await.unwrap(), None);
        let append = |version, ply| Change {
            id: "g1".into(),
            version,
            edit: Edit::Append { ply, tokens: vec!["c".into(), "d".into()] },
            finished: false,
            meta: "{}".into(),
            timed: false,
            ratings: vec![],
        };
        s.commit(append(0, 2)).await.unwrap();
        // The same change again is stale: the version moved on.
        assert_eq!(s.commit(append(0, 2)).await, Err(StoreError::Conflict));
        assert_eq!(s.commit(append(1, 3)).await, Err(StoreError::Conflict));
        let cut = Change {
            id: "g1".into(),
            version: 1,
            edit: Edit::Truncate { ply: 1 },
            finished: false,
            meta: "{}".into(),
            timed: false,
            ratings: vec![],
        };
        s.commit(cut).await.unwrap();
        let resign = Change {
            id: "g1".into(),
            version: 2,
            edit: Edit::Resign { seat: 0 },
            finished: true,
            meta: "{}".into(),
            timed: false,
            ratings: vec![],
        };
        s.commit(resign).await.unwrap();
        let g = s.load("g1").await.unwrap().unwrap();
        assert_eq!(
            (g.record, g.version, g.resigned, g.finished),
            (vec!["a".to_string()], 3, Some(0), true)
        );
        assert!(s.resumable().await.unwrap().is_empty());
        s.create(game("g2")).await.unwrap();
        assert_eq!(s.resumable().await.unwrap(), vec!["g2".to_string()]);
        assert_eq!(s.count().await.unwrap(), 2);
    }

    #[test]
    fn round_trip_changes_and_conflicts() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite3");
        rt().block_on(async { round_trip(&SqliteStore::open(&path).unwrap()).await });
        // Reopening keeps everything and does not migrate again.
        rt().block_on(async {
            let s = SqliteStore::open(&path).unwrap();
            assert_eq!(unstamped(s.load("g2").await.unwrap()), Some(game("g2")));
        });
    }

    /// An open seat is joined once and the game leaves the lobby, on a fresh store.
    pub(crate) async fn open_seat(s: &dyn Store) {
        let mut g = game("g1");
        g.seats[1] =
            StoredSeat { kind: "open".into(), token_hash: None, name: None, player_id: None };
        s.create(g).await.unwrap();
        s.create(game("g2")).await.unwrap();
        assert_eq!(s.lobby().await.unwrap(), vec!["g1".to_string()]);
        let join = |version| Change {
            id: "g1".into(),
            version,
            edit: Edit::Join {
                seat: 1,
                token_hash: [9; 32],
                name: Some("Béla".into()),
                player_id: None,
            },
            finished: false,
            meta: r#"{"rated":false}"#.into(),
            timed: true,
            ratings: vec![],
        };
        s.commit(join(0)).await.unwrap();
        // The seat is not open any more, whatever the version.
        assert_eq!(s.commit(join(1)).await, Err(StoreError::Conflict));
        let g = s.load("g1").await.unwrap().unwrap();
        assert_eq!(
            g.seats[1],
            StoredSeat {
                kind: "human".into(),
                token_hash: Some([9; 32]),
                name: Some("Béla".into()),
                player_id: None,
            }
        );
        assert_eq!((g.meta.as_str(), g.timed, g.version), (r#"{"rated":false}"#, true, 1));
        assert!(s.lobby().await.unwrap().is_empty());
        // A timed game is resumed after a restart, so that its clock is kept.
        assert!(s.resumable().await.unwrap().contains(&"g1".to_string()));
    }

    #[test]
    fn an_open_seat_is_joined_once_and_leaves_the_lobby() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite3");
        rt().block_on(async { open_seat(&SqliteStore::open(&path).unwrap()).await });
    }

    #[test]
    fn both_dialects_have_every_migration_step() {
        assert_eq!(MIGRATIONS.len(), crate::store_pg::PG_MIGRATIONS.len());
    }

    #[test]
    fn schema_is_migrated_and_newer_schemas_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite3");
        drop(SqliteStore::open(&path).unwrap());
        let c = Connection::open(&path).unwrap();
        let v: i64 = c.query_row("PRAGMA user_version", [], |r| r.get(0)).unwrap();
        assert_eq!(v as usize, SCHEMA_VERSION);
        let mode: String = c.query_row("PRAGMA journal_mode", [], |r| r.get(0)).unwrap();
        assert_eq!(mode, "wal");
        c.pragma_update(None, "user_version", 99).unwrap();
        drop(c);
        let Err(StoreError::Backend(e)) = SqliteStore::open(&path) else { panic!("opened") };
        assert!(e.contains("newer"), "{e}");
    }
}
