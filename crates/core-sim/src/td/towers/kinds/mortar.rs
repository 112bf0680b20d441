//! The mortar tower (the series' ballistics part): range 3.5, 1 shot a second, blast radius 1.5,
//! damage 15. Its launch progress grows by `shots_per_second × dt`; while it is at least 1 the
//! mortar takes a random enemy in range (a fresh pick every shot) and launches a shell at the
//! ground under it, or, with none in range, waits at 0.999 (so it fires on the first tick an
//! enemy comes). The shell's flight and blast are [`crate::td::ballistics`].

use crate::td::ballistics::{Shell, launch_speed};
use crate::td::pick::mix;
use crate::td::towers::behaviour::{Behaviour, KindInfo, Reads, Site, Turn};
use crate::td::towers::limits::{self, MAX_DAMAGE, MAX_RANGE, MAX_SHOTS_PER_SECOND};
use crate::td::towers::limits::{RANGE_FIELD, SettingField};
use crate::td::towers::priority::Priority;
use crate::td::towers::targeting::{Field, Glance, best_within, pick_within};
use serde::{Deserialize, Serialize};

/// A mortar tower's settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MortarSettings {
    /// Targeting range, tiles (the texts: 3.5).
    #[serde(deserialize_with = "limits::range")]
    pub range: f32,
    /// Shells a second (the texts: 1).
    #[serde(deserialize_with = "limits::shots_per_second")]
    pub shots_per_second: f32,
    /// Radius of a shell's explosion (the texts: 1.5).
    #[serde(deserialize_with = "limits::blast_radius")]
    pub blast_radius: f32,
    /// Damage to every enemy an explosion reaches (the texts: 15).
    #[serde(deserialize_with = "limits::damage")]
    pub damage: f32,
}

impl Default for MortarSettings {
    fn default() -> MortarSettings {
        MortarSettings {
            range: 3.5,
            shots_per_second: 1.0,
            blast_radius: 1.5,
            damage: 15.0,
        }
    }
}

/// `shots_per_second` as a slider shows it.
const SHOTS_FIELD: SettingField = SettingField {
    name: "shots_per_second",
    label: "shots /s",
    min: 0.01,
    max: MAX_SHOTS_PER_SECOND,
};
/// `blast_radius` as a slider shows it.
const BLAST_FIELD: SettingField = SettingField {
    name: "blast_radius",
    label: "blast radius",
    min: 0.1,
    max: MAX_RANGE,
};
/// `damage` as a slider shows it.
const DAMAGE_FIELD: SettingField = SettingField {
    name: "damage",
    label: "shell damage",
    min: 0.1,
    max: MAX_DAMAGE,
};

/// What one mortar is doing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MortarState {
    /// Launch progress: a shell goes for every whole unit.
    pub launch_progress: f32,
}

impl Behaviour for MortarState {
    type Settings = MortarSettings;

    const INFO: KindInfo = KindInfo {
        name: "mortar",
        symbol: 'M',
        tile_name: "mortar tower",
        default_cost: 0,
    };

    fn visit_settings(
        settings: &mut MortarSettings,
        visit: &mut dyn FnMut(&SettingField, &mut f32),
    ) {
        visit(&RANGE_FIELD, &mut settings.range);
        visit(&SHOTS_FIELD, &mut settings.shots_per_second);
        visit(&BLAST_FIELD, &mut settings.blast_radius);
        visit(&DAMAGE_FIELD, &mut settings.damage);
    }

    /// Reads the index when a shell is due this tick: within its range for the target, and
    /// within the blast around it for a shell that lands at once.
    fn wants(&self, _site: Site, settings: &MortarSettings, _glance: &Glance, dt: f32) -> Reads {
        let due = self.launch_progress + settings.shots_per_second * dt >= 1.0;
        // The target reaches `range` plus a quarter (its scale); the blast goes beyond it.
        match due {
            true => Reads::Within(settings.range + 0.25 + settings.blast_radius),
            false => Reads::Nothing,
        }
    }

    fn act(
        &mut self,
        site: Site,
        aim: &mut Option<[f32; 2]>,
        settings: &MortarSettings,
        turn: &mut Turn,
    ) {
        self.launch_progress += settings.shots_per_second * turn.dt();
        if self.launch_progress < 1.0 {
            return;
        }
        // Only health changes during the towers' turn: who is in range does not.
        let n = turn.count_within(site.at, settings.range);
        let speed = launch_speed(settings.range);
        let moment = turn.moment();
        let mut shot = 0u64;
        while self.launch_progress >= 1.0 {
            let words = [moment.tick, u64::from(site.tile), 1 + shot];
            let value = mix(moment.seed, &words);
            let field = Field {
                enemies: turn.enemies(),
                index: turn.index(),
                board: turn.board(),
            };
            let places = turn.enemies().places();
            let reach = (site.at, settings.range);
            let slot = match site.priority {
                Priority::Random => pick_within(turn.index(), places, reach, n, value),
                priority => best_within(field, site.at, settings.range, priority),
            };
            let Some(slot) = slot else {
                self.launch_progress = 0.999;
                break;
            };
            let [x, z, _] = places[slot];
            let to = [x, z];
            let shell = Shell::launch(site.at, to, speed, settings.blast_radius, settings.damage);
            turn.launch(shell);
            *aim = Some(to);
            self.launch_progress -= 1.0;
            shot += 1;
        }
    }

    fn is_finite(&self) -> bool {
        self.launch_progress.is_finite()
    }
}
