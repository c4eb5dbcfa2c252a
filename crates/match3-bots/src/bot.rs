//! The [`Bot`] trait and the two bots.

use match3_core::{Game, GameRng, Horizon, Move, Rules, ScoreScratch};

use crate::lookahead::LookaheadBot;
use crate::mcts::MctsBot;
use crate::skill::{Skill, SkillError, SkilledBot};

/// A name [`BotKind::parse`] does not take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BotNameError {
    /// No bot has this name.
    #[error(
        "unknown bot {name:?}: expected {} or greedy:P (P from 0 to 1)",
        known_names()
    )]
    Unknown {
        /// The name given.
        name: String,
    },
    /// `greedy:P` with a skill `P` that is not one.
    #[error("bot {name:?}: {source}")]
    Skill {
        /// The name given.
        name: String,
        /// What is wrong with the skill.
        source: SkillError,
    },
}

/// The fixed bots' names, comma-separated.
fn known_names() -> String {
    let names: Vec<&str> = BotKind::EVERY.iter().map(|k| k.name()).collect();
    names.join(", ")
}

/// Chooses moves for a game.
pub trait Bot {
    /// The move to play: `None` exactly when there is no legal move.
    fn choose<R: Rules>(&mut self, game: &Game<R>) -> Option<Move>;
}

/// Plays a uniformly random legal move, from its own seeded generator.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn choose<R: Rules>(&mut self, game: &Game<R>) -> Option<Move> {
        // The same draw as indexing the move list, without building it.
        game.pick_legal_move(|n| self.rng.below(n as u32) as usize)
    }
}

/// Resolves every legal move on a scratch copy (full cascade) and plays the one that
/// scores most; on a level with `collect`, `jelly` or `crates` goals, the one that makes
/// most progress on them first ([`Snapshot::goal_units`](match3_core::Snapshot::goal_units):
/// pieces of a wanted colour up to the count, jelly layers, crate hits), score breaking
/// ties.
///
/// - **Ties** go to the first move in [`Game::legal_moves`] order (row-major swaps, then
///   drops by column, then taps), so the choice is deterministic; on a level with such
///   goals, drops worth the same go to the emptiest column first (the first of those),
///   so that drops that gain nothing yet spread out instead of filling column 0.
/// - **Refills during look-ahead** come from the bot's own seeded generator, not from a
///   copy of the game's: the bot does not see the game's hidden future. What the rules
///   make knowable (the move's own phase, cascades among pieces already on the board, a
///   no-refill variant's whole turn, the visible next piece) is seen exactly; refill-made
///   cascades are a guess. All candidates of one decision share the same guessed
///   refills, so they are compared fairly. The game's generator is never touched.
/// - Look-ahead reuses one [`ScoreScratch`]
///   ([`Game::score_within`]) and records no trace: no allocation per candidate once
///   warm, and for rules that read only the bit planes, no cell moved.
/// - **Horizon.** [`GreedyBot::new`] resolves the whole cascade, guessed refills
///   included; [`GreedyBot::with_horizon`] resolves less ([`Horizon`]). With
///   [`Horizon::Known`] (the `greedy-known` bot) it sees exactly the knowable part
///   above and nothing guessed: on refilling variants that is cheaper and plays
///   stronger. A horizon of a few phases is cheaper still but blind to later chains.
///   The horizon changes which move wins a decision, so a seeded game played with one
///   is a different game from the same seed played with another.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    rng: GameRng,
    horizon: Horizon,
    moves: Vec<Move>,
    scratch: Option<Box<ScoreScratch>>,
}

impl GreedyBot {
    /// A greedy bot whose refill guesses are fixed by `seed`, looking at whole cascades.
    pub fn new(seed: u64) -> Self {
        Self::with_horizon(seed, Horizon::Cascade)
    }

    /// A greedy bot that resolves each candidate only as far as `horizon`.
    ///
    /// ```
    /// use std::num::NonZeroU32;
    /// use match3_bots::{Bot, GreedyBot};
    /// use match3_core::{Game, GameConfig, Horizon};
    /// use match3_clusters::Clusters;
    ///
    /// let game = Game::new(Clusters::swap(), GameConfig::new(7))?;
    /// let mut known = GreedyBot::with_horizon(1, Horizon::Known);
    /// let mut first_phase = GreedyBot::with_horizon(1, Horizon::Phases(NonZeroU32::MIN));
    /// for bot in [&mut known, &mut first_phase] {
    ///     let mv = bot.choose(&game).expect("a new game has a legal move");
    ///     assert!(game.legal_moves().contains(&mv));
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_horizon(seed: u64, horizon: Horizon) -> Self {
        GreedyBot {
            rng: GameRng::new(seed),
            horizon,
            moves: Vec::new(),
            scratch: None,
        }
    }

    /// How far each candidate is resolved.
    pub fn horizon(&self) -> Horizon {
        self.horizon
    }
}

impl Bot for GreedyBot {
    fn choose<R: Rules>(&mut self, game: &Game<R>) -> Option<Move> {
        game.legal_moves_into(&mut self.moves);
        let scratch = self
            .scratch
            .get_or_insert_with(|| Box::new(game.score_scratch()));
        let guess = self.rng.clone();
        // A candidate whose look-ahead fails (a runaway cascade under the guessed refills)
        // ranks below every one that plays, but stays a candidate: the bot returns a move
        // whenever one is legal, and the game reports what really happens.
        // Goals other than score are ranked first; plain games skip the count.
        let level = game.level();
        let by_goals = crate::worth::ranks_goals(level);
        let mut best: Option<(Option<Rank>, Move)> = None;
        for &mv in &self.moves {
            let rank = game.score_within(mv, scratch, Some(&guess), self.horizon);
            let rank = rank.ok().map(|score| {
                let units = if by_goals {
                    scratch.goal_units(level)
                } else {
                    0
                };
                // On levels with goals, spread equal drops (see `room`); plain games keep
                // the first of equals.
                let room = if by_goals { room(game.board(), mv) } else { 0 };
                (units, score, room)
            });
            if best.is_none_or(|(best, _)| rank > best) {
                best = Some((rank, mv));
            }
        }
        // Move the guessing generator on, so the next decision guesses afresh.
        self.rng.next_u32();
        best.map(|(_, mv)| mv)
    }
}

/// How greedy ranks a move: goal units, then points, then room left (see [`room`]).
type Rank = (u64, u64, usize);

/// Between drops worth the same, the one into the emptiest column: a drop that gains
/// nothing now should keep room for groups later, not pile pieces into the first column
/// (which made greedy lose to random on a jelly floor, 8% against 39%). Other moves tie
/// as before (0).
fn room(board: &match3_core::Board, mv: Move) -> usize {
    match mv {
        Move::Drop(col) => (0..board.rows())
            .filter(|&r| {
                board.get(match3_core::Pos::new(r as u8, col)) == Ok(match3_core::Cell::Empty)
            })
            .count(),
        _ => 0,
    }
}

/// A bot chosen at run time.
#[derive(Clone, Debug)]
pub enum AnyBot {
    /// [`RandomBot`].
    Random(RandomBot),
    /// [`GreedyBot`].
    Greedy(GreedyBot),
    /// [`LookaheadBot`].
    Lookahead(LookaheadBot),
    /// [`MctsBot`].
    Mcts(MctsBot),
    /// [`SkilledBot`].
    Skilled(SkilledBot),
}

/// The bot kinds, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`GreedyBot`] that looks at the known cascade only ([`Horizon::Known`]): no
    /// guessed refills, so cheaper, and stronger on refilling variants.
    GreedyKnown,
    /// [`LookaheadBot`] with its default samples and beam.
    Lookahead,
    /// [`MctsBot`] with its default playouts.
    Mcts,
    /// [`SkilledBot`]: greedy's move with this probability, else a random legal one
    /// (`greedy:0.7`). Skill 1 plays exactly as [`Greedy`](BotKind::Greedy), skill 0
    /// exactly as [`Random`](BotKind::Random).
    Skilled(Skill),
}

impl BotKind {
    /// A bot of this kind with `seed`.
    pub fn build(self, seed: u64) -> AnyBot {
        match self {
            BotKind::Random => AnyBot::Random(RandomBot::new(seed)),
            BotKind::Greedy => AnyBot::Greedy(GreedyBot::new(seed)),
            BotKind::GreedyKnown => AnyBot::Greedy(GreedyBot::with_horizon(seed, Horizon::Known)),
            BotKind::Lookahead => AnyBot::Lookahead(LookaheadBot::new(seed)),
            BotKind::Mcts => AnyBot::Mcts(MctsBot::new(seed)),
            BotKind::Skilled(skill) => AnyBot::Skilled(SkilledBot::new(seed, skill)),
        }
    }

    /// The strength ladder, weakest first: every kind but
    /// [`GreedyKnown`](BotKind::GreedyKnown), which outscores look-ahead where refills are
    /// guessed and so has no place on it.
    pub const ALL: [BotKind; 4] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Lookahead,
        BotKind::Mcts,
    ];

    /// Every kind: the ladder's, then those off it.
    pub const EVERY: [BotKind; 5] = [
        BotKind::Random,
        BotKind::Greedy,
        BotKind::Lookahead,
        BotKind::Mcts,
        BotKind::GreedyKnown,
    ];

    /// The kind with this [`name`](BotKind::name): one of [`EVERY`](BotKind::EVERY)'s,
    /// or `greedy:P` with a [`Skill`] P (`greedy:0.7`).
    ///
    /// ```
    /// use match3_bots::{BotKind, Skill};
    ///
    /// let kind = BotKind::named("greedy:0.70").expect("a skilled greedy bot");
    /// assert_eq!(kind, BotKind::Skilled(Skill::from_thousandths(700).unwrap()));
    /// assert_eq!(kind.name(), "greedy:0.7");
    /// assert_eq!(BotKind::named("greedy:2"), None);
    /// ```
    pub fn named(name: &str) -> Option<BotKind> {
        BotKind::parse(name).ok()
    }

    /// [`named`](BotKind::named), with what is wrong when the name is not a bot's: an
    /// unknown name lists the known ones, a bad skill says why.
    pub fn parse(name: &str) -> Result<BotKind, BotNameError> {
        if let Some(kind) = BotKind::EVERY.into_iter().find(|k| k.name() == name) {
            return Ok(kind);
        }
        if let Some(skill) = name.strip_prefix("greedy:") {
            return (skill.parse().map(BotKind::Skilled)).map_err(|source| BotNameError::Skill {
                name: name.to_string(),
                source,
            });
        }
        Err(BotNameError::Unknown {
            name: name.to_string(),
        })
    }

    /// `random`, `greedy`, `greedy-known`, `lookahead`, `mcts` or `greedy:P`.
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Greedy => "greedy",
            BotKind::GreedyKnown => "greedy-known",
            BotKind::Lookahead => "lookahead",
            BotKind::Mcts => "mcts",
            BotKind::Skilled(skill) => crate::skill::bot_name(skill),
        }
    }
}

impl Bot for AnyBot {
    #[inline]
    fn choose<R: Rules>(&mut self, game: &Game<R>) -> Option<Move> {
        match self {
            AnyBot::Random(b) => b.choose(game),
            AnyBot::Greedy(b) => b.choose(game),
            AnyBot::Lookahead(b) => b.choose(game),
            AnyBot::Mcts(b) => b.choose(game),
            AnyBot::Skilled(b) => b.choose(game),
        }
    }
}
