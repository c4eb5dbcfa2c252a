// What a turn did, phase by phase, in the page's terms: which pieces (colour, special)
// each phase cleared, which specials fired and were made, and what happened to locks,
// jelly and crates. It follows the trace over the state before the move, keyed by
// position, as the server's board changed. Pure: no DOM.

const colourOf = (token) => (/^[A-Z]/.test(token) ? token[0] : null);
const markerOf = (token) => String(token).replace(/^[A-Z]/, "");
const at = (r, c) => r + "," + c;

/** The pieces on a state's board: "r,c" -> {id, token}. */
export function piecesOf(state) {
  const map = new Map();
  for (const cell of state.cells) {
    if (cell.kind === "piece") map.set(at(cell.row, cell.col), { id: cell.id, token: cell.token });
  }
  return map;
}

function open(map, opening) {
  if (opening && opening.swap) {
    const [[ar, ac], [br, bc]] = opening.swap;
    const a = map.get(at(ar, ac));
    const b = map.get(at(br, bc));
    map.delete(at(ar, ac));
    map.delete(at(br, bc));
    if (a) map.set(at(br, bc), a);
    if (b) map.set(at(ar, ac), b);
  } else if (opening && opening.drop) {
    const d = opening.drop;
    map.set(at(d.to[0], d.to[1]), { id: d.id, token: d.piece });
  }
}

function obstacleCounts(events) {
  const counts = { jelly: 0, unlocked: 0, crateHits: 0, cratesBroken: 0 };
  for (const ev of events || []) {
    if (ev.kind === "jelly") counts.jelly += 1;
    else if (ev.kind === "unlocked") counts.unlocked += 1;
    else if (ev.kind === "crate") {
      counts.crateHits += 1;
      if (!ev.health) counts.cratesBroken += 1;
    }
  }
  return counts;
}

// One phase over the map: what it cleared (a lock that broke keeps its piece), then
// the pieces it made, moved and dropped in.
function phaseOver(map, phase) {
  const kept = new Set((phase.obstacles || []).filter((e) => e.kind === "unlocked").map((e) => at(...e.at)));
  const cleared = [];
  for (const [r, c] of phase.cleared) {
    const piece = map.get(at(r, c));
    if (!piece || kept.has(at(r, c))) continue;
    cleared.push({ at: [r, c], id: piece.id, token: piece.token, colour: colourOf(piece.token) });
    map.delete(at(r, c));
  }
  for (const made of phase.created) map.set(at(...made.at), { id: made.id, token: made.piece });
  const moving = phase.falls.map((f) => [f, map.get(at(...f.from))]);
  for (const [f] of moving) map.delete(at(...f.from));
  for (const [f, piece] of moving) map.set(at(...f.to), piece || { id: f.id, token: "?" });
  for (const s of phase.spawns) map.set(at(...s.at), { id: s.id, token: s.piece });
  return {
    cleared,
    kept: [...kept],
    fired: phase.fired.map((f) => f.piece),
    created: phase.created.map((c) => c.piece),
    obstacles: obstacleCounts(phase.obstacles),
    score: phase.score || 0,
  };
}

/** Each phase of `trace` played over `before` (a state from the server). */
export function followTurn(before, trace) {
  const map = piecesOf(before);
  open(map, trace.opening);
  return trace.phases.map((phase) => phaseOver(map, phase));
}

/** Counts by key, largest first: [[key, n], ...]. */
export function tally(keys) {
  const counts = new Map();
  for (const k of keys) counts.set(k, (counts.get(k) || 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
}

/** A whole turn's totals: pieces cleared by colour, specials fired and made (by
 * marker), obstacle counts, points. */
export function totals(phases) {
  const obstacles = { jelly: 0, unlocked: 0, crateHits: 0, cratesBroken: 0 };
  for (const p of phases) for (const k in obstacles) obstacles[k] += p.obstacles[k];
  const cleared = phases.flatMap((p) => p.cleared);
  return {
    chains: phases.length,
    cleared: cleared.length,
    colours: tally(cleared.map((p) => p.colour).filter(Boolean)),
    fired: tally(phases.flatMap((p) => p.fired).map(markerOf)),
    created: tally(phases.flatMap((p) => p.created).map(markerOf)),
    obstacles,
    score: phases.reduce((a, p) => a + p.score, 0),
  };
}

export { colourOf, markerOf };
