//! Root package of the match3 workspace; its `tests/` hold the cross-variant suite.
