// A helper of the hard bot's search (a module Web Worker; web/shell/search_pool.py starts it):
// its own Pyodide, booted the plain way from the vendored files (the service worker precaches
// them: it works offline), with the page's Python (app.zip) unpacked into its cwd. It searches
// the decision it is sent with its own seed and answers the root's statistics
// (tabletop.helpers.answer). Messages: in {id, request: JSON text}; out {ready: true} once
// booted, or {failed: text} (then it answers nothing), and {id, answer: JSON text} or
// {id, error: text} for each request. A worker named "fail" fails its boot at once (a test
// hook: the page must play on without helpers; a name, not the URL's query, which the service
// worker's cached answer drops).
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { APP_URL, INDEX_URL, installStdlibFallback, unpackApp } from "./pyodide-boot.mjs";

const ANSWER = `
import json
from tabletop import helpers
lambda text: json.dumps(helpers.answer(json.loads(text)))
`;

async function boot() {
  if (self.name === "fail") throw new Error("asked to fail (a test)");
  const archive = fetch(APP_URL).then(async (response) => {
    if (!response.ok) throw new Error(`${APP_URL}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  });
  archive.catch(() => {});            // awaited below; a failure must not count as unhandled
  const pyodide = installStdlibFallback(await loadPyodide({ indexURL: INDEX_URL }));
  await unpackApp(pyodide, await archive);
  return pyodide.runPython(ANSWER);
}

const ready = boot();
ready.then(() => postMessage({ ready: true }),
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
    postMessage({ id, answer: answer(request) });
  } catch (error) {
    postMessage({ id, error: String((error && error.message) || error).slice(0, 2000) });
  }
};
