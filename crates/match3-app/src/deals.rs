//! Deal luck on a level: whether each game's deal could be won at all (`simulate --level
//! --solve`, for rules that draw no piece), the pass rate on the winnable deals alone,
//! and whether a level's games are one game repeated (a fixed deal played the same way).
//!
//! Each deal's search has a node budget (the same answer on every machine) and a time
//! budget (so a huge board cannot hold a run for minutes a deal). A deal the time budget
//! cut short counts as unknown, and the output says how many were: only then does the
//! result depend on the machine's speed.

use std::time::Duration;

use match3_bots::{Ending, Estimate, GameStats, wilson};
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
    winnable: u64,
    unwinnable: u64,
    unknown: u64,
    /// Deals left unknown because the time budget ran out (before the node budget).
    timed_out: u64,
    won_winnable: u64,
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
            winnable: 0,
            unwinnable: 0,
            unknown: 0,
            timed_out: 0,
            won_winnable: 0,
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
        match (verdict, won) {
            (Verdict::Known(true), _) | (Verdict::Unknown { .. }, true) => {
                self.winnable += 1;
                self.won_winnable += u64::from(won);
            }
            (Verdict::Known(false), _) => self.unwinnable += 1,
            (Verdict::Unknown { timed_out }, false) => {
                self.unknown += 1;
                self.timed_out += u64::from(timed_out);
            }
        }
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
        let rate = Estimate::share(self.won_winnable, self.winnable);
        SolvedDeals {
            winnable_deals: self.winnable,
            unwinnable_deals: self.unwinnable,
            unknown_deals: self.unknown,
            // Only when it happened, so that runs the nodes decided print as they did.
            unknown_deals_timed_out: (self.timed_out > 0).then_some(self.timed_out),
            pass_rate_of_winnable: round4(rate.value),
            pass_rate_of_winnable_low: round4(rate.low),
            pass_rate_of_winnable_high: round4(rate.high),
        }
    }

    /// The same, as lines of text.
    pub fn text(&self, games: u64) -> String {
        let mut out = String::new();
        if self.one_game(games) {
            out += "deal         fixed (no random cells, no piece drawn), and every game played the same line: one game, no interval\n";
        }
        if self.solve.is_some() {
            let (low, high) = wilson(self.won_winnable, self.winnable);
            let timed = match self.timed_out {
                0 => String::new(),
                n => format!(" ({n} cut short by the time budget: machine-dependent)"),
            };
            out += &format!(
                "deals        {} winnable, {} cannot be won, {} unknown{timed}; won {} of the winnable (95% {:.1}–{:.1}%)\n",
                self.winnable,
                self.unwinnable,
                self.unknown,
                self.won_winnable,
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
