// How a game ended, in words for the end screen: the title (a stuck level is not "out of
// moves"), the summary with the stars, and the score against each star threshold.
// Pure: no DOM.

import { plural } from "./words.mjs";

/** Whether a status ends the game. */
export function isOver(status) {
  return status === "won" || status === "lost" || status === "no_moves" || status === "cleared";
}

/** Which way the game ended: won, out-of-moves, stuck, no-moves, cleared; null while
 * it goes on. A lost level with moves left ended because no move remained. */
export function endingOf(state) {
  if (state.status === "lost") return state.moves_left === 0 ? "out-of-moves" : "stuck";
  return isOver(state.status) ? (state.status === "no_moves" ? "no-moves" : state.status) : null;
}

const TITLES = {
  won: "You won!",
  "out-of-moves": "Out of moves",
  stuck: "Stuck: no move is left",
  "no-moves": "No move is left",
  cleared: "The board is clear!",
};

const WHY = {
  won: "Every goal is met.",
  "out-of-moves": "The moves ran out before the goals were met.",
  stuck: "No move was possible and shuffling could not help, with goals unmet.",
  "no-moves": "No move is possible any more.",
  cleared: "Every piece is gone.",
};

/** The end screen's words: `{ending, title, text, why, stars, lines}` (stars null without a
 * level); null while the game goes on. */
export function endScreen(state) {
  const ending = endingOf(state);
  if (!ending) return null;
  const stars = state.level ? state.stars : null;
  const text = `Score ${state.score} in ${plural(state.moves, "move")}` +
    (stars === null ? "." : `: ${plural(stars, "star")} of 3.`);
  return { ending, title: TITLES[ending], text, why: WHY[ending], stars, lines: thresholdLines(state) };
}

/** The score against each star threshold: `[{stars, points, reached, text}]`. */
export function thresholdLines(state) {
  const thresholds = state.star_thresholds || [];
  return thresholds.map((points, i) => {
    const reached = state.score >= points;
    const text = reached ? `${points} points: reached` : `${points} points: ${points - state.score} more needed`;
    return { stars: i + 1, points, reached, text: `${plural(i + 1, "star")} at ${text}` };
  });
}
