// Requests to the playground's JSON API. Every call resolves (never throws): with
// `{ok, status, data}` for an answer, or `{ok: false, status: 0, failed}` when no answer
// came (the server is down or unreachable, or it took longer than TIMEOUT_MS), so the
// caller can always say what went wrong and offer to try again.

/** How long a request may take before the page gives up on it, ms. */
export const TIMEOUT_MS = 15000;

/** The words for a request that got no usable answer. */
export function failureWords(res) {
  if (res.status === 0) {
    return res.timedOut
      ? "The server did not answer in time."
      : "The server cannot be reached (it may be stopped or restarting, or the network is down).";
  }
  if (res.status >= 500) return `The server failed (${res.status}${res.data && res.data.error ? ": " + res.data.error : ""}).`;
  return (res.data && res.data.error) || `The server answered ${res.status}.`;
}

/** Whether trying the same request again may help: no answer, or a server error. */
export const retryable = (res) => res.status === 0 || res.status >= 500;

export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), TIMEOUT_MS);
  init.signal = abort.signal;
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    return { ok: false, status: 0, failed: true, timedOut: abort.signal.aborted, data: null };
  } finally {
    clearTimeout(timer);
  }
  let data;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: res.statusText || "an answer that is not JSON" };
  }
  return { ok: res.ok, status: res.status, data };
}
