//! Golden seeded games: a few seeded games of a variant, played by a fixed seeded choice
//! of legal moves and written out as readable traces, kept as insta snapshots. Any change
//! to what a seed plays (generation, refills, scoring, specials) changes the text, so it
//! is caught in review rather than shipped: seeded games are a compatibility promise.

use std::fmt::Write;
use std::path::Path;

use match3_core::{Game, GameConfig, GameRng, Rules, Size, Status};

/// Seeds the golden games use.
pub const SEEDS: [u64; 3] = [1, 2, 3];
/// Moves per golden game, at most.
pub const MOVES: u32 = 4;

/// The readable record of seed `seed`'s golden game under `rules`: the board, then each
/// move's trace and the score, moves and status after it.
pub fn record<R: Rules + ?Sized>(rules: &R, seed: u64) -> String {
    let config = GameConfig {
        size: Size::new(6, 6).expect("6x6 is a valid size"),
        colors: 5,
        seed,
        blocker_percent: 0,
    };
    let mut out = format!("rules {}, seed {seed}, 6x6, 5 colours\n", rules.name());
    let mut game = match Game::new(rules, config) {
        Ok(game) => game,
        Err(e) => {
            let _ = writeln!(out, "no game: {e}");
            return out;
        }
    };
    let _ = writeln!(out, "board {}", game.board());
    let mut chooser = GameRng::new(seed);
    for _ in 0..MOVES {
        let moves = game.legal_moves();
        if game.status() != Status::Playable || moves.is_empty() {
            break;
        }
        let mv = moves[chooser.below(moves.len() as u32) as usize];
        match game.play(mv) {
            Ok(trace) => {
                let _ = write!(out, "\n{trace}");
            }
            Err(e) => {
                let _ = writeln!(out, "\n{mv}: rejected: {e}");
                break;
            }
        }
        let _ = writeln!(
            out,
            "score {}  moves {}  status {}",
            game.score(),
            game.moves(),
            game.status()
        );
    }
    out
}

/// Where the golden snapshots live, for [`check`].
#[derive(Clone, Copy, Debug)]
pub enum Folder<'a> {
    /// The crate's own folder: created on the first run.
    Own(&'a Path),
    /// A folder the crate shares with others (a workspace's `snapshots/`, outside the
    /// crate): when it is absent, as in a crate unpacked from its package, the comparison
    /// is skipped with a message instead.
    Shared(&'a Path),
}

/// Checks the golden snapshots `golden_<name>_seed_<seed>.snap` in `folder` with insta.
///
/// A snapshot that does not exist yet is recorded on the spot (so a new rule crate's first
/// `cargo test` passes and leaves files to review and commit), except under CI (the `CI`
/// environment variable set), where a missing snapshot fails: it was never committed.
pub fn check(name: &str, rules: &dyn Rules, folder: Folder<'_>) {
    let dir = match folder {
        Folder::Own(dir) => dir,
        Folder::Shared(dir) if !dir.is_dir() => {
            eprintln!(
                "golden snapshots of {name} skipped: {} is absent (a packaged crate has no workspace snapshots)",
                dir.display()
            );
            return;
        }
        Folder::Shared(dir) => dir,
    };
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(dir);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    for seed in SEEDS {
        let snap = format!("golden_{name}_seed_{seed}");
        let text = record(rules, seed);
        let file = dir.join(format!("{snap}.snap"));
        if !file.exists() {
            assert!(
                std::env::var_os("CI").is_none(),
                "golden snapshot {} is missing: run the tests once locally and commit it",
                file.display()
            );
            std::fs::create_dir_all(dir).expect("create the snapshot folder");
            let body = format!("---\nsource: golden seeded game\n---\n{text}");
            std::fs::write(&file, body).expect("write the new golden snapshot");
            eprintln!(
                "recorded golden snapshot {}: review and commit it",
                file.display()
            );
            continue;
        }
        settings.bind(|| insta::assert_snapshot!(snap, text));
    }
}
