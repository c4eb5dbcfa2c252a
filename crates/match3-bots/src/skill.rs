//! The skill knob: a bot that plays like greedy with a chosen probability and otherwise
//! plays a uniformly random legal move, so that a designer can model weaker players
//! (`greedy:0.7` on the command line).

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use match3_core::{Game, GameRng, Move, Rules};
use thiserror::Error;

use crate::bot::{Bot, GreedyBot, RandomBot};

/// How often a [`SkilledBot`] plays greedy's move: a probability from 0 to 1 in steps of
/// a thousandth, so that it compares, hashes and prints exactly.
///
/// ```
/// use match3_bots::Skill;
///
/// let skill: Skill = "0.70".parse()?;
/// assert_eq!(skill.thousandths(), 700);
/// assert_eq!(skill.to_string(), "0.7");
/// assert!("1.5".parse::<Skill>().is_err());
/// # Ok::<(), match3_bots::SkillError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Skill(u16);

/// Why a text is not a [`Skill`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SkillError {
    /// Not a decimal number.
    #[error("skill {text:?}: expected a probability from 0 to 1, such as 0.7")]
    NotANumber {
        /// The text given.
        text: String,
    },
    /// A number above 1.
    #[error("skill {text:?}: a probability is at most 1")]
    AboveOne {
        /// The text given.
        text: String,
    },
    /// More than three decimals.
    #[error("skill {text:?}: at most three decimals (steps of 0.001)")]
    TooFine {
        /// The text given.
        text: String,
    },
}

impl Skill {
    /// Every greedy move: plays exactly as [`GreedyBot`].
    pub const GREEDY: Skill = Skill(1000);
    /// No greedy move: plays exactly as [`RandomBot`].
    pub const RANDOM: Skill = Skill(0);

    /// The skill of `n` thousandths, or `None` above 1000.
    pub const fn from_thousandths(n: u16) -> Option<Skill> {
        if n <= 1000 { Some(Skill(n)) } else { None }
    }

    /// The probability in thousandths, 0 to 1000.
    pub const fn thousandths(self) -> u16 {
        self.0
    }

    /// The probability, 0 to 1.
    pub fn probability(self) -> f64 {
        f64::from(self.0) / 1000.0
    }
}

impl FromStr for Skill {
    type Err = SkillError;

    /// A decimal from 0 to 1 with at most three decimals: `0.7`, `1`, `0.125`, `.5`.
    fn from_str(text: &str) -> Result<Skill, SkillError> {
        let owned = || text.to_string();
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && frac.is_empty()) || !digits(whole) || !digits(frac) {
            return Err(SkillError::NotANumber { text: owned() });
        }
        if frac.len() > 3 {
            return Err(SkillError::TooFine { text: owned() });
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 1 {
            return Err(SkillError::AboveOne { text: owned() });
        }
        let frac = format!("{frac:0<3}");
        let n = whole.parse::<u16>().unwrap_or(0) * 1000
            + frac.parse::<u16>().expect("three ascii digits");
        Skill::from_thousandths(n).ok_or(SkillError::AboveOne { text: owned() })
    }
}

impl fmt::Display for Skill {
    /// The shortest decimal: `0.7`, `1`, `0`, `0.125`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&text(*self))
    }
}

fn text(skill: Skill) -> String {
    match skill.0 {
        1000 => "1".to_string(),
        0 => "0".to_string(),
        n => format!("0.{n:03}").trim_end_matches('0').to_string(),
    }
}

/// `greedy:P` for every skill, built once: bot names are `&'static str`
/// ([`BotKind::name`](crate::BotKind::name)), and a thousand short names are cheaper than
/// a name type every caller would have to carry.
pub(crate) fn bot_name(skill: Skill) -> &'static str {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        (0..=1000)
            .map(|n| format!("greedy:{}", text(Skill(n))))
            .collect()
    });
    &names[usize::from(skill.0)]
}

/// Plays [`GreedyBot`]'s move with probability [`Skill`], otherwise [`RandomBot`]'s.
///
/// - **Seeded**: its greedy and random halves get the same seed as the plain bots, and a
///   third generator (derived from the seed) tosses the coin, one toss a decision. A half
///   draws from its own generator only when it plays, so skill 1 plays exactly as greedy
///   and skill 0 exactly as random, game for game.
/// - Games of one seed at two skills share the coin tosses: the greedy decisions of the
///   lower skill are among those of the higher (until the two games part ways).
///
/// ```
/// use match3_bots::{Bot, Skill, SkilledBot};
/// use match3_core::{Game, GameConfig};
/// use match3_lines::Lines;
///
/// let game = Game::new(Lines, GameConfig::new(7))?;
/// let mut bot = SkilledBot::new(3, "0.7".parse()?);
/// let mv = bot.choose(&game).expect("a new game has a legal move");
/// assert!(game.legal_moves().contains(&mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct SkilledBot {
    skill: Skill,
    coin: GameRng,
    greedy: GreedyBot,
    random: RandomBot,
}

impl SkilledBot {
    /// A bot of `skill` whose choices are fixed by `seed`.
    pub fn new(seed: u64, skill: Skill) -> Self {
        SkilledBot {
            skill,
            coin: GameRng::new(seed ^ 0x0005_c111_c017),
            greedy: GreedyBot::new(seed),
            random: RandomBot::new(seed),
        }
    }

    /// How often it plays greedy's move.
    pub fn skill(&self) -> Skill {
        self.skill
    }
}

impl Bot for SkilledBot {
    fn choose<R: Rules>(&mut self, game: &Game<R>) -> Option<Move> {
        if self.coin.below(1000) < u32::from(self.skill.0) {
            self.greedy.choose(game)
        } else {
            self.random.choose(game)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skills_parse_and_print_canonically() {
        let cases = [
            ("0.7", 700, "0.7"),
            ("0.70", 700, "0.7"),
            (".5", 500, "0.5"),
            ("1", 1000, "1"),
            ("1.000", 1000, "1"),
            ("0", 0, "0"),
            ("00.125", 125, "0.125"),
            ("0.001", 1, "0.001"),
        ];
        for (text, n, shown) in cases {
            let skill: Skill = text.parse().unwrap();
            assert_eq!(
                (skill.thousandths(), skill.to_string().as_str()),
                (n, shown)
            );
            assert_eq!(bot_name(skill), format!("greedy:{shown}"));
        }
    }

    #[test]
    fn bad_skills_say_what_is_wrong() {
        for text in ["", ".", "x", "-0.5", "0.5.1", "1e-1", " 0.5", "0,5"] {
            let err = text.parse::<Skill>().unwrap_err();
            assert!(
                matches!(err, SkillError::NotANumber { .. }),
                "{text}: {err}"
            );
        }
        for text in ["1.001", "2", "10", "1.5"] {
            let err = text.parse::<Skill>().unwrap_err();
            assert!(matches!(err, SkillError::AboveOne { .. }), "{text}: {err}");
        }
        let err = "0.1234".parse::<Skill>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "skill \"0.1234\": at most three decimals (steps of 0.001)"
        );
        assert_eq!(Skill::from_thousandths(1001), None);
    }
}
