/**
 * Settings from a `.env` file: `.env` in the working directory when it exists, or the file named by the
 * ENV_FILE environment variable (which must exist). The environment wins over the file, so a deployment
 * can override one setting without editing it. The file is parsed with Node's own `util.parseEnv` (the
 * parser of `node --env-file` and `process.loadEnvFile`) into a new object: process.env is not changed.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseEnv } from "node:util";
import { ConfigError } from "./config.ts";

export const DEFAULT_ENV_FILE = ".env";

export type Environment = Readonly<Record<string, string | undefined>>;

export function withEnvFile(env: Environment = process.env, cwd: string = process.cwd()): Environment {
  const named = env.ENV_FILE?.trim();
  const path = resolve(cwd, named || DEFAULT_ENV_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!named && (code === "ENOENT" || code === "ENOTDIR")) return env;
    throw new ConfigError([`ENV_FILE: cannot read ${JSON.stringify(path)} (${code ?? "error"})`]);
  }
  const fromFile = parseEnv(text);
  const merged: Record<string, string | undefined> = { ...fromFile };
  for (const [name, value] of Object.entries(env)) if (value !== undefined) merged[name] = value;
  return merged;
}
