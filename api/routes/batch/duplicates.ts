/** Items of one batch that ask the same thing run once; the others repeat the first one's answer. */
import type { Profile } from "../../../runtime/options/profile.ts";
import type { KeptItem } from "../../validation/inspect-batch.ts";
import { parseTarget } from "../../../fetch/parse-target.ts";
import type { BatchItem, ItemResult } from "./items.ts";

/**
 * For each item, the index of the first item it duplicates (itself when it is the first): the same URL once
 * normalized, or the same JSON-LD text, under the same profile and render mode. Objects given as JSON values are small (large bodies are kept as
 * text) and not compared.
 */
export function duplicates(items: BatchItem[], kept: Array<KeptItem | null> | undefined, batchProfile: Profile | undefined): number[] {
  const seen = new Map<string, number>();
  // Copies spelled alike (the usual case) are found without parsing them again.
  const normalized = new Map<string, string | undefined>();
  const normalize = (url: string): string | undefined => {
    if (normalized.has(url)) return normalized.get(url);
    let href: string | undefined;
    try {
      href = parseTarget(url).url.href;
    } catch {
      href = undefined;
    }
    normalized.set(url, href);
    return href;
  };
  return items.map((item, index) => {
    let key: string | undefined;
    if (item.url !== undefined) {
      const href = typeof item.url === "string" ? normalize(item.url) : undefined;
      key = href === undefined ? undefined : `url:${href}`;
    } else if (typeof item.jsonld === "string") {
      key = `text:${item.jsonld}`;
    } else if (kept?.[index]?.body !== undefined) {
      key = `body:${kept[index]!.body}`;
    }
    if (key === undefined) return index;
    // The same input under another profile, or rendered, is another answer.
    key = `${item.profile ?? batchProfile ?? "spec"} ${item.render === true ? "rendered" : "raw"} ${key}`;
    const first = seen.get(key);
    if (first !== undefined) return first;
    seen.set(key, index);
    return index;
  });
}

/** A duplicate's answer: the first item's, without work or charge (a URL's repeat is a cache hit). */
export function repeat(result: ItemResult, first: number, url: boolean): ItemResult {
  if (!result.ok) return { ...result, duplicateOf: first };
  const meta = { ...result.answer.meta, cached: url ? true : result.answer.meta.cached, credits_used: 0 };
  return { ok: true, status: 200, answer: { ...result.answer, meta, duplicateOf: first } };
}
