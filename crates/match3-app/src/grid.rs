//! `simulate --level FILE --set KEY=VALUES --set KEY=VALUES …`: a grid of sweeps, the
//! level run once per combination of their values (the first `--set` varying slowest),
//! so that a move limit and a goal's target are tuned together in one command. One
//! `--set` is a grid of one sweep: a row per value.
//!
//! ```
//! use match3_app::grid::Grid;
//!
//! let grid = Grid::new(vec!["moves=10..12".parse()?, "goal1=20,40".parse()?])?;
//! assert_eq!(grid.names(), ["moves", "goal1"]);
//! assert_eq!(grid.rows()[..3], [vec![10, 20], vec![10, 40], vec![11, 20]]);
//! assert_eq!(grid.rows().len(), 6);
//! assert!(Grid::new(vec!["moves=1".parse()?, "moves=2".parse()?]).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_levels::{LevelError, Override};
use thiserror::Error;

use crate::level::Opened;
use crate::sweep::Sweep;

/// The most rows (combinations) one grid runs.
pub const MAX_ROWS: usize = 1000;

/// A grid that cannot be made, or a row of it a level cannot take.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GridError {
    /// No sweep.
    #[error("--set: give at least one KEY=VALUES")]
    Empty,
    /// A key set twice.
    #[error(
        "--set {key}: given twice; set each key once (a grid runs every combination of the keys' values)"
    )]
    Twice {
        /// The key as written (`moves`, `goal1`).
        key: String,
    },
    /// More than [`MAX_ROWS`] combinations.
    #[error("--set: {} combinations; a grid runs at most {MAX_ROWS}", counts_text(.counts))]
    TooManyRows {
        /// The number of values of each sweep, in order.
        counts: Vec<usize>,
    },
    /// A value the level refuses for its field, named by its option (`--set moves=0`).
    #[error("{option}: {message}")]
    Value {
        /// The option, as `--set KEY=VALUE`.
        option: String,
        /// What is wrong with the value.
        message: String,
    },
    /// A row the level refuses as a whole, named by every option of the row.
    #[error("{options}: {source}")]
    Row {
        /// The row's options, as `--set KEY=VALUE …`.
        options: String,
        /// What the level says.
        #[source]
        source: LevelError,
    },
}

/// `100 x 11`: the counts of values, as the message shows them.
fn counts_text(counts: &[usize]) -> String {
    (counts.iter())
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(" x ")
}

/// Several sweeps over different keys of a level, each combination a row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    sweeps: Vec<Sweep>,
}

impl Grid {
    /// The grid of `sweeps`, in the order given: at least one, each key once, at most
    /// [`MAX_ROWS`] combinations.
    pub fn new(sweeps: Vec<Sweep>) -> Result<Grid, GridError> {
        if sweeps.is_empty() {
            return Err(GridError::Empty);
        }
        for (i, sweep) in sweeps.iter().enumerate() {
            if sweeps[..i].iter().any(|s| s.key == sweep.key) {
                return Err(GridError::Twice { key: sweep.name() });
            }
        }
        let rows = (sweeps.iter()).try_fold(1usize, |n, s| n.checked_mul(s.values.len()));
        match rows {
            Some(n) if n <= MAX_ROWS => Ok(Grid { sweeps }),
            _ => Err(GridError::TooManyRows {
                counts: sweeps.iter().map(|s| s.values.len()).collect(),
            }),
        }
    }

    /// The sweeps, in order.
    pub fn sweeps(&self) -> &[Sweep] {
        &self.sweeps
    }

    /// The keys as written (`moves`, `goal1`), in order.
    pub fn names(&self) -> Vec<String> {
        self.sweeps.iter().map(Sweep::name).collect()
    }

    /// Every combination of the values, a value per key in the keys' order, the first
    /// key's varying slowest (as nested loops in the order the keys were given).
    pub fn rows(&self) -> Vec<Vec<u64>> {
        let mut rows = vec![Vec::new()];
        for sweep in &self.sweeps {
            rows = (rows.iter())
                .flat_map(|row| {
                    (sweep.values.iter()).map(move |&v| {
                        let mut row = row.clone();
                        row.push(v);
                        row
                    })
                })
                .collect();
        }
        rows
    }

    /// `level` with each key set to its value of `values` (one per key, in order), or
    /// why it cannot be: the values go through the checks the file's own values would (a
    /// move limit of 1 to 10,000, a palette the rules take, spawn weights and goal
    /// colours within it), together, and an error names the option it is about
    /// (`--set moves=0: …`), or every option of the row when it is about their
    /// combination.
    pub fn apply(&self, level: &Opened, values: &[u64]) -> Result<Opened, GridError> {
        assert_eq!(values.len(), self.sweeps.len(), "a value per key");
        let pairs: Vec<(&Sweep, u64)> = self.sweeps.iter().zip(values.iter().copied()).collect();
        let settings: Vec<Override> = pairs.iter().map(|&(s, v)| s.setting(v)).collect();
        let option = |(s, v): (&Sweep, u64)| format!("--set {}={v}", s.name());
        let all: Vec<String> = pairs.iter().copied().map(option).collect();
        let said = |e: LevelError| match e {
            LevelError::Override { field, message, .. } => {
                let at = (pairs.iter().copied()).find(|&(s, v)| s.setting(v).field() == field);
                GridError::Value {
                    option: at.map_or(all.join(" "), option),
                    message,
                }
            }
            other => GridError::Row {
                options: all.join(" "),
                source: other,
            },
        };
        let file = level.file.with_overrides(&settings).map_err(said)?;
        let layout = file.layout(&*level.variant.rules()).map_err(said)?;
        let set = Opened {
            variant: level.variant.clone(),
            file,
            layout,
        };
        // What only a game's start checks (a palette the rules refuse, a goal's colour
        // outside it), before any game runs.
        (set.start(set.variant.rules(), 0)).map_err(|e| said(set.file.setup_error(&e)))?;
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(sets: &[&str]) -> Result<Grid, GridError> {
        Grid::new(sets.iter().map(|s| s.parse().unwrap()).collect())
    }

    #[test]
    fn rows_are_every_combination_the_first_key_slowest() {
        let g = grid(&["moves=1,2", "colors=4..6", "goal1=7"]).unwrap();
        let rows = g.rows();
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[0], [1, 4, 7]);
        assert_eq!(rows[2], [1, 6, 7]);
        assert_eq!(rows[3], [2, 4, 7]);
        assert_eq!(grid(&["moves=3..5"]).unwrap().rows(), [[3], [4], [5]]);
    }

    #[test]
    fn a_combination_is_set_together_and_an_error_names_its_options() {
        let registry = crate::Registry::builtin();
        let text = "rules = \"lines\"\nboard = \"??????/??????/??????/??????\"\nmoves = 5\ncolors = 5\nspawn = { E = 2 }\n[[goals]]\nkind = \"score\"\ntarget = 10\n";
        let file = match3_levels::LevelFile::parse(text, "t.toml").unwrap();
        let level = Opened::open(&registry, file, None).unwrap();
        let g = grid(&["colors=4..6", "moves=7", "goal1=30"]).unwrap();
        let set = g.apply(&level, &[6, 7, 30]).unwrap();
        assert_eq!((set.colors(), set.file.level.moves), (6, Some(7)));
        assert_eq!(
            set.file.level.goals,
            [match3_core::Goal::Score { target: 30 }]
        );
        assert_eq!(
            level.file.level.moves,
            Some(5),
            "the level itself is unchanged"
        );
        let zero = g.apply(&level, &[5, 0, 30]).unwrap_err().to_string();
        assert_eq!(zero, "--set moves=0: a move limit must be at least 1");
        // A palette without the spawn weights' E: the file's line, with the whole row.
        let four = g.apply(&level, &[4, 7, 30]).unwrap_err().to_string();
        assert!(
            four.starts_with("--set colors=4 --set moves=7 --set goal1=30: t.toml:5: spawn"),
            "{four}"
        );
    }

    #[test]
    fn a_key_twice_or_too_many_rows_are_refused() {
        let twice = grid(&["goal2=1", "moves=1", "goal2=3"])
            .unwrap_err()
            .to_string();
        assert!(twice.starts_with("--set goal2: given twice"), "{twice}");
        let big = grid(&["moves=1..100", "goal1=1..11"])
            .unwrap_err()
            .to_string();
        assert_eq!(
            big,
            "--set: 100 x 11 combinations; a grid runs at most 1000"
        );
        assert!(grid(&["moves=1..100", "goal1=1..10"]).is_ok());
        assert!(Grid::new(Vec::new()).is_err());
    }
}
