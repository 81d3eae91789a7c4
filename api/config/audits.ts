/**
 * The audits' settings (docs/deployment.md, Settings: Audits), read by loadConfig into `config.audits`. Every problem
 * is added to the caller's list, so a bad value is reported with all the others.
 */
export interface AuditConfig {
  /** Pages (and discovery and webhook jobs) one instance works on at once (AUDIT_WORKERS). */
  workers: number;
  /** Pages of one site fetched at once across every instance (AUDIT_HOST_CONCURRENCY). */
  hostConcurrency: number;
  /** Least time between two request starts on one site across every instance (AUDIT_HOST_DELAY_MS); robots.txt's Crawl-delay wins when longer. */
  hostDelayMs: number;
  /** Pages of one account queued at once; the rest wait in the store, so no account starves another (AUDIT_ACCOUNT_WINDOW). */
  accountWindow: number;
  /** Runs are deleted this many days after they finished, except each audit's latest (AUDIT_RETENTION_DAYS). */
  retentionDays: number;
  /** How often each instance looks for scheduled audits that are due (AUDIT_SCHEDULER_INTERVAL_MS). */
  schedulerIntervalMs: number;
  /** A job whose worker stopped renewing its lock this long ago (a killed instance) is retried elsewhere (AUDIT_JOB_LOCK_MS). */
  jobLockMs: number;
  /** An unfinished run whose counts have not moved this long has its pending work queued again (AUDIT_STALL_MS; stalled-runs.ts). */
  stallMs: number;
  /** First pause before a webhook is sent again; it doubles at each of 6 attempts (AUDIT_WEBHOOK_BACKOFF_MS). */
  webhookBackoffMs: number;
  /** Prefix of the audits' Redis keys: BullMQ's queue and the per-site leases (AUDIT_QUEUE_PREFIX). */
  queuePrefix: string;
}

export const AUDIT_DEFAULTS: AuditConfig = {
  workers: 4,
  hostConcurrency: 2,
  hostDelayMs: 250,
  accountWindow: 16,
  retentionDays: 90,
  schedulerIntervalMs: 60_000,
  jobLockMs: 30_000,
  // Longer than a page may take: robots.txt's Crawl-delay (up to 60 s) between pages, then a render.
  stallMs: 300_000,
  webhookBackoffMs: 10_000,
  queuePrefix: "sdv-audits",
};

const SETTINGS: Array<[Exclude<keyof AuditConfig, "queuePrefix">, string, number, number]> = [
  ["workers", "AUDIT_WORKERS", 1, 256],
  ["hostConcurrency", "AUDIT_HOST_CONCURRENCY", 1, 64],
  ["hostDelayMs", "AUDIT_HOST_DELAY_MS", 0, 60_000],
  ["accountWindow", "AUDIT_ACCOUNT_WINDOW", 1, 10_000],
  ["retentionDays", "AUDIT_RETENTION_DAYS", 1, 3650],
  ["schedulerIntervalMs", "AUDIT_SCHEDULER_INTERVAL_MS", 100, 86_400_000],
  ["jobLockMs", "AUDIT_JOB_LOCK_MS", 1_000, 600_000],
  ["stallMs", "AUDIT_STALL_MS", 1_000, 86_400_000],
  ["webhookBackoffMs", "AUDIT_WEBHOOK_BACKOFF_MS", 10, 3_600_000],
];

export function readAuditConfig(env: Readonly<Record<string, string | undefined>>, problems: string[]): AuditConfig {
  const config = { ...AUDIT_DEFAULTS };
  for (const [field, name, min, max] of SETTINGS) {
    const text = env[name]?.trim();
    if (text === undefined || text === "") continue;
    if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got ${JSON.stringify(text.slice(0, 40))})`);
      continue;
    }
    config[field] = Number(text);
  }
  const prefix = env.AUDIT_QUEUE_PREFIX?.trim();
  if (prefix) {
    if (/^[\w:.-]{1,100}$/.test(prefix)) config.queuePrefix = prefix;
    else problems.push("AUDIT_QUEUE_PREFIX must be 1 to 100 letters, digits, and _ : . -");
  }
  return config;
}
