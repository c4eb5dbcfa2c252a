//! Where a level's unmet goals stayed on the board: per cell, how many lost games ended
//! with jelly or a crate that an unmet goal counts still on it (the heat map of
//! `simulate --level FILE --plot-leftover`).

use match3_core::{Board, Goal, GoalProgress, Pos, Size};

use crate::simulate::{Ending, GameStats};

/// Row masks (bit `c` of row `r` is the cell `(r, c)`) of the cells of `board` that hold
/// what one of `goals` counts on the board: jelly for a jelly goal, a crate for a crates
/// goal. Empty when none of them counts anything there (score and collect goals).
///
/// ```
/// use match3_bots::goal_cells;
/// use match3_core::{Board, Goal};
///
/// let board: Board = "A~B%/CA~B".parse()?;
/// assert_eq!(goal_cells(&board, [Goal::Jelly]), [0b001, 0b010]);
/// assert_eq!(goal_cells(&board, [Goal::Jelly, Goal::Crates]), [0b101, 0b010]);
/// assert!(goal_cells(&board, [Goal::Score { target: 9 }]).is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn goal_cells(board: &Board, goals: impl IntoIterator<Item = Goal>) -> Vec<u32> {
    let (mut jelly, mut crates) = (false, false);
    for goal in goals {
        jelly |= goal == Goal::Jelly;
        crates |= goal == Goal::Crates;
    }
    if !jelly && !crates {
        return Vec::new();
    }
    let row = |masks: &[u32], on: bool, r: usize| if on { masks[r] } else { 0 };
    (0..board.rows())
        .map(|r| row(board.jelly_rows(), jelly, r) | row(board.crate_rows(), crates, r))
        .collect()
}

/// The [`goal_cells`] of the goals of `goals` still unmet: what a lost game left.
pub(crate) fn unmet_cells(board: &Board, goals: &[GoalProgress]) -> Vec<u32> {
    goal_cells(board, goals.iter().filter(|g| !g.done).map(|g| g.goal))
}

/// Per cell of a level's board, the lost games that ended with an unmet goal's jelly or
/// crate on it ([`GameStats::unmet_cells`]): fed each game of a run, in any order.
///
/// ```
/// use match3_bots::{Ending, GameStats, Leftover};
/// use match3_core::{Pos, Size};
///
/// let mut left = Leftover::new(Size::new(2, 3)?);
/// let lost = |cells| GameStats { ending: Ending::Lost, unmet_cells: cells, ..GameStats::default() };
/// left.add(&lost(vec![0b001, 0b000]));
/// left.add(&lost(vec![0b101, 0b000]));
/// left.add(&lost(Vec::new())); // lost on a goal the board does not hold
/// left.add(&GameStats { ending: Ending::Won, ..GameStats::default() });
/// assert_eq!(left.lost(), 3);
/// assert_eq!(left.count(Pos::new(0, 0)), 2);
/// assert_eq!(left.share(Pos::new(0, 2)), 1.0 / 3.0);
/// assert_eq!(left.share(Pos::new(1, 1)), 0.0);
/// # Ok::<(), match3_core::SizeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leftover {
    size: Size,
    lost: u64,
    /// Row-major, a count per cell.
    counts: Vec<u64>,
}

impl Leftover {
    /// No game yet, on a board of `size`.
    pub fn new(size: Size) -> Leftover {
        Leftover {
            size,
            lost: 0,
            counts: vec![0; size.cells()],
        }
    }

    /// Adds one game: a lost game counts, and so does each cell it left a goal's piece
    /// on (cells off a board of this size are not counted).
    pub fn add(&mut self, game: &GameStats) {
        if game.ending != Ending::Lost {
            return;
        }
        self.lost += 1;
        let cols = self.size.cols();
        for (r, &mask) in game.unmet_cells.iter().enumerate().take(self.size.rows()) {
            for c in (0..cols).filter(|&c| mask >> c & 1 == 1) {
                self.counts[r * cols + c] += 1;
            }
        }
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The lost games counted.
    pub fn lost(&self) -> u64 {
        self.lost
    }

    /// The lost games that ended with an unmet goal's piece on `pos` (0 off the board).
    pub fn count(&self, pos: Pos) -> u64 {
        if !self.size.contains(pos) {
            return 0;
        }
        self.counts[usize::from(pos.row) * self.size.cols() + usize::from(pos.col)]
    }

    /// [`count`](Leftover::count) as a share of the lost games (0 without one).
    pub fn share(&self, pos: Pos) -> f64 {
        match self.lost {
            0 => 0.0,
            lost => self.count(pos) as f64 / lost as f64,
        }
    }
}
