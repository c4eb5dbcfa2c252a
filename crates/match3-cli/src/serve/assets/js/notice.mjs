// What the page tells the player besides the board: the live region (each turn in
// words), the message under the board (a refused move, an alert), and the problem bar
// for a request that failed, with a button to try it again (also an alert, so it is
// spoken).

const $ = (id) => document.getElementById(id);
let retry = null;

/** Says `text` through the live region. */
export function say(text) {
  $("live").textContent = text;
}

/** Shows (and, being an alert, speaks) `text` under the board; "" clears it. */
export function message(text) {
  $("message").textContent = text || "";
}

/** Shows a failed request: what went wrong, and a Try again button that calls `again`. */
export function problem(text, again) {
  retry = again;
  $("problem-retry").hidden = !again;
  // Shown first, then filled: a change in a visible alert is what screen readers read.
  $("problem").hidden = false;
  $("problem-text").textContent = text;
}

/** Hides the problem bar (the request went through). */
export function clearProblem() {
  retry = null;
  $("problem").hidden = true;
  $("problem-text").textContent = "";
}

export function setup() {
  $("problem-retry").addEventListener("click", () => {
    const again = retry;
    clearProblem();
    if (again) again();
  });
  $("problem-close").addEventListener("click", clearProblem);
}
