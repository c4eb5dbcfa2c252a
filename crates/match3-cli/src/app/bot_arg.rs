//! `--bot B` and `--bots B,B…`: every name [`BotKind::parse`] accepts, the skill knob
//! `greedy:P` among them, with the names and what each bot does in `--help`.

use std::ffi::OsStr;

use clap::builder::{PossibleValue, StringValueParser, TypedValueParser};
use match3_bots::BotKind;

/// Reads a bot name with [`BotKind::parse`]: its message says what is wrong
/// (`greedy:1.5`: a probability is at most 1; an unknown name lists the known ones).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct BotParser;

impl TypedValueParser for BotParser {
    type Value = BotKind;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<BotKind, clap::Error> {
        let named = |name: String| BotKind::parse(&name);
        (StringValueParser::new().try_map(named)).parse_ref(cmd, arg, value)
    }

    /// For `--help` and completions only: `greedy:0.7` is accepted though not listed.
    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let named = BotKind::EVERY.map(|kind| PossibleValue::new(kind.name()).help(about(kind)));
        let skilled = PossibleValue::new("greedy:P").help(
            "Greedy's move with probability P (0 to 1, such as greedy:0.7), else a random \
             legal move: a weaker player. greedy:1 is greedy, greedy:0 random",
        );
        Some(Box::new(named.into_iter().chain([skilled])))
    }
}

/// What a named bot does, for `--help`.
fn about(kind: BotKind) -> &'static str {
    match kind {
        BotKind::Random => "Uniformly random legal moves",
        BotKind::Greedy => "The best-scoring move by full look-ahead",
        BotKind::GreedyKnown => {
            "The best-scoring move by the cascade of the pieces already on the board (no \
             guessed refills): cheaper than greedy, and stronger on refilling variants"
        }
        BotKind::Lookahead => "Two moves deep, averaged over sampled refills",
        BotKind::Mcts => "Monte Carlo tree search with a playout budget",
        BotKind::Skilled(_) => "Greedy's move with a chosen probability, else a random one",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<BotKind, String> {
        let bot = clap::Arg::new("bot").long("bot").value_parser(BotParser);
        let cmd = clap::Command::new("match3").arg(bot);
        let matches = cmd.try_get_matches_from(["match3", "--bot", text]);
        matches
            .map(|m| *m.get_one::<BotKind>("bot").expect("given"))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn every_name_the_library_takes_is_taken() {
        for kind in BotKind::EVERY {
            assert_eq!(parse(kind.name()), Ok(kind));
        }
        let skilled = parse("greedy:0.70").unwrap();
        assert_eq!(skilled.name(), "greedy:0.7");
        assert_eq!(
            parse("greedy:1"),
            Ok(BotKind::Skilled(match3_bots::Skill::GREEDY))
        );
    }

    #[test]
    fn a_bad_name_says_what_is_wrong_with_it() {
        let above = parse("greedy:1.5").unwrap_err();
        assert!(above.contains("'greedy:1.5' for '--bot"), "{above}");
        assert!(above.contains("a probability is at most 1"), "{above}");
        let nan = parse("greedy:x").unwrap_err();
        assert!(nan.contains("expected a probability from 0 to 1"), "{nan}");
        let unknown = parse("greed").unwrap_err();
        assert!(
            unknown.contains("random, greedy") && unknown.contains("greedy:P"),
            "{unknown}"
        );
    }

    #[test]
    fn help_lists_every_name_and_the_skill_knob() {
        let listed: Vec<String> = (BotParser.possible_values().unwrap())
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(
            listed,
            [
                "random",
                "greedy",
                "lookahead",
                "mcts",
                "greedy-known",
                "greedy:P"
            ]
        );
    }
}
