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
use serde_json::{Value, json};

use crate::level::Opened;

/// The solver's budget for each deal of `simulate --level --solve`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealBudget {
    /// Positions expanded at most.
    pub nodes: u64,
    /// Time at most.
    pub time: Duration,
}

/// What the games of a level run said about their deals.
pub struct Deals<'a> {
    level: &'a Opened,
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

/// A deal's verdict: winnable or not, or unknown (and whether time cut the search).
#[derive(Clone, Copy)]
enum Verdict {
    Known(bool),
    Unknown { timed_out: bool },
}

impl<'a> Deals<'a> {
    /// For `level`; with `solve`, each deal is solved within that budget.
    pub fn new(level: &'a Opened, solve: Option<DealBudget>) -> Result<Deals<'a>, String> {
        let draws = level.variant.draws_pieces();
        if solve.is_some() && draws {
            return Err(format!(
                "--solve: the {} rules draw new pieces, so a deal's outcome is not known in advance",
                level.variant.name()
            ));
        }
        Ok(Deals {
            level,
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

    /// Adds the deal keys to a level run's JSON: `deterministic` (the deal is fixed),
    /// `distinct_games` (1 when every game was the same, with no interval on the pass
    /// rate), and with `--solve` the deal counts and the pass rate on winnable deals. A
    /// shard of a fixed deal adds what `merge` needs to tell whether all its shards
    /// played one game: `same_line` and `first_line`.
    pub fn json(&self, v: &mut Value, games: u64, shard: bool) {
        let round = |x: f64| (x * 10000.0).round() / 10000.0;
        v["deterministic"] = json!(self.fixed);
        if shard && self.fixed {
            let first = self.first_line.iter().flatten().map(|m| m.to_string());
            v["same_line"] = json!(self.same_line);
            v["first_line"] = json!(first.collect::<Vec<_>>());
        } else if self.one_game(games) {
            one_game(v);
        }
        if self.solve.is_some() {
            let (low, high) = wilson(self.won_winnable, self.winnable);
            let rate = if self.winnable == 0 {
                0.0
            } else {
                self.won_winnable as f64 / self.winnable as f64
            };
            v["winnable_deals"] = json!(self.winnable);
            v["unwinnable_deals"] = json!(self.unwinnable);
            v["unknown_deals"] = json!(self.unknown);
            // Only when it happened, so that runs the nodes decided print as they did.
            if self.timed_out > 0 {
                v["unknown_deals_timed_out"] = json!(self.timed_out);
            }
            v["pass_rate_of_winnable"] = json!(round(rate));
            v["pass_rate_of_winnable_low"] = json!(round(low));
            v["pass_rate_of_winnable_high"] = json!(round(high));
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

/// Marks a run as one game repeated: `distinct_games` 1 and no interval.
pub fn one_game(v: &mut Value) {
    v["distinct_games"] = json!(1);
    v["pass_rate_low"] = Value::Null;
    v["pass_rate_high"] = Value::Null;
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
