// Child process of the library tests: imports the module named on the command line and prints, as one
// JSON line, every module URL the loader resolved on the way plus every CommonJS file that was loaded.
// Usage: node [--import tsx] list-loaded-modules.mjs <specifier or file URL>
import { register, createRequire } from "node:module";
import { MessageChannel } from "node:worker_threads";

const resolved = new Set();
const { port1, port2 } = new MessageChannel();
port1.on("message", (url) => resolved.add(url));
port1.unref();
register("./resolve-recorder-hook.mjs", import.meta.url, { data: { port: port2 }, transferList: [port2] });

await import(process.argv[2]);
// The hook thread posts asynchronously: let its messages arrive.
await new Promise((r) => setTimeout(r, 100));
const cjs = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify({ modules: [...resolved, ...cjs] }));
