// A helper of the hard bot's search (a module Web Worker; web/shell/search_pool.py starts it):
// its own Pyodide, started as the page's is (boot/pyodide-boot.mjs): from the memory snapshot
// the service worker holds once it has precached it, else the plain way (measured in Chromium
// under load 5: 3.0-3.3 s against 10.9-13.3 s plain; the precache makes both work offline), with
// the page's Python (app.zip) on its sys.path. It searches the decision it is sent with
// its own seed and answers the root's statistics (tabletop.helpers.Desk, which keeps a bot per
// seat). Between requests it may think ahead for a bot's next turn ({id, ponder: JSON text}),
// in slices of PONDER_SLICE, its messages read between them: a request or another ponder stops
// it. Messages: in {id, request: JSON text} or {id, ponder: JSON text}; out {id, pondered:
// re-deals so far} now and then while it thinks ahead, and {ready: true, snapshot: "restored" | "failed" | "none", heap}
// once booted, or {failed: text} (then it answers nothing), and {id, answer: JSON text, heap}
// or {id, error: text, heap} for each request; heap: the bytes of its Pyodide's wasm memory
// then (what the worker costs, beside a few MB of JS; it never shrinks). A worker named "fail" fails its boot at once (a test
// hook: the page must play on without helpers; a name, not the URL's query, which the service
// worker's cached answer drops).
//
// The boot module reads globalThis.__mpBoot as it loads (the page's comes from boot.js): here
// the snapshot may be restored, there is no first-visit snapshot to wait for, and a snapshot
// that does not restore is left for the page to judge (this worker then starts plain).
globalThis.__mpBoot = { snapshotRefused: false, cached: null, firstVisit: null, workerFirst: false,
  madeSnapshot: async () => null, dropSnapshot: async () => {} };
const boot = await import("./pyodide-boot.mjs");

const DESK = `
import json
from tabletop import helpers
desk = helpers.Desk()
(lambda text: json.dumps(desk.answer(json.loads(text))),
 lambda text: desk.ponder(json.loads(text)), desk.step)
`;
const PONDER_SLICE = 0.05;            // seconds of thinking ahead between looks at the messages
const PONDER_NEWS = 500;              // ms between two {pondered} messages at most

let pyodide = null;
const heap = () => pyodide._module.HEAP8.length;

async function start() {
  if (self.name === "fail") throw new Error("asked to fail (a test)");
  pyodide = await boot.loadPyodide();
  const [answer, ponder, step] = pyodide.runPython(DESK).toJs({ depth: 1 });
  return { answer, ponder, step };
}

let pondering = null;                 // the id of the ponder going on
let told = 0;

function think(desk, id) {
  if (id !== pondering) return;       // stopped by a request or another ponder
  let units;
  try {
    units = desk.step(PONDER_SLICE);
  } catch (error) {
    pondering = null;
    postMessage({ id, error: String((error && error.message) || error).slice(0, 2000) });
    return;
  }
  if (units < 0) {                    // its budget spent
    pondering = null;
    return;
  }
  if (performance.now() - told >= PONDER_NEWS) {
    told = performance.now();
    postMessage({ id, pondered: units });
  }
  setTimeout(() => think(desk, id), 0);
}

const ready = start();
ready.then(() => postMessage({ ready: true, snapshot: boot.snapshotState, heap: heap() }),
  (error) => postMessage({ failed: String((error && error.message) || error) }));

self.onmessage = async (event) => {
  const { id, request, ponder } = event.data;
  let desk;
  try {
    desk = await ready;
  } catch (error) {
    return;                           // said once ({failed}): the page asks no more
  }
  pondering = null;
  if (ponder !== undefined) {
    try {
      desk.ponder(ponder);
    } catch (error) {
      postMessage({ id, error: String((error && error.message) || error).slice(0, 2000) });
      return;
    }
    pondering = id;
    told = performance.now();
    setTimeout(() => think(desk, id), 0);
    return;
  }
  try {
    const text = desk.answer(request);
    postMessage({ id, answer: text, heap: heap() });
  } catch (error) {
    postMessage({ id, error: String((error && error.message) || error).slice(0, 2000), heap: heap() });
  }
};
