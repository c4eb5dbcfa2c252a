//! The rule variants the command knows, by name.

use clap::ValueEnum;
use match3_clusters::Clusters;
use match3_core::Rules;
use match3_finite::Finite;
use match3_lines::Lines;

/// A variant name on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Variant {
    /// Line runs with specials, combos, blockers and refill.
    Lines,
    /// Flood-fill clusters, swap mode with refill.
    Clusters,
    /// Flood-fill clusters, drop mode without refill.
    ClustersDrop,
    /// Flood-fill clusters, tap (blast) mode without refill.
    ClustersTap,
    /// Finite no-refill rules (the 4×4 teaching game).
    Finite,
}

impl Variant {
    /// Every variant, in the order `compare` shows them.
    pub const ALL: [Variant; 5] = [
        Variant::Lines,
        Variant::Clusters,
        Variant::ClustersDrop,
        Variant::ClustersTap,
        Variant::Finite,
    ];

    /// The variant with this command-line name, or a message listing the names.
    pub fn named(name: &str) -> Result<Variant, String> {
        Variant::ALL
            .into_iter()
            .find(|v| v.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
                format!(
                    "unknown rules {name:?}: expected one of {}",
                    names.join(", ")
                )
            })
    }

    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Lines => "lines",
            Variant::Clusters => "clusters",
            Variant::ClustersDrop => "clusters-drop",
            Variant::ClustersTap => "clusters-tap",
            Variant::Finite => "finite",
        }
    }

    /// The rules value, shareable across threads (for simulation).
    pub fn rules_sync(self) -> Box<dyn Rules + Send + Sync> {
        match self {
            Variant::Lines => Box::new(Lines),
            Variant::Clusters => Box::new(Clusters::swap()),
            Variant::ClustersDrop => Box::new(Clusters::drop()),
            Variant::ClustersTap => Box::new(Clusters::tap()),
            Variant::Finite => Box::new(Finite),
        }
    }

    /// The rules value.
    pub fn rules(self) -> Box<dyn Rules> {
        self.rules_sync()
    }

    /// A board from `--board` text: a preset name (a lower-case word) or notation.
    pub fn board(self, text: &str) -> Result<match3_core::Board, String> {
        let name = text.trim();
        let is_name =
            |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
        if name.chars().any(|c| c.is_ascii_lowercase()) && name.chars().all(is_name) {
            return self.preset(name).ok_or_else(|| self.no_preset(name));
        }
        self.rules()
            .parse_board(text)
            .map_err(|e| format!("bad board {}: {e}", crate::input::excerpt(text)))
    }

    /// A preset board by name, for variants that have presets.
    pub fn preset(self, name: &str) -> Option<match3_core::Board> {
        match self {
            Variant::Finite => name
                .parse::<match3_finite::Preset>()
                .ok()
                .map(|p| p.board()),
            _ => None,
        }
    }

    /// Whether `new` and `simulate` can place blockers on this variant's boards (a drop
    /// game starts empty).
    pub fn generates_blockers(self) -> bool {
        self != Variant::ClustersDrop
    }

    /// Whether the variant ever draws a new piece (refills or a next piece to drop), so
    /// that a palette size matters.
    pub fn draws_pieces(self) -> bool {
        let rules = self.rules();
        rules.refills() || rules.accepts(match3_core::MoveKind::Drop)
    }

    /// A bound on the points still to score from a board, for the exact solver, when the
    /// variant has one (its scoring's: one point per cell for the finite rules).
    pub fn solver_bound(self) -> Option<fn(&match3_core::Board) -> u64> {
        match self {
            Variant::Finite => Some(match3_finite::score_bound),
            _ => None,
        }
    }

    /// The message for a preset name this variant does not have.
    pub fn no_preset(self, name: &str) -> String {
        let names = self.preset_names();
        if names.is_empty() {
            format!(
                "the {} rules have no presets (asked for {name:?}); give a board in notation, such as AABC/BCAB/CBAC/ABCA",
                self.name()
            )
        } else {
            format!(
                "unknown preset {name:?} for the {} rules; presets: {}",
                self.name(),
                names.join(", ")
            )
        }
    }

    /// The preset names, for messages.
    pub fn preset_names(self) -> Vec<String> {
        match self {
            Variant::Finite => match3_finite::Preset::ALL
                .iter()
                .map(|p| p.to_string())
                .collect(),
            _ => Vec::new(),
        }
    }
}
