/**
 * Mistakes in a config's globs and expectations, found when it loads (exit 2) rather than as a failure
 * on every page at run time: a glob that can match nothing because it does not compile, and an
 * expectation naming a feature its type does not have (the valid ids are listed).
 */
import type picomatchType from "picomatch";
import { ruleSetLoaders, ruleSetTypeFor } from "../../generated/on-demand.ts";
import type { SdvConfig } from "./load-config.ts";

const EXPECTED = /^([A-Za-z][A-Za-z0-9_]*)(?:\[([A-Za-z0-9_-]+)\])?$/;

/** Why a glob cannot be used, or null. picomatch turns what it cannot compile into a regex that never matches. */
export function globProblem(glob: string, picomatch: typeof picomatchType): string | null {
  if (glob.trim() === "") return "is empty";
  if (!balanced(glob)) return "has an unclosed [ { or (";
  try {
    if (picomatch.makeRe(glob, { dot: true }).source === "$^") return "is not a valid glob";
  } catch (err) {
    return `is not a valid glob (${(err as Error).message})`;
  }
  return null;
}

/** Brackets, braces and parentheses closed in order (a backslash escapes the next character). */
function balanced(glob: string): boolean {
  const closing: Record<string, string> = { "[": "]", "{": "}", "(": ")" };
  const open: string[] = [];
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "\\") i++;
    else if (open.at(-1) === "]") {
      if (c === "]") open.pop();
    } else if (c in closing) open.push(closing[c]);
    else if (c === "]" || c === "}" || c === ")") {
      if (open.at(-1) !== c) return false;
      open.pop();
    }
  }
  return open.length === 0;
}

/** The opt-in feature ids of the rule set that checks `type` (null: sdv has no rule set for it). */
async function featureIds(type: string): Promise<string[] | null> {
  const owner = ruleSetTypeFor.get(type);
  const load = owner === undefined ? undefined : ruleSetLoaders[owner];
  if (load === undefined) return null;
  return (await load()).features.map((f) => f.id);
}

/** Every problem of the config (named by its key) and of the --expect flags; empty when there is none. */
export async function policyProblems(config: SdvConfig, expectFlags: Array<{ glob: string; types: string[] }>, picomatch: typeof picomatchType): Promise<string[]> {
  const problems: string[] = [];
  const checkGlob = (where: string, glob: string) => {
    const why = globProblem(glob, picomatch);
    if (why !== null) problems.push(`${where}: the glob ${JSON.stringify(glob)} ${why}`);
  };
  (config.ignore ?? []).forEach((entry, i) => {
    if (entry.files !== undefined) checkGlob(`ignore[${i}].files`, entry.files);
    if (entry.urls !== undefined) checkGlob(`ignore[${i}].urls`, entry.urls);
  });
  const expectations: Array<{ where: string; types: string[] }> = [];
  for (const [glob, types] of Object.entries(config.expect ?? {})) {
    checkGlob(`expect[${JSON.stringify(glob)}]`, glob);
    expectations.push({ where: `expect[${JSON.stringify(glob)}]`, types });
  }
  for (const flag of expectFlags) {
    checkGlob(`--expect ${JSON.stringify(`${flag.glob}=${flag.types.join(",")}`)}`, flag.glob);
    expectations.push({ where: `--expect ${JSON.stringify(flag.glob)}`, types: flag.types });
  }
  for (const { where, types } of expectations)
    for (const raw of types) {
      const m = EXPECTED.exec(raw);
      if (m === null || m[2] === undefined) continue;
      const [, type, feature] = m;
      const ids = await featureIds(type);
      if (ids === null) problems.push(`${where}: ${raw}: sdv has no rules for ${type}, so no feature to expect; write "${type}" to expect the type`);
      else if (!ids.includes(feature))
        problems.push(
          `${where}: ${raw}: ${type} has no feature "${feature}"; ${ids.length ? `its features: ${ids.join(", ")}` : `it has none: write "${type}" to expect the type`}`,
        );
    }
  return problems;
}
