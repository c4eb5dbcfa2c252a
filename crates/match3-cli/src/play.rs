//! `match3 play`: an interactive game on any variant, driven line by line from any
//! reader, so the same session runs in a terminal or from a script.
//!
//! After each move the board is drawn again as a grid with a one-line summary per phase;
//! `verbose` switches to the full trace (every fall and spawn). One prompt per input
//! line; a finished game says so and how it ended.

use std::io::{self, BufRead, Write};

use match3_core::{
    Board, Cell, Game, Move, MoveKind, Pos, Rules, SavedGame, Snapshot, Status, Trace,
};

use crate::input::MAX_SAVE_BYTES;

use crate::coords::{self, Coord};
use crate::registry::Registry;
use crate::render::{self, Style};
use crate::variant::{SharedRules, Variant};

const HELP: &str = "\
commands (cells as R,C or (R,C), as moves and hints print them):
  R,C            select a cell; a second, adjacent cell swaps the two
                 (tap games: tap the cell; drop games: C alone drops there)
  R,C R,C        swap two cells (also: swap R,C R,C, swap (R,C) (R,C))
  drop C         drop the next piece into column C
  tap R,C        clear the group at R,C
  hint           the move the MCTS bot prefers (thinks at most 0.3 s)
  moves          list every legal move
  undo           take back the last move
  reset          back to the starting board
  resolve        clear the matches already on the board (fixtures)
  preset NAME    load a preset board
  board TEXT     load a board in notation, e.g. AABC/BCAB/CBAC/ABCA
  save FILE      write the game (state, level, starting board) to FILE as JSON
  load FILE      continue a game saved with save
  verbose        show every event of a move (falls, spawns), or stop showing them
  help           this list
  quit           leave";

/// Why a session stopped before `quit` or the end of its input.
#[derive(Debug)]
pub enum Stopped {
    /// The input could not be read (or was not UTF-8 text): a problem with what was given.
    Input(io::Error),
    /// The output could not be written.
    Output(io::Error),
}

impl From<io::Error> for Stopped {
    fn from(e: io::Error) -> Self {
        Stopped::Output(e)
    }
}

/// An interactive session.
pub struct Session {
    registry: Registry,
    variant: Variant,
    game: Game<SharedRules>,
    seed: u64,
    undo: Vec<Snapshot>,
    selected: Option<Pos>,
    style: Style,
    verbose: bool,
}

impl Session {
    /// A session on `game` of `variant`; boards loaded later use `seed`, and saved games
    /// loaded later may be of any variant of `registry`.
    pub fn new(
        registry: Registry,
        variant: Variant,
        game: Game<SharedRules>,
        seed: u64,
        style: Style,
    ) -> Self {
        Session {
            registry,
            variant,
            game,
            seed,
            undo: Vec::new(),
            selected: None,
            style,
            verbose: false,
        }
    }

    /// Checks a replay (`--replay`): each entry must be a move (no other command), legal
    /// where it is played. The moves, or an error naming the first bad entry by its
    /// index from 0. The game is left as it was.
    pub fn replay_moves(&mut self, entries: &[String]) -> Result<Vec<Move>, ReplayEntryError> {
        let start = self.game.snapshot();
        let moves = (entries.iter().enumerate())
            .map(|(index, text)| {
                let at = |problem: String| ReplayEntryError {
                    index,
                    entry: crate::input::excerpt(text),
                    problem,
                };
                let mv = self.replay_move(text).map_err(at)?;
                self.game
                    .play(mv)
                    .map_err(|e| at(format!("illegal: {e}")))?;
                Ok(mv)
            })
            .collect();
        self.game.restore(&start);
        moves
    }

    /// One entry of a replay as a move: a whole move as `play` reads one (`swap R,C R,C`,
    /// `R,C R,C`, `drop C`, `tap R,C`; `C` in a drop game and `R,C` in a tap game).
    fn replay_move(&self, text: &str) -> Result<Move, String> {
        let tight = coords::tighten(text);
        let words: Vec<&str> = tight.split_whitespace().collect();
        let board = self.game.board();
        let rules = self.game.rules();
        let tap_only = rules.accepts(MoveKind::Tap) && !rules.accepts(MoveKind::Swap);
        match (self.typed_move(&words, board), words.as_slice()) {
            (Some(mv), _) => mv,
            (None, [cell]) if tap_only && cell.contains(',') => {
                (cell.parse().and_then(|at| coords::tap(board, at))).map_err(|e| e.to_string())
            }
            _ => Err(
                "not a move: a replay holds moves only (swap R,C R,C, drop C or tap R,C)"
                    .to_string(),
            ),
        }
    }

    /// Plays `replay` (moves checked by [`replay_moves`](Session::replay_moves)) as if
    /// typed, then reads commands until `quit` or the end of input.
    pub fn run(
        &mut self,
        replay: &[Move],
        mut input: impl BufRead,
        mut out: impl Write,
    ) -> Result<(), Stopped> {
        writeln!(
            out,
            "match3 play: {} rules. Type help for commands, quit to leave.",
            self.game.rules().name()
        )?;
        writeln!(out, "{}", self.legend())?;
        self.show(&mut out)?;
        for &mv in replay {
            write!(out, "{}", self.style.paint("1", "> "))?;
            if let Err(message) = self.play(mv, &mut out)? {
                writeln!(out, "{}", self.style.paint("31", &format!("! {message}")))?;
            }
        }
        let mut line = String::new();
        loop {
            write!(out, "{}", self.style.paint("1", "> "))?;
            out.flush()?;
            line.clear();
            if input.read_line(&mut line).map_err(Stopped::Input)? == 0 {
                writeln!(out)?;
                break;
            }
            let command = line.trim();
            if command.is_empty() {
                continue;
            }
            if matches!(command, "quit" | "q" | "exit") {
                break;
            }
            if let Err(message) = self.command(command, &mut out)? {
                writeln!(out, "{}", self.style.paint("31", &format!("! {message}")))?;
            }
        }
        Ok(())
    }

    /// What the symbols on the board mean, for this variant.
    fn legend(&self) -> String {
        let rules = self.game.rules();
        let mut parts = vec!["A-Z pieces".to_string()];
        // Only what this variant can show.
        for kind in rules.special_kinds() {
            let letter = if kind.colored { "X" } else { "" };
            parts.push(format!("{letter}{} {}", kind.special, kind.name));
        }
        {
            parts.push("# blocker".to_string());
        }
        parts.push(". empty".to_string());
        let board = self.game.board();
        if board.has_holes() {
            parts.push("_ hole".to_string());
        }
        if board.has_obstacles() {
            parts.push("%2 crate (health)".to_string());
            parts.push("X@ locked".to_string());
            parts.push("X~ jelly (~~ two layers)".to_string());
        }
        format!("legend: {}", parts.join(", "))
    }

    fn show(&self, out: &mut impl Write) -> io::Result<()> {
        write!(
            out,
            "{}",
            render::grid(self.game.board(), self.selected, self.style)
        )?;
        let next = self
            .game
            .next_piece()
            .map(|p| format!("  next {p}"))
            .unwrap_or_default();
        writeln!(
            out,
            "score {}  moves {}  status {}{next}{}",
            self.game.score(),
            self.game.moves(),
            self.game.status(),
            render::level_line(&self.game)
        )
    }

    /// Says how the game ended, once it has.
    fn game_over(&self, out: &mut impl Write) -> io::Result<()> {
        let why = match self.game.status() {
            Status::Playable => return Ok(()),
            Status::NoMoves => "no legal move is left",
            Status::Cleared => "the board is cleared",
            Status::Won => "the level is won",
            Status::Lost => "the level is lost",
        };
        let line = format!(
            "Game over: {why}. Final score {} in {} moves (undo, reset or quit).",
            self.game.score(),
            self.game.moves()
        );
        writeln!(out, "{}", self.style.paint("1", &line))
    }

    /// Runs one command. The outer `Err` is an output failure; the inner one a message
    /// for the player.
    fn command(&mut self, line: &str, out: &mut impl Write) -> io::Result<Result<(), String>> {
        // Moves are accepted as they print: `swap (4,4) (4,5)`, also with spaces inside.
        let tight = coords::tighten(line);
        let words: Vec<&str> = tight.split_whitespace().collect();
        match self.session_command(&words, out)? {
            Some(done) => Ok(done),
            None => self.move_command(&words, line, out),
        }
    }

    /// The commands about the session rather than a move (help, undo, save, …); `None`
    /// for any other.
    fn session_command(
        &mut self,
        words: &[&str],
        out: &mut impl Write,
    ) -> io::Result<Option<Result<(), String>>> {
        match words {
            ["help" | "?"] => writeln!(out, "{HELP}")?,
            ["verbose"] => {
                self.verbose = !self.verbose;
                let state = if self.verbose { "on" } else { "off" };
                writeln!(out, "verbose {state}")?;
            }
            ["hint"] => match crate::hint::hint(&self.game, self.seed) {
                Some(m) => writeln!(out, "hint: {m}")?,
                None => writeln!(out, "no legal move")?,
            },
            ["moves"] => {
                let moves = self.game.legal_moves();
                writeln!(out, "{} legal moves", moves.len())?;
                for m in moves {
                    writeln!(out, "  {m}")?;
                }
            }
            ["undo"] => {
                let Some(snap) = self.undo.pop() else {
                    return Ok(Some(Err("nothing to undo".to_string())));
                };
                self.game.restore(&snap);
                self.selected = None;
                self.show(out)?;
            }
            ["reset"] => {
                self.game.reset();
                self.undo.clear();
                self.selected = None;
                self.show(out)?;
            }
            ["resolve"] => {
                let snap = self.game.snapshot();
                match self.game.resolve() {
                    Ok(trace) => {
                        self.undo.push(snap);
                        self.report(&trace, out)?;
                    }
                    Err(e) => return Ok(Some(Err(e.to_string()))),
                }
            }
            ["preset", name] => match self.variant.preset_board(name) {
                Some(board) => return self.load(board, out).map(Some),
                None => return Ok(Some(Err(self.variant.no_preset(name)))),
            },
            ["board", text @ ..] => match self.game.rules().parse_board(&text.join("")) {
                Ok(board) => return self.load(board, out).map(Some),
                Err(e) => return Ok(Some(Err(format!("bad board: {e}")))),
            },
            ["save", path] => return self.save(path, out).map(Some),
            ["load", path] => return self.load_saved(path, out).map(Some),
            _ => return Ok(None),
        }
        Ok(Some(Ok(())))
    }

    /// `save FILE`.
    fn save(&self, path: &str, out: &mut impl Write) -> io::Result<Result<(), String>> {
        let json = serde_json::to_string_pretty(&self.game.save())
            .map_err(|e| io::Error::other(e.to_string()))?;
        if let Err(e) = std::fs::write(path, json + "\n") {
            return Ok(Err(format!("cannot write {path}: {e}")));
        }
        writeln!(out, "saved to {path}")?;
        Ok(Ok(()))
    }

    /// A move typed whole (`drop C`, `tap R,C`, `swap R,C R,C`, or the short forms the
    /// variant allows) or a cell picked for a swap.
    fn move_command(
        &mut self,
        words: &[&str],
        line: &str,
        out: &mut impl Write,
    ) -> io::Result<Result<(), String>> {
        let board = self.game.board().clone();
        match (self.typed_move(words, &board), words) {
            (Some(mv), _) => self.typed(mv, out),
            (None, [cell]) if cell.contains(',') => self.pick(&board, cell, out),
            _ => Ok(Err(format!(
                "unknown command {}; type help",
                crate::input::excerpt(line)
            ))),
        }
    }

    /// The move `words` spell out whole (`drop C`, `tap R,C`, `swap R,C R,C`, `R,C R,C`,
    /// and `C` alone in a drop game), or why it cannot be on `board`; `None` for words
    /// that are no whole move.
    fn typed_move(&self, words: &[&str], board: &Board) -> Option<Result<Move, String>> {
        let drops = self.game.rules().accepts(MoveKind::Drop);
        let drop = |col: &str| {
            col.parse::<u32>()
                .map_err(|_| format!("{col:?} is not a column"))
                .and_then(|col| coords::drop(board, col).map_err(|e| e.to_string()))
        };
        let said = |e: coords::CoordError| e.to_string();
        Some(match words {
            ["drop", col] => drop(col),
            [col] if drops && !col.is_empty() && col.chars().all(|c| c.is_ascii_digit()) => {
                drop(col)
            }
            ["tap", at] => (at.parse().and_then(|at| coords::tap(board, at))).map_err(said),
            ["swap", a, b] => a
                .parse::<Coord>()
                .and_then(|a| b.parse::<Coord>().map(|b| (a, b)))
                .and_then(|(a, b)| coords::swap(board, a, b))
                .map_err(said),
            // Two cells alone are a swap; two words otherwise are some other command.
            [a, b] if a.contains(',') => a
                .parse::<Coord>()
                .and_then(|a| b.parse::<Coord>().map(|b| (a, b)))
                .and_then(|(a, b)| coords::swap(board, a, b))
                .map_err(said),
            _ => return None,
        })
    }

    /// A cell picked: a tap in a tap-only variant; otherwise the first or second cell of
    /// a swap (picking the selected cell again clears it, a far piece moves it there).
    fn pick(
        &mut self,
        board: &Board,
        cell: &str,
        out: &mut impl Write,
    ) -> io::Result<Result<(), String>> {
        let pos = match cell.parse::<Coord>().and_then(|c| c.to_pos(board)) {
            Ok(pos) => pos,
            Err(e) => return Ok(Err(e.to_string())),
        };
        if let Err(e) = board.check(pos) {
            return Ok(Err(e.to_string()));
        }
        let rules = self.game.rules();
        if rules.accepts(MoveKind::Tap) && !rules.accepts(MoveKind::Swap) {
            return self.play(Move::Tap(pos), out);
        }
        match (self.selected.take(), board.at(pos)) {
            (None, Cell::Empty) => return Ok(Err(format!("{pos} is empty: select a piece"))),
            (None, Cell::Blocker) => {
                return Ok(Err(format!("{pos} is a blocker, which never moves")));
            }
            (None, Cell::Hole) => {
                return Ok(Err(format!("{pos} is a hole, not part of the board")));
            }
            (None, _) => {
                self.selected = Some(pos);
                self.show(out)?;
                writeln!(out, "selected {pos}; now pick a neighbour to swap with")?;
            }
            (Some(first), _) if first == pos => {
                self.show(out)?;
                writeln!(out, "selection cleared")?;
            }
            // A piece that is not a neighbour moves the selection there.
            (Some(first), Cell::Piece(_)) if !first.is_adjacent(pos) => {
                self.selected = Some(pos);
                self.show(out)?;
                writeln!(out, "selected {pos} instead; now pick a neighbour")?;
            }
            (Some(first), _) => return self.play(Move::Swap(first, pos), out),
        }
        Ok(Ok(()))
    }

    /// Plays a move typed by the player, or reports why it could not be read.
    fn typed(
        &mut self,
        mv: Result<Move, String>,
        out: &mut impl Write,
    ) -> io::Result<Result<(), String>> {
        match mv {
            Ok(mv) => self.play(mv, out),
            Err(e) => Ok(Err(e)),
        }
    }

    fn play(&mut self, mv: Move, out: &mut impl Write) -> io::Result<Result<(), String>> {
        self.selected = None;
        let snap = self.game.snapshot();
        match self.game.play(mv) {
            Ok(trace) => {
                self.undo.push(snap);
                self.report(&trace, out)?;
                Ok(Ok(()))
            }
            Err(e) => Ok(Err(format!("illegal: {e}"))),
        }
    }

    /// What a turn did (one line per phase, or every event when verbose), then the board.
    fn report(&self, trace: &Trace, out: &mut impl Write) -> io::Result<()> {
        if self.verbose {
            write!(out, "{trace}")?;
        } else {
            match trace.opening {
                Some(opening) => writeln!(out, "{opening}")?,
                None => writeln!(out, "resolve")?,
            }
            for phase in &trace.phases {
                write!(
                    out,
                    "  chain {}: cleared {} cells",
                    phase.chain,
                    phase.cleared.len()
                )?;
                for fired in &phase.fired {
                    write!(out, ", fired {} at {}", fired.fire.piece, fired.fire.pos)?;
                }
                for created in &phase.created {
                    write!(out, ", made {} at {}", created.piece, created.pos)?;
                }
                for event in &phase.obstacles {
                    write!(out, ", {event}")?;
                }
                writeln!(out, ", +{}", phase.score)?;
            }
            if trace.phases.is_empty() {
                writeln!(out, "  nothing matched")?;
            }
            if let Some(shuffle) = &trace.shuffle {
                writeln!(
                    out,
                    "  no move was left: shuffled ({} pieces moved)",
                    shuffle.moves.len()
                )?;
            }
        }
        self.show(out)?;
        self.game_over(out)
    }

    /// Continues a game written by `save`; its rules may be another variant's.
    fn load_saved(&mut self, path: &str, out: &mut impl Write) -> io::Result<Result<(), String>> {
        let text = match crate::input::read_text(path.as_ref(), MAX_SAVE_BYTES) {
            Ok(text) => text,
            Err(e) => return Ok(Err(e.to_string())),
        };
        let saved: SavedGame = match serde_json::from_str(&text) {
            Ok(saved) => saved,
            Err(e) => return Ok(Err(format!("{path} is not a saved game: {e}"))),
        };
        let variant = match self.registry.get(&saved.rules) {
            Ok(variant) => variant.clone(),
            Err(e) => return Ok(Err(format!("{path}: {e}"))),
        };
        match Game::load(variant.rules(), saved) {
            Ok(game) => {
                self.variant = variant;
                self.game = game;
            }
            Err(e) => return Ok(Err(format!("{path}: {e}"))),
        }
        self.undo.clear();
        self.selected = None;
        self.show(out)?;
        Ok(Ok(()))
    }

    fn load(&mut self, board: Board, out: &mut impl Write) -> io::Result<Result<(), String>> {
        match Game::from_board(self.variant.rules(), board, self.seed) {
            Ok(game) => self.game = game,
            Err(e) => return Ok(Err(e.to_string())),
        }
        self.undo.clear();
        self.selected = None;
        self.show(out)?;
        Ok(Ok(()))
    }
}

/// A `--replay` entry that is not a move, or not legal where it is played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--replay[{index}] {entry}: {problem}")]
pub struct ReplayEntryError {
    /// The entry's index in the replay, from 0.
    pub index: usize,
    /// The entry as given (an excerpt of a long one).
    pub entry: String,
    /// What is wrong with it.
    pub problem: String,
}
