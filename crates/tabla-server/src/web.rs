//! The page files: the repository's `web/` directory, built into the binary so that the
//! server is one file to copy. `/` and `/g/{id}` are the page; other paths are files.
//! `web/lab/` holds the lab's results (`tabla lab run NAME` writes them; small JSON files).

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};

// Only what the page is made of: `web/tests` (with its node_modules and screenshots) stays
// out of the binary.
static CSS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../web/css");
static JS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/../../web/js");
// The lab's results: `web/lab/*.json` only (build.rs lists them).
include!(concat!(env!("OUT_DIR"), "/lab_files.rs"));
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
    if let Some(rest) = path.strip_prefix("lab/") {
        return LAB.iter().find(|(name, _)| *name == rest).map(|(_, bytes)| *bytes);
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

/// `/lab/{name}`: the page of one experiment, or (`NAME.json`) its stored result. An
/// experiment's name has no dot, so one path serves both without a second prefix.
pub async fn lab(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    if name.ends_with(".json") {
        let path = format!("lab/{name}");
        return serve(&path).unwrap_or_else(|| not_found_page(&format!("/{path}")));
    }
    index().await
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
    not_found_page(path)
}

/// A 404 that looks like the rest of the site and leads back to the lobby, in English and
/// Hungarian (the page's two languages), instead of a bare line of text.
fn not_found_page(path: &str) -> Response {
    let shown: String = path.chars().take(120).collect();
    let shown = if shown.len() < path.len() { format!("{shown}…") } else { shown };
    let escaped = shown
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;");
    let body = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>No such page · Tabla</title>
<link rel="icon" href="/favicon.svg"><link rel="stylesheet" href="/css/tabla.css">
<style>.notfound-box{{max-width:36em;margin:4em auto;padding:1.5em;overflow-wrap:anywhere}}
.back{{display:inline-block;padding:.5em 1em;border-radius:6px;text-decoration:none;
background:var(--accent);color:var(--accent-ink);font-weight:600}}</style>
</head><body>
<main class="notfound-box">
<h1>Tabla</h1>
<p>There is no page <code>{escaped}</code> here.</p>
<p lang="hu">Nincs ilyen oldal.</p>
<p><a class="back" href="/">Back to the lobby · Vissza a játékokhoz</a></p>
</main></body></html>
"#
    );
    (
        StatusCode::NOT_FOUND,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
            (header::REFERRER_POLICY, "no-referrer"),
        ],
        body,
    )
        .into_response()
}
