//! `simulate --records FILE`: one JSON line per game, in game order, with the moves the
//! bot played (`line`), so that `play --replay` shows any game again.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use match3_bots::{Ending, GameStats};
use serde_json::json;

/// Why the game ended: its `result`, with a lost level split into `out_of_moves` and
/// `stuck` (no legal move left, moves still in hand).
fn reason(game: &GameStats) -> &'static str {
    match game.ending {
        Ending::Lost if game.moves_left == Some(0) => "out_of_moves",
        Ending::Lost => "stuck",
        ending => ending.as_str(),
    }
}

/// Writes the records; the first write error is kept and reported by [`Writer::finish`]
/// (the simulation itself goes on).
pub struct Writer {
    path: PathBuf,
    out: BufWriter<File>,
    error: Option<std::io::Error>,
}

impl Writer {
    /// Creates (or truncates) `path`.
    pub fn create(path: &Path) -> Result<Writer, String> {
        crate::input::check_writable(path, "--records").map_err(|e| e.to_string())?;
        let file = File::create(path)
            .map_err(|e| format!("--records {}: cannot open it: {e}", path.display()))?;
        Ok(Writer {
            path: path.to_path_buf(),
            out: BufWriter::new(file),
            error: None,
        })
    }

    /// Game `i`'s line.
    pub fn write(&mut self, i: u32, game: &GameStats) {
        if self.error.is_some() {
            return;
        }
        let line = json!({
            "game": i,
            "seed": game.seed,
            "score": game.score,
            "moves": game.moves,
            "result": game.ending.as_str(),
            "longest_chain": game.longest_chain,
            "specials_created": game.specials_created,
            "specials_fired": game.specials_fired,
            "shuffles": game.shuffles,
            "stars": game.stars,
            "error": game.error,
            "reason": reason(game),
            "moves_left": game.moves_left,
            "progress": game.goals.iter().map(|g| json!({
                "goal": g.goal.to_string(),
                "progress": g.progress,
                "needed": g.needed,
                "done": g.done,
            })).collect::<Vec<_>>(),
            "line": game.line.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        });
        if let Err(e) = writeln!(self.out, "{line}") {
            self.error = Some(e);
        }
    }

    /// Flushes, and reports the first error.
    pub fn finish(mut self) -> Result<(), String> {
        let flushed = self.out.flush();
        match self.error.map_or(flushed, Err) {
            Ok(()) => Ok(()),
            Err(e) => Err(format!("--records {}: {e}", self.path.display())),
        }
    }
}
