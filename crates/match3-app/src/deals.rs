//! Deal luck on a level: whether each game's deal could be won at all (`simulate --level
//! --solve`, for rules that draw no piece), the pass rate on the winnable deals alone,
//! and whether a level's games are one game repeated (a fixed deal played the same way).
//!
//! Each deal's search has a node budget (the same answer on every machine) and a time
//! budget (so a huge board cannot hold a run for minutes a deal). A deal the time budget
//! cut short counts as unknown, and the output says how many were: only then does the
//! result depend on the machine's speed.

use std::time::Duration;

use match3_bots::{Ending, GameStats, wilson};
use match3_core::Move;
use match3_solver::{Limits, Objective};
use serde_json::Value;
use thiserror::Error;

use crate::level::Opened;
use crate::summary::{DealSummary, SolvedDeals, round4};

/// The solver's budget for each deal of `simulate --level --solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealBudget {
    /// Positions expanded at most.
    pub nodes: u64,
    /// Time at most.
    pub time: Duration,
}

/// What the games of a level run said about their deals.
#[derive(Clone, Debug)]
pub struct Deals {
    level: Opened,
    /// Solve each deal, within this budget.
    solve: Option<DealBudget>,
    /// The deal is the same in every game: no random cells, no piece ever drawn.
    fixed: bool,
    /// The first game's line, and whether every game so far played it.
    first_line: Option<Vec<Move>>,
    same_line: bool,
    /// The fixed deal's verdict, once solved.
    fixed_verdict: Option<Verdict>,
    counts: DealCounts,
}

/// What the solver said of a run's deals, a game at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealCounts {
    /// Games whose deal can be won (the solver won it, or the bot did).
    pub winnable: u64,
    /// Games whose deal the solver proved cannot be won.
    pub unwinnable: u64,
    /// Games whose deal no budget decided (and the bot lost).
    pub unknown: u64,
    /// Of the unknown, those the time budget cut short before the node budget: only
    /// they make the result depend on the machine's speed.
    pub timed_out: u64,
    /// Games won of the winnable.
    pub won_winnable: u64,
}

impl DealCounts {
    /// The pass rate on the winnable deals (0 without one) and its Wilson 95% interval.
    pub fn pass_rate_of_winnable(&self) -> (f64, f64, f64) {
        let (low, high) = wilson(self.won_winnable, self.winnable);
        let rate = match self.winnable {
            0 => 0.0,
            n => self.won_winnable as f64 / n as f64,
        };
        (rate, low, high)
    }
}

/// Deals solved on rules that draw new pieces: their outcome is not known in advance.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("--solve: the {rules} rules draw new pieces, so a deal's outcome is not known in advance")]
pub struct DrawsPieces {
    /// The variant.
    pub rules: String,
}

/// A deal's verdict: winnable or not, or unknown (and whether time cut the search).
#[derive(Clone, Copy, Debug)]
enum Verdict {
    Known(bool),
    Unknown { timed_out: bool },
}

impl Deals {
    /// For `level`; with `solve`, each deal is solved within that budget.
    pub fn new(level: &Opened, solve: Option<DealBudget>) -> Result<Deals, DrawsPieces> {
        let draws = level.variant.draws_pieces();
        if solve.is_some() && draws {
            return Err(DrawsPieces {
                rules: level.variant.name().to_string(),
            });
        }
        Ok(Deals {
            level: level.clone(),
            solve,
            fixed: !draws && level.layout.random.is_empty(),
            first_line: None,
            same_line: true,
            fixed_verdict: None,
            counts: DealCounts::default(),
        })
    }

    /// Adds one game (in game order).
    pub fn add(&mut self, game: &GameStats) {
        match &self.first_line {
            None => self.first_line = Some(game.line.clone()),
            Some(line) => self.same_line &= *line == game.line,
        }
        let Some(budget) = self.solve else { return };
        let won = game.ending == Ending::Won;
        let verdict = match self.fixed_verdict {
            Some(verdict) => verdict,
            None => self.verdict(game.seed, budget),
        };
        if self.fixed {
            self.fixed_verdict = Some(verdict);
        }
        let counts = &mut self.counts;
        match (verdict, won) {
            (Verdict::Known(true), _) | (Verdict::Unknown { .. }, true) => {
                counts.winnable += 1;
                counts.won_winnable += u64::from(won);
            }
            (Verdict::Known(false), _) => counts.unwinnable += 1,
            (Verdict::Unknown { timed_out }, false) => {
                counts.unknown += 1;
                counts.timed_out += u64::from(timed_out);
            }
        }
    }

    /// What the solver said of the deals so far; `None` unless solving.
    pub fn counts(&self) -> Option<DealCounts> {
        self.solve.map(|_| self.counts)
    }

    /// Whether the deal of game seed `seed` can be won, or unknown when a budget ran out.
    fn verdict(&self, seed: u64, budget: DealBudget) -> Verdict {
        let unknown = Verdict::Unknown { timed_out: false };
        let Ok(game) = self.level.start(self.level.variant.rules(), seed) else {
            return unknown;
        };
        let limits = Limits {
            max_nodes: budget.nodes,
            max_time: Some(budget.time),
        };
        let Ok(found) = match3_solver::solve(&game, Objective::Win, limits) else {
            return unknown;
        };
        match (&found.moves, found.optimal) {
            (Some(_), _) => Verdict::Known(true),
            (None, true) => Verdict::Known(false),
            // The node budget not spent: time ended the search.
            (None, false) => Verdict::Unknown {
                timed_out: found.nodes < budget.nodes,
            },
        }
    }

    /// Whether the run was one game repeated: a fixed deal every game played alike.
    pub fn one_game(&self, games: u64) -> bool {
        self.fixed && self.same_line && games > 1
    }

    /// What the deals were, for a level run's [`Summary`](crate::summary::Summary):
    /// whether the deal is fixed, with `--solve` the deal counts and the pass rate on
    /// winnable deals, and for a `shard` of a fixed deal what `merge` needs to tell
    /// whether all its shards played one game (`same_line` and `first_line`).
    pub fn summary(&self, shard: bool) -> DealSummary {
        let lines = shard && self.fixed;
        let first = self.first_line.iter().flatten().map(|m| m.to_string());
        DealSummary {
            deterministic: self.fixed,
            same_line: lines.then_some(self.same_line),
            first_line: lines.then(|| first.collect()),
            solved: self.solve.map(|_| self.solved()),
        }
    }

    /// The deal counts of `--solve`.
    fn solved(&self) -> SolvedDeals {
        let c = &self.counts;
        let (rate, low, high) = c.pass_rate_of_winnable();
        SolvedDeals {
            winnable_deals: c.winnable,
            unwinnable_deals: c.unwinnable,
            unknown_deals: c.unknown,
            // Only when it happened, so that runs the nodes decided print as they did.
            unknown_deals_timed_out: (c.timed_out > 0).then_some(c.timed_out),
            pass_rate_of_winnable: round4(rate),
            pass_rate_of_winnable_low: round4(low),
            pass_rate_of_winnable_high: round4(high),
        }
    }

    /// The same, as lines of text.
    pub fn text(&self, games: u64) -> String {
        let mut out = String::new();
        if self.one_game(games) {
            out += "deal         fixed (no random cells, no piece drawn), and every game played the same line: one game, no interval\n";
        }
        if let Some(c) = self.counts() {
            let (_, low, high) = c.pass_rate_of_winnable();
            let timed = match c.timed_out {
                0 => String::new(),
                n => format!(" ({n} cut short by the time budget: machine-dependent)"),
            };
            out += &format!(
                "deals        {} winnable, {} cannot be won, {} unknown{timed}; won {} of the winnable (95% {:.1}–{:.1}%)\n",
                c.winnable,
                c.unwinnable,
                c.unknown,
                c.won_winnable,
                100.0 * low,
                100.0 * high
            );
        }
        out
    }
}

/// For `merge`: whether shards of a fixed deal all played one line (and more than one
/// game in all). Each shard says whether its games played alike and its first line.
pub fn shards_one_game<'v>(shards: impl Iterator<Item = &'v Value>, games: u64) -> bool {
    let mut first: Option<&Value> = None;
    for v in shards {
        if v["deterministic"] != true || v["same_line"] != true {
            return false;
        }
        match first {
            None => first = Some(&v["first_line"]),
            Some(line) if *line != v["first_line"] => return false,
            Some(_) => {}
        }
    }
    first.is_some() && games > 1
}
