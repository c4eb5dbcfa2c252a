//! The progress bar of a run on a terminal (on stderr; nothing when stderr is not a
//! terminal, so piped and tested output never holds one).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressFinish, ProgressStyle};
use match3_app::report::Progress;

/// A bar per run, cleared when the run ends.
#[derive(Clone, Copy, Debug, Default)]
pub struct Bars;

impl Progress for Bars {
    fn run(&self, label: &str, games: u64) -> Box<dyn Fn() + Sync + '_> {
        if !std::io::stderr().is_terminal() {
            return Box::new(|| {});
        }
        let bar = ProgressBar::new(games)
            .with_style(
                ProgressStyle::with_template("{prefix:>14} [{bar:30}] {pos}/{len} games {elapsed}")
                    .expect("valid template")
                    .progress_chars("=> "),
            )
            .with_prefix(label.to_string())
            // Dropped with the run's end: the bar goes, as it always went.
            .with_finish(ProgressFinish::AndClear);
        Box::new(move || bar.inc(1))
    }
}
