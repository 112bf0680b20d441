//! `/play`: Horde in the browser, served by the board — the web build's page, its glue script
//! and its module (`crates/web`, built with `wasm-bindgen --target web`), read once from the
//! folder `horde serve --web DIR` names. Each file is answered with its type
//! (`application/wasm` for the module) and an `ETag` of its content's hash, so that a browser
//! asks again cheaply (304) and never keeps a stale build. A server started without `--web`
//! answers `/play` with a 404 that says how to give it one.

use crate::tokens::sha256_hex;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::collections::BTreeMap;
use std::path::Path as FsPath;

/// The files a web build is made of: the page, the glue script, the module.
pub const WEB_FILES: [&str; 3] = ["index.html", "horde_web.js", "horde_web_bg.wasm"];

/// The most bytes one file of the build may have (the module is a few megabytes).
const FILE_CAP: u64 = 64 << 20;

/// A web build, in memory.
#[derive(Debug, Default)]
pub struct WebBuild {
    files: BTreeMap<&'static str, WebFile>,
}

/// One file of it.
#[derive(Debug)]
struct WebFile {
    bytes: Vec<u8>,
    content_type: &'static str,
    etag: String,
}

impl WebBuild {
    /// Reads the build in `dir`: every one of [`WEB_FILES`] must be there.
    pub fn load(dir: &FsPath) -> Result<WebBuild, String> {
        let mut files = BTreeMap::new();
        for name in WEB_FILES {
            let path = dir.join(name);
            let size = std::fs::metadata(&path)
                .map_err(|e| {
                    format!(
                        "--web {}: no {name} ({e}); build it as the book's chapter on the web says",
                        dir.display()
                    )
                })?
                .len();
            if size > FILE_CAP {
                return Err(format!(
                    "--web {}: {name} has {size} bytes, over the {FILE_CAP} allowed",
                    dir.display()
                ));
            }
            let bytes = std::fs::read(&path)
                .map_err(|e| format!("--web {}: cannot read {name}: {e}", dir.display()))?;
            let etag = format!("\"{}\"", &sha256_hex(&bytes)[..32]);
            let content_type = content_type(name);
            files.insert(
                name,
                WebFile {
                    bytes,
                    content_type,
                    etag,
                },
            );
        }
        Ok(WebBuild { files })
    }

    /// The answer for `name` (a file of the build) to a request with `headers`.
    fn answer(&self, name: &str, headers: &HeaderMap) -> Response {
        let Some(file) = self.files.get(name) else {
            return (
                StatusCode::NOT_FOUND,
                format!("no {name} in the web build\n"),
            )
                .into_response();
        };
        let etag = HeaderValue::from_str(&file.etag).unwrap_or(HeaderValue::from_static("\"\""));
        let fresh = headers
            .get(header::IF_NONE_MATCH)
            .is_some_and(|asked| asked.as_bytes() == file.etag.as_bytes());
        let mut response = if fresh {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(file.content_type),
                )],
                file.bytes.clone(),
            )
                .into_response()
        };
        let headers = response.headers_mut();
        headers.insert(header::ETAG, etag);
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        response
    }
}

/// The type a file of the build is served as.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("wasm") => "application/wasm",
        Some("js") => "text/javascript; charset=utf-8",
        _ => "text/html; charset=utf-8",
    }
}

/// What a server without a web build answers.
fn no_build() -> Response {
    (
        StatusCode::NOT_FOUND,
        "this board serves no web build: start it with `horde serve --web DIR` (the book's chapter on the web says how to build one)\n",
    )
        .into_response()
}

/// The answer for the build's `name` (`index.html` for `/play` itself) from `web`, a board's
/// build if it has one.
pub(crate) fn answer(web: Option<&WebBuild>, name: &str, headers: &HeaderMap) -> Response {
    match web {
        Some(web) => web.answer(name, headers),
        None => no_build(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_is_read_whole_and_a_missing_file_is_named() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("index.html"), "<html></html>").unwrap_or_default();
        std::fs::write(dir.path().join("horde_web.js"), "export default 1;").unwrap_or_default();
        let error = WebBuild::load(dir.path()).err().unwrap_or_default();
        assert!(error.contains("no horde_web_bg.wasm"), "{error}");
        std::fs::write(dir.path().join("horde_web_bg.wasm"), b"\0asm").unwrap_or_default();
        let build = WebBuild::load(dir.path()).unwrap_or_default();
        let answer = build.answer("horde_web_bg.wasm", &HeaderMap::new());
        assert_eq!(answer.status(), StatusCode::OK);
        assert_eq!(answer.headers()[header::CONTENT_TYPE], "application/wasm");
        let etag = answer.headers()[header::ETAG].clone();
        let mut again = HeaderMap::new();
        again.insert(header::IF_NONE_MATCH, etag);
        let answer = build.answer("horde_web_bg.wasm", &again);
        assert_eq!(answer.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(
            build.answer("secret.txt", &again).status(),
            StatusCode::NOT_FOUND
        );
    }
}
