/** KEY_ENCRYPTION_SECRET is checked here (its value is read by the key module from Config.env). */
import { parseSecret } from "../keys/index.ts";
import type { SectionReader } from "./env.ts";

export const readSecrets: SectionReader<Record<string, never>> = (env, problems) => {
  const keySecret = env.get("KEY_ENCRYPTION_SECRET");
  if (keySecret !== undefined) {
    try {
      parseSecret(keySecret);
    } catch (err) {
      problems.push(err instanceof Error ? err.message : String(err));
    }
  }
  return {};
};
