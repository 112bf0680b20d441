//! The laser tower (the series' towers part): range 2.5, 20 damage a second. It keeps its target
//! while the target is still on the board (not yet removed) and in range, else takes a random
//! enemy in range; it deals `damage_per_second × dt` to its target every tick.
//!
//! Finding the target reads only the enemies as the tick's update left them, so lasers look in
//! parallel; the damage is dealt in the towers' turns, one after another in board index order,
//! so an enemy's health never depends on the number of threads.

use crate::td::effect::Effect;
use crate::td::towers::behaviour::{Behaviour, KindInfo, Moment, Reads, Site, Turn};
use crate::td::towers::limits::{self, MAX_DAMAGE, RANGE_FIELD, SettingField};
use crate::td::towers::priority::Priority;
use crate::td::towers::targeting::{Glance, Seen, Target};
use serde::{Deserialize, Serialize};

/// A laser tower's settings.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LaserSettings {
    /// Targeting range, tiles (the texts: 2.5).
    #[serde(deserialize_with = "limits::range")]
    pub range: f32,
    /// Damage dealt to the target each second (the texts: 20).
    #[serde(deserialize_with = "limits::damage_per_second")]
    pub damage_per_second: f32,
}

impl Default for LaserSettings {
    fn default() -> LaserSettings {
        LaserSettings {
            range: 2.5,
            damage_per_second: 20.0,
        }
    }
}

/// `damage_per_second` as a slider shows it.
const DAMAGE_FIELD: SettingField = SettingField {
    name: "damage_per_second",
    label: "damage /s",
    min: 0.1,
    max: MAX_DAMAGE,
};

/// What one laser is doing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LaserState {
    /// The enemy it burns, kept from tick to tick.
    pub target: Option<Target>,
}

impl LaserState {
    /// Whether the laser fired this tick (it has a target; its beam is drawn).
    pub fn firing(&self) -> bool {
        self.target.is_some()
    }
}

impl Behaviour for LaserState {
    type Settings = LaserSettings;

    const INFO: KindInfo = KindInfo {
        name: "laser",
        symbol: 'L',
        tile_name: "laser tower",
        default_cost: 0,
    };

    fn visit_settings(
        settings: &mut LaserSettings,
        visit: &mut dyn FnMut(&SettingField, &mut f32),
    ) {
        visit(&RANGE_FIELD, &mut settings.range);
        visit(&DAMAGE_FIELD, &mut settings.damage_per_second);
    }

    /// With a priority other than `random`, reads only its best enemy in range; with
    /// `random`, the index within its range unless its target is kept without a search (still
    /// in its slot and in range).
    fn wants(&self, site: Site, settings: &LaserSettings, glance: &Glance, _dt: f32) -> Reads {
        let range = settings.range;
        if site.priority != Priority::Random {
            return Reads::Best(range);
        }
        match self.target.is_some_and(|t| glance.holds(t, site.at, range)) {
            true => Reads::Nothing,
            false => Reads::Within(range),
        }
    }

    /// The target this tick: the one it had, if still there and in range, else a random
    /// enemy in range.
    fn look(&mut self, site: Site, settings: &LaserSettings, seen: &Seen, moment: Moment) {
        let range = settings.range;
        if site.priority != Priority::Random {
            // Picked again every tick.
            self.target = seen.best(site.at, range, site.priority);
            return;
        }
        self.target = self
            .target
            .and_then(|t| seen.kept(t, site.at, range))
            .or_else(|| {
                let words = [moment.tick, u64::from(site.tile), 0];
                seen.random(site.at, range, moment.seed, &words)
            });
    }

    fn act(
        &mut self,
        _site: Site,
        aim: &mut Option<[f32; 2]>,
        settings: &LaserSettings,
        turn: &mut Turn,
    ) {
        if let Some(target) = self.target {
            let slot = target.slot as usize;
            turn.apply(slot, Effect::damage(settings.damage_per_second * turn.dt()));
            let [x, z, _] = turn.enemies().places()[slot];
            *aim = Some([x, z]);
        }
    }
}
