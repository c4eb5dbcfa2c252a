import assert from "node:assert/strict";
import test from "node:test";
import { failureWords, retryable } from "./api.mjs";

test("a request that got no answer, or a server error, says so and may be tried again", () => {
  assert.match(failureWords({ status: 0 }), /cannot be reached/);
  assert.match(failureWords({ status: 0, timedOut: true }), /did not answer in time/);
  assert.match(failureWords({ status: 503, data: { error: "busy" } }), /failed \(503: busy\)/);
  assert.ok(retryable({ status: 0 }) && retryable({ status: 503 }));
  assert.ok(!retryable({ status: 422 }));
  assert.equal(failureWords({ status: 409, data: { error: "nothing to undo" } }), "nothing to undo");
});
