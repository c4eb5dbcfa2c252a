//! The whole `match3` command line over a [`Registry`] of variants: the `match3` binary
//! is `App::with_builtin_variants().run()`, and a rule crate's own binary adds its
//! variants with one line each, so they play in every command, level file, saved game
//! and the playground.
//!
//! ```no_run
//! use match3_cli::{App, Variant};
//! use match3_core::detect::LineRuns;
//!
//! fn main() -> std::process::ExitCode {
//!     App::with_builtin_variants()
//!         .variant(Variant::new("fives", "lines of five only", || {
//!             match3_core::Variant::new("fives", LineRuns::new(5))
//!         }))
//!         .run()
//! }
//! ```

mod args;
mod bot_arg;
mod commands;
mod compare;
mod heatmap;
mod output;
mod solve;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{CommandFactory, FromArgMatches};

use crate::registry::{Registry, RegistryError};
use crate::variant::Variant;
use args::{Cli, Command};
use output::UsageError;

/// A `match3` program: a registry of variants and the command line that plays them.
#[derive(Debug, Default)]
pub struct App {
    registry: Registry,
    refused: Vec<RegistryError>,
}

impl App {
    /// A program with no variants yet.
    pub fn new() -> App {
        App::default()
    }

    /// A program with the bundled variants ([`Registry::builtin`]).
    pub fn with_builtin_variants() -> App {
        App {
            registry: Registry::builtin(),
            refused: Vec::new(),
        }
    }

    /// Adds a variant. A name that is taken or cannot be typed is reported when the
    /// program runs (exit code 2), before any command.
    pub fn variant(mut self, variant: Variant) -> App {
        if let Err(e) = self.registry.add(variant) {
            self.refused.push(e);
        }
        self
    }

    /// The variants registered so far.
    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Runs the command line of this process.
    pub fn run(self) -> ExitCode {
        self.run_with(std::env::args_os())
    }

    /// Runs a command line (`args` starts with the program's name): prints what the
    /// command prints, and returns 0, 2 for input the command cannot work with (with a
    /// message on stderr), or 1 when the output cannot be written.
    pub fn run_with<I, T>(self, args: I) -> ExitCode
    where
        I: IntoIterator<Item = T>,
        T: Into<OsString> + Clone,
    {
        let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
        let program = program_name(args.first());
        if let Some(e) = self.refused.first() {
            return fail(&program, &UsageError(e.to_string()));
        }
        let matches = match command(&self.registry, &program).try_get_matches_from(args) {
            Ok(matches) => matches,
            Err(e) => e.exit(),
        };
        let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
        match self.dispatch(cli.command) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&program, &e),
        }
    }

    fn dispatch(self, command: Command) -> Result<(), UsageError> {
        let registry = &self.registry;
        match command {
            Command::Resolve(args) => commands::resolve(registry, args),
            Command::Moves(args) => commands::moves(registry, args),
            Command::New(args) => commands::new(registry, args),
            Command::Play(args) => commands::play(registry, args),
            Command::Simulate(args) => commands::simulate(registry, args),
            Command::Compare(args) => compare::compare(registry, args),
            Command::Solve(args) => solve::solve(registry, args),
            Command::Merge(args) => commands::merge(args),
            Command::Lint(args) => commands::lint(registry, args),
            Command::Serve(args) => {
                crate::serve::run((args.bind, args.port).into(), args.limits(), self.registry)
                    .map_err(|e| UsageError(format!("serve on {}:{}: {e}", args.bind, args.port)))
            }
        }
    }
}

/// The name the program was run by (`match3`, `match3-lightning`), for its messages
/// and help: the file name of `arg0` without directories or extension.
pub(crate) fn program_name(arg0: Option<&OsString>) -> String {
    let stem = arg0.and_then(|a| std::path::Path::new(a).file_stem());
    let name = stem.map(|s| s.to_string_lossy()).unwrap_or_default();
    match name.is_empty() {
        true => "match3".to_string(),
        false => crate::input::printable(&crate::input::brief(&name)),
    }
}

/// Prints a message on stderr, after the program's name: exit code 2.
fn fail(program: &str, e: &UsageError) -> ExitCode {
    // Messages may quote files: their control characters are escaped, and however long
    // what they quote, they stay short.
    eprintln!(
        "{program}: {}",
        crate::input::printable(&crate::input::brief(&e.0))
    );
    ExitCode::from(2)
}

/// The clap command named `program`, with `--rules` taking the registered names (listed
/// in `--help` with their descriptions, the top command's help among them).
fn command(registry: &Registry, program: &str) -> clap::Command {
    let values: Vec<PossibleValue> = (registry.iter())
        .map(|v| PossibleValue::new(v.name().to_string()).help(v.description().to_string()))
        .collect();
    let width = (registry.iter()).map(|v| v.name().len()).max().unwrap_or(0);
    let listed: Vec<String> = (registry.iter())
        .map(|v| format!("  {:width$}  {}", v.name(), v.description()))
        .collect();
    let mut cmd = (Cli::command())
        .name(program.to_string())
        .bin_name(program.to_string())
        .after_help(format!("Variants (--rules):\n{}", listed.join("\n")));
    let with_rules: Vec<String> = (cmd.get_subcommands())
        .filter(|s| s.get_arguments().any(|a| a.get_id() == "rules"))
        .map(|s| s.get_name().to_string())
        .collect();
    for name in with_rules {
        cmd = cmd.mut_subcommand(name, |s| {
            s.mut_arg("rules", |a| {
                a.value_parser(PossibleValuesParser::new(values.clone()))
            })
        });
    }
    cmd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_variant_stops_the_program_before_any_command() {
        let twice = Variant::new("lines", "again", || match3_lines::Lines);
        let app = App::with_builtin_variants().variant(twice);
        assert_eq!(app.registry().names().len(), 5);
        assert_eq!(app.run_with(["match3", "compare"]), ExitCode::from(2));
    }

    #[test]
    fn rules_take_the_registered_names_with_their_descriptions() {
        let app =
            App::with_builtin_variants().variant(Variant::new("mine", "my own rules", || {
                match3_lines::Lines.variant().named("mine")
            }));
        let mut cmd = command(app.registry(), "match3-mine");
        let help = cmd
            .find_subcommand_mut("simulate")
            .expect("simulate")
            .render_long_help()
            .to_string();
        assert!(
            help.contains("mine") && help.contains("my own rules"),
            "{help}"
        );
        assert!(help.contains("clusters-drop"), "{help}");
        let refused = cmd.try_get_matches_from(["match3", "new", "--rules", "yours"]);
        let message = refused.expect_err("an unknown name").to_string();
        assert!(
            message.contains("[possible values: lines, clusters"),
            "{message}"
        );
        assert!(message.contains("finite, mine]"), "{message}");
    }

    #[test]
    fn the_top_help_lists_the_variants_under_the_programs_name() {
        let app =
            App::with_builtin_variants().variant(Variant::new("mine", "my own rules", || {
                match3_lines::Lines.variant().named("mine")
            }));
        assert_eq!(app.registry().names().len(), 6);
        let help = command(app.registry(), "match3-mine")
            .render_long_help()
            .to_string();
        assert!(help.contains("Usage: match3-mine"), "{help}");
        assert!(help.contains("Variants (--rules):"), "{help}");
        assert!(help.contains("  mine           my own rules"), "{help}");
        assert!(help.contains("  clusters-drop  "), "{help}");
    }

    #[test]
    fn the_program_is_named_by_its_file() {
        let name = |a: &str| program_name(Some(&OsString::from(a)));
        assert_eq!(name("/usr/local/bin/match3-lightning"), "match3-lightning");
        assert_eq!(name("./match3"), "match3");
        assert_eq!(program_name(None), "match3");
    }
}
