//! The built-in city: its module set compiled in, the height its infinite map is made at, and
//! how far around a walker the map is kept (the city scene's choices, which `horde wfc
//! --infinite` takes as its defaults).

/// The built-in city module set, `assets/wfc/city.ron`, compiled in.
pub const CITY_SET: &str = include_str!("../../../../assets/wfc/city.ron");
/// The path the built-in set's errors name.
pub const CITY_SET_PATH: &str = "assets/wfc/city.ron";
/// Height of the city in cells.
pub const CITY_HEIGHT: u32 = 6;
/// Columns the map keeps around the walker; what lies beyond is dropped.
pub const CITY_KEEP_RADIUS: i32 = 48;
