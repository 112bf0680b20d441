//! The page and the challenge board: what it asks the board and how it reads the answers
//! (the board's JSON, as the book's chapter on the board gives it) — today's seed, a new
//! player's token (kept in the browser's storage under [`TOKEN_KEY`]), a run submitted and
//! ranked.

use serde_json::Value;

/// Where the browser's storage keeps the player's token.
pub const TOKEN_KEY: &str = "horde-token";

/// `GET /api/days/today`'s seed.
pub fn seed_of_day(answer: &str) -> Result<u64, String> {
    let day: Value = serde_json::from_str(answer).map_err(|e| format!("the day: {e}"))?;
    day["seed"]
        .as_u64()
        .ok_or_else(|| "the day: no seed".to_string())
}

/// The body of `POST /api/players` for `name`.
pub fn new_player(name: &str) -> String {
    serde_json::json!({ "name": name }).to_string()
}

/// The token of a `201` to `POST /api/players`, or the board's reason for another answer.
pub fn token_of(status: u16, answer: &str) -> Result<String, String> {
    let body: Value = serde_json::from_str(answer).unwrap_or(Value::Null);
    match (status, body["token"].as_str()) {
        (201, Some(token)) => Ok(token.to_string()),
        _ => Err(format!(
            "the board refused the player ({status}): {}",
            reason(&body, answer)
        )),
    }
}

/// What the board said of a submitted run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submitted {
    /// The HTTP status (201 for a run listed, 200 for one listed before).
    pub status: u16,
    /// Its rank on the day, where listed.
    pub rank: Option<u64>,
    /// The board's reason, where refused.
    pub refused: Option<String>,
}

/// Reads the answer to `POST /api/runs`.
pub fn submitted(status: u16, answer: &str) -> Submitted {
    let body: Value = serde_json::from_str(answer).unwrap_or(Value::Null);
    let listed = status == 200 || status == 201;
    Submitted {
        status,
        rank: body["rank"].as_u64().filter(|_| listed),
        refused: (!listed).then(|| reason(&body, answer)),
    }
}

/// The board's `error`, else the answer's text.
fn reason(body: &Value, answer: &str) -> String {
    body["error"]
        .as_str()
        .map_or_else(|| answer.trim().to_string(), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boards_answers_are_read() {
        assert_eq!(
            seed_of_day(r#"{"day":20261205,"seed":977,"top":[]}"#),
            Ok(977)
        );
        assert!(seed_of_day("{}").is_err());
        assert_eq!(new_player("Ida \"I\""), r#"{"name":"Ida \"I\""}"#);
        assert_eq!(
            token_of(201, r#"{"player":"p","name":"Ida","token":"t0"}"#),
            Ok("t0".into())
        );
        let taken = token_of(409, r#"{"error":"the name Ida is taken"}"#);
        assert_eq!(
            taken,
            Err("the board refused the player (409): the name Ida is taken".into())
        );
        let ranked = submitted(201, r#"{"run":"r","rank":3,"score":2}"#);
        assert_eq!((ranked.rank, ranked.refused), (Some(3), None));
        let refused = submitted(422, r#"{"error":"desync at tick 60","line":7}"#);
        assert_eq!(refused.refused.as_deref(), Some("desync at tick 60"));
        assert_eq!(refused.rank, None);
    }
}
