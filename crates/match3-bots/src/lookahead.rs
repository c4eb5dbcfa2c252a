//! [`LookaheadBot`]: two moves deep, averaged over sampled refills.

use match3_core::{Game, GameRng, Move, NoTrace, Probe, Rules, Snapshot, Status};

use crate::bot::Bot;
use crate::worth::Worth;

/// Looks two moves ahead and plays the move whose best follow-up is worth most on
/// average over a few sampled futures.
///
/// - **Samples**: each decision draws [`samples`](LookaheadBot::samples) refill
///   generators from the bot's own seeded generator; every candidate line is played
///   under each of them (the same ones for all candidates, so they are compared fairly),
///   and its worth is the mean. The game's generator is never used: the bot does not see
///   the game's hidden future.
/// - **Depth 2**: a candidate's worth under a sample is the best worth of any second
///   move after it (or the first move's own, when the game is over after it).
/// - **Beam**: only the [`beam`](LookaheadBot::beam) best first moves by one-move worth
///   (under the first sample) are looked at twice as deep, which keeps a decision to a
///   few hundred speculative turns on an 8×8 board.
/// - **Worth** is what [`GreedyBot`](crate::GreedyBot) ranks by, as one number: a won
///   level, then goal units (collect, jelly, crates), then score.
/// - Ties go to the first move in legal-move order, so the bot is deterministic per seed.
#[derive(Clone, Debug)]
pub struct LookaheadBot {
    rng: GameRng,
    samples: u32,
    beam: usize,
    moves: Vec<Move>,
    replies: Vec<Move>,
    ranked: Vec<(f64, usize)>,
    samples_now: Vec<GameRng>,
    /// Scratch state for the first move, reused between decisions.
    scratch: Option<Box<Snapshot>>,
}

/// Refill samples per decision by default.
pub const LOOKAHEAD_SAMPLES: u32 = 3;
/// First moves looked at twice as deep by default.
pub const LOOKAHEAD_BEAM: usize = 6;

impl LookaheadBot {
    /// A look-ahead bot whose samples are fixed by `seed`, with the default samples and
    /// beam.
    pub fn new(seed: u64) -> Self {
        LookaheadBot {
            rng: GameRng::new(seed),
            samples: LOOKAHEAD_SAMPLES,
            beam: LOOKAHEAD_BEAM,
            moves: Vec::new(),
            replies: Vec::new(),
            ranked: Vec::new(),
            samples_now: Vec::new(),
            scratch: None,
        }
    }

    /// Refill samples per decision (at least 1).
    pub fn samples(mut self, samples: u32) -> Self {
        self.samples = samples.max(1);
        self
    }

    /// First moves looked at twice as deep (at least 1).
    pub fn beam(mut self, beam: usize) -> Self {
        self.beam = beam.max(1);
        self
    }
}

/// A fresh generator drawn from `rng`.
pub(crate) fn sample(rng: &mut GameRng) -> GameRng {
    GameRng::new(u64::from(rng.next_u32()) << 32 | u64::from(rng.next_u32()))
}

impl Bot for LookaheadBot {
    fn choose<R: Rules>(&mut self, game: &Game<R>) -> Option<Move> {
        game.legal_moves_into(&mut self.moves);
        if self.moves.len() <= 1 {
            return self.moves.first().copied();
        }
        self.samples_now.clear();
        for _ in 0..self.samples {
            let s = sample(&mut self.rng);
            self.samples_now.push(s);
        }
        let worth = Worth::new(game.level(), game.state());
        let mut scratch = (self.scratch.take()).unwrap_or_else(|| Box::new(game.snapshot()));
        let first = &mut *scratch;
        // One move deep under the first sample, to pick the beam.
        self.ranked.clear();
        for (i, &mv) in self.moves.iter().enumerate() {
            let value = game
                .speculate_with(mv, first, Some(&self.samples_now[0]), &mut NoTrace)
                .map_or(f64::MIN, |_| worth.of(first));
            self.ranked.push((value, i));
        }
        // Best first; a stable sort keeps legal-move order among equals.
        self.ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        self.ranked.truncate(self.beam);
        self.ranked.sort_by_key(|&(_, i)| i);

        let mut probe = game.probe();
        let mut best: Option<(f64, Move)> = None;
        for &(_, i) in &self.ranked {
            let mv = self.moves[i];
            let mut total = 0.0;
            for refills in &self.samples_now {
                if game
                    .speculate_with(mv, first, Some(refills), &mut NoTrace)
                    .is_err()
                {
                    total += f64::MIN / f64::from(self.samples);
                    continue;
                }
                total += best_reply(&mut probe, first, &mut self.replies, &worth);
            }
            let mean = total / f64::from(self.samples);
            if best.is_none_or(|(b, _)| mean > b) {
                best = Some((mean, mv));
            }
        }
        self.scratch = Some(scratch);
        best.map(|(_, mv)| mv)
    }
}

/// The best worth after one more move from `state` (its own worth if the game is over
/// there). Refills come from `state`'s generator: the sample the first move was played
/// under, continued. Each reply is the probe's last move: the worth reads only the
/// level's verdict of the status, so no reply searches for a move left after it.
fn best_reply<R: Rules>(
    probe: &mut Probe<'_, R>,
    state: &Snapshot,
    replies: &mut Vec<Move>,
    worth: &Worth<'_>,
) -> f64 {
    let here = worth.of(state);
    if state.status() != Status::Playable {
        return here;
    }
    probe.reset(state);
    probe.legal_moves_into(replies);
    let mut best = here;
    for (i, &reply) in replies.iter().enumerate() {
        // The probe is at `state` for the first reply already.
        if i > 0 {
            probe.reset(state);
        }
        if probe.play_last(reply).is_ok() {
            best = best.max(worth.of_probe(probe));
        }
    }
    best
}
