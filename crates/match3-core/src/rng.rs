//! [`GameRng`]: the one seeded generator a game owns.

use rand_core::Rng;
use rand_pcg::Pcg32;

/// The PCG stream every game uses; fixed so that a seed alone names a game.
const STREAM: u64 = 0x6d61_7463_6833_0001; // "match3", stream 1

/// PCG's increment for [`STREAM`]: every generator a game makes has it, so a saved
/// generator with another one was not saved by a game (and an even increment would
/// shorten the period, down to a constant output for `{"state": 0, "increment": 0}`).
const INCREMENT: u64 = (STREAM << 1) | 1;

/// Rejections [`GameRng::below`] tolerates in a row before it takes the draw as it is.
/// A sound generator never gets there (each rejection has a chance below one half, and
/// below 2⁻²² for any bound under 1,024, which covers every draw a game makes), but it
/// makes every bounded draw finish, whatever the generator.
const MAX_REJECTIONS: u32 = 64;

/// A seeded PCG32 generator with bounded draws written here, not borrowed from a library,
/// so that a seed gives the same game on every platform and after dependency upgrades.
///
/// It serializes as `{"pcg": {"state": …, "increment": …}}`; deserializing checks that the
/// increment is this engine's stream, so a tampered generator is refused, not played.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct GameRng {
    pcg: Pcg32,
}

/// The serialized form, read before it is trusted.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRng {
    pcg: RawPcg,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPcg {
    state: u64,
    increment: u64,
}

impl<'de> serde::Deserialize<'de> for GameRng {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        use serde::de::value::{Error as ValueError, MapDeserializer};
        let raw = RawRng::deserialize(d)?;
        if raw.pcg.increment != INCREMENT {
            return Err(D::Error::custom(format!(
                "generator increment {} is not this engine's stream ({INCREMENT}): the saved generator was altered",
                raw.pcg.increment
            )));
        }
        let fields = [("state", raw.pcg.state), ("increment", raw.pcg.increment)];
        let pcg = Pcg32::deserialize(MapDeserializer::<_, ValueError>::new(fields.into_iter()))
            .map_err(D::Error::custom)?;
        Ok(GameRng { pcg })
    }
}

impl GameRng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Self {
        GameRng {
            pcg: Pcg32::new(seed, STREAM),
        }
    }

    /// A raw 32-bit draw.
    pub fn next_u32(&mut self) -> u32 {
        self.pcg.next_u32()
    }

    /// A uniform draw from `0..n`, unbiased; 0 when `n` is 0 (without consuming a draw).
    ///
    /// Multiply-shift with rejection of the short low range (Lemire's method), spelled
    /// out here so the sequence of raw draws consumed is ours and fixed.
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        let m = u64::from(self.next_u32()) * u64::from(n);
        // The rejection threshold is below `n`: a low part of at least `n` is accepted
        // without working it out, which spares a division on nearly every draw. The
        // draws consumed, and so every seeded game, are the same either way.
        if (m as u32) < n {
            // By value: a generator whose address never escapes stays in registers
            // through a loop of draws.
            let (draw, rng) = self.clone().below_slow(n, m);
            *self = rng;
            return draw;
        }
        (m >> 32) as u32
    }

    /// [`below`](GameRng::below) once the first draw's low part fell under `n`: reject
    /// draws under the threshold, at most [`MAX_REJECTIONS`] in a row.
    #[cold]
    #[inline(never)]
    fn below_slow(mut self, n: u32, first: u64) -> (u32, Self) {
        let threshold = n.wrapping_neg() % n;
        let mut m = first;
        let mut rejected = 0;
        while (m as u32) < threshold && rejected < MAX_REJECTIONS {
            m = u64::from(self.next_u32()) * u64::from(n);
            rejected += 1;
        }
        ((m >> 32) as u32, self)
    }

    /// `true` with probability `percent`/100.
    pub fn chance(&mut self, percent: u8) -> bool {
        self.below(100) < u32::from(percent)
    }

    /// A uniformly random permutation of `items` (Fisher–Yates, from the end).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        // By value, as in `below`: kept in registers through the draws.
        let mut rng = self.clone();
        for i in (1..items.len()).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
        *self = rng;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[test]
    fn fixed_sequence_for_a_seed() {
        // Pinned: a change here changes every seeded game ever recorded.
        let mut rng = GameRng::new(42);
        let draws: Vec<u32> = (0..8).map(|_| rng.below(6)).collect();
        assert_eq!(draws, [5, 2, 3, 2, 0, 0, 1, 1]);
    }

    #[test]
    fn below_draws_as_the_plain_rejection_loop() {
        // The textbook loop, threshold first: `below` must accept and reject the same
        // raw draws, or seeded games would change. Large `n` reject often.
        fn reference(rng: &mut GameRng, n: u32) -> u32 {
            let threshold = n.wrapping_neg() % n;
            loop {
                let m = u64::from(rng.next_u32()) * u64::from(n);
                if (m as u32) >= threshold {
                    return (m >> 32) as u32;
                }
            }
        }
        let (mut fast, mut slow) = (GameRng::new(3), GameRng::new(3));
        for n in [
            1,
            2,
            3,
            6,
            7,
            100,
            1 << 31,
            (1 << 31) + 1,
            u32::MAX - 1,
            u32::MAX,
        ] {
            for _ in 0..2_000 {
                assert_eq!(fast.below(n), reference(&mut slow, n), "n = {n}");
            }
        }
        assert_eq!(fast, slow);
    }

    #[test]
    fn generators_serialize_with_the_stream_increment() {
        let json = serde_json::to_value(GameRng::new(9)).expect("serialize");
        assert_eq!(json["pcg"]["increment"], INCREMENT);
        let back: GameRng = serde_json::from_value(json.clone()).expect("deserialize");
        assert_eq!(back, GameRng::new(9));
        for increment in [0, 2, INCREMENT + 2] {
            let mut bad = json.clone();
            bad["pcg"]["increment"] = increment.into();
            let err = serde_json::from_value::<GameRng>(bad).expect_err("refused");
            assert!(err.to_string().contains("increment"), "{err}");
        }
    }

    #[test]
    fn below_finishes_on_a_degenerate_generator() {
        // State 0, increment 0: PCG's output is 0 forever, which every draw rejects.
        let stuck = serde_json::json!({"state": 0, "increment": 0});
        let mut rng = GameRng {
            pcg: Pcg32::deserialize(stuck).expect("a raw PCG"),
        };
        assert_eq!(rng.below(7), 0);
        assert_eq!(rng.below(u32::MAX), 0);
    }

    #[test]
    fn below_is_roughly_uniform() {
        let mut rng = GameRng::new(7);
        let mut counts = [0u32; 5];
        for _ in 0..50_000 {
            counts[rng.below(5) as usize] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
    }
}
