//! The designer's view of `compare --levels`: one row per level in file order (the
//! level sequence) with a column per bot, notes where two bots cannot be told apart or
//! a stronger bot does worse, and the same rows as CSV for spreadsheets.

use std::fmt::Write;

use crate::report::LevelRow;

/// A pass rate with its interval's half-width, in points: `42% ±9`.
fn cell(row: &LevelRow) -> String {
    let s = &row.report.stats;
    let (low, high) = s.pass_rate_interval();
    format!("{:.0}% ±{:.0}", 100.0 * s.pass_rate(), 50.0 * (high - low))
}

/// What the bots' intervals say, next bot against the one before it (in the order the
/// bots were given, weakest first): `greedy ≈ random` when the intervals overlap (the
/// games cannot tell them apart), `greedy < random` when the later bot is below the
/// earlier one beyond both intervals.
pub fn notes(rows: &[&LevelRow]) -> String {
    let mut notes = Vec::new();
    for pair in rows.windows(2) {
        let (weak, strong) = (pair[0], pair[1]);
        let (wl, wh) = weak.report.stats.pass_rate_interval();
        let (sl, sh) = strong.report.stats.pass_rate_interval();
        let (w, s) = (weak.plan.bot.name(), strong.plan.bot.name());
        if sh < wl {
            notes.push(format!("{s} < {w}"));
        } else if sl <= wh && wl <= sh {
            notes.push(format!("{s} ≈ {w}"));
        }
    }
    notes.join(", ")
}

/// The table: rows grouped by level in the order given, one column per bot.
pub fn by_level(rows: &[LevelRow], bots: &[&str]) -> String {
    let mut out = format!("{:<22} {:<14}", "level", "rules");
    for bot in bots {
        let _ = write!(out, " {bot:>12}");
    }
    out += "  notes\n";
    for level in rows.chunk_by(|a, b| a.level.file.file == b.level.file.file) {
        let first = &level[0];
        let _ = write!(
            out,
            "{:<22} {:<14}",
            first.level.file.name,
            first.level.variant.name()
        );
        let ordered: Vec<&LevelRow> = (bots.iter())
            .filter_map(|b| level.iter().find(|r| r.plan.bot.name() == *b))
            .collect();
        for row in &ordered {
            let _ = write!(out, " {:>12}", cell(row));
        }
        let _ = writeln!(out, "  {}", notes(&ordered));
    }
    out
}

/// Quotes a CSV field when it needs it.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The rows as CSV, one line per level and bot, with a header line.
pub fn csv(rows: &[LevelRow]) -> String {
    let mut out = String::from(
        "level,file,rules,bot,games,won,pass_rate,pass_rate_low,pass_rate_high,mean_moves,mean_score,stars_0,stars_1,stars_2,stars_3\n",
    );
    for row in rows {
        let s = &row.report.stats;
        let (low, high) = s.pass_rate_interval();
        let _ = writeln!(
            out,
            "{},{},{},{},{},{},{:.4},{:.4},{:.4},{:.2},{:.2},{},{},{},{}",
            field(&row.level.file.name),
            field(&row.level.file.file),
            row.level.variant.name(),
            row.plan.bot.name(),
            s.games,
            s.won,
            s.pass_rate(),
            low,
            high,
            s.mean_moves(),
            s.mean_score(),
            s.stars[0],
            s.stars[1],
            s.stars[2],
            s.stars[3]
        );
    }
    out
}
