// The timing of a turn's animation, from its trace: how long the opening, each phase's
// clear and fall, and a shuffle take, and the score after each phase. However long the
// cascade, the whole turn fits in BUDGET ms: the first chains play at full pace, later
// ones speed up, and if that is not enough everything is scaled down. Pure: no DOM.

/** The most a turn's animation takes, in ms. */
export const BUDGET = 3000;

/** Chains played at full pace before later ones speed up. */
export const FULL_PACE_CHAINS = 2;

/** Each chain past those is this much quicker than the one before it... */
export const SPEED_UP = 0.75;

/** ...down to this fraction of the full pace. */
export const FASTEST = 0.2;

/** A fall over `rows` rows takes longer the further it goes (the square root of the
 * distance, as under gravity); one cell takes one step. */
export function fallTime(rows, step) {
  return Math.round(step * Math.sqrt(Math.max(1, rows)));
}

/** The row each new piece starts from, above the board: per column, the pieces of a
 * phase stack up one above the other, so they drop in as a column. id -> row. */
export function spawnStarts(phase) {
  const above = {};
  for (const s of phase.spawns) above[s.at[1]] = (above[s.at[1]] || 0) + 1;
  const starts = {};
  for (const s of phase.spawns) starts[s.id] = -(above[s.at[1]]--);
  return starts;
}

// The longest drop of a phase in rows: falls, and spawns from above the board.
function longestDrop(phase) {
  const starts = spawnStarts(phase);
  let rows = 1;
  for (const f of phase.falls) rows = Math.max(rows, f.to[0] - f.from[0]);
  for (const s of phase.spawns) rows = Math.max(rows, s.at[0] - starts[s.id]);
  return rows;
}

/** The pace of chain `i` (from 0): 1 for the first ones, then quicker. */
export function pace(i) {
  if (i < FULL_PACE_CHAINS) return 1;
  return Math.max(FASTEST, SPEED_UP ** (i - FULL_PACE_CHAINS + 1));
}

/**
 * The plan of a turn: `{opening, phases: [{clear, fall, score}], shuffle, total}` in ms,
 * with `score` the running score after each phase from `scoreBefore`. `step` is the
 * full-pace step (0: no animation).
 */
export function planTurn(trace, step, scoreBefore = 0, budget = BUDGET) {
  const opening = trace.opening && (trace.opening.swap || trace.opening.drop) ? step : 0;
  let score = scoreBefore;
  const phases = trace.phases.map((phase, i) => {
    score += phase.score || 0;
    const p = pace(i);
    return { clear: step * p, fall: fallTime(longestDrop(phase), step) * p, score };
  });
  const shuffle = trace.shuffle ? step * 2 : 0;
  const sum = opening + shuffle + phases.reduce((a, p) => a + p.clear + p.fall, 0);
  const scale = sum > budget ? budget / sum : 1;
  const ms = (x) => Math.floor(x * scale);
  const plan = {
    opening: ms(opening),
    phases: phases.map((p) => ({ clear: ms(p.clear), fall: ms(p.fall), score: p.score })),
    shuffle: ms(shuffle),
  };
  plan.total = plan.opening + plan.shuffle + plan.phases.reduce((a, p) => a + p.clear + p.fall, 0);
  return plan;
}

/** The score shown `t` ms into a phase of `ms` ms that goes from `from` to `to`:
 * counted up evenly, whole points. */
export function countUp(from, to, t, ms) {
  if (ms <= 0 || t >= ms) return to;
  return from + Math.floor(((to - from) * Math.max(0, t)) / ms);
}
