/** A step's outputs as the runner reads them from GITHUB_OUTPUT: `name<<DELIMITER` blocks, safe for any value. */
import { appendFileSync } from "node:fs";
import { randomUUID } from "node:crypto";

export function setOutput(name: string, value: string, env: NodeJS.ProcessEnv = process.env): void {
  const file = env.GITHUB_OUTPUT;
  if (!file) {
    // An older runner (or a local run): the deprecated workflow command still works.
    console.log(`::set-output name=${name}::${value}`);
    return;
  }
  const delimiter = `ghadelimiter_${randomUUID()}`;
  appendFileSync(file, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}
