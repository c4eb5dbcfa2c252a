//! What the commands print, and how they fail.

use std::io::{self, IsTerminal, Write};

use crate::render;
use crate::report::LevelRow;

/// Input the command cannot work with: printed to stderr, exit code 2.
pub(crate) struct UsageError(pub(crate) String);

impl<E: std::fmt::Display> From<E> for UsageError {
    fn from(e: E) -> Self {
        UsageError(e.to_string())
    }
}

/// Prints a line to stdout. A closed pipe (`match3 ... | head -1`) ends the program
/// quietly, as with other Unix tools; any other write error is reported.
///
/// Bidirectional controls that reached the output from a file (JSON keeps strings
/// whole) are written as `\u202e` escapes: the same string to a JSON reader, and no
/// reordered line on a terminal.
pub(crate) fn emit(text: impl std::fmt::Display) {
    let text = text.to_string();
    let mut stdout = io::stdout().lock();
    if let Err(e) = writeln!(stdout, "{}", escape_bidi(&text)).and_then(|()| stdout.flush()) {
        quit_on_output_error(&e);
    }
}

/// `text` with each bidirectional control written as a JSON escape (`\u202e`).
fn escape_bidi(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(crate::input::is_bidi_control) {
        return text.into();
    }
    let escape = |c: char| match crate::input::is_bidi_control(c) {
        true => format!("\\u{:04x}", u32::from(c)),
        false => c.to_string(),
    };
    text.chars().map(escape).collect::<String>().into()
}

pub(crate) fn quit_on_output_error(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    let program = super::program_name(std::env::args_os().next().as_ref());
    eprintln!("{program}: cannot write output: {e}");
    std::process::exit(1);
}

/// Colour on a terminal, plain when piped or with `NO_COLOR`.
pub(crate) fn stdout_style() -> render::Style {
    render::Style::for_stdout(io::stdout().is_terminal())
}

/// Warns on stderr of each row whose precision the games ran out before, naming the
/// run by `label`.
pub(crate) fn warn_precision<'r>(rows: impl Iterator<Item = &'r LevelRow>, label: &str) {
    for warning in rows.filter_map(|row| row.precision_warning(label, "--games")) {
        eprintln!("warning: {warning}");
    }
}
