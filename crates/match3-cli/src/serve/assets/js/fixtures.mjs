// Test helpers (not served): page states and traces as the server gives them.

/** A state of a board in notation, one character a cell ("AABC/BCAB", "." empty) or
 * tokens split by spaces ("A B- C/…"); ids row-major. */
export function stateOf(notation, extra = {}) {
  const rows = notation.split("/");
  const cells = [];
  let id = 0;
  rows.forEach((row, r) => {
    (row.includes(" ") ? row.split(" ") : [...row]).forEach((ch, c) => {
      const piece = ch !== ".";
      cells.push({ row: r, col: c, id: piece ? id++ : null, kind: piece ? "piece" : "empty", token: piece ? ch : ".", color: piece && /^[A-Z]/.test(ch) ? ch[0] : null });
    });
  });
  return { rows: rows.length, cols: cells.length / rows.length, cells, score: 0, goals: [], moves_left: null, next_piece: null, rules: "finite", ...extra };
}

/** A phase clearing `cleared` for `score` points, with its other fields empty. */
export function phase(cleared, more = {}) {
  return { cleared, score: 0, fired: [], created: [], falls: [], spawns: [], ...more };
}

/** The teaching example's move: (0,2) with (1,2) clears the top row's three A. */
export const TEACHING = {
  before: stateOf("AABC/BCAB/CBAC/ABCA"),
  move: { swap: [[0, 2], [1, 2]] },
  trace: {
    opening: { ids: [2, 6], swap: [[0, 2], [1, 2]] },
    phases: [phase([[0, 0], [0, 1], [0, 2]], { score: 3 })],
    shuffle: null,
  },
};

/** A cascade of `n` chains on an 8×8 board: each clears a row of three, refilled from
 * above (one spawn per cleared cell), for 60 points. */
export function longCascade(n) {
  let next = 1000;
  const phases = [];
  for (let i = 0; i < n; i++) {
    const cleared = [[7, 0], [7, 1], [7, 2]];
    const falls = [];
    for (let r = 6; r >= 0; r--) for (let c = 0; c < 3; c++) falls.push({ id: 0, from: [r, c], to: [r + 1, c] });
    const spawns = [0, 1, 2].map((c) => ({ id: next++, at: [0, c], piece: "ABC"[(i + c) % 3] }));
    phases.push(phase(cleared, { score: 60, falls, spawns }));
  }
  return { opening: { ids: [0, 1], swap: [[7, 3], [6, 3]] }, phases, shuffle: null };
}
