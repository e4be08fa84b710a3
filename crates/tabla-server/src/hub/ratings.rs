//! Ratings: player identities (a name and a secret key the browser keeps; only the key's
//! SHA-256 is stored), Glicko-2 per game, written in the same transaction that ends a rated
//! game; the leaderboard.

use super::{store_error, Hub, Live, Meta};
use crate::error::ApiError;
use crate::secret;
use crate::store::{Rating, StoreError};
use serde_json::{json, value::RawValue, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use std::sync::Arc;

/// A player identity found by its key.
pub struct Identity {
    /// The player's id.
    pub id: String,
    /// The player's name.
    pub name: String,
}

fn rating_json(r: &Rating) -> Value {
    json!({"rating": r.rating.round() as i64, "deviation": r.deviation.round() as i64, "games": r.games})
}

impl Hub {
    /// `POST /api/players`: a new identity; the key is shown this once.
    ///
    /// # Errors
    /// 503 storage.
    pub async fn new_player(&self, name: String) -> Result<(String, String), ApiError> {
        for _ in 0..5 {
            let (id, key) = (secret::new_id(), secret::new_token());
            match self.store.create_player(id.clone(), name.clone(), secret::hash_token(&key)).await
            {
                Ok(()) => return Ok((id, key)),
                Err(StoreError::Conflict) => continue,
                Err(e) => return Err(store_error(e)),
            }
        }
        Err(ApiError::unavailable("could not draw a free player id; try again"))
    }

    /// The identity of `key`.
    ///
    /// # Errors
    /// 400 when no player has this key (`what` names where it was given); 503 storage.
    pub(super) async fn identity(&self, key: &str, what: &str) -> Result<Identity, ApiError> {
        let p = self
            .store
            .player_by_key(secret::hash_token(key))
            .await
            .map_err(store_error)?
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "{what}: no player has this key (make one with POST /api/players)"
                ))
            })?;
        Ok(Identity { id: p.id, name: p.name })
    }

    /// `GET /api/players/me`: the player of `key` with their ratings per game.
    ///
    /// # Errors
    /// 403 unknown key; 503 storage.
    pub async fn player_me(&self, key: &str) -> Result<String, ApiError> {
        let p = self
            .store
            .player_by_key(secret::hash_token(key))
            .await
            .map_err(store_error)?
            .ok_or_else(|| ApiError::forbidden("this key is no player's"))?;
        let ratings: serde_json::Map<String, Value> =
            p.ratings.iter().map(|(g, r)| (g.clone(), rating_json(r))).collect();
        Ok(json!({"id": p.id, "name": p.name, "ratings": ratings}).to_string())
    }

    /// `GET /api/leaderboard/{game}`: the 50 best rated players of a game.
    ///
    /// # Errors
    /// 404 unknown game; 503 storage.
    pub async fn leaderboard(&self, game: &str) -> Result<String, ApiError> {
        let info = tabla_games::find(game).map_err(|e| ApiError::not_found(e.0))?;
        let rows = self.store.leaderboard(info.id.to_string(), 50).await.map_err(store_error)?;
        let players: Vec<Value> = rows
            .iter()
            .map(|(name, r)| {
                let mut v = rating_json(r);
                v["name"] = json!(name);
                v
            })
            .collect();
        Ok(json!({ "players": players }).to_string())
    }

    /// The current ratings in `game` of these players.
    pub(super) async fn ratings_of(
        &self,
        game: &str,
        ids: Vec<String>,
    ) -> Result<Vec<Rating>, ApiError> {
        self.store.ratings(game.to_string(), ids).await.map_err(store_error)
    }

    /// At the end of a rated game (its `state` after the end): the players' new ratings, to
    /// commit with the change that ends it, and each seat's change in `meta`. Holds the
    /// ratings lock (returned) so that two games ending at once do not lose an update.
    pub(super) async fn rate(
        self: &Arc<Self>,
        live: &Live,
        state: &RawValue,
        meta: &mut Meta,
    ) -> Result<(Vec<(String, String, Rating)>, Option<tokio::sync::MutexGuard<'_, ()>>), ApiError>
    {
        let rated_end =
            !matches!(meta.ended, Some(super::Ending::Aborted) | Some(super::Ending::Cancelled));
        let ids: Vec<String> = live.seat_players.iter().flatten().cloned().collect();
        if !meta.rated || !rated_end || ids.len() != 2 || live.seats.len() != 2 {
            return Ok((vec![], None));
        }
        let guard = self.rating_lock.lock().await;
        let now = self.ratings_of(live.info.id, ids.clone()).await?;
        let st: Value = serde_json::from_str(state.get()).unwrap_or(Value::Null);
        let winners: Vec<&str> = st["result"]["winners"]
            .as_array()
            .map(|w| w.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let (a, b) = (winners.contains(&live.names[0]), winners.contains(&live.names[1]));
        let outcome = match (a, b) {
            (true, false) => Outcomes::WIN,
            (false, true) => Outcomes::LOSS,
            _ => Outcomes::DRAW,
        };
        let g = |r: &Rating| Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        };
        let (n0, n1) = glicko2(&g(&now[0]), &g(&now[1]), &outcome, &Glicko2Config::new());
        let new = [n0, n1];
        meta.rating_change =
            (0..2).map(|i| Some(new[i].rating - now[i].rating)).collect::<Vec<_>>();
        let updates = (0..2)
            .map(|i| {
                (
                    ids[i].clone(),
                    live.info.id.to_string(),
                    Rating {
                        rating: new[i].rating,
                        deviation: new[i].deviation,
                        volatility: new[i].volatility,
                        games: now[i].games + 1,
                    },
                )
            })
            .collect();
        Ok((updates, Some(guard)))
    }
}
