//! Determinism that hidden state cannot fool: the same rules, board, seed and moves give
//! the same game, whatever the rules were asked before.
//!
//! Rules that keep mutable state of their own (a move counter in a `Cell` or an atomic, a
//! cache that changes answers) answer the same question differently depending on what
//! came before. Playing a case twice, one game after the other, can miss that: when both
//! games happen to meet the state at the same point of its cycle, they agree. So
//! [`lockstep`] plays two games of one case *interleaved*, step by step (each of the
//! second game's calls comes after the first game's, so state shared by both has moved
//! on between them), and compares everything the games answer: move lists, look-ahead,
//! traces and states. [`replay`] then plays every case of a run once more, in reverse
//! order and on a new rules value each, and compares every step with the first pass
//! ([`Record`]): each case now meets another history than the first time (state in the
//! rules value starts afresh, global state has seen the cases in another order).
//!
//! ```
//! use match3_core::Board;
//! use match3_core::detect::LineRuns;
//! use match3_core::{Variant, refill::Uniform};
//! use match3_testkit::determinism::{lockstep, replay};
//! use match3_testkit::generators::Pick;
//!
//! let rules = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
//! let board: Board = "ABAC/CACB/ABCA".parse()?;
//! let picks = [Pick::Legal(0), Pick::Legal(5)];
//! let record = lockstep(&rules, &board, 7, &picks)?;
//! assert_eq!(record.len(), 3); // the opening resolve, then each move
//! let fresh = || Box::new(Variant::new("threes", LineRuns::new(3)).with_refill(Uniform));
//! replay(&|| fresh() as Box<dyn match3_core::Rules>, &[((board, 7, picks.to_vec()), record)])?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use match3_core::{Board, Game, Horizon, Move, MoveError, Rules, Snapshot, Trace, TurnSummary};

use crate::checks::Violation;
use crate::generators::Pick;

/// What one case's games answered, step by step, as [`lockstep`] saw them: the legal
/// moves, look-ahead, traces and states. [`replay`] compares them with a second playing.
#[derive(Debug, PartialEq)]
pub struct Record(Vec<Step>);

impl Record {
    /// The steps played: the opening resolve, then one per pick.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no step was played (never: the opening resolve is always one).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// One case of a determinism property: a board, a seed and the picks played on it.
pub type Case = (Board, u64, Vec<Pick>);

/// Plays the case twice in lockstep, interleaved step by step, and checks that both games
/// give the same answers at every step: the legal moves, what speculating and scoring
/// the move say, the trace of playing it (or its rejection) and the state after. The
/// first step is the opening resolve. Returns what they answered, for [`replay`].
pub fn lockstep<R: Rules + ?Sized>(
    rules: &R,
    board: &Board,
    seed: u64,
    picks: &[Pick],
) -> Result<Record, Violation> {
    let start = || {
        Game::from_board(rules, board.clone(), seed)
            .map_err(|e| Violation(format!("cannot load generated board {board}: {e}")))
    };
    let (mut first, mut second) = (start()?, start()?);
    let steps = std::iter::once(None).chain(picks.iter().copied().map(Some));
    let mut steps_played = Vec::with_capacity(picks.len() + 1);
    for (k, pick) in steps.enumerate() {
        let one = Step::take(&mut first, pick);
        let two = Step::take(&mut second, pick);
        if let Some(what) = one.differs(&two) {
            return Err(Violation(format!(
                "step {k} of seed {seed} on {board} with {picks:?}, played twice in lockstep, \
                 differs: {what}; state kept between calls (in the rules value, or global) changes the answers"
            )));
        }
        steps_played.push(one);
    }
    Ok(Record(steps_played))
}

/// Plays every case again, in reverse order, each on the rules `make` gives (a new value
/// per case, when it makes one: a value with none of the first pass's history), in
/// [`lockstep`], and checks that each step goes as it did the first time (`played`
/// holds each case with its first [`Record`]).
pub fn replay<'r>(
    make: &dyn Fn() -> Box<dyn Rules + 'r>,
    played: &[(Case, Record)],
) -> Result<(), Violation> {
    for ((board, seed, picks), first) in played.iter().rev() {
        let again = lockstep(&*make(), board, *seed, picks)?;
        let mut steps = first.0.iter().zip(&again.0).enumerate();
        let differs = steps.find_map(|(k, (one, two))| one.differs(two).map(|what| (k, what)));
        // Both have a step per pick, and the opening resolve.
        let Some((k, what)) = differs else { continue };
        return Err(Violation(format!(
            "step {k} of seed {seed} on {board} with {picks:?} went differently when replayed \
             after the other cases: {what}; state kept between calls (in the rules value, or global) changes the answers"
        )));
    }
    Ok(())
}

/// What a game answered in one step.
#[derive(Debug, PartialEq)]
struct Step {
    /// The legal moves before it.
    legal: Vec<Move>,
    /// The move, `None` for the opening resolve or when no legal move was left to pick.
    mv: Option<Move>,
    /// What looking ahead at the move said.
    looked: Option<Look>,
    /// The trace of the move (or the resolve), or why it was rejected.
    played: Option<Result<Trace, MoveError>>,
    /// The state after it.
    after: Snapshot,
}

/// What looking ahead at a move said: speculating it (and the state it left), and its
/// score-only look-ahead.
#[derive(Debug, PartialEq)]
struct Look {
    speculated: Result<TurnSummary, MoveError>,
    state: Snapshot,
    scored: Result<u64, MoveError>,
}

impl Look {
    fn at<R: Rules + ?Sized>(game: &Game<&R>, mv: Move) -> Look {
        let mut state = game.snapshot();
        let speculated = game.speculate(mv, &mut state);
        let mut scores = game.score_scratch();
        let scored = game.score_within(mv, &mut scores, None, Horizon::Cascade);
        Look {
            speculated,
            state,
            scored,
        }
    }
}

impl Step {
    /// Lists the moves, picks one, looks ahead at it and plays it (`pick` `None`: resolves).
    fn take<R: Rules + ?Sized>(game: &mut Game<&R>, pick: Option<Pick>) -> Step {
        let legal = game.legal_moves();
        let mv = match pick {
            None => None,
            Some(Pick::Any(mv)) => Some(mv),
            Some(Pick::Legal(_)) if legal.is_empty() => None,
            Some(Pick::Legal(k)) => Some(legal[usize::from(k) % legal.len()]),
        };
        let looked = mv.map(|mv| Look::at(game, mv));
        let played = match (pick, mv) {
            (None, _) => Some(game.resolve()),
            (Some(_), Some(mv)) => Some(game.play(mv)),
            (Some(_), None) => None,
        };
        let after = game.snapshot();
        Step {
            legal,
            mv,
            looked,
            played,
            after,
        }
    }

    /// What differs between two steps, briefly, or `None`.
    fn differs(&self, other: &Step) -> Option<String> {
        if self == other {
            return None;
        }
        let state = |s: &Snapshot| format!("{} score {} moves {}", s.board(), s.score(), s.moves());
        let what = if self.legal != other.legal {
            format!("the legal moves {:?} then {:?}", self.legal, other.legal)
        } else if self.looked != other.looked {
            let brief = |l: &Option<Look>| {
                l.as_ref().map(|l| {
                    let (s, c) = (&l.speculated, &l.scored);
                    format!("{s:?} leaving {}, scored {c:?}", state(&l.state))
                })
            };
            format!(
                "looking ahead at {:?} said {:?} then {:?}",
                self.mv,
                brief(&self.looked),
                brief(&other.looked)
            )
        } else if self.played != other.played {
            let show = |p: &Option<Result<Trace, MoveError>>| match p {
                Some(Ok(trace)) => trace.to_string(),
                Some(Err(e)) => format!("rejected: {e}"),
                None => "nothing played".to_string(),
            };
            format!(
                "playing {:?} gave\n{}\n  then\n{}",
                self.mv,
                show(&self.played),
                show(&other.played)
            )
        } else {
            format!(
                "the states after ({} then {}, or their generators or refill states)",
                state(&self.after),
                state(&other.after)
            )
        };
        Some(what)
    }
}
