/**
 * The event page's Japan examples: "Here's an example of the entire address on one line", a
 * PostalAddress holding only its name. Its parts are not asked for; the twin without the name still is.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { validateValue } from "../../runtime/validate.ts";

const event = (address: Record<string, unknown>) => ({
  "@context": "https://schema.org",
  "@type": "Event",
  name: "Tokyo Design Week",
  startDate: "2026-10-03T10:00+09:00",
  location: { "@type": "Place", name: "ダイバーシティ東京", address: { "@type": "PostalAddress", ...address } },
});
const addressWarnings = (value: unknown) =>
  validateValue(value)
    .schemas[0].warnings.filter((w) => w.property.startsWith("location.address."))
    .map((w) => w.property);

test("the whole address on one line, as the address's name: no part asked for", () => {
  assert.equal(addressWarnings(event({ name: "東京都江東区青海 1-1-10 ダイバーシティ東京プラザ" })), []);
});

test("the twin without the name: each missing part is recommended", () => {
  const told = addressWarnings(event({ streetAddress: "江東区青海1-10" }));
  for (const part of ["addressLocality", "postalCode", "addressRegion", "addressCountry"]) assert.ok(told.includes(`location.address.${part}`), `${part} in ${told.join(", ")}`);
});

test.run();
