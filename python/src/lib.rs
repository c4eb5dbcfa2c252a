//! `match3._core`: the engine for Python over the bundled variants, built by
//! [`match3_python::build`]. The Python package (`match3`, `match3.gym`) wraps it; its
//! stubs are `match3/_core.pyi`.

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    match3_python::build(m, match3_app::Registry::builtin())
}
