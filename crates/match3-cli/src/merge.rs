//! Sharded simulation: what `simulate --shard I/N --json` adds to its output, and
//! `match3 merge`, which combines the shards into exactly the whole run's result.
//!
//! A shard's object is the ordinary `simulate --json` object over its own games, plus
//! `"shard": "I/N"` and `"stats"`, the exact statistics (score histogram, sums, counts)
//! that merge without loss. Merging checks that every file ran the same plan and that
//! each shard 0…N-1 is there exactly once.

use std::path::{Path, PathBuf};
use std::time::Duration;

use match3_bots::{BotKind, Plan, Report, Shard, Stats};
use match3_core::{GameConfig, Size};
use serde_json::{Value, json};

use crate::report::{self, Header};

/// The plan's fields: every shard of one run has the same values.
const PLAN_KEYS: [&str; 10] = [
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
];

/// Adds the shard and its exact statistics to a `simulate --json` object.
pub fn mark(v: &mut Value, shard: Shard, report: &Report) {
    v["shard"] = json!(shard.to_string());
    v["stats"] = serde_json::to_value(&report.stats).expect("statistics serialize");
}

/// The whole run, from its shards.
pub struct Merged {
    header: Header,
    plan: Plan,
    report: Report,
    /// Whether every shard reported its wall-clock time.
    timed: bool,
}

/// One shard's file, read.
struct Part {
    path: PathBuf,
    value: Value,
    shard: Shard,
    stats: Stats,
}

fn read_part(path: &Path) -> Result<Part, String> {
    let name = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    let value: Value = serde_json::from_str(&text).map_err(|e| format!("{name}: not JSON: {e}"))?;
    let not_shard =
        || format!("{name}: not the output of a shard (make it with simulate --shard I/N --json)");
    let shard = value["shard"].as_str().ok_or_else(not_shard)?;
    let shard: Shard = shard.parse().map_err(|e| format!("{name}: {e}"))?;
    let stats = serde_json::from_value(value["stats"].clone())
        .map_err(|e| format!("{name}: bad \"stats\": {e}"))?;
    Ok(Part {
        path: path.to_path_buf(),
        value,
        shard,
        stats,
    })
}

/// Reads and merges the shards' files.
pub fn read(files: &[PathBuf]) -> Result<Merged, String> {
    let parts = files
        .iter()
        .map(|p| read_part(p))
        .collect::<Result<Vec<_>, _>>()?;
    let first = parts.first().ok_or("no files to merge")?;
    let count = first.shard.count;
    let mut seen: Vec<Option<&Path>> = vec![None; count as usize];
    for part in &parts {
        let name = part.path.display();
        for key in PLAN_KEYS {
            if part.value[key] != first.value[key] {
                return Err(format!(
                    "{name}: {key} is {} but {} has {}: the shards are not of one run",
                    part.value[key],
                    first.path.display(),
                    first.value[key]
                ));
            }
        }
        if part.shard.count != count {
            return Err(format!(
                "{name}: shard {} but {} is shard {}: the shards are not of one split",
                part.shard,
                first.path.display(),
                first.shard
            ));
        }
        if let Some(other) = seen[part.shard.index as usize].replace(&part.path) {
            return Err(format!(
                "{name}: shard {} is also in {}",
                part.shard,
                other.display()
            ));
        }
    }
    let missing: Vec<String> = (seen.iter().enumerate())
        .filter(|(_, p)| p.is_none())
        .map(|(i, _)| format!("{i}/{count}"))
        .collect();
    if !missing.is_empty() {
        return Err(format!("missing shards: {}", missing.join(", ")));
    }
    let plan = plan_of(&first.value).map_err(|e| format!("{}: {e}", first.path.display()))?;
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
    // The shards' times add up: the compute time of the whole run.
    let seconds: Option<f64> = (parts.iter())
        .map(|p| p.value["elapsed_seconds"].as_f64())
        .sum();
    let stats = (parts.into_iter()).fold(Stats::default(), |all, p| all.merge(p.stats));
    Ok(Merged {
        header,
        report: Report {
            games: plan.games,
            move_limit: plan.moves,
            stats,
            elapsed: Duration::from_secs_f64(seconds.unwrap_or(0.0)),
        },
        plan,
        timed: seconds.is_some(),
    })
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
        bot: BotKind::named(bot).ok_or(format!("unknown bot {bot:?}"))?,
        games: small("games")?,
        moves: small("move_limit")?,
    })
}

impl Merged {
    /// The `simulate --json` object of the whole run; wall-clock fields only with
    /// `timing` and when every shard had them.
    pub fn json(&self, timing: bool) -> Value {
        report::json(&self.header, &self.plan, &self.report, timing && self.timed)
    }

    /// `--plot`: the whole run's score histogram.
    pub fn plot(&self, path: &Path) -> Result<(), String> {
        report::plot_one(path, &self.header, &self.plan, &self.report)
    }

    /// The `simulate` summary of the whole run.
    pub fn text(&self) -> String {
        report::text(&self.header, &self.plan, &self.report)
    }
}
