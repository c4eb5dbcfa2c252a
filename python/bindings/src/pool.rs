//! The threads a vector of environments steps on.
//!
//! The thread that imports the module joins its rayon pool as worker 0
//! ([`join_importing_thread`]), so that a call from it (nearly every call: Python code
//! runs on its main thread) starts working at once, beside the other workers, instead of
//! handing the batch to sleeping workers and sleeping itself until they finish: each of
//! those hand-overs waits for the system to schedule a thread, about 40 µs a call on the
//! machine of the benchmarks. A call from any other thread runs on a pool of its own
//! (the global pool's worker 0 only works while its own thread is in a call, so a batch
//! handed to it from elsewhere could wait for ever with one thread).

use std::sync::OnceLock;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

/// Makes the calling thread (the one importing the module) worker 0 of the global pool.
/// Nothing changes if the pool already runs (another module of the same library).
pub fn join_importing_thread() {
    let _ = ThreadPoolBuilder::new().use_current_thread().build_global();
}

/// Runs `work`, whose parallel iterators share its batch out, with the GIL released: on
/// the global pool from a thread in it, on the other threads' pool from anywhere else.
pub fn parallel<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    py.allow_threads(|| match rayon::current_thread_index() {
        Some(_) => Ok(work()),
        None => Ok(others()?.install(work)),
    })
}

/// The pool for calls from threads outside the global pool, started on the first.
fn others() -> PyResult<&'static ThreadPool> {
    static OTHERS: OnceLock<ThreadPool> = OnceLock::new();
    if let Some(pool) = OTHERS.get() {
        return Ok(pool);
    }
    let pool = ThreadPoolBuilder::new()
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("could not start worker threads: {e}")))?;
    Ok(OTHERS.get_or_init(|| pool))
}
