//! The JSON shapes of the command's output (documented in `docs/cli.md`).

use match3_core::{Fire, Game, Goal, Move, ObstacleEvent, Opening, Pos, Rules, Trace};
use serde_json::{Value, json};

/// `[row, col]`.
pub fn pos(p: Pos) -> Value {
    json!([p.row, p.col])
}

fn cells(cells: &[Pos]) -> Value {
    Value::Array(cells.iter().map(|&p| pos(p)).collect())
}

fn piece(p: match3_core::Piece) -> Value {
    let mut s = String::new();
    match3_core::write_cell(&mut s, match3_core::Cell::Piece(p)).expect("String write");
    Value::String(s)
}

/// `{"swap": [[r1,c1],[r2,c2]]}`, `{"drop": c}` or `{"tap": [r,c]}`.
pub fn mv(m: Move) -> Value {
    match m {
        Move::Swap(a, b) => json!({ "swap": [pos(a), pos(b)] }),
        Move::Drop(c) => json!({ "drop": c }),
        Move::Tap(p) => json!({ "tap": pos(p) }),
    }
}

fn fire(f: &Fire, cleared: &[Pos]) -> Value {
    let mut v = json!({
        "at": pos(f.pos),
        "id": f.id,
        "piece": piece(f.piece),
        "cleared": cells(cleared),
    });
    if let Some((p, id, pc)) = f.partner {
        v["with"] = json!({ "at": pos(p), "id": id, "piece": piece(pc) });
    }
    v
}

fn opening(o: Opening) -> Value {
    match o {
        Opening::Swap { a, b, a_id, b_id } => {
            json!({ "swap": [pos(a), pos(b)], "ids": [a_id, b_id] })
        }
        Opening::Drop { id, piece: p, to } => {
            json!({ "drop": { "id": id, "piece": piece(p), "to": pos(to) } })
        }
        Opening::Tap { pos: p } => json!({ "tap": pos(p) }),
    }
}

/// The phases of a trace.
pub fn phases(trace: &Trace) -> Value {
    Value::Array(
        trace
            .phases
            .iter()
            .map(|p| {
                let mut phase = json!({
                    "chain": p.chain,
                    "cleared": cells(&p.cleared),
                    "score": p.score,
                    "board": p.board.to_string(),
                    "fired": p.fired.iter().map(|f| fire(&f.fire, &f.cleared)).collect::<Vec<_>>(),
                    "created": p.created.iter().map(|c| json!({
                        "at": pos(c.pos), "id": c.id, "piece": piece(c.piece),
                    })).collect::<Vec<_>>(),
                    "falls": p.falls.iter().map(|f| json!({
                        "id": f.id, "from": pos(f.from), "to": pos(f.to),
                    })).collect::<Vec<_>>(),
                    "spawns": p.spawns.iter().map(|s| json!({
                        "id": s.id, "at": pos(s.pos), "piece": piece(s.piece),
                    })).collect::<Vec<_>>(),
                });
                // Only on boards with obstacles, so plain output stays as it was.
                if !p.obstacles.is_empty() {
                    phase["obstacles"] = p.obstacles.iter().map(obstacle).collect();
                }
                // Only when a created special found no cell.
                if !p.unplaced.is_empty() {
                    phase["unplaced"] = (p.unplaced.iter())
                        .map(|u| json!({ "at": pos(u.pos), "piece": piece(u.piece) }))
                        .collect();
                }
                phase
            })
            .collect(),
    )
}

/// An obstacle event: `{"kind": "jelly", "at", "left"}`, `{"kind": "unlocked", "at",
/// "id"}` or `{"kind": "crate", "at", "health"}` (health 0: destroyed).
fn obstacle(event: &ObstacleEvent) -> Value {
    match *event {
        ObstacleEvent::Jelly { pos: at, left } => {
            json!({ "kind": "jelly", "at": pos(at), "left": left })
        }
        ObstacleEvent::Unlocked { pos: at, id } => {
            json!({ "kind": "unlocked", "at": pos(at), "id": id })
        }
        ObstacleEvent::Crate { pos: at, health } => {
            json!({ "kind": "crate", "at": pos(at), "health": health })
        }
    }
}

/// The level's goals with progress: `[{"kind", "target" or "count" (and "color"),
/// "progress", "done"}]`; empty for a plain game. A `jelly` (`crates`) goal's count is
/// the jelly layers (crates) the game started with, its progress those cleared.
pub fn goals<R: Rules>(game: &Game<R>) -> Value {
    Value::Array(
        game.goals()
            .iter()
            .map(|g| {
                let mut v = match g.goal {
                    Goal::Score { target } => json!({ "kind": "score", "target": target }),
                    Goal::Collect { color, count } => {
                        json!({ "kind": "collect", "color": color.to_string(), "count": count })
                    }
                    // Every jelly layer (crate) the game started with.
                    Goal::Jelly | Goal::Crates => {
                        json!({ "kind": g.goal.kind(), "count": g.needed })
                    }
                };
                v["progress"] = json!(g.progress);
                v["done"] = json!(g.done);
                v
            })
            .collect(),
    )
}

/// The shuffle a turn ended with: `{"moves": [{"id", "from", "to"}], "board"}`.
fn shuffle(trace: &Trace) -> Value {
    trace.shuffle.as_ref().map_or(Value::Null, |s| {
        json!({
            "moves": s.moves.iter().map(|m| json!({
                "id": m.id, "from": pos(m.from), "to": pos(m.to),
            })).collect::<Vec<_>>(),
            "board": s.board.to_string(),
        })
    })
}

/// What end-of-move effects changed: `{"after", "changed": [{"at", "was", "cell",
/// "id"}]}` (`after`: the phases before them); `null` when nothing changed.
fn effects(trace: &Trace) -> Value {
    trace.effects.as_ref().map_or(Value::Null, |e| {
        json!({
            "after": e.after,
            "changed": e.changed.iter().map(|c| json!({
                "at": pos(c.pos), "was": c.was, "cell": c.cell.to_string(), "id": c.id,
            })).collect::<Vec<_>>(),
        })
    })
}

/// A turn's trace: `{"opening", "phases", "shuffle"}` (and `"effects"` when end-of-move
/// effects changed a cell), as in `resolve --json`.
pub fn trace(t: &Trace) -> Value {
    let mut v = json!({
        "opening": t.opening.map_or(Value::Null, opening),
        "phases": phases(t),
        "shuffle": shuffle(t),
    });
    if t.effects.is_some() {
        v["effects"] = effects(t);
    }
    v
}

/// The `resolve --json` object: the game after the turn, and the turn's trace or error.
/// `mv` is the move as typed (`null` for a resolve).
pub fn resolve<R: Rules, E: std::fmt::Display>(
    game: &Game<R>,
    initial: &str,
    mv: Option<Value>,
    outcome: &Result<Trace, E>,
) -> Value {
    let (legal, error, phases_v, opening_v, shuffle_v) = match outcome {
        Ok(t) => (
            true,
            Value::Null,
            phases(t),
            t.opening.map_or(Value::Null, opening),
            shuffle(t),
        ),
        Err(e) => (
            false,
            Value::String(e.to_string()),
            json!([]),
            Value::Null,
            Value::Null,
        ),
    };
    let mut out = json!({
        "rules": game.rules().name(),
        "initial": initial,
        "move": mv.unwrap_or(Value::Null),
        "legal": legal,
        "error": error,
        "moves": game.moves(),
        "score": game.score(),
        "status": game.status().as_str(),
        "board": game.board().to_string(),
        "opening": opening_v,
        "phases": phases_v,
        "shuffle": shuffle_v,
        "moves_left": game.moves_left(),
        "goals": goals(game),
        "stars": game.stars(),
    });
    if let Ok(t) = outcome
        && t.effects.is_some()
    {
        out["effects"] = effects(t);
    }
    out
}
