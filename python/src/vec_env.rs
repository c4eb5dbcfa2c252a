//! `VecEnv`: many environments stepped in one call, in parallel with the GIL released,
//! into arrays the caller allocated once.

use numpy::{
    PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2,
    PyReadwriteArray3,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::actions::Actions;
use crate::env::{Env, Spec};

#[pyclass(module = "match3._core")]
pub struct VecEnv {
    spec: Spec,
    actions: Actions,
    envs: Vec<Env>,
}

fn bad(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

#[pymethods]
impl VecEnv {
    /// `num_envs` games of `rules` on `rows` × `cols` boards with `colors` colours, each
    /// episode at most `max_moves` moves, seeded from `seed`.
    #[new]
    #[pyo3(signature = (num_envs, rules="lines", rows=8, cols=8, colors=6, seed=0, max_moves=100, autoreset=true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        rules: &str,
        rows: usize,
        cols: usize,
        colors: u8,
        seed: u64,
        max_moves: u32,
        autoreset: bool,
    ) -> PyResult<VecEnv> {
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(bad(format!("num_envs {num_envs}: give 1 to 1048576")));
        }
        let variant = match3_cli::Registry::builtin()
            .get(rules)
            .map_err(bad)?
            .clone();
        let size = match3_core::Size::new(rows, cols).map_err(bad)?;
        let spec = Spec {
            variant,
            size,
            colors,
            seed,
            max_moves: max_moves.max(1),
            autoreset,
        };
        let rules = spec.variant.rules();
        let actions = Actions::new(&*rules, rows, cols);
        let envs = (0..num_envs as u32)
            .map(|i| Env::new(&spec, i))
            .collect::<Result<Vec<_>, _>>()
            .map_err(bad)?;
        Ok(VecEnv {
            spec,
            actions,
            envs,
        })
    }

    /// How many environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.envs.len()
    }

    /// How many discrete actions.
    #[getter]
    fn num_actions(&self) -> usize {
        self.actions.count()
    }

    /// Every environment back to its first episode under `seed` (the same seed gives the
    /// same episodes, whatever the number of threads).
    fn reset(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        self.spec.seed = seed;
        let spec = &self.spec;
        py.allow_threads(|| self.envs.par_iter_mut().try_for_each(|e| e.restart(spec)))
            .map_err(bad)
    }

    /// Writes a uniformly random legal action per environment into `out`: each
    /// environment's own generator (seeded by `reset`) drew it when the last observation
    /// was written. Random play without a Python loop or a NumPy pass over the masks.
    fn sample(&self, mut out: PyReadwriteArray1<'_, i64>) -> PyResult<()> {
        let out = out.as_slice_mut().map_err(bad)?;
        if out.len() != self.envs.len() {
            return Err(bad(format!("out needs {} entries", self.envs.len())));
        }
        for (env, slot) in self.envs.iter().zip(out.iter_mut()) {
            *slot = env.sampled() as i64;
        }
        Ok(())
    }

    /// Writes every environment's board and action mask.
    fn observe(
        &mut self,
        py: Python<'_>,
        mut obs: PyReadwriteArray3<'_, i8>,
        mut masks: PyReadwriteArray2<'_, bool>,
    ) -> PyResult<()> {
        let (cells, n_actions) = (
            self.spec.size.rows() * self.spec.size.cols(),
            self.actions.count(),
        );
        let obs = obs.as_slice_mut().map_err(bad)?;
        let masks = masks.as_slice_mut().map_err(bad)?;
        self.check(obs.len(), cells, masks.len(), n_actions)?;
        let actions = self.actions;
        py.allow_threads(|| {
            (self.envs.par_iter_mut())
                .zip(obs.par_chunks_mut(cells))
                .zip(masks.par_chunks_mut(n_actions))
                .for_each(|((env, o), m)| env.observe(&actions, o, m));
        });
        Ok(())
    }

    /// Plays `action` in the only environment, on this thread (a thread pool's round
    /// trip would cost more than the move), and returns its new board and mask as new
    /// arrays, the reward, and whether the episode terminated or was truncated.
    #[allow(clippy::type_complexity)]
    fn step_one<'py>(
        &mut self,
        py: Python<'py>,
        action: i64,
    ) -> PyResult<(
        Bound<'py, PyArray2<i8>>,
        Bound<'py, PyArray1<bool>>,
        f32,
        bool,
        bool,
    )> {
        let [env] = self.envs.as_mut_slice() else {
            return Err(bad("step_one needs a single environment"));
        };
        let (rows, cols) = (self.spec.size.rows(), self.spec.size.cols());
        let s = env.step(
            &self.spec,
            &self.actions,
            usize::try_from(action).unwrap_or(usize::MAX),
        );
        let (mut obs, mut mask) = (vec![0i8; rows * cols], vec![false; self.actions.count()]);
        env.observe(&self.actions, &mut obs, &mut mask);
        let obs = PyArray1::from_vec(py, obs).reshape([rows, cols])?;
        Ok((
            obs,
            PyArray1::from_vec(py, mask),
            s.reward,
            s.terminated,
            s.truncated,
        ))
    }

    /// Plays `actions[i]` in environment `i` for every `i`, writes each reward and
    /// whether its episode ended (terminated: won, lost or no move; truncated: the move
    /// limit), restarts ended episodes, and writes the new boards and masks.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut obs: PyReadwriteArray3<'_, i8>,
        mut rewards: PyReadwriteArray1<'_, f32>,
        mut terminated: PyReadwriteArray1<'_, bool>,
        mut truncated: PyReadwriteArray1<'_, bool>,
        mut masks: PyReadwriteArray2<'_, bool>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let (cells, n_actions) = (
            self.spec.size.rows() * self.spec.size.cols(),
            self.actions.count(),
        );
        let chosen = actions.as_slice().map_err(bad)?;
        let (obs, masks) = (
            obs.as_slice_mut().map_err(bad)?,
            masks.as_slice_mut().map_err(bad)?,
        );
        let rewards = rewards.as_slice_mut().map_err(bad)?;
        let terminated = terminated.as_slice_mut().map_err(bad)?;
        let truncated = truncated.as_slice_mut().map_err(bad)?;
        if chosen.len() != n || rewards.len() != n || terminated.len() != n || truncated.len() != n
        {
            return Err(bad(format!(
                "actions, rewards, terminated and truncated need {n} entries"
            )));
        }
        self.check(obs.len(), cells, masks.len(), n_actions)?;
        let (spec, acts) = (&self.spec, self.actions);
        py.allow_threads(|| {
            (self.envs.par_iter_mut())
                .zip(chosen.par_iter())
                .zip(
                    obs.par_chunks_mut(cells)
                        .zip(masks.par_chunks_mut(n_actions)),
                )
                .zip(
                    rewards
                        .par_iter_mut()
                        .zip(terminated.par_iter_mut().zip(truncated.par_iter_mut())),
                )
                .for_each(|(((env, &a), (o, m)), (r, (te, tr)))| {
                    let s = env.step(spec, &acts, usize::try_from(a).unwrap_or(usize::MAX));
                    (*r, *te, *tr) = (s.reward, s.terminated, s.truncated);
                    env.observe(&acts, o, m);
                });
        });
        Ok(())
    }
}

impl VecEnv {
    fn check(&self, obs: usize, cells: usize, masks: usize, n_actions: usize) -> PyResult<()> {
        let n = self.envs.len();
        if obs != n * cells || masks != n * n_actions {
            return Err(bad(format!(
                "obs must be ({n}, rows, cols) int8 and masks ({n}, {n_actions}) bool, C-contiguous"
            )));
        }
        Ok(())
    }
}
