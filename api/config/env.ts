/**
 * What every section reader of the configuration gets: the environment's settings (trimmed; blank means
 * unset) and the shared problem list, so all problems are reported together. Plus the checks they share.
 */
export interface Env {
  /** The setting's value, trimmed; undefined when unset or blank. */
  get(name: string): string | undefined;
  /** Every variable name in the environment (for families such as STRIPE_PRICE_*). */
  names(): string[];
  /** The environment as given (KEY_ENCRYPTION_SECRET is read from it by the key module). */
  readonly raw: Readonly<Record<string, string | undefined>>;
}

/** A section of the configuration, read from the environment; each problem found is pushed, none thrown. */
export type SectionReader<T> = (env: Env, problems: string[]) => T;

export function envOf(raw: Readonly<Record<string, string | undefined>>): Env {
  return {
    get: (name) => {
      const value = raw[name];
      if (value === undefined) return undefined;
      const trimmed = value.trim();
      return trimmed === "" ? undefined : trimmed;
    },
    names: () => Object.keys(raw),
    raw,
  };
}

/** A whole number setting from `min` to `max`, `fallback` when unset. */
export function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const text = env.get(name);
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text)})`);
    return fallback;
  }
  return Number(text);
}

/** A whole number setting that overrides a per-plan figure: null when unset. */
export function optionalInteger(env: Env, name: string, min: number, max: number, problems: string[]): number | null {
  return env.get(name) === undefined ? null : integer(env, name, min, min, max, problems);
}

/** A list setting: entries separated by commas or white space. */
export function list(env: Env, name: string): string[] {
  return (env.get(name) ?? "").split(/[\s,]+/).filter((s) => s !== "");
}

/**
 * A setting's value as a message may echo it: never its secrets. URLs lose their user:password@ part and
 * the values of secret-looking query parameters; long values are cut. (Configuration errors reach
 * terminals, CI logs and crash reports.)
 */
const SECRET_NAME = /pass|secret|token|key|auth|sig/i;

export function shown(value: string): string {
  let text = value.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^/?#]*@/i, (_match, scheme: string | undefined) => `${scheme ?? ""}***@`);
  // The parameter's name is matched whole, then asked for a secret-looking word: a keyword inside the
  // pattern made the name's scan backtrack (a value of "?passpass…" took 1 s for 80,000 characters).
  text = text.replace(/([?&;][^=&#;]*=)[^&#;]*/g, (parameter, name: string) => (SECRET_NAME.test(name) ? `${name}***` : parameter));
  if (text.length > 80) text = `${text.slice(0, 77)}...`;
  return JSON.stringify(text);
}
