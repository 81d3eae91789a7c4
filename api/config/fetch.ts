/** The URL fetcher's settings: private hosts an operator allows. */
import { parseAllowedHosts } from "../../fetch/host-policy.ts";
import { list, shown, type SectionReader } from "./env.ts";

export interface FetchConfig {
  /** host or host:port entries the URL fetcher may reach although they are private (FETCH_ALLOWED_PRIVATE_HOSTS). */
  fetchAllowedPrivateHosts: string[];
}

export const readFetch: SectionReader<FetchConfig> = (env, problems) => {
  const fetchAllowedPrivateHosts = list(env, "FETCH_ALLOWED_PRIVATE_HOSTS");
  try {
    parseAllowedHosts(fetchAllowedPrivateHosts);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    problems.push(`FETCH_ALLOWED_PRIVATE_HOSTS: ${message.replace(/"(?:[^"\\]|\\.)*"/g, (quoted) => shown(JSON.parse(quoted) as string))}`);
  }
  return { fetchAllowedPrivateHosts };
};
