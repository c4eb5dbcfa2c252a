//! Bit tricks shared by the bit-set types ([`CellSet`](crate::CellSet),
//! [`SwapMasks`](crate::SwapMasks)). The default x86-64 target has no popcount
//! instruction, so counts go through byte counts where many words are summed.

/// The number of set bits of each byte of `x`, in that byte (at most 8 each, so up to 31
/// such results can be added before a byte overflows).
#[inline]
pub(crate) fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
}

/// Trades bits `i` and `j` of every word of `planes` (a swap of two cells, on packed
/// planes).
#[inline(always)]
pub(crate) fn trade_bits(planes: &mut [u64], i: usize, j: usize) {
    for p in planes {
        let differ = (*p >> i ^ *p >> j) & 1;
        *p ^= differ << i | differ << j;
    }
}

/// The index of the `n`-th set bit of `bits` (from 0, lowest first); `None` when it has
/// at most `n` set bits.
#[inline]
pub(crate) fn nth_set_bit(mut bits: u64, n: usize) -> Option<u32> {
    for _ in 0..n {
        bits &= bits.wrapping_sub(1);
    }
    (bits != 0).then(|| bits.trailing_zeros())
}

/// The indices of the set bits of `bits`, lowest first.
#[inline]
pub(crate) fn set_bits(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The bits of `x` moved to the even bits of a `u64` (bit `i` to bit `2i`): a byte at a
/// time from a table, four independent loads where the shift-and-mask rounds were a chain
/// of fifteen steps (a move list 8% faster).
#[inline]
pub(crate) fn spread(x: u32) -> u64 {
    let byte = |k: u32| u64::from(SPREAD_BYTE[(x >> (8 * k) & 0xff) as usize]) << (16 * k);
    byte(0) | byte(1) | byte(2) | byte(3)
}

/// Each byte's bits moved to the even bits of a `u16`.
static SPREAD_BYTE: [u16; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut bit = 0;
        while bit < 8 {
            table[byte] |= ((byte >> bit & 1) as u16) << (2 * bit);
            bit += 1;
        }
        byte += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_tricks_agree_with_counting_one_by_one() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            for (i, b) in byte_counts(x).to_le_bytes().into_iter().enumerate() {
                assert_eq!(u32::from(b), (x >> (8 * i) & 0xff).count_ones());
            }
            let set: Vec<u32> = (0..64).filter(|&i| x >> i & 1 == 1).collect();
            assert!(set_bits(x).map(|i| i as u32).eq(set.iter().copied()));
            for n in 0..=set.len() {
                assert_eq!(nth_set_bit(x, n), set.get(n).copied());
            }
            let low = x as u32;
            let spread = spread(low);
            for i in 0..32 {
                assert_eq!(spread >> (2 * i) & 1, u64::from(low >> i & 1));
                assert_eq!(spread >> (2 * i + 1) & 1, 0);
            }
        }
        // Edges: empty, full, one bit at either end, sparse.
        for x in [
            0,
            u64::MAX,
            1,
            1 << 63,
            0x8000_0000_0000_0001,
            0x0100_0000_0080_0000,
        ] {
            let set: Vec<u32> = (0..64).filter(|&i| x >> i & 1 == 1).collect();
            assert!(set_bits(x).map(|i| i as u32).eq(set.iter().copied()));
            for n in 0..=65 {
                assert_eq!(nth_set_bit(x, n), set.get(n).copied(), "{x:#x} {n}");
            }
        }
    }
}
