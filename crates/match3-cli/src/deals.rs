//! Deal luck on a level: whether each game's deal could be won at all (`simulate --level
//! --solve`, for rules that draw no piece), the pass rate on the winnable deals alone,
//! and whether a level's games are one game repeated (a fixed deal played the same way).

use match3_bots::{Ending, GameStats, wilson};
use match3_core::Move;
use match3_solver::{Limits, Objective};
use serde_json::{Value, json};

use crate::level::Opened;

/// What the games of a level run said about their deals.
pub struct Deals<'a> {
    level: &'a Opened,
    /// Solve each deal, with this node budget.
    solve: Option<u64>,
    /// The deal is the same in every game: no random cells, no piece ever drawn.
    fixed: bool,
    /// The first game's line, and whether every game so far played it.
    first_line: Option<Vec<Move>>,
    same_line: bool,
    /// The fixed deal's verdict, once solved.
    fixed_verdict: Option<Option<bool>>,
    winnable: u64,
    unwinnable: u64,
    unknown: u64,
    won_winnable: u64,
}

impl<'a> Deals<'a> {
    /// For `level`; with `solve`, each deal is solved with that many nodes at most.
    pub fn new(level: &'a Opened, solve: Option<u64>) -> Result<Deals<'a>, String> {
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
            won_winnable: 0,
        })
    }

    /// Adds one game (in game order).
    pub fn add(&mut self, game: &GameStats) {
        match &self.first_line {
            None => self.first_line = Some(game.line.clone()),
            Some(line) => self.same_line &= *line == game.line,
        }
        let Some(nodes) = self.solve else { return };
        let won = game.ending == Ending::Won;
        let verdict = match self.fixed_verdict {
            Some(verdict) => verdict,
            None => self.verdict(game.seed, nodes),
        };
        if self.fixed {
            self.fixed_verdict = Some(verdict);
        }
        match (verdict, won) {
            (Some(true), _) | (None, true) => {
                self.winnable += 1;
                self.won_winnable += u64::from(won);
            }
            (Some(false), _) => self.unwinnable += 1,
            (None, false) => self.unknown += 1,
        }
    }

    /// Whether the deal of game seed `seed` can be won: `None` when the budget ran out.
    fn verdict(&self, seed: u64, nodes: u64) -> Option<bool> {
        let game = self.level.start(self.level.variant.rules(), seed).ok()?;
        let limits = Limits {
            max_nodes: nodes,
            max_time: None,
        };
        let found = match3_solver::solve(&game, Objective::Win, limits).ok()?;
        match (&found.moves, found.optimal) {
            (Some(_), _) => Some(true),
            (None, true) => Some(false),
            (None, false) => None,
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
            out += &format!(
                "deals        {} winnable, {} cannot be won, {} unknown; won {} of the winnable (95% {:.1}–{:.1}%)\n",
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
