/** The Action's `args` and `inputs` split as a shell splits words, nothing expanded. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { shellWords, ShellWordsError } from "../../action/src/shell-words.ts";

test("quotes quote: double, single, and mixed within one word", () => {
  assert.equal(shellWords('--user-agent "acme ci" --header "Authorization: Basic abc=="'), ["--user-agent", "acme ci", "--header", "Authorization: Basic abc=="]);
  assert.equal(shellWords("--expect 'public/p/**=Product'"), ["--expect", "public/p/**=Product"]);
  assert.equal(shellWords(`a"b c"'d e'f`), ["ab cd ef"]);
  assert.equal(shellWords('""'), [""], "an empty quoted word is a word");
});

test("newlines and runs of blanks separate; a backslash escapes; globs and $ stay as written", () => {
  assert.equal(shellWords("  --concurrency\t2\n\n--fail-on warning  "), ["--concurrency", "2", "--fail-on", "warning"]);
  assert.equal(shellWords("my\\ file.html \\\"x\\\""), ["my file.html", '"x"']);
  assert.equal(shellWords('"say \\"hi\\" \\$HOME" $HOME pages/**/*.html'), ['say "hi" $HOME', "$HOME", "pages/**/*.html"]);
  assert.equal(shellWords("one \\\ntwo"), ["one", "two"], "a line continuation");
  assert.equal(shellWords(""), []);
});

test("an unterminated quote or a trailing backslash is an error, not a guess", () => {
  assert.throws(() => shellWords('--user-agent "acme ci'), (e: unknown) => e instanceof ShellWordsError);
  assert.throws(() => shellWords("'open"), (e: unknown) => e instanceof ShellWordsError);
  assert.throws(() => shellWords("end\\"), (e: unknown) => e instanceof ShellWordsError);
});

test.run();
