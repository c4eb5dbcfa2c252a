//! Two packed planes judged by one evaluation of a [`PlaneRule`]: a [`Field`] whose plane
//! is a pair of `u64` words, every shift and bit operation applied to both. The compiler
//! turns the pair into one 128-bit register, so a rule costs about the same on two planes
//! as on one.
//!
//! Exact for any rule. A rule only ever sees a plane through the field's methods and the
//! plane's operators; while every yes/no, count or cell it asks about is the same for both
//! words, it takes the same steps on each and answers for each exactly what it would have
//! answered alone. When an answer differs between the two (the rule branches on the
//! plane's contents), the pair is marked, and [`judge_two`] judges each word on its own.

use std::cell::Cell;
use std::ops::{BitAnd, BitOr, BitXor, Not};

use super::plane_rule::PlaneRule;
use crate::cellset::CellSet;
use crate::planes::Field;
use crate::pos::Pos;

/// Two planes of one packed layout, and the mark set when a question about them got
/// different answers for the two.
#[derive(Clone, Copy)]
pub(super) struct Two<'a> {
    words: [u64; 2],
    split: &'a Cell<bool>,
}

impl<'a> Two<'a> {
    #[inline(always)]
    fn map(self, g: impl Fn(u64) -> u64) -> Two<'a> {
        Two {
            words: [g(self.words[0]), g(self.words[1])],
            split: self.split,
        }
    }

    #[inline(always)]
    fn zip(self, o: Two<'a>, g: impl Fn(u64, u64) -> u64) -> Two<'a> {
        Two {
            words: [g(self.words[0], o.words[0]), g(self.words[1], o.words[1])],
            split: self.split,
        }
    }

    /// The answer for the first word, marking the pair when the second's differs.
    #[inline(always)]
    fn agreed<R: PartialEq>(self, g: impl Fn(u64) -> R) -> R {
        let (a, b) = (g(self.words[0]), g(self.words[1]));
        if a != b {
            self.split.set(true);
        }
        a
    }
}

impl PartialEq for Two<'_> {
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        let (a, b) = (self.words[0] == o.words[0], self.words[1] == o.words[1]);
        if a != b {
            self.split.set(true);
        }
        a
    }
}

impl BitAnd for Two<'_> {
    type Output = Self;
    #[inline(always)]
    fn bitand(self, o: Self) -> Self {
        self.zip(o, |a, b| a & b)
    }
}

impl BitOr for Two<'_> {
    type Output = Self;
    #[inline(always)]
    fn bitor(self, o: Self) -> Self {
        self.zip(o, |a, b| a | b)
    }
}

impl BitXor for Two<'_> {
    type Output = Self;
    #[inline(always)]
    fn bitxor(self, o: Self) -> Self {
        self.zip(o, |a, b| a ^ b)
    }
}

impl Not for Two<'_> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        self.map(|a| !a)
    }
}

/// A packed layout `F`, seen a pair of planes at a time.
struct Pair<'a, F> {
    f: &'a F,
    split: &'a Cell<bool>,
}

impl<'a, F: Field<P = u64>> Pair<'a, F> {
    #[inline(always)]
    fn both(&self, w: u64) -> Two<'a> {
        Two {
            words: [w, w],
            split: self.split,
        }
    }
}

impl<'a, F: Field<P = u64>> Field for Pair<'a, F> {
    type P = Two<'a>;
    #[inline(always)]
    fn zero(&self) -> Two<'a> {
        self.both(0)
    }
    #[inline(always)]
    fn left(&self, x: Two<'a>, k: u32) -> Two<'a> {
        x.map(|w| self.f.left(w, k))
    }
    #[inline(always)]
    fn right(&self, x: Two<'a>, k: u32) -> Two<'a> {
        x.map(|w| self.f.right(w, k))
    }
    #[inline(always)]
    fn above(&self, x: Two<'a>, k: u32) -> Two<'a> {
        x.map(|w| self.f.above(w, k))
    }
    #[inline(always)]
    fn below(&self, x: Two<'a>, k: u32) -> Two<'a> {
        x.map(|w| self.f.below(w, k))
    }
    fn cells_of(&self, x: Two<'a>) -> CellSet {
        x.agreed(|w| self.f.cells_of(w))
    }
    fn plane_of(&self, set: &CellSet) -> Two<'a> {
        self.both(self.f.plane_of(set))
    }
    fn single(&self, pos: Pos) -> Two<'a> {
        self.both(self.f.single(pos))
    }
    fn contains(&self, x: Two<'a>, pos: Pos) -> bool {
        x.agreed(|w| self.f.contains(w, pos))
    }
    fn first_pos(&self, x: Two<'a>) -> Option<Pos> {
        x.agreed(|w| self.f.first_pos(w))
    }
    #[inline(always)]
    fn first(&self, x: Two<'a>) -> Two<'a> {
        x.map(|w| self.f.first(w))
    }
    fn count(&self, x: Two<'a>) -> u32 {
        x.agreed(|w| self.f.count(w))
    }
    fn is_zero(&self, x: Two<'a>) -> bool {
        x.agreed(|w| self.f.is_zero(w))
    }
    fn to_bytes8(&self, x: Two<'a>) -> Option<u64> {
        x.agreed(|w| self.f.to_bytes8(w))
    }
}

/// `rule`'s matched cells of two planes of layout `f`, in one evaluation when the rule
/// treats them alike (see the module documentation), else one at a time.
///
/// Not inlined: on its own the pair stays in one vector register, where inlined into a
/// big caller the compiler tends to split it back into two words.
#[inline(never)]
pub(super) fn judge_two<F: Field<P = u64>, T: PlaneRule>(
    rule: &T,
    f: &F,
    planes: [u64; 2],
) -> [u64; 2] {
    let split = Cell::new(false);
    let pair = Pair { f, split: &split };
    let both = rule.matched(
        &pair,
        Two {
            words: planes,
            split: &split,
        },
    );
    if split.get() {
        return planes.map(|p| rule.matched(f, p));
    }
    both.words
}

#[cfg(test)]
mod tests {
    use super::judge_two;
    use crate::detect::PlaneRule;
    use crate::planes::{Eight, Field};

    /// Runs of three across and down.
    struct Runs;

    impl PlaneRule for Runs {
        fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
            let (h, v) = crate::planes::runs3(f, m);
            h | v
        }
    }

    /// The cells of the plane when it holds exactly three, else nothing: a rule that
    /// branches on the plane's contents.
    struct ExactlyThree;

    impl PlaneRule for ExactlyThree {
        fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
            if f.count(m) == 3 { m } else { f.zero() }
        }
    }

    /// Every cell when the plane is empty, else the plane: a rule that compares planes.
    struct EmptyIsFull;

    impl PlaneRule for EmptyIsFull {
        fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
            if m == f.zero() { !m } else { m }
        }
    }

    /// Flood from the first cell, stopping when nothing grows (compares planes).
    struct FirstGroup;

    impl PlaneRule for FirstGroup {
        fn matched<F: Field>(&self, f: &F, m: F::P) -> F::P {
            let mut grown = f.first(m);
            loop {
                let next = (grown
                    | f.left(grown, 1)
                    | f.right(grown, 1)
                    | f.above(grown, 1)
                    | f.below(grown, 1))
                    & m;
                if next == grown {
                    return grown;
                }
                grown = next;
            }
        }
    }

    /// Random pairs, and pairs on which the rules above branch differently.
    fn planes() -> impl Iterator<Item = [u64; 2]> {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let crafted = [
            [0b111, 0b1111],
            [0b1011 << 9, 0b111],
            [0, 0b110],
            [0b110, 0],
        ];
        crafted
            .into_iter()
            .chain(std::iter::repeat_with(move || {
                let mut word = || {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    x
                };
                let (a, b) = (word(), word());
                // Sparse planes too, so that counts and floods differ between the two.
                [a & word() & word(), b & word()]
            }))
            .take(2000)
    }

    /// Each word of a pair is judged exactly as alone, for a rule written with shifts
    /// only and for rules that count or compare planes.
    #[test]
    fn a_pair_is_judged_as_each_alone() {
        for pair in planes() {
            let alone = |rule: &dyn Fn(u64) -> u64| pair.map(rule);
            assert_eq!(
                judge_two(&Runs, &Eight::<8>, pair),
                alone(&|p| Runs.matched(&Eight::<8>, p))
            );
            assert_eq!(
                judge_two(&ExactlyThree, &Eight::<8>, pair),
                alone(&|p| ExactlyThree.matched(&Eight::<8>, p))
            );
            assert_eq!(
                judge_two(&EmptyIsFull, &Eight::<8>, pair),
                alone(&|p| EmptyIsFull.matched(&Eight::<8>, p))
            );
            assert_eq!(
                judge_two(&FirstGroup, &Eight::<8>, pair),
                alone(&|p| FirstGroup.matched(&Eight::<8>, p))
            );
        }
    }
}
