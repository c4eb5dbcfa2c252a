//! `--level FILE` and `compare --levels DIR`: level files, their variant, their games.

use std::path::{Path, PathBuf};

use match3_core::{Game, Layout, Rules, SetupError};
use match3_levels::{LevelError, LevelFile};
use thiserror::Error;

use crate::registry::Registry;
use crate::variant::{SharedRules, Variant};

/// A level file that cannot be opened: unreadable, wrong, for unknown rules, or for
/// other rules than the command line names.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OpenError {
    /// The file cannot be read, or what it says is wrong (its `rules` included: an
    /// unknown name is an error on its line).
    #[error(transparent)]
    File(#[from] LevelError),
    /// `--rules` names other rules than the file.
    #[error("--rules {given} disagrees with the level file {file}, which is for the {rules} rules")]
    Disagrees {
        /// The rules given on the command line.
        given: String,
        /// The file.
        file: String,
        /// The rules the file names.
        rules: String,
    },
}

/// A level file with its variant resolved and its board parsed.
#[derive(Clone, Debug)]
pub struct Opened {
    /// The variant the file names.
    pub variant: Variant,
    /// The file.
    pub file: LevelFile,
    /// Its board, parsed with the variant's markers.
    pub layout: Layout,
}

impl Opened {
    /// Reads `path`, whose `rules` must name a variant of `registry`; `rules`, when
    /// given on the command line, must agree with the file.
    pub fn read(
        registry: &Registry,
        path: &Path,
        rules: Option<&str>,
    ) -> Result<Opened, OpenError> {
        let mut file = LevelFile::read(path)?;
        // The path is printed in tables and summaries: a file named with control
        // characters cannot drive the terminal.
        file.file = crate::input::printable(&file.file);
        Opened::open(registry, file, rules)
    }

    /// A parsed level file; `rules`, when given, must agree with the file.
    pub fn open(
        registry: &Registry,
        file: LevelFile,
        rules: Option<&str>,
    ) -> Result<Opened, OpenError> {
        let variant = (registry.get(&file.rules))
            .map_err(|e| file.error("rules", e.to_string()))?
            .clone();
        if let Some(given) = rules.filter(|&r| r != variant.name()) {
            return Err(OpenError::Disagrees {
                given: given.to_string(),
                file: file.file.clone(),
                rules: variant.name().to_string(),
            });
        }
        let layout = file.layout(&*variant.rules())?;
        file.check_pieces(variant.rules(), &layout)?;
        Ok(Opened {
            variant,
            file,
            layout,
        })
    }

    /// The palette the level plays with.
    pub fn colors(&self) -> u8 {
        self.file.palette(&self.layout)
    }

    /// A seeded game of the level under `rules`.
    pub fn start<R: Rules>(&self, rules: R, seed: u64) -> Result<Game<R>, SetupError> {
        Game::from_layout(
            rules,
            &self.layout,
            seed,
            self.colors(),
            self.file.level.clone(),
        )
    }

    /// A seeded game of the level under its own variant; a setup error names the file
    /// and, where it can, the field at fault.
    pub fn game(&self, seed: u64) -> Result<Game<SharedRules>, OpenError> {
        self.start(self.variant.rules(), seed)
            .map_err(|e| self.file.setup_error(&e).into())
    }
}

/// A directory of level files that cannot be listed.
#[derive(Debug, Error)]
pub enum DirError {
    /// The directory cannot be read.
    #[error("{}: cannot read: {source}", dir.display())]
    Unreadable {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The directory holds no `*.toml` file.
    #[error("{}: no level files (*.toml)", dir.display())]
    Empty {
        /// The directory.
        dir: PathBuf,
    },
}

/// The level files of a directory (`*.toml`), sorted by name.
pub fn files_in(dir: &Path) -> Result<Vec<PathBuf>, DirError> {
    let entries = std::fs::read_dir(dir).map_err(|source| DirError::Unreadable {
        dir: dir.to_path_buf(),
        source,
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(DirError::Empty {
            dir: dir.to_path_buf(),
        });
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_without_level_files_says_which_and_why() {
        let missing = Path::new("/no/such/level/directory");
        let e = files_in(missing).unwrap_err();
        assert!(matches!(e, DirError::Unreadable { .. }), "{e}");
        assert!(
            e.to_string()
                .starts_with("/no/such/level/directory: cannot read")
        );
        // A directory with files but no `*.toml`: this crate's own source folder.
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let e = files_in(&src).unwrap_err();
        assert!(matches!(e, DirError::Empty { .. }), "{e}");
        assert!(e.to_string().ends_with("no level files (*.toml)"), "{e}");
        let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../levels");
        let files = files_in(&levels).unwrap();
        assert!(files.windows(2).all(|w| w[0] < w[1]) && !files.is_empty());
    }
}
