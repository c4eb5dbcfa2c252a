// A hint after the player has been idle for a while: every input pokes the timer; when
// it runs out `onIdle` is called once, and not again until the next poke. Timers are
// passed in, so this module is pure.

/** How long the player may be idle before a hint, ms (the page's default). */
export const IDLE_HINT_MS = 10000;

/** `delay` is in ms, or a function giving it (read at each poke). */
export function createIdle({ delay = IDLE_HINT_MS, onIdle, setTimer = setTimeout, clearTimer = clearTimeout }) {
  let timer = null;
  let enabled = true;
  const stop = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
  return {
    /** The player did something: start counting again. */
    poke() {
      stop();
      const ms = typeof delay === "function" ? delay() : delay;
      if (enabled) timer = setTimer(() => { timer = null; onIdle(); }, ms);
    },
    /** No hint until the next poke (a game over, a dialog open). */
    stop,
    /** Turns idle hints on or off. */
    enable(on) {
      enabled = on;
      if (!on) stop();
    },
    /** Whether a hint is due to come. */
    get armed() {
      return timer !== null;
    },
  };
}
