/** JSON modules (the vocabulary) as JSON.parse of a string, which V8 reads faster than an object literal. */
import type { Plugin } from "esbuild";
import { readFileSync } from "node:fs";

export const jsonAsParse: Plugin = {
  name: "json-as-parse",
  setup(b) {
    b.onLoad({ filter: /\.json$/ }, (args) => {
      const compact = JSON.stringify(JSON.parse(readFileSync(args.path, "utf8")));
      return { contents: `export default JSON.parse(${JSON.stringify(compact)});`, loader: "js" };
    });
  },
};
