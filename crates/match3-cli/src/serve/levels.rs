//! The sample levels of `levels/`, embedded so the server needs no files at run time.
//! A test checks this list against the directory.

/// `(name, TOML text)` of each sample level, in file order.
pub const LEVELS: &[(&str, &str)] = &[
    (
        "01-first-steps",
        include_str!("../../levels/01-first-steps.toml"),
    ),
    ("02-ring", include_str!("../../levels/02-ring.toml")),
    (
        "03-heavy-blue",
        include_str!("../../levels/03-heavy-blue.toml"),
    ),
    ("04-walls", include_str!("../../levels/04-walls.toml")),
    (
        "05-no-shuffle",
        include_str!("../../levels/05-no-shuffle.toml"),
    ),
    (
        "06-clusters-pool",
        include_str!("../../levels/06-clusters-pool.toml"),
    ),
    (
        "07-clusters-greens",
        include_str!("../../levels/07-clusters-greens.toml"),
    ),
    (
        "08-tap-columns",
        include_str!("../../levels/08-tap-columns.toml"),
    ),
    (
        "09-tap-collect",
        include_str!("../../levels/09-tap-collect.toml"),
    ),
    (
        "10-drop-funnel",
        include_str!("../../levels/10-drop-funnel.toml"),
    ),
    (
        "11-finite-teaching",
        include_str!("../../levels/11-finite-teaching.toml"),
    ),
    (
        "12-finite-holes",
        include_str!("../../levels/12-finite-holes.toml"),
    ),
    (
        "13-jelly-ring",
        include_str!("../../levels/13-jelly-ring.toml"),
    ),
    (
        "14-locked-jelly",
        include_str!("../../levels/14-locked-jelly.toml"),
    ),
    (
        "15-crate-wall",
        include_str!("../../levels/15-crate-wall.toml"),
    ),
    (
        "16-clusters-cellar",
        include_str!("../../levels/16-clusters-cellar.toml"),
    ),
    (
        "17-tap-crates",
        include_str!("../../levels/17-tap-crates.toml"),
    ),
    (
        "18-drop-jelly",
        include_str!("../../levels/18-drop-jelly.toml"),
    ),
    (
        "19-finite-locks",
        include_str!("../../levels/19-finite-locks.toml"),
    ),
];
