// The page's side of the rules engine on the tablet (Pyodide in a worker, see
// engine-worker.mjs): a call names a function of the tablet module and its JSON arguments.

let worker = null;
let calls = 0;
const waiting = new Map();
// Whether the engine has answered: until then a check waits for Pyodide's start.
let answered = false;

export function warm() {
  return answered;
}

// One engine for all of the tablet's pages where the browser shares workers (Pyodide starts
// in seconds; the next page finds it started), else one per page.
function startWorker(shared) {
  const address = "/offline/engine-worker.mjs";
  let port = null;
  if (shared && "SharedWorker" in window) {
    try {
      // extendedLifetime: kept through a navigation from one page of the app to the next.
      const sharedWorker = new SharedWorker(address, { type: "module", name: "tafel-engine", extendedLifetime: true });
      // It could not start: the page's own worker answers what was asked of it.
      sharedWorker.onerror = () => {
        worker = startWorker(false);
        for (const [id, call] of waiting) worker.postMessage({ id, ...call.message });
      };
      port = sharedWorker.port;
    } catch {
      // a browser that refuses module shared workers
    }
  }
  port = port || new Worker(address, { type: "module" });
  port.onmessage = (event) => {
    answered = answered || !event.data.error;
    const done = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if (event.data.error) done.reject(new Error(event.data.error));
    else done.resolve(event.data);
  };
  return port;
}

export function engine(name, args) {
  if (!worker) worker = startWorker(true);
  const id = ++calls;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject, message: { name, args } });
    worker.postMessage({ id, name, args });
  });
}

// The tablet module's answer as parsed JSON ({"ok": …} or {"shape": …}).
export async function call(name, args) {
  const answer = await engine(name, args);
  return JSON.parse(answer.text);
}
