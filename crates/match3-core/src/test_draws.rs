//! Seeded draws for the unit tests' random boards: xorshift64, no dependency, the same
//! draws on every machine.

/// A draw below `n` per call, from `seed` (not zero).
pub(crate) fn draws_below(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut x = seed;
    move |n| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    }
}
