//! The lobby: unfinished games with an open seat, newest first, live for the page; quick
//! pairing joins a waiting game with the same settings or opens one.

use super::{Hub, Live, NewGame, SeatKind};
use crate::error::ApiError;
use serde_json::{json, Value};
use std::sync::Arc;

/// What quick pairing answers.
pub enum Paired {
    /// Joined a waiting game: its id, the seat's player and token.
    Joined {
        /// The game.
        id: String,
        /// The seat taken.
        player: &'static str,
        /// Its token.
        token: String,
    },
    /// Opened a new game that waits for someone.
    Created(super::Created),
}

/// What quick pairing asks for.
pub struct PairRequest {
    /// Registry id.
    pub game: String,
    /// Options as on the command line.
    pub options: Vec<(String, String)>,
    /// The clock, as created.
    pub clock: Option<Value>,
    /// The person's name.
    pub name: String,
    /// Rated or not.
    pub rated: bool,
    /// The key of the person's player identity.
    pub player_key: Option<String>,
}

impl Live {
    /// The game's entry in the lobby.
    pub(super) fn lobby_entry(&self) -> Value {
        let seats: Vec<Value> = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, k)| {
                let mut s = json!({"player": self.names[i], "kind": k.label()});
                if let Some(n) = &self.seat_names[i] {
                    s["name"] = json!(n);
                }
                if let Some(r) = self.meta.ratings.get(i).copied().flatten() {
                    s["rating"] = json!(r.round() as i64);
                }
                s
            })
            .collect();
        json!({
            "id": self.id,
            "game": self.info.id,
            "options": self.options.iter().map(|(k, v)| (k.clone(), json!(v)))
                .collect::<serde_json::Map<_, _>>(),
            "clock": self.meta.clock.as_ref().map(|c| c.spec.shown.clone()),
            "rated": self.meta.rated,
            "created_at": self.created_at,
            "seats": seats,
        })
    }

    /// Listed in the lobby: going on with a seat open.
    pub(super) fn listed(&self) -> bool {
        !self.over() && self.has_open_seat()
    }
}

impl Hub {
    /// `GET /api/lobby`: `{"open":[entry, …]}`, newest first.
    ///
    /// # Errors
    /// 503 storage.
    pub async fn lobby(self: &Arc<Self>) -> Result<String, ApiError> {
        let entries: Vec<Value> = self.lobby_entries().await?.into_iter().map(|e| e.0).collect();
        Ok(json!({ "open": entries }).to_string())
    }

    /// The lobby's entries, newest first, each with the names of its seats.
    async fn lobby_entries(
        self: &Arc<Self>,
    ) -> Result<Vec<(Value, Vec<Option<String>>, Vec<Option<String>>)>, ApiError> {
        let ids = self.store.lobby().await.map_err(super::store_error)?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            let Ok(slot) = self.slot(&id).await else { continue };
            let live = slot.lock().await;
            if live.listed() {
                out.push((live.lobby_entry(), live.seat_names.clone(), live.seat_players.clone()));
            }
        }
        Ok(out)
    }

    /// A receiver that changes whenever the lobby may have changed.
    pub fn lobby_changes(&self) -> tokio::sync::watch::Receiver<u64> {
        self.lobby_tx.subscribe()
    }

    pub(super) fn lobby_changed(&self) {
        self.lobby_tx.send_modify(|n| *n += 1);
    }

    /// Quick pairing: joins the oldest waiting game with the same game, options, clock and
    /// rating whose seated people have another name, or opens a new one.
    ///
    /// # Errors
    /// As creating and joining.
    pub async fn pair(self: &Arc<Self>, req: PairRequest) -> Result<Paired, ApiError> {
        // One pairing at a time, so that two people pairing at once meet instead of each
        // opening a game.
        let _one = self.pairing.lock().await;
        let (info, opts, _) = super::new_position(&req.game, &req.options)?;
        let clock = match &req.clock {
            None => None,
            Some(v) => Some(super::clocks::ClockSpec::parse(v, self.test_clocks)?.shown),
        };
        let options: Value = opts
            .pairs()
            .iter()
            .map(|(k, v)| (k.clone(), json!(v)))
            .collect::<serde_json::Map<_, _>>()
            .into();
        let me = req.name.to_lowercase();
        let my_id = match &req.player_key {
            Some(k) => Some(self.identity(k, "player_key").await?.id),
            None => None,
        };
        let mut waiting = self.lobby_entries().await?;
        waiting.reverse();
        for (entry, names, ids) in waiting {
            let same = entry["game"] == info.id
                && entry["options"] == options
                && entry["clock"] == json!(clock)
                && entry["rated"] == req.rated;
            let mine = names.iter().flatten().any(|n| n.to_lowercase() == me)
                || (my_id.is_some() && ids.contains(&my_id));
            if !same || mine {
                continue;
            }
            let id = entry["id"].as_str().unwrap_or_default().to_string();
            match self.join(&id, None, Some(req.name.clone()), req.player_key.as_deref()).await {
                Ok(j) => return Ok(Paired::Joined { id, player: j.player, token: j.token }),
                Err(e) if e.status == axum::http::StatusCode::CONFLICT => continue,
                Err(e) => return Err(e),
            }
        }
        let n = super::new_position(&req.game, &req.options)?.2.player_names().len();
        let mut seats =
            vec![json!({"kind": "human", "name": req.name, "player_key": req.player_key})];
        seats.extend((1..n).map(|_| json!(SeatKind::Open.label())));
        let created = self
            .create(NewGame {
                game: req.game,
                options: req.options,
                seats: Some(seats),
                record: None,
                clock: req.clock,
                rated: req.rated,
                hashes: vec![],
                players: vec![],
            })
            .await?;
        Ok(Paired::Created(created))
    }
}
