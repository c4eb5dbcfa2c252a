//! `VecEnv`: many environments stepped in one call, in parallel with the GIL released,
//! into arrays the caller allocated once.

use numpy::{
    PyArray1, PyArrayDyn, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2,
    PyReadwriteArrayDyn,
};
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::actions::Actions;
use crate::env::{Env, Options, Spec};
use crate::game::bad;

#[pyclass(module = "match3._core")]
pub struct VecEnv {
    spec: Spec,
    actions: Actions,
    envs: Vec<Env>,
    /// Each environment's random legal action, drawn when its observation was written:
    /// kept apart from the environments, so that `sample` reads one contiguous array.
    sampled: Vec<i64>,
}

#[pymethods]
impl VecEnv {
    /// `num_envs` games of `rules` on `rows` × `cols` boards with `colors` colours, or of
    /// the level file `level` (its size and palette; a new deal each episode), each
    /// episode at most `max_moves` moves, seeded from `seed`.
    #[new]
    #[pyo3(signature = (num_envs, rules=None, rows=8, cols=8, colors=6, seed=0, max_moves=100, autoreset=true, level=None, planes=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        num_envs: usize,
        rules: Option<&str>,
        rows: usize,
        cols: usize,
        colors: u8,
        seed: u64,
        max_moves: u32,
        autoreset: bool,
        level: Option<&str>,
        planes: bool,
    ) -> PyResult<VecEnv> {
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(bad(format!("num_envs {num_envs}: give 1 to 1048576")));
        }
        let spec = Spec::open(&Options {
            rules,
            level,
            rows,
            cols,
            colors,
            seed,
            max_moves,
            autoreset,
            planes,
        })
        .map_err(bad)?;
        let (rows, cols) = (spec.size.rows(), spec.size.cols());
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
            sampled: vec![0; num_envs],
        })
    }

    /// How many environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.envs.len()
    }

    /// The board's rows and columns.
    #[getter]
    fn shape(&self) -> (usize, usize) {
        (self.spec.size.rows(), self.spec.size.cols())
    }

    /// The move of action `a` as JSON (`null` when `a` is none).
    fn move_json(&self, a: usize) -> String {
        let mv = self.actions.decode(a);
        mv.map_or(serde_json::Value::Null, match3_cli::json::mv)
            .to_string()
    }

    /// The action of a move given as JSON (`None` when the move has none).
    fn action_of(&self, mv: &str) -> PyResult<Option<usize>> {
        let mv = crate::game::parse_move(mv).map_err(bad)?;
        Ok(self.actions.encode(mv))
    }

    /// Environment `i`'s board in notation.
    fn notation(&self, i: usize) -> PyResult<String> {
        let env = (self.envs.get(i)).ok_or_else(|| bad(format!("no environment {i}")))?;
        Ok(env.game.board().to_string())
    }

    /// Values per cell of an observation: 1 for the compact board, else the number of
    /// planes.
    #[getter]
    fn depth(&self) -> usize {
        self.spec.obs.depth()
    }

    /// The palette's size.
    #[getter]
    fn colors(&self) -> u8 {
        self.spec.colors
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
        out.copy_from_slice(&self.sampled);
        Ok(())
    }

    /// Writes every environment's board and action mask.
    fn observe(
        &mut self,
        py: Python<'_>,
        mut obs: PyReadwriteArrayDyn<'_, i8>,
        mut masks: PyReadwriteArray2<'_, bool>,
    ) -> PyResult<()> {
        let (cells, n_actions) = (self.obs_len(), self.actions.count());
        let obs = obs.as_slice_mut().map_err(bad)?;
        let masks = masks.as_slice_mut().map_err(bad)?;
        self.check(obs.len(), cells, masks.len(), n_actions)?;
        let (spec, actions) = (&self.spec, self.actions);
        py.allow_threads(|| {
            (self.envs.par_iter_mut().zip(self.sampled.par_iter_mut()))
                .zip(obs.par_chunks_mut(cells))
                .zip(masks.par_chunks_mut(n_actions))
                .for_each(|(((env, s), o), m)| *s = env.observe(spec, &actions, o, m) as i64);
        });
        Ok(())
    }

    /// Plays `action` in the only environment, on this thread (a thread pool's round
    /// trip would cost more than the move), and returns its new observation and mask as
    /// new arrays, the reward, and whether the episode terminated or was truncated.
    #[allow(clippy::type_complexity)]
    fn step_one<'py>(
        &mut self,
        py: Python<'py>,
        action: i64,
    ) -> PyResult<(
        Bound<'py, PyArrayDyn<i8>>,
        Bound<'py, PyArray1<bool>>,
        f32,
        bool,
        bool,
    )> {
        let (len, shape) = (self.obs_len(), self.obs_shape());
        let [env] = self.envs.as_mut_slice() else {
            return Err(bad("step_one needs a single environment"));
        };
        let a = usize::try_from(action).unwrap_or(usize::MAX);
        let s = env.step(&self.spec, &self.actions, a);
        let (mut obs, mut mask) = (vec![0i8; len], vec![false; self.actions.count()]);
        self.sampled[0] = env.observe(&self.spec, &self.actions, &mut obs, &mut mask) as i64;
        let obs = PyArray1::from_vec(py, obs).reshape(shape)?;
        let mask = PyArray1::from_vec(py, mask);
        Ok((obs, mask, s.reward, s.terminated, s.truncated))
    }

    /// Plays `actions[i]` in environment `i` for every `i`, writes each reward and
    /// whether its episode ended (terminated: won, lost or no move; truncated: the move
    /// limit), restarts ended episodes, and writes the new boards and masks.
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i64>,
        mut obs: PyReadwriteArrayDyn<'_, i8>,
        mut rewards: PyReadwriteArray1<'_, f32>,
        mut terminated: PyReadwriteArray1<'_, bool>,
        mut truncated: PyReadwriteArray1<'_, bool>,
        mut masks: PyReadwriteArray2<'_, bool>,
    ) -> PyResult<()> {
        let n = self.envs.len();
        let (cells, n_actions) = (self.obs_len(), self.actions.count());
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
            (self.envs.par_iter_mut().zip(self.sampled.par_iter_mut()))
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
                .for_each(|((((env, sampled), &a), (o, m)), (r, (te, tr)))| {
                    let s = env.step(spec, &acts, usize::try_from(a).unwrap_or(usize::MAX));
                    (*r, *te, *tr) = (s.reward, s.terminated, s.truncated);
                    *sampled = env.observe(spec, &acts, o, m) as i64;
                });
        });
        Ok(())
    }
}

impl VecEnv {
    /// Values in one environment's observation.
    fn obs_len(&self) -> usize {
        self.spec.obs.depth() * self.spec.size.rows() * self.spec.size.cols()
    }

    /// One observation's shape: rows × cols, or planes × rows × cols.
    fn obs_shape(&self) -> Vec<usize> {
        let (rows, cols) = (self.spec.size.rows(), self.spec.size.cols());
        match self.spec.obs.depth() {
            1 => vec![rows, cols],
            depth => vec![depth, rows, cols],
        }
    }

    fn check(&self, obs: usize, cells: usize, masks: usize, n_actions: usize) -> PyResult<()> {
        let n = self.envs.len();
        if obs != n * cells || masks != n * n_actions {
            return Err(bad(format!(
                "obs must be ({n}, {}) int8 and masks ({n}, {n_actions}) bool, C-contiguous",
                (self.obs_shape().iter().map(usize::to_string))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        Ok(())
    }
}
