//! Error answers, and the checks every request passes before a handler sees it. Every
//! error is JSON `{"error": "..."}` saying what was wrong, in at most
//! [`MESSAGE_CHARS`](crate::input::MESSAGE_CHARS) characters: what a client sent is
//! quoted as a short excerpt, never whole. A busy server answers 503 with `Retry-After`.

use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::rejection::JsonRejection;
use axum::extract::{Request, State};
use axum::http::header::{CONTENT_LENGTH, RETRY_AFTER};
use axum::http::{HeaderValue, Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::{BodyExt, LengthLimitError, Limited};
use serde_json::json;

use super::Playground;
use super::limits::{MAX_BODY, MAX_URI};
use crate::input::{brief, excerpt};

/// An error answer: a status, a message and, for a 503, when to try again.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    retry_after: Option<Duration>,
}

impl ApiError {
    /// `status` with `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
        }
    }

    /// 400 with `message`.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 500 with `message`: the server failed, not the request.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// 503 with `message`: try again after `retry_after` (whole seconds, at least one).
    pub fn busy(message: impl Into<String>, retry_after: Duration) -> ApiError {
        ApiError {
            retry_after: Some(retry_after),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
        }
    }

    /// The status.
    pub fn status(&self) -> StatusCode {
        self.status
    }
}

/// The JSON text of an error answer saying `message` (cut short if long).
pub fn body(message: &str) -> String {
    json!({ "error": brief(message) }).to_string()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let json = [(
            axum::http::header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )];
        let mut response = (self.status, json, body(&self.message)).into_response();
        if let Some(wait) = self.retry_after {
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}

impl From<JsonRejection> for ApiError {
    /// 415 without a JSON content type; any other body the API cannot read (bad JSON,
    /// a wrong type, an unknown or missing field) is 400, as documented.
    fn from(e: JsonRejection) -> ApiError {
        let status = match e {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        // The parser's message may quote the body (an unknown field's whole name).
        let said = crate::input::cut(&e.body_text(), 160);
        ApiError::new(status, format!("malformed request: {said}"))
    }
}

/// The routes there are, for a 404 or 405.
const ROUTES: &str = "the API is GET /api/variants, POST /api/games, GET /api/games/{id}, \
     POST /api/games/{id}/moves, /undo, /reset, GET /api/games/{id}/hint, POST /api/restore";

/// Any other path: 404 with the routes there are.
pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        format!("no route {}: {ROUTES}", excerpt(uri.path())),
    )
}

/// A route asked with a method it does not take: 405 with the routes there are.
pub async fn not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!(
            "{} is not a method {} takes: {ROUTES}",
            excerpt(method.as_str()),
            excerpt(uri.path())
        ),
    )
}

/// What every request passes before its handler: a target of at most [`MAX_URI`] bytes
/// (414), and a body of at most [`MAX_BODY`] bytes (413) that arrives within the body
/// timeout (408), read here in full so no handler waits on a slow client.
pub async fn guard(
    State(app): State<std::sync::Arc<Playground>>,
    req: Request,
    next: Next,
) -> Response {
    let target = req.uri().to_string().len();
    if target > MAX_URI {
        let message =
            format!("the request target is {target} bytes, more than the {MAX_URI} the API takes");
        return ApiError::new(StatusCode::URI_TOO_LONG, message).into_response();
    }
    let (parts, body) = req.into_parts();
    let declared =
        (parts.headers.get(CONTENT_LENGTH)).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return too_large().into_response();
    }
    let read = tokio::time::timeout(app.limits.body_timeout, read_body(body));
    let bytes = match read.await {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(e)) => return e.into_response(),
        Err(_) => {
            let message = format!(
                "the request body did not arrive within {} s",
                app.limits.body_timeout.as_secs_f64()
            );
            return ApiError::new(StatusCode::REQUEST_TIMEOUT, message).into_response();
        }
    };
    next.run(Request::from_parts(parts, Body::from(bytes)))
        .await
}

/// The whole body, at most [`MAX_BODY`] bytes.
async fn read_body(body: Body) -> Result<Bytes, ApiError> {
    match Limited::new(body, MAX_BODY).collect().await {
        Ok(collected) => Ok(collected.to_bytes()),
        Err(e) if e.downcast_ref::<LengthLimitError>().is_some() => Err(too_large()),
        Err(e) => Err(ApiError::bad(format!("cannot read the request body: {e}"))),
    }
}

fn too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request body is larger than the {MAX_BODY} bytes the API takes"),
    )
}
