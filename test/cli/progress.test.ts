/** The crawl's progress bar keeps the count at every width of 20 columns or more (cli/crawl/progress.ts). */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { progressBar } from "../../cli/crawl/progress.ts";

/** A terminal's standard error of `columns` columns: what was drawn last, after the last carriage return. */
function terminal(columns: number) {
  const writes: string[] = [];
  const stream = { isTTY: true, columns, write: (s: string) => (writes.push(s), true) } as unknown as NodeJS.WriteStream;
  return { stream, last: () => writes.at(-1)!.split("\r").at(-1)! };
}

for (const total of [7, 1000, 12345]) {
  test(`the count ${total}/${total} stays on the line at every width from 20 to 120 columns`, () => {
    for (let columns = 20; columns <= 120; columns++) {
      const t = terminal(columns);
      const bar = progressBar(total, { stream: t.stream });
      for (let i = 0; i < total; i += Math.max(1, Math.floor(total / 3))) bar.tick("https://example.com/a/rather/long/page/address/that/does/not/fit.html");
      const shown = t.last();
      assert.ok(shown.length < columns, `${columns} columns: the line fits (${shown.length})`);
      assert.match(shown, new RegExp(`\\b\\d+/${total}\\b`), `${columns} columns: ${JSON.stringify(shown)}`);
      bar.done();
    }
  });
}

test("a wide terminal keeps the 30-character bar", () => {
  const t = terminal(120);
  const bar = progressBar(4, { stream: t.stream });
  bar.tick("a");
  bar.tick("b");
  assert.match(t.last(), /^\[#{15}\.{15}\] 2\/4 b/);
  bar.done();
});

test.run();
