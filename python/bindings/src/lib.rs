//! `match3._core`: the engine for Python. `Game` is one game with the engine's
//! JSON shapes and `Bot` a bot to play it; `run` has whole simulations and the
//! solver, returning the command line's JSON; `VecEnv` steps many games at
//! once in Rust, in parallel with the GIL released, writing into NumPy arrays the caller
//! allocated once. The Python package (`match3`, `match3.gym`) wraps them; its stubs are
//! `match3/_core.pyi`.

mod actions;
mod buffers;
mod encode;
mod env;
mod game;
mod memory;
mod render;
mod run;
mod spec;
mod vec_env;

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<game::Game>()?;
    m.add_class::<game::Bot>()?;
    m.add_function(wrap_pyfunction!(run::simulate_json, m)?)?;
    m.add_function(wrap_pyfunction!(run::solve_json, m)?)?;
    m.add_class::<vec_env::VecEnv>()?;
    m.add("EMPTY", encode::EMPTY)?;
    m.add("BLOCKER", encode::BLOCKER)?;
    m.add("HOLE", encode::HOLE)?;
    m.add("CRATE", encode::CRATE)?;
    m.add("COLORLESS", encode::COLORLESS)?;
    Ok(())
}
