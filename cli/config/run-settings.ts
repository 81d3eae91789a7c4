/**
 * What `sdv validate` and `sdv crawl` run with: the config file found (or named by --config) merged under
 * the flags (a flag wins, then the file, then the default), and the project policy of expectations and
 * ignores, whose expired entries are named on standard error once.
 */
import { DEFAULT_PROFILE, type Profile } from "../../runtime/options/profile.ts";
import type { FailOn } from "../exit-policy.ts";
import { ConfigError, findConfig, type SdvConfig } from "./load-config.ts";
import { projectPolicy, type ProjectPolicy } from "./project-policy.ts";
import { warnExpired } from "./apply-policy.ts";

export interface RunFlags {
  config: string | undefined;
  profile: Profile | undefined;
  failOn: FailOn | undefined;
  minScore: number | undefined;
  expect: Array<{ glob: string; types: string[] }>;
}

export interface RunSettings {
  config: SdvConfig;
  profile: Profile;
  failOn: FailOn;
  minScore: number;
  policy: ProjectPolicy;
}

/** The settings, or exit code 2 after saying on standard error why the config file cannot be used. */
export async function runSettings(flags: RunFlags): Promise<RunSettings | 2> {
  let config: SdvConfig;
  let source: string | null;
  let policy: ProjectPolicy;
  try {
    ({ config, source } = await findConfig(flags.config));
    policy = await projectPolicy(config, source, flags.expect, new Date().toISOString().slice(0, 10));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`sdv: exit 2: ${err.message}`);
    return 2;
  }
  warnExpired(policy, source);
  return {
    config,
    // What the search engine's own test accepts, unless the spec's rules are asked for (--profile spec).
    profile: flags.profile ?? config.profile ?? DEFAULT_PROFILE,
    failOn: flags.failOn ?? config.failOn ?? "error",
    minScore: flags.minScore ?? config.minScore ?? 0,
    policy,
  };
}
