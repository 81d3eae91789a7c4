/**
 * An audit's URLs (site, sitemap, webhook) checked when the audit is created, by the guarded fetcher's own
 * rules, so a refused address is a 400 at once rather than a failed run later: syntax, scheme,
 * credentials, port, literal address class and denied host names. Names are resolved (and every address
 * checked again) at each fetch, as always.
 */
import type { FetchOptions } from "../../fetch/guarded-fetch.ts";
import { classifyAddress, isUnicastRange } from "../../fetch/classify-address.ts";
import { isAllowedHost, isDeniedHostname, parseAllowedHosts } from "../../fetch/host-policy.ts";
import { DEFAULT_ALLOWED_PORTS, isPortAllowed, parseTarget } from "../../fetch/parse-target.ts";
import { FetchError } from "../../fetch/fetch-error.ts";
import { ApiError } from "../errors.ts";

export function checkTarget(field: string, input: string, options: FetchOptions): string {
  let target;
  try {
    target = parseTarget(input);
  } catch (err) {
    if (err instanceof FetchError) throw new ApiError("invalid_url", `${field}: ${err.message}`);
    throw err;
  }
  const allowed = isAllowedHost(parseAllowedHosts(options.allowPrivateHosts), target.hostname, target.port);
  if (!isPortAllowed(target, options.allowedPorts ?? DEFAULT_ALLOWED_PORTS, allowed)) {
    throw new ApiError("invalid_url", `${field}: port ${target.port} is not allowed.`);
  }
  const refused =
    target.ipFamily !== 0
      ? !(classifyAddress(target.hostname).public || (allowed && isUnicastRange(classifyAddress(target.hostname).range)))
      : !allowed && isDeniedHostname(target.hostname);
  if (refused) throw new ApiError("invalid_url", `${field}: ${target.host} is a private, local or reserved address the service does not reach.`);
  return target.url.href;
}
