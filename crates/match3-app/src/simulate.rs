//! Simulating: one request ([`SimulateRequest`]: what the games start from, the bot,
//! how many games and moves, a precision to reach on a level, the deals to solve, a
//! shard) with one validation, run the same way by the command line (`simulate`) and
//! Python (`match3.simulate`), so that the same request gives the same numbers or the
//! same refusal in both.
//!
//! What the games start from is a [`GameRequest`]: a variant's generated boards (its
//! size, palette and blockers) or a level, with the run's base seed; the checks of a
//! game's start are its checks.
//!
//! ```
//! use match3_app::Registry;
//! use match3_app::report::Workers;
//! use match3_app::simulate::SimulateRequest;
//! use match3_app::start::GameRequest;
//!
//! let registry = Registry::builtin();
//! let request = SimulateRequest { games: 4, ..SimulateRequest::new(GameRequest::rules("lines")) };
//! let run = request.run(&registry, Workers::quiet(1), &mut |_, _| {})?;
//! assert_eq!(run.summary(false).value()["games"], 4);
//!
//! let refused = SimulateRequest { precision: Some(0.1), ..request };
//! assert_eq!(
//!     refused.run(&registry, Workers::quiet(1), &mut |_, _| {}).unwrap_err().to_string(),
//!     "precision needs a level: it narrows a pass rate"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_bots::{BotKind, Plan, Report, Shard};
use match3_core::MAX_SIDE;
use match3_levels::MAX_MOVES;
use thiserror::Error;

use crate::deals::{DealBudget, Deals, DrawsPieces};
use crate::level::Opened;
use crate::registry::Registry;
use crate::report::{self, EachGame, Header, LevelRow, RunError, Workers};
use crate::start::{GameRequest, StartError, Target};
use crate::summary::Summary;
use crate::variant::Variant;

/// A simulation to run: see the [module docs](self).
#[derive(Clone, Debug)]
pub struct SimulateRequest {
    /// What each game starts from (generated boards of a variant, or a level; no given
    /// board), its `seed` the run's base seed.
    pub game: GameRequest,
    /// The bot.
    pub bot: BotKind,
    /// Games to play.
    pub games: u32,
    /// Each game's move limit (at most [`MAX_MOVES`]; a level's own limit replaces it).
    pub moves: u32,
    /// On a level: play blocks of games until the pass rate's 95% interval is at most
    /// this either side (above 0, at most 0.5).
    pub precision: Option<f64>,
    /// On a level of rules that draw no piece: solve each deal within this budget.
    pub solve: Option<DealBudget>,
    /// Play only this shard of the games (what `merge` puts together).
    pub shard: Option<Shard>,
}

/// A simulation that cannot run: what was wrong with its request, or why its games
/// could not be played.
#[derive(Debug, Error)]
pub enum SimulateError {
    /// What the games start from was refused.
    #[error(transparent)]
    Start(#[from] StartError),
    /// A given board.
    #[error("a simulation plays generated boards or a level: give no board")]
    Board,
    /// A move limit past [`MAX_MOVES`].
    #[error("moves {0}: give at most {MAX_MOVES}")]
    Moves(u32),
    /// A precision out of range.
    #[error(
        "precision {0}: give the interval's half-width as a fraction above 0 and at most 0.5 (0.02 is ±2 points)"
    )]
    Precision(f64),
    /// A precision, or deals to solve, without a level.
    #[error("{0} needs a level: it {1}")]
    NeedsLevel(&'static str, &'static str),
    /// A precision, or deals to solve, on a shard.
    #[error("{0} plays the whole run: give no shard")]
    Shard(&'static str),
    /// Deals to solve on rules that draw pieces.
    #[error(transparent)]
    Deals(#[from] DrawsPieces),
    /// The games could not be played.
    #[error(transparent)]
    Run(#[from] RunError),
}

/// Whether `p` is a precision a run can aim for: above 0 and at most 0.5.
pub fn precision_in_range(p: f64) -> bool {
    p > 0.0 && p <= 0.5
}

/// What a checked request plays: a variant's generated boards or a level, with the plan.
#[derive(Clone, Debug)]
pub enum Subject {
    /// Generated boards of a variant.
    Variant(Variant, Plan),
    /// A level.
    Level(Box<Opened>, Plan),
}

impl Subject {
    /// The plan.
    pub fn plan(&self) -> Plan {
        match self {
            Subject::Variant(_, plan) | Subject::Level(_, plan) => *plan,
        }
    }
}

/// A simulation run: what it played, what happened, and on a level what its deals and
/// a measured run say.
#[derive(Clone, Debug)]
pub struct Simulation {
    /// The rules, and the level's name and file.
    pub header: Header,
    /// The level played, if any.
    pub level: Option<Opened>,
    /// The plan it ran (its `games` those played, after a precision).
    pub plan: Plan,
    /// What happened.
    pub report: Report,
    /// A level's measured row (not for a shard: `merge` completes those).
    pub row: Option<LevelRow>,
    /// What a level's deals were.
    pub deals: Option<Deals>,
    /// The shard played.
    pub shard: Option<Shard>,
}

impl Simulation {
    /// The `simulate --json` object; wall-clock fields only with `timing`.
    pub fn summary(&self, timing: bool) -> Summary {
        let mut summary = Summary::new(&self.header, &self.plan, &self.report, timing);
        if let Some(deals) = &self.deals {
            let games = self.report.stats.games;
            summary = summary.with_deals(deals, games, self.shard.is_some());
        }
        match &self.row {
            Some(row) => summary.with_measured(row),
            None => summary,
        }
    }
}

impl SimulateRequest {
    /// 50 greedy games of at most 50 moves from `game`: the command line's defaults.
    pub fn new(game: GameRequest) -> SimulateRequest {
        SimulateRequest {
            game,
            bot: BotKind::Greedy,
            games: 50,
            moves: 50,
            precision: None,
            solve: None,
            shard: None,
        }
    }

    /// What the request plays, checked, without playing it.
    pub fn target(&self, registry: &Registry) -> Result<Subject, SimulateError> {
        if self.game.board.is_some() {
            return Err(SimulateError::Board);
        }
        if self.moves > MAX_MOVES {
            return Err(SimulateError::Moves(self.moves));
        }
        self.check_level_only(self.game.level.is_some())?;
        let game = &self.game;
        match game.target(registry, MAX_SIDE)? {
            Target::Level(level) => {
                let plan = report::level_plan(&level, self.bot, self.games, self.moves, game.seed);
                Ok(Subject::Level(level, plan))
            }
            Target::Generated(variant, config) => {
                let plan = Plan {
                    config,
                    bot: self.bot,
                    games: self.games,
                    moves: self.moves,
                };
                Ok(Subject::Variant(variant, plan))
            }
            Target::Board(..) => unreachable!("no board was given"),
        }
    }

    /// The precision and the deals to solve: on a level, for the whole run.
    fn check_level_only(&self, level: bool) -> Result<(), SimulateError> {
        if let Some(p) = self.precision.filter(|&p| !precision_in_range(p)) {
            return Err(SimulateError::Precision(p));
        }
        let asked = [
            (self.precision.is_some(), "precision", "narrows a pass rate"),
            (self.solve.is_some(), "solve", "solves a level's deals"),
        ];
        for (_, what, does) in asked.into_iter().filter(|(asked, ..)| *asked) {
            if !level {
                return Err(SimulateError::NeedsLevel(what, does));
            }
            if self.shard.is_some() {
                return Err(SimulateError::Shard(what));
            }
        }
        Ok(())
    }

    /// Checks the request and plays it, calling `each_game` with each game in order.
    pub fn run(
        &self,
        registry: &Registry,
        workers: Workers<'_>,
        each_game: EachGame<'_>,
    ) -> Result<Simulation, SimulateError> {
        self.run_target(self.target(registry)?, workers, each_game)
    }

    /// Plays `subject`, the request's checked [`target`](Self::target) (which a
    /// program may look at first, as Python does to word its own checks).
    pub fn run_target(
        &self,
        subject: Subject,
        workers: Workers<'_>,
        each_game: EachGame<'_>,
    ) -> Result<Simulation, SimulateError> {
        let shard = self.shard.unwrap_or(Shard::WHOLE);
        let (level, plan) = match subject {
            Subject::Variant(variant, plan) => {
                let label = variant.name();
                let report = report::run(&variant, plan, shard, workers, label, each_game)?;
                return Ok(Simulation {
                    header: Header::variant(&variant),
                    level: None,
                    plan,
                    report,
                    row: None,
                    deals: None,
                    shard: self.shard,
                });
            }
            Subject::Level(level, plan) => (level, plan),
        };
        let mut deals = Deals::new(&level, self.solve)?;
        let mut each = |i: u32, game: &match3_bots::GameStats| {
            deals.add(game);
            each_game(i, game);
        };
        let (plan, report, row) = self.play_level(&level, plan, shard, workers, &mut each)?;
        Ok(Simulation {
            header: Header::level(&level),
            level: Some(*level),
            plan,
            report,
            row,
            deals: Some(deals),
            shard: self.shard,
        })
    }

    /// A level's games: measured (to the precision, when asked), or a shard of them.
    fn play_level(
        &self,
        level: &Opened,
        plan: Plan,
        shard: Shard,
        workers: Workers<'_>,
        each_game: EachGame<'_>,
    ) -> Result<(Plan, Report, Option<LevelRow>), RunError> {
        let label = &level.file.name;
        if self.shard.is_some() {
            let report = report::run_level(level, plan, shard, workers, label, each_game)?;
            return Ok((plan, report, None));
        }
        let each = &mut |_, i, game: &_| each_game(i, game);
        let bots = [plan.bot];
        let mut rows =
            report::measure_level(level, plan, &bots, self.precision, workers, label, each)?;
        let row = rows.pop().expect("a row per bot");
        Ok((row.plan, row.report.clone(), Some(row)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refusal(request: SimulateRequest) -> String {
        let registry = Registry::builtin();
        let run = request.run(&registry, Workers::quiet(1), &mut |_, _| {});
        run.unwrap_err().to_string()
    }

    fn level() -> GameRequest {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../levels/01-first-steps.toml"
        );
        GameRequest {
            level: Some(crate::start::LevelSource::File(path.into())),
            ..GameRequest::default()
        }
    }

    #[test]
    fn a_precision_out_of_range_is_refused_before_any_game() {
        for p in [0.0, -0.1, 0.51, f64::NAN, f64::INFINITY] {
            let request = SimulateRequest {
                precision: Some(p),
                ..SimulateRequest::new(level())
            };
            assert_eq!(
                refusal(request),
                format!(
                    "precision {p}: give the interval's half-width as a fraction above 0 and at most 0.5 (0.02 is ±2 points)"
                )
            );
        }
    }

    #[test]
    fn what_a_simulation_would_ignore_is_refused() {
        let blockers = GameRequest {
            blockers: 10,
            ..GameRequest::rules("clusters-drop")
        };
        assert_eq!(
            refusal(SimulateRequest::new(blockers)),
            "blockers 10: the clusters-drop rules generate no blockers (their boards start empty)"
        );
        let board = GameRequest::rules("finite").board("teaching");
        assert_eq!(
            refusal(SimulateRequest::new(board)),
            "a simulation plays generated boards or a level: give no board"
        );
        let sized = GameRequest {
            size: Some(match3_core::Size::new(6, 6).unwrap()),
            ..level()
        };
        assert_eq!(
            refusal(SimulateRequest::new(sized)),
            "size: a level sets its own size, colours and blockers"
        );
        let solve = SimulateRequest {
            solve: Some(DealBudget {
                nodes: 10,
                time: std::time::Duration::from_secs(1),
            }),
            ..SimulateRequest::new(GameRequest::rules("finite"))
        };
        assert_eq!(
            refusal(solve),
            "solve needs a level: it solves a level's deals"
        );
        let sharded = SimulateRequest {
            precision: Some(0.1),
            shard: Some(Shard::new(0, 2).unwrap()),
            ..SimulateRequest::new(level())
        };
        assert_eq!(
            refusal(sharded),
            "precision plays the whole run: give no shard"
        );
        let long = SimulateRequest {
            moves: MAX_MOVES + 1,
            ..SimulateRequest::new(GameRequest::rules("lines"))
        };
        assert_eq!(refusal(long), "moves 10001: give at most 10000");
    }

    #[test]
    fn a_level_run_is_measured_and_knows_its_deals() {
        let request = SimulateRequest {
            games: 6,
            ..SimulateRequest::new(level())
        };
        let run = request.run(&Registry::builtin(), Workers::quiet(2), &mut |_, _| {});
        let json = run.unwrap().summary(false).value();
        assert_eq!(json["level"], "First steps");
        assert_eq!(json["games_played"], 6);
        assert_eq!(json["deterministic"], false);
        assert!(json["pass_rate_low"].is_number());
    }
}
