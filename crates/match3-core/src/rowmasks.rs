//! [`RowMasks`]: one plane of a board (its pieces, a colour, ...) as a word per row.

use std::ops::Deref;

use crate::packed::unpack_rows;
use crate::pos::MAX_SIDE;

/// One plane of a [`Board`](crate::Board) as a word per row: word `r` has bit `c` set when
/// cell `(r, c)` is in the plane. It dereferences to `[u32]` (one word per row, as many as
/// the board has rows), so index it, iterate it or slice it as a slice.
///
/// A board of at most 64 cells writes the rows out when asked (a few instructions: hot
/// rules go through [`planes::on_planes`](crate::planes::on_planes) instead); a bigger
/// board lends its own.
///
/// ```
/// use match3_core::{Board, Color};
///
/// let board: Board = "AB./BAA".parse()?;
/// let a = board.color_rows(Color::new(0).unwrap());
/// assert_eq!(&a[..], [0b001, 0b110]);
/// assert_eq!(board.piece_rows().iter().map(|w| w.count_ones()).sum::<u32>(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct RowMasks<'a>(Words<'a>);

#[derive(Clone, Copy)]
enum Words<'a> {
    Lent(&'a [u32]),
    Written { rows: [u32; MAX_SIDE], len: u8 },
}

impl<'a> RowMasks<'a> {
    /// Rows kept by the board.
    #[inline]
    pub(crate) fn lent(rows: &'a [u32]) -> Self {
        RowMasks(Words::Lent(rows))
    }

    /// The rows of a packed plane (bit `row * cols + col`) of a board of `rows` rows of
    /// `cols` columns (at most 64 cells).
    #[inline]
    pub(crate) fn unpacked(plane: u64, rows: usize, cols: usize) -> Self {
        RowMasks(Words::Written {
            rows: unpack_rows(plane, rows, cols),
            len: rows as u8,
        })
    }
}

impl Deref for RowMasks<'_> {
    type Target = [u32];
    #[inline]
    fn deref(&self) -> &[u32] {
        match &self.0 {
            Words::Lent(rows) => rows,
            Words::Written { rows, len } => &rows[..usize::from(*len)],
        }
    }
}

impl<'b> IntoIterator for &'b RowMasks<'_> {
    type Item = &'b u32;
    type IntoIter = std::slice::Iter<'b, u32>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl std::fmt::Debug for RowMasks<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.iter().map(|w| format!("{w:#b}")))
            .finish()
    }
}

impl PartialEq for RowMasks<'_> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for RowMasks<'_> {}

impl PartialEq<[u32]> for RowMasks<'_> {
    fn eq(&self, other: &[u32]) -> bool {
        **self == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every packed size: row `r` of the unpacked plane holds bits `r * cols ..` of it.
    #[test]
    fn unpacking_reads_every_row_of_every_small_size() {
        let plane = 0x9e37_79b9_7f4a_7c15u64;
        for rows in 1..=MAX_SIDE {
            for cols in 1..=MAX_SIDE {
                if rows * cols > 64 {
                    continue;
                }
                let got = RowMasks::unpacked(plane, rows, cols);
                assert_eq!(got.len(), rows);
                for (r, &w) in got.iter().enumerate() {
                    for c in 0..cols {
                        let want = plane >> (r * cols + c) & 1;
                        assert_eq!(u64::from(w >> c & 1), want, "{rows}x{cols} ({r}, {c})");
                    }
                    assert_eq!(
                        w.checked_shr(cols as u32).unwrap_or(0),
                        0,
                        "{rows}x{cols} row {r} past its columns"
                    );
                }
            }
        }
    }
}
