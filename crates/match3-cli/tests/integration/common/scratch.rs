//! Scratch directories for tests that write files: removed when the test ends, passed
//! or failed, so runs leave nothing in the temporary folder.

use std::ops::Deref;
use std::path::{Path, PathBuf};

/// A fresh directory under the temporary folder, named for the test suite `suite`, this
/// process and the test `name`; removed when dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    pub fn new(suite: &str, name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("match3-{suite}-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Deref for Scratch {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
