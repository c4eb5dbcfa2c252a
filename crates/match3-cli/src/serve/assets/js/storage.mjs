// What the page keeps in the browser: the games in progress (so a reload or a server
// restart loses nothing), the progress on the sample levels (won, best stars, best
// score), and the player's settings. `local` is localStorage (kept across visits), `tab`
// sessionStorage (this tab's game); both are passed in, so this module is pure. A
// browser that refuses storage (private mode, full) only loses what it refuses.

const GAMES = "match3:games";
const LAST = "match3:last";
const TAB = "match3:game";
const PROGRESS = "match3:progress";
const SETTINGS = "match3:settings";

/** Games in progress kept (the most recently played). */
export const KEPT_GAMES = 5;

function read(store, key, fallback) {
  try {
    const text = store && store.getItem(key);
    const value = text ? JSON.parse(text) : null;
    return value && typeof value === "object" ? value : fallback;
  } catch (e) {
    return fallback;
  }
}

function write(store, key, value) {
  try {
    if (store) store.setItem(key, typeof value === "string" ? value : JSON.stringify(value));
    return true;
  } catch (e) {
    return false;
  }
}

/** What the page keeps of a game: enough for the server to restore it. */
export function bundleOf(state, seed, now) {
  return { id: state.id, rules: state.rules, level: state.level, seed, save: state.save, record: state.record, at: now };
}

/** Keeps `bundle` as this tab's game and the latest one. */
export function keepGame(local, tab, bundle) {
  const games = read(local, GAMES, {});
  games[bundle.id] = bundle;
  const ids = Object.keys(games).sort((a, b) => (games[b].at || 0) - (games[a].at || 0));
  for (const id of ids.slice(KEPT_GAMES)) delete games[id];
  write(tab, TAB, bundle.id);
  write(local, LAST, bundle.id);
  return write(local, GAMES, games);
}

/** This tab's game (after a reload), else the latest game of any tab; null if none. */
export function keptGame(local, tab) {
  const games = read(local, GAMES, {});
  let id = null;
  try {
    id = (tab && tab.getItem(TAB)) || (local && local.getItem(LAST));
  } catch (e) {
    id = null;
  }
  return (id && games[id]) || null;
}

/** Forgets the game `id` (it ended, or another replaced it). */
export function forgetGame(local, id) {
  const games = read(local, GAMES, {});
  delete games[id];
  write(local, GAMES, games);
}

/** Progress on the sample levels: name -> {won, stars, score} (bests). */
export function progress(local) {
  return read(local, PROGRESS, {});
}

/** Records how a level's game ended; the bests are kept. The new progress. */
export function recordEnd(local, level, status, stars, score) {
  const all = progress(local);
  const old = all[level] || { won: false, stars: 0, score: 0 };
  const won = status === "won";
  all[level] = {
    won: old.won || won,
    stars: Math.max(old.stars || 0, won ? stars : 0),
    score: Math.max(old.score || 0, score),
  };
  write(local, PROGRESS, all);
  return all;
}

/** The player's settings: `{idleHint: true}` unless changed. */
export function settings(local) {
  return { idleHint: true, ...read(local, SETTINGS, {}) };
}

/** Changes one setting. */
export function setSetting(local, name, value) {
  const all = settings(local);
  all[name] = value;
  write(local, SETTINGS, all);
  return all;
}
