//! One enemy's movement: the state machine of the reference texts, and its pose.
//!
//! An enemy walks from tile edge to tile edge. Each tile is one state: `Intro` from the spawn
//! tile's centre to its exit point, `Forward` straight across, `TurnRight`/`TurnLeft` on a
//! quarter circle around the corner shared by the entry and exit edges, `TurnAround` on a half
//! circle back to the edge it came through, and `Outro` from the destination's edge to its
//! centre, where the enemy is reclaimed. Progress runs from 0 to 1 through a state, scaled by a
//! per-state factor so the enemy covers `speed` units per second in every state (a
//! turn-around's half circle has radius |path offset|, but its factor divides by at least 0.2,
//! as the texts do, so the tightest turn-arounds take longer than their length). At a state change the leftover
//! progress is converted back to time, then to the new state's progress.
//!
//! The enemy reads the board only at state changes (tile boundaries), so edits reach it when it
//! enters its next tile.
//!
//! With animation on (part 6, [`crate::td::clip`]) the clips are rules too
//! ([`Enemy::advance_animated`]): a new enemy stays put for its intro, one whose health ran out
//! plays its dying clip before it leaves, one whose path ended (a life lost at once) its outro;
//! only an enemy in its move clip is a target ([`Enemy::is_target`]).

use crate::maths::Maths;
use crate::td::board::Board;
use crate::td::clip::{Animation, Clip};
use crate::td::direction::{Direction, DirectionChange};
use crate::td::enemy_type::EnemyType;
use std::f32::consts::PI;

/// Sentinel for "no tile": the enemy is in its outro.
const NONE: u32 = u32::MAX;

/// The movement state of an enemy within its current tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveState {
    /// From the spawn tile's centre to its exit point.
    Intro,
    /// Straight across a tile, edge to edge.
    Forward,
    /// A quarter circle to the right.
    TurnRight,
    /// A quarter circle to the left.
    TurnLeft,
    /// A half circle back through the entry edge.
    TurnAround,
    /// From the destination's edge to its centre.
    Outro,
}

/// The random characteristics an enemy is spawned with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EnemyParams {
    /// Uniform scale of the half-unit cube model.
    pub scale: f32,
    /// Units per second.
    pub speed: f32,
    /// Sideways offset from the path's centre line, positive to the right.
    pub path_offset: f32,
}

impl Default for EnemyParams {
    fn default() -> EnemyParams {
        EnemyParams {
            scale: 1.0,
            speed: 1.0,
            path_offset: 0.0,
        }
    }
}

/// Where an enemy's model is and which way it faces.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// World `(x, z)` of the model's origin: the pivot plus the rotated model offset.
    pub position: [f32; 2],
    /// `cos` of the yaw.
    pub cos: f32,
    /// `sin` of the yaw.
    pub sin: f32,
}

/// What an enemy's update did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stepped {
    /// It walks on.
    Walking,
    /// It finished its outro at a destination's centre: reclaimed, and counted reached (with
    /// animation on: its outro clip ended, after it [`Stepped::Arrived`]).
    Reached,
    /// With animation on: its path ended this tick (a life is lost at once); it stays for its
    /// outro clip.
    Arrived,
    /// Its health was at most 0 when its update began: reclaimed where it stood, and counted
    /// killed (with animation on: its dying clip ended).
    Killed,
}

/// The complete movement state of one enemy (the fields of the texts' `Enemy`) and its health.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Enemy {
    progress: f32,
    progress_factor: f32,
    position_from: [f32; 2],
    position_to: [f32; 2],
    angle_from: f32,
    angle_to: f32,
    /// Sideways model offset from the pivot: the path offset, ±½ on quarter turns.
    model_x: f32,
    pub(crate) params: EnemyParams,
    tile_from: u32,
    tile_to: u32,
    pub(crate) color: u32,
    /// Health left; at most 0, the enemy is removed at the start of its next update.
    pub(crate) health: f32,
    direction: Direction,
    state: MoveState,
    /// Its clips ([`Animation::MOVING`] throughout with animation off).
    pub(crate) anim: Animation,
    /// Loops of the move clip a second (speed ÷ scale), kept: a division per enemy and frame
    /// costs the update pass more than the 4 bytes.
    move_rate: f32,
    /// Drawn as a ball, not a cube (a scenario's type with `model: Sphere`).
    pub(crate) sphere: bool,
    /// Its scenario type ([`type_code`]): 0 for the spawner's, 1 small, 2 medium, 3 large
    /// (a budget pays a kill by it).
    pub(crate) kind: u8,
}

/// The code an enemy keeps of its scenario type: 0 for none (the spawner's), then small,
/// medium and large from 1.
pub(crate) fn type_code(kind: Option<EnemyType>) -> u8 {
    match kind {
        None => 0,
        Some(EnemyType::Small) => 1,
        Some(EnemyType::Medium) => 2,
        Some(EnemyType::Large) => 3,
    }
}

/// The largest `f32` below 1: an enemy whose path ended stays at its end through its outro clip.
const ALMOST_ONE: f32 = 1.0 - f32::EPSILON / 2.0;

impl Enemy {
    /// An enemy standing at the centre of `tile`, about to walk its intro, with `progress`
    /// (in `[0, 1)`) of the intro already done and `health` to lose, playing `anim`.
    pub(crate) fn spawn(
        board: &Board,
        tile: usize,
        params: EnemyParams,
        (color, health, sphere, kind): (u32, f32, bool, u8),
        progress: f32,
        anim: Animation,
    ) -> Enemy {
        let direction = board.path_direction(tile);
        let angle = direction.angle_deg();
        Enemy {
            progress,
            progress_factor: 2.0 * params.speed,
            position_from: board.tile_center(tile),
            position_to: board.exit_point(tile),
            angle_from: angle,
            angle_to: angle,
            model_x: params.path_offset,
            params,
            tile_from: tile as u32,
            tile_to: board.next_on_path(tile).map_or(NONE, |t| t as u32),
            color,
            health,
            direction,
            state: MoveState::Intro,
            anim,
            move_rate: params.speed / params.scale,
            sphere,
            kind,
        }
    }

    /// Whether towers may aim at it and blasts reach it: only in its move clip.
    #[inline]
    pub(crate) fn is_target(&self) -> bool {
        self.anim.clip == Clip::Move
    }

    /// [`Enemy::advance`] with animation on: the clips advance (the move clip at speed ÷
    /// scale), and
    /// - in its intro it stays put until the clip ends, then walks on with the whole `dt`;
    /// - in its outro or dying clip it stays until the clip ends, then is
    ///   [`Stepped::Reached`] or [`Stepped::Killed`];
    /// - whose health is at most 0 starts dying and stops;
    /// - whose path ends starts its outro at the path's end: [`Stepped::Arrived`].
    #[inline]
    pub(crate) fn advance_animated(&mut self, board: &Board, dt: f32) -> Stepped {
        self.anim.advance(dt);
        match self.anim.clip {
            Clip::Move => {}
            Clip::Intro if !self.anim.done() => return Stepped::Walking,
            Clip::Intro => self.anim.play(Clip::Move, self.move_rate()),
            Clip::Outro if self.anim.done() => return Stepped::Reached,
            Clip::Dying if self.anim.done() => return Stepped::Killed,
            Clip::Outro | Clip::Dying => return Stepped::Walking,
        }
        if self.health <= 0.0 {
            self.anim.play(Clip::Dying, self.move_rate());
            return Stepped::Walking;
        }
        match self.walk(board, dt) {
            Stepped::Reached => {
                self.progress = ALMOST_ONE;
                self.anim.play(Clip::Outro, self.move_rate());
                Stepped::Arrived
            }
            other => other,
        }
    }

    /// Loops of the move clip a second: its speed over its scale, so the bounce follows how
    /// fast it walks for its size.
    #[inline]
    pub(crate) fn move_rate(&self) -> f32 {
        self.move_rate
    }

    /// The current state.
    pub(crate) fn state(&self) -> MoveState {
        self.state
    }

    /// Progress through the current state, `[0, 1)`.
    pub(crate) fn progress(&self) -> f32 {
        self.progress
    }

    /// The tile the enemy is crossing.
    pub(crate) fn tile(&self) -> usize {
        self.tile_from as usize
    }

    /// The tile it crosses and the tile it walks to (`None` in its outro).
    pub(crate) fn tiles(&self) -> (u32, Option<u32>) {
        (
            self.tile_from,
            (self.tile_to != NONE).then_some(self.tile_to),
        )
    }

    /// The same enemy on a board whose tiles moved (a reloaded level): `tile` gives each old
    /// tile index its new one (`None`: the tile is gone, and so is the enemy), and every world
    /// position moves by `shift`. Progress, angles and characteristics carry on.
    pub(crate) fn moved(
        &self,
        tile: impl Fn(u32) -> Option<u32>,
        shift: [f32; 2],
    ) -> Option<Enemy> {
        let tile_to = match self.tile_to {
            NONE => NONE,
            to => tile(to)?,
        };
        let at = |p: [f32; 2]| [p[0] + shift[0], p[1] + shift[1]];
        Some(Enemy {
            tile_from: tile(self.tile_from)?,
            tile_to,
            position_from: at(self.position_from),
            position_to: at(self.position_to),
            ..*self
        })
    }

    /// Advances by `dt` seconds: an enemy whose health is at most 0 goes no further and is
    /// [`Stepped::Killed`]; one that reaches its destination's centre is
    /// [`Stepped::Reached`].
    #[inline]
    pub(crate) fn advance(&mut self, board: &Board, dt: f32) -> Stepped {
        if self.health <= 0.0 {
            return Stepped::Killed;
        }
        self.walk(board, dt)
    }

    /// Walks `dt` seconds along the path; [`Stepped::Reached`] at the destination's centre.
    #[inline]
    fn walk(&mut self, board: &Board, dt: f32) -> Stepped {
        self.progress += dt * self.progress_factor;
        while self.progress >= 1.0 {
            if self.tile_to == NONE {
                return Stepped::Reached;
            }
            self.progress = (self.progress - 1.0) / self.progress_factor;
            self.prepare_next_state(board);
            self.progress *= self.progress_factor;
        }
        Stepped::Walking
    }

    /// Enters the next tile: shifts the tiles, then sets up the state for the path's new
    /// direction (the `Prepare*` steps see the new direction).
    fn prepare_next_state(&mut self, board: &Board) {
        self.tile_from = self.tile_to;
        let tile = self.tile_from as usize;
        self.tile_to = board.next_on_path(tile).map_or(NONE, |t| t as u32);
        self.position_from = self.position_to;
        let offset = self.params.path_offset;
        let speed = self.params.speed;
        if self.tile_to == NONE {
            // Outro: straight on to the destination's centre.
            self.position_to = board.tile_center(tile);
            self.state = MoveState::Outro;
            self.angle_to = self.direction.angle_deg();
            self.model_x = offset;
            self.progress_factor = 2.0 * speed;
            return;
        }
        self.position_to = board.exit_point(tile);
        let next = board.path_direction(tile);
        let change = self.direction.change_to(next);
        self.direction = next;
        // Keep angles small: the previous target modulo a full turn.
        self.angle_from = self.angle_to.rem_euclid(360.0);
        match change {
            DirectionChange::None => {
                self.state = MoveState::Forward;
                self.angle_to = next.angle_deg();
                self.model_x = offset;
                self.progress_factor = speed;
            }
            DirectionChange::TurnRight => {
                self.state = MoveState::TurnRight;
                self.angle_to = self.angle_from + 90.0;
                self.model_x = offset - 0.5;
                self.progress_factor = speed / (PI * 0.5 * (0.5 - offset));
            }
            DirectionChange::TurnLeft => {
                self.state = MoveState::TurnLeft;
                self.angle_to = self.angle_from - 90.0;
                self.model_x = offset + 0.5;
                self.progress_factor = speed / (PI * 0.5 * (0.5 + offset));
            }
            DirectionChange::TurnAround => {
                self.state = MoveState::TurnAround;
                self.angle_to = self.angle_from + if offset < 0.0 { 180.0 } else { -180.0 };
                self.model_x = offset;
                self.progress_factor = speed / (PI * offset.abs().max(0.2));
            }
        }
    }

    /// The model's world position and yaw (a turn's sine and cosine by `maths`).
    #[inline]
    pub(crate) fn pose(&self, maths: Maths) -> Pose {
        let p = self.progress;
        let from = self.position_from;
        let (pivot, [cos, sin]) = match self.state {
            MoveState::Intro | MoveState::Forward | MoveState::Outro => {
                let to = self.position_to;
                (
                    [
                        from[0] + (to[0] - from[0]) * p,
                        from[1] + (to[1] - from[1]) * p,
                    ],
                    self.direction.cos_sin(),
                )
            }
            MoveState::TurnRight | MoveState::TurnLeft => {
                let half = self.direction.half_vector();
                (
                    [from[0] + half[0], from[1] + half[1]],
                    self.turn_cos_sin(maths),
                )
            }
            MoveState::TurnAround => (from, self.turn_cos_sin(maths)),
        };
        // Local (model_x, 0, 0) turned by the yaw is (model_x cos, 0, -model_x sin).
        Pose {
            position: [pivot[0] + self.model_x * cos, pivot[1] - self.model_x * sin],
            cos,
            sin,
        }
    }

    /// The interpolated yaw in degrees, normalised to `[0, 360)`.
    pub(crate) fn yaw_deg(&self) -> f32 {
        let yaw = match self.state {
            MoveState::Intro | MoveState::Forward | MoveState::Outro => {
                return self.direction.angle_deg();
            }
            _ => self.angle_from + (self.angle_to - self.angle_from) * self.progress,
        };
        let wrapped = yaw.rem_euclid(360.0);
        if wrapped >= 360.0 { 0.0 } else { wrapped }
    }

    /// `(cos, sin)` of the yaw interpolated through a turn.
    #[inline]
    fn turn_cos_sin(&self, maths: Maths) -> [f32; 2] {
        let angle = self.angle_from + (self.angle_to - self.angle_from) * self.progress;
        let (sin, cos) = maths.sin_cos(angle.to_radians());
        [cos, sin]
    }
}

/// The `f32` fields of an [`EnemyRecord`].
pub(crate) const RECORD_FLOATS: usize = 14;
/// The `u32` fields of an [`EnemyRecord`].
pub(crate) const RECORD_WORDS: usize = 3;
/// The byte fields of an [`EnemyRecord`].
pub(crate) const RECORD_BYTES: usize = 4;

/// Every field of one enemy, as a save keeps it (`td::save`).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct EnemyRecord {
    /// The `f32` fields: progress, progress factor, from `(x, z)`, to `(x, z)`, angles from
    /// and to, model x, scale, speed, path offset, health, the clip's time.
    pub(crate) floats: [f32; RECORD_FLOATS],
    /// Tile from, tile to ([`u32::MAX`] in the outro), colour.
    pub(crate) words: [u32; RECORD_WORDS],
    /// Direction (bits 0–1) and movement state (bits 2–4); the clip (bits 0–1) and the clip
    /// faded from (bits 2–3), whether it is a sphere (bit 4) and its scenario type (bits 5–6);
    /// the faded clip's time,
    /// little-endian.
    pub(crate) kinds: [u8; RECORD_BYTES],
}

impl MoveState {
    /// All states, by their `repr(u8)` value.
    const ALL: [MoveState; 6] = [
        MoveState::Intro,
        MoveState::Forward,
        MoveState::TurnRight,
        MoveState::TurnLeft,
        MoveState::TurnAround,
        MoveState::Outro,
    ];
}

impl Enemy {
    /// A stand-in that a restored pool's slots hold until their enemies are read.
    pub(crate) const PLACEHOLDER: Enemy = Enemy {
        progress: 0.0,
        progress_factor: 1.0,
        position_from: [0.0; 2],
        position_to: [0.0; 2],
        angle_from: 0.0,
        angle_to: 0.0,
        model_x: 0.0,
        params: EnemyParams {
            scale: 1.0,
            speed: 1.0,
            path_offset: 0.0,
        },
        tile_from: 0,
        tile_to: NONE,
        color: 0,
        health: 0.0,
        direction: Direction::North,
        state: MoveState::Outro,
        anim: Animation::MOVING,
        move_rate: 1.0,
        sphere: false,
        kind: 0,
    };

    /// The path distance left to its destination: the steps from the tile it walks to, plus
    /// what is left of the step it is on (in its outro, what is left of the half step in).
    #[inline]
    pub(crate) fn path_left(&self, board: &crate::td::board::Board) -> f32 {
        let rest = (1.0 - self.progress).max(0.0);
        if self.tile_to == NONE {
            0.5 * rest
        } else {
            board.steps(self.tile_to as usize) + rest
        }
    }

    /// The enemy as a save keeps it.
    pub(crate) fn record(&self) -> EnemyRecord {
        let p = self.params;
        EnemyRecord {
            floats: [
                self.progress,
                self.progress_factor,
                self.position_from[0],
                self.position_from[1],
                self.position_to[0],
                self.position_to[1],
                self.angle_from,
                self.angle_to,
                self.model_x,
                p.scale,
                p.speed,
                p.path_offset,
                self.health,
                self.anim.time,
            ],
            words: [self.tile_from, self.tile_to, self.color],
            kinds: {
                let [lo, hi] = self.anim.from_time.to_le_bytes();
                [
                    self.direction as u8 | (self.state as u8) << 2,
                    self.anim.clip as u8
                        | (self.anim.from as u8) << 2
                        | u8::from(self.sphere) << 4
                        | (self.kind & 3) << 5,
                    lo,
                    hi,
                ]
            },
        }
    }

    /// The enemy a save's record describes, on a board of `tiles` tiles; a record that no
    /// game could have made (a tile off the board, an unknown state, a number that is not
    /// finite, a progress out of its range) is refused, saying what is wrong. Scale, speed and
    /// path offset are not checked here.
    pub(crate) fn from_record(record: &EnemyRecord, tiles: usize) -> Result<Enemy, String> {
        let f = record.floats;
        if let Some(bad) = f.iter().position(|v| !v.is_finite()) {
            return Err(format!("number {bad} of an enemy is not finite"));
        }
        // The characteristics' limits are checked by the caller (`td::save`), which knows the
        // settings.
        let params = EnemyParams {
            scale: f[9],
            speed: f[10],
            path_offset: f[11],
        };
        if !(0.0..1.0).contains(&f[0]) || f[1] <= 0.0 {
            return Err(format!(
                "an enemy's progress {} or its factor {} is out of range",
                f[0], f[1]
            ));
        }
        let [tile_from, tile_to, color] = record.words;
        if tile_from as usize >= tiles || (tile_to != NONE && tile_to as usize >= tiles) {
            return Err(format!(
                "an enemy's tiles {tile_from} → {tile_to} are not on the board of {tiles} tiles"
            ));
        }
        let [kinds, clips, lo, hi] = record.kinds;
        let state = *MoveState::ALL
            .get(usize::from(kinds >> 2))
            .ok_or_else(|| format!("unknown enemy state {}", kinds >> 2))?;
        let clip = |code: u8| Clip::from_code(code).ok_or(format!("unknown clip {code}"));
        let (clip, from) = (clip(clips & 3)?, clip((clips >> 2) & 3)?);
        if clips >> 7 != 0 {
            return Err(format!("unknown clip bits {clips:#x}"));
        }
        let time = f[13];
        if time < 0.0 {
            return Err(format!("an enemy's clip time {time} is negative"));
        }
        Ok(Enemy {
            progress: f[0],
            progress_factor: f[1],
            position_from: [f[2], f[3]],
            position_to: [f[4], f[5]],
            angle_from: f[6],
            angle_to: f[7],
            model_x: f[8],
            params,
            tile_from,
            tile_to,
            color,
            health: f[12],
            direction: Direction::from_index(kinds & 3),
            state,
            anim: Animation {
                time,
                from_time: u16::from_le_bytes([lo, hi]),
                clip,
                from,
            },
            move_rate: params.speed / params.scale,
            sphere: clips & 1 << 4 != 0,
            kind: (clips >> 5) & 3,
        })
    }
}

// The clips cost an enemy 12 bytes (80 in all): the update pass is bound by memory at scale.
const _: () = assert!(size_of::<Animation>() == 8);
const _: () = assert!(size_of::<Enemy>() <= 80);
