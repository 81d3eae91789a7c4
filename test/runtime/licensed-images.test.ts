/**
 * An ImageObject with license metadata is an image metadata item wherever it is: nested under a
 * node's image it is checked as one (Search Console named the four missing recommended fields of such
 * a nested image, MarkusNeusinger/anyplot#10537). A plain nested ImageObject without licensing
 * properties stays its parent's value, and a reference to an image defined elsewhere is judged there.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const code = (image: unknown) => ({
  "@context": "https://schema.org",
  "@type": "SoftwareSourceCode",
  name: "Basic scatter plot",
  image,
});
const imageResults = (doc: unknown) => validateValue(doc).schemas.filter((s) => s.type === "ImageObject");

test("a nested image with only its license: an ImageObject item with the four recommended fields missing", () => {
  const [image] = imageResults(code({ "@type": "ImageObject", contentUrl: "https://example.com/plot.png", license: "https://opensource.org/licenses/MIT" }));
  assert.ok(image, "the nested image is an item");
  assert.is(image.path, "/image");
  assert.equal(image.warnings.filter((w) => w.code === "missing-recommended").map((w) => w.property).sort(), ["acquireLicensePage", "copyrightNotice", "creator", "creditText"]);
});

test("a nested image's broken license metadata is the image's error, not its parent's", () => {
  const results = validateValue(code({ "@type": "ImageObject", license: "https://opensource.org/licenses/MIT" })).schemas;
  const image = results.find((s) => s.type === "ImageObject")!;
  assert.is(image.valid, false, "no contentUrl or url");
  assert.ok(results.find((s) => s.type === "SoftwareSourceCode")!.valid);
});

test("a plain nested ImageObject, a list of URLs and a reference are no items of their own", () => {
  assert.equal(imageResults(code({ "@type": "ImageObject", url: "https://example.com/logo.png", width: 600 })), []);
  assert.equal(imageResults(code(["https://example.com/a.png"])), []);
  assert.equal(imageResults({ "@context": "https://schema.org", "@graph": [code({ "@id": "#img" }), { "@type": "ImageObject", "@id": "#img", contentUrl: "https://example.com/a.png", license: "https://example.com/l" }] }).length, 1);
});

test.run();
