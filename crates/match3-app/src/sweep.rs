//! `simulate --level FILE --set KEY=VALUES`: the same run once per value of one of the
//! level's numbers, so tuning a move limit, a palette or a goal's target is one command.
//!
//! `KEY` is `moves` (the move limit), `colors` (the palette) or `goalN` (the target of
//! the level's N-th goal, 1-based: a score goal's points or a collect goal's count);
//! `VALUES` is a range `A..B` (inclusive), a range with a step `A..B:S`, or a list
//! `A,B,C`. Several `--set`s make a [`Grid`].

use std::str::FromStr;

use match3_levels::Override;
use thiserror::Error;

use crate::grid::{Grid, GridError};
use crate::level::Opened;

/// The most values one sweep runs.
pub const MAX_VALUES: usize = 100;

/// Which number of the level a sweep sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// The move limit.
    Moves,
    /// The palette.
    Colors,
    /// The target of goal `n` (0-based).
    Goal(usize),
}

/// A `--set` that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SweepError {
    /// No `=` between the key and the values.
    #[error("{text}: give KEY=VALUES, such as moves=8..12")]
    NoValues {
        /// The `--set` as given.
        text: String,
    },
    /// A key that is not `moves`, `colors` or `goalN`.
    #[error("{key}: the key is moves, colors or goalN (N from 1, the goal's place in the level)")]
    Key {
        /// The key as given.
        key: String,
    },
    /// A value that is not a whole number.
    #[error("{text:?} is not a whole number")]
    Number {
        /// The value as given.
        text: String,
    },
    /// A range that runs down, or by a step of 0.
    #[error("{text}: a range runs up (A..B with A ≤ B) by a step of 1 or more")]
    Range {
        /// The values as given.
        text: String,
    },
    /// More than [`MAX_VALUES`] values.
    #[error("{text}: at most {MAX_VALUES} values")]
    TooMany {
        /// The values as given.
        text: String,
    },
}

/// A parsed `--set`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// What is set.
    pub key: Key,
    /// The values, in order.
    pub values: Vec<u64>,
}

impl FromStr for Sweep {
    type Err = SweepError;

    fn from_str(text: &str) -> Result<Sweep, SweepError> {
        let (key, values) = text.split_once('=').ok_or_else(|| SweepError::NoValues {
            text: text.to_string(),
        })?;
        let key = match key.trim() {
            "moves" => Key::Moves,
            "colors" => Key::Colors,
            goal => match goal
                .strip_prefix("goal")
                .and_then(|n| n.parse::<usize>().ok())
            {
                Some(n) if n >= 1 => Key::Goal(n - 1),
                _ => {
                    return Err(SweepError::Key {
                        key: key.to_string(),
                    });
                }
            },
        };
        let values = parse_values(values.trim())?;
        Ok(Sweep { key, values })
    }
}

fn number(text: &str) -> Result<u64, SweepError> {
    text.trim().parse().map_err(|_| SweepError::Number {
        text: text.to_string(),
    })
}

/// `A..B`, `A..B:S` or `A,B,C`.
fn parse_values(text: &str) -> Result<Vec<u64>, SweepError> {
    let values: Vec<u64> = match text.split_once("..") {
        Some((from, rest)) => {
            let (to, step) = match rest.split_once(':') {
                Some((to, step)) => (number(to)?, number(step)?),
                None => (number(rest)?, 1),
            };
            let from = number(from)?;
            if step == 0 || to < from {
                return Err(SweepError::Range {
                    text: text.to_string(),
                });
            }
            if (to - from) / step >= MAX_VALUES as u64 {
                return Err(SweepError::TooMany {
                    text: text.to_string(),
                });
            }
            (from..=to).step_by(step as usize).collect()
        }
        None => text.split(',').map(number).collect::<Result<_, _>>()?,
    };
    if values.len() > MAX_VALUES {
        return Err(SweepError::TooMany {
            text: text.to_string(),
        });
    }
    Ok(values)
}

impl Sweep {
    /// The key as written (`moves`, `colors`, `goal1`).
    pub fn name(&self) -> String {
        match self.key {
            Key::Moves => "moves".to_string(),
            Key::Colors => "colors".to_string(),
            Key::Goal(i) => format!("goal{}", i + 1),
        }
    }

    /// The override that sets the key to `value`.
    pub fn setting(&self, value: u64) -> Override {
        match self.key {
            Key::Moves => Override::Moves(value),
            Key::Colors => Override::Colors(value),
            Key::Goal(index) => Override::Goal { index, value },
        }
    }

    /// `level` with the key set to `value`, or why it cannot be: the value goes through
    /// the checks the file's own value would (a move limit of 1 to 10,000, a palette the
    /// rules take, spawn weights within it), and an error names the option, not a line.
    /// The grid of this one sweep ([`Grid::apply`]).
    pub fn apply(&self, level: &Opened, value: u64) -> Result<Opened, GridError> {
        let grid = Grid::new(vec![self.clone()]).expect("one sweep is a grid");
        grid.apply(level, &[value])
    }
}
