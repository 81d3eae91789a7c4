/**
 * The emitters' code builder (compiler/emit/code.ts) and what the validators it prints look like:
 * names checked and declared once, only used imports, defaults left out, a pointer to the YAML.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fileURLToPath } from "node:url";
import { BANNER, Code, ident, lit } from "../../compiler/emit/code.ts";
import { compileDirectory } from "../../compiler/compile.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

test("ident accepts plain identifiers and throws on anything else", () => {
  assert.is(ident("validate_Product_offers_Offer"), "validate_Product_offers_Offer");
  for (const bad of ["", "3DModel", "a-b", "a b", 'x"]; evil("', "a.b"]) assert.throws(() => ident(bad), /not an identifier/);
});

test("a name is declared once: a second declaration or an import of a declared name throws", () => {
  const c = new Code();
  c.declare("DOCS");
  assert.throws(() => c.declare("DOCS"), /declared twice/);
  assert.throws(() => c.use("./x.ts", "DOCS"), /declared twice/);
});

test("imports are the ones used, each once, types apart from values, aliases kept", () => {
  const c = new Code();
  c.line(`${c.use("./a.ts", "f")}(${c.use("./a.ts", "f")});`);
  c.line(`let x: ${c.useType("./a.ts", "T")};`);
  c.line(`${c.use("./b.ts", "ruleSet", "ruleSet_B")};`);
  const text = c.print(BANNER("src.yaml"));
  assert.ok(text.startsWith(BANNER("src.yaml")));
  assert.ok(text.includes('import type { T } from "./a.ts";\nimport { f } from "./a.ts";\nimport { ruleSet as ruleSet_B } from "./b.ts";\n'));
  assert.is(text.match(/^import /gm)?.length, 3);
});

test("blocks and items are indented two spaces a level; literals are JSON", () => {
  const c = new Code();
  c.block("function f()", () => c.line("const o = {").items([`a: ${lit('say "hi"\n')}`]).line("};"));
  assert.is(c.print(""), 'function f() {\n  const o = {\n    a: "say \\"hi\\"\\n",\n  };\n}\n');
});

test("the generated validators leave defaults out, point to their YAML source and import only what they use", () => {
  const { output } = compileDirectory(repoRoot);
  if (!output) throw new Error("the rule files do not compile");
  const product = output.files.get("generated/validators/Product.ts")!;
  assert.ok(product.includes("// rules-src/types/Product.yaml: offers\nconst Product_offers: PropertyRule = propertyRule({"));
  for (const [path, text] of output.files) {
    if (!path.startsWith("generated/validators/")) continue;
    assert.not.match(text, /^\s*(format|values|min|max): null,$/m, path);
    assert.not.match(text, /^\s*single: false,$/m, path);
    const body = text.slice(text.indexOf("\nconst DOCS"));
    for (const [, names] of text.matchAll(/^import (?:type )?\{ ([^}]*) \} from/gm)) {
      for (const name of names.split(", ")) {
        const local = name.split(" as ").pop()!;
        assert.ok(new RegExp(`\\b${local}\\b`).test(body), `${path}: ${local} imported but unused`);
      }
    }
  }
});

test.run();
