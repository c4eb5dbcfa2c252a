//! What a variant's suite remembers: across runs, the cases that failed each property
//! ([`Regressions`], proptest regression files, replayed first on every run); within a
//! run, each property's verdict ([`Verdicts`]), shared by the tests that need it, so
//! that the golden snapshots are written only after the properties have passed.
//!
//! [`rules_suite!`](crate::rules_suite) sets both up; a [`Suite`] bundles them with the
//! rules, for calling by hand:
//!
//! ```
//! use match3_core::{Variant, detect::LineRuns, refill::Uniform};
//! use match3_testkit::memory::{Regressions, Suite, Verdicts};
//! use match3_testkit::suite::{Property, Subject};
//!
//! let rules = Variant::new("threes", LineRuns::new(3)).with_refill(Uniform);
//! let verdicts = Verdicts::new();
//! let suite = Suite {
//!     subject: Subject::new(&rules),
//!     regressions: Regressions::NONE,
//!     verdicts: &verdicts,
//! };
//! suite.check(Property::NewGames);
//! assert_eq!(suite.verdict(Property::NewGames), Ok(())); // worked out once
//! ```

use std::sync::OnceLock;

use crate::suite::{Memory, Property, Subject};

const PROPERTIES: usize = Property::ALL.len();

/// Where each property of one suite keeps the cases that failed it: a proptest
/// regression file per property (by convention
/// `proptest-regressions/suite/<test name>.txt` in the crate that runs the suite).
///
/// A file appears when a property first fails, holding the generator seed of the failing
/// case; from then on that case is played first, before any new one, on every run and
/// every machine. Commit the files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Regressions([Memory; PROPERTIES]);

impl Regressions {
    /// No files: failing cases are forgotten.
    pub const NONE: Regressions = Regressions([None; PROPERTIES]);

    /// The given property's files (absolute paths); the others forget.
    pub fn new(files: impl IntoIterator<Item = (Property, &'static str)>) -> Self {
        let mut out = Regressions::NONE;
        for (property, file) in files {
            out.0[property as usize] = Some(file);
        }
        out
    }

    /// The file of `property`, if it has one.
    pub fn file(&self, property: Property) -> Memory {
        self.0[property as usize]
    }
}

/// Each property's verdict for one suite in this run, worked out by the first test that
/// asks and waited for by the others (tests run on parallel threads, in no set order).
#[derive(Debug)]
pub struct Verdicts([OnceLock<Result<(), String>>; PROPERTIES]);

impl Verdicts {
    /// No verdict yet.
    pub const fn new() -> Self {
        Verdicts([const { OnceLock::new() }; PROPERTIES])
    }
}

impl Default for Verdicts {
    fn default() -> Self {
        Verdicts::new()
    }
}

/// One variant's suite: what it runs on, where failing cases are kept, and the verdicts
/// of this run.
#[derive(Clone, Copy)]
pub struct Suite<'a> {
    /// The rules under test, and the reference detection.
    pub subject: Subject<'a>,
    /// Where the properties keep their failing cases.
    pub regressions: Regressions,
    /// The verdicts shared by this suite's tests in this run.
    pub verdicts: &'a Verdicts,
}

impl Suite<'_> {
    /// Whether `property` holds, run on the first call in this run and remembered after:
    /// the failure, with its shrunk counterexample, when it does not.
    pub fn verdict(&self, property: Property) -> Result<(), &str> {
        self.verdicts.0[property as usize]
            .get_or_init(|| property.verdict(self.subject, self.regressions.file(property)))
            .as_ref()
            .map(|_| ())
            .map_err(String::as_str)
    }

    /// Panics with the failure unless `property` holds ([`verdict`](Suite::verdict)).
    pub fn check(&self, property: Property) {
        if let Err(failure) = self.verdict(property) {
            panic!("{failure}");
        }
    }

    /// Every property's verdict in turn; the first failure.
    pub fn verdict_all(&self) -> Result<(), &str> {
        Property::ALL.into_iter().try_for_each(|p| self.verdict(p))
    }
}
