//! The arrays a vector writes into, allocated once by the Python side: borrowed for a
//! call with their writability, aliasing, contiguity and sizes checked (a `ValueError`
//! instead of a panic), then cut into each environment's part.

use numpy::{Element, ndarray::Dimension};
use numpy::{
    PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadwriteArray, PyUntypedArrayMethods,
};
use pyo3::prelude::*;
use rayon::iter::Either;
use rayon::prelude::*;

use crate::actions::Actions;
use crate::env::{Out, Slot};
use crate::game::bad;
use crate::spec::Spec;

/// The arrays, read from the Python object's attributes of these names: `obs` (the
/// board arrays' bytes), `extras`, `masks`, `rewards`, the flags, and where same-step
/// autoreset writes ended episodes' last observations (`None` in other modes).
#[derive(FromPyObject)]
pub struct Buffers<'py> {
    obs: Bound<'py, PyArrayDyn<u8>>,
    extras: Bound<'py, PyArray2<i32>>,
    masks: Bound<'py, PyArray2<i8>>,
    rewards: Bound<'py, PyArray1<f32>>,
    terminated: Bound<'py, PyArray1<bool>>,
    truncated: Bound<'py, PyArray1<bool>>,
    illegal: Bound<'py, PyArray1<bool>>,
    final_obs: Option<Bound<'py, PyArrayDyn<u8>>>,
    final_extras: Option<Bound<'py, PyArray2<i32>>>,
    final_masks: Option<Bound<'py, PyArray2<i8>>>,
}

/// The arrays borrowed for writing.
pub struct Guards<'py> {
    widths: [usize; 3],
    n: usize,
    obs: PyReadwriteArray<'py, u8, numpy::IxDyn>,
    extras: PyReadwriteArray<'py, i32, numpy::Ix2>,
    masks: PyReadwriteArray<'py, i8, numpy::Ix2>,
    rewards: PyReadwriteArray<'py, f32, numpy::Ix1>,
    terminated: PyReadwriteArray<'py, bool, numpy::Ix1>,
    truncated: PyReadwriteArray<'py, bool, numpy::Ix1>,
    illegal: PyReadwriteArray<'py, bool, numpy::Ix1>,
    last: Option<LastGuards<'py>>,
}

/// The same-step arrays borrowed: last observations, extras and masks.
type LastGuards<'py> = (
    PyReadwriteArray<'py, u8, numpy::IxDyn>,
    PyReadwriteArray<'py, i32, numpy::Ix2>,
    PyReadwriteArray<'py, i8, numpy::Ix2>,
);

/// Borrows `array` (named `name` in errors) for writing: it must be writeable, not
/// borrowed already (the same array passed twice), C-contiguous, and hold `len` entries.
fn take<'py, T: Element, D: Dimension>(
    name: &str,
    array: &Bound<'py, numpy::PyArray<T, D>>,
    len: usize,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    let mut guard = (array.try_readwrite()).map_err(|e| {
        bad(format!(
            "the {name} array cannot be written ({e}): give a writeable array of its own"
        ))
    })?;
    let got = guard
        .as_slice_mut()
        .map_err(|_| bad(format!("the {name} array is not C-contiguous")))?
        .len();
    if got != len {
        return Err(bad(format!(
            "the {name} array holds {got} entries, not {len}"
        )));
    }
    Ok(guard)
}

impl<'py> Buffers<'py> {
    /// Borrows every array, checking each against `n` environments of `spec`.
    pub fn borrow(&self, n: usize, spec: &Spec, actions: &Actions) -> PyResult<Guards<'py>> {
        let widths = [spec.obs.len(), spec.obs.extras_len(), actions.count()];
        let last = match (&self.final_obs, &self.final_extras, &self.final_masks) {
            (Some(o), Some(e), Some(m)) => Some((
                take("final_obs", o, n * widths[0])?,
                take("final_extras", e, n * widths[1])?,
                take("final_masks", m, n * widths[2])?,
            )),
            _ => None,
        };
        if self.obs.ndim() == 0 {
            return Err(bad("the obs array has no axis"));
        }
        Ok(Guards {
            widths,
            n,
            obs: take("obs", &self.obs, n * widths[0])?,
            extras: take("extras", &self.extras, n * widths[1])?,
            masks: take("masks", &self.masks, n * widths[2])?,
            rewards: take("rewards", &self.rewards, n)?,
            terminated: take("terminated", &self.terminated, n)?,
            truncated: take("truncated", &self.truncated, n)?,
            illegal: take("illegal", &self.illegal, n)?,
            last,
        })
    }
}

/// The borrowed arrays as slices.
pub struct Views<'a> {
    widths: [usize; 3],
    n: usize,
    board: &'a mut [u8],
    extras: &'a mut [i32],
    mask: &'a mut [i8],
    reward: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    illegal: &'a mut [bool],
    last_board: &'a mut [u8],
    last_extras: &'a mut [i32],
    last_mask: &'a mut [i8],
}

impl<'py> Guards<'py> {
    /// The arrays as slices (each was checked contiguous when borrowed).
    pub fn views(&mut self) -> Views<'_> {
        let (last_board, last_extras, last_mask) = match &mut self.last {
            Some((o, e, m)) => (slice(o), slice(e), slice(m)),
            None => (Default::default(), Default::default(), Default::default()),
        };
        Views {
            widths: self.widths,
            n: self.n,
            board: slice(&mut self.obs),
            extras: slice(&mut self.extras),
            mask: slice(&mut self.masks),
            reward: slice(&mut self.rewards),
            terminated: slice(&mut self.terminated),
            truncated: slice(&mut self.truncated),
            illegal: slice(&mut self.illegal),
            last_board,
            last_extras,
            last_mask,
        }
    }
}

fn slice<'a, T: Element, D: Dimension>(guard: &'a mut PyReadwriteArray<'_, T, D>) -> &'a mut [T] {
    guard.as_slice_mut().unwrap_or_default()
}

/// `buf` cut into `n` parts of `width` entries; an empty part each when the width is 0 or
/// the buffer is absent (empty).
fn per_env<T: Send>(
    buf: &mut [T],
    width: usize,
    n: usize,
) -> impl IndexedParallelIterator<Item = &mut [T]> {
    match width == 0 || buf.is_empty() {
        true => Either::Left((0..n).into_par_iter().map(|_| <&mut [T]>::default())),
        false => Either::Right(buf.par_chunks_mut(width)),
    }
}

impl<'a> Views<'a> {
    /// Each environment's observation part.
    pub fn outs(self) -> impl IndexedParallelIterator<Item = Out<'a>> {
        let [b, e, m] = self.widths;
        outs(self.board, self.extras, self.mask, [b, e, m], self.n)
    }

    /// Each environment's whole part.
    pub fn slots(self) -> impl IndexedParallelIterator<Item = Slot<'a>> {
        let (w, n) = (self.widths, self.n);
        let flags = (
            self.reward.par_iter_mut(),
            self.terminated.par_iter_mut(),
            self.truncated.par_iter_mut(),
            self.illegal.par_iter_mut(),
        );
        let lasts = outs(self.last_board, self.last_extras, self.last_mask, w, n);
        (
            outs(self.board, self.extras, self.mask, w, n),
            lasts,
            flags.into_par_iter(),
        )
            .into_par_iter()
            .map(
                |(obs, last, (reward, terminated, truncated, illegal))| Slot {
                    obs,
                    reward,
                    terminated,
                    truncated,
                    illegal,
                    last,
                },
            )
    }

    /// The only environment's part, without a thread pool (the vector holds one).
    pub fn whole(self) -> Slot<'a> {
        Slot {
            obs: Out {
                board: self.board,
                extras: self.extras,
                mask: self.mask,
            },
            reward: &mut self.reward[0],
            terminated: &mut self.terminated[0],
            truncated: &mut self.truncated[0],
            illegal: &mut self.illegal[0],
            last: Out {
                board: self.last_board,
                extras: self.last_extras,
                mask: self.last_mask,
            },
        }
    }
}

fn outs<'a>(
    board: &'a mut [u8],
    extras: &'a mut [i32],
    mask: &'a mut [i8],
    [b, e, m]: [usize; 3],
    n: usize,
) -> impl IndexedParallelIterator<Item = Out<'a>> {
    (
        per_env(board, b, n),
        per_env(extras, e, n),
        per_env(mask, m, n),
    )
        .into_par_iter()
        .map(|(board, extras, mask)| Out {
            board,
            extras,
            mask,
        })
}
