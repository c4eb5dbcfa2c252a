//! The variants a `match3` program knows, by name: the one list every command, level
//! file, saved game and the playground look names up in.
//!
//! ```
//! use match3_app::{Registry, Variant};
//!
//! let mut variants = Registry::builtin();
//! variants.add(Variant::new("fives", "lines of five only", || {
//!     match3_core::Variant::new("fives", match3_core::detect::LineRuns::new(5))
//! }))?;
//! assert_eq!(variants.names(), ["lines", "clusters", "clusters-drop", "clusters-tap", "finite", "fives"]);
//! assert!(variants.get("fives").is_ok());
//! assert_eq!(
//!     variants.get("sixes").unwrap_err().to_string(),
//!     "unknown rules \"sixes\": expected one of lines, clusters, clusters-drop, clusters-tap, finite, fives"
//! );
//! # Ok::<(), match3_app::RegistryError>(())
//! ```

use match3_clusters::Clusters;
use match3_finite::{Finite, Preset};
use match3_lines::Lines;
use thiserror::Error;

use crate::variant::Variant;

/// The longest variant name.
pub const MAX_NAME_LEN: usize = 32;

/// A variant the registry refuses, or a name it does not know.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RegistryError {
    /// The name cannot be typed as `--rules NAME` or written in a level file.
    #[error(
        "variant name {0:?} is not allowed: use 1 to {MAX_NAME_LEN} lower-case letters, digits and '-', starting with a letter"
    )]
    BadName(String),
    /// Another variant has the name.
    #[error("two variants are named {0:?}")]
    Duplicate(String),
    /// The rules call themselves something else: saved games and outputs name the rules,
    /// so the two names must be one.
    #[error("the variant registered as {registered:?} builds rules named {rules:?}")]
    NameMismatch {
        /// The registered name.
        registered: String,
        /// What `Rules::name` says.
        rules: String,
    },
    /// No variant has the name ([`Registry::get`]); the name is quoted as a short
    /// [`excerpt`](crate::input::excerpt).
    #[error(
        "unknown rules {}: expected one of {}",
        crate::input::excerpt(.name),
        .known.join(", ")
    )]
    Unknown {
        /// The name asked for.
        name: String,
        /// The registered names, in order.
        known: Vec<String>,
    },
}

/// The registered variants, in the order they were added (the order `compare` and the
/// playground show them).
#[derive(Clone, Debug, Default)]
pub struct Registry {
    variants: Vec<Variant>,
}

impl Registry {
    /// No variants.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// The bundled variants: `lines`, `clusters`, `clusters-drop`, `clusters-tap` and
    /// `finite` (with its presets).
    pub fn builtin() -> Registry {
        let finite = Preset::ALL.into_iter().fold(
            bundled("Finite no-refill rules (the 4×4 teaching game).", || {
                Finite
            }),
            |v, p| v.preset(&p.to_string(), p.board()),
        );
        let builtin = [
            bundled(
                "Line runs with specials, combos, blockers and refill.",
                || Lines,
            ),
            bundled(
                "Flood-fill clusters, swap mode with refill.",
                Clusters::swap,
            ),
            bundled(
                "Flood-fill clusters, drop mode without refill.",
                Clusters::drop,
            ),
            bundled(
                "Flood-fill clusters, tap (blast) mode without refill.",
                Clusters::tap,
            ),
            finite,
        ];
        let mut registry = Registry::new();
        for variant in builtin {
            registry
                .add(variant)
                .expect("the bundled names are distinct");
        }
        registry
    }

    /// Registers `variant`; its name must be new, typeable, and the name its rules give
    /// themselves.
    pub fn add(&mut self, variant: Variant) -> Result<(), RegistryError> {
        let name = variant.name();
        let allowed = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        let typeable = name.len() <= MAX_NAME_LEN
            && name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.chars().all(allowed);
        if !typeable {
            return Err(RegistryError::BadName(name.to_string()));
        }
        if self.variants.iter().any(|v| v.name() == name) {
            return Err(RegistryError::Duplicate(name.to_string()));
        }
        let rules = variant.rules().name().to_string();
        if rules != name {
            return Err(RegistryError::NameMismatch {
                registered: name.to_string(),
                rules,
            });
        }
        self.variants.push(variant);
        Ok(())
    }

    /// The variant called `name`, or [`RegistryError::Unknown`] listing the names.
    pub fn get(&self, name: &str) -> Result<&Variant, RegistryError> {
        (self.variants.iter())
            .find(|v| v.name() == name)
            .ok_or_else(|| RegistryError::Unknown {
                name: name.to_string(),
                known: self.names().into_iter().map(str::to_string).collect(),
            })
    }

    /// The names, in order.
    pub fn names(&self) -> Vec<&str> {
        self.variants.iter().map(Variant::name).collect()
    }

    /// The variants, in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Variant> {
        self.variants.iter()
    }

    /// Whether no variant is registered.
    pub fn is_empty(&self) -> bool {
        self.variants.is_empty()
    }
}

/// A bundled variant, registered under the name its rules give themselves.
fn bundled<R>(description: &str, build: fn() -> R) -> Variant
where
    R: match3_core::Rules + Send + Sync + 'static,
{
    Variant::new(build().name(), description, build)
}

impl<'a> IntoIterator for &'a Registry {
    type Item = &'a Variant;
    type IntoIter = std::slice::Iter<'a, Variant>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> Variant {
        let name: &'static str = String::leak(name.to_string());
        Variant::new(name, "test", move || {
            match3_lines::Lines.variant().named(name)
        })
    }

    #[test]
    fn names_must_be_typeable_and_new() {
        let mut registry = Registry::builtin();
        for bad in ["", "Lines", "9lives", "two words", "a_b", &"x".repeat(33)] {
            assert_eq!(
                registry.add(named(bad)),
                Err(RegistryError::BadName(bad.to_string()))
            );
        }
        assert_eq!(
            registry.add(named("finite")),
            Err(RegistryError::Duplicate("finite".to_string()))
        );
        assert_eq!(
            registry.add(Variant::new("mine", "test", || match3_lines::Lines)),
            Err(RegistryError::NameMismatch {
                registered: "mine".to_string(),
                rules: "lines".to_string()
            })
        );
        assert!(registry.add(named(&"x".repeat(32))).is_ok());
        assert_eq!(registry.names().len(), 6, "refused variants are not added");
    }

    #[test]
    fn the_bundled_variants_build_the_rules_they_are_named_for() {
        for variant in &Registry::builtin() {
            assert_eq!(variant.rules().name(), variant.name());
        }
    }
}
