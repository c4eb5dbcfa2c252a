//! `match3_lightning._core`: the match3 engine for Python over the bundled variants and
//! lightning. The package's Python layer is the `match3` package's, over this module.

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let registry = match3_python::builtin_and([match3_example_lightning::variant()])?;
    match3_python::build(m, registry)
}
