//! Every kind's settings as files keep them. A scenario file (human-readable) writes each
//! kind's under its name, as the kind table's [`SettingsFile`] derives it. A save (postcard)
//! keeps them *keyed*: a list of kinds by name, each with its numbers by field name. So a kind
//! added to the table, or a field added to a kind, leaves older saves readable — what they do
//! not name keeps its default — and a save naming a kind or field this build does not know is
//! refused, saying which.

use super::kinds::{SettingsFile, TowerKind, TowerSettings};
use super::limits::SettingField;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One kind's settings in a save: its name and its numbers by field name.
type KindEntry = (String, Vec<(String, f32)>);

impl TowerSettings {
    /// Each kind's numbers by field name, in the table's order (what a save keeps).
    pub fn keyed(&self) -> Vec<(&'static str, Vec<(&'static str, f32)>)> {
        let mut copy = *self;
        TowerKind::ALL
            .iter()
            .map(|&kind| {
                let mut fields = Vec::new();
                copy.visit(kind, &mut |field, value| fields.push((field.name, *value)));
                (kind.name(), fields)
            })
            .collect()
    }

    /// Sets `kind`'s field `name` to `value`, checked against the field's limits; what is
    /// wrong otherwise.
    pub fn set_field(&mut self, kind: TowerKind, name: &str, value: f32) -> Result<(), String> {
        let mut outcome = Err(format!("the {} tower has no setting `{name}`", kind.name()));
        self.visit(kind, &mut |field: &SettingField, slot: &mut f32| {
            if field.name != name {
                return;
            }
            outcome = if value.is_finite() && value > 0.0 && value <= field.max {
                *slot = value;
                Ok(())
            } else {
                Err(format!(
                    "the {} tower's {name} of {value} is not within 0..={}",
                    kind.name(),
                    field.max
                ))
            };
        });
        outcome
    }

    /// Settings from kinds and fields by name, the texts' values for what is not named.
    pub fn from_keyed<'a>(
        entries: impl IntoIterator<Item = (&'a str, &'a [(String, f32)])>,
    ) -> Result<TowerSettings, String> {
        let mut settings = TowerSettings::default();
        for (name, fields) in entries {
            let kind = TowerKind::from_name(name)
                .ok_or_else(|| format!("unknown tower kind `{name}` in its tower settings"))?;
            for (field, value) in fields {
                settings.set_field(kind, field, *value)?;
            }
        }
        Ok(settings)
    }
}

impl Serialize for TowerSettings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if serializer.is_human_readable() {
            return SettingsFile::from(self).serialize(serializer);
        }
        self.keyed().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for TowerSettings {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<TowerSettings, D::Error> {
        if deserializer.is_human_readable() {
            return SettingsFile::deserialize(deserializer).map(TowerSettings::from);
        }
        let entries = Vec::<KindEntry>::deserialize(deserializer)?;
        TowerSettings::from_keyed(entries.iter().map(|(k, f)| (k.as_str(), f.as_slice())))
            .map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn each_kinds_settings_field_is_its_name() {
        assert_eq!(TowerKind::FIELDS, TowerKind::NAMES);
    }

    #[test]
    fn keyed_settings_round_trip_and_a_missing_kind_takes_its_defaults() {
        let mut settings = TowerSettings::default();
        settings.laser.range = 3.25;
        let bytes = postcard::to_allocvec(&settings).unwrap();
        assert_eq!(
            postcard::from_bytes::<TowerSettings>(&bytes).unwrap(),
            settings
        );
        // A save that names only the laser: every other kind keeps its defaults.
        let only_laser = vec![("laser".to_string(), vec![("range".to_string(), 3.25f32)])];
        let bytes = postcard::to_allocvec(&only_laser).unwrap();
        assert_eq!(
            postcard::from_bytes::<TowerSettings>(&bytes).unwrap(),
            settings
        );
    }

    #[test]
    fn an_unknown_kind_field_or_value_is_refused_by_name() {
        let bad = |entries: Vec<(&str, Vec<(&str, f32)>)>| {
            let bytes = postcard::to_allocvec(&entries).unwrap();
            postcard::from_bytes::<TowerSettings>(&bytes)
                .unwrap_err()
                .to_string()
        };
        // (postcard keeps no message; a save says what it could not accept, save/mod.rs.)
        let _ = bad(vec![("no such kind", vec![])]);
        assert!(
            TowerSettings::from_keyed([("no such kind", &[][..])])
                .unwrap_err()
                .contains("unknown tower kind `no such kind`")
        );
        let field = [("reach".to_string(), 1.0)];
        assert!(
            TowerSettings::from_keyed([("laser", &field[..])])
                .unwrap_err()
                .contains("no setting `reach`")
        );
        let value = [("range".to_string(), f32::NAN)];
        assert!(TowerSettings::from_keyed([("laser", &value[..])]).is_err());
        let _ = bad(vec![("laser", vec![("range", -1.0)])]);
    }
}
