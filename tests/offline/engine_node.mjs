// Node's side of the engine parity: start Pyodide from the vendored copy, load the engine
// bundle (a JSON file), answer every line of stdin ([name, args] JSON) with one line.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const [vendor, bundlePath, core] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(vendor + "/pyodide.mjs").href);
const { startEngine } = await import(pathToFileURL(core).href);
const bundle = JSON.parse(readFileSync(bundlePath, "utf-8"));
const engine = await startEngine(loadPyodide, vendor + "/", bundle);
process.stdout.write("ready\n");
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const [name, args] = JSON.parse(line);
  process.stdout.write(engine.call(name, args) + "\n");
}
