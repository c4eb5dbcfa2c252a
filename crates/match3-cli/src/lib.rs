//! # match3-cli
//!
//! The library side of the `match3` command, shared by the binary and its tests: the
//! rule variants by name ([`variant`]), the JSON shapes of its output ([`json`]), level
//! files with their variant ([`level`]), the hint of `play` and the playground ([`hint`]),
//! and the browser playground server ([`serve`]).
//!
//! ```
//! use match3_cli::serve::{NewGame, start, state};
//!
//! let req = NewGame { rules: Some("finite".into()), ..NewGame::default() };
//! let session = start(&req).unwrap();
//! let json = state("g1", &session);
//! assert_eq!(json["board"], "AABC/BCAB/CBAC/ABCA");
//! ```

pub mod coords;
pub mod fuzz;
pub mod hint;
pub mod input;
pub mod json;
pub mod level;
pub mod merge;
pub mod play;
pub mod plot;
pub mod records;
pub mod render;
pub mod report;
pub mod serve;
pub mod variant;
