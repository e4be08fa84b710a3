//! The one error shape of the API: a status and `{"error":"what was wrong"}`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// A refused request: the status the contract names and a message for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong and what was expected.
    pub message: String,
    /// A busy server's hint of when to ask again (503 only).
    pub retry_after_ms: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), retry_after_ms: None }
    }
    /// 400: unreadable body, bad game, option, seat, record or move text.
    pub fn bad_request(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, m)
    }
    /// 401: no token.
    pub fn unauthorized(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNAUTHORIZED, m)
    }
    /// 403: the token is not a seat of the game, or not the seat that may do this.
    pub fn forbidden(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, m)
    }
    /// 404: no such game or endpoint.
    pub fn not_found(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, m)
    }
    /// 409: stale ply, or the game is over.
    pub fn conflict(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, m)
    }
    /// 422: a readable move that is not legal.
    pub fn unprocessable(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m)
    }
    /// 500: a bug or a corrupt stored game.
    pub fn internal(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, m)
    }
    /// 503: storage failed; try again.
    pub fn unavailable(m: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, m)
    }
    /// 503: the computer is busy with other searches; ask again after `retry_after_ms`.
    pub fn busy(m: impl Into<String>, retry_after_ms: u64) -> ApiError {
        ApiError { retry_after_ms: Some(retry_after_ms), ..ApiError::unavailable(m) }
    }
    /// Any other status.
    pub fn status(status: StatusCode, m: impl Into<String>) -> ApiError {
        ApiError::new(status, m)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status.as_u16(), self.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let Some(ms) = self.retry_after_ms else {
            let body = serde_json::json!({ "error": self.message }).to_string();
            return (self.status, [(axum::http::header::CONTENT_TYPE, "application/json")], body)
                .into_response();
        };
        let body = serde_json::json!({ "error": self.message, "retry_after_ms": ms }).to_string();
        let seconds = ms.div_ceil(1000).max(1).to_string();
        (
            self.status,
            [
                (axum::http::header::CONTENT_TYPE, "application/json".to_string()),
                (axum::http::header::RETRY_AFTER, seconds),
            ],
            body,
        )
            .into_response()
    }
}
