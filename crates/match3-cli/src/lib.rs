//! # match3-cli
//!
//! The `match3` command line as a library: [`App`] runs the whole command line (every
//! command, level files, saved games, the browser playground) over a [`Registry`] of
//! [`Variant`]s. The `match3` binary is `App::with_builtin_variants().run()`; a rule
//! crate ships its own command line by adding its variants, one line each:
//!
//! ```no_run
//! use match3_cli::{App, Variant};
//! use match3_core::Detect;
//! use match3_core::detect::{LineRuns, Squares};
//!
//! fn main() -> std::process::ExitCode {
//!     App::with_builtin_variants()
//!         .variant(Variant::new("squares", "runs of three and 2x2 squares", || {
//!             match3_core::Variant::new("squares", LineRuns::new(3).or(Squares))
//!         }))
//!         .run()
//! }
//! ```
//!
//! The modules behind the commands are public for the binary's tests and for programs
//! that embed a part of it: the JSON shapes of the output ([`json`]), level files with
//! their variant ([`level`]), the hint of `play` and the playground ([`hint`]), and the
//! playground server ([`serve`]):
//!
//! ```
//! use match3_cli::Registry;
//! use match3_cli::serve::{NewGame, start, state};
//!
//! let req = NewGame { rules: Some("finite".into()), ..NewGame::default() };
//! let session = start(&Registry::builtin(), &req).unwrap();
//! let json = state("g1", &session);
//! assert_eq!(json["board"], "AABC/BCAB/CBAC/ABCA");
//! ```

pub mod app;
// The modules of the application layer, where the command line has always offered them.
pub use match3_app::{
    coords, deals, grid, hint, input, json, level, registry, report, simulate, solved, start,
    summary, sweep, variant,
};
pub mod difficulty;
pub mod fuzz;
pub mod lint;
pub mod merge;
pub mod play;
pub mod plot;
pub mod progress;
pub mod records;
pub mod render;
pub mod serve;
pub mod tables;
pub mod template;
pub mod tuning;

pub use app::App;
pub use registry::{Registry, RegistryError};
pub use variant::{SharedRules, Variant};
