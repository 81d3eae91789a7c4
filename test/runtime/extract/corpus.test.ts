/**
 * The extractor over every HTML file of the shared corpus: it never throws, and on real pages it
 * finds as many blocks as htmlparser2 (an independent, spec-following tokenizer) does.
 * Skips visibly when ../shared/corpus is absent (docs/test-data.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Parser } from "htmlparser2";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { extractJsonLdBlocks } from "../../../runtime/extract/extract-jsonld.ts";
import { corpusDir } from "../../corpus-dir.ts";

/** Folders read, and whether their block counts are cross-checked against htmlparser2. */
const FOLDERS: Array<{ folder: string; crossCheck: boolean }> = [
  { folder: "pages", crossCheck: true },
  { folder: "nasty", crossCheck: false },
  { folder: "google-examples", crossCheck: false },
];

function htmlparser2Count(html: string): number {
  let count = 0;
  const parser = new Parser({
    onopentag(name, attribs) {
      if (name !== "script" || attribs.type === undefined) return;
      const essence = attribs.type.split(";")[0].trim().toLowerCase();
      if (essence === "application/ld+json") count++;
    },
  });
  parser.end(html);
  return count;
}

const dir = corpusDir();
if (dir === null) {
  test.skip("corpus pages extract without throwing (../shared/corpus not found)", () => {});
} else {
  for (const { folder, crossCheck } of FOLDERS) {
    const files = readdirSync(join(dir, folder)).filter((f) => f.endsWith(".html")).sort();
    test(`corpus ${folder}/: ${files.length} pages extract without throwing`, () => {
      assert.ok(files.length > 0, `no .html files in ${folder}/`);
      for (const f of files) {
        const html = readFileSync(join(dir, folder, f), "utf8");
        let blocks;
        try {
          blocks = extractJsonLdBlocks(html);
        } catch (err) {
          assert.unreachable(`${folder}/${f} threw: ${String(err)}`);
          return;
        }
        for (const b of blocks) {
          assert.is(html.slice(b.offset, b.offset + b.text.length), b.text, `${folder}/${f} offset`);
        }
      }
    });
    if (crossCheck) {
      test(`corpus ${folder}/: block counts match htmlparser2`, () => {
        const mismatches: string[] = [];
        for (const f of files) {
          const html = readFileSync(join(dir, folder, f), "utf8");
          const ours = extractJsonLdBlocks(html).length;
          const theirs = htmlparser2Count(html);
          if (ours !== theirs) mismatches.push(`${f}: ours ${ours}, htmlparser2 ${theirs}`);
        }
        assert.equal(mismatches, []);
      });
    }
  }
}

test.run();
