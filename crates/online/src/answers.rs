//! The shapes of the board's answers: JSON with a status, and [`ApiError`], every refusal a
//! handler answers — a refusal's JSON, a 500 that logs its cause without showing it, a 503
//! with `Retry-After`.

use crate::api::Refusal;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// A JSON answer.
pub fn json<T: serde::Serialize>(status: StatusCode, value: &T) -> Response {
    (status, axum::Json(value)).into_response()
}

/// A refusal a handler answers: its status and the [`Refusal`] the client reads (as JSON,
/// `{"error","line"}`), with `Retry-After: 1` for a 503 that asks to come back. Handlers
/// return `Result<Response, ApiError>`; a store's `anyhow::Error` turns into one with `?`
/// (a logged 500, [`ApiError::store`]).
#[derive(Debug)]
pub struct ApiError {
    /// The answer's status.
    status: StatusCode,
    /// What the client reads.
    refusal: Refusal,
    /// Whether the answer carries `Retry-After: 1` (a 503 that asks to come back).
    retry_after: bool,
    /// Whether the answer is the refusal's text alone, as plain text, rather than its JSON
    /// (a page's failure).
    plain: bool,
}

impl ApiError {
    /// A refusal with `status` and `error` (no line).
    pub fn new(status: StatusCode, error: impl Into<String>) -> ApiError {
        ApiError::refused(
            status,
            Refusal {
                error: error.into(),
                line: None,
            },
        )
    }

    /// `refusal` with `status`, its line kept (a verifier's refusal of a recording).
    pub fn refused(status: StatusCode, refusal: Refusal) -> ApiError {
        ApiError {
            status,
            refusal,
            retry_after: false,
            plain: false,
        }
    }

    /// A 500 for a store that failed: `error` is logged, not shown (it may name the database).
    pub fn store(error: anyhow::Error) -> ApiError {
        log::error!("{error:#}");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the board's store failed",
        )
    }

    /// A 503 asking to come back in a second (`Retry-After: 1`), saying `why`.
    pub fn busy(why: impl Into<String>) -> ApiError {
        ApiError {
            retry_after: true,
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, why)
        }
    }

    /// A 404 saying `why`.
    pub fn not_found(why: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, why)
    }

    /// A refusal with `status` whose body is `text` alone, as plain text (a page's, which
    /// speaks no JSON).
    pub fn plain(status: StatusCode, text: impl Into<String>) -> ApiError {
        ApiError {
            plain: true,
            ..ApiError::new(status, text)
        }
    }
}

impl From<anyhow::Error> for ApiError {
    /// A store's failure: [`ApiError::store`].
    fn from(error: anyhow::Error) -> ApiError {
        ApiError::store(error)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = match self.plain {
            true => (self.status, self.refusal.error).into_response(),
            false => json(self.status, &self.refusal),
        };
        if self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}
