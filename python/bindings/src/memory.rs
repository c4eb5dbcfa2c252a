//! Whether a vector fits in memory, checked before anything is allocated: a vector too
//! large raises `MemoryError` naming the size instead of aborting the interpreter when
//! an allocation fails.

use pyo3::PyErr;
use pyo3::exceptions::PyMemoryError;

use crate::actions::Actions;
use crate::spec::{Autoreset, Spec};

/// An environment's bytes beyond its cells (the game's rules handle, level, generators
/// and scratch, the environment's counters): `python/bench/footprint.py` measured 6.6 kB
/// for an 8×8 game and 33.9 kB for 32×32, 4.8 kB plus 28.4 bytes a cell; rounded up.
const GAME_BYTES: u64 = 6_144;
/// A game's bytes a cell (three board states: current, initial, backup, each with its
/// cells, ids, layers and bit planes), measured like [`GAME_BYTES`], rounded up.
const GAME_BYTES_A_CELL: u64 = 32;

/// Bytes `n` environments of `spec` take: their games, and the arrays the Python side
/// allocates for them (observations, masks, rewards and flags; twice the observations
/// with same-step autoreset).
pub fn bytes(spec: &Spec, actions: &Actions, n: usize) -> u128 {
    let cells = (spec.size.rows() * spec.size.cols()) as u64;
    let game = GAME_BYTES + GAME_BYTES_A_CELL * cells;
    let obs = (spec.obs.len() + 4 * spec.obs.extras_len() + actions.count()) as u64;
    let copies = if spec.autoreset == Autoreset::SameStep {
        2
    } else {
        1
    };
    // A reward (4 bytes), three flags and a sampled action (8).
    let per_env = game + copies * obs + 4 + 3 + 8;
    u128::from(per_env) * n as u128
}

/// Refuses `n` environments of `spec` when they need more memory than is available.
pub fn check(spec: &Spec, actions: &Actions, n: usize) -> Result<(), PyErr> {
    let need = bytes(spec, actions, n);
    match available() {
        Some(free) if need > u128::from(free) => Err(too_large(spec, n, need, Some(free))),
        None if need > isize::MAX as u128 => Err(too_large(spec, n, need, None)),
        _ => Ok(()),
    }
}

/// The error of an allocation for `n` environments of `spec` that failed.
pub fn refused(spec: &Spec, n: usize) -> PyErr {
    let need = u128::from(GAME_BYTES) * n as u128;
    too_large(spec, n, need, None)
}

fn too_large(spec: &Spec, n: usize, need: u128, free: Option<u64>) -> PyErr {
    let gb = |b: u128| b as f64 / 1e9;
    let what = format!(
        "{n} environments of {}x{} boards with obs_mode='{}' need about {:.1} GB ({} bytes an \
         environment: its game and arrays)",
        spec.size.rows(),
        spec.size.cols(),
        spec.obs.mode.name(),
        gb(need),
        need / n.max(1) as u128
    );
    PyMemoryError::new_err(match free {
        Some(free) => format!(
            "{what}, more than the {:.1} GB available",
            gb(u128::from(free))
        ),
        None => format!("{what}: that much could not be allocated"),
    })
}

/// Bytes of memory available to allocate, where the system says (Linux's
/// `MemAvailable`).
fn available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}
