//! Clocks: Fischer (`{"initial_s":N,"increment_s":M}`) and correspondence (`{"days":D}`). The
//! clock of the seat whose move or roll it is runs from the moment the game's first move has
//! been made (so the first mover is not timed for that move), a computer seat's like a
//! person's: it is charged for its thinking and for its wait for a search slot, and spends
//! its time by the clock so as never to lose on time ([`super::pacing`]). The server is the
//! authority: a timer per running clock ends the game on time whether anyone is connected or
//! not (a computer's move found after its time ran out ends the game on time too), and a
//! restart ends or re-arms every timed game.

use super::{guarded, state_json, Ending, Hub, Live, Slot};
use crate::error::ApiError;
use crate::store::Edit;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::Arc;
use tabla_core::ToMove;
use tabla_games::AnyGame;

/// Milliseconds since 1970: clocks are stored in wall time so that they survive a restart.
pub(super) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

const DAY_MS: i64 = 24 * 3600 * 1000;

/// A clock as created.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClockSpec {
    /// Time each seat starts with.
    pub initial_ms: i64,
    /// Added after each turn (Fischer).
    pub increment_ms: i64,
    /// Correspondence: each turn within this many days (the time resets after each turn).
    pub days: Option<u32>,
    /// The object as the game JSON shows it (as created, canonical).
    pub shown: Value,
}

impl ClockSpec {
    /// Reads a `clock` object: `{"initial_s":N,"increment_s":M}` (10 s to 3 h; 0 to 180 s),
    /// `{"days":D}` (1 to 14), and, only when `test_clocks`, `{"initial_ms":N,"increment_ms":M}`.
    ///
    /// # Errors
    /// 400 naming what was wrong.
    pub fn parse(v: &Value, test_clocks: bool) -> Result<ClockSpec, ApiError> {
        let expected = r#"expected "clock":{"initial_s":N,"increment_s":M} with N from 10 to 10800 and M from 0 to 180, or "clock":{"days":D} with D from 1 to 14"#;
        let bad = |what: String| ApiError::bad_request(format!("clock: {what}; {expected}"));
        let Some(o) = v.as_object() else { return Err(bad(format!("{v} is not an object"))) };
        let int = |k: &str| -> Result<Option<i64>, ApiError> {
            match o.get(k) {
                None => Ok(None),
                Some(x) => x
                    .as_i64()
                    .map(Some)
                    .ok_or_else(|| bad(format!("{k} is {x}, not a whole number"))),
            }
        };
        let keys: Vec<&str> = o.keys().map(String::as_str).collect();
        let allowed: &[&str] = if keys.contains(&"days") {
            &["days"]
        } else if test_clocks && keys.contains(&"initial_ms") {
            &["initial_ms", "increment_ms"]
        } else {
            &["initial_s", "increment_s"]
        };
        if let Some(k) = keys.iter().find(|k| !allowed.contains(k)) {
            return Err(bad(format!("unknown field '{k}'")));
        }
        if let Some(d) = int("days")? {
            if !(1..=14).contains(&d) {
                return Err(bad(format!("days is {d}")));
            }
            return Ok(ClockSpec {
                initial_ms: d * DAY_MS,
                increment_ms: 0,
                days: Some(d as u32),
                shown: json!({ "days": d }),
            });
        }
        if test_clocks {
            if let Some(i) = int("initial_ms")? {
                let inc = int("increment_ms")?.unwrap_or(0);
                if !(1..=10_800_000).contains(&i) || !(0..=180_000).contains(&inc) {
                    return Err(bad(format!("initial_ms {i}, increment_ms {inc}")));
                }
                return Ok(ClockSpec {
                    initial_ms: i,
                    increment_ms: inc,
                    days: None,
                    shown: json!({ "initial_ms": i, "increment_ms": inc }),
                });
            }
        }
        let Some(i) = int("initial_s")? else { return Err(bad("initial_s is missing".into())) };
        let inc = int("increment_s")?.unwrap_or(0);
        if !(10..=10_800).contains(&i) {
            return Err(bad(format!("initial_s is {i}")));
        }
        if !(0..=180).contains(&inc) {
            return Err(bad(format!("increment_s is {inc}")));
        }
        Ok(ClockSpec {
            initial_ms: i * 1000,
            increment_ms: inc * 1000,
            days: None,
            shown: json!({ "initial_s": i, "increment_s": inc }),
        })
    }
}

/// A game's clock as stored: the time left per seat as of `since`, and whose clock runs.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Clock {
    /// As created.
    pub spec: ClockSpec,
    /// Per seat, as of `since` for the running one.
    pub remaining: Vec<i64>,
    /// The seat whose clock runs.
    pub running: Option<u8>,
    /// When the running clock started (ms since 1970).
    pub since: i64,
}

impl Clock {
    pub(super) fn new(spec: ClockSpec, seats: usize) -> Clock {
        Clock { remaining: vec![spec.initial_ms; seats], spec, running: None, since: 0 }
    }

    /// The time left per seat at `now`.
    pub(super) fn remaining_at(&self, now: i64) -> Vec<i64> {
        let mut r = self.remaining.clone();
        if let Some(s) = self.running {
            let s = s as usize;
            r[s] = (r[s] - (now - self.since)).max(0);
        }
        r
    }

    /// The seat whose time has run out at `now`, if any.
    pub(super) fn flagged(&self, now: i64) -> Option<u8> {
        let s = self.running?;
        (self.remaining[s as usize] - (now - self.since) <= 0).then_some(s)
    }

    /// The clock after a change at `now` that leaves `next` running; `moved`: the change was
    /// a move or roll (the seat whose clock stops gets its increment, or its days again).
    pub(super) fn switched(&self, now: i64, next: Option<u8>, moved: bool) -> Clock {
        let mut c = self.clone();
        c.remaining = self.remaining_at(now);
        if let Some(r) = self.running {
            if moved && next != Some(r) {
                let r = r as usize;
                c.remaining[r] = match c.spec.days {
                    Some(_) => c.spec.initial_ms,
                    None => c.remaining[r] + c.spec.increment_ms,
                };
            }
        }
        c.running = next;
        c.since = now;
        c
    }

    /// The game JSON's `clock`: as created, with `remaining_ms` per player and `running`.
    pub(super) fn json(&self, players: &[&str], now: i64) -> Value {
        let mut v = self.spec.shown.clone();
        let left = self.remaining_at(now);
        let o = v.as_object_mut().expect("a clock is an object");
        o.insert(
            "remaining_ms".into(),
            players.iter().zip(left).map(|(p, ms)| (p.to_string(), json!(ms))).collect(),
        );
        o.insert("running".into(), json!(self.running.map(|r| players[r as usize])));
        v
    }
}

impl Live {
    /// The seat whose clock runs in `position` with these movers: the seat to move or roll,
    /// person or computer, once the first move has been made, while the game goes on and no
    /// seat is open.
    pub(super) fn runner(&self, position: &AnyGame, movers: &[Option<u8>]) -> Option<u8> {
        if self.meta.ended.is_some() || self.has_open_seat() || !movers.iter().any(Option::is_some)
        {
            return None;
        }
        match position.to_move() {
            ToMove::Player(p) => Some(p.0),
            ToMove::Chance => Some(position.chance_player()?.0),
            ToMove::Over => None,
        }
    }

    /// The clock after a change to `position` (with `movers`) at `now`.
    pub(super) fn clock_after(
        &self,
        now: i64,
        position: &AnyGame,
        movers: &[Option<u8>],
        moved: bool,
    ) -> Option<Clock> {
        let c = self.meta.clock.as_ref()?;
        Some(c.switched(now, self.runner(position, movers), moved))
    }

    /// The clock stopped at `now` (the game ends).
    pub(super) fn clock_stopped(&self, now: i64) -> Option<Clock> {
        self.meta.clock.as_ref().map(|c| c.switched(now, None, false))
    }
}

impl Hub {
    /// Ends the game on time if the running clock has run out.
    ///
    /// # Errors
    /// 503 storage.
    pub(super) async fn flag_if_late(
        self: &Arc<Self>,
        slot: &Slot,
        live: &mut Live,
    ) -> Result<(), ApiError> {
        let now = now_ms();
        let Some(seat) = live.meta.clock.as_ref().and_then(|c| c.flagged(now)) else {
            return Ok(());
        };
        let ending = Ending::Time { seat };
        let state =
            guarded("the time-out", || Ok(state_json(&live.position, &live.last, Some(&ending))))?;
        let mut meta = live.meta.clone();
        let mut clock = live.clock_stopped(now).expect("a clock");
        clock.remaining[seat as usize] = 0;
        meta.clock = Some(clock);
        meta.ended = Some(ending);
        meta.offers.retain(|o| o.kind == super::offers::OfferKind::Rematch);
        let (ratings, _lock) = self.rate(live, &state, &mut meta).await?;
        let mut change = live.change(Edit::Meta, true, &meta);
        change.ratings = ratings;
        self.commit(change).await?;
        tracing::info!(game = %live.id, player = live.names[seat as usize], "time ran out");
        live.meta = meta;
        self.changed(slot, live, state);
        Ok(())
    }

    /// Starts the timer of the running clock, if one runs: it ends the game at the deadline
    /// unless the game changed meanwhile (then a newer timer is armed).
    pub(super) fn arm(self: &Arc<Self>, slot: &Slot, live: &mut Live) {
        if let Some(old) = live.timer.take() {
            old.abort();
        }
        if !self.leads() {
            return;
        }
        let Some(clock) = &live.meta.clock else { return };
        let Some(seat) = clock.running else { return };
        let deadline = clock.since + clock.remaining[seat as usize];
        let version = live.version;
        // Weak: a stopped server's timers end with it.
        let hub = Arc::downgrade(self);
        let slot = Arc::clone(slot);
        let task = tokio::spawn(async move {
            loop {
                let wait = (deadline - now_ms()).max(0) as u64;
                tokio::time::sleep(std::time::Duration::from_millis(wait + 1)).await;
                let Some(hub) = hub.upgrade() else { return };
                if hub.closed.load(std::sync::atomic::Ordering::SeqCst) {
                    return;
                }
                let mut live = slot.lock().await;
                if live.version != version {
                    return;
                }
                let late = live.meta.clock.as_ref().and_then(|c| c.flagged(now_ms())).is_some();
                if !late {
                    continue;
                }
                if let Err(e) = hub.flag_if_late(&slot, &mut live).await {
                    if hub.shared {
                        // Changed by another instance meanwhile: the stored game decides
                        // (the reload arms a new timer if a clock still runs).
                        if let Err(e) = hub.reload(&slot, &mut live).await {
                            tracing::error!(game = %live.id, error = %e.message, "cannot reload");
                        }
                        if live.version != version {
                            return;
                        }
                    }
                    tracing::error!(game = %live.id, error = %e.message, "cannot end the game on time");
                    drop(live);
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    continue;
                }
                return;
            }
        });
        live.timer = Some(task.abort_handle());
    }
}
