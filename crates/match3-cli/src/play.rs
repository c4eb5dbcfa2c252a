//! `match3 play`: an interactive game on any variant, driven line by line from any
//! reader, so the same session runs in a terminal or from a script.

use std::io::{self, BufRead, Write};

use match3_core::{Board, Game, Move, Pos, Rules, Snapshot};

use crate::coords::{self, Coord};
use crate::render;
use crate::variant::Variant;

const HELP: &str = "\
commands:
  R,C            select a cell; a second, adjacent cell swaps the two
  R,C R,C        swap two cells (also: swap R,C R,C)
  drop C         drop the next piece into column C
  tap R,C        clear the group at R,C
  hint           show a legal move
  moves          list every legal move
  undo           take back the last move
  reset          back to the starting board
  resolve        clear the matches already on the board (fixtures)
  preset NAME    load a preset board
  board TEXT     load a board in notation, e.g. AABC/BCAB/CBAC/ABCA
  help           this list
  quit           leave";

/// An interactive session.
pub struct Session {
    variant: Variant,
    game: Game<Box<dyn Rules>>,
    seed: u64,
    undo: Vec<Snapshot>,
    selected: Option<Pos>,
}

impl Session {
    /// A session on `game`; boards loaded later use `seed`.
    pub fn new(variant: Variant, game: Game<Box<dyn Rules>>, seed: u64) -> Self {
        Session {
            variant,
            game,
            seed,
            undo: Vec::new(),
            selected: None,
        }
    }

    /// Reads commands until `quit` or the end of input.
    pub fn run(&mut self, input: impl BufRead, mut out: impl Write) -> io::Result<()> {
        writeln!(
            out,
            "match3 play: {} rules. Type help for commands.",
            self.game.rules().name()
        )?;
        self.show(&mut out)?;
        for line in input.lines() {
            let line = line?;
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if matches!(line, "quit" | "q" | "exit") {
                break;
            }
            if let Err(message) = self.command(line, &mut out) {
                writeln!(out, "! {message}")?;
            }
            write!(out, "> ")?;
            out.flush()?;
        }
        writeln!(out)?;
        Ok(())
    }

    fn show(&self, out: &mut impl Write) -> io::Result<()> {
        write!(
            out,
            "{}",
            render::labelled(self.game.board(), self.selected)
        )?;
        let next = self.game.next_piece().map(|p| {
            let mut s = String::new();
            let _ = match3_core::write_cell(&mut s, match3_core::Cell::Piece(p));
            format!("  next {s}")
        });
        writeln!(
            out,
            "score {}  moves {}  status {}{}",
            self.game.score(),
            self.game.moves(),
            self.game.status().as_str(),
            next.unwrap_or_default()
        )?;
        write!(out, "> ")?;
        out.flush()
    }

    /// Runs one command; `Err` is a message for the player.
    fn command(&mut self, line: &str, out: &mut impl Write) -> Result<(), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let board = self.game.board().clone();
        let io = |e: io::Error| e.to_string();
        match words.as_slice() {
            ["help" | "?"] => writeln!(out, "{HELP}").map_err(io),
            ["hint"] => match self.game.legal_moves().first() {
                Some(&m) => writeln!(out, "hint: {m}").map_err(io),
                None => writeln!(out, "no legal move").map_err(io),
            },
            ["moves"] => {
                let moves = self.game.legal_moves();
                writeln!(out, "{} legal moves", moves.len()).map_err(io)?;
                for m in moves {
                    writeln!(out, "  {m}").map_err(io)?;
                }
                Ok(())
            }
            ["undo"] => {
                let snap = self.undo.pop().ok_or("nothing to undo")?;
                self.game.restore(&snap);
                self.selected = None;
                self.show(out).map_err(io)
            }
            ["reset"] => {
                self.game.reset();
                self.undo.clear();
                self.selected = None;
                self.show(out).map_err(io)
            }
            ["resolve"] => {
                let snap = self.game.snapshot();
                let trace = self.game.resolve().map_err(|e| e.to_string())?;
                self.undo.push(snap);
                write!(out, "{trace}").map_err(io)?;
                self.show(out).map_err(io)
            }
            ["preset", name] => {
                let board = self.variant.preset(name).ok_or_else(|| {
                    format!(
                        "no preset {name:?}; presets: {}",
                        self.variant.preset_names().join(", ")
                    )
                })?;
                self.load(board, out)
            }
            ["board", text @ ..] => {
                let board: Board = text.join("").parse().map_err(|e| format!("{e}"))?;
                self.load(board, out)
            }
            ["drop", col] => {
                let col: u32 = col
                    .parse()
                    .map_err(|_| format!("{col:?} is not a column"))?;
                self.play(coords::drop(&board, col)?, out)
            }
            ["tap", at] => {
                let at: Coord = at.parse()?;
                self.play(coords::tap(&board, at)?, out)
            }
            ["swap", a, b] | [a, b] => {
                let (a, b): (Coord, Coord) = (a.parse()?, b.parse()?);
                self.play(coords::swap(&board, a, b)?, out)
            }
            [cell] if cell.contains(',') => {
                let pos = cell.parse::<Coord>()?.to_pos(&board)?;
                board.check(pos).map_err(|e| e.to_string())?;
                match self.selected.take() {
                    None => {
                        self.selected = Some(pos);
                        self.show(out).map_err(io)
                    }
                    Some(first) if first == pos => self.show(out).map_err(io),
                    Some(first) => self.play(Move::Swap(first, pos), out),
                }
            }
            _ => Err(format!("unknown command {line:?}; type help")),
        }
    }

    fn play(&mut self, mv: Move, out: &mut impl Write) -> Result<(), String> {
        self.selected = None;
        let snap = self.game.snapshot();
        match self.game.play(mv) {
            Ok(trace) => {
                self.undo.push(snap);
                write!(out, "{trace}").map_err(|e| e.to_string())?;
                self.show(out).map_err(|e| e.to_string())
            }
            Err(e) => Err(format!("illegal: {e}")),
        }
    }

    fn load(&mut self, board: Board, out: &mut impl Write) -> Result<(), String> {
        self.game =
            Game::from_board(self.variant.rules(), board, self.seed).map_err(|e| e.to_string())?;
        self.undo.clear();
        self.selected = None;
        self.show(out).map_err(|e| e.to_string())
    }
}
