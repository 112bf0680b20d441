//! How much of the light a frame is drawn with ([`Quality`]): `low` is the plain picture (one
//! sun, ambient plus diffuse, fog), `medium` adds the sun's shadows, `high` adds MSAA 4×,
//! ambient occlusion, a filmic tone curve and the sky's gradient to them. The renderer draws the shadows; the caller sizes its targets' samples
//! ([`Quality::samples`]).

/// How much of the light a frame is drawn with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Quality {
    /// One sun, ambient plus diffuse, fog: the plain picture, the stress test's baseline.
    #[default]
    Low,
    /// `low` with the sun's shadows: a depth pass from the light over the same instance
    /// buffers, PCF-filtered where the picture is lit.
    Medium,
    /// `medium` with MSAA 4× (the renderer's own multisampled scene), ambient occlusion read
    /// from the sun's depth map, a filmic tone curve (ACES) and a sky that deepens from the
    /// background colour at the horizon towards the zenith.
    High,
}

/// A name that is no quality level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("quality `{0}`: low, medium or high")]
pub struct UnknownQuality(pub String);

impl Quality {
    /// Every level, lowest first.
    pub const ALL: [Quality; 3] = [Quality::Low, Quality::Medium, Quality::High];

    /// The level's name: `low`, `medium`, `high`.
    pub fn name(self) -> &'static str {
        match self {
            Quality::Low => "low",
            Quality::Medium => "medium",
            Quality::High => "high",
        }
    }

    /// Whether the sun casts shadows.
    pub fn shadows(self) -> bool {
        self >= Quality::Medium
    }

    /// The MSAA samples a target for this level asks for (`None`: whatever the caller draws
    /// with at `low`; the adapter may give fewer). At `high` the renderer draws into its own
    /// multisampled scene where the target can be viewed without sRGB, and through the
    /// target's attachments only where it cannot (GL).
    pub fn samples(self) -> Option<u32> {
        (self == Quality::High).then_some(4)
    }

    /// The next level down, if there is one.
    pub fn lower(self) -> Option<Quality> {
        match self {
            Quality::Low => None,
            Quality::Medium => Some(Quality::Low),
            Quality::High => Some(Quality::Medium),
        }
    }
}

impl std::fmt::Display for Quality {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Quality {
    type Err = UnknownQuality;

    fn from_str(text: &str) -> Result<Quality, UnknownQuality> {
        Quality::ALL
            .into_iter()
            .find(|q| q.name() == text)
            .ok_or_else(|| UnknownQuality(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_read_back_their_names_and_nothing_else() {
        for quality in Quality::ALL {
            assert_eq!(quality.name().parse(), Ok(quality));
        }
        assert!("ultra".parse::<Quality>().is_err());
        assert!("High".parse::<Quality>().is_err());
        assert!(!Quality::Low.shadows() && Quality::Medium.shadows() && Quality::High.shadows());
        assert_eq!(Quality::High.samples(), Some(4));
        assert_eq!(Quality::High.lower(), Some(Quality::Medium));
    }
}
