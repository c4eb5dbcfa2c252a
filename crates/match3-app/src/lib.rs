//! # match3-app
//!
//! The application layer of match3: what the `match3` command line, its browser
//! playground and the Python package share, without a server, a plotter or an argument
//! parser. A program offers a [`Registry`] of [`Variant`]s by name; the modules hold
//! level files with their variant ([`level`], [`deals`]), moves and traces as JSON
//! ([`json`], [`coords`]), the solver's answers ([`solved`]), sweeps over level fields
//! and grids of them ([`sweep`], [`grid`]), hints ([`hint`]), the checks of text input
//! ([`input`]), one typed request to start a game with one validation ([`start`]), and
//! one to simulate ([`simulate`]): the bots' runs ([`report`]) and their reports as serde
//! structures ([`summary`]).
//!
//! ```
//! use match3_app::Registry;
//!
//! let registry = Registry::builtin();
//! let finite = registry.get("finite")?;
//! assert!(finite.preset_names().contains(&"teaching"));
//! assert!(registry.get("chess").is_err());
//! # Ok::<(), match3_app::RegistryError>(())
//! ```

pub mod coords;
pub mod deals;
pub mod grid;
pub mod hint;
pub mod input;
pub mod json;
pub mod level;
pub mod registry;
pub mod report;
pub mod simulate;
pub mod solved;
pub mod start;
pub mod summary;
pub mod sweep;
pub mod variant;

pub use registry::{Registry, RegistryError};
pub use variant::{SharedRules, Variant};
