//! Input the command does not trust: files read with a size cap, text quoted back in
//! messages as a short excerpt, and anything from a file printed with its control
//! characters escaped (a level name or a saved file cannot drive the terminal).

use std::io::Read;
use std::path::Path;

/// The largest saved game `play`'s `load` reads (a 32×32 game saves in under 100 KiB).
pub const MAX_SAVE_BYTES: u64 = 4 << 20;

/// The largest shard output `merge` reads (a shard's score histogram has one entry per
/// distinct final score: a few megabytes for millions of games).
pub const MAX_SHARD_BYTES: u64 = 64 << 20;

/// The most characters of an input quoted back in a message.
const EXCERPT_CHARS: usize = 48;

/// The text of `path`, refused when it holds more than `limit` bytes or is not UTF-8.
/// Reading stops after `limit + 1` bytes, so an endless file (`/dev/zero`) is refused in
/// bounded time and memory. Errors name the file.
pub fn read_text(path: &Path, limit: u64) -> Result<String, String> {
    let name = printable(&path.display().to_string());
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{name}: larger than {}, the most this file may hold",
            size_text(limit)
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{name}: not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

/// Checks, before any work, that `path` can be written: creates (or empties) it and
/// writes nothing to it, which a full device (`/dev/full`) already refuses. An output
/// that cannot be written is then an error before a long simulation, not after it.
/// `flag` names the option in the message.
pub fn check_writable(path: &Path, flag: &str) -> Result<(), String> {
    use std::io::Write;
    let fail = |e: std::io::Error| {
        format!(
            "{flag} {}: cannot write it: {e}",
            printable(&path.display().to_string())
        )
    };
    let mut file = std::fs::File::create(path).map_err(fail)?;
    // A write of no bytes still reaches the device: a full one answers with an error.
    file.write(&[]).map_err(fail)?;
    Ok(())
}

/// `bytes` as `4 MiB`, `512 KiB` or `100 bytes`.
fn size_text(bytes: u64) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// `text` quoted for a message: whole when short, otherwise its start and its length,
/// so a megabyte of input never becomes a megabyte of error.
pub fn excerpt(text: &str) -> String {
    let mut chars = text.char_indices();
    match chars.nth(EXCERPT_CHARS) {
        None => format!("{text:?}"),
        Some((end, _)) => format!("{:?}… ({} bytes)", &text[..end], text.len()),
    }
}

/// `text` with control characters escaped (`\u{1b}`), line breaks and tabs kept.
pub fn printable(text: &str) -> String {
    if !text.chars().any(is_unsafe) {
        return text.to_string();
    }
    text.chars()
        .map(|c| {
            if is_unsafe(c) {
                c.escape_unicode().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn is_unsafe(c: char) -> bool {
    c.is_control() && c != '\n' && c != '\t'
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn excerpts_are_short() {
        assert_eq!(excerpt("AB/CD"), "\"AB/CD\"");
        let long = "A".repeat(1_000_000);
        let quoted = excerpt(&long);
        assert!(quoted.len() < 80, "{quoted}");
        assert!(quoted.ends_with("(1000000 bytes)"), "{quoted}");
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(printable("a\u{1b}[31mb\n"), "a\\u{1b}[31mb\n");
        assert_eq!(printable("plain"), "plain");
    }

    #[test]
    fn sizes_read_as_units() {
        assert_eq!(size_text(4 << 20), "4 MiB");
        assert_eq!(size_text(1 << 10), "1 KiB");
        assert_eq!(size_text(100), "100 bytes");
    }
}
