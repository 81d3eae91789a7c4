/** Command-line usage errors (exit 2) and the checks shared by the commands' options. */
export class UsageError extends Error {}

export function wholeNumber(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max} (got ${JSON.stringify(value)})`);
  }
  return n;
}
