//! The designer's view of `compare --levels`: one row per level in file order (the
//! level sequence) with a column per bot, notes where two bots cannot be told apart or
//! a stronger bot does worse, and the same rows as CSV for spreadsheets.

use std::fmt::Write;

use crate::report::LevelRow;

/// A pass rate with its interval's half-width, in points: `42% ±9`; `100% 1 game` for
/// one game repeated, which has no interval.
fn cell(row: &LevelRow) -> String {
    let rate = 100.0 * row.report.stats.pass_rate();
    match row.interval() {
        Some((low, high)) => format!("{rate:.0}% ±{:.0}", 50.0 * (high - low)),
        None => format!("{rate:.0}% 1 game"),
    }
}

/// What the bots' intervals say, next bot against the one before it (in the order the
/// bots were given, weakest first): `greedy ≈ random` when the intervals overlap (the
/// games cannot tell them apart), `greedy < random` when the later bot is below the
/// earlier one beyond both intervals.
pub fn notes(rows: &[&LevelRow]) -> String {
    let mut notes = Vec::new();
    for pair in rows.windows(2) {
        let (weak, strong) = (pair[0], pair[1]);
        let point = |r: &LevelRow| (r.report.stats.pass_rate(), r.report.stats.pass_rate());
        let (wl, wh) = weak.interval().unwrap_or_else(|| point(weak));
        let (sl, sh) = strong.interval().unwrap_or_else(|| point(strong));
        let (w, s) = (weak.plan.bot.name(), strong.plan.bot.name());
        if sh < wl {
            notes.push(format!("{s} < {w}"));
        } else if sl <= wh && wl <= sh {
            notes.push(format!("{s} ≈ {w}"));
        }
    }
    notes.join(", ")
}

/// What the table checks each level's last bot against (the strongest, or the one whose
/// play the sequence is tuned for): a band of pass rates and a template's rate per level.
#[derive(Default)]
pub struct Checks {
    /// The target band, as fractions.
    pub target: Option<(f64, f64)>,
    /// The template's rate for each level, in order.
    pub template: Option<Vec<f64>>,
}

impl Checks {
    /// The notes for `row`, the last bot's row of level number `index`.
    fn notes(&self, index: usize, row: &LevelRow) -> Vec<String> {
        let rate = row.report.stats.pass_rate();
        let interval = row.interval().unwrap_or((rate, rate));
        let bot = row.plan.bot.name();
        let mut notes = Vec::new();
        if let Some((lo, hi)) = self.target
            && (interval.1 < lo || interval.0 > hi)
        {
            notes.push(format!(
                "{bot} outside {:.0}–{:.0}%",
                100.0 * lo,
                100.0 * hi
            ));
        }
        let template = self.template.as_ref().and_then(|t| t.get(index));
        if let Some(&want) = template
            && crate::template::strays(interval, want)
        {
            notes.push(format!("{bot} off the template ({:.0}%)", 100.0 * want));
        }
        notes
    }
}

/// The table: rows grouped by level in the order given, one column per bot, with notes
/// comparing the bots and (`checks`) flagging the last bot's levels outside the target
/// band or off the template.
pub fn by_level(rows: &[LevelRow], bots: &[&str], checks: &Checks) -> String {
    let mut out = format!("{:<22} {:<14}", "level", "rules");
    for bot in bots {
        let _ = write!(out, " {bot:>12}");
    }
    out += "  notes\n";
    let levels = rows.chunk_by(|a, b| a.level.file.file == b.level.file.file);
    for (index, level) in levels.enumerate() {
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
        let mut notes = vec![notes(&ordered)];
        if let Some(last) = ordered.last() {
            notes.extend(checks.notes(index, last));
        }
        notes.retain(|n| !n.is_empty());
        let _ = writeln!(out, "  {}", notes.join(", "));
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

/// The columns of a CSV line of [`csv_line`], comma-separated.
pub const CSV_HEADER: &str = "level,file,rules,bot,games,won,pass_rate,pass_rate_low,pass_rate_high,mean_moves,mean_score,stars_0,stars_1,stars_2,stars_3,precision_met,attempts_per_success,pass_rate_plus_1,pass_rate_plus_3,pass_rate_plus_5,one_move_short_rate";

/// The rows as CSV, one line per level and bot, with a header line.
pub fn csv(rows: &[LevelRow]) -> String {
    let mut out = format!("{CSV_HEADER}\n");
    for row in rows {
        let _ = writeln!(out, "{}", csv_line(row));
    }
    out
}

/// One row as a CSV line (no line end), its fields those of [`CSV_HEADER`].
pub fn csv_line(row: &LevelRow) -> String {
    let s = &row.report.stats;
    let (low, high) = row
        .interval()
        .map_or((String::new(), String::new()), |(l, h)| {
            (format!("{l:.4}"), format!("{h:.4}"))
        });
    format!(
        "{},{},{},{},{},{},{:.4},{},{},{:.2},{:.2},{},{},{},{},{}",
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
        s.stars[3],
        metrics_fields(row).join(",")
    )
}

/// The CSV fields of a row's metrics (empty when unknown): whether the precision was
/// met, attempts per success, the pass rate with 1, 3 and 5 extra moves, and the share of
/// losses one move short.
fn metrics_fields(row: &LevelRow) -> Vec<String> {
    let m = &row.metrics;
    let number = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.4}"));
    let mut fields = vec![
        row.precision_met()
            .map_or(String::new(), |met| met.to_string()),
        number(m.attempts_per_success().map(|e| e.value)),
    ];
    for k in match3_bots::EXTRA_MOVES {
        fields.push(number(m.pass_rate_with_extra_moves(k).map(|e| e.value)));
    }
    fields.push(number(m.one_move_short_rate()));
    fields
}
