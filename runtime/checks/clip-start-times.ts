/**
 * A video's clips start at different times (video page, Clip guidelines: "Make sure that no two clips
 * on the same video defined on the same page share a start time"): two key moments at one second are
 * one moment the search engine cannot place. Offsets are compared as numbers ("30" and 30.0 are one
 * time); a missing or malformed offset is the property's own issue.
 */
import { isObject } from "../json.ts";

export function sharedStartTime(clips: readonly unknown[]): string | null {
  const seen = new Map<number, number>();
  for (let i = 0; i < clips.length; i++) {
    const clip = clips[i];
    if (!isObject(clip)) continue;
    const raw = clip.startOffset;
    const offset = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw) : NaN;
    if (!Number.isFinite(offset)) continue;
    const first = seen.get(offset);
    if (first !== undefined) return `clips ${first + 1} and ${i + 1} both start at ${offset} seconds; no two clips of a video may share a start time`;
    seen.set(offset, i);
  }
  return null;
}
