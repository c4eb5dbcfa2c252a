//! How many different games a run played: a game is its deal and the line of moves
//! played on it, so that a fixed deal played the same way every time counts once, and a
//! bot that plays it in several ways counts each way.
//!
//! Each game gets a 64-bit [fingerprint](GameStats::fingerprint): the starting board and
//! the line, or, when chance took part after the deal (pieces drawn, a shuffle), the
//! game's seed and the line, since the same moves then make different games.

use std::collections::BTreeSet;
use std::fmt::{self, Write as _};

use match3_core::{Board, Move, MoveKind, Rules};
use serde::{Deserialize, Serialize};

use crate::simulate::GameStats;

/// The most fingerprints a [`DistinctGames`] keeps (512 KiB): past that it only knows
/// that there are at least this many.
pub const DISTINCT_CAP: usize = 1 << 16;

/// The different games among those added, counted exactly up to [`DISTINCT_CAP`].
/// Merging is associative and commutative, like [`Stats`](crate::Stats).
///
/// ```
/// use match3_bots::{DistinctGames, GameStats};
///
/// let mut distinct = DistinctGames::default();
/// for fingerprint in [7, 7, 9] {
///     distinct.add(&GameStats { fingerprint, ..GameStats::default() });
/// }
/// assert_eq!(distinct.count(), 2);
/// assert!(distinct.is_exact());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DistinctGames {
    /// The fingerprints seen, at most [`DISTINCT_CAP`].
    seen: BTreeSet<u64>,
    /// Whether a fingerprint was left out because the set was full.
    overflowed: bool,
}

impl DistinctGames {
    /// Adds one game.
    pub fn add(&mut self, game: &GameStats) {
        self.insert(game.fingerprint);
    }

    fn insert(&mut self, fingerprint: u64) {
        if self.seen.len() < DISTINCT_CAP {
            self.seen.insert(fingerprint);
        } else if !self.seen.contains(&fingerprint) {
            self.overflowed = true;
        }
    }

    /// Combines the games of two disjoint sets of games.
    pub fn merge(mut self, other: DistinctGames) -> DistinctGames {
        self.overflowed |= other.overflowed;
        for fingerprint in other.seen {
            self.insert(fingerprint);
        }
        self
    }

    /// How many different games were played: exact when [`is_exact`](Self::is_exact),
    /// otherwise a lower bound.
    pub fn count(&self) -> u64 {
        self.seen.len() as u64
    }

    /// Whether [`count`](Self::count) is exact (fewer than [`DISTINCT_CAP`] kinds, or no
    /// game left out).
    pub fn is_exact(&self) -> bool {
        !self.overflowed
    }

    /// Whether `games` games (more than one) were all one game: then the pass rate is
    /// that game's result, not a sample, and has no interval.
    pub fn one_game(&self, games: u64) -> bool {
        games > 1 && self.count() == 1 && self.is_exact()
    }
}

/// FNV-1a over bytes (and words, for moves): stable across builds and platforms, so
/// fingerprints written by one run merge with another's.
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.word(u64::from(b));
        }
    }

    /// One step of the hash over a whole word: a bijection of the state, so two lines
    /// that differ in one move never collide.
    fn word(&mut self, w: u64) {
        self.0 = (self.0 ^ w).wrapping_mul(0x0000_0100_0000_01b3);
    }
}

impl fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.bytes(s.as_bytes());
        Ok(())
    }
}

/// What a game's start contributes to its fingerprint: the starting board in notation
/// (cells and layers), hashed without building the text.
pub(crate) fn deal_hash(board: &Board) -> u64 {
    let mut h = Fnv::new();
    write!(h, "{board}").expect("hashing cannot fail");
    h.0
}

/// Whether `rules` bring pieces from the game's generator after the deal (refills or
/// next pieces to drop): then the seed decides the game as much as the moves do.
pub(crate) fn draws_pieces<R: Rules>(rules: &R) -> bool {
    rules.refills() || rules.accepts(MoveKind::Drop)
}

/// The fingerprint of a game: `start` (the [`deal_hash`], or the seed when chance took
/// part after the deal) and the line.
pub(crate) fn fingerprint(start: u64, by_seed: bool, line: &[Move]) -> u64 {
    let mut h = Fnv::new();
    h.bytes(&[u8::from(by_seed)]);
    h.bytes(&start.to_le_bytes());
    // A word a move (a multiply each), not a byte: the line is most of what is hashed.
    for &mv in line {
        let bytes = match mv {
            Move::Swap(a, b) => [0, a.row, a.col, b.row, b.col],
            Move::Drop(col) => [1, col, 0, 0, 0],
            Move::Tap(p) => [2, p.row, p.col, 0, 0],
        };
        h.word(bytes.iter().fold(0, |w, &b| w << 8 | u64::from(b)));
    }
    h.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::Pos;

    #[test]
    fn the_cap_keeps_a_lower_bound_and_says_so() {
        let mut d = DistinctGames::default();
        for f in 0..DISTINCT_CAP as u64 {
            d.insert(f);
        }
        d.insert(3);
        assert!(d.is_exact(), "a fingerprint already seen is not new");
        d.insert(u64::MAX);
        assert_eq!(d.count(), DISTINCT_CAP as u64);
        assert!(!d.is_exact());
        assert!(!d.one_game(10));
    }

    #[test]
    fn merging_is_the_union() {
        let set = |fs: &[u64]| {
            let mut d = DistinctGames::default();
            fs.iter().for_each(|&f| d.insert(f));
            d
        };
        let merged = set(&[1, 2]).merge(set(&[2, 3]));
        assert_eq!(merged, set(&[1, 2, 3]));
        assert!(set(&[5]).merge(set(&[5])).one_game(2));
        assert!(!set(&[5]).one_game(1), "one game is not one game repeated");
    }

    #[test]
    fn fingerprints_tell_lines_and_starts_apart() {
        let (a, b) = (Pos::new(0, 0), Pos::new(0, 1));
        let line = [Move::Swap(a, b)];
        let f = fingerprint(1, false, &line);
        assert_eq!(f, fingerprint(1, false, &line));
        assert_ne!(f, fingerprint(2, false, &line));
        assert_ne!(f, fingerprint(1, true, &line));
        assert_ne!(f, fingerprint(1, false, &[Move::Swap(b, a)]));
        assert_ne!(f, fingerprint(1, false, &[Move::Tap(a)]));
        assert_ne!(f, fingerprint(1, false, &[]));
    }
}
