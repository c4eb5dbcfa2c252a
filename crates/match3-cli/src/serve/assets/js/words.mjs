// The page's words: colour and special names, plurals, coordinates counted from 1, and
// the server's 0-based coordinates rewritten for people. Pure: no DOM.

// Each colour letter's name, as the page draws it (style.css gives the same shapes).
export const COLOURS = {
  A: { name: "red", shape: "circle" },
  B: { name: "blue", shape: "square" },
  C: { name: "green", shape: "triangle" },
  D: { name: "yellow", shape: "diamond" },
  E: { name: "purple", shape: "hexagon" },
  F: { name: "orange", shape: "star" },
  G: { name: "teal", shape: "cross" },
  H: { name: "pink", shape: "drop" },
};

/** "red" for A; letters past the palette are named by their letter. */
export function colourName(letter) {
  return COLOURS[letter] ? COLOURS[letter].name : `colour ${letter}`;
}

/** "1 move", "2 moves". */
export function plural(n, word, many = word + "s") {
  return `${n} ${n === 1 ? word : many}`;
}

/** Spoken and shown coordinates count from 1: "row 1 column 3". */
export function where(r, c) {
  return `row ${r + 1} column ${c + 1}`;
}

/** A move in words, 1-based: "swap row 1 column 3 with row 2 column 3". */
export function moveInWords(mv) {
  if (mv.swap) return `swap ${where(...mv.swap[0])} with ${where(...mv.swap[1])}`;
  if (mv.tap) return `tap ${where(...mv.tap)}`;
  return `drop into column ${mv.drop + 1}`;
}

/** The server counts rows and columns from 0 ("(0,2)", "row 0, col 3", "column 5 is
 * full", "drop 2"): the same text counting from 1, as everything the player sees does. */
export function humanCoords(text) {
  // One pass, so that a number already rewritten is never counted up again.
  const pattern = /\((\d+),\s*(\d+)\)|\bdrop (\d+)|\brow (\d+)|\bcol(?:umn)? (\d+)/g;
  return String(text).replace(pattern, (_, r, c, drop, row, col) => {
    if (r !== undefined) return where(Number(r), Number(c));
    if (drop !== undefined) return `drop into column ${Number(drop) + 1}`;
    if (row !== undefined) return `row ${Number(row) + 1}`;
    return `column ${Number(col) + 1}`;
  });
}

/** A record line ("swap (0,2) (1,2)") as the player reads it: "swap r1 c3 ↔ r2 c3". */
export function recordLine(text) {
  const cell = (r, c) => `r${Number(r) + 1} c${Number(c) + 1}`;
  let m = /^swap \((\d+),(\d+)\) \((\d+),(\d+)\)$/.exec(text);
  if (m) return `swap ${cell(m[1], m[2])} \u2194 ${cell(m[3], m[4])}`;
  m = /^tap \((\d+),(\d+)\)$/.exec(text);
  if (m) return `tap ${cell(m[1], m[2])}`;
  m = /^drop (\d+)$/.exec(text);
  if (m) return `drop c${Number(m[1]) + 1}`;
  return text;
}

/** What #status shows: the status word, with `no_moves` in words. */
export function statusWords(status) {
  return status === "no_moves" ? "no moves" : status;
}

/** A special's short name: "striped (clears its row)" -> "striped". */
export function shortName(name) {
  return String(name).replace(/\s*\(.*\)\s*$/, "");
}

// Icons for the specials the page knows by name; any other kind gets a generic burst.
const ICONS = [
  [/row/, "\u2194"],
  [/column/, "\u2195"],
  [/wrapped|3x3/, "\u25c8"],
  [/bomb/, "\u2731"],
  [/lightning/, "\u03df"],
  [/star/, "\u2605"],
  [/propeller/, "\u2708"],
];

/** The icon drawn on a special piece, from its kind's name. */
export function iconFor(name) {
  const hit = ICONS.find(([re]) => re.test(String(name)));
  return hit ? hit[1] : "\u2738";
}

/** A goal in words: "jelly 3 of 6", "collect red (A) 12 of 30", "score done", "300
 * points to the score goal". */
export function goalWords(g) {
  if (g.kind === "score") return g.done ? "score done" : `${g.target - g.progress} points to the score goal`;
  const what = g.kind === "collect" ? `collect ${colourName(g.color)} (${g.color})` : g.kind;
  const need = g.target !== undefined ? g.target : g.count;
  return g.done ? `${what} done` : `${what} ${g.progress} of ${need}`;
}

/** A goal as the start of a level states it: "clear all 6 jelly". */
export function goalAim(g) {
  if (g.kind === "score") return `score ${g.target}`;
  if (g.kind === "collect") return `collect ${g.count} ${colourName(g.color)}`;
  if (g.kind === "jelly") return `clear all ${g.count} jelly`;
  if (g.kind === "crates") return `break all ${plural(g.count, "crate")}`;
  return g.kind;
}

/** How a level opens, in words: its name, goals, move limit and star thresholds. */
export function levelIntro(state, title, position) {
  const parts = [`Level ${position ? position + ", " : ""}${title}.`];
  if (state.goals.length) parts.push(`Goals: ${state.goals.map(goalAim).join(", ")}.`);
  parts.push(state.moves_left === null ? "No move limit." : `${plural(state.moves_left, "move")}.`);
  const t = state.star_thresholds || [];
  if (t.length) parts.push(`Stars at ${t.join(", ")} points.`);
  return parts.join(" ");
}
