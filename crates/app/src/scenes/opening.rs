//! How a scene is being opened: in the window (`horde run`) or for one picture (`horde
//! screenshot`). What differs between the two is here, so that every flag of a scene means the
//! same in both (`scenes/given.rs`'s `SceneArgs`).

use crate::live::LiveFiles;
use crate::scenes::given::WindowArgs;
use horde_renderer::{AdapterSummary, BackendChoice};

/// Where a scene is shown, and what the window adds.
pub struct Opening {
    /// For one picture: background work is done in step with the frames, so the picture is a
    /// pure function of the flags; in a window it runs on background threads.
    pub picture: bool,
    /// The backend the renderer was asked for (the TD inspector's switch starts from it).
    pub backend: BackendChoice,
    /// The adapters the TD inspector offers (empty for a picture).
    pub adapters: Vec<AdapterSummary>,
    /// The scene's live files: watched in a window unless `--no-watch`, off for a picture.
    pub live: LiveFiles,
    /// The scenes' flags only a window takes (`--record`, ..; none for a picture).
    pub window: WindowArgs,
}

impl Opening {
    /// A picture's opening: background work in step, nothing watched, no window flags.
    pub fn picture(backend: BackendChoice) -> Opening {
        Opening {
            picture: true,
            backend,
            adapters: Vec::new(),
            live: LiveFiles::off(),
            window: WindowArgs::default(),
        }
    }
}
