//! The threads a vector of environments steps on.
//!
//! The first thread that steps vectors in parallel (Python's main thread, nearly always)
//! joins the module's rayon pool as worker 0, so that its calls start working at once,
//! beside the other workers, instead of handing the batch to sleeping workers and
//! sleeping itself until they finish: each of those hand-overs waits for the system to
//! schedule a thread, about 40 µs a call on the machine of the benchmarks. The pool
//! starts with that first call, not when the module is imported, so that importing
//! starts no thread.
//!
//! A call from any other thread runs on a second pool: worker 0 only works while its own
//! thread is in a call, so a batch handed to the first pool from elsewhere could wait for
//! ever with one thread. A forked child has only the thread that forked: from worker 0 it
//! steps alone, from any other thread on a second pool of its own (the parent's has no
//! threads in it).

use std::sync::{Mutex, Once};

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};

/// Runs `work`, whose parallel iterators share its batch out, with the GIL released: on
/// the module's pool from its worker 0 (the first thread to get here), on the other
/// threads' pool from anywhere else.
pub fn parallel<T: Send>(py: Python<'_>, work: impl FnOnce() -> T + Send) -> PyResult<T> {
    static JOINED: Once = Once::new();
    py.allow_threads(|| {
        // Fails only if the pool already runs (something else used it first): calls then
        // take the other threads' pool.
        JOINED.call_once(|| {
            let _ = ThreadPoolBuilder::new().use_current_thread().build_global();
        });
        match rayon::current_thread_index() {
            Some(_) => Ok(work()),
            None => Ok(others()?.install(work)),
        }
    })
}

/// The pool for calls from threads outside the module's pool, started on the first one
/// in each process.
fn others() -> PyResult<&'static ThreadPool> {
    static OTHERS: Mutex<Option<(u32, &'static ThreadPool)>> = Mutex::new(None);
    let mut others = OTHERS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let pid = std::process::id();
    match *others {
        Some((of, pool)) if of == pid => Ok(pool),
        // None yet, or the parent's (a forked child has none of its threads): a new one.
        // The old one is left alone: its threads, if any, are another process's.
        _ => {
            let pool = ThreadPoolBuilder::new().build().map_err(|e| {
                PyRuntimeError::new_err(format!("could not start worker threads: {e}"))
            })?;
            let pool: &'static ThreadPool = Box::leak(Box::new(pool));
            *others = Some((pid, pool));
            Ok(pool)
        }
    }
}
