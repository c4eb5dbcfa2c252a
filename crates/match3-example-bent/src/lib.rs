//! # match3-example-bent
//!
//! Stock cluster rules with one part replaced, written only against the public API: a
//! group of three or more of one colour matches only if it **bends** (it is not a
//! straight line). Nothing else is overridden: the engine derives legal swaps, "any
//! move?", the calm refill's check and new boards' "no match" from this detection, on
//! the bit planes.
//!
//! ```
//! use match3_core::{Board, Rules};
//! let bent = match3_example_bent::bent();
//! assert_eq!(bent.find_matches(&"AAA/BCB".parse::<Board>()?).len(), 0);
//! assert_eq!(bent.find_matches(&"AAB/ACB".parse::<Board>()?).len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_clusters::Clusters;
use match3_core::Rules;
use match3_core::detect::{PlaneRule, Planes};
use match3_core::planes::{Field, flood};

/// A group bends when one of its cells has a neighbour across and one above or below;
/// every cell of such a group matches (it has at least three).
#[derive(Clone, Copy, Debug, Default)]
pub struct Bends;

impl PlaneRule for Bends {
    fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
        let corners = m & (f.left(m, 1) | f.right(m, 1)) & (f.above(m, 1) | f.below(m, 1));
        flood(f, corners, m)
    }
}

/// Swap-mode clusters whose groups match only when they bend.
pub fn bent() -> impl Rules + Clone + Send + Sync {
    Clusters::swap()
        .variant()
        .named("bent")
        .with_detect(Planes(Bends))
}
