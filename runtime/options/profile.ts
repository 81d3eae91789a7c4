/**
 * Profiles: which rules a run applies. `spec` (the HTTP API's default) is the service spec's rules. `google` (the library's and the CLI's default) is
 * what the search engine's own test accepts where the two differ: an Event startDate without a time
 * or without a time zone is a warning (an endDate's is no issue), JSON-LD with JavaScript comments is read (with a
 * warning; a trailing comma stays an error), and the recommendations the search engine's documentation dropped are
 * not warned about.
 */
import type { ValidationIssue } from "../types.ts";
import type { IssueOverride } from "./overrides.ts";
import { NO_TIME_ZONE } from "../checks/iso8601.ts";

export const PROFILES = ["spec", "google"] as const;
export type Profile = (typeof PROFILES)[number];

/**
 * The library's and the command line's profile when none is asked for: what the search engine's own test
 * accepts, so a build does not fail on what the search engine takes. The HTTP API keeps the spec's.
 */
export const DEFAULT_PROFILE: Profile = "google";

export const isProfile = (value: unknown): value is Profile => typeof value === "string" && (PROFILES as readonly string[]).includes(value);

/** What a run is told beyond its input: the profile and the project's own overrides (first match wins). */
export interface RunOptions {
  profile?: Profile;
  overrides?: readonly IssueOverride[];
  /** false: no `patch` on issues (runtime/patches/); the bench's baseline for what the patch pass costs. */
  patches?: boolean;
}

/** Recommendations that the search engine's current pages no longer list (rules-src notes why each stays in the spec profile). */
const DROPPED_RECOMMENDATIONS: IssueOverride[] = [{ type: "Event", code: "missing-recommended", property: "eventAttendanceMode", severity: "off" }];

const NO_OVERRIDES: readonly IssueOverride[] = Object.freeze([]);

/** The overrides a profile brings; the project's own come first and so win. */
export function profileOverrides(profile: Profile | undefined): readonly IssueOverride[] {
  return profile === "google" ? DROPPED_RECOMMENDATIONS : NO_OVERRIDES;
}

/**
 * Event dates: the spec wants a time and an offset in startDate (an error) and endDate (a warning). The
 * search engine's event page accepts less: a date alone for an all-day event or an unknown start hour
 * ("Recommended: \"startDate\": \"2019-07-01\", \"endDate\": \"2019-07-26\""), and a time without an offset
 * ("If no timezone is provided, Google uses the timezone of the event's location"; its own example is
 * "2025-07-21T19:00"). Under google a date alone is no issue, for startDate as for endDate (the page marks
 * `"startDate": "2025-07-21"` "Recommended" for an all-day event); a startDate's time without an offset is a
 * warning (the service's own rule, said in the message), an endDate's no issue.
 */
export function relaxForProfile(issues: ValidationIssue[], profile: Profile | undefined): void {
  if (profile !== "google") return;
  let kept = 0;
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i];
    const relaxed = issue.code === "invalid-format" && (issue.property === "startDate" || issue.property === "endDate") ? relaxedDate(issue) : issue;
    if (relaxed !== null) issues[kept++] = relaxed;
  }
  issues.length = kept;
}

function relaxedDate(issue: ValidationIssue): ValidationIssue | null {
  const dateOnly = DATE_ONLY.test(issue.message);
  if (!dateOnly && !issue.message.includes(NO_TIME_ZONE)) return issue;
  if (issue.property === "endDate" || dateOnly) return null;
  if (issue.severity !== "error") return issue;
  const why = "the search engine takes a time without an offset in the time zone of the event's location";
  return { ...issue, severity: "warning", message: `${issue.message} (A warning under the google profile: ${why}.)` };
}

/** The date checks' message for a date without a time (runtime/checks/iso8601.ts). */
const DATE_ONLY = /: no time:/;
