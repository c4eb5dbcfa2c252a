//! `simulate --level FILE --set KEY=VALUES`: the same run once per value of one of the
//! level's numbers, so tuning a move limit, a palette or a goal's target is one command.
//!
//! `KEY` is `moves` (the move limit), `colors` (the palette) or `goalN` (the target of
//! the level's N-th goal, 1-based: a score goal's points or a collect goal's count);
//! `VALUES` is a range `A..B` (inclusive), a range with a step `A..B:S`, or a list
//! `A,B,C`.

use std::str::FromStr;

use match3_core::Goal;

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

/// A parsed `--set`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// What is set.
    pub key: Key,
    /// The values, in order.
    pub values: Vec<u64>,
}

impl FromStr for Sweep {
    type Err = String;

    fn from_str(text: &str) -> Result<Sweep, String> {
        let (key, values) = text
            .split_once('=')
            .ok_or_else(|| format!("{text}: give KEY=VALUES, such as moves=8..12"))?;
        let key = match key.trim() {
            "moves" => Key::Moves,
            "colors" => Key::Colors,
            goal => match goal
                .strip_prefix("goal")
                .and_then(|n| n.parse::<usize>().ok())
            {
                Some(n) if n >= 1 => Key::Goal(n - 1),
                _ => {
                    return Err(format!(
                        "{key}: the key is moves, colors or goalN (N from 1, the goal's place in the level)"
                    ));
                }
            },
        };
        let values = parse_values(values.trim())?;
        Ok(Sweep { key, values })
    }
}

fn number(text: &str) -> Result<u64, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{text:?} is not a whole number"))
}

/// `A..B`, `A..B:S` or `A,B,C`.
fn parse_values(text: &str) -> Result<Vec<u64>, String> {
    let values: Vec<u64> = match text.split_once("..") {
        Some((from, rest)) => {
            let (to, step) = match rest.split_once(':') {
                Some((to, step)) => (number(to)?, number(step)?),
                None => (number(rest)?, 1),
            };
            let from = number(from)?;
            if step == 0 || to < from {
                return Err(format!(
                    "{text}: a range runs up (A..B with A ≤ B) by a step of 1 or more"
                ));
            }
            if (to - from) / step >= MAX_VALUES as u64 {
                return Err(format!("{text}: at most {MAX_VALUES} values"));
            }
            (from..=to).step_by(step as usize).collect()
        }
        None => text.split(',').map(number).collect::<Result<_, _>>()?,
    };
    if values.len() > MAX_VALUES {
        return Err(format!("{text}: at most {MAX_VALUES} values"));
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

    /// `level` with the key set to `value`, or why it cannot be.
    pub fn apply(&self, level: &Opened, value: u64) -> Result<Opened, String> {
        let mut level = level.clone();
        let small = |what: &str| format!("--set {}={value}: too large for {what}", self.name());
        match self.key {
            Key::Moves => {
                level.file.level.moves =
                    Some(u32::try_from(value).map_err(|_| small("a move limit"))?);
            }
            Key::Colors => {
                level.file.colors = Some(u8::try_from(value).map_err(|_| small("a palette"))?);
            }
            Key::Goal(i) => {
                let goals = level.file.level.goals.len();
                let goal =
                    level.file.level.goals.get_mut(i).ok_or_else(|| {
                        format!("--set {}: the level has {goals} goals", self.name())
                    })?;
                match goal {
                    Goal::Score { target } => *target = value,
                    Goal::Collect { count, .. } => {
                        *count = u32::try_from(value).map_err(|_| small("a count"))?;
                    }
                    Goal::Jelly | Goal::Crates => {
                        return Err(format!(
                            "--set {}: a {} goal has no number to set",
                            self.name(),
                            goal.kind()
                        ));
                    }
                }
            }
        }
        Ok(level)
    }
}
