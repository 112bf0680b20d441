//! What every part of the page asks of the browser (wasm32 only): the report written on
//! `<body>`, the console, JavaScript's errors as text, `fetch`, the frame loop
//! (`requestAnimationFrame`), event listeners, the browser's storage and files handed to the
//! player as downloads.

use crate::report::Report;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

/// Writes `report` on `<body>` as `data-horde-*` attributes.
pub fn write_report(report: &Report) {
    let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    else {
        return;
    };
    for (name, value) in report.attributes() {
        let _ = body.set_attribute(&format!("data-horde-{name}"), &value);
    }
}

/// Says `text` on the browser's console.
pub fn console(text: &str) {
    web_sys::console::log_1(&text.into());
}

/// A JavaScript error as text.
pub fn js(error: JsValue) -> String {
    error
        .as_string()
        .or_else(|| js_sys::Error::from(error).message().as_string())
        .unwrap_or_else(|| "a browser error".to_string())
}

/// The page's clock: milliseconds since the navigation.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// `GET url`, or `POST` of `body` (JSON, or a recording with `token`): the status and the
/// answer's text.
pub async fn fetch(
    url: &str,
    body: Option<&str>,
    token: Option<&str>,
) -> Result<(u16, String), String> {
    let window = web_sys::window().ok_or("no window")?;
    let init = web_sys::RequestInit::new();
    if let Some(body) = body {
        init.set_method("POST");
        init.set_body(&JsValue::from_str(body));
    }
    let request = web_sys::Request::new_with_str_and_init(url, &init)
        .map_err(|e| format!("{url}: {}", js(e)))?;
    let headers = request.headers();
    if body.is_some() {
        let kind = if token.is_some() {
            "text/plain; charset=utf-8"
        } else {
            "application/json"
        };
        headers.set("Content-Type", kind).map_err(js)?;
    }
    if let Some(token) = token {
        headers
            .set("Authorization", &format!("Bearer {token}"))
            .map_err(js)?;
    }
    let response: web_sys::Response = JsFuture::from(window.fetch_with_request(&request))
        .await
        .map_err(|e| format!("{url}: {}", js(e)))?
        .dyn_into()
        .map_err(|_| format!("{url}: no response"))?;
    let text = JsFuture::from(response.text().map_err(js)?)
        .await
        .map_err(js)?
        .as_string()
        .unwrap_or_default();
    Ok((response.status(), text))
}

/// Calls `frame` with the browser's time (milliseconds) at each of its frames, for as long
/// as the page lives.
pub fn every_frame(mut frame: impl FnMut(f64) + 'static) {
    type Callback = Closure<dyn FnMut(f64)>;
    let next: std::rc::Rc<std::cell::RefCell<Option<Callback>>> = Default::default();
    let again = next.clone();
    *next.borrow_mut() = Some(Closure::new(move |now: f64| {
        frame(now);
        if let Some(callback) = again.borrow().as_ref() {
            request_frame(callback);
        }
    }));
    if let Some(callback) = next.borrow().as_ref() {
        request_frame(callback);
    }
}

/// One `requestAnimationFrame(callback)`.
fn request_frame(callback: &Closure<dyn FnMut(f64)>) {
    if let Some(window) = web_sys::window() {
        let _ = window.request_animation_frame(callback.as_ref().unchecked_ref());
    }
}

/// Hands the window's key presses and releases to `key` (the key's `code`, and whether it
/// went down; repeats left out), for as long as the page lives. The keys of `claimed` (and
/// Space and the arrows, which would scroll) do only what the page does with them: F5 saves
/// instead of reloading the page.
pub fn on_keys(claimed: &'static [&'static str], key: impl FnMut(&str, bool) + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = std::rc::Rc::new(std::cell::RefCell::new(key));
    for (event, down) in [("keydown", true), ("keyup", false)] {
        let key = key.clone();
        let handler = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(
            move |event: web_sys::KeyboardEvent| {
                if event.repeat() {
                    return;
                }
                let code = event.code();
                if code == "Space" || code.starts_with("Arrow") || claimed.contains(&code.as_str())
                {
                    event.prevent_default();
                }
                (key.borrow_mut())(&event.code(), down);
            },
        );
        let _ = window.add_event_listener_with_callback(event, handler.as_ref().unchecked_ref());
        handler.forget();
    }
}

/// Hands the number each `name` event on the window carries (a `CustomEvent`'s `detail`, as
/// the page's own script sends it) to `handle`, for as long as the page lives.
pub fn on_page_event(name: &str, mut handle: impl FnMut(f64) + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let handler =
        Closure::<dyn FnMut(web_sys::CustomEvent)>::new(move |event: web_sys::CustomEvent| {
            if let Some(number) = event.detail().as_f64() {
                handle(number);
            }
        });
    let _ = window.add_event_listener_with_callback(name, handler.as_ref().unchecked_ref());
    handler.forget();
}

/// What the browser's storage holds under `key`, if anything.
pub fn stored(key: &str) -> Option<String> {
    let storage = web_sys::window()?.local_storage().ok().flatten()?;
    storage.get_item(key).ok().flatten()
}

/// Keeps `value` in the browser's storage under `key`; `false` where the browser refused
/// (no storage, or full).
pub fn store(key: &str, value: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .is_some_and(|s| s.set_item(key, value).is_ok())
}

/// Bytes as text the browser's storage keeps (base64).
pub fn to_base64(bytes: &[u8]) -> Result<String, String> {
    let window = web_sys::window().ok_or("no window")?;
    let latin1: String = bytes.iter().map(|&b| char::from(b)).collect();
    window.btoa(&latin1).map_err(js)
}

/// The bytes [`to_base64`] made text of.
pub fn from_base64(text: &str) -> Result<Vec<u8>, String> {
    let window = web_sys::window().ok_or("no window")?;
    let latin1 = window.atob(text).map_err(js)?;
    Ok(latin1.chars().map(|c| c as u32 as u8).collect())
}

/// Offers `bytes` to the player as a file named `name` (a download link labelled `label`
/// with the id `id` in the page's corner, replacing an earlier one of that id).
pub fn offer_download(id: &str, name: &str, label: &str, bytes: &[u8]) -> Result<(), String> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob =
        web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options).map_err(js)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(js)?;
    if let Some(old) = document.get_element_by_id(id) {
        if let Some(href) = old.get_attribute("href") {
            let _ = web_sys::Url::revoke_object_url(&href);
        }
        old.remove();
    }
    let link = document.create_element("a").map_err(js)?;
    link.set_id(id);
    link.set_attribute("href", &url).map_err(js)?;
    link.set_attribute("download", name).map_err(js)?;
    link.set_attribute("class", "horde-download").map_err(js)?;
    link.set_text_content(Some(label));
    document
        .body()
        .ok_or("no body")?
        .append_child(&link)
        .map_err(js)?;
    Ok(())
}
