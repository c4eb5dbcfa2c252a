//! Entry points for coverage-guided fuzzing of what the command reads from files: each
//! takes raw bytes and panics when a reader panics or accepts what it should not. The
//! `fuzz/` targets call these under libFuzzer, and a test replays their checked-in corpus
//! on stable Rust.

use std::sync::OnceLock;

use match3_bots::{BotKind, Plan, Shard};
use match3_core::{GameConfig, Size};
use serde_json::Value;

use crate::merge;
use crate::registry::Registry;
use crate::report::{self, Header, Workers};
use crate::summary::Summary;

/// The shard outputs of a small real run: 3 shards of 7 finite games.
fn real_shards() -> &'static [Value] {
    static SHARDS: OnceLock<Vec<Value>> = OnceLock::new();
    SHARDS.get_or_init(|| {
        let registry = Registry::builtin();
        let variant = registry.get("finite").expect("a bundled variant");
        let plan = Plan {
            config: GameConfig {
                size: Size::new(5, 5).expect("a size"),
                colors: 4,
                seed: 1,
                blocker_percent: 0,
            },
            bot: BotKind::Random,
            games: 7,
            moves: 6,
        };
        (0..3)
            .map(|i| {
                let shard = Shard::new(i, 3).expect("a shard");
                let workers = Workers::quiet(1);
                let run = report::run(variant, plan, shard, workers, "fuzz", &mut |_, _| {});
                let run = run.expect("a small run");
                let summary = Summary::new(&Header::variant(variant), &plan, &run, true);
                merge::marked(summary, shard, &run)
            })
            .collect()
    })
}

/// Changes a JSON value as the bytes say and returns how many bytes it used, such as
/// `match3_testkit::fuzz::mutate_json`.
pub type Mutate = fn(&mut Value, &[u8]) -> usize;

/// Shard merging: the first byte chooses between the rest as one file's text and the
/// three files of a real run with one of them changed by `mutate`. Merging must give a
/// result that prints (JSON, text) or an error that says what is wrong.
pub fn shards(data: &[u8], mutate: Mutate) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let texts: Vec<(String, String)> = if first % 4 == 0 {
        vec![(
            "fuzz.json".into(),
            String::from_utf8_lossy(rest).into_owned(),
        )]
    } else {
        let mut shards = real_shards().to_vec();
        let which = usize::from(first) % shards.len();
        let used = mutate(&mut shards[which], rest);
        // Leftover bytes drop a file.
        if rest.len() > used && rest[used] % 7 == 0 {
            shards.remove(usize::from(rest[used]) % shards.len());
        }
        (shards.iter().enumerate())
            .map(|(i, v)| (format!("shard-{i}.json"), v.to_string()))
            .collect()
    };
    match merge::combine(&texts) {
        Ok(merged) => {
            let _ = merged.json(true).to_string();
            let _ = merged.text();
        }
        Err(message) => assert!(!message.is_empty()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_real_shards_merge() {
        let texts: Vec<(String, String)> = (super::real_shards().iter())
            .map(|v| ("s".to_string(), v.to_string()))
            .collect();
        assert!(super::merge::combine(&texts).is_ok());
    }
}
