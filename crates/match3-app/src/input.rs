//! Input the command does not trust: files read with a size cap, text quoted back in
//! messages as a short excerpt, and anything from a file printed with its control and
//! bidirectional-override characters escaped (a level name or a saved file can neither
//! drive the terminal nor reorder what it shows).

use std::io::Read;
use std::path::Path;

use thiserror::Error;

/// A file that cannot be read as text, or an output that cannot be written. The file's
/// name is [`printable`].
#[derive(Debug, Error)]
pub enum InputError {
    /// The file cannot be opened or read.
    #[error("{name}: cannot read: {source}")]
    Read {
        /// The file.
        name: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// The file holds more than the limit.
    #[error("{name}: larger than {}, the most this file may hold", size_text(*.limit))]
    TooLarge {
        /// The file.
        name: String,
        /// The most bytes it may hold.
        limit: u64,
    },
    /// The file is not UTF-8.
    #[error("{name}: not UTF-8 text (bad byte at offset {})", .source.valid_up_to())]
    NotUtf8 {
        /// The file.
        name: String,
        /// Where the text stops being UTF-8.
        #[source]
        source: std::str::Utf8Error,
    },
    /// An output that cannot be created or written.
    #[error("{flag} {name}: cannot write it: {source}")]
    Unwritable {
        /// The option naming the output.
        flag: String,
        /// The file.
        name: String,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
}

/// The largest saved game `play`'s `load` reads (a 32×32 game saves in under 100 KiB).
pub const MAX_SAVE_BYTES: u64 = 4 << 20;

/// The largest shard output `merge` reads (a shard's score histogram has one entry per
/// distinct final score: a few megabytes for millions of games).
pub const MAX_SHARD_BYTES: u64 = 64 << 20;

/// The most characters of an input quoted back in a message.
const EXCERPT_CHARS: usize = 48;

/// The most characters of a field from a file shown in text output ([`shown`]).
pub const SHOWN_CHARS: usize = 80;

/// The most characters of a message ([`brief`]).
pub const MESSAGE_CHARS: usize = 600;

/// The text of `path`, refused when it holds more than `limit` bytes or is not UTF-8.
/// Reading stops after `limit + 1` bytes, so an endless file (`/dev/zero`) is refused in
/// bounded time and memory. Errors name the file.
pub fn read_text(path: &Path, limit: u64) -> Result<String, InputError> {
    let name = printable(&path.display().to_string());
    let mut bytes = Vec::new();
    if let Err(source) =
        std::fs::File::open(path).and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
    {
        return Err(InputError::Read { name, source });
    }
    if bytes.len() as u64 > limit {
        return Err(InputError::TooLarge { name, limit });
    }
    String::from_utf8(bytes).map_err(|e| InputError::NotUtf8 {
        name,
        source: e.utf8_error(),
    })
}

/// Checks, before any work, that `path` can be written: creates (or empties) it and
/// writes nothing to it, which a full device (`/dev/full`) already refuses. An output
/// that cannot be written is then an error before a long simulation, not after it.
/// `flag` names the option in the message.
pub fn check_writable(path: &Path, flag: &str) -> Result<(), InputError> {
    use std::io::Write;
    let fail = |source: std::io::Error| InputError::Unwritable {
        flag: flag.to_string(),
        name: printable(&path.display().to_string()),
        source,
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

/// A field read from a file, for a line of text output: [`printable`], and cut to its
/// first [`SHOWN_CHARS`] characters with its length when longer, so a tampered file's
/// megabyte-long name prints as one short line.
pub fn shown(text: &str) -> String {
    match text.char_indices().nth(SHOWN_CHARS) {
        None => printable(text),
        Some((end, _)) => format!("{}… ({} bytes)", printable(&text[..end]), text.len()),
    }
}

/// A message that may quote its input, cut to [`MESSAGE_CHARS`] characters (with the
/// length of what was cut): the last guard before a message is printed or sent, so no
/// input, however long, comes back whole.
pub fn brief(message: &str) -> String {
    cut(message, MESSAGE_CHARS)
}

/// `message` cut to `chars` characters, with the length of what was cut.
pub fn cut(message: &str, chars: usize) -> String {
    match message.char_indices().nth(chars) {
        None => message.to_string(),
        Some((end, _)) => format!("{}… ({} bytes in all)", &message[..end], message.len()),
    }
}

/// A JSON value from a file, quoted for a message as [`excerpt`] quotes text: a string
/// as a short excerpt, anything else as the start of its JSON.
pub fn excerpt_json(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(text) => excerpt(text),
        other => {
            let json = other.to_string();
            match json.char_indices().nth(EXCERPT_CHARS) {
                None => json,
                Some((end, _)) => format!("{}… ({} bytes)", &json[..end], json.len()),
            }
        }
    }
}

/// `text` with control characters escaped (`\u{1b}`), line breaks and tabs kept, and
/// the bidirectional controls (`\u{202e}` and the like) escaped too: they would make a
/// terminal show the rest of the line reordered.
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
    (c.is_control() && c != '\n' && c != '\t') || is_bidi_control(c)
}

/// The characters that change the direction of the text around them: the Arabic letter
/// mark, the left-to-right and right-to-left marks, embeddings, overrides and isolates.
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
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
    fn bidirectional_overrides_are_escaped() {
        assert_eq!(printable("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(printable("\u{2066}x\u{2069}"), "\\u{2066}x\\u{2069}");
        // Right-to-left text itself is plain text.
        assert_eq!(printable("שלום"), "שלום");
    }

    #[test]
    fn json_values_are_quoted_short() {
        use serde_json::json;
        assert_eq!(excerpt_json(&json!("ab")), "\"ab\"");
        assert_eq!(excerpt_json(&json!(12)), "12");
        let long = excerpt_json(&json!(vec![1; 100_000]));
        assert!(
            long.len() < 80 && long.ends_with("(200001 bytes)"),
            "{long}"
        );
        assert!(excerpt_json(&json!("\u{1b}x".repeat(50_000))).len() < 200);
    }

    #[test]
    fn fields_and_messages_are_cut() {
        let long = format!("\u{1b}{}", "x".repeat(100_000));
        let line = shown(&long);
        assert!(
            line.starts_with("\\u{1b}xx") && line.ends_with("(100001 bytes)"),
            "{line}"
        );
        assert!(line.chars().count() < 120, "{line}");
        assert_eq!(shown("short"), "short");
        let message = brief(&"y".repeat(1 << 20));
        assert!(message.len() < 700 && message.ends_with("(1048576 bytes in all)"));
        assert_eq!(brief("fine"), "fine");
    }

    #[test]
    fn sizes_read_as_units() {
        assert_eq!(size_text(4 << 20), "4 MiB");
        assert_eq!(size_text(1 << 10), "1 KiB");
        assert_eq!(size_text(100), "100 bytes");
    }
}
