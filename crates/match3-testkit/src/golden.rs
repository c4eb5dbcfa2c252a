//! Golden seeded games: a few seeded games of a variant, played by a fixed seeded choice
//! of legal moves and written out as readable traces, kept as insta snapshots. Any change
//! to what a seed plays (generation, refills, scoring, specials) changes the text, so it
//! is caught in review rather than shipped: seeded games are a compatibility promise.
//!
//! A golden game is only worth keeping if it is right and fixed by its seed, so [`check`]
//! first waits for the suite's determinism verdict in this run (nothing is compared or
//! written for rules that play the same case two ways), plays the golden games twice, in
//! two orders, and checks every turn against the suite's turn invariants as it goes; a
//! new snapshot is only ever written after every property of the suite has passed for
//! the variant in the same run: a broken variant's first run leaves no snapshot behind
//! to be committed by mistake.

use std::fmt::Write;
use std::path::Path;

use match3_core::{Game, GameConfig, GameRng, Rules, Size, Status};

use crate::checks::{self, Observed, Violation};
use crate::memory::Suite;
use crate::suite::Property;

/// Seeds the golden games use.
pub const SEEDS: [u64; 3] = [1, 2, 3];
/// Moves per golden game, at most.
pub const MOVES: u32 = 4;

/// The readable record of seed `seed`'s golden game under `rules`: the board, then each
/// move's trace and the score, moves and status after it. It fails when the new game or
/// a turn breaks an invariant ([`checks::new_game`], [`checks::turn`]).
pub fn record<R: Rules + ?Sized>(rules: &R, seed: u64) -> Result<String, Violation> {
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
            return Ok(out);
        }
    };
    checks::new_game(rules, config, true)?;
    let _ = writeln!(out, "board {}", game.board());
    let mut chooser = GameRng::new(seed);
    for _ in 0..MOVES {
        let moves = game.legal_moves();
        if game.status() != Status::Playable || moves.is_empty() {
            break;
        }
        let mv = moves[chooser.below(moves.len() as u32) as usize];
        let before = Observed::from(game.state());
        match game.play(mv) {
            Ok(trace) => {
                checks::turn(
                    rules,
                    &before,
                    Some(mv),
                    &trace,
                    &Observed::from(game.state()),
                )?;
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
    Ok(out)
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

/// Checks the golden snapshots `golden_<name>_seed_<seed>.snap` in `folder` with insta,
/// for the rules of `suite`.
///
/// Nothing is compared or written unless the suite's [`Property::Determinism`] holds
/// (its verdict in this run, shared with the suite's own test through
/// [`Suite::verdict`]), and the golden games play the same in two orders ([`record`]
/// each seed, then each again in reverse order). A snapshot that does not exist yet is
/// recorded on the spot (so a new rule crate's first `cargo test` passes and leaves
/// files to review and commit), but only once every property of the suite has passed
/// for the rules in this run ([`Suite::verdict_all`]); under CI (the `CI` environment
/// variable set) a missing snapshot fails instead: it was never committed. Every golden
/// game's turns are checked against the turn invariants, recorded or compared.
pub fn check(name: &str, suite: &Suite<'_>, folder: Folder<'_>) {
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
    if let Err(failure) = suite.verdict(Property::Determinism) {
        panic!("golden snapshots of {name} neither compared nor recorded: {failure}");
    }
    let texts = match replayed(suite.subject.rules) {
        Ok(texts) => texts,
        Err(v) => panic!("golden games of {name}: {v}"),
    };
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(dir);
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    for (seed, text) in SEEDS.into_iter().zip(texts) {
        let snap = format!("golden_{name}_seed_{seed}");
        let file = dir.join(format!("{snap}.snap"));
        if file.exists() {
            settings.bind(|| insta::assert_snapshot!(snap, text));
            continue;
        }
        assert!(
            std::env::var_os("CI").is_none(),
            "golden snapshot {} is missing: run the tests once locally and commit it",
            file.display()
        );
        if let Err(failure) = suite.verdict_all() {
            panic!("golden snapshots of {name} not recorded: {failure}");
        }
        std::fs::create_dir_all(dir).expect("create the snapshot folder");
        let body = format!("---\nsource: golden seeded game\n---\n{text}");
        std::fs::write(&file, body).expect("write the new golden snapshot");
        eprintln!(
            "recorded golden snapshot {}: review and commit it",
            file.display()
        );
    }
}

/// Each seed's golden game ([`record`]), played in order and then again in reverse
/// order; a violation when a game breaks an invariant or plays differently the second
/// time.
fn replayed(rules: &dyn Rules) -> Result<Vec<String>, Violation> {
    let first = SEEDS.map(|seed| record(rules, seed));
    let mut again = SEEDS.map(|_| Ok(String::new()));
    for (k, seed) in SEEDS.into_iter().enumerate().rev() {
        again[k] = record(rules, seed);
    }
    let mut texts = Vec::new();
    for ((seed, one), two) in SEEDS.into_iter().zip(first).zip(again) {
        let (one, two) = (one?, two?);
        if one != two {
            return Err(Violation(format!(
                "seed {seed} played differently when played again after the others: state kept between calls (in the rules value, or global) changes the answers\n{one}\n  then\n{two}"
            )));
        }
        texts.push(one);
    }
    Ok(texts)
}
