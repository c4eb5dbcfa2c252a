//! `match3 lint LEVEL...`: what a level file allows that its designer probably did not
//! mean. Each warning names the file, the line and the field, like an error, but the level
//! still plays. Whether wins fall below the first star, and `--suggest-stars`'s
//! thresholds, come from simulated greedy games.

use match3_bots::{BotKind, Plan, Shard};
use match3_core::{GameConfig, Goal};

use crate::level::Opened;
use crate::report;

/// A finding: where, and what.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The file.
    pub file: String,
    /// 1-based line (0 when the finding has none).
    pub line: usize,
    /// The field (`stars`, `goals[1]`, `colors`, …).
    pub field: String,
    /// What may be wrong.
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: {}: warning: {}",
            self.file, self.line, self.field, self.message
        )
    }
}

/// Every warning for `level`; `wins` are winning scores of simulated games (see
/// [`winning_scores`]), which show whether wins below the first star happen when no
/// score goal rules them out.
pub fn lint(level: &Opened, wins: &[u64]) -> Vec<Warning> {
    let warn = |field: &str, message: String| {
        let located = level.file.error(field, "");
        let line = match located {
            match3_levels::LevelError::Invalid { line, .. } => line,
            match3_levels::LevelError::Read { .. } | match3_levels::LevelError::Override { .. } => {
                0
            }
        };
        Warning {
            file: level.file.file.clone(),
            line,
            field: field.to_string(),
            message,
        }
    };
    let mut out = Vec::new();
    for (field, message) in (stars(level, wins).into_iter())
        .chain(empty_goals(level))
        .chain(spawn_misses(level))
        .chain(runaway_palette(level))
    {
        out.push(warn(&field, message));
    }
    out
}

/// Star thresholds a win can miss, and thresholds that give two stars at once.
fn stars(level: &Opened, wins: &[u64]) -> Vec<(String, String)> {
    let l = &level.file.level;
    let Some(&first) = l.stars.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let target = (l.goals.iter()).find_map(|g| match g {
        Goal::Score { target } => Some(*target),
        _ => None,
    });
    let win = |why: String| ("stars".to_string(), why);
    match target {
        Some(t) if t < first => out.push(win(format!(
            "a win can score {t} (the score goal), below the first star threshold {first}: it earns 0 stars"
        ))),
        None => {
            let below = wins.iter().filter(|&&w| w < first).count();
            if below > 0 {
                out.push(win(format!(
                    "{below} of {} simulated wins scored below the first star threshold {first} (lowest {}): they earn 0 stars",
                    wins.len(),
                    wins.iter().min().copied().unwrap_or(0)
                )));
            }
        }
        _ => {}
    }
    for pair in l.stars.windows(2).filter(|w| w[0] == w[1]) {
        out.push(win(format!(
            "two thresholds are {}: those stars always come together",
            pair[0]
        )));
    }
    out
}

/// Goals met before the first move.
fn empty_goals(level: &Opened) -> Vec<(String, String)> {
    (level.file.level.goals.iter().enumerate())
        .filter(|(_, g)| {
            matches!(
                g,
                Goal::Score { target: 0 } | Goal::Collect { count: 0, .. }
            )
        })
        .map(|(i, g)| {
            (
                format!("goals[{i}]"),
                format!("\"{g}\" needs nothing: it is met before the first move"),
            )
        })
        .collect()
}

/// Collect goals whose colour the spawn weights never produce and the board cannot cover.
fn spawn_misses(level: &Opened) -> Vec<(String, String)> {
    let l = &level.file.level;
    let Some(spawn) = &l.spawn else {
        return Vec::new();
    };
    let on_board = |color| {
        (level.layout.board.iter())
            .filter(|(_, c)| c.color() == Some(color))
            .count() as u64
    };
    (l.goals.iter().enumerate())
        .filter_map(|(i, g)| match *g {
            Goal::Collect { color, count } => {
                let weight = spawn.weights().get(usize::from(color.index())).copied();
                let never = weight.unwrap_or(0) == 0;
                (never && on_board(color) < u64::from(count)).then(|| {
                    (
                        format!("goals[{i}]"),
                        format!(
                            "collects {count} {color} but the spawn weights never make {color} and the board holds {}",
                            on_board(color)
                        ),
                    )
                })
            }
            _ => None,
        })
        .collect()
}

/// Refilling rules with so few colours that cascades may never settle: a small palette,
/// or spawn weights that leave fewer than three colours to draw (one colour makes every
/// refill match, so every turn cascades to the chain limit).
fn runaway_palette(level: &Opened) -> Vec<(String, String)> {
    const WHY: &str = "refills keep matching, so cascades can run away (a turn is then refused)";
    let colors = level.colors();
    if !level.variant.rules().refills() {
        return Vec::new();
    }
    if colors < 3 {
        let field = if level.file.colors.is_some() {
            "colors"
        } else {
            "board"
        };
        let message = format!("{colors} colours on refilling rules: {WHY}; use 3 or more");
        return vec![(field.to_string(), message)];
    }
    let Some(spawn) = &level.file.level.spawn else {
        return Vec::new();
    };
    let drawn: Vec<String> = (spawn.weights().iter().take(usize::from(colors)))
        .enumerate()
        .filter(|(_, w)| **w > 0)
        .filter_map(|(i, _)| match3_core::Color::new(i as u8).map(|c| c.to_string()))
        .collect();
    if drawn.len() >= 3 {
        return Vec::new();
    }
    let message = format!(
        "the spawn weights draw only {} of the {colors} colours: {WHY}; give 3 or more colours a weight",
        drawn.join(" and ")
    );
    vec![("spawn".to_string(), message)]
}

/// The winning scores of `games` greedy games of `level` with seed `seed`, lowest first.
pub fn winning_scores(level: &Opened, games: u32, seed: u64) -> Result<Vec<u64>, String> {
    let plan = Plan {
        config: GameConfig::new(seed),
        bot: BotKind::Greedy,
        games,
        moves: level.file.level.moves.unwrap_or(50),
    };
    let mut wins = Vec::new();
    let mut each = |_: u32, game: &match3_bots::GameStats| {
        if game.ending == match3_bots::Ending::Won {
            wins.push(game.score);
        }
    };
    report::run_level(level, plan, Shard::WHOLE, 0, "lint", &mut each)?;
    wins.sort_unstable();
    Ok(wins)
}

/// Star thresholds from winning scores (lowest first): one star for every win (the
/// lowest), two at the median, three at the 90th percentile, each rounded down to two
/// significant digits. `None` without a win.
pub fn suggest_stars(wins: &[u64]) -> Option<Vec<u64>> {
    if wins.is_empty() {
        return None;
    }
    let at = |p: usize| wins[(wins.len() - 1) * p / 100];
    let mut stars: Vec<u64> = [at(0), at(50), at(90)]
        .into_iter()
        .map(round_down)
        .collect();
    stars.dedup();
    Some(stars)
}

/// `n` rounded down to two significant digits (1,234 → 1,200).
fn round_down(n: u64) -> u64 {
    let mut unit = 1;
    while n / unit >= 100 {
        unit *= 10;
    }
    n / unit * unit
}
