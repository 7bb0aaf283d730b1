// A helper of the hard bot's search (a module Web Worker; web/shell/search_pool.py starts it):
// its own Pyodide, started as the page's is (boot/pyodide-boot.mjs): from the memory snapshot
// the service worker holds once it has precached it, else the plain way (measured in Chromium
// under load 5: 3.0-3.3 s against 10.9-13.3 s plain; the precache makes both work offline), with
// the page's Python (app.zip) unpacked into its cwd. It searches the decision it is sent with
// its own seed and answers the root's statistics (tabletop.helpers.answer). Messages: in
// {id, request: JSON text}; out {ready: true, snapshot: "restored" | "failed" | "none", heap}
// once booted, or {failed: text} (then it answers nothing), and {id, answer: JSON text, heap}
// or {id, error: text, heap} for each request; heap: the bytes of its Pyodide's wasm memory
// then (what the worker costs, beside a few MB of JS; it never shrinks). A worker named "fail" fails its boot at once (a test
// hook: the page must play on without helpers; a name, not the URL's query, which the service
// worker's cached answer drops).
//
// The boot module reads globalThis.__mpBoot as it loads (the page's comes from boot.js): here
// the snapshot may be restored, there is no first-visit snapshot to wait for, and a snapshot
// that does not restore is left for the page to judge (this worker then starts plain).
globalThis.__mpBoot = { snapshotRefused: false, made: null, dropSnapshot: async () => {} };
const boot = await import("./pyodide-boot.mjs");

const ANSWER = `
import json
from tabletop import helpers
lambda text: json.dumps(helpers.answer(json.loads(text)))
`;

let pyodide = null;
const heap = () => pyodide._module.HEAP8.length;

async function start() {
  if (self.name === "fail") throw new Error("asked to fail (a test)");
  pyodide = await boot.loadPyodide();
  return pyodide.runPython(ANSWER);
}

const ready = start();
ready.then(() => postMessage({ ready: true, snapshot: boot.snapshotState, heap: heap() }),
  (error) => postMessage({ failed: String((error && error.message) || error) }));

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let answer;
  try {
    answer = await ready;
  } catch (error) {
    return;                           // said once ({failed}): the page asks no more
  }
  try {
    const text = answer(request);
    postMessage({ id, answer: text, heap: heap() });
  } catch (error) {
    postMessage({ id, error: String((error && error.message) || error).slice(0, 2000), heap: heap() });
  }
};
