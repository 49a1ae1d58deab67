// The rules engine in a worker (the page stays responsive while Pyodide starts): the same
// rules_engine sources the server runs, under Pyodide served by this server.
import { loadPyodide } from "/static/vendor/pyodide/pyodide.mjs";
import { startEngine } from "/static/offline/engine-core.mjs";

const started = performance.now();
const ready = (async () => {
  const bundle = await (await fetch("/offline/engine.json")).json();
  const engine = await startEngine(loadPyodide, "/static/vendor/pyodide/", bundle);
  return { engine, hash: bundle.hash, startMs: performance.now() - started };
})();

self.onmessage = async (event) => {
  const { id, name, args } = event.data;
  try {
    const { engine, hash, startMs } = await ready;
    const t = performance.now();
    const text = engine.call(name, args);
    self.postMessage({ id, text, ms: performance.now() - t, startMs, hash });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
