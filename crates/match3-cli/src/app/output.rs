//! What the commands print, and how they fail.

use std::io::{self, IsTerminal, Write};

use crate::render;

/// Input the command cannot work with: printed to stderr, exit code 2.
pub(crate) struct UsageError(pub(crate) String);

impl<E: std::fmt::Display> From<E> for UsageError {
    fn from(e: E) -> Self {
        UsageError(e.to_string())
    }
}

/// Prints a line to stdout. A closed pipe (`match3 ... | head -1`) ends the program
/// quietly, as with other Unix tools; any other write error is reported.
pub(crate) fn emit(text: impl std::fmt::Display) {
    let mut stdout = io::stdout().lock();
    if let Err(e) = writeln!(stdout, "{text}").and_then(|()| stdout.flush()) {
        quit_on_output_error(&e);
    }
}

pub(crate) fn quit_on_output_error(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("match3: cannot write output: {e}");
    std::process::exit(1);
}

/// Colour on a terminal, plain when piped or with `NO_COLOR`.
pub(crate) fn stdout_style() -> render::Style {
    render::Style::for_stdout(io::stdout().is_terminal())
}
