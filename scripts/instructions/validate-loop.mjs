// The child that scripts/instructions.ts runs under valgrind: `warm` validations of one document,
// then `counted` more. Plain JavaScript, so no loader runs beside the engine.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [dist, doc, warm, counted] = process.argv.slice(2);
const { validateValue } = await import(pathToFileURL(`${dist}/runtime/validate.js`).href);
const value = JSON.parse(readFileSync(doc, "utf8"));
let sink;
for (let i = 0; i < Number(warm) + Number(counted); i++) sink = validateValue(value);
if (sink === undefined) process.exit(1);
