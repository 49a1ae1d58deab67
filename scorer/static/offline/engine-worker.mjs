// The rules engine in a worker (the page stays responsive while Pyodide starts): the same
// rules_engine sources the server runs, under Pyodide served by this server. Started as a
// SharedWorker where the browser has them, it outlives a page (the next page of the same
// tablet finds it started); else as each page's own worker.
import { loadPyodide } from "/static/vendor/pyodide/pyodide.mjs";
import { startEngine } from "/static/offline/engine-core.mjs";

const started = performance.now();
const ready = (async () => {
  const bundle = await (await fetch("/offline/engine.json")).json();
  const engine = await startEngine(loadPyodide, "/static/vendor/pyodide/", bundle);
  return { engine, hash: bundle.hash, startMs: performance.now() - started };
})();
// The pages connected to it as a shared worker (0: a page's own worker).
let pages = 0;

async function answer(port, { id, name, args }) {
  try {
    const { engine, hash, startMs } = await ready;
    const t = performance.now();
    const text = engine.call(name, args);
    port.postMessage({ id, text, ms: performance.now() - t, startMs, hash, pages });
  } catch (error) {
    port.postMessage({ id, error: String(error) });
  }
}

self.onmessage = (event) => answer(self, event.data);
self.onconnect = (event) => {
  const port = event.ports[0];
  pages += 1;
  port.onmessage = (message) => answer(port, message.data);
};
