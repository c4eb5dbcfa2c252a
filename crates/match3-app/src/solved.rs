//! A game solved by the exact solver ([`match3_solver`]) and replayed along the line it
//! found, with the JSON `match3 solve --json` prints for it (the Python package returns
//! the same).

use match3_core::{Game, Move, MoveError};
use match3_solver::{Limits, Objective, Solution};
use serde_json::{Value, json};
use thiserror::Error;

use crate::json;
use crate::level::Opened;
use crate::variant::SharedRules;

/// A game the solver cannot take, or a line that does not replay.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// The solver refused the game.
    #[error(transparent)]
    Solver(#[from] match3_solver::SolveError),
    /// A move of the line found was refused when replayed.
    #[error(transparent)]
    Replay(#[from] MoveError),
}

/// A solver's answer and the game after its line.
pub struct Solved {
    /// What the solver found.
    pub found: Solution,
    /// The game after the line (the starting game when there is none).
    pub game: Game<SharedRules>,
    /// Each move's points along the line.
    pub gains: Vec<u64>,
}

impl Solved {
    /// Solves `game` for `objective` within `limits` (with the bound of the rules'
    /// scoring part, when it has one) and plays the line found.
    pub fn search(
        mut game: Game<SharedRules>,
        objective: Objective,
        limits: Limits,
    ) -> Result<Solved, SolveError> {
        let found = match3_solver::solve(&game, objective, limits)?;
        let mut gains = Vec::new();
        for &mv in found.moves.as_deref().unwrap_or_default() {
            gains.push(game.play(mv)?.score());
        }
        Ok(Solved { found, game, gains })
    }

    /// Whether the deal can be won: `Some(true)` with a winning line, `Some(false)` when
    /// the search proved none exists, `None` when the budget ran out first.
    pub fn winnable(&self) -> Option<bool> {
        match (&self.found.moves, self.found.optimal) {
            (Some(_), _) => Some(true),
            (None, true) => Some(false),
            (None, false) => None,
        }
    }

    fn line_json(&self) -> Option<Vec<Value>> {
        let line = self.found.moves.as_ref()?;
        Some(line.iter().map(|&m: &Move| json::mv(m)).collect())
    }

    /// `solve --json` for a board solved for `objective`.
    pub fn board_json(&self, objective: Objective) -> Value {
        let goal = if objective == Objective::Clear {
            "clear"
        } else {
            "score"
        };
        json!({
            "goal": goal,
            "score": self.found.score,
            "moves": self.line_json(),
            "nodes": self.found.nodes,
            "optimal": self.found.optimal,
            "board": self.game.board().to_string(),
            "status": self.game.status().to_string(),
        })
    }

    /// A level's deal (`start`, and the same deal again in `again`) solved for a win
    /// and, when that is proven impossible, for the best score the deal allows (how close
    /// it comes): what `solve --level` reports.
    pub fn search_level(
        start: Game<SharedRules>,
        again: Game<SharedRules>,
        limits: Limits,
    ) -> Result<(Solved, Option<Solved>), SolveError> {
        let solved = Solved::search(start, Objective::Win, limits)?;
        let best = match solved.winnable() {
            Some(false) => Some(Solved::search(again, Objective::LevelScore, limits)?),
            _ => None,
        };
        Ok((solved, best))
    }

    /// `solve --level --json` for the deal of `level` drawn from `seed`, with the `best`
    /// score of a deal proven unwinnable (`null` unless that is proven best).
    pub fn level_json(&self, level: &Opened, seed: u64, best: Option<&Solved>) -> Value {
        let best_score = best.filter(|b| b.found.optimal).map(|b| b.found.score);
        json!({
            "level": level.file.name,
            "rules": level.variant.name(),
            "seed": seed,
            "winnable": self.winnable(),
            "moves": self.line_json(),
            "moves_used": self.found.moves.as_ref().map(Vec::len),
            "goals": json::goals(&self.game),
            "score": self.game.score(),
            "nodes": self.found.nodes,
            "optimal": self.found.optimal,
            "board": self.game.board().to_string(),
            "status": self.game.status().to_string(),
            "best_score": best_score,
        })
    }
}
