import { httpUrlError, isRepairableUrl, schemeNotAllowed } from "./http-url.ts";
import { expectedText } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

export const absoluteUrl: ValueCheck = {
  name: "absolute-url",
  description: "absolute http or https URL, e.g. https://example.com/page",
  test(value) {
    return typeof value === "string" ? httpUrlError(value, schemeNotAllowed) : expectedText("a URL", value);
  },
  repaired: (value) => typeof value === "string" && isRepairableUrl(value),
};
