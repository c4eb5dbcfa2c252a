// A turn in words for the live region: the move, what cleared (colours, specials
// fired and made), locks, jelly and crates, the score, the goals and the moves left.
// A long cascade is told by its totals, so the summary stays short. Pure: no DOM.

import { colourOf, followTurn, markerOf, totals } from "./turn.mjs";
import { colourName, goalWords, plural, shortName, where } from "./words.mjs";

/** Phases told one by one; a longer cascade is told by its totals. */
export const DETAILED_PHASES = 3;

/** A piece in words: "blue B", "blue striped B", "colour bomb". */
export function pieceWords(token, specials) {
  if (!token) return "nothing";
  const letter = colourOf(token);
  const marker = markerOf(token);
  const kind = marker ? specialKind(marker, specials) : "";
  if (!letter) return kind || "a piece";
  return [colourName(letter), kind, letter].filter(Boolean).join(" ");
}

function specialKind(marker, specials) {
  const known = (specials || []).find((k) => k.marker === marker);
  return known ? shortName(known.name) : "special";
}

// "3 red, 2 blue and 4 more": at most three colours by name.
function colourList(colours) {
  const named = colours.slice(0, 3).map(([c, n]) => `${n} ${colourName(c)}`);
  const rest = colours.slice(3).reduce((a, [, n]) => a + n, 0);
  if (rest) named.push(`${rest} more`);
  return named.length > 1 ? named.slice(0, -1).join(", ") + " and " + named.at(-1) : named.join("");
}

// "a striped", "2 striped and a wrapped".
function specialList(byMarker, specials) {
  const names = byMarker.map(([m, n]) => {
    const name = specialKind(m, specials);
    return n === 1 ? `a ${name}` : `${n} ${name}`;
  });
  return names.length > 1 ? names.slice(0, -1).join(", ") + " and " + names.at(-1) : names.join("");
}

function clearedWords(t, specials) {
  const parts = [`cleared ${t.cleared}` + (t.colours.length ? ` ${t.colours.length === 1 ? colourName(t.colours[0][0]) : "(" + colourList(t.colours) + ")"}` : "")];
  if (t.fired.length) parts.push(`fired ${specialList(t.fired, specials)}`);
  if (t.created.length) parts.push(`made ${specialList(t.created, specials)}`);
  return parts.join(", ");
}

function obstacleWords(o) {
  const parts = [];
  if (o.unlocked) parts.push(`${plural(o.unlocked, "lock")} opened`);
  if (o.jelly) parts.push(`${o.jelly} jelly cleared`);
  if (o.cratesBroken) parts.push(`${plural(o.cratesBroken, "crate")} broken`);
  const hits = o.crateHits - o.cratesBroken;
  if (hits) parts.push(`${plural(hits, "crate")} hit`);
  return parts.length ? sentence(parts.join(", ")) : "";
}

const sentence = (text) => text[0].toUpperCase() + text.slice(1) + ".";

function moveWords(move, before, specials) {
  const token = (r, c) => {
    const cell = before.cells.find((x) => x.row === r && x.col === c);
    return cell && cell.kind === "piece" ? cell.token : null;
  };
  if (move.swap) {
    const [[r1, c1], [r2, c2]] = move.swap;
    return `Swapped ${pieceWords(token(r1, c1), specials)} at ${where(r1, c1)} with ${pieceWords(token(r2, c2), specials)} at ${where(r2, c2)}.`;
  }
  if (move.tap) return `Tapped ${pieceWords(token(...move.tap), specials)} at ${where(...move.tap)}.`;
  return `Dropped ${before.next_piece ? pieceWords(before.next_piece, specials) : "a piece"} into column ${move.drop + 1}.`;
}

/** The phases' story: each phase for a short turn, the totals for a long one. */
export function cascadeWords(phases, specials) {
  if (phases.length > DETAILED_PHASES) {
    const t = totals(phases);
    return [`A cascade of ${t.chains} chains: ${clearedWords(t, specials)}.`, obstacleWords(t.obstacles)];
  }
  const parts = phases.map((p, i) => {
    const words = clearedWords(totals([p]), specials);
    return i === 0 ? sentence(words) : `Chain ${i + 1}: ${words}.`;
  });
  parts.push(obstacleWords(totals(phases).obstacles));
  return parts;
}

/** The whole turn in words. */
export function narrate(move, before, trace, after, specials) {
  const phases = followTurn(before, trace);
  const parts = [moveWords(move, before, specials), ...cascadeWords(phases, specials)];
  if (trace.shuffle) parts.push("No move was left: the board was shuffled.");
  const gained = after.score - before.score;
  parts.push(gained && gained !== after.score ? `Score ${after.score} (+${gained}).` : `Score ${after.score}.`);
  if (after.goals.length) parts.push(`Goals: ${after.goals.map(goalWords).join(", ")}.`);
  if (after.moves_left !== null && after.moves_left !== undefined) parts.push(`${plural(after.moves_left, "move")} left.`);
  return parts.filter(Boolean).join(" ");
}
