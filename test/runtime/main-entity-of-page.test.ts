/**
 * A page's main entity named from the entity's side: Schema.org makes mainEntityOfPage the inverse of
 * mainEntity, and Yoast's and Rank Math's author pages write a ProfilePage without mainEntity and the
 * Person with "mainEntityOfPage": {"@id": <the page>}. Each case has a twin without the link.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateHtml, validateJsonText } from "../../runtime/validate.ts";

const page = "https://ex.example/author/jane/";
const graph = (person: Record<string, unknown>, profile: Record<string, unknown> = {}) =>
  JSON.stringify({
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "ProfilePage", "@id": page, url: page, name: "Jane, Author at Ex", ...profile },
      { "@type": "Person", "@id": "https://ex.example/#/schema/person/jane", name: "Jane Doe", ...person },
    ],
  });
/** With a page address, the JSON-LD is read in that page (its relative @ids resolve against it). */
const profileOf = (text: string, url: string | null = null) =>
  (url === null ? validateJsonText(text) : validateHtml(`<script type="application/ld+json">${text}</script>`, url)).schemas.find((s) => s.type === "ProfilePage")!;
const errors = (text: string, url: string | null = null) => profileOf(text, url).errors.map((e) => `${e.code} ${e.property}`);

test("a Person naming the ProfilePage as its mainEntityOfPage is the page's main entity; without the link the page lacks one", () => {
  assert.equal(errors(graph({ mainEntityOfPage: { "@id": page } })), []);
  assert.ok(profileOf(graph({ mainEntityOfPage: { "@id": page } })).valid);
  assert.equal(errors(graph({})), ["missing-required mainEntity"]);
});

test("the main entity named so is checked as one: a Person without a name is still an error", () => {
  assert.equal(errors(graph({ name: undefined, mainEntityOfPage: { "@id": page } })), ["missing-one-of mainEntity.name"]);
});

test("the link as a plain URL, in a list, or relative to the page's address; a link to another page does not count", () => {
  assert.equal(errors(graph({ mainEntityOfPage: page })), []);
  assert.equal(errors(graph({ mainEntityOfPage: ["https://ex.example/", { "@id": page }] })), []);
  const relative = JSON.stringify({
    "@context": "https://schema.org",
    "@graph": [
      { "@type": "ProfilePage", "@id": "#profile" },
      { "@type": "Person", "@id": "#jane", name: "Jane Doe", mainEntityOfPage: { "@id": `${page}#profile` } },
    ],
  });
  assert.equal(errors(relative, page), []);
  assert.equal(errors(graph({ mainEntityOfPage: { "@id": "https://ex.example/other/" } })), ["missing-required mainEntity"]);
});

test("a mainEntity the page gives itself wins over a back-link", () => {
  const own = graph({ mainEntityOfPage: { "@id": page } }, { mainEntity: { "@type": "Person" } });
  assert.equal(errors(own), ["missing-one-of mainEntity.name"]);
});

test.run();
