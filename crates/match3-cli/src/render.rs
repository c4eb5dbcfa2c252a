//! Boards for people: a grid with row and column labels, in colour on a terminal.

use std::fmt::Write;

use match3_core::{Board, Cell, Pos};

/// How to draw: ANSI colours or plain text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Whether to use ANSI escape codes.
    pub color: bool,
}

/// Foreground colours for `A`, `B`, …; letters past the list are drawn uncoloured.
const PALETTE: [&str; 12] = [
    "31", "32", "33", "34", "35", "36", "91", "92", "93", "94", "95", "96",
];

impl Style {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty.
    pub fn for_stdout(is_terminal: bool) -> Self {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Style {
            color: is_terminal && !no_color,
        }
    }

    /// `text` in the ANSI style `code` (e.g. `"1"` bold), or plain.
    pub fn paint(self, code: &str, text: &str) -> String {
        if self.color && !code.is_empty() {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// The ANSI style of a cell: its colour, bold for specials, dim for blockers and
    /// empty cells.
    fn cell_code(cell: Cell) -> String {
        match cell {
            Cell::Empty | Cell::Blocker | Cell::Hole => "2".to_string(),
            // Crates in bold yellow on a dark background: solid, and unlike any piece.
            Cell::Crate(_) => "1;33;40".to_string(),
            Cell::Piece(p) => {
                let base = p
                    .color()
                    .and_then(|c| PALETTE.get(usize::from(c.index())))
                    .copied()
                    .unwrap_or("97");
                if p.special().is_some() {
                    format!("1;{base}")
                } else {
                    base.to_string()
                }
            }
        }
    }
}

/// The board with column labels on top and row labels on the left. Each cell is its
/// notation with its layers (`A`, `B-`, `*`, `#`, `.`, `%2`, `C@~`) in a slot as wide as
/// the widest cell; the selected cell is in brackets (and reversed, in colour). Jelly is
/// underlined in colour.
pub fn grid(board: &Board, selected: Option<Pos>, style: Style) -> String {
    let text_of = |pos: Pos| format!("{}{}", board.at(pos), board.layers(pos));
    let widest = (board.iter().map(|(pos, _)| text_of(pos).len()))
        .max()
        .unwrap_or(1)
        .max(2);
    let slot = widest + 2;
    let mut out = String::from("    ");
    for c in 0..board.cols() {
        let _ = write!(out, " {c:<w$}", w = slot - 1);
    }
    out = out.trim_end().to_string();
    out.push('\n');
    for r in 0..board.rows() {
        let mut line = format!("{r:>2}  ");
        for c in 0..board.cols() {
            let pos = Pos::new(r as u8, c as u8);
            let cell = board.at(pos);
            let text = text_of(pos);
            let mut code = Style::cell_code(cell);
            if board.layers(pos).jelly > 0 {
                code += ";4";
            }
            if selected == Some(pos) {
                let boxed = format!("[{text}]");
                let pad = " ".repeat(slot.saturating_sub(boxed.len()));
                let _ = write!(line, "{}{pad}", style.paint(&format!("7;{code}"), &boxed));
            } else {
                let pad = " ".repeat((slot - 1).saturating_sub(text.len()));
                let _ = write!(line, " {}{pad}", style.paint(&code, &text));
            }
        }
        out += line.trim_end();
        out.push('\n');
    }
    out
}

/// The level's part of a status line: moves left and each goal's progress (`""` for a
/// plain game), e.g. `  moves left 7  goals: score 120/500, collect A 12/30 done`.
pub fn level_line<R: match3_core::Rules>(game: &match3_core::Game<R>) -> String {
    let mut out = String::new();
    if let Some(left) = game.moves_left() {
        out += &format!("  moves left {left}");
    }
    let goals = game.goals();
    if !goals.is_empty() {
        let parts: Vec<String> = goals
            .iter()
            .map(|g| {
                let what = match g.goal {
                    match3_core::Goal::Collect { color, .. } => format!("collect {color}"),
                    goal => goal.kind().to_string(),
                };
                let done = if g.done { " done" } else { "" };
                format!("{what} {}/{}{done}", g.progress, g.needed)
            })
            .collect();
        out += &format!("  goals: {}", parts.join(", "));
    }
    if game.status() == match3_core::Status::Won && !game.level().stars.is_empty() {
        out += &format!("  stars {}", game.stars());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use match3_core::Rules;

    #[test]
    fn plain_grid_has_labels_and_marks_the_selection() {
        let board = match3_lines::Lines.parse_board("AB-/#.").unwrap();
        let plain = Style { color: false };
        assert_eq!(
            grid(&board, Some(Pos::new(0, 1)), plain),
            "     0   1\n 0   A  [B-]\n 1   #   .\n"
        );
    }

    #[test]
    fn colour_grid_wraps_cells_in_escape_codes() {
        let board: Board = "AB".parse().unwrap();
        let text = grid(&board, None, Style { color: true });
        assert!(text.contains("\x1b[31mA\x1b[0m"), "{text:?}");
        assert!(text.contains("\x1b[32mB\x1b[0m"), "{text:?}");
    }
}
