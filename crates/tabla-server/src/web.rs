//! The page files: the repository's `web/` directory, built into the binary so that the
//! server is one file to copy. `/` and `/g/{id}` are the page; other paths are files.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};

// Only what the page is made of: `web/tests` (with its node_modules and screenshots) stays
// out of the binary.
static CSS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../web/css");
static JS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../web/js");
static TOP: &[(&str, &[u8])] = &[
    ("index.html", include_bytes!("../../../web/index.html")),
    ("favicon.svg", include_bytes!("../../../web/favicon.svg")),
];

fn page_file(path: &str) -> Option<&'static [u8]> {
    if let Some(rest) = path.strip_prefix("css/") {
        return CSS.get_file(rest).map(|f| f.contents());
    }
    if let Some(rest) = path.strip_prefix("js/") {
        return JS.get_file(rest).map(|f| f.contents());
    }
    TOP.iter().find(|(name, _)| *name == path).map(|(_, bytes)| *bytes)
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "webp" => "image/webp",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "txt" | "md" => "text/plain; charset=utf-8",
        "webmanifest" => "application/manifest+json",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

fn serve(path: &str) -> Option<Response> {
    let contents = page_file(path)?;
    Some(
        (
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                // Invite links carry a token in the page's address: never pass it on.
                (header::REFERRER_POLICY, "no-referrer"),
            ],
            contents,
        )
            .into_response(),
    )
}

/// `/` and `/g/{id}`: the page.
pub async fn index() -> Response {
    serve("index.html")
        .unwrap_or_else(|| (StatusCode::NOT_FOUND, "web/index.html is missing").into_response())
}

/// Any other path: a file of `web/`, or 404 (JSON under `/api/`).
pub async fn file(method: axum::http::Method, uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        return crate::api::no_endpoint(uri.clone()).await.into_response();
    }
    let rel = path.trim_start_matches('/');
    if method == axum::http::Method::GET || method == axum::http::Method::HEAD {
        if let Some(r) = serve(rel) {
            return r;
        }
    }
    (StatusCode::NOT_FOUND, format!("no page {path}\n")).into_response()
}
