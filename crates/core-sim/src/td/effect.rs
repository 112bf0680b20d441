//! What a tower's turn does to an enemy: an [`Effect`], the one interface every kind acts
//! through. It takes health (a laser's burn, a blast) and sets a speed factor for the enemy's
//! next update (a slowing tower), so a new kind needs no plumbing of its own.

/// What one tower does to one enemy in a tick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Effect {
    /// Health taken (0 for none). An enemy at or below 0 is removed, counted killed, at the
    /// start of its next update.
    pub damage: f32,
    /// The enemy's speed in its next update is multiplied by this, within `0..=1` (1 for no
    /// change). Of several factors given in one tick the least holds, so towers do not stack;
    /// each update uses the factors given since the one before, then forgets them.
    pub speed_factor: f32,
}

impl Effect {
    /// Takes `amount` of health.
    pub const fn damage(amount: f32) -> Effect {
        Effect {
            damage: amount,
            speed_factor: 1.0,
        }
    }

    /// Multiplies the enemy's speed in its next update by `factor`: one below 0 counts as 0
    /// (the enemy stands), one of 1 or more, or NaN, slows nothing.
    pub const fn slow(factor: f32) -> Effect {
        Effect {
            damage: 0.0,
            speed_factor: factor,
        }
    }
}
