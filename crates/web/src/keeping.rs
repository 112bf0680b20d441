//! What the page keeps for the player (wasm32 only): the run played, in the browser's storage
//! and as a download; the quick-save (F5, as in the native window), in the browser's storage
//! and as a download, and F9 loading it back where the game's mode allows loading.

use crate::browser::{from_base64, offer_download, store, stored, to_base64};
use horde_core_sim::DT;
use horde_core_sim::td::files::{
    game_from_bytes as from_bytes, game_to_bytes_with_source as to_bytes_with_source,
};
use horde_games::{Change, Session};
use std::path::Path;

/// The browser's storage key of the last run played here (a recording's text).
pub const RECORDING_KEY: &str = "horde-recording";
/// The browser's storage key of the quick-save (the save's bytes, base64).
pub const QUICK_SAVE_KEY: &str = "horde-quick-save";
/// The quick-save's file name, as a download.
pub const QUICK_SAVE_FILE: &str = "quick.horde";

/// Keeps the run `text` (named `name`) in the browser's storage and offers it as a download:
/// `stored` where the storage took it, else `download` (the download is offered either way).
pub fn keep_recording(name: &str, text: &str) -> Result<&'static str, String> {
    offer_download(
        "horde-recording",
        name,
        &format!("Download this run ({name})"),
        text.as_bytes(),
    )?;
    Ok(if store(RECORDING_KEY, text) {
        "stored"
    } else {
        "download"
    })
}

/// Saves the game of `session` in the browser's storage and offers the save as a download.
pub fn quick_save(session: &Session) -> Result<(), String> {
    let bytes = to_bytes_with_source(session.sim(), DT, session.source())
        .map_err(|e| format!("the save: {e}"))?;
    offer_download(
        "horde-quick-save",
        QUICK_SAVE_FILE,
        &format!(
            "Download the save ({QUICK_SAVE_FILE}, tick {})",
            session.tick()
        ),
        &bytes,
    )?;
    if !store(QUICK_SAVE_KEY, &to_base64(&bytes)?) {
        return Err("the browser's storage refused the save (offered as a download)".into());
    }
    Ok(())
}

/// Loads the quick-save kept in the browser's storage in place of `session`'s game, where its
/// mode allows it (a challenge does not); the game's recording ends there.
pub fn quick_load(session: &mut Session) -> Result<(), String> {
    session.allows(Change::Load).map_err(|r| r.to_string())?;
    let text = stored(QUICK_SAVE_KEY).ok_or("no quick-save in this browser yet (F5 saves)")?;
    let saved =
        from_bytes(&from_base64(&text)?, Path::new(QUICK_SAVE_FILE)).map_err(|e| e.to_string())?;
    // No script of edits leads to a loaded game: a recording ends here.
    session.take_recording();
    session.set_source(saved.source);
    session.replace_sim(saved.sim);
    Ok(())
}
