//! `VecEnv`: many environments stepped in one call, in parallel with the GIL released,
//! into arrays the caller allocated once (see [`crate::buffers`]).

use numpy::{PyArray1, PyArray3, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::actions::Actions;
use crate::buffers::{Buffers, Views};
use crate::env::{Env, SavedEnv, Slot};
use crate::game::bad;
use crate::spec::{Autoreset, Illegal, Options, Spec};
use crate::{memory, pool, render};
use match3_core::Snapshot;

/// The most environments a vector holds.
const MAX_ENVS: usize = 1 << 20;

#[pyclass(module = "match3._core")]
pub struct VecEnv {
    spec: Spec,
    actions: Actions,
    envs: Vec<Env>,
    /// Each environment's random legal action, drawn when its observation was written:
    /// kept apart from the environments, so that `sample` reads one contiguous array.
    sampled: Vec<i64>,
}

/// A vector's saved state: its options (so that it can be rebuilt) and each
/// environment's.
#[derive(serde::Serialize, serde::Deserialize)]
struct Saved {
    match3_env: u32,
    options: Options,
    envs: Vec<SavedEnv>,
}

/// The saved-state format's version.
const FORMAT: u32 = 1;

#[pymethods]
impl VecEnv {
    /// `num_envs` games of `rules` on `rows` × `cols` boards with `colors` colours, or of
    /// the level file `level` (its size and palette; a new deal each episode), each
    /// episode at most `max_moves` moves, seeded from `seed`.
    #[new]
    #[pyo3(signature = (num_envs, rules=None, rows=8, cols=8, colors=6, seed=0, max_moves=100,
        autoreset="next_step", level=None, obs_mode="int8", illegal="noop", penalty=1.0,
        reward_scale=1.0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        num_envs: usize,
        rules: Option<&str>,
        rows: usize,
        cols: usize,
        colors: u8,
        seed: u64,
        max_moves: u32,
        autoreset: &str,
        level: Option<&str>,
        obs_mode: &str,
        illegal: &str,
        penalty: f32,
        reward_scale: f32,
    ) -> PyResult<VecEnv> {
        let level = level
            .map(crate::spec::read_level)
            .transpose()
            .map_err(bad)?;
        let options = Options {
            rules: rules.map(str::to_string),
            level,
            rows,
            cols,
            colors,
            seed,
            max_moves,
            autoreset: autoreset.to_string(),
            obs_mode: obs_mode.to_string(),
            illegal: illegal.to_string(),
            penalty,
            reward_scale,
        };
        let spec = Spec::open(options).map_err(bad)?;
        VecEnv::build(py, spec, num_envs)
    }

    /// A vector from [`get_state`](VecEnv::get_state)'s text: its options and every
    /// environment's state (what unpickling calls).
    #[staticmethod]
    fn from_state(py: Python<'_>, state: &str) -> PyResult<VecEnv> {
        let saved = parse_state(state)?;
        let spec = Spec::open(saved.options.clone()).map_err(bad)?;
        let mut env = VecEnv::build(py, spec, saved.envs.len())?;
        env.load(saved)?;
        Ok(env)
    }

    /// Pickles through the saved state.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let from_state = slf.get_type().getattr("from_state")?;
        Ok((from_state, (slf.borrow().get_state()?,)))
    }

    /// Every environment's state as JSON text: the options and, per environment, its
    /// game in the engine's save format, its counters and its sampler.
    fn get_state(&self) -> PyResult<String> {
        let saved = Saved {
            match3_env: FORMAT,
            options: self.spec.options.clone(),
            envs: (self.envs.iter().zip(&self.sampled))
                .map(|(e, &s)| e.save(s))
                .collect(),
        };
        serde_json::to_string(&saved).map_err(bad)
    }

    /// Restores every environment from `state` (of a vector with the same rules or
    /// level, board size, palette and number of environments) and writes their
    /// observations into `bufs`; nothing changes when the state is refused.
    fn set_state(&mut self, py: Python<'_>, state: &str, bufs: Buffers<'_>) -> PyResult<()> {
        let saved = parse_state(state)?;
        let theirs = Spec::open(saved.options.clone()).map_err(bad)?;
        let ours = &self.spec;
        if theirs.variant.name() != ours.variant.name()
            || theirs.options.level != ours.options.level
            || theirs.size != ours.size
            || theirs.colors != ours.colors
            || saved.envs.len() != self.envs.len()
        {
            return Err(bad(format!(
                "a state of {} environment(s) of {} on {} with {} colours, not of this one",
                saved.envs.len(),
                theirs.variant.name(),
                theirs.size,
                theirs.colors
            )));
        }
        self.load(saved)?;
        self.write_all(py, bufs)
    }

    /// Writes every environment's observation and mask into `bufs` as they are, drawing
    /// nothing (after unpickling, say).
    fn write(&mut self, py: Python<'_>, bufs: Buffers<'_>) -> PyResult<()> {
        self.write_all(py, bufs)
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

    /// One environment's board-array shape.
    #[getter]
    fn obs_shape(&self) -> Vec<usize> {
        self.spec.obs.shape()
    }

    /// One-hot planes a cell.
    #[getter]
    fn planes(&self) -> usize {
        self.spec.obs.planes()
    }

    /// `int32` entries beside the board (`dict` observations; 0 otherwise).
    #[getter]
    fn extras_len(&self) -> usize {
        self.spec.obs.extras_len()
    }

    /// The level's goals, by kind (`[]` without a level).
    #[getter]
    fn goal_kinds(&self) -> Vec<String> {
        self.spec.goals().iter().map(|g| g.to_string()).collect()
    }

    /// Entries of the next piece's vector.
    #[getter]
    fn next_len(&self) -> usize {
        self.spec.obs.next_len()
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

    /// The move limit of an episode.
    #[getter]
    fn max_moves(&self) -> u32 {
        self.spec.max_moves
    }

    /// Sets the move limit of episodes (the current ones included).
    #[setter]
    fn set_max_moves(&mut self, max_moves: u32) -> PyResult<()> {
        if max_moves == 0 {
            return Err(bad("max_moves 0: give at least 1"));
        }
        (self.spec.max_moves, self.spec.options.max_moves) = (max_moves, max_moves);
        Ok(())
    }

    /// The move of action `a` as JSON (`null` when `a` is none).
    fn move_json(&self, a: usize) -> String {
        let mv = self.actions.decode(a);
        mv.map_or(serde_json::Value::Null, match3_app::json::mv)
            .to_string()
    }

    /// The action of a move given as JSON (`None` when the move has none).
    fn action_of(&self, mv: &str) -> PyResult<Option<usize>> {
        let mv = crate::game::parse_move(mv).map_err(bad)?;
        Ok(self.actions.encode(mv))
    }

    /// Environment `i`'s board in notation.
    fn notation(&self, i: usize) -> PyResult<String> {
        Ok(self.env(i)?.game.board().to_string())
    }

    /// Environment `i` as text: its board in notation, a row a line, columns aligned,
    /// then a line with its score, moves left, status, next piece and goals.
    fn text(&self, i: usize) -> PyResult<String> {
        let env = self.env(i)?;
        let mut text = render::text(env.game.board());
        text.push_str(&render::status(&env.game, env.moves_left(&self.spec)));
        Ok(text)
    }

    /// Environment `i`'s board drawn `px` pixels a cell (4 to 64): a new
    /// `(rows·px, cols·px, 3)` `uint8` array.
    fn render<'py>(
        &self,
        py: Python<'py>,
        i: usize,
        px: usize,
    ) -> PyResult<Bound<'py, PyArray3<u8>>> {
        if !(4..=64).contains(&px) {
            return Err(bad(format!("px {px}: give 4 to 64 pixels a cell")));
        }
        let game = &self.env(i)?.game;
        let (rows, cols) = (game.board().rows() * px, game.board().cols() * px);
        let mut pixels = vec![0u8; rows * cols * 3];
        render::draw(game.board(), game.rules().special_kinds(), px, &mut pixels);
        PyArray1::from_vec(py, pixels).reshape([rows, cols, 3])
    }

    /// Whether environment `i`'s episode ended and waits for a reset.
    fn ended(&self, i: usize) -> PyResult<bool> {
        Ok(self.env(i)?.ended())
    }

    /// Environment `i`'s score, moves played in its game, and status.
    fn status(&self, i: usize) -> PyResult<(u64, u32, &'static str)> {
        let game = &self.env(i)?.game;
        Ok((game.score(), game.moves(), game.status().as_str()))
    }

    /// Every environment back to its first episode under `seed` (the same seed gives the
    /// same episodes, whatever the number of threads), observed into `bufs`.
    fn reset(&mut self, py: Python<'_>, seed: u64, bufs: Buffers<'_>) -> PyResult<()> {
        let mut guards = bufs.borrow(self.envs.len(), &self.spec, &self.actions)?;
        self.spec.seed = seed;
        self.spec.options.seed = seed;
        let spec = &self.spec;
        let restarted: Result<(), String> = pool::parallel(py, || {
            (self.envs.par_iter_mut().enumerate())
                .try_for_each(|(i, e)| e.restart(spec).map_err(|e| format!("environment {i}: {e}")))
        })?;
        restarted.map_err(bad)?;
        self.observe_all(py, guards.views())
    }

    /// Writes a uniformly random legal action per environment into `out`: each
    /// environment's own generator (seeded by `reset`) drew it when the last observation
    /// was written. Random play without a Python loop or a NumPy pass over the masks.
    fn sample(&self, out: Bound<'_, PyArray1<i64>>) -> PyResult<()> {
        let mut out: PyReadwriteArray1<'_, i64> = out.try_readwrite().map_err(bad)?;
        let out = out.as_slice_mut().map_err(bad)?;
        if out.len() != self.envs.len() {
            return Err(bad(format!("out needs {} entries", self.envs.len())));
        }
        out.copy_from_slice(&self.sampled);
        Ok(())
    }

    /// Writes, per environment, the action the bot `name` (seeded from `seed` and the
    /// environment's index) plays in its game into `out`, or -1 where no move is legal;
    /// every environment's bot thinks in parallel.
    fn bot_actions(
        &self,
        py: Python<'_>,
        name: &str,
        seed: u64,
        out: Bound<'_, PyArray1<i64>>,
    ) -> PyResult<()> {
        let kind = crate::run::bot_kind(name)?;
        let mut out: PyReadwriteArray1<'_, i64> = out.try_readwrite().map_err(bad)?;
        let out = out.as_slice_mut().map_err(bad)?;
        if out.len() != self.envs.len() {
            return Err(bad(format!("out needs {} entries", self.envs.len())));
        }
        let actions = &self.actions;
        pool::parallel(py, || {
            (self.envs.par_iter().zip(out.par_iter_mut()).enumerate()).for_each(|(i, (env, a))| {
                let seed = match3_bots::game_seed(seed, i as u32);
                *a = env.bot_action(kind, seed, actions).map_or(-1, |a| a as i64);
            })
        })?;
        Ok(())
    }

    /// Plays `action` in the only environment, on this thread (a thread pool's round
    /// trip would cost more than the move), writes its observation and mask into `bufs`
    /// as [`step`](VecEnv::step) does, and returns the reward, whether the episode
    /// terminated or was truncated, and whether the action was illegal.
    fn step_one(&mut self, action: i64, bufs: Buffers<'_>) -> PyResult<(f32, bool, bool, bool)> {
        if self.envs.len() != 1 {
            return Err(bad("step_one needs a vector of one environment"));
        }
        let mut guards = bufs.borrow(1, &self.spec, &self.actions)?;
        self.check_actions(&[action])?;
        let mut slot = guards.views().whole();
        let env = &mut self.envs[0];
        match env.step(
            &self.spec,
            &self.actions,
            action as usize,
            slot.reborrow(),
            None,
        ) {
            Ok(sampled) => self.sampled[0] = sampled,
            Err(e) => env.trouble = Some(e),
        }
        self.troubles()?;
        Ok((
            *slot.reward,
            *slot.terminated,
            *slot.truncated,
            *slot.illegal,
        ))
    }

    /// Plays `actions[i]` in environment `i` for every `i` and writes each reward,
    /// whether its episode ended (terminated: won, lost or no move; truncated: the move
    /// limit), whether the action was illegal, and the new observations and masks into
    /// `bufs`. Every action is checked first: one outside the action space, or one
    /// refused (an ended episode without autoreset, an illegal move under
    /// `illegal="raise"`), raises ValueError and no environment steps.
    fn step(
        &mut self,
        py: Python<'_>,
        actions: Bound<'_, PyArray1<i64>>,
        bufs: Buffers<'_>,
    ) -> PyResult<()> {
        let actions: PyReadonlyArray1<'_, i64> = actions.try_readonly().map_err(bad)?;
        let chosen = actions.as_slice().map_err(bad)?;
        let mut guards = bufs.borrow(self.envs.len(), &self.spec, &self.actions)?;
        self.check_actions(chosen)?;
        let views = guards.views();
        let (spec, acts) = (&self.spec, &self.actions);
        // Returns whether the environment failed to start its next episode.
        let step = |env: &mut Env,
                    sampled: &mut i64,
                    a: i64,
                    slot: Slot<'_>,
                    spare: Option<&mut Snapshot>| {
            match env.step(spec, acts, a as usize, slot, spare) {
                Ok(drawn) => {
                    *sampled = drawn;
                    false
                }
                Err(e) => {
                    (*sampled, env.trouble) = (0, Some(e));
                    true
                }
            }
        };
        let failed = match &mut self.envs[..] {
            [env] => step(env, &mut self.sampled[0], chosen[0], views.whole(), None),
            envs => pool::parallel(py, || {
                (
                    envs.par_iter_mut(),
                    self.sampled.par_iter_mut(),
                    chosen.par_iter(),
                    views.slots(),
                )
                    .into_par_iter()
                    // One spare copy of a state per batch of environments, taken from
                    // the batch's first: it stays in cache while the batch steps, where
                    // each game's own copy would come from memory (a sixth of a step).
                    .map_init(
                        || None,
                        |spare: &mut Option<Snapshot>, (env, sampled, &a, slot)| {
                            let spare = spare.get_or_insert_with(|| env.game.snapshot());
                            step(env, sampled, a, slot, Some(spare))
                        },
                    )
                    .filter(|&failed| failed)
                    .count()
                    > 0
            })?,
        };
        // Only then: reading every environment on this thread would pull each one's
        // memory away from the core that stepped it (8% of a step measured).
        if failed { self.troubles() } else { Ok(()) }
    }
}

impl VecEnv {
    /// `num_envs` environments of `spec`, after checking that they fit in memory.
    fn build(py: Python<'_>, spec: Spec, num_envs: usize) -> PyResult<VecEnv> {
        if num_envs == 0 || num_envs > MAX_ENVS {
            return Err(bad(format!("num_envs {num_envs}: give 1 to {MAX_ENVS}")));
        }
        let actions = Actions::new(&*spec.variant.rules(), spec.size.rows(), spec.size.cols());
        memory::check(&spec, &actions, num_envs)?;
        let mut envs = Vec::new();
        (envs.try_reserve_exact(num_envs)).map_err(|_| memory::refused(&spec, num_envs))?;
        py.allow_threads(|| {
            for i in 0..num_envs as u32 {
                envs.push(Env::new(&spec, i).map_err(|e| format!("environment {i}: {e}"))?);
            }
            Ok::<_, String>(())
        })
        .map_err(bad)?;
        Ok(VecEnv {
            spec,
            actions,
            envs,
            sampled: vec![0; num_envs],
        })
    }

    fn env(&self, i: usize) -> PyResult<&Env> {
        (self.envs.get(i))
            .ok_or_else(|| bad(format!("no environment {i}: there are {}", self.envs.len())))
    }

    /// Replaces every environment with `saved`'s, all or none.
    fn load(&mut self, saved: Saved) -> PyResult<()> {
        let mut envs = Vec::with_capacity(saved.envs.len());
        let mut sampled = Vec::with_capacity(saved.envs.len());
        for (i, env) in saved.envs.into_iter().enumerate() {
            sampled.push(env.sampled);
            envs.push(
                Env::load(&self.spec, env)
                    .map_err(|e| bad(format!("environment {i}'s state: {e}")))?,
            );
        }
        (self.envs, self.sampled) = (envs, sampled);
        Ok(())
    }

    /// Writes every environment's observation and mask (drawing a sampled action).
    fn observe_all(&mut self, py: Python<'_>, views: Views<'_>) -> PyResult<()> {
        let (spec, actions) = (&self.spec, &self.actions);
        pool::parallel(py, || {
            (
                self.envs.par_iter_mut(),
                self.sampled.par_iter_mut(),
                views.outs(),
            )
                .into_par_iter()
                .for_each(|(env, s, out)| *s = env.observe(spec, actions, out))
        })?;
        Ok(())
    }

    /// Writes every environment's observation and mask into `bufs`, drawing nothing (a
    /// restored state keeps its sampled actions).
    fn write_all(&mut self, py: Python<'_>, bufs: Buffers<'_>) -> PyResult<()> {
        let mut guards = bufs.borrow(self.envs.len(), &self.spec, &self.actions)?;
        let views = guards.views();
        let (spec, actions) = (&self.spec, &self.actions);
        pool::parallel(py, || {
            (self.envs.par_iter_mut(), views.outs())
                .into_par_iter()
                .for_each(|(env, out)| env.write(spec, actions, out))
        })?;
        Ok(())
    }

    /// Refuses the step when an action is outside the space or cannot be played (see
    /// [`Env::refusal`]), naming the first such environment.
    fn check_actions(&self, chosen: &[i64]) -> PyResult<()> {
        let (n, count) = (self.envs.len(), self.actions.count());
        if chosen.len() != n {
            return Err(bad(format!(
                "{} actions for {n} environments",
                chosen.len()
            )));
        }
        let whose = |i: usize| {
            if n == 1 {
                String::new()
            } else {
                format!("environment {i}: ")
            }
        };
        // One pass without branches for the usual case, where every action is in range.
        if !chosen
            .iter()
            .fold(true, |ok, &a| ok & ((a as u64) < count as u64))
        {
            let (i, a) = (chosen.iter().enumerate())
                .find(|&(_, &a)| (a as u64) >= count as u64)
                .unwrap_or((0, &0));
            return Err(bad(format!(
                "{}action {a} is outside the action space: give 0 to {}",
                whose(i),
                count.saturating_sub(1)
            )));
        }
        // Only these options refuse actions in range.
        if self.spec.illegal != Illegal::Raise && self.spec.autoreset != Autoreset::Disabled {
            return Ok(());
        }
        for (i, (&a, env)) in chosen.iter().zip(&self.envs).enumerate() {
            if let Some(why) = env.refusal(&self.spec, &self.actions, a as usize) {
                return Err(bad(format!("{}{why}", whose(i))));
            }
        }
        Ok(())
    }

    /// Raises the environments' failures to start their next episode, if any (the first
    /// named, the others counted).
    fn troubles(&mut self) -> PyResult<()> {
        let mut failed = (self.envs.iter_mut().enumerate())
            .filter_map(|(i, e)| e.trouble.take().map(|t| (i, t)));
        let Some((i, first)) = failed.next() else {
            return Ok(());
        };
        let more = match failed.count() {
            0 => String::new(),
            others => format!(" (and {others} other environment(s))"),
        };
        Err(PyRuntimeError::new_err(format!(
            "environment {i}: {first}{more}"
        )))
    }
}

/// A saved state from its JSON text.
fn parse_state(state: &str) -> PyResult<Saved> {
    let saved: Saved =
        serde_json::from_str(state).map_err(|e| bad(format!("not an environment's state: {e}")))?;
    if saved.match3_env != FORMAT {
        return Err(bad(format!(
            "an environment state of format {}: this version reads format {FORMAT}",
            saved.match3_env
        )));
    }
    Ok(saved)
}
