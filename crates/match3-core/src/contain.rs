//! Containment: a part that panics ends the call that ran it with a [`PartError`] naming
//! the variant and the part, and the game stays as it was before the call.
//!
//! Unwinding is caught at the game's entry points only (starting a game, playing,
//! resolving, looking ahead), never inside a turn, so a turn pays nothing for it. The part
//! named is the one the engine last handed control to: the turn notes it as it goes
//! (`Snapshot::stage`), and the error reads it after the unwind. A part that panics while
//! a game is being set up is named by the setup step that called it.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::error::{PartError, PartName};

/// The longest panic message an error quotes, in characters.
const MESSAGE_LIMIT: usize = 200;

/// A panic caught at an entry point: its message, until the caller names the part.
#[derive(Debug)]
pub(crate) struct Panicked(String);

impl Panicked {
    /// The error of `part` of the variant `rules`.
    #[cold]
    #[inline(never)]
    pub(crate) fn blame(self, rules: &str, part: PartName) -> PartError {
        PartError::new(rules, part, format!("panicked ({})", self.0))
    }
}

/// Runs `run`, catching a panic in it. `run` is asserted unwind-safe: every caller throws
/// away or puts back whatever state `run` was changing when it panicked.
#[inline(always)]
pub(crate) fn caught<T>(run: impl FnOnce() -> T) -> Result<T, Panicked> {
    catch_unwind(AssertUnwindSafe(run)).map_err(|payload| Panicked(message(&*payload)))
}

/// A panic payload's message (a `&str` or a `String`, as `panic!` makes them), cut to
/// [`MESSAGE_LIMIT`] characters.
#[cold]
#[inline(never)]
fn message(payload: &(dyn Any + Send)) -> String {
    let text = (payload.downcast_ref::<&str>().copied())
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("with a value that is not a message");
    let mut cut: String = text.chars().take(MESSAGE_LIMIT).collect();
    if text.chars().nth(MESSAGE_LIMIT).is_some() {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_named_parts_error_with_its_message() {
        let err = caught(|| -> u32 { panic!("cell {} is bad", 7) }).expect_err("panicked");
        let part = err.blame("toy", PartName::Gravity);
        assert_eq!(part.part, PartName::Gravity);
        assert_eq!(part.rules, "toy");
        assert_eq!(part.problem, "panicked (cell 7 is bad)");
        assert_eq!(caught(|| 3).expect("no panic"), 3);
    }

    #[test]
    fn long_messages_are_cut() {
        let long = "x".repeat(MESSAGE_LIMIT + 50);
        let err = caught(|| -> () { panic!("{long}") }).expect_err("panicked");
        let problem = err.blame("toy", PartName::Detection).problem;
        assert_eq!(
            problem.chars().count(),
            "panicked ()".len() + MESSAGE_LIMIT + 1
        );
    }
}
