//! A variant the tests register beside the bundled ones whose pieces swap corner to
//! corner too, so that the API and the page are seen to follow a variant's topology.

use match3_core::detect::LineRuns;
use match3_core::topology::Diagonals;

/// `corners`: runs of three; pieces swap side by side or corner to corner.
pub fn variant() -> match3_cli::Variant {
    match3_cli::Variant::new(
        "corners",
        "Runs of three; pieces swap corner to corner too.",
        || match3_core::Variant::new("corners", LineRuns::new(3)).with_topology(Diagonals),
    )
}
