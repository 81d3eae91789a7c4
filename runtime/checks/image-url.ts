import { httpUrlError, isRepairableUrl, schemeNotAllowed } from "./http-url.ts";
import { expectedText } from "./shared.ts";
import type { ValueCheck } from "./value-check.ts";

// The search engine crawls images by URL; an inline image has nothing it can fetch and index.
function imageScheme(scheme: string): string {
  if (scheme === "data") return "data: URIs are not accepted: host the image and use its https:// URL";
  if (scheme === "blob") return "blob: URLs only exist in the browser: use the image's https:// URL";
  return schemeNotAllowed(scheme);
}

export const imageUrl: ValueCheck = {
  name: "image-url",
  description: "absolute http or https URL of an image, e.g. https://example.com/photo.jpg",
  test(value) {
    return typeof value === "string" ? httpUrlError(value, imageScheme) : expectedText("an image URL", value);
  },
  repaired: (value) => typeof value === "string" && isRepairableUrl(value),
};
