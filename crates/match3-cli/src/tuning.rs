//! The rows of `simulate --level FILE --set KEY=VALUES …` (one `--set` or a grid of
//! them): each combination of the set keys' values with its measured run and, with
//! `--solve`, what the solver said of its deals; as a table, JSON objects or CSV. Every
//! row names each set key's value and the games it actually played.

use std::fmt::Write;

use match3_app::deals::Deals;
use match3_app::summary::Summary;
use serde::Serialize;
use serde_json::Value;

use crate::report::{Header, LevelRow};
use crate::tables;

/// One combination of a grid and its run.
pub struct TunedRow {
    /// A value per set key, in the keys' order.
    pub values: Vec<u64>,
    /// The measured run of the level with those values.
    pub row: LevelRow,
    /// With `--solve`: each game's deal, solved.
    pub deals: Option<Deals>,
}

/// The table: a column per key (one key: the table of a single sweep, as it always was),
/// the games played, the pass rate with its interval, moves, score, stars and how lost
/// games ended; with `--solve`, the deals winnable, proved unwinnable and undecided, and
/// the pass rate on the winnable (`-` without one). A line after it says how many deals
/// the time budget cut short, if any.
pub fn table(keys: &[String], rows: &[TunedRow]) -> String {
    let solved = rows.iter().any(|r| r.deals.is_some());
    let keys_text: Vec<String> = keys.iter().map(|k| format!("{k:>8}")).collect();
    let mut out = format!(
        "{} {:>6} {:>6} {:>15} {:>9} {:>10} {:>15} {:>14}",
        keys_text.join(" "),
        "games",
        "pass",
        "95% interval",
        "moves",
        "mean score",
        "stars 0/1/2/3",
        "out/stuck"
    );
    if solved {
        out += " winnable unwinnable unknown pass|winnable";
    }
    out += "\n";
    let mut timed_out = 0;
    for r in rows {
        let values: Vec<String> = r.values.iter().map(|v| format!("{v:>8}")).collect();
        let s = &r.row.report.stats;
        let _ = write!(
            out,
            "{} {:>6} {:>5.0}% {:>15} {:>9.1} {:>10.1} {:>15} {:>14}",
            values.join(" "),
            s.games,
            100.0 * s.pass_rate(),
            tables::interval_of(&r.row),
            s.mean_moves(),
            s.mean_score(),
            tables::stars_text(s),
            format!("{}/{}", s.level.out_of_moves, s.level.stuck),
        );
        if let Some(c) = r.deals.as_ref().and_then(Deals::counts) {
            let (rate, _, _) = c.pass_rate_of_winnable();
            let rate = match c.winnable {
                0 => "-".to_string(),
                _ => format!("{:.0}%", 100.0 * rate),
            };
            let _ = write!(
                out,
                " {:>8} {:>10} {:>7} {rate:>13}",
                c.winnable, c.unwinnable, c.unknown,
            );
            timed_out += c.timed_out;
        }
        out += "\n";
    }
    if timed_out > 0 {
        let _ = writeln!(
            out,
            "{timed_out} unknown deals were cut short by the time budget: machine-dependent"
        );
    }
    out
}

/// A row as the `simulate --level --json` object of its run, with the metrics, the
/// deals' keys with `--solve`, and `set`: `{"key", "value"}` for one key, an array of
/// them (in the keys' order) for a grid.
pub fn json(keys: &[String], r: &TunedRow, timing: bool) -> Value {
    let row = &r.row;
    let header = Header::level(&row.level);
    let mut summary = Summary::new(&header, &row.plan, &row.report, timing).with_measured(row);
    if let Some(deals) = &r.deals {
        summary = summary.with_deals(deals, row.report.stats.games, false);
    }
    let mut sets = keys
        .iter()
        .zip(&r.values)
        .map(|(key, &value)| Set { key, value });
    let set = match keys.len() {
        1 => Sets::One(sets.next().expect("one key")),
        _ => Sets::Grid(sets.collect()),
    };
    serde_json::to_value(Tuned { summary, set }).expect("a row serializes")
}

/// A set key's value in a row.
#[derive(Serialize)]
struct Set<'k> {
    key: &'k str,
    value: u64,
}

/// A row's `set`: one key's value, or every key's for a grid.
#[derive(Serialize)]
#[serde(untagged)]
enum Sets<'k> {
    One(Set<'k>),
    Grid(Vec<Set<'k>>),
}

/// A row of `simulate --set --json`: the run's summary and its `set`.
#[derive(Serialize)]
struct Tuned<'k> {
    #[serde(flatten)]
    summary: Summary,
    set: Sets<'k>,
}

/// The rows as CSV: a column per key (named by it), the columns of `compare --levels
/// --csv` and, with `--solve`, `winnable_deals`, `unwinnable_deals`, `unknown_deals`
/// and `pass_rate_of_winnable` (empty without a winnable deal).
pub fn csv(keys: &[String], rows: &[TunedRow]) -> String {
    let solved = rows.iter().any(|r| r.deals.is_some());
    let mut out = format!("{},{}", keys.join(","), crate::difficulty::CSV_HEADER);
    if solved {
        out += ",winnable_deals,unwinnable_deals,unknown_deals,pass_rate_of_winnable";
    }
    out += "\n";
    for r in rows {
        let values: Vec<String> = r.values.iter().map(u64::to_string).collect();
        let _ = write!(
            out,
            "{},{}",
            values.join(","),
            crate::difficulty::csv_line(&r.row)
        );
        if let Some(c) = r.deals.as_ref().and_then(Deals::counts) {
            let (rate, _, _) = c.pass_rate_of_winnable();
            let rate = match c.winnable {
                0 => String::new(),
                _ => format!("{rate:.4}"),
            };
            let _ = write!(out, ",{},{},{},{rate}", c.winnable, c.unwinnable, c.unknown);
        }
        out += "\n";
    }
    out
}
