/**
 * The Action's inputs as a JavaScript action receives them: the runner sets INPUT_<NAME> for each input,
 * the name upper-cased with spaces as underscores and dashes kept (`min-score` is INPUT_MIN-SCORE), the
 * default filled in when the workflow gives none. The defaults are repeated here for a run without the
 * runner (a local `node action/dist/index.mjs`); test/action/ checks they match action.yml's.
 */
export const INPUT_DEFAULTS = {
  command: "validate",
  inputs: "",
  profile: "google",
  config: "",
  baseline: "",
  "min-score": "0",
  "fail-on": "error",
  "allow-host": "",
  header: "",
  "user-agent": "",
  "max-pages": "500",
  args: "",
  annotations: "true",
  "step-summary": "true",
  "sarif-file": "sdv.sarif",
  "upload-sarif": "false",
  "sdv-version": "",
} as const;

export type InputName = keyof typeof INPUT_DEFAULTS;
export type Inputs = Record<InputName, string>;

export const inputVariable = (name: string): string => `INPUT_${name.replace(/ /g, "_").toUpperCase()}`;

export function readInputs(env: NodeJS.ProcessEnv): Inputs {
  const out = {} as Inputs;
  for (const [name, fallback] of Object.entries(INPUT_DEFAULTS) as Array<[InputName, string]>) {
    const value = env[inputVariable(name)];
    out[name] = value === undefined ? fallback : value.trim();
  }
  return out;
}

export const isTrue = (value: string): boolean => ["true", "yes", "on", "1"].includes(value.trim().toLowerCase());
