/**
 * Limits as error messages write them ("larger than 5 MiB", "within 30 s"): whole units where the number is
 * a whole multiple, else the exact figure, so a message never rounds a limit the caller has to stay under.
 */
export function formatMs(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}
