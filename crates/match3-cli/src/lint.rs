//! `match3 lint LEVEL...`: what a level file allows that its designer probably did not
//! mean. Each warning names the file, the line and the field, like an error, but the level
//! still plays. Whether wins fall below the first star, and `--suggest-stars`'s
//! thresholds, come from simulated greedy games; on rules that draw no piece, the exact
//! solver also proves deals unwinnable (the fixed deal, or the share of the first deals
//! of a seeded one) and gives the best score a fixed deal allows.

use std::time::{Duration, Instant};

use match3_bots::{BotKind, Plan, Shard, game_seed};
use match3_core::{Game, GameConfig, Goal};
use match3_solver::{Limits, Objective, Solution};

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
pub fn lint(level: &Opened, wins: &[u64], deals: Option<&DealCheck>) -> Vec<Warning> {
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
        .chain(deals.and_then(|d| d.warning(level)))
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
    let workers = report::Workers::quiet(0);
    report::run_level(level, plan, Shard::WHOLE, workers, "lint", &mut each)
        .map_err(|e| e.to_string())?;
    wins.sort_unstable();
    Ok(wins)
}

/// One suggested star threshold and what it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Threshold {
    /// The score, rounded down to two significant digits.
    pub score: u64,
    /// What it is: `p10`, `median`, `p90` (of the simulated wins) or `best` (the
    /// solver's best winning score of a fixed deal).
    pub basis: &'static str,
    /// The 95% interval of the quantile it rounds (the best score is exact).
    pub low: u64,
    /// Its high end.
    pub high: u64,
}

/// Star thresholds from winning scores (lowest first): one star at the 10th percentile,
/// two at the median, three at the 90th percentile, each with the 95% interval of that
/// quantile (from the order statistics, so it narrows as games grow) and rounded down to
/// two significant digits; with `best` (the solver's best winning score, proven), three
/// stars there. `None` without a win.
pub fn suggest_stars(wins: &[u64], best: Option<u64>) -> Option<Vec<Threshold>> {
    if wins.is_empty() {
        return None;
    }
    let quantile = |p: f64, basis| {
        let n = wins.len() as f64;
        // Ranks of a normal approximation to the binomial count below the quantile.
        let spread = 1.96 * (n * p * (1.0 - p)).sqrt();
        let rank = |r: f64| wins[(r.floor().max(0.0) as usize).min(wins.len() - 1)];
        Threshold {
            score: round_down(rank((n - 1.0) * p)),
            basis,
            low: rank(n * p - spread - 1.0),
            high: rank(n * p + spread),
        }
    };
    let three = match best {
        Some(best) => Threshold {
            score: best,
            basis: "best",
            low: best,
            high: best,
        },
        None => quantile(0.9, "p90"),
    };
    Some(vec![quantile(0.1, "p10"), quantile(0.5, "median"), three])
}

/// The words for a threshold's basis, in the text.
pub fn basis_text(t: &Threshold, games: u32) -> String {
    let of = format!("of the wins in {games} greedy games");
    match t.basis {
        "best" => "the best winning score (the solver's, proven)".to_string(),
        "p10" => format!("the 10th percentile {of}, 95% {}–{}", t.low, t.high),
        "median" => format!("the median {of}, 95% {}–{}", t.low, t.high),
        _ => format!("the 90th percentile {of}, 95% {}–{}", t.low, t.high),
    }
}

/// The solver's budget for `lint`'s deal checks.
#[derive(Clone, Copy, Debug)]
pub struct SolveBudget {
    /// Deals of a seeded level to solve (a fixed deal is one).
    pub deals: u32,
    /// Positions per deal at most.
    pub nodes: u64,
    /// Time for all the deals at most.
    pub time: Duration,
}

/// What the solver found about a no-refill level's deals.
#[derive(Clone, Debug, Default)]
pub struct DealCheck {
    /// The deal is fixed (one deal).
    pub fixed: bool,
    /// Deals looked at.
    pub deals: u32,
    /// Of those, proven unwinnable.
    pub unwinnable: u32,
    /// Of those, left unknown by the budget.
    pub unknown: u32,
    /// Positions expanded in all.
    pub nodes: u64,
    /// The seed the deals were drawn from (as `simulate --seed` draws them).
    pub seed: u64,
    /// A fixed deal's best winning score, when it can be won and it was proven.
    pub best: Option<u64>,
}

/// Solves the deals of `level` (rules that draw no piece, with goals; `None` otherwise):
/// the fixed deal, or the first `budget.deals` deals `simulate --seed seed` plays, each
/// for a win within the budget, and a fixed winnable deal for its best score.
pub fn check_deals(
    level: &Opened,
    seed: u64,
    budget: SolveBudget,
) -> Result<Option<DealCheck>, String> {
    if level.variant.draws_pieces() || level.file.level.goals.is_empty() {
        return Ok(None);
    }
    let fixed = level.layout.random.is_empty();
    let mut check = DealCheck {
        fixed,
        seed,
        ..DealCheck::default()
    };
    let deals = if fixed { 1 } else { budget.deals.max(1) };
    let start = Instant::now();
    for i in 0..deals {
        let left = budget.time.saturating_sub(start.elapsed());
        let limits = Limits {
            max_nodes: budget.nodes,
            max_time: Some(left / (deals - i)),
        };
        let game = level.game(game_seed(seed, i)).map_err(|e| e.to_string())?;
        let found = solve(&game, Objective::Win, limits)?;
        check.deals += 1;
        check.nodes += found.nodes;
        match (&found.moves, found.optimal) {
            (None, true) => check.unwinnable += 1,
            (None, false) => check.unknown += 1,
            (Some(_), _) if fixed => {
                let best = solve(&game, Objective::LevelScore, limits)?;
                check.best = best.optimal.then_some(best.score);
            }
            _ => {}
        }
    }
    Ok(Some(check))
}

/// The solver on one deal (with the bound of the rules' scoring part).
fn solve(
    game: &Game<crate::variant::SharedRules>,
    objective: Objective,
    limits: Limits,
) -> Result<Solution, String> {
    match3_solver::solve(game, objective, limits).map_err(|e| e.to_string())
}

impl DealCheck {
    /// The warning when deals were proven unwinnable, at the move limit (or the goals).
    fn warning(&self, level: &Opened) -> Option<(String, String)> {
        if self.unwinnable == 0 {
            return None;
        }
        let l = &level.file.level;
        let field = if l.moves.is_some() { "moves" } else { "goals" };
        let limit = match l.moves {
            Some(1) => "1 move".to_string(),
            Some(m) => format!("{m} moves"),
            None => "any number of moves".to_string(),
        };
        let message = if self.fixed {
            format!(
                "the deal cannot be won: no line of {limit} meets every goal (proven by the solver in {} nodes)",
                self.nodes
            )
        } else {
            let unknown = match self.unknown {
                0 => String::new(),
                n => format!("; {n} more unknown within the budget"),
            };
            format!(
                "{} of the first {} deals of seed {} cannot be won: no line of {limit} meets every goal (proven by the solver{unknown})",
                self.unwinnable, self.deals, self.seed
            )
        };
        Some((field.to_string(), message))
    }
}

/// `n` rounded down to two significant digits (1,234 → 1,200).
fn round_down(n: u64) -> u64 {
    let mut unit = 1;
    while n / unit >= 100 {
        unit *= 10;
    }
    n / unit * unit
}
