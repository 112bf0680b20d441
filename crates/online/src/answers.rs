//! The shapes of the board's answers: JSON with a status, a refusal's JSON, a 500 that logs
//! its cause without showing it, a 503 with `Retry-After`.

use crate::api::Refusal;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// A JSON answer.
pub fn json<T: serde::Serialize>(status: StatusCode, value: &T) -> Response {
    (status, axum::Json(value)).into_response()
}

/// A refusal with `status`.
pub fn refuse(status: StatusCode, error: impl Into<String>) -> Response {
    json(
        status,
        &Refusal {
            error: error.into(),
            line: None,
        },
    )
}

/// A 500 for a store that failed (logged, not shown: it may name the database).
pub fn failed(error: anyhow::Error) -> Response {
    log::error!("{error:#}");
    refuse(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the board's store failed",
    )
}

/// A 503 asking to come back in a second.
pub fn busy(why: &str) -> Response {
    let mut response = refuse(StatusCode::SERVICE_UNAVAILABLE, why);
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// A 404 with `why`.
pub fn not_found(why: String) -> Response {
    refuse(StatusCode::NOT_FOUND, why)
}
