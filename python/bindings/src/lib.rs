//! # match3-python
//!
//! The `match3` Python module as a library: [`build`] fills a PyO3 module with the whole
//! engine for Python (`Game`, `Bot`, `simulate_json`, `solve_json`, `VecEnv`, `rules`
//! and the board codes) over any [`Registry`] of variants. The `match3` package is this
//! crate over the bundled variants; a rule crate reaches Python users with the same few
//! lines over its own registry, built with maturin, and the `match3` package's Python
//! files (`Game`, `Bot`, `simulate`, `solve`, the Gymnasium environments), which import
//! only their own package's `_core`, run on it unchanged beside it
//! (`crates/match3-example-lightning/python` is such a package):
//!
//! ```ignore
//! use pyo3::prelude::*;
//!
//! #[pymodule]
//! fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
//!     let registry = match3_python::builtin_and([my_rules::variant()])?;
//!     match3_python::build(m, registry)
//! }
//! ```
//!
//! `Game` is one game with the engine's JSON shapes and `Bot` a bot to play it; `run`
//! has whole simulations and the solver, returning the command line's JSON; `VecEnv`
//! steps many games at once in Rust, in parallel with the GIL released, writing into
//! NumPy arrays the caller allocated once. The Python package (`match3`, `match3.gym`)
//! wraps them; its stubs are `match3/_core.pyi`.

mod actions;
mod buffers;
mod encode;
mod env;
mod game;
mod memory;
mod pool;
mod render;
mod run;
mod spec;
mod vec_env;

use std::sync::OnceLock;

use match3_app::{Registry, Variant};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

/// The variants of this process's module, set once when Python imports it (each
/// extension module is a library of its own, with its own copy).
static REGISTRY: OnceLock<Registry> = OnceLock::new();

/// The registry the module was built over.
pub(crate) fn registry() -> PyResult<&'static Registry> {
    REGISTRY.get().ok_or_else(|| {
        PyRuntimeError::new_err(
            "the module was not built: call match3_python::build in its #[pymodule]",
        )
    })
}

/// The bundled variants and `variants`, or a `ValueError` for a name that is taken or
/// cannot be typed.
pub fn builtin_and(variants: impl IntoIterator<Item = Variant>) -> PyResult<Registry> {
    let mut registry = Registry::builtin();
    for variant in variants {
        registry
            .add(variant)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
    }
    Ok(registry)
}

/// Fills `m`, a `#[pymodule]` being imported, with the engine over `registry`: the
/// classes `Game`, `Bot` and `VecEnv` (named as `m`'s, so that they pickle by its name),
/// the functions `simulate_json`, `solve_json` and `rules` (the registry's names), and
/// the board codes `EMPTY`, `BLOCKER`, `HOLE`, `CRATE`, `COLORLESS`. A process builds
/// one module per extension library.
pub fn build(m: &Bound<'_, PyModule>, registry: Registry) -> PyResult<()> {
    REGISTRY.set(registry).map_err(|_| {
        PyRuntimeError::new_err("this extension's module is already built in this process")
    })?;
    m.add_class::<game::Game>()?;
    m.add_class::<game::Bot>()?;
    m.add_class::<vec_env::VecEnv>()?;
    let name = m.name()?;
    for class in ["Game", "Bot", "VecEnv"] {
        m.getattr(class)?.setattr("__module__", &name)?;
    }
    m.add_function(wrap_pyfunction!(run::simulate_json, m)?)?;
    m.add_function(wrap_pyfunction!(run::solve_json, m)?)?;
    m.add_function(wrap_pyfunction!(rules, m)?)?;
    m.add("EMPTY", encode::EMPTY)?;
    m.add("BLOCKER", encode::BLOCKER)?;
    m.add("HOLE", encode::HOLE)?;
    m.add("CRATE", encode::CRATE)?;
    m.add("COLORLESS", encode::COLORLESS)?;
    Ok(())
}

/// The names of the variants the module plays, in the registry's order.
#[pyfunction]
fn rules() -> PyResult<Vec<&'static str>> {
    Ok(registry()?.names())
}
