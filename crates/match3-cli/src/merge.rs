//! Sharded simulation: what `simulate --shard I/N --json` adds to its output, and
//! `match3 merge`, which combines the shards into exactly the whole run's result.
//!
//! A shard's object is the ordinary `simulate --json` object over its own games, plus
//! `"shard": "I/N"` and `"stats"`, the exact statistics (score histogram, sums, counts)
//! that merge without loss. Merging checks that every file ran the same plan and that
//! each shard 0…N-1 is there exactly once.
//!
//! A shard is a file: the text summary shows its names (rules, level, file, goals) and
//! its first error's message escaped and cut short, and errors quote its values as short
//! excerpts. The JSON keeps them whole (JSON escapes control characters itself), so a
//! merge stays exactly the unsharded result.

use std::path::{Path, PathBuf};

use std::time::Duration;

use match3_bots::{BotKind, Plan, Report, Shard, Stats};
use match3_core::{GameConfig, Size};
use serde::Serialize;
use serde_json::Value;

use crate::input::{MAX_SHARD_BYTES, brief, excerpt_json, printable, read_text, shown};

use crate::report::Header;
use crate::summary::{DealSummary, Summary};
use crate::tables;

/// The plan's fields: every shard of one run has the same values.
const PLAN_KEYS: [&str; 11] = [
    "rules",
    "bot",
    "seed",
    "size",
    "colors",
    "blockers",
    "games",
    "move_limit",
    "level",
    "file",
    "deterministic",
];

/// A shard's `simulate --json` object: its summary, the shard and its exact statistics.
pub fn marked(summary: Summary, shard: Shard, report: &Report) -> Value {
    #[derive(Serialize)]
    struct Marked<'a> {
        #[serde(flatten)]
        summary: Summary,
        shard: String,
        stats: &'a Stats,
    }
    let marked = Marked {
        summary,
        shard: shard.to_string(),
        stats: &report.stats,
    };
    serde_json::to_value(marked).expect("a shard's summary serializes")
}

/// The whole run, from its shards.
pub struct Merged {
    header: Header,
    plan: Plan,
    report: Report,
    /// Whether every shard reported its wall-clock time.
    timed: bool,
    /// A level run's `deterministic` (absent from older shards and plain runs).
    deterministic: Option<bool>,
    /// Whether the shards played one game repeated.
    one_game: bool,
}

/// One shard's file, read.
struct Part {
    /// The file's name, printable.
    name: String,
    value: Value,
    shard: Shard,
    stats: Stats,
}

fn parse_part(name: &str, text: &str) -> Result<Part, String> {
    let name = printable(name);
    let value: Value = serde_json::from_str(text)
        .map_err(|e| format!("{name}: not JSON: {}", brief(&e.to_string())))?;
    let not_shard =
        || format!("{name}: not the output of a shard (make it with simulate --shard I/N --json)");
    let shard = value["shard"].as_str().ok_or_else(not_shard)?;
    let shard: Shard = shard.parse().map_err(|e| format!("{name}: {e}"))?;
    let stats = serde_json::from_value(value["stats"].clone())
        .map_err(|e| format!("{name}: bad \"stats\": {}", brief(&e.to_string())))?;
    seconds_of(&value).map_err(|e| format!("{name}: {e}"))?;
    Ok(Part {
        name,
        value,
        shard,
        stats,
    })
}

/// A shard's `elapsed_seconds`: `None` when it ran with `--no-timing`; an error unless it
/// is a duration (finite, not negative, not past what a duration holds).
fn seconds_of(v: &Value) -> Result<Option<f64>, String> {
    let Some(seconds) = v.get("elapsed_seconds").filter(|s| !s.is_null()) else {
        return Ok(None);
    };
    seconds
        .as_f64()
        .filter(|&s| Duration::try_from_secs_f64(s).is_ok())
        .map(Some)
        .ok_or_else(|| format!("elapsed_seconds {seconds} is not a duration in seconds"))
}

/// Checks a shard's statistics against its own summary and the plan: the statistics are
/// what the merge adds up, the summary is what the shard printed, and both come from the
/// same games. A shard edited in one place but not the other is refused.
fn check_part(part: &Part, header: &Header, plan: &Plan) -> Result<(), String> {
    let name = &part.name;
    let games = u64::from(part.shard.len(plan.games));
    (part.stats.check(games, plan.moves)).map_err(|e| format!("{name}: bad \"stats\": {e}"))?;
    let report = Report {
        games: plan.games,
        move_limit: plan.moves,
        stats: part.stats.clone(),
        elapsed: Duration::ZERO,
    };
    let summary = Summary::new(header, plan, &report, false).value();
    let Value::Object(fields) = &summary else {
        unreachable!("the summary is an object")
    };
    for (key, expected) in fields {
        // The wall-clock fields are null without timing: the shard's own are checked apart.
        if expected.is_null() && key != "first_error" {
            continue;
        }
        if &part.value[key] != expected {
            return Err(format!(
                "{name}: {key} is {} but its \"stats\" give {}: the shard was edited",
                excerpt_json(&part.value[key]),
                excerpt_json(expected)
            ));
        }
    }
    Ok(())
}

/// The shards of `count` that no file holds, for a message: how many, and the first few.
fn missing_shards(seen: &[Option<&str>]) -> Option<String> {
    const NAMED: usize = 5;
    let count = seen.len();
    let missing: Vec<usize> = (seen.iter().enumerate())
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| i)
        .collect();
    let first: Vec<String> = (missing.iter().take(NAMED))
        .map(|i| format!("{i}/{count}"))
        .collect();
    let more = if missing.len() > NAMED { ", …" } else { "" };
    match missing.len() {
        0 => None,
        1 => Some(format!("shard {} is missing", first[0])),
        n => Some(format!(
            "{n} shards are missing: {}{more}",
            first.join(", ")
        )),
    }
}

/// Reads and merges the shards' files (each at most [`MAX_SHARD_BYTES`]).
pub fn read(files: &[PathBuf]) -> Result<Merged, String> {
    let texts = files
        .iter()
        .map(|p| {
            let text = read_text(p, MAX_SHARD_BYTES).map_err(|e| e.to_string())?;
            Ok((p.display().to_string(), text))
        })
        .collect::<Result<Vec<_>, String>>()?;
    combine(&texts)
}

/// Merges the shards' outputs, given as `(file name, text)`: what [`read`] does once the
/// files are read. Any text gives a merged run or an error naming the file and what is
/// wrong, never a panic.
pub fn combine(texts: &[(String, String)]) -> Result<Merged, String> {
    let parts = texts
        .iter()
        .map(|(name, text)| parse_part(name, text))
        .collect::<Result<Vec<_>, _>>()?;
    let first = parts.first().ok_or("no files to merge")?;
    check_split(&parts)?;
    let plan = plan_of(&first.value).map_err(|e| format!("{}: {e}", first.name))?;
    let header = Header {
        rules: first.value["rules"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        level: match (first.value["level"].as_str(), first.value["file"].as_str()) {
            (Some(name), Some(file)) => Some((name.to_string(), file.to_string())),
            _ => None,
        },
    };
    for part in &parts {
        check_part(part, &header, &plan)?;
    }
    let elapsed = elapsed_of(&parts)?;
    let deterministic = first.value["deterministic"].as_bool();
    let values = parts.iter().map(|p| &p.value);
    let one_game = crate::deals::shards_one_game(values, u64::from(plan.games));
    let mut stats = Stats::default();
    for part in parts {
        stats = (stats.checked_merge(part.stats)).ok_or_else(|| {
            format!(
                "{}: bad \"stats\": the counts overflow when added",
                part.name
            )
        })?;
    }
    Ok(Merged {
        header,
        report: Report {
            games: plan.games,
            move_limit: plan.moves,
            stats,
            elapsed: elapsed.unwrap_or_default(),
        },
        plan,
        timed: elapsed.is_some(),
        deterministic,
        one_game,
    })
}

/// Checks that the parts are the shards of one run and one split, each shard once.
fn check_split(parts: &[Part]) -> Result<(), String> {
    let first = &parts[0];
    let count = first.shard.count;
    let mut seen: Vec<Option<&str>> = vec![None; count as usize];
    for part in parts {
        let (name, first_name) = (&part.name, &first.name);
        for key in PLAN_KEYS {
            if part.value[key] != first.value[key] {
                return Err(format!(
                    "{name}: {key} is {} but {first_name} has {}: the shards are not of one run",
                    excerpt_json(&part.value[key]),
                    excerpt_json(&first.value[key])
                ));
            }
        }
        if part.shard.count != count {
            return Err(format!(
                "{name}: shard {} but {first_name} is shard {}: the shards are not of one split",
                part.shard, first.shard
            ));
        }
        if let Some(other) = seen[part.shard.index as usize].replace(&part.name) {
            return Err(format!("{name}: shard {} is also in {other}", part.shard));
        }
    }
    missing_shards(&seen).map_or(Ok(()), Err)
}

/// The shards' times added up, the compute time of the whole run; `None` when a shard
/// ran without timing.
fn elapsed_of(parts: &[Part]) -> Result<Option<Duration>, String> {
    let mut seconds = Some(0.0);
    for part in parts {
        let own = seconds_of(&part.value).expect("checked when read");
        seconds = seconds.zip(own).map(|(a, b)| a + b);
    }
    seconds
        .map(|s| {
            Duration::try_from_secs_f64(s).map_err(|_| {
                format!("the shards' elapsed_seconds add up to {s}, which is not a duration")
            })
        })
        .transpose()
}

/// The plan a shard's object describes.
fn plan_of(v: &Value) -> Result<Plan, String> {
    let number = |key: &str| v[key].as_u64().ok_or(format!("no number {key:?}"));
    let small = |key: &str| {
        number(key).and_then(|n| u32::try_from(n).map_err(|_| format!("{key} {n} is too large")))
    };
    let bot = v["bot"].as_str().unwrap_or_default();
    let size: Size = (v["size"].as_str().unwrap_or_default())
        .parse()
        .map_err(|e| format!("size: {e}"))?;
    Ok(Plan {
        config: GameConfig {
            size,
            colors: u8::try_from(number("colors")?).map_err(|_| "colors out of range")?,
            seed: number("seed")?,
            blocker_percent: u8::try_from(number("blockers")?)
                .map_err(|_| "blockers out of range")?,
        },
        bot: BotKind::named(bot)
            .ok_or_else(|| format!("unknown bot {}", crate::input::excerpt(bot)))?,
        games: small("games")?,
        moves: small("move_limit")?,
    })
}

impl Merged {
    /// The `simulate --json` object of the whole run; wall-clock fields only with
    /// `timing` and when every shard had them.
    pub fn json(&self, timing: bool) -> Value {
        let timing = timing && self.timed;
        let mut summary = Summary::new(&self.header, &self.plan, &self.report, timing);
        summary.deals = (self.deterministic).map(|deterministic| DealSummary {
            deterministic,
            ..DealSummary::default()
        });
        if self.one_game {
            summary.one_game();
        }
        summary.value()
    }

    /// `--plot`: the whole run's score histogram.
    pub fn plot(&self, path: &Path) -> Result<(), String> {
        // The shards do not carry the level's star thresholds: no marks.
        tables::plot_one(path, &self.shown_header(), &self.plan, &self.report, &[])
    }

    /// The `simulate` summary of the whole run, with what the files named escaped and
    /// cut short.
    pub fn text(&self) -> String {
        let mut report = self.report.clone();
        for goal in &mut report.stats.level.goals {
            goal.goal = shown(&goal.goal);
        }
        if let Some(error) = &mut report.stats.first_error {
            error.message = shown(&error.message);
        }
        tables::text(&self.shown_header(), &self.plan, &report)
    }

    /// The header with the rules, level and file names as text output shows them.
    fn shown_header(&self) -> Header {
        let level = self.header.level.as_ref();
        Header {
            rules: shown(&self.header.rules),
            level: level.map(|(name, file)| (shown(name), shown(file))),
        }
    }
}
