//! The Tabla game server: the HTTP and WebSocket API of `docs/http-contract.md`, games stored
//! in SQLite or PostgreSQL ([`Database`]), computer seats played on the blocking pool, the web page embedded.
//!
//! `tabla serve` calls [`run`]; tests call [`start`] on port 0 and get the address back.
//!
//! Several instances may serve one PostgreSQL database (see `docs/deploy.md`): any takes any
//! request; [`fanout_pg`] carries changes between them and elects the one that runs computer
//! seats, clocks and reviews.
//!
//! Layers, each behind a small interface:
//! - [`store::Store`]: games as options, seats and records; every change committed before it
//!   is acknowledged;
//! - [`fanout::FanOut`]: live frames to the watchers of a game;
//! - [`hub::Hub`]: the games in memory, the rules checks, dice, computer seats, open seats,
//!   clocks and their timers, offers, the lobby, ratings;
//! - `api`, `live`, `web`: the endpoints.

mod analysis;
pub mod api;
pub mod error;
mod explore;
pub mod fanout;
pub mod fanout_pg;
pub mod hub;
mod live;
pub mod secret;
pub mod store;
pub mod store_pg;
mod web;

use axum::extract::{DefaultBodyLimit, Request};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen (`127.0.0.1:8080`; port 0 picks a free one).
    pub addr: SocketAddr,
    /// Where games are kept: a SQLite file (created if missing) or a PostgreSQL database.
    pub db: Database,
    /// How often live sockets are pinged.
    pub heartbeat: Duration,
    /// Computer searches at once; `None`: one per core.
    pub searches: Option<usize>,
    /// `tabla serve --seed S`: each new game's secret (its dice, its computer seats' seeds)
    /// from S and the game's creation number in the database, the same every run; `None`:
    /// random secrets.
    pub seed: Option<u64>,
    /// Accept clocks in milliseconds, `{"initial_ms":N,"increment_ms":M}`, with no lower
    /// bound, so that tests of time-outs need not wait 10 s. Never set by `tabla serve`.
    #[doc(hidden)]
    pub test_clocks: bool,
    /// Thinking per ply of a game review; `None`: 300 ms.
    pub review_ply: Option<Duration>,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: Database::Sqlite(PathBuf::from("tabla.sqlite3")),
            heartbeat: Duration::from_secs(15),
            searches: None,
            seed: None,
            test_clocks: false,
            review_ply: None,
        }
    }
}

/// Where games are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// A SQLite file, created if missing.
    Sqlite(PathBuf),
    /// A PostgreSQL database, by its address `postgres://USER[:PASSWORD]@HOST[:PORT]/DB`
    /// (the database must exist; its tables are created).
    Postgres(String),
}

impl Database {
    /// Whether `text` is a PostgreSQL address (`postgres://…` or `postgresql://…`) rather
    /// than a file path.
    pub fn is_postgres_url(text: &str) -> bool {
        let lower = text.to_ascii_lowercase();
        lower.starts_with("postgres://") || lower.starts_with("postgresql://")
    }
}

impl From<PathBuf> for Database {
    fn from(path: PathBuf) -> Database {
        Database::Sqlite(path)
    }
}

impl From<&std::path::Path> for Database {
    fn from(path: &std::path::Path) -> Database {
        Database::Sqlite(path.to_path_buf())
    }
}

/// `postgres://…` or `postgresql://…`: PostgreSQL (the address is checked, not connected
/// to); anything else: a SQLite file path.
impl std::str::FromStr for Database {
    type Err = String;
    fn from_str(text: &str) -> Result<Database, String> {
        if Database::is_postgres_url(text) {
            store_pg::check_url(text)?;
            Ok(Database::Postgres(text.to_string()))
        } else if text.is_empty() {
            Err("an empty database path".into())
        } else {
            Ok(Database::Sqlite(PathBuf::from(text)))
        }
    }
}

/// The path, or the address with any password hidden (it is printed and logged).
impl std::fmt::Display for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => {
                let after_scheme = url.find("://").map_or(0, |i| i + 3);
                let rest = &url[after_scheme..];
                let user_end = rest.find(['/', '?']).unwrap_or(rest.len());
                match rest[..user_end].rfind('@') {
                    Some(at) if rest[..at].contains(':') => {
                        let colon = rest[..at].find(':').unwrap_or(at);
                        write!(f, "{}{}:***{}", &url[..after_scheme], &rest[..colon], &rest[at..])
                    }
                    _ => f.write_str(url),
                }
            }
        }
    }
}

/// Opens the store `db` names: a SQLite file, or a PostgreSQL database (connecting to it).
/// Either way the schema is brought up to date.
///
/// # Errors
/// The file or server cannot be opened or reached, or holds a newer schema; the message
/// names the database.
pub async fn open_store(db: &Database) -> Result<Arc<dyn store::Store>, String> {
    match db {
        Database::Sqlite(path) => {
            let p = path.clone();
            // Hidden, for `bench/group-commit.sh`: `TABLA_COMMIT_BATCH=1` commits every write
            // alone (one fsync per move), the server as it was before group commit.
            let batch = std::env::var("TABLA_COMMIT_BATCH")
                .ok()
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(store::MAX_BATCH);
            let store =
                tokio::task::spawn_blocking(move || store::SqliteStore::open_batched(&p, batch))
                    .await
                    .map_err(|e| e.to_string())?
                    .map_err(|e| format!("{db}: {e}"))?;
            Ok(Arc::new(store))
        }
        Database::Postgres(url) => {
            let store = store_pg::PgStore::open(url).await.map_err(|e| format!("{db}: {e}"))?;
            Ok(Arc::new(store))
        }
    }
}

/// The router over a hub: the API, the live sockets, the page.
pub fn router(app: api::App) -> Router {
    let api = Router::new()
        .route("/api/meta", get(api::meta))
        .route("/api/games", post(api::create))
        .route("/api/preview", post(api::preview))
        .route("/api/position", post(explore::position))
        .route("/api/analyse", post(analysis::analyse))
        .route("/api/analyse/live", get(analysis::live))
        .route("/api/games/{id}/review", post(analysis::ask_review).get(analysis::review))
        .route("/api/games/{id}", get(api::game))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/live", get(live::live))
        .route("/api/games/{id}/record", get(api::record))
        .route("/api/games/{id}/resign", post(api::resign))
        .route("/api/games/{id}/undo", post(api::undo))
        .route("/api/games/{id}/hint", get(api::hint))
        .route("/api/games/{id}/join", post(api::join))
        .route("/api/games/{id}/cancel", post(api::cancel))
        .route("/api/games/{id}/name", post(api::name))
        .route("/api/games/{id}/abort", post(api::abort))
        .route("/api/games/{id}/offers", post(api::offer))
        .route("/api/games/{id}/offers/accept", post(api::accept))
        .route("/api/games/{id}/offers/decline", post(api::decline))
        .route("/api/games/{id}/rematch", get(api::rematch))
        .route("/api/lobby", get(api::lobby))
        .route("/api/lobby/live", get(live::lobby_live))
        .route("/api/pair", post(api::pair))
        .route("/api/players", post(api::new_player))
        .route("/api/players/me", get(api::player_me))
        .route("/api/leaderboard/{game}", get(api::leaderboard))
        .route("/", get(web::index))
        .route("/g/{id}", get(web::index))
        .route("/learn", get(web::index))
        .route("/learn/{game}", get(web::index))
        .route("/analysis", get(web::index))
        .route("/analysis/{game}", get(web::index))
        .route("/lab", get(web::index))
        .route("/lab/{name}", get(web::lab))
        .method_not_allowed_fallback(api::wrong_method)
        .fallback(web::file);
    api.layer(DefaultBodyLimit::max(api::BODY_LIMIT))
        .layer(axum::middleware::from_fn(log_request))
        .with_state(app)
}

/// One line per request: method, path (never the query, which may hold an invite token),
/// status, time.
async fn log_request(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let t0 = Instant::now();
    let res = next.run(req).await;
    tracing::info!(
        %method,
        %path,
        status = res.status().as_u16(),
        ms = format_args!("{:.1}", t0.elapsed().as_secs_f64() * 1000.0),
        "request"
    );
    res
}

/// A server started by [`start`].
pub struct Running {
    /// The address it listens on.
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: tokio::task::JoinHandle<()>,
    hub: std::sync::Weak<hub::Hub>,
}

impl Running {
    /// Stops accepting, lets requests in flight finish, and waits.
    pub async fn stop(mut self) {
        if let Some(hub) = self.hub.upgrade() {
            hub.close();
        }
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        let _ = self.task.await;
    }
}

/// Opens the database, binds, and serves in the background of the current runtime.
///
/// # Errors
/// The database cannot be opened or the address cannot be bound; the message says which.
pub async fn start(config: Config) -> Result<Running, String> {
    let store = open_store(&config.db).await?;
    let searches = config
        .searches
        .unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let seeded = match config.seed {
        None => None,
        Some(seed) => {
            let stored = store.count().await.map_err(|e| format!("{}: {e}", config.db))?;
            tracing::warn!(seed, stored, "seeded secrets: the dice can be foreseen (for tests)");
            Some(hub::Seeded::new(seed, stored))
        }
    };
    let hub = hub::Hub::with_test_clocks(
        store,
        Arc::new(fanout::LocalFanOut::default()),
        searches,
        seeded,
        config.test_clocks,
    );
    if let Some(t) = config.review_ply {
        hub.set_review_ply(t);
    }
    let listener = tokio::net::TcpListener::bind(config.addr)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    match &config.db {
        // Another instance may lead: this one resumes background work when it takes the lead.
        Database::Postgres(url) => {
            fanout_pg::PgFanOut::spawn(url.clone(), Arc::downgrade(&hub));
        }
        Database::Sqlite(_) => {
            tokio::spawn({
                let hub = Arc::clone(&hub);
                async move { hub.resume().await }
            });
        }
    }
    tokio::spawn({
        let hub = Arc::downgrade(&hub);
        async move {
            let mut every = tokio::time::interval(Duration::from_secs(60));
            loop {
                every.tick().await;
                let Some(hub) = hub.upgrade() else { break };
                hub.sweep(Duration::from_secs(600));
            }
        }
    });
    let weak = Arc::downgrade(&hub);
    let app = router(api::App { hub, heartbeat: config.heartbeat });
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let served = axum::serve(listener, app)
            .with_graceful_shutdown(async {
                let _ = stopped.await;
            })
            .await;
        if let Err(e) = served {
            tracing::error!(error = %e, "the server stopped");
        }
    });
    Ok(Running { addr, stop: Some(stop), task, hub: weak })
}

/// `tabla serve`: logs to standard error (level from `RUST_LOG`, default `info`), serves until
/// Ctrl-C, and prints the address to open.
///
/// # Errors
/// As [`start`].
pub fn run(config: Config) -> Result<(), String> {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .try_init();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    rt.block_on(async {
        let running = start(config.clone()).await?;
        let shown = if running.addr.ip().is_unspecified() {
            SocketAddr::from(([127, 0, 0, 1], running.addr.port()))
        } else {
            running.addr
        };
        // Not println!: a closed standard output must not stop the server.
        let mut out = std::io::stdout();
        let _ =
            writeln!(out, "Tabla is serving: open http://{shown}/ in a browser (Ctrl-C stops it).");
        let _ = writeln!(out, "Games are kept in {}.", config.db);
        let _ = out.flush();
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("stopping");
        // Every acknowledged move is already on disk; the sockets need not be waited for.
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::Database;

    #[test]
    fn a_database_is_a_path_or_a_postgres_address() {
        let parse = |t: &str| t.parse::<Database>();
        assert_eq!(parse("tabla.sqlite3"), Ok(Database::Sqlite("tabla.sqlite3".into())));
        assert_eq!(parse("/var/lib/t.db"), Ok(Database::Sqlite("/var/lib/t.db".into())));
        let url = "postgres://tabla@127.0.0.1:5432/tabla";
        assert_eq!(parse(url), Ok(Database::Postgres(url.into())));
        let url = "postgresql://tabla@db/tabla";
        assert_eq!(parse(url), Ok(Database::Postgres(url.into())));
        for bad in ["postgres://x@h:notaport/db", "postgres://", ""] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        // A password is never shown.
        let shown = Database::Postgres("postgres://tabla:s3cret@db:5432/tabla".into()).to_string();
        assert_eq!(shown, "postgres://tabla:***@db:5432/tabla");
        let shown = Database::Postgres("postgres://tabla@db/tabla?sslmode=disable".into());
        assert_eq!(shown.to_string(), "postgres://tabla@db/tabla?sslmode=disable");
    }
}
