// Node's side of the reasons' parity: the tablet's reasons.mjs reads each engine reason
// (a JSON list in a file) with one language's catalog (the offline texts, a JSON file).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [module, textsPath, errorsPath] = process.argv.slice(2);
const { sentence } = await import(pathToFileURL(module).href);
const texts = JSON.parse(readFileSync(textsPath, "utf-8"));
const errors = JSON.parse(readFileSync(errorsPath, "utf-8"));
process.stdout.write(JSON.stringify(errors.map((error) => sentence(error, texts.reasons))));
