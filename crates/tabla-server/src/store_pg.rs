//! [`PgStore`]: the [`Store`] on PostgreSQL, with exactly the semantics of
//! [`SqliteStore`](crate::store::SqliteStore): every call one transaction, a change acknowledged
//! only once its transaction has committed, [`Store::commit`] refused with
//! [`StoreError::Conflict`] when the game is not at the version the change was made for.
//!
//! The driver is `tokio-postgres` with a `deadpool-postgres` pool: fully async (no thread per
//! connection, unlike the SQLite writer), no database needed at compile time (unlike
//! `sqlx`'s checked queries, which would make every build of the workspace depend on a
//! running server or a committed query cache), small (no ORM, no macros), and both are
//! widely used and maintained. Queries are prepared once per connection (the pool's
//! statement cache).
//!
//! Several server instances on one database: the version check keeps them from overwriting
//! each other's games (the row lock of `FOR UPDATE` serialises two changes to one game, the
//! second is refused), and every committed change sends a [`Note`] on [`CHANNEL`] in its own
//! transaction, which [`PgFanOut`](crate::fanout_pg::PgFanOut) turns into frames for the
//! watchers on other instances and into work for the instance that leads.

use crate::fanout::{Note, CHANNEL};
use crate::store::{
    now, Change, Edit, Player, Rating, Store, StoreError, StoreFuture, StoredGame, StoredSeat,
};
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use std::str::FromStr;
use std::time::Duration;
use tokio_postgres::types::ToSql;
use tokio_postgres::NoTls;

/// The schema in PostgreSQL's dialect, step for step the same as SQLite's
/// (`store::MIGRATIONS`, same numbering); the one-row table `tabla_schema` says how many
/// have been applied. Append new steps to both lists; never edit a published one.
pub(crate) const PG_MIGRATIONS: &[&str] = &[
    // 1: games, their seats, their records. (`seq` stands in for SQLite's rowid: the order
    // games were created in, for the lobby.)
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        seq BIGSERIAL NOT NULL,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        secret BYTEA NOT NULL,
        version BIGINT NOT NULL,
        ply BIGINT NOT NULL,
        resigned BIGINT,
        finished BOOLEAN NOT NULL,
        has_computer BOOLEAN NOT NULL,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
    );
    CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat BIGINT NOT NULL,
        kind TEXT NOT NULL,
        token_hash BYTEA,
        PRIMARY KEY (game_id, seat)
    );
    CREATE TABLE moves (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply BIGINT NOT NULL,
        token TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE INDEX games_resumable ON games(finished, has_computer);",
    // 2: names, open seats, clocks, offers (issue 26).
    "ALTER TABLE seats ADD COLUMN name TEXT;
    ALTER TABLE games ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN timed BOOLEAN NOT NULL DEFAULT FALSE;
    ALTER TABLE games ADD COLUMN open BOOLEAN NOT NULL DEFAULT FALSE;
    CREATE INDEX games_lobby ON games(finished, open);
    CREATE INDEX games_timed ON games(finished, timed);",
    // 3: player identities and their ratings per game.
    "CREATE TABLE players (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        key_hash BYTEA NOT NULL UNIQUE,
        created_at BIGINT NOT NULL
    );
    CREATE TABLE ratings (
        player_id TEXT NOT NULL REFERENCES players(id),
        game TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        PRIMARY KEY (player_id, game)
    );
    CREATE INDEX ratings_board ON ratings(game, rating);
    ALTER TABLE seats ADD COLUMN player_id TEXT REFERENCES players(id);",
    // 4: game reviews (issue 27): asked for, then done.
    "CREATE TABLE reviews (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        result TEXT,
        asked_at BIGINT NOT NULL
    );",
];

/// Most connections one server instance holds.
const POOL_SIZE: usize = 16;

/// How long connecting (or waiting for a free connection) may take before the call fails.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Key of the advisory lock that serialises migrations (instances starting together).
pub(crate) const MIGRATION_LOCK: i64 = 0x0074_6162_6c61; // "tabla"

/// The error with what caused it (`error connecting to server: Connection refused`), or the
/// server's own message.
fn pg(e: tokio_postgres::Error) -> StoreError {
    if let Some(db) = e.as_db_error() {
        return StoreError::Backend(format!("PostgreSQL: {}", db.message()));
    }
    let mut text = format!("PostgreSQL: {e}");
    let mut cause = std::error::Error::source(&e);
    while let Some(c) = cause {
        let more = c.to_string();
        if !text.ends_with(&more) {
            text = format!("{text}: {more}");
        }
        cause = c.source();
    }
    StoreError::Backend(text)
}

fn pool_error(e: deadpool_postgres::PoolError) -> StoreError {
    match e {
        deadpool_postgres::PoolError::Backend(e) => pg(e),
        e => StoreError::Backend(format!("PostgreSQL: {e}")),
    }
}

/// Checks a `postgres://USER[:PASSWORD]@HOST[:PORT]/DB` address (or any form
/// `tokio-postgres` accepts) without connecting.
///
/// # Errors
/// What is wrong with it.
pub fn check_url(url: &str) -> Result<tokio_postgres::Config, String> {
    let config = tokio_postgres::Config::from_str(url)
        .map_err(|e| format!("not a PostgreSQL address ({e}): postgres://USER@HOST[:PORT]/DB"))?;
    if config.get_hosts().is_empty() {
        return Err("the PostgreSQL address names no host: postgres://USER@HOST[:PORT]/DB".into());
    }
    Ok(config)
}

/// PostgreSQL through a pool of connections; every call runs on one connection in one
/// transaction, so calls for different games go on at once (PostgreSQL commits them in
/// groups itself), and two changes to one game are serialised by the game's row lock.
pub struct PgStore {
    pool: Pool,
}

impl PgStore {
    /// Connects, checks the server answers, and brings the schema up to date.
    ///
    /// # Errors
    /// A bad address, an unreachable server, refused credentials, a missing database, or a
    /// schema written by a newer tabla.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let mut config = check_url(url).map_err(StoreError::Backend)?;
        if config.get_connect_timeout().is_none() {
            config.connect_timeout(CONNECT_TIMEOUT);
        }
        config.application_name("tabla");
        let manager = Manager::from_config(
            config,
            NoTls,
            ManagerConfig { recycling_method: RecyclingMethod::Fast },
        );
        let pool = Pool::builder(manager)
            .max_size(POOL_SIZE)
            .runtime(Runtime::Tokio1)
            .create_timeout(Some(CONNECT_TIMEOUT))
            .wait_timeout(Some(CONNECT_TIMEOUT))
            .build()
            .map_err(|e| StoreError::Backend(format!("PostgreSQL pool: {e}")))?;
        let store = PgStore { pool };
        store.migrate().await?;
        Ok(store)
    }

    /// Brings the schema up to the length of [`PG_MIGRATIONS`], one transaction per step,
    /// under an advisory lock so that instances starting together migrate once.
    async fn migrate(&self) -> Result<(), StoreError> {
        let mut client = self.pool.get().await.map_err(pool_error)?;
        loop {
            let tx = client.transaction().await.map_err(pg)?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await.map_err(pg)?;
            tx.batch_execute(
                "CREATE TABLE IF NOT EXISTS tabla_schema (
                     one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
                     version BIGINT NOT NULL
                 );
                 INSERT INTO tabla_schema (version) VALUES (0) ON CONFLICT DO NOTHING;",
            )
            .await
            .map_err(pg)?;
            let have: i64 =
                tx.query_one("SELECT version FROM tabla_schema", &[]).await.map_err(pg)?.get(0);
            let have = usize::try_from(have).unwrap_or(usize::MAX);
            if have > PG_MIGRATIONS.len() {
                return Err(StoreError::Backend(format!(
                    "the database has schema version {have}, written by a newer tabla; this one \
                     knows versions up to {}",
                    PG_MIGRATIONS.len()
                )));
            }
            if have == PG_MIGRATIONS.len() {
                tx.commit().await.map_err(pg)?;
                return Ok(());
            }
            tx.batch_execute(PG_MIGRATIONS[have]).await.map_err(pg)?;
            tx.execute("UPDATE tabla_schema SET version = $1", &[&(have as i64 + 1)])
                .await
                .map_err(pg)?;
            tx.commit().await.map_err(pg)?;
        }
    }

    async fn client(&self) -> Result<deadpool_postgres::Object, StoreError> {
        self.pool.get().await.map_err(pool_error)
    }

    async fn ids(
        &self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<String>, StoreError> {
        let c = self.client().await?;
        let q = c.prepare_cached(sql).await.map_err(pg)?;
        Ok(c.query(&q, params).await.map_err(pg)?.iter().map(|r| r.get(0)).collect())
    }
}

type Tx<'a> = deadpool_postgres::Transaction<'a>;

/// A [`Rating`] from columns rating, deviation, volatility, games starting at `at`.
fn rating_row(r: &tokio_postgres::Row, at: usize) -> Rating {
    Rating {
        rating: r.get(at),
        deviation: r.get(at + 1),
        volatility: r.get(at + 2),
        games: u32::try_from(r.get::<_, i64>(at + 3)).unwrap_or(u32::MAX),
    }
}

async fn create(tx: &Tx<'_>, g: &StoredGame) -> Result<(), StoreError> {
    let options = serde_json::to_string(&g.options).expect("options serialise");
    let has_computer = g.seats.iter().any(|s| s.kind.starts_with("computer"));
    let open = g.seats.iter().any(|s| s.kind == "open");
    let q = tx
        .prepare_cached(
            "INSERT INTO games (id, game, options, secret, version, ply, resigned, finished,
                                has_computer, created_at, updated_at, meta, timed, open)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11, $12, $13)
             ON CONFLICT (id) DO NOTHING",
        )
        .await
        .map_err(pg)?;
    let inserted = tx
        .execute(
            &q,
            &[
                &g.id,
                &g.game,
                &options,
                &&g.secret[..],
                &(g.version as i64),
                &(g.record.len() as i64),
                &g.resigned.map(i64::from),
                &g.finished,
                &has_computer,
                &now(),
                &g.meta,
                &g.timed,
                &open,
            ],
        )
        .await
        .map_err(pg)?;
    if inserted == 0 {
        return Err(StoreError::Conflict);
    }
    let q = tx
        .prepare_cached(
            "INSERT INTO seats (game_id, seat, kind, token_hash, name, player_id)
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .await
        .map_err(pg)?;
    for (i, s) in g.seats.iter().enumerate() {
        let hash = s.token_hash.as_ref().map(|h| &h[..]);
        tx.execute(&q, &[&g.id, &(i as i64), &s.kind, &hash, &s.name, &s.player_id])
            .await
            .map_err(pg)?;
    }
    insert_moves(tx, &g.id, 0, &g.record).await?;
    let note = Note::Game {
        id: g.id.clone(),
        version: g.version,
        work: !g.finished && (has_computer || g.timed),
        lobby: open,
    };
    notify(tx, &note).await
}

/// Tells every instance listening on [`CHANNEL`] about a change, when (and only if) the
/// transaction commits: PostgreSQL delivers a transaction's notifications at its commit.
async fn notify(tx: &Tx<'_>, note: &Note) -> Result<(), StoreError> {
    let q = tx.prepare_cached("SELECT pg_notify($1, $2)").await.map_err(pg)?;
    tx.execute(&q, &[&CHANNEL, &note.to_string()]).await.map_err(pg)?;
    Ok(())
}

async fn insert_moves(
    tx: &Tx<'_>,
    id: &str,
    from: usize,
    tokens: &[String],
) -> Result<(), StoreError> {
    if tokens.is_empty() {
        return Ok(());
    }
    // One statement for the whole run of tokens: plies from `from` on, in order.
    let q = tx
        .prepare_cached(
            "INSERT INTO moves (game_id, ply, token)
             SELECT $1, $2 + t.i - 1, t.token FROM unnest($3::TEXT[]) WITH ORDINALITY
                 AS t(token, i)",
        )
        .await
        .map_err(pg)?;
    tx.execute(&q, &[&id, &(from as i64), &tokens]).await.map_err(pg)?;
    Ok(())
}

async fn commit(tx: &Tx<'_>, ch: &Change) -> Result<(), StoreError> {
    // The row lock serialises changes to one game (instances included): a second change
    // made for the same version waits, then sees the new version and is refused.
    let q = tx
        .prepare_cached(
            "SELECT version, ply, has_computer, open FROM games WHERE id = $1 FOR UPDATE",
        )
        .await
        .map_err(pg)?;
    let Some(row) = tx.query_opt(&q, &[&ch.id]).await.map_err(pg)? else {
        return Err(StoreError::Conflict);
    };
    let (version, ply): (i64, i64) = (row.get(0), row.get(1));
    let (has_computer, was_open): (bool, bool) = (row.get(2), row.get(3));
    if version != ch.version as i64 {
        return Err(StoreError::Conflict);
    }
    let ply = ply as usize;
    let new_ply = match &ch.edit {
        Edit::Append { ply: from, tokens } => {
            if *from != ply {
                return Err(StoreError::Conflict);
            }
            insert_moves(tx, &ch.id, ply, tokens).await?;
            ply + tokens.len()
        }
        Edit::Truncate { ply: to } => {
            if *to > ply {
                return Err(StoreError::Conflict);
            }
            let q = tx
                .prepare_cached("DELETE FROM moves WHERE game_id = $1 AND ply >= $2")
                .await
                .map_err(pg)?;
            tx.execute(&q, &[&ch.id, &(*to as i64)]).await.map_err(pg)?;
            *to
        }
        Edit::Resign { seat } => {
            let q = tx
                .prepare_cached("UPDATE games SET resigned = $2 WHERE id = $1")
                .await
                .map_err(pg)?;
            tx.execute(&q, &[&ch.id, &i64::from(*seat)]).await.map_err(pg)?;
            ply
        }
        Edit::Join { seat, token_hash, name, player_id } => {
            let q = tx
                .prepare_cached(
                    "UPDATE seats SET kind = 'human', token_hash = $3, name = $4, player_id = $5
                     WHERE game_id = $1 AND seat = $2 AND kind = 'open'",
                )
                .await
                .map_err(pg)?;
            let taken = tx
                .execute(&q, &[&ch.id, &i64::from(*seat), &&token_hash[..], name, player_id])
                .await
                .map_err(pg)?;
            if taken == 0 {
                return Err(StoreError::Conflict);
            }
            ply
        }
        Edit::Meta => ply,
        Edit::Name { seat, name } => {
            let q = tx
                .prepare_cached(
                    "UPDATE seats SET name = $3 WHERE game_id = $1 AND seat = $2 AND kind = 'human'",
                )
                .await
                .map_err(pg)?;
            let named = tx.execute(&q, &[&ch.id, &i64::from(*seat), name]).await.map_err(pg)?;
            if named == 0 {
                return Err(StoreError::Conflict);
            }
            ply
        }
    };
    let q = tx
        .prepare_cached(
            "UPDATE games SET version = $2, ply = $3, finished = $4, updated_at = $5, meta = $6,
                              timed = $7,
                              open = EXISTS (SELECT 1 FROM seats
                                             WHERE game_id = $1 AND kind = 'open')
             WHERE id = $1
             RETURNING open",
        )
        .await
        .map_err(pg)?;
    let open: bool = tx
        .query_one(
            &q,
            &[&ch.id, &(version + 1), &(new_ply as i64), &ch.finished, &now(), &ch.meta, &ch.timed],
        )
        .await
        .map_err(pg)?
        .get(0);
    let note = Note::Game {
        id: ch.id.clone(),
        version: (version + 1) as u64,
        work: !ch.finished && (has_computer || ch.timed),
        lobby: was_open || open,
    };
    notify(tx, &note).await?;
    if !ch.ratings.is_empty() {
        let q = tx
            .prepare_cached(
                "INSERT INTO ratings (player_id, game, rating, deviation, volatility, games)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (player_id, game) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     games = excluded.games",
            )
            .await
            .map_err(pg)?;
        // In one order whatever the game, so that two games ending at once with the same
        // players cannot deadlock on their rating rows.
        let mut ratings: Vec<_> = ch.ratings.iter().collect();
        ratings.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        for (player, game, r) in ratings {
            tx.execute(
                &q,
                &[player, game, &r.rating, &r.deviation, &r.volatility, &i64::from(r.games)],
            )
            .await
            .map_err(pg)?;
        }
    }
    Ok(())
}

async fn load(c: &deadpool_postgres::Client, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let q = c
        .prepare_cached(
            "SELECT game, options, secret, version, resigned, finished, meta, timed, created_at
             FROM games WHERE id = $1",
        )
        .await
        .map_err(pg)?;
    let Some(row) = c.query_opt(&q, &[&id]).await.map_err(pg)? else { return Ok(None) };
    let options: String = row.get(1);
    let options: Vec<(String, String)> = serde_json::from_str(&options)
        .map_err(|e| StoreError::Backend(format!("game {id}: bad options column: {e}")))?;
    let secret: Vec<u8> = row.get(2);
    let secret: [u8; 32] = secret
        .try_into()
        .map_err(|_| StoreError::Backend(format!("game {id}: bad secret column")))?;
    let resigned = match row.get::<_, Option<i64>>(4) {
        None => None,
        Some(s) => Some(
            u8::try_from(s)
                .map_err(|_| StoreError::Backend(format!("game {id}: bad resigned column")))?,
        ),
    };
    let q = c
        .prepare_cached(
            "SELECT kind, token_hash, name, player_id FROM seats WHERE game_id = $1 ORDER BY seat",
        )
        .await
        .map_err(pg)?;
    let seats = c
        .query(&q, &[&id])
        .await
        .map_err(pg)?
        .iter()
        .map(|r| {
            let token_hash = match r.get::<_, Option<Vec<u8>>>(1) {
                None => None,
                Some(h) => Some(h.try_into().map_err(|_| {
                    StoreError::Backend(format!("game {id}: bad token hash column"))
                })?),
            };
            Ok(StoredSeat { kind: r.get(0), token_hash, name: r.get(2), player_id: r.get(3) })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    let q = c
        .prepare_cached("SELECT token FROM moves WHERE game_id = $1 ORDER BY ply")
        .await
        .map_err(pg)?;
    let record = c.query(&q, &[&id]).await.map_err(pg)?.iter().map(|r| r.get(0)).collect();
    Ok(Some(StoredGame {
        id: id.to_string(),
        game: row.get(0),
        options,
        seats,
        secret,
        record,
        version: row.get::<_, i64>(3) as u64,
        resigned,
        finished: row.get(5),
        meta: row.get(6),
        timed: row.get(7),
        created_at: row.get(8),
    }))
}

impl Store for PgStore {
    fn create(&self, game: StoredGame) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(pg)?;
            create(&tx, &game).await?;
            // Acknowledged once the server has committed; an error above rolls back.
            tx.commit().await.map_err(pg)
        })
    }

    fn load(&self, id: &str) -> StoreFuture<'_, Option<StoredGame>> {
        let id = id.to_string();
        Box::pin(async move { load(&self.client().await?, &id).await })
    }

    fn commit(&self, change: Change) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut client = self.client().await?;
            let tx = client.transaction().await.map_err(pg)?;
            commit(&tx, &change).await?;
            tx.commit().await.map_err(pg)
        })
    }

    fn resumable(&self) -> StoreFuture<'_, Vec<String>> {
        Box::pin(self.ids(
            "SELECT id FROM games WHERE NOT finished AND has_computer
             UNION SELECT id FROM games WHERE NOT finished AND timed",
            &[],
        ))
    }

    fn count(&self) -> StoreFuture<'_, u64> {
        Box::pin(async move {
            let c = self.client().await?;
            let n: i64 = c.query_one("SELECT COUNT(*) FROM games", &[]).await.map_err(pg)?.get(0);
            Ok(u64::try_from(n).unwrap_or(0))
        })
    }

    fn lobby(&self) -> StoreFuture<'_, Vec<String>> {
        Box::pin(self.ids(
            "SELECT id FROM games WHERE NOT finished AND open
             ORDER BY created_at DESC, seq DESC LIMIT 200",
            &[],
        ))
    }

    fn create_player(&self, id: String, name: String, key_hash: [u8; 32]) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let c = self.client().await?;
            let q = c
                .prepare_cached(
                    "INSERT INTO players (id, name, key_hash, created_at) VALUES ($1, $2, $3, $4)
                     ON CONFLICT DO NOTHING",
                )
                .await
                .map_err(pg)?;
            let inserted =
                c.execute(&q, &[&id, &name, &&key_hash[..], &now()]).await.map_err(pg)?;
            if inserted == 0 {
                return Err(StoreError::Conflict);
            }
            Ok(())
        })
    }

    fn player_by_key(&self, key_hash: [u8; 32]) -> StoreFuture<'_, Option<Player>> {
        Box::pin(async move {
            let c = self.client().await?;
            let q = c
                .prepare_cached("SELECT id, name FROM players WHERE key_hash = $1")
                .await
                .map_err(pg)?;
            let Some(row) = c.query_opt(&q, &[&&key_hash[..]]).await.map_err(pg)? else {
                return Ok(None);
            };
            let (id, name): (String, String) = (row.get(0), row.get(1));
            let q = c
                .prepare_cached(
                    "SELECT game, rating, deviation, volatility, games FROM ratings
                     WHERE player_id = $1 ORDER BY game",
                )
                .await
                .map_err(pg)?;
            let ratings = c
                .query(&q, &[&id])
                .await
                .map_err(pg)?
                .iter()
                .map(|r| (r.get::<_, String>(0), rating_row(r, 1)))
                .collect();
            Ok(Some(Player { id, name, ratings }))
        })
    }

    fn ratings(&self, game: String, ids: Vec<String>) -> StoreFuture<'_, Vec<Rating>> {
        Box::pin(async move {
            let c = self.client().await?;
            let q = c
                .prepare_cached(
                    "SELECT rating, deviation, volatility, games FROM ratings
                     WHERE player_id = $1 AND game = $2",
                )
                .await
                .map_err(pg)?;
            let mut out = Vec::with_capacity(ids.len());
            for id in &ids {
                let r = c.query_opt(&q, &[id, &game]).await.map_err(pg)?;
                out.push(r.map(|r| rating_row(&r, 0)).unwrap_or_default());
            }
            Ok(out)
        })
    }

    fn leaderboard(&self, game: String, limit: u32) -> StoreFuture<'_, Vec<(String, Rating)>> {
        Box::pin(async move {
            let c = self.client().await?;
            let q = c
                .prepare_cached(
                    "SELECT p.name, r.rating, r.deviation, r.volatility, r.games
                     FROM ratings r JOIN players p ON p.id = r.player_id
                     WHERE r.game = $1 ORDER BY r.rating DESC, r.games DESC LIMIT $2",
                )
                .await
                .map_err(pg)?;
            let rows = c.query(&q, &[&game, &i64::from(limit)]).await.map_err(pg)?;
            Ok(rows.iter().map(|r| (r.get::<_, String>(0), rating_row(r, 1))).collect())
        })
    }

    fn put_review(&self, id: String, result: Option<String>) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let mut c = self.client().await?;
            let sql = match result {
                None => {
                    "INSERT INTO reviews (game_id, result, asked_at) VALUES ($1, $2, $3)
                     ON CONFLICT DO NOTHING"
                }
                Some(_) => {
                    "INSERT INTO reviews (game_id, result, asked_at) VALUES ($1, $2, $3)
                     ON CONFLICT (game_id) DO UPDATE SET result = excluded.result"
                }
            };
            let tx = c.transaction().await.map_err(pg)?;
            let q = tx.prepare_cached(sql).await.map_err(pg)?;
            let asked = tx.execute(&q, &[&id, &result, &now()]).await.map_err(pg)?;
            if result.is_none() && asked > 0 {
                // The instance that runs background work takes the review on.
                notify(&tx, &Note::Review { id: id.clone() }).await?;
            }
            tx.commit().await.map_err(pg)
        })
    }

    fn review(&self, id: String) -> StoreFuture<'_, Option<Option<String>>> {
        Box::pin(async move {
            let c = self.client().await?;
            let q = c
                .prepare_cached("SELECT result FROM reviews WHERE game_id = $1")
                .await
                .map_err(pg)?;
            Ok(c.query_opt(&q, &[&id]).await.map_err(pg)?.map(|r| r.get(0)))
        })
    }

    fn pending_reviews(&self) -> StoreFuture<'_, Vec<String>> {
        Box::pin(
            self.ids("SELECT game_id FROM reviews WHERE result IS NULL ORDER BY asked_at", &[]),
        )
    }

    fn version(&self, id: &str) -> StoreFuture<'_, Option<u64>> {
        let id = id.to_string();
        Box::pin(async move {
            let c = self.client().await?;
            let q =
                c.prepare_cached("SELECT version FROM games WHERE id = $1").await.map_err(pg)?;
            Ok(c.query_opt(&q, &[&id]).await.map_err(pg)?.map(|r| r.get::<_, i64>(0) as u64))
        })
    }

    fn shared(&self) -> bool {
        true
    }
}

/// Tests only: creates a fresh, empty database on the server at `server_url` (any database
/// of it; the new one is named `t_…` at random) and answers its address. The database is
/// left behind; the test cluster is thrown away whole.
///
/// # Errors
/// The server cannot be reached or refuses.
#[doc(hidden)]
pub async fn fresh_test_database(server_url: &str) -> Result<String, String> {
    let config = check_url(server_url)?;
    let (client, conn) = config.connect(NoTls).await.map_err(|e| format!("{server_url}: {e}"))?;
    let task = tokio::spawn(conn);
    let name = format!("t_{:016x}", rand::random::<u64>());
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .map_err(|e| format!("{server_url}: cannot create a database: {e}"))?;
    drop(client);
    let _ = task.await;
    // The same address with the database replaced (`?…` options kept).
    let (base, query) = match server_url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (server_url, String::new()),
    };
    let after_scheme = base.find("://").map_or(0, |i| i + 3);
    let base = match base[after_scheme..].find('/') {
        Some(i) => &base[..after_scheme + i],
        None => base,
    };
    Ok(format!("{base}/{name}{query}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::{game, open_seat, round_trip, rt, unstamped};
    use std::sync::Arc;

    /// A fresh database on the server `TABLA_TEST_PG` names, or `None` (the test is then
    /// skipped, saying so).
    async fn fresh(test: &str) -> Option<String> {
        let Some(url) = std::env::var("TABLA_TEST_PG").ok().filter(|u| !u.is_empty()) else {
            eprintln!("{test}: skipped, TABLA_TEST_PG names no PostgreSQL server");
            return None;
        };
        Some(fresh_test_database(&url).await.unwrap())
    }

    #[test]
    fn round_trip_changes_and_conflicts() {
        rt().block_on(async {
            let Some(url) = fresh("round_trip_changes_and_conflicts").await else { return };
            round_trip(&PgStore::open(&url).await.unwrap()).await;
            // Reopening keeps everything and does not migrate again.
            let s = PgStore::open(&url).await.unwrap();
            assert_eq!(unstamped(s.load("g2").await.unwrap()), Some(game("g2")));
        });
    }

    #[test]
    fn an_open_seat_is_joined_once_and_leaves_the_lobby() {
        rt().block_on(async {
            let Some(url) = fresh("an_open_seat_is_joined_once").await else { return };
            open_seat(&PgStore::open(&url).await.unwrap()).await;
        });
    }

    #[test]
    fn schema_is_migrated_and_newer_schemas_are_refused() {
        rt().block_on(async {
            let Some(url) = fresh("schema_is_migrated").await else { return };
            let s = PgStore::open(&url).await.unwrap();
            let c = s.client().await.unwrap();
            let v: i64 = c.query_one("SELECT version FROM tabla_schema", &[]).await.unwrap().get(0);
            assert_eq!(v as usize, PG_MIGRATIONS.len());
            c.execute("UPDATE tabla_schema SET version = 99", &[]).await.unwrap();
            drop(c);
            let Err(StoreError::Backend(e)) = PgStore::open(&url).await else { panic!("opened") };
            assert!(e.contains("newer"), "{e}");
        });
    }

    /// Changes made at once for the same version: exactly one is written, across
    /// connections (what will keep several instances from overwriting each other).
    #[test]
    fn changes_at_once_for_one_version_write_one() {
        tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap().block_on(async {
            let Some(url) = fresh("changes_at_once_for_one_version_write_one").await else {
                return;
            };
            let s = Arc::new(PgStore::open(&url).await.unwrap());
            s.create(game("g")).await.unwrap();
            let tries = (0..8).map(|i| {
                let s = Arc::clone(&s);
                tokio::spawn(async move {
                    s.commit(Change {
                        id: "g".into(),
                        version: 0,
                        edit: Edit::Append { ply: 2, tokens: vec![format!("m{i}")] },
                        finished: false,
                        meta: "{}".into(),
                        timed: false,
                        ratings: vec![],
                    })
                    .await
                })
            });
            let mut written = 0;
            for t in tries.collect::<Vec<_>>() {
                match t.await.unwrap() {
                    Ok(()) => written += 1,
                    Err(e) => assert_eq!(e, StoreError::Conflict),
                }
            }
            assert_eq!(written, 1);
            let g = s.load("g").await.unwrap().unwrap();
            assert_eq!((g.version, g.record.len()), (1, 3));
        });
    }

    #[test]
    fn a_bad_address_or_an_unreachable_server_is_an_error() {
        rt().block_on(async {
            for url in ["postgres://", "postgres://x@h:notaport/db", "postgres://u@/db"] {
                let Err(StoreError::Backend(e)) = PgStore::open(url).await else {
                    panic!("{url} opened")
                };
                assert!(e.contains("PostgreSQL"), "{url}: {e}");
            }
            // Port 1 on loopback: nothing listens there.
            let Err(StoreError::Backend(e)) = PgStore::open("postgres://u@127.0.0.1:1/db").await
            else {
                panic!("opened")
            };
            assert!(e.contains("PostgreSQL"), "{e}");
        });
    }
}
