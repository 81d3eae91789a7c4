/** The Action's annotations from a SARIF log: what cannot be validated first, a URL named in the message. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { annotate } from "../../action/src/annotate.ts";

test("an input that cannot be validated is annotated first, and a URL's finding names the URL, not a file", () => {
  const sarif = {
    runs: [
      {
        invocations: [{ toolExecutionNotifications: [{ level: "error", message: { text: "gone.html: cannot read" }, descriptor: { id: "unreadable" }, locations: [{ physicalLocation: { artifactLocation: { uri: "gone.html" } } }] }] }],
        results: [
          { ruleId: "missing-required", level: "error", message: { text: "Event: startDate: missing" }, locations: [{ physicalLocation: { artifactLocation: { uri: "https://example.com/e" } } }] },
        ],
      },
    ],
  };
  const { lines, summary } = annotate(sarif, "sdv.sarif");
  assert.equal(lines, [
    "::error file=gone.html,title=sdv unreadable::gone.html: cannot read",
    "::error title=sdv missing-required::https://example.com/e: Event: startDate: missing",
  ]);
  assert.match(summary, /\| Errors \| 2 \| 2 \|/);
});

test("workflow command data is escaped: a newline or a percent sign cannot end or forge a command", () => {
  const sarif = { runs: [{ results: [{ ruleId: "x", level: "warning", message: { text: "50%\n::error::forged" }, locations: [{ physicalLocation: { artifactLocation: { uri: "a,b:c.html" }, region: { startLine: 2, startColumn: 3 } } }] }] }] };
  assert.equal(annotate(sarif, "s.sarif").lines, ["::warning file=a%2Cb%3Ac.html,line=2,col=3,title=sdv x::50%25%0A::error::forged"]);
});

test.run();
