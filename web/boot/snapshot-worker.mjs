// A first visit's memory snapshot, made off the main thread: the fallback of the download of
// the build's (boot.js starts this module worker where the browser says data is to be saved or
// the connection is slow, and when the download fails or does not restore). It starts the
// vendored Pyodide the plain way, from the same files the page is about to use, runs what the
// build's snapshot runs (build.py SNAPSHOT_PY: the game's modules but the left-out ones, the
// home screen's boards, the build's hash) and posts the memory snapshot to the page, whose boot
// module (pyodide-boot.mjs) restores it. So even such a first visit never initialises CPython
// on the main thread (one frozen task of seconds), and the page fetches no snapshot file before
// it is ready (the service worker precaches the build's afterwards, for later starts).
// It posts { snapshot } (a Uint8Array, transferred) or { error } (text), then has nothing more
// to do (boot.js terminates it).
// (Not imported from pyodide-boot.mjs, as the search workers do: the page imports that module
// at the same moment, and a worker's import is a second request for it.)
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const INDEX_URL = new URL("../vendor/pyodide/", import.meta.url).href;
const APP_URL = new URL("../__APP_ARCHIVE__", import.meta.url).href;
const SNAPSHOT_PY = __SNAPSHOT_PY__;

// app.zip and the stdlib travel in two parts each (a first part, then its rest: build.py
// split_archive); the snapshot is made with each archive whole, as the build's is.
const REST_SUFFIX = "__REST_SUFFIX__";
const STDLIB_URL = `${INDEX_URL}python_stdlib.zip`;

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// The whole archive whose first part is at `url` (its rest beside it).
async function wholeArchive(url) {
  const [part, rest] = await Promise.all([fetchBytes(url), fetchBytes(url.replace(/\.zip$/, REST_SUFFIX))]);
  const at = new DataView(part.buffer).getUint32(part.length - 6, true);
  const whole = new Uint8Array(at + rest.length);
  whole.set(part.subarray(0, at));
  whole.set(rest, at);
  return whole;
}

async function makeSnapshot() {
  const archive = wholeArchive(APP_URL);
  archive.catch(() => {});            // awaited below; a failure must not count as unhandled
  const stdLibURL = URL.createObjectURL(new Blob([await wholeArchive(STDLIB_URL)]));
  const pyodide = await loadPyodide({ indexURL: INDEX_URL, stdLibURL, _makeSnapshot: true });
  pyodide.FS.writeFile("__APP_ZIP_PATH__", await archive);   // SNAPSHOT_PY imports from it
  pyodide.runPython(SNAPSHOT_PY);
  return pyodide.makeMemorySnapshot();
}

makeSnapshot().then(
  (snapshot) => postMessage({ snapshot }, [snapshot.buffer]),
  (error) => postMessage({ error: String((error && error.stack) || error) }));
