//! # match3-levels
//!
//! Level files for the match3 engine. A level is a board shape, a rule variant, a move
//! limit, goals and star thresholds, written in TOML:
//!
//! ```toml
//! name = "Collect the blues"
//! rules = "lines"              # lines, clusters, clusters-tap, clusters-drop, finite, or yours
//! board = '''
//! _??????_
//! ?~?~??????
//! ?%2??A?@?%
//! '''                          # level notation; rows by newline or '/'
//! moves = 20                   # move limit, 1 to 10000; absent = unlimited
//! colors = 5                   # palette for '?' and refills
//! spawn = { A = 2, B = 1 }     # refill weights; absent colours weigh 1
//! shuffle = true               # shuffle on deadlock; default: on for refilling rules
//! stars = [300, 600, 900]      # score thresholds for 1, 2, 3 stars
//! [[goals]]
//! kind = "score"               # final score >= target
//! target = 500
//! [[goals]]
//! kind = "collect"             # pieces of this colour cleared >= count
//! color = "A"
//! count = 30
//! [[goals]]
//! kind = "jelly"               # no jelly left
//! [[goals]]
//! kind = "crates"              # no crate left
//! ```
//!
//! The board is in level notation: the board notation of the rules (letters, specials,
//! `.` empty, `#` blocker) plus `_` for a hole (not part of the board: nothing is ever on
//! it, it breaks runs and clusters, pieces fall past it) and `?` for a plain piece drawn
//! when the game starts, so that the board starts with no match and a legal move.
//! Obstacles: `%`, `%2`, `%3` a crate with 1–3 health; after a cell, `@` locks its piece
//! and `~` / `~~` put one or two jelly layers under it (`?@~` is a random locked piece on
//! jelly). A `jelly` or `crates` goal needs some on the board, and a board needs a piece
//! or a `?` cell unless the rules' moves bring pieces in (drops).
//!
//! [`LevelFile::parse`] reads the text; [`LevelFile::start`] starts a seeded game under
//! rules the caller chooses by [`LevelFile::rules`] (this crate does not know the
//! variants). Every error names the file, the line and the field.
//!
//! ```
//! use match3_levels::LevelFile;
//!
//! let text = "rules = \"finite\"\nboard = \"AABC/BCAB/CBAC/ABCA\"\nmoves = 3\n\
//!             [[goals]]\nkind = \"score\"\ntarget = 3\n";
//! let file = LevelFile::parse(text, "teach.toml")?;
//! assert_eq!(file.rules, "finite");
//! let mut game = file.start(match3_finite::Finite, 1)?;
//! game.play(match3_core::Move::Swap(match3_core::Pos::new(0, 2), match3_core::Pos::new(1, 2)))?;
//! assert_eq!(game.status(), match3_core::Status::Won);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use match3_core::gravity::Bundled;
use match3_core::refill::Weighted;
use match3_core::{
    Cell, Color, Game, Goal, Layout, Leftover, Level, MAX_COLORS, MIN_INFERRED_COLORS, Rules,
    SetupError, Status,
};
use serde::Deserialize;
use thiserror::Error;
use toml::Spanned;

/// The largest level file [`LevelFile::read`] reads: far above any real level (a 32×32
/// board with every obstacle is a few kilobytes), so that a wrong path such as
/// `/dev/zero` is an error, not a program that fills the memory.
pub const MAX_LEVEL_BYTES: u64 = 1 << 20;

/// The largest move limit a level may set. Real levels give a few dozen moves; the cap
/// keeps a simulated game of a level (and so a run of N games) bounded, where a limit of
/// four billion moves would run for hours.
pub const MAX_MOVES: u32 = 10_000;

/// A level file that could not be read or used: the file, the line (1-based; 0 when the
/// problem has no line) and the field, then what is wrong.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum LevelError {
    /// The file could not be read.
    #[error("{file}: cannot read: {message}")]
    Read {
        /// The file.
        file: String,
        /// The system's reason.
        message: String,
    },
    /// A value given apart from the file ([`LevelFile::with_override`]) is wrong: the
    /// same check as the file's own value would fail, about a value on no line.
    #[error("{file}: {field} given apart from the file: {message}")]
    Override {
        /// The file.
        file: String,
        /// The field set (`moves`, `colors`, `goals[0]`).
        field: String,
        /// What is wrong.
        message: String,
    },
    /// The file's content is wrong.
    #[error("{file}:{line}: {field}: {message}")]
    Invalid {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// The field (`board`, `goals[1].color`, …; `toml` for a syntax error).
        field: String,
        /// What is wrong.
        message: String,
    },
}

/// A parsed level file: see the [crate docs](crate).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LevelFile {
    /// Where the level came from (for messages).
    pub file: String,
    /// The level's name (the file name without `.toml` when absent).
    pub name: String,
    /// The variant's name, as the program reading the level registered it (the `match3`
    /// command knows `lines`, `clusters`, `clusters-drop`, `clusters-tap` and `finite`).
    pub rules: String,
    /// The board in level notation, as written (it is parsed with the rules' markers).
    pub board: String,
    /// The palette for random cells, refills and next pieces; `None` to infer it from
    /// the board like [`Game::from_board`] does.
    pub colors: Option<u8>,
    /// Limit, goals, stars, shuffle and spawn weights.
    pub level: Level,
    lines: BTreeMap<String, usize>,
    text: String,
    /// The fields overrides set: their errors are about the overrides.
    set: Vec<String>,
}

/// A value for one of a level's numbers given apart from its file (a command line's
/// `--set`): [`LevelFile::with_override`] puts it in place of the file's through the
/// same checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Override {
    /// The move limit.
    Moves(u64),
    /// The palette.
    Colors(u64),
    /// The target of a score goal or the count of a collect goal.
    Goal {
        /// The goal's place in the file, from 0.
        index: usize,
        /// The value.
        value: u64,
    },
}

impl Override {
    /// The field it sets: `moves`, `colors` or `goals[N]`.
    pub fn field(self) -> String {
        match self {
            Override::Moves(_) => "moves".to_string(),
            Override::Colors(_) => "colors".to_string(),
            Override::Goal { index, .. } => format!("goals[{index}]"),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    name: Option<Spanned<String>>,
    rules: Spanned<String>,
    board: Spanned<String>,
    moves: Option<Spanned<u32>>,
    colors: Option<Spanned<u8>>,
    spawn: Option<Spanned<BTreeMap<String, Spanned<u32>>>>,
    shuffle: Option<bool>,
    gravity: Option<Spanned<String>>,
    leftover: Option<Spanned<String>>,
    stars: Option<Spanned<Vec<u64>>>,
    #[serde(default)]
    goals: Vec<Spanned<RawGoal>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGoal {
    kind: Spanned<String>,
    target: Option<u64>,
    color: Option<Spanned<String>>,
    count: Option<u32>,
}

impl LevelFile {
    /// Reads and parses a level file.
    pub fn read(path: impl AsRef<Path>) -> Result<LevelFile, LevelError> {
        let path = path.as_ref();
        let file = path.display().to_string();
        let read_error = |message: String| LevelError::Read {
            file: file.clone(),
            message,
        };
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| {
                std::io::Read::read_to_end(
                    &mut std::io::Read::take(f, MAX_LEVEL_BYTES + 1),
                    &mut bytes,
                )
            })
            .map_err(|e| read_error(e.to_string()))?;
        if bytes.len() as u64 > MAX_LEVEL_BYTES {
            return Err(read_error(format!(
                "larger than {} KiB, the most a level file may hold",
                MAX_LEVEL_BYTES >> 10
            )));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            read_error(format!(
                "not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to()
            ))
        })?;
        LevelFile::parse(&text, &file)
    }

    /// Parses a level file's text; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<LevelFile, LevelError> {
        LevelFile::parse_with(text, file, &[])
    }

    /// This level with `setting` in place of the file's value, through every check the
    /// file's own value goes through (a palette also sets the colours the spawn weights
    /// cover). An error about the value itself is [`LevelError::Override`]; one it
    /// causes elsewhere (a spawn colour now outside the palette) names that line.
    ///
    /// ```
    /// use match3_levels::{LevelError, LevelFile, Override};
    ///
    /// let file = LevelFile::parse("rules = \"lines\"\nboard = \"AB\"\nmoves = 5\n", "l.toml")?;
    /// assert_eq!(file.with_override(Override::Moves(9))?.level.moves, Some(9));
    /// let refused = file.with_override(Override::Moves(0)).unwrap_err();
    /// assert!(matches!(refused, LevelError::Override { .. }));
    /// assert_eq!(refused.to_string(), "l.toml: moves given apart from the file: a move limit must be at least 1");
    /// # Ok::<(), LevelError>(())
    /// ```
    pub fn with_override(&self, setting: Override) -> Result<LevelFile, LevelError> {
        self.with_overrides(&[setting])
    }

    /// This level with each of `settings` in place of the file's value (a grid's
    /// combination: a move limit and a goal's target together), checked together as
    /// [`with_override`](LevelFile::with_override) checks one; settings replace those of
    /// an earlier override, as they do the file's. Each field may be set once.
    ///
    /// ```
    /// use match3_levels::{LevelFile, Override};
    ///
    /// let text = "rules = \"lines\"\nboard = \"AB\"\nmoves = 5\n[[goals]]\nkind = \"score\"\ntarget = 10\n";
    /// let file = LevelFile::parse(text, "l.toml")?;
    /// let set = file.with_overrides(&[Override::Moves(9), Override::Goal { index: 0, value: 40 }])?;
    /// assert_eq!(set.level.moves, Some(9));
    /// assert_eq!(set.level.goals[0], match3_core::Goal::Score { target: 40 });
    /// let twice = file.with_overrides(&[Override::Moves(9), Override::Moves(8)]).unwrap_err();
    /// assert_eq!(twice.to_string(), "l.toml: moves given apart from the file: set twice");
    /// # Ok::<(), match3_levels::LevelError>(())
    /// ```
    pub fn with_overrides(&self, settings: &[Override]) -> Result<LevelFile, LevelError> {
        LevelFile::parse_with(&self.text, &self.file, settings)
    }

    fn parse_with(text: &str, file: &str, settings: &[Override]) -> Result<LevelFile, LevelError> {
        let src = Source {
            text,
            file,
            set: settings.iter().map(|s| s.field()).collect(),
        };
        let mut raw: Raw = toml::from_str(text).map_err(|e| {
            let span = e.span().unwrap_or(0..0);
            let message = e.message().trim().to_string();
            let field = field_of(&message).or_else(|| key_at(text, span.start));
            src.at(span, field.as_deref().unwrap_or("toml"), message)
        })?;
        for (i, &setting) in settings.iter().enumerate() {
            if settings[..i].iter().any(|s| s.field() == setting.field()) {
                return Err(src.at(0..0, &setting.field(), "set twice".to_string()));
            }
            src.apply(&mut raw, setting)?;
        }
        if raw.board.get_ref().trim().is_empty() {
            return Err(src.at(raw.board.span(), "board", "the board is empty".into()));
        }
        let colors = src.colors(&raw)?;
        let palette = colors.unwrap_or_else(|| raw.inferred_palette());
        let goals = (raw.goals.iter().enumerate())
            .map(|(i, goal)| src.goal(i, goal))
            .collect::<Result<Vec<_>, _>>()?;
        let level = Level {
            moves: raw.moves.as_ref().map(|m| *m.get_ref()),
            goals,
            stars: (raw.stars.as_ref())
                .map(|s| s.get_ref().clone())
                .unwrap_or_default(),
            shuffle: raw.shuffle,
            spawn: src.spawn(&raw, palette)?,
            gravity: src.gravity(&raw)?,
            leftover: src.leftover(&raw)?,
        };
        src.check_limits(&raw)?;
        Ok(LevelFile {
            file: file.to_string(),
            name: src.name(&raw)?,
            lines: src.lines(&raw),
            rules: raw.rules.into_inner(),
            board: raw.board.get_ref().clone(),
            colors,
            level,
            text: text.to_string(),
            set: src.set,
        })
    }

    /// An error about `field` (`rules`, `board`, …) at the line it is on.
    pub fn error(&self, field: &str, message: impl Into<String>) -> LevelError {
        if self.set.iter().any(|f| f == field) {
            return LevelError::Override {
                file: self.file.clone(),
                field: field.to_string(),
                message: message.into(),
            };
        }
        LevelError::Invalid {
            file: self.file.clone(),
            line: self.lines.get(field).copied().unwrap_or(0),
            field: field.to_string(),
            message: message.into(),
        }
    }

    /// The board parsed with the special markers of `rules`; an error names the line of
    /// the bad row.
    pub fn layout<R: Rules + ?Sized>(&self, rules: &R) -> Result<Layout, LevelError> {
        Layout::parse(&self.board, rules.special_kinds()).map_err(|e| {
            let mut error = self.error("board", e.to_string());
            if let (LevelError::Invalid { line, .. }, Some(row)) = (&mut error, e.row()) {
                *line += self.board_row_offset(row);
            }
            error
        })
    }

    /// How many lines below the `board =` line board row `row` is written.
    fn board_row_offset(&self, row: usize) -> usize {
        // A multi-line string starts on the line after its opening quotes.
        let start = self.lines.get("board").copied().unwrap_or(1);
        let opening = self.text.lines().nth(start.saturating_sub(1)).unwrap_or("");
        let after_quotes = opening
            .split_once("'''")
            .or_else(|| opening.split_once("\"\"\""))
            .is_some_and(|(_, rest)| rest.trim().is_empty());
        // Only a multi-line string puts rows on lines of their own: `\n` escapes in a
        // one-line string do not.
        let multi_line = ["'''", "\"\"\""].iter().any(|q| opening.contains(q));
        let mut newlines = 0;
        let mut current = 0;
        for ch in self.board.chars() {
            if current == row {
                break;
            }
            if ch == '/' || ch == '\n' {
                current += 1;
                newlines += usize::from(ch == '\n' && multi_line);
            }
        }
        newlines + usize::from(after_quotes)
    }

    /// The palette the level plays with: `colors`, or inferred from the board's letters
    /// (at least [`MIN_INFERRED_COLORS`]).
    pub fn palette(&self, layout: &Layout) -> u8 {
        self.colors.unwrap_or_else(|| {
            let highest = layout.board.iter().filter_map(|(_, c)| c.color()).max();
            highest
                .map_or(0, |c| c.index() + 1)
                .max(MIN_INFERRED_COLORS)
        })
    }

    /// A seeded game of this level under `rules` (which should be the variant named by
    /// [`rules`](LevelFile::rules)): random cells drawn from the game's generator, the
    /// level's limit, goals and policies in force.
    pub fn start<R: Rules>(&self, rules: R, seed: u64) -> Result<Game<R>, LevelError> {
        let layout = self.layout(&rules)?;
        let colors = self.palette(&layout);
        let game = Game::from_layout(rules, &layout, seed, colors, self.level.clone())
            .map_err(|e| self.setup_error(&e))?;
        match self.nothing_to_play(&layout, game.status()) {
            Some(error) => Err(error),
            None => Ok(game),
        }
    }

    /// Refuses a board with nothing to play: no piece and no `?` cell, on which a game
    /// starts already over (cleared, or without a legal move), as an all-hole or
    /// all-crate board would. A drop game's empty board is fine: its moves bring the
    /// pieces. [`start`](LevelFile::start) checks this too; a program that starts games
    /// its own way calls it once, when the file is opened.
    pub fn check_pieces<R: Rules>(&self, rules: R, layout: &Layout) -> Result<(), LevelError> {
        if !self.pieceless(layout) {
            return Ok(());
        }
        let colors = self.palette(layout);
        let game = Game::from_layout(rules, layout, 0, colors, self.level.clone())
            .map_err(|e| self.setup_error(&e))?;
        self.nothing_to_play(layout, game.status())
            .map_or(Ok(()), Err)
    }

    fn pieceless(&self, layout: &Layout) -> bool {
        let pieces = (layout.board.iter()).any(|(_, c)| matches!(c, Cell::Piece(_)));
        !pieces && layout.random.is_empty()
    }

    /// The error for a pieceless board whose game starts with `status`, unless playable.
    fn nothing_to_play(&self, layout: &Layout, status: Status) -> Option<LevelError> {
        (self.pieceless(layout) && status != Status::Playable).then(|| {
            self.error(
                "board",
                format!(
                    "the board holds no piece and no `?` cell: a game on it starts {}, with nothing to play",
                    status.as_str()
                ),
            )
        })
    }

    /// A setup error of this level's game, at the line of the field it is about: a goal
    /// with nothing to clear or a colour outside the palette at the goal, a palette the
    /// rules refuse at `colors` (the board when the palette is inferred from it), star
    /// thresholds at `stars`, anything else at the board.
    pub fn setup_error(&self, e: &SetupError) -> LevelError {
        let goal = |found: Option<usize>| found.map(|i| format!("goals[{i}]"));
        let field = match e {
            SetupError::NothingToClear { kind } => {
                goal(self.level.goals.iter().position(|g| g.kind() == *kind))
            }
            SetupError::GoalColor { color, .. } => goal(
                self.level
                    .goals
                    .iter()
                    .position(|g| matches!(g, Goal::Collect { color: c, .. } if c == color)),
            ),
            SetupError::Colors { .. } if self.colors.is_some() => Some("colors".to_string()),
            SetupError::Stars { .. } => Some("stars".to_string()),
            _ => None,
        };
        self.error(field.as_deref().unwrap_or("board"), e.to_string())
    }
}

impl Raw {
    /// The palette refills draw from when the file gives none, as `palette` infers it at
    /// game start: from the board's highest colour letter (markers and obstacles are not
    /// capitals).
    fn inferred_palette(&self) -> u8 {
        let highest = (self.board.get_ref().chars())
            .filter(char::is_ascii_uppercase)
            .map(|c| c as u8 - b'A' + 1)
            .max();
        highest.unwrap_or(0).max(MIN_INFERRED_COLORS)
    }
}

/// A level file's text and name, to locate errors and fields, and the fields overrides
/// set.
struct Source<'a> {
    text: &'a str,
    file: &'a str,
    set: Vec<String>,
}

impl Source<'_> {
    /// The level's gravity: `"straight"` or `"slide"`; `None` (the rules' own) when
    /// absent.
    fn gravity(&self, raw: &Raw) -> Result<Option<Bundled>, LevelError> {
        let Some(gravity) = &raw.gravity else {
            return Ok(None);
        };
        (gravity.get_ref().parse::<Bundled>())
            .map(Some)
            .map_err(|message| self.at(gravity.span(), "gravity", message))
    }

    /// What the moves left are worth once the goals are met: `"end"` (the default) or
    /// `"bonus"`.
    fn leftover(&self, raw: &Raw) -> Result<Leftover, LevelError> {
        let Some(leftover) = &raw.leftover else {
            return Ok(Leftover::End);
        };
        (leftover.get_ref().parse::<Leftover>())
            .map_err(|message| self.at(leftover.span(), "leftover", message))
    }

    /// An error about `field` at the line of `span` (about the override, when it set
    /// `field`).
    fn at(&self, span: std::ops::Range<usize>, field: &str, message: String) -> LevelError {
        if self.set.iter().any(|f| f == field) {
            return LevelError::Override {
                file: self.file.to_string(),
                field: field.to_string(),
                message,
            };
        }
        LevelError::Invalid {
            file: self.file.to_string(),
            line: line_of(self.text, span.start),
            field: field.to_string(),
            message,
        }
    }

    /// Puts `setting` in the file's place, as the file would have written it (a value
    /// past what the file's type holds is refused as the file's check would refuse it).
    fn apply(&self, raw: &mut Raw, setting: Override) -> Result<(), LevelError> {
        let fail = |message: String| self.at(0..0, &setting.field(), message);
        match setting {
            Override::Moves(v) => {
                check_moves(v).map_err(|e| fail(e.to_string()))?;
                raw.moves = Some(Spanned::new(0..0, v as u32));
            }
            Override::Colors(v) => {
                check_colors(v).map_err(|e| fail(e.to_string()))?;
                raw.colors = Some(Spanned::new(0..0, v as u8));
            }
            Override::Goal { index, value } => {
                let goals = raw.goals.len();
                let goal = (raw.goals.get_mut(index))
                    .ok_or_else(|| fail(format!("the level has {goals} goals")))?
                    .get_mut();
                match goal.kind.get_ref().as_str() {
                    "score" => goal.target = Some(value),
                    "collect" => {
                        let count = u32::try_from(value)
                            .map_err(|_| fail(format!("{value} is too large for a count")))?;
                        goal.count = Some(count);
                    }
                    kind => return Err(fail(format!("a {kind} goal has no number to set"))),
                }
            }
        }
        Ok(())
    }

    /// The line of each field, for later errors about them.
    fn lines(&self, raw: &Raw) -> BTreeMap<String, usize> {
        let mut lines = BTreeMap::new();
        let spans = [
            ("rules", Some(raw.rules.span())),
            ("board", Some(raw.board.span())),
            ("colors", raw.colors.as_ref().map(Spanned::span)),
            ("stars", raw.stars.as_ref().map(Spanned::span)),
            ("moves", raw.moves.as_ref().map(Spanned::span)),
            ("spawn", raw.spawn.as_ref().map(Spanned::span)),
        ];
        for (key, span) in spans {
            if let Some(span) = span {
                lines.insert(key.to_string(), line_of(self.text, span.start));
            }
        }
        for (i, goal) in raw.goals.iter().enumerate() {
            lines.insert(format!("goals[{i}]"), line_of(self.text, goal.span().start));
        }
        lines
    }

    /// The palette the file gives, checked.
    fn colors(&self, raw: &Raw) -> Result<Option<u8>, LevelError> {
        match &raw.colors {
            Some(c) => check_colors(u64::from(*c.get_ref()))
                .map(|()| Some(*c.get_ref()))
                .map_err(|e| self.at(c.span(), "colors", e.to_string())),
            None => Ok(None),
        }
    }

    /// Goal `i`.
    fn goal(&self, i: usize, goal: &Spanned<RawGoal>) -> Result<Goal, LevelError> {
        let g = goal.get_ref();
        let field = |name: &str| format!("goals[{i}].{name}");
        let missing = |name: &str| {
            self.at(
                goal.span(),
                &field(name),
                format!("a {} goal needs `{name}`", g.kind.get_ref()),
            )
        };
        Ok(match g.kind.get_ref().as_str() {
            "score" => Goal::Score {
                target: g.target.ok_or_else(|| missing("target"))?,
            },
            "collect" => {
                let color = g.color.as_ref().ok_or_else(|| missing("color"))?;
                Goal::Collect {
                    color: letter(color.get_ref()).ok_or_else(|| {
                        self.at(
                            color.span(),
                            &field("color"),
                            format!("{:?} is not a colour letter A-Z", color.get_ref()),
                        )
                    })?,
                    count: g.count.ok_or_else(|| missing("count"))?,
                }
            }
            "jelly" => Goal::Jelly,
            "crates" => Goal::Crates,
            other => {
                return Err(self.at(
                    g.kind.span(),
                    &field("kind"),
                    format!(
                        "unknown goal kind {other:?}: expected score, collect, jelly or crates"
                    ),
                ));
            }
        })
    }

    /// The spawn weights over `palette` colours (1 for a colour the file leaves out).
    fn spawn(&self, raw: &Raw, palette: u8) -> Result<Option<Weighted>, LevelError> {
        let Some(map) = &raw.spawn else {
            return Ok(None);
        };
        let mut weights = vec![1u32; usize::from(palette)];
        for (key, weight) in map.get_ref() {
            let color = letter(key).ok_or_else(|| {
                self.at(
                    map.span(),
                    "spawn",
                    format!("{key:?} is not a colour letter A-Z"),
                )
            })?;
            let slot = weights.get_mut(usize::from(color.index())).ok_or_else(|| {
                self.at(
                    weight.span(),
                    &format!("spawn.{key}"),
                    format!("colour {key} is outside the palette of {palette} colours"),
                )
            })?;
            *slot = *weight.get_ref();
        }
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let problem = match total {
            0 => Some("every colour's weight is 0: refills need a colour to draw".to_string()),
            t if t > u64::from(u32::MAX) => Some(format!(
                "the weights add up to {t}, more than {} (the most a refill draws from)",
                u32::MAX
            )),
            _ => None,
        };
        if let Some(problem) = problem {
            return Err(self.at(map.span(), "spawn", problem));
        }
        let weighted =
            Weighted::new(weights).map_err(|e| self.at(map.span(), "spawn", e.to_string()))?;
        Ok(Some(weighted))
    }

    /// Star thresholds ascend and a move limit is from 1 to [`MAX_MOVES`].
    fn check_limits(&self, raw: &Raw) -> Result<(), LevelError> {
        if let Some(stars) = &raw.stars
            && stars.get_ref().windows(2).any(|w| w[0] > w[1])
        {
            return Err(self.at(stars.span(), "stars", "thresholds must be ascending".into()));
        }
        if let Some(m) = &raw.moves
            && let Err(e) = check_moves(u64::from(*m.get_ref()))
        {
            return Err(self.at(m.span(), "moves", e.to_string()));
        }
        Ok(())
    }

    /// The level's name: the file's, without control characters (it is printed on
    /// terminals), or the file name without `.toml`.
    fn name(&self, raw: &Raw) -> Result<String, LevelError> {
        let Some(name) = &raw.name else {
            return Ok(Path::new(self.file).file_stem().map_or_else(
                || self.file.to_string(),
                |s| s.to_string_lossy().into_owned(),
            ));
        };
        if let Some(c) = (name.get_ref().chars()).find(|&c| c.is_control() || is_bidi_control(c)) {
            let what = match c.is_control() {
                true => "control character",
                false => "bidirectional control (it reorders the text around it)",
            };
            return Err(self.at(
                name.span(),
                "name",
                format!("holds the {what} {c:?}: names are plain text"),
            ));
        }
        Ok(name.get_ref().clone())
    }
}

/// A move limit or a palette a level cannot have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum LimitError {
    /// A move limit of 0.
    #[error("a move limit must be at least 1")]
    NoMoves,
    /// A move limit above [`MAX_MOVES`].
    #[error("a move limit of {0} is more than {MAX_MOVES}, the most a level may set")]
    TooManyMoves(u64),
    /// A palette outside 1 to 26 colours.
    #[error("{0} is not in 1..=26")]
    Colors(u64),
}

/// Whether a move limit can be a level's: from 1 to [`MAX_MOVES`]; the error says why
/// not (the words of a level file's error, for a limit given another way).
pub fn check_moves(moves: u64) -> Result<(), LimitError> {
    match moves {
        0 => Err(LimitError::NoMoves),
        m if m > u64::from(MAX_MOVES) => Err(LimitError::TooManyMoves(m)),
        _ => Ok(()),
    }
}

/// Whether a palette can be a level's: from 1 to 26 colours (what the rules accept is
/// checked when a game starts).
pub fn check_colors(colors: u64) -> Result<(), LimitError> {
    match (1..=u64::from(MAX_COLORS)).contains(&colors) {
        true => Ok(()),
        false => Err(LimitError::Colors(colors)),
    }
}

/// The characters that reorder the text around them (the Arabic letter mark, the
/// left-to-right and right-to-left marks, embeddings, overrides and isolates): a name
/// holding one would print reordered.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A single colour letter.
fn letter(text: &str) -> Option<Color> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Color::from_letter(c),
        _ => None,
    }
}

/// The 1-based line of byte `offset`.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .unwrap_or(text)
        .bytes()
        .filter(|&b| b == b'\n')
        .count()
        + 1
}

/// The field a TOML error is about, from its message (`missing field `board``, `unknown
/// field `colour``).
fn field_of(message: &str) -> Option<String> {
    message
        .split('`')
        .nth(1)
        .filter(|_| message.contains("field"))
        .map(str::to_string)
}

/// The key written on the line of byte `offset` (`moves = "x"` gives `moves`): where a
/// value of the wrong type is.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let start = text.get(..offset)?.rfind('\n').map_or(0, |i| i + 1);
    let line = text[start..].lines().next()?;
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    let bare = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    (!key.is_empty() && key.chars().all(bare)).then(|| key.to_string())
}
