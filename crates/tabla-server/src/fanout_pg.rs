//! Several `tabla serve` instances on one PostgreSQL database: [`PgFanOut`] keeps one
//! connection of its own per instance that
//!
//! - listens on [`CHANNEL`](crate::fanout::CHANNEL): every committed change is announced
//!   there by the store ([`Note`], sent in the change's transaction, so delivered only once it
//!   is committed); an instance with watchers of that game reloads it from the store and
//!   publishes the frame to them through its [`LocalFanOut`](crate::fanout::LocalFanOut);
//! - holds the lead: a session-level advisory lock ([`LEAD_LOCK`]) that one connection at a
//!   time can hold. The instance holding it runs every computer seat, clock timer and review;
//!   the others try to take it every [`POLL`]. PostgreSQL frees the lock the moment the
//!   holder's session ends: at once when its process dies (the kernel closes the socket,
//!   `kill -9` included), within the keepalive time set below when its machine or network
//!   does; the next instance to try takes it and resumes all the work from the store, which
//!   is where every acknowledged change already is.
//!
//! Why an advisory lock rather than a lease table: no clock to trust across machines, no
//! renewal writes, and release on death is the database's own bookkeeping.

use crate::fanout::{Note, CHANNEL};
use crate::hub::Hub;
use crate::store_pg::check_url;
use std::sync::Weak;
use std::time::Duration;
use tokio_postgres::{AsyncMessage, NoTls};

/// Key of the advisory lock whose holder leads (runs background work).
pub const LEAD_LOCK: i64 = 0x0074_6162_6c62; // "tablb": beside the migration lock

/// How often an instance that does not lead tries to take the lead, and how often the
/// leader checks its connection.
pub const POLL: Duration = Duration::from_millis(500);

/// Longest the check of the connection may take before the lead is given up.
const CHECK_TIMEOUT: Duration = Duration::from_secs(3);

/// Wait before connecting again after the connection was lost.
const RECONNECT: Duration = Duration::from_secs(1);

/// The cross-instance side of the fan-out and the lead, for one hub (see the module docs).
pub struct PgFanOut;

impl PgFanOut {
    /// Starts listening and competing for the lead on its own connection to `url`, for as
    /// long as `hub` lives and is not closed; reconnects after a lost connection (giving up
    /// the lead meanwhile, and checking every game in memory once back, since notes may have
    /// been missed).
    pub fn spawn(url: String, hub: Weak<Hub>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            loop {
                let ended = session(&url, &hub).await;
                let Some(h) = hub.upgrade() else { return };
                h.lead(false).await;
                if h.is_closed() {
                    return;
                }
                if let Err(e) = ended {
                    tracing::warn!(error = %e, "the instances' connection was lost; reconnecting");
                }
                drop(h);
                tokio::time::sleep(RECONNECT).await;
            }
        })
    }
}

/// One connection's life: LISTEN, then notes and lead checks until it fails or the hub ends.
async fn session(url: &str, hub: &Weak<Hub>) -> Result<(), String> {
    let mut config = check_url(url)?;
    config.application_name("tabla-instances");
    // The client notices a dead server within about this long.
    config.keepalives(true).keepalives_idle(Duration::from_secs(5));
    config.connect_timeout(Duration::from_secs(10));
    let (client, mut conn) = config.connect(NoTls).await.map_err(|e| e.to_string())?;
    let (notes, mut incoming) = tokio::sync::mpsc::unbounded_channel::<String>();
    let driver = tokio::spawn(async move {
        // Drives the connection (the client's queries too) and hands on notifications; ends
        // with the connection.
        while let Some(m) = std::future::poll_fn(|cx| conn.poll_message(cx)).await {
            match m {
                Ok(AsyncMessage::Notification(n)) => {
                    if notes.send(n.payload().to_string()).is_err() {
                        return;
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "the instances' connection failed");
                    return;
                }
            }
        }
    });
    let result = async {
        // The server drops this session (and frees the lead) within about 11 s when this
        // machine goes silent without closing the socket.
        client
            .batch_execute(&format!(
                "SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2;
                 SET tcp_keepalives_count = 3; LISTEN {CHANNEL};"
            ))
            .await
            .map_err(|e| e.to_string())?;
        {
            let Some(h) = hub.upgrade() else { return Ok(()) };
            h.resync().await;
        }
        let mut tick = tokio::time::interval(POLL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                note = incoming.recv() => {
                    let Some(text) = note else { return Err("the connection ended".to_string()) };
                    let Some(h) = hub.upgrade() else { return Ok(()) };
                    match text.parse::<Note>() {
                        Ok(n) => {
                            tokio::spawn(async move { h.on_note(n).await });
                        }
                        Err(e) => tracing::warn!(error = %e, "an unknown note"),
                    }
                }
                _ = tick.tick() => {
                    let Some(h) = hub.upgrade() else { return Ok(()) };
                    if h.is_closed() {
                        return Ok(());
                    }
                    if h.leads() {
                        let alive = tokio::time::timeout(CHECK_TIMEOUT, client.simple_query("SELECT 1")).await;
                        match alive {
                            Ok(Ok(_)) => {}
                            Ok(Err(e)) => return Err(e.to_string()),
                            Err(_) => return Err("the database did not answer in time".into()),
                        }
                    } else {
                        let got: bool = client
                            .query_one("SELECT pg_try_advisory_lock($1)", &[&LEAD_LOCK])
                            .await
                            .map_err(|e| e.to_string())?
                            .get(0);
                        if got {
                            // Resuming loads many games: not in this loop, which must go on
                            // reading notes.
                            tokio::spawn(async move { h.lead(true).await });
                        }
                    }
                }
            }
        }
    }
    .await;
    drop(client);
    let _ = driver.await;
    result
}

/// Tests: the lead's key is not the migrations'.
#[cfg(test)]
mod tests {
    #[test]
    fn the_lead_and_the_migrations_lock_different_keys() {
        assert_ne!(super::LEAD_LOCK, crate::store_pg::MIGRATION_LOCK);
    }
}
