//! The engine's judgement of stored games: the position of a game at a ply for the analysis
//! board (refused to a seat of a game between people still being played: fair play), and the
//! review of a finished game, a background job whose result is stored with the game, so that
//! a second request is instant and a restart resumes an unfinished one.
//!
//! Both share the computer's budget (the `ai` semaphore) with the computer seats: a review
//! takes it one ply at a time, so that a computer seat waiting for its turn gets in between.

use super::{guarded, start, Hub, SeatKind};
use crate::error::ApiError;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tabla_games::AnyGame;

/// Thinking per ply of a review unless the server is told otherwise.
pub const REVIEW_PLY: Duration = Duration::from_millis(300);

/// Where a review stands.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewState {
    /// Done: the review's JSON (as `tabla review` prints it).
    Done(String),
    /// Running: the share done, 0–1.
    Running(f64),
}

impl Hub {
    /// A slot of the computer's budget, shared with the computer seats (in turn).
    pub async fn ai_permit(&self) -> tokio::sync::OwnedSemaphorePermit {
        Arc::clone(&self.ai).acquire_owned().await.expect("semaphore open")
    }

    /// Sets the thinking time per ply of reviews started from now (tests use a few ms).
    pub fn set_review_ply(&self, time: Duration) {
        self.review_ply_ms.store(time.as_millis().max(1) as u64, Ordering::Relaxed);
    }

    /// The position of game `id` after `ply` tokens (all of them without `ply`), for an
    /// analysis that names the game.
    ///
    /// # Errors
    /// 404 no such game; 400 a ply past the record; 403 `token` is a seat of this game, the
    /// game is not over and every seat is a person (no engine help during a game between
    /// people).
    pub async fn position_at(
        self: &Arc<Self>,
        id: &str,
        ply: Option<usize>,
        token: Option<&str>,
    ) -> Result<AnyGame, ApiError> {
        let slot = self.slot(id).await?;
        let (info, options, record) = {
            let live = slot.lock().await;
            if let Some(token) = token {
                let is_seat = live.seat(token).is_ok();
                let people = live.seats.iter().all(|k| matches!(k, SeatKind::Human));
                if is_seat && people && !live.over() {
                    return Err(ApiError::forbidden(
                        "no analysis of a game between people while it is played (fair play); \
                         it opens when the game ends",
                    ));
                }
            }
            let n = ply.unwrap_or(live.record.len());
            if n > live.record.len() {
                return Err(ApiError::bad_request(format!(
                    "ply: {n} is past the game's {} tokens",
                    live.record.len()
                )));
            }
            (live.info, live.options.clone(), live.record[..n].to_vec())
        };
        guarded("the position", || {
            let mut g = start(info, &options).map_err(ApiError::internal)?;
            for t in &record {
                g.play_text(t).map_err(|e| ApiError::internal(format!("stored record: {e}")))?;
            }
            Ok(g)
        })
    }

    /// `POST /api/games/{id}/review`: starts the review of a finished game unless it is done
    /// or running.
    ///
    /// # Errors
    /// 404 no such game; 409 not finished; 503 storage failed.
    pub async fn ask_review(self: &Arc<Self>, id: &str) -> Result<ReviewState, ApiError> {
        self.check_reviewable(id).await?;
        match self.store.review(id.to_string()).await.map_err(super::store_error)? {
            Some(Some(done)) => return Ok(ReviewState::Done(done)),
            Some(None) => {}
            None => {
                self.store.put_review(id.to_string(), None).await.map_err(super::store_error)?
            }
        }
        Ok(ReviewState::Running(self.run_review(id)))
    }

    /// `GET /api/games/{id}/review`.
    ///
    /// # Errors
    /// 404 no such game or never asked; 409 not finished; 503 storage failed.
    pub async fn review_state(self: &Arc<Self>, id: &str) -> Result<ReviewState, ApiError> {
        self.check_reviewable(id).await?;
        match self.store.review(id.to_string()).await.map_err(super::store_error)? {
            Some(Some(done)) => Ok(ReviewState::Done(done)),
            // Asked and not done: running (or cut off by a restart not yet resumed).
            Some(None) => Ok(ReviewState::Running(self.run_review(id))),
            None => Err(ApiError::not_found(format!(
                "game '{id}' has no review yet; POST /api/games/{id}/review starts one"
            ))),
        }
    }

    /// Restarts the reviews a stopped server left unfinished.
    pub async fn resume_reviews(self: &Arc<Self>) {
        match self.store.pending_reviews().await {
            Ok(ids) => {
                for id in ids {
                    self.run_review(&id);
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot list the reviews to resume"),
        }
    }

    async fn check_reviewable(self: &Arc<Self>, id: &str) -> Result<(), ApiError> {
        let slot = self.slot(id).await?;
        let live = slot.lock().await;
        if !live.over() {
            return Err(ApiError::conflict(
                "the game is not finished; a review is made of a finished game",
            ));
        }
        Ok(())
    }

    /// Starts the review job of `id` unless it runs; answers its progress.
    pub(super) fn run_review(self: &Arc<Self>, id: &str) -> f64 {
        if !self.leads() {
            // Another instance runs it (told by the store's note); its progress is not
            // known here.
            return 0.0;
        }
        {
            let mut running = self.reviewing.lock().expect("reviews");
            if let Some(&p) = running.get(id) {
                return p;
            }
            running.insert(id.to_string(), 0.0);
        }
        let hub = Arc::clone(self);
        let id = id.to_string();
        tokio::spawn(async move {
            match hub.review_job(&id).await {
                Ok(json) => {
                    if let Err(e) = hub.store.put_review(id.clone(), Some(json)).await {
                        tracing::error!(game = %id, error = %e, "cannot store a review");
                    }
                }
                Err(e) => tracing::error!(game = %id, error = %e.message, "a review failed"),
            }
            hub.reviewing.lock().expect("reviews").remove(&id);
        });
        0.0
    }

    async fn review_job(self: &Arc<Self>, id: &str) -> Result<String, ApiError> {
        let start_at = self.position_at(id, Some(0), None).await?;
        let record = {
            let slot = self.slot(id).await?;
            let live = slot.lock().await;
            live.record.clone()
        };
        let per_ply = Duration::from_millis(self.review_ply_ms.load(Ordering::Relaxed));
        let ai = Arc::clone(&self.ai);
        let mut permit = Some(Arc::clone(&ai).acquire_owned().await.expect("semaphore open"));
        let hub = Arc::clone(self);
        let job_id = id.to_string();
        let runtime = tokio::runtime::Handle::current();
        // A stopping server stops its reviews (a restarted one resumes them).
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopping = Some(Arc::clone(&stop));
        tokio::task::spawn_blocking(move || {
            guarded("the review", || {
                let r =
                    tabla_ai::review::review(&start_at, &record, per_ply, stopping, &mut |done| {
                        if hub.closed.load(Ordering::Relaxed) {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if let Some(p) = hub.reviewing.lock().expect("reviews").get_mut(&job_id) {
                            *p = (done * 1000.0).round() / 1000.0;
                        }
                        // Let a computer seat that waits have its turn between two plies.
                        drop(permit.take());
                        permit = runtime.block_on(Arc::clone(&ai).acquire_owned()).ok();
                    })
                    .map_err(|e| ApiError::internal(format!("stored record: {e}")))?
                    .ok_or_else(|| ApiError::internal("the review was stopped"))?;
                Ok(serde_json::to_string(&r).expect("review serialises"))
            })
        })
        .await
        .map_err(|e| ApiError::internal(format!("review: {e}")))?
    }
}
