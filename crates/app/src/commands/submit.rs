//! `horde submit F`: a finished challenge run sent to the board server, which replays it
//! before it answers; prints the rank, or the server's refusal with its line (exit 1).

use crate::cli::online::SubmitArgs;
use crate::online::{server_url, token_for, tokens_path};
use anyhow::{Context, Result};
use horde_files::{TEXT_CAP, read_text};
use horde_online::Client;

/// Runs `horde submit`.
pub fn run(args: &SubmitArgs) -> Result<()> {
    let text = read_text(&args.recording, TEXT_CAP)?;
    let client = Client::new(&server_url(args.server.as_deref()));
    let (name, token) = token_for(&client, &tokens_path()?, args.name.as_deref())?;
    let (status, run) = client
        .submit(&token, &text)
        .with_context(|| format!("submitting {}", args.recording.display()))?;
    if args.json {
        println!("{}", serde_json::to_string(&run)?);
    } else {
        let again = if status == 200 {
            " (submitted before)"
        } else {
            ""
        };
        println!(
            "{}: {name}'s run of day {} ranks #{}{again}: {} waves cleared, {} ticks survived{}",
            args.recording.display(),
            run.day,
            run.rank,
            run.score,
            run.ticks,
            if run.best {
                ", your best of the day"
            } else {
                ""
            }
        );
        println!("  {}/runs/{}.rec", client.base(), run.run);
    }
    Ok(())
}
