/**
 * What a project's config (and the matching flags) asks of each page: severity overrides (`rules`),
 * accepted issues (`ignore`, until a date) and expectations (`expect`). Globs name files (relative to
 * the working directory) or URLs; a glob that starts with http(s):// matches URLs, any other one files.
 */
import type picomatchType from "picomatch";
import type { IssueOverride } from "../../runtime/options/overrides.ts";
import type { SchemaResult } from "../../runtime/types.ts";
import { ConfigError, type IgnoreEntry, type SdvConfig } from "./load-config.ts";
import { UsageError } from "../usage.ts";
import { policyProblems } from "./check-policy.ts";

export interface Expectation {
  /** As written: "Product" or "Product[merchant-listing]". */
  raw: string;
  glob: string;
  type: string;
  feature: string | null;
  /** Where it was asked: the config file's `expect` or --expect. */
  from: string;
}

export interface ExpiredIgnore {
  index: number;
  entry: IgnoreEntry;
}

const isUrlGlob = (glob: string) => /^https?:\/\//i.test(glob);
const isUrl = (page: string) => /^https?:\/\//i.test(page);

/** Loaded only when the config or the flags hold a glob (start-up time is a budget). */
let picomatch: typeof picomatchType | null = null;

function matcher(glob: string, forUrls = isUrlGlob(glob)): (page: string) => boolean {
  const match = picomatch!(glob, { dot: true });
  return (page) => isUrl(page) === forUrls && match(page);
}

const EXPECTED = /^([A-Za-z][A-Za-z0-9_]*)(?:\[([A-Za-z0-9_-]+)\])?$/;

/** `GLOB=TYPE` of --expect, TYPE as in the config ("Product" or "Product[merchant-listing]"). */
export function parseExpectFlag(value: string): { glob: string; types: string[] } {
  const at = value.lastIndexOf("=");
  if (at <= 0 || at === value.length - 1) throw new UsageError(`--expect takes GLOB=TYPE, e.g. "public/products/**=Product[merchant-listing]" (got ${JSON.stringify(value)})`);
  const types = value.slice(at + 1).split(",").map((t) => t.trim());
  for (const t of types) if (!EXPECTED.test(t)) throw new UsageError(`--expect: ${JSON.stringify(t)} is not a type ("Product") or a type and a feature ("Product[merchant-listing]")`);
  return { glob: value.slice(0, at), types };
}

/**
 * The policy of a config and the --expect flags; picomatch is imported when there is a glob to match.
 * Throws ConfigError naming every bad glob and every expected feature its type lacks.
 */
export async function projectPolicy(config: SdvConfig, source: string | null, expectFlags: Array<{ glob: string; types: string[] }>, today: string): Promise<ProjectPolicy> {
  const globs = (config.ignore ?? []).some((i) => i.files !== undefined || i.urls !== undefined) || Object.keys(config.expect ?? {}).length > 0 || expectFlags.length > 0;
  if (globs) {
    picomatch ??= (await import("picomatch")).default;
    const problems = await policyProblems(config, expectFlags, picomatch);
    if (problems.length > 0) {
      const from = source === null ? "the --expect flags are" : `the config file ${source} is`;
      throw new ConfigError(`${from} invalid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    }
  }
  return new ProjectPolicy(config, source, expectFlags, today);
}

export class ProjectPolicy {
  readonly expired: ExpiredIgnore[] = [];
  readonly #rules: IssueOverride[];
  readonly #ignores: Array<{ matches: (page: string) => boolean; override: IssueOverride }> = [];
  readonly #expectations: Array<Expectation & { matches: (page: string) => boolean }> = [];

  constructor(config: SdvConfig, source: string | null, expectFlags: Array<{ glob: string; types: string[] }>, today: string) {
    const shown = source ?? "the config";
    this.#rules = (config.rules ?? []).map((r) => ({
      code: r.code,
      property: r.property,
      type: r.type,
      severity: r.severity,
      note: r.severity === "off" ? undefined : `(${r.severity === "warning" ? "A warning" : "An error"} by the project's rules.)`,
    }));
    (config.ignore ?? []).forEach((entry, index) => {
      if (entry.until !== undefined && entry.until < today) {
        this.expired.push({ index, entry });
        return;
      }
      const glob = entry.files ?? entry.urls;
      const matches = glob === undefined ? () => true : matcher(glob, entry.urls !== undefined);
      this.#ignores.push({ matches, override: { code: entry.code, property: entry.property, type: entry.type, severity: "off" } });
    });
    const add = (glob: string, types: string[], from: string) => {
      const matches = matcher(glob);
      for (const raw of types) {
        const m = EXPECTED.exec(raw)!;
        this.#expectations.push({ raw, glob, type: m[1], feature: m[2] ?? null, from, matches });
      }
    };
    for (const [glob, types] of Object.entries(config.expect ?? {})) add(glob, types, `${shown} expect`);
    for (const flag of expectFlags) add(flag.glob, flag.types, "--expect");
  }

  /** Ignores first (an accepted issue is gone whatever its severity), then the rules. */
  overridesFor(page: string): IssueOverride[] {
    const out: IssueOverride[] = [];
    for (const i of this.#ignores) if (i.matches(page)) out.push(i.override);
    out.push(...this.#rules);
    return out;
  }

  expectationsFor(page: string): Expectation[] {
    return this.#expectations.filter((e) => e.matches(page));
  }

  get hasExpectations(): boolean {
    return this.#expectations.length > 0;
  }
}

/** The expectation's verdict on a page's nodes (null: no structured data at all): null when met, else why not. */
export function unmetExpectation(e: Expectation, schemas: SchemaResult[] | null): string | null {
  const nodes = (schemas ?? []).filter((s) => s.type === e.type || s.matched_type === e.type);
  const asked = `expected ${e.raw} (${e.from} "${e.glob}")`;
  if (nodes.length === 0) {
    const found = [...new Set((schemas ?? []).map((s) => s.type))];
    return `${asked}: the page has ${found.length ? `no ${e.type} (found ${found.join(", ")})` : "no structured data"}`;
  }
  if (e.feature === null) return null;
  const features = nodes.flatMap((s) => s.features ?? []).filter((f) => f.feature === e.feature);
  if (features.some((f) => f.eligible)) return null;
  if (features.length === 0) return `${asked}: ${e.type} has no feature "${e.feature}"`;
  return `${asked}: ${e.type} is not eligible for ${features[0].name}: ${features[0].reason}`;
}
