/**
 * The project's configuration: `--config FILE`, else the first of sdv.config.json, .sdvrc.json or
 * package.json's "sdv" key found from the working directory upwards. Checked against the published
 * JSON Schema (schema/sdv.config.schema.json) with errors that name the key (`rules[2].severity`).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { readConfigSchema } from "./config-schema.ts";
import type { Profile } from "../../runtime/options/profile.ts";
import type { FailOn } from "../exit-policy.ts";

export interface RuleEntry {
  code?: string;
  property?: string;
  type?: string;
  severity: "off" | "warning" | "error";
}

export interface IgnoreEntry {
  files?: string;
  urls?: string;
  code?: string;
  property?: string;
  type?: string;
  reason: string;
  until?: string;
}

export interface SdvConfig {
  profile?: Profile;
  failOn?: FailOn;
  minScore?: number;
  requireMarkup?: boolean;
  rules?: RuleEntry[];
  ignore?: IgnoreEntry[];
  expect?: Record<string, string[]>;
}

export interface LoadedConfig {
  config: SdvConfig;
  /** Where it came from ("sdv.config.json", "package.json#sdv"), or null when there is none. */
  source: string | null;
}

export class ConfigError extends Error {}

const NAMES = ["sdv.config.json", ".sdvrc.json"];

/** A config file's path as messages show it: relative to the working directory (`../sdv.config.json`), with forward slashes. */
function shownPath(path: string, cwd: string): string {
  const rel = relative(resolve(cwd), path) || path;
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/** The raw value and where it came from, without checking it; null when no config file is found. */
function locate(explicit: string | undefined, cwd: string): { value: unknown; source: string } | null {
  if (explicit !== undefined) return { value: readJson(resolve(cwd, explicit), explicit), source: explicit };
  for (let dir = resolve(cwd); ; ) {
    for (const name of NAMES) {
      const path = join(dir, name);
      if (existsSync(path)) return { value: readJson(path, shownPath(path, cwd)), source: shownPath(path, cwd) };
    }
    const pkg = join(dir, "package.json");
    if (existsSync(pkg)) {
      const shown = shownPath(pkg, cwd);
      const value = readJson(pkg, shown) as { sdv?: unknown } | null;
      if (value && typeof value === "object" && "sdv" in value) return { value: value.sdv, source: `${shown}#sdv` };
    }
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

function readJson(path: string, shown: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new ConfigError(`cannot read the config file ${shown}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ConfigError(`the config file ${shown} is not valid JSON: ${(err as Error).message}`);
  }
}

type Validator = ((value: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }> | null };
let validator: Validator | null = null;

async function compile(): Promise<Validator> {
  const { Ajv } = await import("ajv");
  const schema = readConfigSchema();
  return new Ajv({ allErrors: true, strict: false }).compile(schema as object) as Validator;
}

function check(value: unknown, shown: string): SdvConfig {
  const problems = validator!(value) ? [] : (validator!.errors ?? []).filter((e) => e.keyword !== "if").map(describe);
  problems.push(...impossibleDates(value));
  if (problems.length === 0) return value as SdvConfig;
  throw new ConfigError(`the config file ${shown} is invalid:\n${[...new Set(problems)].map((p) => `  - ${p}`).join("\n")}`);
}

/** An `until` of the date's shape that names no day ("2026-13-45"): the schema's pattern lets it through, and it would never expire as meant. */
function impossibleDates(value: unknown): string[] {
  const ignore = value !== null && typeof value === "object" ? (value as { ignore?: unknown }).ignore : undefined;
  if (!Array.isArray(ignore)) return [];
  const out: string[] = [];
  ignore.forEach((entry, i) => {
    const until = entry !== null && typeof entry === "object" ? (entry as { until?: unknown }).until : undefined;
    if (typeof until !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(until)) return;
    const [y, m, d] = until.split("-").map(Number);
    const day = new Date(Date.UTC(y, m - 1, d));
    if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) out.push(`ignore[${i}].until "${until}" is no calendar date`);
  });
  return out;
}

/** `/rules/2/severity` -> `rules[2].severity`; the message says what the key takes. */
function describe(e: { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> }): string {
  let key = e.instancePath
    .split("/")
    .slice(1)
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce((acc, s) => (/^\d+$/.test(s) ? `${acc}[${s}]` : acc ? `${acc}.${s}` : s), "");
  if (e.keyword === "additionalProperties") return `${key ? `${key}: ` : ""}unknown key "${String(e.params.additionalProperty)}"`;
  if (e.keyword === "required") key = key ? `${key}.${String(e.params.missingProperty)}` : String(e.params.missingProperty);
  if (e.keyword === "required") return `${key} is required`;
  if (e.keyword === "enum") return `${key || "(the file)"} must be one of ${(e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
  if (e.keyword === "not" && /^ignore\[\d+\]$/.test(key)) return `${key}: give files or urls, not both`;
  if (e.keyword === "pattern" && key.startsWith("expect")) return `${key} must be a type ("Product") or a type and a feature ("Product[merchant-listing]")`;
  if (e.keyword === "pattern" && key.endsWith(".until")) return `${key} must be a date YYYY-MM-DD`;
  return `${key || "(the file)"} ${e.message ?? "is invalid"}`;
}

/** Reads `explicit`, else the first config found upwards from cwd; ajv is loaded only when there is one (start-up time is a budget). */
export async function findConfig(explicit: string | undefined, cwd = process.cwd()): Promise<LoadedConfig> {
  const found = locate(explicit, cwd);
  if (!found) return { config: {}, source: null };
  validator ??= await compile();
  return { config: check(found.value, found.source), source: found.source };
}
