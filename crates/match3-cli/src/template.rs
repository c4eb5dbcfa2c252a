//! Level-sequence templates for `compare --levels --template`: the pass rate each level
//! of a sequence should have, so the difficulty table can flag the levels that stray.
//!
//! `sawtooth` is the shape designers use for a level sequence: difficulty rises over a
//! group of levels, then drops back a little when the next group starts, each group a
//! little harder than the one before. In pass rates: 80% for the first level, 8 points
//! less for each next level of a group of four, and each group starting 6 points below
//! the one before (80, 72, 64, 56, then 74, 66, …).

/// Levels per tooth of the sawtooth.
pub const TOOTH: usize = 4;
/// How far a level's pass rate may stray from the template, either side, before it is
/// flagged: its interval must reach within this of the template's rate.
pub const TOLERANCE: f64 = 0.10;

/// A template's name on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Template {
    /// Pass rates falling over each group of four levels, each group starting a little
    /// lower: 80, 72, 64, 56, 74, 66, 58, 50, 68, … percent.
    Sawtooth,
}

impl Template {
    /// The template's pass rate for each of `levels` levels, in order.
    pub fn rates(self, levels: usize) -> Vec<f64> {
        match self {
            Template::Sawtooth => (0..levels)
                .map(|i| 0.80 - 0.06 * (i / TOOTH) as f64 - 0.08 * (i % TOOTH) as f64)
                .map(|rate| rate.max(0.05))
                .collect(),
        }
    }
}

/// Whether a pass rate with interval `(low, high)` strays from the template's `rate`:
/// its whole interval lies more than [`TOLERANCE`] away.
pub fn strays((low, high): (f64, f64), rate: f64) -> bool {
    high < rate - TOLERANCE || low > rate + TOLERANCE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sawtooth_falls_within_a_group_and_starts_each_group_lower() {
        let rates = Template::Sawtooth.rates(9);
        let pct: Vec<i64> = rates.iter().map(|r| (100.0 * r).round() as i64).collect();
        assert_eq!(pct, [80, 72, 64, 56, 74, 66, 58, 50, 68]);
    }

    #[test]
    fn a_rate_strays_only_when_its_whole_interval_is_beyond_the_tolerance() {
        assert!(!strays((0.55, 0.62), 0.70));
        assert!(strays((0.50, 0.59), 0.70));
        assert!(strays((0.81, 0.90), 0.70));
        assert!(!strays((0.0, 1.0), 0.70));
    }
}
